"""Stage 6, explanation: the lines of ``Decision.explanation``, one per decision, naming its rule."""

from __future__ import annotations

from typing import Optional, Sequence, Union

from ghcli.rules.board import Figure
from ghcli.rules.hexes import Hex
from ghcli.rules.monster.values import Cost, points

#: How the focus rules rank an enemy: (attack cost, proximity or 0, initiative), least first.
Rank = tuple[Cost, int, Optional[Union[int, float]]]


def focus_reason(able: Sequence[Figure], focuses: Sequence[Figure], ranks: dict[str, Rank]) -> str:
    """Why these focuses: the first focus rule that told the enemies apart."""
    if not able:
        return "no hex from which the monster could attack is reachable: no focus."
    names = ", ".join(f.id for f in focuses)
    top = ranks[focuses[0].id]
    if len(able) == 1:
        return f"focus {names}: the only enemy it can reach (least movement)."
    by_cost = [e for e in able if ranks[e.id][0] == top[0]]
    if len(by_cost) == 1:
        return f"focus {names}: least movement to attack ({points(top[0])})."
    by_prox = [e for e in by_cost if ranks[e.id][:2] == top[:2]]
    if len(by_prox) == 1:
        return f"focus {names}: equal movement, decided by proximity."
    if len(focuses) == 1:
        return f"focus {names}: equal movement and proximity, decided by initiative."
    return f"focus {names}: tied on movement, proximity and initiative: players' choice."


def no_enemy() -> str:
    return "no enemy can be focused: the monster does not act."


def attacks_now(focus: Figure) -> str:
    return f"{focus.id} can be attacked this turn: best attack, then least movement."


def heads_for(focus: Figure, dests: Sequence[Hex]) -> str:
    where = ", ".join(f"[{d.q}, {d.r}]" for d in dests)
    return f"{focus.id} cannot be attacked this turn: the monster heads for {where}" + (
        " (players' choice)." if len(dests) > 1 else "."
    )


def players_choice(n: int) -> str:
    return f"{n} outcomes tie on every rule: players' choice."
