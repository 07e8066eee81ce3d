"""The turn order of a round (rulebook "Determining initiative", "Monster turns").

Readings (rulebook: Determining initiative, Summons, Monster turns; docs/table.md, Round order):

- A character acts at its leading card's initiative; a character on a long
  rest plays no cards and acts at 99.
- Each monster type acts at the initiative of its ability card; within a
  type, elites act first, then normals, each by ascending standee number
  (a boss ranks with the elites; there is only ever one).
- Summons act just before their summoner, in the order they were summoned,
  at the summoner's place in the order (also when it rests).
- Lower initiative acts first. Ties: a character goes before a monster; two
  characters compare their other card (lower first); anything still tied
  (same other card, or a character without a second card such as a long
  rest), and monster types tied with each other, is the players' choice:
  the order shown for them is only the order given, and the tie is reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Optional, Sequence, Union

from ghcli.errors import BadInput, NotFound

LONG_REST_INITIATIVE = 99
MIN_INITIATIVE, MAX_INITIATIVE = 0, 99
RANKS = {"e": "elite", "n": "normal", "b": "boss"}
_RANK_ORDER = {"elite": 0, "boss": 0, "normal": 1}


@dataclass(frozen=True)
class Character:
    """A character's cards for the round: the leading card first, or a long rest."""

    name: str
    leading: Optional[int] = None
    other: Optional[int] = None
    long_rest: bool = False

    def __post_init__(self) -> None:
        if self.long_rest:
            if self.leading is not None or self.other is not None:
                raise BadInput(f"{self.name} rests: a long rest plays no cards")
        elif self.leading is None:
            raise BadInput(f"{self.name} needs a leading card's initiative or a long rest")
        for value in (self.leading, self.other):
            if value is not None:
                _check_initiative(value, self.name)

    @property
    def initiative(self) -> int:
        if self.long_rest or self.leading is None:  # (a character without a leading card rests)
            return LONG_REST_INITIATIVE
        return int(self.leading)

    @classmethod
    def parse(cls, spec: str) -> "Character":
        """``brute=15,45``: the leading card's initiative first, then the other card's (optional)."""
        name, values = _split(spec, "character", "brute=15,45")
        parts = [p.strip() for p in values.split(",")]
        if not 1 <= len(parts) <= 2:
            raise BadInput(f"bad character {spec!r}: give one or two initiatives, e.g. brute=15,45")
        nums = [_int(p, spec) for p in parts]
        return cls(name, nums[0], nums[1] if len(nums) > 1 else None)


@dataclass(frozen=True)
class Standee:
    rank: str  # elite, normal or boss
    number: int

    @classmethod
    def parse(cls, text: str) -> "Standee":
        t = text.strip().lower()
        if len(t) < 2 or t[0] not in RANKS or not t[1:].isdigit():
            raise BadInput(f"bad standee {text!r}: write e1 (elite 1), n2 (normal 2) or b1 (boss)")
        return cls(RANKS[t[0]], int(t[1:]))

    @property
    def label(self) -> str:
        return f"{self.rank[0]}{self.number}"


@dataclass(frozen=True)
class MonsterType:
    name: str
    initiative: int
    standees: tuple[Standee, ...] = ()

    def __post_init__(self) -> None:
        _check_initiative(self.initiative, self.name)
        numbers = [s.number for s in self.standees]
        if len(numbers) != len(set(numbers)):
            raise BadInput(f"{self.name}: a standee number appears twice")

    @classmethod
    def parse(cls, spec: str) -> "MonsterType":
        """``guard=35:e1,n2,n3``: the ability card's initiative, then the standees (optional)."""
        name, rest = _split(spec, "monster", "guard=35:e1,n2")
        init, _, standees = rest.partition(":")
        return cls(name, _int(init.strip(), spec), tuple(Standee.parse(s) for s in standees.split(",") if s.strip()))

    def acting_order(self) -> list[Standee]:
        """Elites (and a boss) first, then normals; each by ascending standee number."""
        return sorted(self.standees, key=lambda s: (_RANK_ORDER[s.rank], s.number))


@dataclass(frozen=True)
class Summon:
    name: str
    owner: str

    @classmethod
    def parse(cls, spec: str) -> "Summon":
        """``mindthief=rat-swarm``: the summoner, then the summon."""
        owner, name = _split(spec, "summon", "mindthief=rat-swarm")
        return cls(name.strip(), owner)


@dataclass(frozen=True)
class Turn:
    """One figure's turn in the round."""

    position: int
    actor: str
    kind: str  # character, summon or monster
    initiative: int
    owner: Optional[str] = None  # a summon's summoner
    standee: Optional[str] = None  # a monster's standee (e1, n2 ...)
    long_rest: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items()}


@dataclass(frozen=True)
class Tie:
    """Turn-takers the rules cannot order: the players choose."""

    actors: tuple[str, ...]
    initiative: int
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {"actors": list(self.actors), "initiative": self.initiative, "reason": self.reason}


@dataclass(frozen=True)
class RoundOrder:
    turns: tuple[Turn, ...]
    ties: tuple[Tie, ...] = ()
    decided: tuple[str, ...] = field(default=())  # tie-breaks the rules settled, in words

    def as_dict(self) -> dict[str, Any]:
        return {
            "order": [t.as_dict() for t in self.turns],
            "ties": [t.as_dict() for t in self.ties],
            "decided": list(self.decided),
        }


def _split(spec: str, what: str, example: str) -> tuple[str, str]:
    name, sep, rest = spec.partition("=")
    if not sep or not name.strip() or not rest.strip():
        raise BadInput(f"bad {what} {spec!r}: write it like {example}")
    return name.strip(), rest.strip()


def _int(text: str, spec: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise BadInput(f"bad initiative {text!r} in {spec!r}") from None


def _check_initiative(value: int, who: str) -> None:
    if not MIN_INITIATIVE <= value <= MAX_INITIATIVE:
        raise BadInput(f"{who}: initiative {value} is not between {MIN_INITIATIVE} and {MAX_INITIATIVE}")


def _describe(c: Character) -> str:
    if c.long_rest:
        return f"{c.name} (long rest, {LONG_REST_INITIATIVE})"
    other = f", other card {c.other}" if c.other is not None else ", no other card given"
    return f"{c.name} ({c.leading}{other})"


def round_order(
    characters: Sequence[Character] = (),
    monsters: Sequence[MonsterType] = (),
    summons: Iterable[Summon] = (),
) -> RoundOrder:
    """The order of the round's turns, with the ties the players must settle."""
    names = [c.name for c in characters] + [m.name for m in monsters]
    seen: set[str] = set()
    for n in names:
        if n.lower() in seen:
            raise BadInput(f"{n!r} is named twice")
        seen.add(n.lower())
    if not names:
        raise BadInput("name at least one character or monster type")
    by_owner: dict[str, list[Summon]] = {}
    char_names = {c.name.lower(): c.name for c in characters}
    for s in summons:
        key = s.owner.lower()
        if key not in char_names:
            raise NotFound("summoner", s.owner, [c.name for c in characters])
        by_owner.setdefault(char_names[key], []).append(s)

    # Turn-takers ("slots"): characters (0) before monster types (1) at equal initiative.
    slots: list[tuple[int, int, int, Union[Character, MonsterType]]] = []
    for i, c in enumerate(characters):
        slots.append((c.initiative, 0, i, c))
    for i, m in enumerate(monsters):
        slots.append((m.initiative, 1, i, m))
    slots.sort(key=lambda s: (s[0], s[1], s[2]))

    ordered: list[Union[Character, MonsterType]] = []
    ties: list[Tie] = []
    decided: list[str] = []
    i = 0
    while i < len(slots):
        j = i
        while j < len(slots) and slots[j][0] == slots[i][0]:
            j += 1
        group = slots[i:j]
        init = slots[i][0]
        chars = [a for *_, a in group if isinstance(a, Character)]
        mons = [a for *_, a in group if isinstance(a, MonsterType)]
        ordered.extend(_order_characters(chars, init, ties, decided))
        if chars and mons:
            decided.append(
                f"at {init} {', '.join(c.name for c in chars)} before {', '.join(m.name for m in mons)}: "
                "a character goes before a monster"
            )
        if len(mons) > 1:
            ties.append(Tie(tuple(m.name for m in mons), init,
                            "monster types with the same initiative: players' choice"))
        ordered.extend(mons)
        i = j

    turns: list[Turn] = []
    for actor in ordered:
        if isinstance(actor, Character):
            for s in by_owner.get(actor.name, []):
                turns.append(Turn(len(turns) + 1, s.name, "summon", actor.initiative, owner=actor.name))
            turns.append(Turn(len(turns) + 1, actor.name, "character", actor.initiative, long_rest=actor.long_rest))
        else:
            standees: list[Optional[Standee]] = [*actor.acting_order()] or [None]
            for st in standees:
                turns.append(
                    Turn(len(turns) + 1, actor.name, "monster", actor.initiative, standee=st.label if st else None)
                )
    return RoundOrder(tuple(turns), tuple(ties), tuple(decided))


def _order_characters(chars: list[Character], init: int, ties: list[Tie], decided: list[str]) -> list[Character]:
    """Characters with the same leading initiative: by the other card, the rest is players' choice."""
    if len(chars) < 2:
        return chars
    if any(c.other is None for c in chars):
        ties.append(
            Tie(
                tuple(c.name for c in chars),
                init,
                "characters with the same initiative and no other card to compare "
                f"({'; '.join(_describe(c) for c in chars)}): players' choice",
            )
        )
        return chars
    result = sorted(chars, key=lambda c: c.other or 0)  # stable: players' choice keeps the given order
    if len({c.other for c in result}) > 1:
        decided.append(
            f"at {init} " + " before ".join(f"{c.name} (other card {c.other})" for c in result)
            + ": two characters compare their other card"
        )
    k = 0
    while k < len(result):
        m = k
        while m < len(result) and result[m].other == result[k].other:
            m += 1
        if m - k > 1:
            ties.append(
                Tie(
                    tuple(c.name for c in result[k:m]),
                    init,
                    f"characters with the same initiative and the same other card ({result[k].other}): players' choice",
                )
            )
        k = m
    return result
