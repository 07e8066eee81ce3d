"""Stage 3, focus: the enemy the monster focuses on, the rules in the rulebook's order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ghcli.records import record
from ghcli.rules.board import Figure
from ghcli.rules.monster.explain import Rank, focus_reason
from ghcli.rules.monster.values import Cost

if TYPE_CHECKING:
    from ghcli.rules.monster.turn import Turn


@record(frozen=True)
class FocusChoice:
    """The focuses (more than one: the players choose) and each attackable enemy's rank."""

    focuses: tuple[Figure, ...]
    ranks: dict[str, Rank]  # enemy id -> (attack cost, proximity or 0, initiative)
    reason: str


def choose_focus(turn: Turn) -> FocusChoice:
    """The focus, as the rulebook orders it (movement costs: stage 1; attack hexes: stage 2)."""
    # 1. The monster considers the enemies it could attack with unlimited movement
    #    (invisible ones are not enemies here; no path to an attack hex: not those).
    costs = {e.id: attack_cost(turn, e) for e in turn.enemies}
    able = [e for e in turn.enemies if costs[e.id] is not None]
    # 2. The least movement to a hex it can attack from; negative hexes count first,
    #    so they are obstacles while any path avoids them.
    # 3. Ties: proximity, hexes counted around walls, not paths (Jaws of the Lion: none).
    # 4. Ties: the lower initiative.
    ranks: dict[str, Rank] = {e.id: (_reached(costs[e.id]), turn.prox(e) if turn.rules.proximity_ranks else 0,
                                     e.initiative) for e in able}
    # 5. What still ties is the players' choice.
    best = min(ranks.values(), default=None)
    focuses = tuple(e for e in able if ranks[e.id] == best)
    return FocusChoice(focuses, ranks, focus_reason(able, focuses, ranks))


def _reached(c: Optional[Cost]) -> Cost:
    assert c is not None  # (the enemies ranked are those with an attack cost)
    return c


def attack_cost(turn: Turn, e: Figure) -> Optional[Cost]:
    """The least cost to an empty hex from which e can be attacked, or None (hexes are tried
    cheapest first, so line of sight is asked only as far as needed)."""
    cost, reach, endable = turn.movement.cost, turn.reach, turn.terrain.endable
    for c, h in sorted((c, h) for h in reach.attack_hexes(e) if (c := cost[h]) is not None):
        if endable(h) and reach.targetable(h, e):
            return c
    return None
