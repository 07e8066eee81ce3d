"""Scenario level and what follows from it (rulebook, "Scenario level").

scenario level = ceil(average character level / 2), then the difficulty
offset (easy -1, normal 0, hard +1, very hard +2), kept within 0-7. The
monster level equals the scenario level; gold per coin, trap damage
(2 + L), hazardous terrain (half the trap damage, rounded down) and bonus
XP (4 + 2L) follow from it. Solo play (the rulebook's solo variant) adds 1 to
monster level and trap damage, not to gold or XP.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any, Iterable

from ghcli.errors import BadInput, Refused

COIN_VALUE = (2, 2, 3, 3, 4, 4, 5, 6)  # scenario levels 0-7
DIFFICULTY = {"easy": -1, "normal": 0, "hard": 1, "very-hard": 2}
MIN_LEVEL, MAX_LEVEL = 0, 7  # scenario (and monster) levels
#: the players may play a scenario from the recommended level -1 to +2 (rulebook: Scenario level, its
#: difficulties; docs/table.md, Scenario level): every way of playing (a scenario, a random dungeon,
#: a solo scenario) keeps to it
LEVEL_BELOW, LEVEL_ABOVE = 1, 2
#: character levels, and the levels of ability cards (campaign/tracks.py has the same for the campaign)
MAX_CHARACTER_LEVEL = 9


@dataclass(frozen=True)
class LevelInfo:
    scenario_level: int
    monster_level: int
    coin_value: int
    trap_damage: int
    hazardous_damage: int
    bonus_xp: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def recommended_level(character_levels: Iterable[int]) -> int:
    """ceil(average character level / 2), before any difficulty offset."""
    levels = list(character_levels)
    if not levels:
        raise BadInput("at least one character level is needed")
    for lv in levels:
        if not 1 <= lv <= MAX_CHARACTER_LEVEL:
            raise BadInput(f"character level {lv} is not between 1 and {MAX_CHARACTER_LEVEL}")
    return math.ceil(sum(levels) / len(levels) / 2)


def coin_value(scenario_level: int) -> int:
    check_scenario_level(scenario_level)
    return COIN_VALUE[scenario_level]


def bonus_xp(scenario_level: int) -> int:
    check_scenario_level(scenario_level)
    return 4 + 2 * scenario_level


def level_range(recommended: int) -> tuple[int, int]:
    """The scenario levels the players may choose: recommended -1 to +2, within 0-7."""
    return (max(MIN_LEVEL, recommended - LEVEL_BELOW), min(MAX_LEVEL, recommended + LEVEL_ABOVE))


def chosen_level(level: int | None, recommended: int) -> int:
    """The scenario level played: ``level`` when within the recommended level -1 to +2 (Refused
    otherwise, naming the range), the recommended level when None."""
    if level is None:
        return recommended
    low, high = level_range(recommended)
    if not low <= level <= high:
        raise Refused(f"scenario level {level} is outside the allowed range {low}-{high} "
                      f"(recommended level {recommended}, -1 to +2)")
    return level


def check_scenario_level(scenario_level: int) -> None:
    """Refuse (BadInput) a scenario level outside 0..7."""
    if not MIN_LEVEL <= scenario_level <= MAX_LEVEL:
        raise BadInput(f"scenario level {scenario_level} is not between {MIN_LEVEL} and {MAX_LEVEL}")


def info(scenario_level: int, *, solo: bool = False) -> LevelInfo:
    """Everything that follows from a scenario level."""
    check_scenario_level(scenario_level)
    monster = min(MAX_LEVEL, scenario_level + (1 if solo else 0))  # monster stat cards stop at level 7
    trap = 2 + scenario_level + (1 if solo else 0)
    return LevelInfo(
        scenario_level=scenario_level,
        monster_level=monster,
        coin_value=COIN_VALUE[scenario_level],
        trap_damage=trap,
        hazardous_damage=trap // 2,
        bonus_xp=bonus_xp(scenario_level),
    )


def scenario_info(character_levels: Iterable[int], difficulty: str = "normal", *, solo: bool = False) -> LevelInfo:
    """The scenario level for a party's character levels and a difficulty, and what follows."""
    if difficulty not in DIFFICULTY:
        raise BadInput(f"unknown difficulty {difficulty!r}; choose from {', '.join(DIFFICULTY)}")
    level = recommended_level(character_levels) + DIFFICULTY[difficulty]
    return info(max(MIN_LEVEL, min(MAX_LEVEL, level)), solo=solo)
