"""Monster stat cards: one monster's stats at a monster level, formulas worked out.

A stat card gives, for monster levels 0-7, the normal and elite stats
(health, move, attack, range, attributes, immunities); a boss has one line
per level and its health is a formula in C, the number of characters
("8xC"). The rules' letters: C characters, L scenario level; the facts also
use X (hexes moved, Dark Rider) and V (Vermling Scouts present, Merciless
Overseer), which stay as written.

Readings: a formula is worked out only when every letter in it is known
(``characters`` gives C); a fraction is rounded up (docs/seed-play.md, Monster
stats): the only fractions in the facts halve a boss's health ("17xC/2"), and
the one halved value the rulebook works out from the party, the recommended
scenario level, is rounded up (rulebook: Scenario level: the average halved, rounded up);
Gloomhaven Secretariat's
evaluator rounds to the nearest whole number, which on a half is the same.
A value that is not a formula ("-": cannot be damaged) is kept as printed.

Pure: standard library only.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Optional, Union

from ghcli.errors import BadInput

MIN_LEVEL, MAX_LEVEL = 0, 7
MIN_CHARACTERS, MAX_CHARACTERS = 1, 4
TYPES = ("normal", "elite", "boss")

Value = Union[int, str]

_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z])|(.))")


def check_level(level: int) -> int:
    """A monster level 0-7, else bad input."""
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise BadInput(f"level {level} is not between {MIN_LEVEL} and {MAX_LEVEL}")
    return level


def check_characters(characters: int) -> int:
    """A character count 1-4, else bad input."""
    if not MIN_CHARACTERS <= characters <= MAX_CHARACTERS:
        raise BadInput(f"the number of characters must be from {MIN_CHARACTERS} to {MAX_CHARACTERS}, "
                       f"not {characters}", field="characters")
    return characters


def evaluate(value: Value, variables: Mapping[str, int]) -> Value:
    """A stat worked out: '11xC/2' with C=3 -> 17 (rounded up); unknown letters leave it as written."""
    if isinstance(value, int) or not isinstance(value, str):
        return value
    try:
        tokens = _tokens(value)
    except ValueError:
        return value
    if not tokens or any(t.isalpha() and t.upper() not in variables for t in tokens):
        return value
    try:
        result, rest = _sum(tokens, {k.upper(): v for k, v in variables.items()})
    except (ValueError, ZeroDivisionError, IndexError):
        return value
    if rest:
        return value
    return math.ceil(result)


def _tokens(text: str) -> list[str]:
    out = []
    for number, letter, other in _TOKEN.findall(text):
        if number:
            out.append(number)
        elif letter:
            out.append("*" if letter == "x" and out else letter)  # 'x' multiplies; 'X' is hexes moved
        elif other.strip():
            if other not in "+-*/()":
                raise ValueError(text)
            out.append(other)
    return out


def _sum(tokens: list[str], env: Mapping[str, int]) -> tuple[Fraction, list[str]]:
    value, rest = _product(tokens, env)
    while rest and rest[0] in "+-":
        op, (right, rest) = rest[0], _product(rest[1:], env)
        value = value + right if op == "+" else value - right
    return value, rest


def _product(tokens: list[str], env: Mapping[str, int]) -> tuple[Fraction, list[str]]:
    value, rest = _atom(tokens, env)
    while rest and rest[0] in "*/":
        op, (right, rest) = rest[0], _atom(rest[1:], env)
        value = value * right if op == "*" else value / right
    return value, rest


def _atom(tokens: list[str], env: Mapping[str, int]) -> tuple[Fraction, list[str]]:
    head, rest = tokens[0], tokens[1:]
    if head == "(":
        value, rest = _sum(rest, env)
        if not rest or rest[0] != ")":
            raise ValueError("unbalanced")
        return value, rest[1:]
    if head.isdigit():
        return Fraction(int(head)), rest
    if head.isalpha():
        return Fraction(env[head.upper()]), rest
    raise ValueError(head)


@dataclass(frozen=True)
class Stats:
    """One line of a stat card: a type (normal, elite, boss) at one level."""

    health: Value
    move: Value
    attack: Value
    range: int
    attributes: tuple[str, ...]
    immunities: tuple[str, ...]
    health_formula: Optional[str] = None  # a boss's health as printed, when worked out

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"health": self.health, "move": self.move, "attack": self.attack, "range": self.range,
               "attributes": list(self.attributes), "immunities": list(self.immunities)}
        if self.health_formula is not None:
            out["health_formula"] = self.health_formula
        return out


def stats_at(rows: Mapping[str, list[Mapping[str, Any]]], level: int,
             characters: Optional[int] = None) -> dict[str, Stats]:
    """{type: Stats} of a monster's stat rows at one level; C worked out when ``characters`` is given."""
    check_level(level)
    env = {"C": characters} if characters is not None else {}
    out: dict[str, Stats] = {}
    for kind in TYPES:
        for row in rows.get(kind) or []:
            if row["level"] != level:
                continue
            health = evaluate(row["health"], env)
            out[kind] = Stats(
                health=health,
                move=evaluate(row["move"], env),
                attack=evaluate(row["attack"], env),
                range=row["range"],
                attributes=tuple(row["attributes"]),
                immunities=tuple(row["immunities"]),
                health_formula=row["health"] if isinstance(row["health"], str) and health != row["health"] else None,
            )
    if not out:
        raise BadInput(f"no stats at level {level}")
    return out
