"""Random dungeons: drawing three rooms from the room and monster card decks.

The rules (rulebook: Random dungeons; docs/seed-play.md, Random dungeons):

- Shuffle the room card deck and the monster card deck. Three rooms are
  drawn; each room is one room card and one monster card.
- The first room card may be any card. Every next room card must have an
  entrance of the type (A or B) of the previous room's exit: a card drawn
  that does not fit is set aside (it does not come back for this dungeon)
  and the draw goes on until one fits.
- A room with several exits: the players choose the exit, the others are
  closed; the exit used is one whose type the next room has as an entrance.
  A room with several entrances: the first room's entrance is the players'
  choice; a later room uses the entrance of the type of the previous room's
  exit. Where that still leaves a choice (two exits and a next room with
  both entrance types, or a first room with two entrances), ghcli takes
  the first letter (A before B) and lists the other under ``*_choices``.
  The third room's exit leads nowhere: it is ``None``.
- One monster card per room, drawn in order; it fills the room card's
  numbered spaces: monsters (normal, elite or absent for the player
  count), traps (with their effects), difficult and hazardous terrain,
  coins and treasure tiles.
- The room's name is the monster card's adjective and the room card's
  noun ("Drowned Sewer").
- The suggested penalty is none in the first room, minor in the second
  and major in the third (the penalties themselves are on the cards).
- Set-up: the characters choose their starting hexes among those within
  2 hexes of the first room's entrance (rulebook: Random dungeons, set-up):
  ``setup`` in the document, {"room": 1, "entrance", "start_within_hexes": 2}.

Pure: standard library only; the caller passes the cards and a
``random.Random``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Optional, Sequence

from ghcli.errors import BadInput

ROOMS = 3
#: the characters start within this many hexes of the first room's entrance (rulebook: Random dungeons)
START_WITHIN_HEXES = 2
PLAYER_COUNTS = (2, 3, 4)
PENALTIES = ("none", "minor", "major")
ABSENT = "absent"


@dataclass(frozen=True)
class RoomCard:
    """A room card: its printed number, noun, map tiles and door letters."""

    number: int
    name: str
    tiles: tuple[str, ...]
    entrances: tuple[str, ...]
    exits: tuple[str, ...]

    @classmethod
    def from_fact(cls, fact: Mapping[str, Any]) -> RoomCard:
        return cls(int(fact["number"]), fact["name"], tuple(fact["tiles"]),
                   tuple(fact["entrances"]), tuple(fact["exits"]))


@dataclass(frozen=True)
class Placement:
    """A monster on a numbered space, by player count (None: not placed)."""

    space: int
    monster: str
    ranks: Mapping[int, Optional[str]]


@dataclass(frozen=True)
class MonsterCard:
    """A monster card: its number, adjective, monsters and what goes on each numbered space."""

    number: int
    name: str
    monsters: tuple[str, ...]
    placements: tuple[Placement, ...]
    trap_spaces: tuple[int, ...]
    trap_tile: Optional[str]
    trap_effects: tuple[str, ...]
    difficult: tuple[tuple[str, tuple[int, ...]], ...]
    hazardous: tuple[tuple[str, tuple[int, ...]], ...]
    coins: tuple[int, ...]
    treasures: tuple[int, ...]

    @classmethod
    def from_fact(cls, fact: Mapping[str, Any]) -> MonsterCard:
        traps = fact.get("traps") or {}
        return cls(
            number=int(fact["number"]),
            name=fact["name"],
            monsters=tuple(fact["monster_keys"]),
            placements=tuple(
                Placement(int(p["position"]), p["monster"], {int(k): v for k, v in p["players"].items()})
                for p in fact["placements"]),
            trap_spaces=tuple(traps.get("positions") or ()),
            trap_tile=traps.get("tile"),
            trap_effects=tuple(traps.get("effects") or ()),
            difficult=tuple((k, tuple(v)) for k, v in (fact.get("difficult_terrain") or {}).items()),
            hazardous=tuple((k, tuple(v)) for k, v in (fact.get("hazardous_terrain") or {}).items()),
            coins=tuple(fact.get("coin_positions") or ()),
            treasures=tuple(fact.get("treasure_positions") or ()),
        )


@dataclass(frozen=True)
class SpaceMonster:
    """What stands on one numbered space for the player count."""

    space: int
    monster: str
    rank: str  # "normal", "elite" or "absent"


@dataclass(frozen=True)
class Room:
    """One drawn room."""

    position: int  # 1-3
    room: RoomCard
    monsters: MonsterCard
    entrance: Optional[str]
    exit: Optional[str]
    entrance_choices: tuple[str, ...]
    exit_choices: tuple[str, ...]
    spaces: tuple[SpaceMonster, ...]
    penalty: str

    @property
    def name(self) -> str:
        return f"{self.monsters.name} {self.room.name}"

    def totals(self) -> dict[str, dict[str, int]]:
        """Normal and elite counts per monster type (in the card's order)."""
        out = {key: {"normal": 0, "elite": 0} for key in self.monsters.monsters}
        for s in self.spaces:
            if s.rank != ABSENT:
                out.setdefault(s.monster, {"normal": 0, "elite": 0})[s.rank] += 1
        return out


@dataclass(frozen=True)
class Dungeon:
    """Three rooms in order, the player count and the room cards set aside."""

    players: int
    rooms: tuple[Room, ...]
    set_aside: tuple[int, ...]


def _fits(previous: RoomCard, card: RoomCard) -> bool:
    return bool(set(previous.exits) & set(card.entrances))


def _spaces(card: MonsterCard, players: int) -> tuple[SpaceMonster, ...]:
    return tuple(SpaceMonster(p.space, p.monster, p.ranks.get(players) or ABSENT)
                 for p in sorted(card.placements, key=lambda p: p.space))


def draw(rooms: Sequence[RoomCard], monster_cards: Sequence[MonsterCard], rng: random.Random,
         players: int) -> Dungeon:
    """Draw a random dungeon of three rooms for 2, 3 or 4 players."""
    if players not in PLAYER_COUNTS:
        raise BadInput(f"a random dungeon is for 2, 3 or 4 players, not {players}", field="players")
    if len(monster_cards) < ROOMS:
        raise BadInput(f"a random dungeon needs {ROOMS} monster cards, not {len(monster_cards)}")
    room_deck = list(rooms)
    rng.shuffle(room_deck)
    monster_deck = list(monster_cards)
    rng.shuffle(monster_deck)
    chosen: list[RoomCard] = []
    set_aside: list[int] = []
    while len(chosen) < ROOMS:
        if not room_deck:
            raise BadInput("the room deck ran out before three rooms fitted together")
        card = room_deck.pop(0)
        if chosen and not _fits(chosen[-1], card):
            set_aside.append(card.number)
            continue
        chosen.append(card)
    doors = _doors(chosen)
    out = []
    for i, (card, (entrance, exit_, entrance_choices, exit_choices)) in enumerate(zip(chosen, doors)):
        monsters = monster_deck[i]
        out.append(Room(i + 1, card, monsters, entrance, exit_, entrance_choices, exit_choices,
                        _spaces(monsters, players), PENALTIES[i]))
    return Dungeon(players, tuple(out), tuple(set_aside))


def _doors(chosen: Sequence[RoomCard]) -> list[tuple[Optional[str], Optional[str], tuple[str, ...], tuple[str, ...]]]:
    """(entrance, exit, entrance choices, exit choices) of each room, in order."""
    out: list[tuple[Optional[str], Optional[str], tuple[str, ...], tuple[str, ...]]] = []
    entrance_choices = tuple(sorted(chosen[0].entrances))
    for i, card in enumerate(chosen):
        if i + 1 < len(chosen):
            exit_choices = tuple(sorted(set(card.exits) & set(chosen[i + 1].entrances)))
            exit_ = exit_choices[0]
        else:
            exit_choices, exit_ = (), None
        out.append((entrance_choices[0], exit_, entrance_choices, exit_choices))
        if exit_ is not None:
            entrance_choices = (exit_,)
    return out


def as_dict(d: Dungeon, monster_names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The ``dungeon draw --json`` document."""
    names = monster_names or {}
    return {
        "players": d.players,
        "setup": {"room": 1, "entrance": d.rooms[0].entrance, "start_within_hexes": START_WITHIN_HEXES},
        "rooms": [_room_dict(r, names) for r in d.rooms],
        "set_aside": list(d.set_aside),
    }


def _terrain(pairs: Iterable[tuple[str, tuple[int, ...]]]) -> dict[str, list[int]]:
    return {kind: list(spaces) for kind, spaces in pairs}


def _room_dict(r: Room, names: Mapping[str, str]) -> dict[str, Any]:
    m = r.monsters
    return {
        "room": r.position,
        "name": r.name,
        "room_card": r.room.number,
        "room_noun": r.room.name,
        "monster_card": m.number,
        "monster_adjective": m.name,
        "tiles": list(r.room.tiles),
        "entrance": r.entrance,
        "exit": r.exit,
        "entrance_choices": list(r.entrance_choices),
        "exit_choices": list(r.exit_choices),
        "entrances_printed": list(r.room.entrances),
        "exits_printed": list(r.room.exits),
        "monsters": [{"space": s.space, "monster": s.monster, "name": names.get(s.monster, s.monster),
                      "rank": s.rank} for s in r.spaces],
        "totals": r.totals(),
        "traps": ({"spaces": list(m.trap_spaces), "effects": list(m.trap_effects), "tile": m.trap_tile}
                  if m.trap_spaces else None),
        "difficult_terrain": _terrain(m.difficult),
        "hazardous_terrain": _terrain(m.hazardous),
        "coins": list(m.coins),
        "treasures": list(m.treasures),
        "penalty": r.penalty,
    }
