"""Random dungeons from the shipped cards (ghcli/data/random_dungeons.json).

The drawing rule is :mod:`ghcli.rules.dungeon`; this module loads the cards
and picks the random stream. A random dungeon is casual play: it reads and
changes no campaign state (record its XP and gold with ``scenario finish
--casual`` as for any casual scenario).

- The room deck is the 20 Gloomhaven room cards (534-553); the monster deck
  the 20 Gloomhaven monster cards (554-573), with Forgotten Circles' two
  (622, 623) when ``forgotten_circles`` is set.
- ``seed`` makes the draw reproducible; without one a seed is picked at
  random and reported, so any draw can be repeated.
"""

from __future__ import annotations

import random

from ghcli import data
from ghcli.rules import dungeon as rules
from ghcli.rules import level as levels

DEFAULT_PLAYERS = 2
# A draw without --seed gets a fresh seed below this (any 32-bit value), printed so it can be replayed.
SEED_RANGE = 2**32
FORGOTTEN_CIRCLES = "forgotten-circles"


def _facts() -> dict:
    return data.load("random_dungeons")


def room_cards() -> list[rules.RoomCard]:
    return [rules.RoomCard.from_fact(r) for r in _facts()["rooms"] if r["expansion"] != FORGOTTEN_CIRCLES]


def monster_cards(forgotten_circles: bool = False) -> list[rules.MonsterCard]:
    return [rules.MonsterCard.from_fact(m) for m in _facts()["monsters"]
            if forgotten_circles or m["expansion"] != FORGOTTEN_CIRCLES]


def monster_names() -> dict[str, str]:
    """{monster key: name} for every monster on the monster cards."""
    return {key: name for m in _facts()["monsters"] for key, name in zip(m["monster_keys"], m["monsters"])}


def draw(players: int = DEFAULT_PLAYERS, seed: int | None = None, forgotten_circles: bool = False,
         level: int | None = None) -> dict:
    """The ``dungeon draw --json`` document: {"seed", "players", "forgotten_circles", "rooms", "set_aside"}.

    With a scenario ``level``, also {"level", "trap_damage", "hazardous_damage"} (2 + L and half that,
    rounded down): a trap whose effects include damage deals the trap damage.
    """
    info = levels.info(level) if level is not None else None
    if seed is None:
        seed = random.SystemRandom().randrange(SEED_RANGE)
    drawn = rules.draw(room_cards(), monster_cards(forgotten_circles), random.Random(seed), players)
    out = {"seed": seed, "forgotten_circles": forgotten_circles, **rules.as_dict(drawn, monster_names())}
    if info is not None:
        out.update(level=level, trap_damage=info.trap_damage, hazardous_damage=info.hazardous_damage)
    return out
