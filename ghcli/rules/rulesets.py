"""The rule sets a board can be played under (Gloomhaven, Frosthaven, Jaws of the Lion), defined once.

Pure: standard library only. Each :class:`RuleSet` is the handful of named
switches where the monster rules differ; :data:`RULE_SET_NAMES` is what a
board's ``rules`` key may say.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping


@dataclass(frozen=True)
class RuleSet:
    """The named switches where the rule sets differ."""

    name: str
    #: proximity breaks ties in focus (and in ranking extra targets)
    proximity_ranks: bool = True
    #: extra targets are ranked like focuses (else the players choose among them)
    rank_extra_targets: bool = True
    #: a ranged attack keeps its focus out of disadvantage before it counts targets
    #: (Frosthaven counts targets first, then disadvantaged targets, the focus like any)
    focus_disadvantage_first: bool = True
    #: a monster that cannot attack this turn heads for the nearest attack hex
    #: (Frosthaven) rather than the best one (Gloomhaven)
    unreachable_heads_for_nearest: bool = False
    #: a jump landing on difficult terrain pays 2 for that hex (Gloomhaven only)
    jump_landing_pays_difficult: bool = True


RULE_SETS: Mapping[str, RuleSet] = MappingProxyType({
    "gloomhaven": RuleSet("gloomhaven"),
    "frosthaven": RuleSet(
        "frosthaven",
        rank_extra_targets=False,
        focus_disadvantage_first=False,
        unreachable_heads_for_nearest=True,
        jump_landing_pays_difficult=False,
    ),
    "jaws-of-the-lion": RuleSet("jaws-of-the-lion", proximity_ranks=False, jump_landing_pays_difficult=False),
})

#: the names a board's ``rules`` may take, in this order (the first is the default)
RULE_SET_NAMES = tuple(RULE_SETS)
