"""A monster's turn: focus, movement and targets, for the three rule sets of board format 1.

``decide(board) -> Decision`` (a value; nothing is stored or printed). The
stable entry points are ``ghcli.rules.board.Board.from_dict(doc)`` and
``decide(board).to_dict()``.

The turn is worked out in stages, one module each (``Turn`` in ``turn.py``
holds what they share, built on first use):

1. ``movement``: movement costs from the monster's hex, negative hexes
   first (``Terrain``, ``Movement``; icy slides; the rest of a path);
2. ``reach``: attack hexes and line of sight, the bitmask core (``Reach``);
3. ``focus``: the focus rules in the rulebook's order (``FocusChoice``);
4. ``targets``: the target groups one attack can take (``TargetGroups``);
5. ``destination``: where the monster ends its move and whom it attacks
   (``Plan``);
6. ``explain``: the explanation lines.

How a turn is settled (the readings, checked against the shared rules cases
that come from AluminumAngel's "gloom" monster mover):

* Movement costs are pairs ``(negative hexes entered, movement points)``
  compared in that order: traps and hazardous terrain are avoided like
  obstacles whenever any path avoids them, however long, both for the focus
  and for moving; when none does, the fewest, then the shortest path.
  Proximity counts hexes, never paths: negative hexes do not change it. Walking
  passes allies but not enemies, obstacles or walls; difficult terrain costs
  2. Jumping ignores figures, obstacles and terrain on the way (not walls)
  and pays only for the hex it lands on (it avoids landing on a negative
  hex, this turn and the next); flying ignores everything but walls,
  negative hexes included (it may end on one); teleport measures hexes straight across everything. A monster ends
  its move only on an empty hex that is not an obstacle.
* Range and proximity count hexes around walls (thin walls and hexes off the
  map), not through them, ignoring figures and obstacles. A melee attack is
  range 1 measured that way: it cannot reach round a thin wall. Every
  target needs line of sight (``ghcli.rules.los``).
* Focus: the enemy (character or summon, not invisible) attackable with the
  least movement (unlimited movement assumed); ties go to proximity (not in
  Jaws of the Lion), then lower initiative, then the players choose.
* Targets: the focus plus as many more enemies as the attack allows (an
  area's pattern may be rotated and mirrored; a ranged pattern needs one red
  hex on the map in range; extra targets beyond an area are single targets).
  Gloomhaven and Jaws of the Lion weigh, in this order: a ranged attack
  (unless muddled) keeps its *focus* out of disadvantage (an enemy at range
  1) wherever some hex allows it; then the most targets; then the groups of
  extra targets ranked like focuses (the movement needed to attack the whole
  group, then proximity (not Jaws), then initiative); then the fewest
  disadvantaged targets; then least movement; then disadvantage on the less
  important targets. Frosthaven does not rank extra targets: the most
  targets; then the fewest disadvantaged targets, the focus counted like any
  other; then least movement (which targets are at disadvantage breaks no
  tie: docs/rules.md, multi-target attacks). What still ties is the players' choice. (Shared case G-131 shows
  the focus rule: of three tied focuses, the two that stand next to the
  cheapest 7-target hex [7, 0] pick their groups among hexes not adjacent to
  them, and end at [2, 5] without any disadvantage.)
* Icy terrain (all rule sets, as the cases do): a step onto ice slides on in
  the same direction, for free, until a hex that is not icy or until the
  next hex is blocked (a wall, an obstacle, any figure).
* If the monster can attack its focus this turn it moves to the best such
  hex reachable now. Otherwise it picks its destination among all hexes
  from which it could attack its focus: in Gloomhaven and Jaws of the Lion
  the best attack (as above), in Frosthaven the nearest hex; and it moves
  along the path with the fewest negative hexes, then the shortest: to the
  reachable hex with the fewest negative hexes on the whole way there
  (entered this turn or on later turns, counted the same), then nearest the
  destination, then using the least movement. Every destination tied that
  way is a players' choice.

The differences between rule sets are the switches of ``RuleSet``.
"""

from __future__ import annotations

from typing import Any, Optional

from ghcli.records import record
from ghcli.rules.board import Board
from ghcli.rules.hexes import Hex

from ghcli.rules.monster import explain
from ghcli.rules.monster.destination import plan
from ghcli.rules.monster.focus import choose_focus
from ghcli.rules.monster.values import NEG
from ghcli.rules.monster.targets import TargetGroups
from ghcli.rules.monster.turn import RULE_SETS, RuleSet, Turn

__all__ = ["decide", "Decision", "Option", "RuleSet", "RULE_SETS", "NEG", "Turn", "other_reading_hint"]


@record(frozen=True)
class Option:
    """One outcome the players may choose: where the monster ends its move, whom it attacks."""

    focus: Optional[str]
    destination: Hex
    targets: tuple[str, ...]
    path: tuple[Hex, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "focus": self.focus,
            "destination": [self.destination.q, self.destination.r],
            "targets": list(self.targets),
            "path": [[h.q, h.r] for h in self.path],
        }


@record(frozen=True)
class Decision:
    """The answer: the focuses, every outcome the players may choose, and why."""

    active: str
    focus: tuple[str, ...]
    options: tuple[Option, ...]
    explanation: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "active": self.active,
            "focus": list(self.focus),
            "options": [o.to_dict() for o in self.options],
            "explanation": list(self.explanation),
        }


def decide(board: Board) -> Decision:
    """Focus, destination and targets of the active monster, with every players' choice."""
    turn = Turn.of(board)
    hexes = turn.grid.hexes
    start = hexes[turn.terrain.start]
    if not turn.enemies:
        return _no_focus(turn, start, explain.no_enemy())
    choice = choose_focus(turn)  # stages 1-3
    if not choice.focuses:
        return _no_focus(turn, start, choice.reason)
    groups = TargetGroups(turn)
    why = [choice.reason]
    options, seen = [], set()
    for f in choice.focuses:
        p = plan(turn, groups, choice, f)  # stages 4-5
        if p.now:
            why.append(explain.attacks_now(f))
            found = [(h, tuple(sorted(e.id for e in turn.reach.members(g))) if turn.has_attack else ())
                     for h, g in p.choices]
        elif p.destinations:
            why.append(explain.heads_for(f, [hexes[d] for d in p.destinations]))
            found = [(x, ()) for x in p.ends]
        else:
            found = []
        for h, targets in sorted(found):
            if (h, targets) not in seen:
                seen.add((h, targets))
                path = tuple(hexes[i] for i in turn.movement.path_to(h))
                options.append(Option(f.id, hexes[h], targets, path))
    if len(options) > 1:
        why.append(explain.players_choice(len(options)))
    return Decision(turn.me.id, tuple(f.id for f in choice.focuses), tuple(options), tuple(why))


def _no_focus(turn: Turn, start: Hex, why: str) -> Decision:
    return Decision(turn.me.id, (), (Option(None, start, (), (start,)),), (why,))


def other_reading_hint(board: Board, decision: Decision) -> str:
    """Under Gloomhaven's default map-edge reading, a monster with no focus may owe it to sight
    at the map's outline (a corridor): what the open reading would focus, as a line for the
    players, or "" (asked by the commands that show an answer, not by ``decide``)."""
    turn = Turn.of(board)
    if decision.focus or turn.rules.name != "gloomhaven" or turn.rules.map_edge != "wall" or not turn.enemies:
        return ""
    from dataclasses import replace

    other = decide(replace(board, readings=tuple(sorted({**dict(board.readings), "map_edge": "open"}.items()))))
    if not other.focus:
        return ""
    return (f"under the open map-edge reading (readings: map_edge=open: a line may touch the map's outline) "
            f"it would focus {', '.join(other.focus)}.")
