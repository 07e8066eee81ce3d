"""The rule sets a board can be played under (Gloomhaven, Frosthaven, Jaws of the Lion), defined once.

Pure: standard library only. Each :class:`RuleSet` is the handful of named
switches where the monster rules differ; :data:`RULE_SET_NAMES` is what a
board's ``rules`` key may say.

Where the rulebooks leave a rule open (docs/rules.md: Readings a table chooses),
the table chooses the reading (:data:`READINGS`: a board's ``readings`` key, the text format's
``readings:`` line, or ``--map-edge`` / ``--proximity`` on the command line);
the first value of each is the default, the one the shared rules cases
(from the independent solver "gloom") expect:

* ``map_edge``: ``wall`` -- the map's outline is a wall like any thin wall: a
  corner-to-corner line that touches it, even at one point (a corner of the
  outline), is blocked, and neighbours get no exception: in a corridor one
  hex wide no hex sees another. ``open`` -- "the wall does not technically
  begin until the edge": a line may run along the map's outline and touch
  its corners; only thin walls (their ends included) and a line that
  crosses into a hex off the map block, and neighbours with no thin wall
  between them always see each other: in a straight corridor every hex sees
  every other. Gloomhaven's corner rule only: under the any-point rule
  (Frosthaven, Jaws of the Lion) neighbours with an open edge always see
  each other and a corridor is open either way, so both readings agree there.
* ``proximity``: ``around-walls`` -- hexes counted like range, around thin
  walls and the map's edge (not through them), ignoring figures and
  terrain. ``straight`` -- hexes counted straight across everything, walls
  included (a rules summary's "straight-line distance": docs/rules.md, Proximity).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Iterable, Mapping, Union

from ghcli.records import record


@record(frozen=True)
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
    #: the map's outline under the corner rule: ``"wall"`` or ``"open"`` (``READINGS``)
    map_edge: str = "wall"
    #: proximity: ``"around-walls"`` or ``"straight"`` (``READINGS``)
    proximity: str = "around-walls"

    def reading(self, readings: Union[Mapping[str, str], Iterable[tuple[str, str]]]) -> RuleSet:
        """This rule set with a table's readings (``Board.readings``: only those not the default),
        as a mapping or (name, value) pairs."""
        if not readings:
            return self
        from dataclasses import replace

        changes: dict[str, Any] = dict(readings)
        return replace(self, **changes)


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

#: The readings a table may choose where the rules leave it open: name -> its values, the
#: default first (see the module docstring).
READINGS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "map_edge": ("wall", "open"),
    "proximity": ("around-walls", "straight"),
})
