"""The numbers of the campaign's tracks and sheets (Gloomhaven rulebook), defined once.

No imports, so every campaign command (and `status`) reads it cheaply. The
campaign keeps its values within these bounds; the CLI words its help from them.
"""

from __future__ import annotations

#: the reputation track's ends
REPUTATION_MIN, REPUTATION_MAX = -20, 20
#: reputation that opens the Sunkeeper box (at or above) and the Nightshroud box (at or below)
SUN_BOX_REPUTATION, ECLIPSE_BOX_REPUTATION = 10, -10
#: checkmarks on the prosperity track (level 9 at the last one)
MAX_PROSPERITY_CHECKMARKS = 64
#: checkmarks that give one perk, and the perks checkmarks can give at most
CHECKMARKS_PER_PERK = 3
MAX_CHECKMARK_PERKS = 6
#: the boxes on a character sheet (3 x 6 = 18)
MAX_CHECKMARKS = CHECKMARKS_PER_PERK * MAX_CHECKMARK_PERKS
#: checkmarks one battle goal gives (its card shows 1 or 2), and so one character in one scenario
MAX_BATTLE_GOAL_CHECKMARKS = 2
#: active characters in one party
MAX_PARTY = 4
#: the highest character level (``ghcli.rules.level.MAX_CHARACTER_LEVEL``, which a test keeps equal:
#: this module imports nothing, so that `status` loads no rules module)
MAX_LEVEL = 9
#: the highest prosperity level
MAX_PROSPERITY_LEVEL = 9
#: the highest number an event card of the city or road deck may have (a campaign file's bound)
MAX_EVENT_CARD = 99


def checkmark_perks(checkmarks: int) -> int:
    """Perks a character's checkmarks give: one per 3, at most 6."""
    return min(MAX_CHECKMARK_PERKS, checkmarks // CHECKMARKS_PER_PERK)


def check_battle_goal(label: str, n: int) -> None:
    """A battle goal's checkmarks for one character in one scenario: at most 2 (bad input above)."""
    if n > MAX_BATTLE_GOAL_CHECKMARKS:
        from ghcli.errors import BadInput

        raise BadInput(f"{label}={n}: a battle goal gives at most {MAX_BATTLE_GOAL_CHECKMARKS} checkmarks "
                       "in one scenario (one goal each, its card shows 1 or 2)")


def perks_earned(level: int, checkmarks: int, extra: int = 0) -> int:
    """Perks a character may hold: one per level above 1, its checkmark perks, and extra perks."""
    return (level - 1) + checkmark_perks(checkmarks) + extra
