"""Settle a table's dispute: is the move the players made one of the rules' options?

``check(board, decision, destination, targets=None) -> Verdict``. Built on
the public result of ``ghcli.rules.monster.decide(board)`` (its options),
plus the board's own map and line of sight for saying *why* a move is not
allowed. The first rule a move breaks is named, in this order:

1. the destination must be a map hex the monster may end on (not an
   obstacle, not another figure's hex);
2. the named targets must be enemies of the monster;
3. the destination must be one of the options' destinations: when the
   monster can attack its focus this turn, a hex that gives no attack on the
   focus (out of range counted around walls, or out of sight) is named as
   such; a hex that does attack it loses to the options on the rules'
   order (most targets, focus without disadvantage, fewest disadvantaged
   targets, least movement);
4. with targets named, they must be the targets of an option ending there.

Reading chosen (docs/rules.md, Settling a dispute): a check without targets asks about the
destination only (legal if some option ends there). The movement quoted is
the option's path cost (difficult terrain 2) for a walking monster; jumps,
flights and teleports quote no number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Optional, Sequence

from ghcli.rules.board import Attack, Board, Figure
from ghcli.rules.hexes import Hex, bfs

if TYPE_CHECKING:
    from ghcli.rules.monster import Decision

#: An option of the decision as its dict (``Option.to_dict``).
OptionDict = dict[str, Any]


@dataclass(frozen=True)
class Verdict:
    """Whether a move is one of the rules' options, why (one sentence), and the options."""

    legal: bool
    reason: str
    options: tuple[OptionDict, ...]  # the decision's options, as dicts

    def to_dict(self) -> dict[str, Any]:
        return {"legal": self.legal, "reason": self.reason, "options": list(self.options)}


def check(board: Board, decision: Decision, destination: tuple[int, int],
          targets: Optional[Sequence[str]] = None) -> Verdict:
    """The verdict on the monster ending at ``destination`` (attacking ``targets``, when given)."""
    options = tuple(o.to_dict() for o in decision.options)
    me = board.monster
    dest = Hex(*destination)
    where = _fmt(dest)

    def no(reason: str) -> Verdict:
        return Verdict(False, f"not allowed: {reason}", options)

    if dest not in board.hexes:
        return no(f"{where} is not on the map")
    if dest in board.obstacle:
        return no(f"a monster cannot end its move on an obstacle ({where})")
    other = board.occupant(dest)
    if other is not None and other.id != me.id:
        return no(f"{where} is {other.id}'s hex; a monster ends its move on an empty hex")
    if targets is not None:
        for t in targets:
            f = board.figure(t)
            if not f.is_enemy:
                return no(f"{t} is a monster, not an enemy of {me.id}")
            if f.invisible:
                return no(f"{t} is invisible: a monster cannot target it")
    here = [o for o in options if tuple(o["destination"]) == dest]
    if not here:
        return no(_why_not(board, decision, options, dest))
    if targets is None:
        return Verdict(True, f"allowed: {_option_text(board, here[0], options)}", options)
    wanted = sorted(targets)
    for o in here:
        if sorted(o["targets"]) == wanted:
            return Verdict(True, f"allowed: {_option_text(board, o, options)}", options)
    said = ", ".join(targets) or "nobody"
    rules = " or ".join(", ".join(o["targets"]) or "nobody" for o in here)
    return no(f"from {where} the monster attacks {rules}, not {said}")


def _why_not(board: Board, decision: Decision, options: tuple[OptionDict, ...], dest: Hex) -> str:
    where = _fmt(dest)
    dests = _list(o["destination"] for o in options)
    if not decision.focus:
        return f"the monster has no focus and stays at {_fmt(board.monster.at)}"
    focus = options[0]["focus"]
    attacking = [o for o in options if o["targets"]]
    if not attacking:
        return (f"the monster cannot attack {focus} this turn and moves towards it, to {dests}; "
                f"{where} is not one of those hexes")
    best = attacking[0]
    movement = _movement(board, best)
    with_move = f" with {movement} movement" if movement is not None else ""
    head = f"the monster can attack the {focus}{with_move} from {_list(o['destination'] for o in attacking)}"
    focus_fig = board.figure(focus)
    attack = board.action.attack
    if attack is not None and not attack.area and not _attacks(board, attack, dest, focus_fig):
        return f"{head}; {where} gives no attack on {focus}"
    return (f"{head}; {where} is not among the hexes the rules pick (most targets, the focus without "
            "disadvantage, fewest disadvantaged targets, then least movement)")


def _attacks(board: Board, attack: Attack, h: Hex, target: Figure) -> bool:
    """A single-target attack from ``h`` reaches ``target``: in range counted around walls, and in sight."""
    reach = max(1, attack.range)
    links = board.links
    dist = bfs([h], lambda x: links.get(x, ()), limit=reach)
    if target.at not in dist or dist[target.at] > reach:
        return False
    from ghcli.rules.los import sight_for

    return attack.range == 0 or sight_for(board).visible(h, target.at)


def _movement(board: Board, option: OptionDict) -> Optional[int]:
    act = board.action
    if act.jump or act.flying or act.teleport:
        return None
    return sum(2 if tuple(h) in board.difficult else 1 for h in option["path"][1:])


def _option_text(board: Board, option: OptionDict, options: tuple[OptionDict, ...]) -> str:
    n = options.index(option) + 1
    targets = ", ".join(option["targets"]) or "nobody"
    moves = "stays at" if tuple(option["destination"]) == tuple(board.monster.at) else "moves to"
    which = f"option {n} of {len(options)}" if len(options) > 1 else "the rules' only option"
    return f"{which}: focus {option['focus'] or '-'}, {moves} {_fmt(option['destination'])}, attacks {targets}"


def _list(hexes: Iterable[Sequence[int]]) -> str:
    return " or ".join(dict.fromkeys(_fmt(h) for h in hexes))


def _fmt(h: Sequence[int]) -> str:
    return f"{h[0]},{h[1]}"
