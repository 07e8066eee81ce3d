"""A monster's turn: focus, movement and targets, for the three rule sets of board format 1.

``decide(board) -> Decision`` (a value; nothing is stored or printed).

How a turn is settled (the readings, checked against the shared rules cases
that come from AluminumAngel's "gloom" monster mover):

* Movement costs are pairs ``(negative hexes entered, movement points)``
  compared in that order: traps and hazardous terrain are avoided like
  obstacles unless no path avoids them, then as few as possible. Walking
  passes allies but not enemies, obstacles or walls; difficult terrain costs
  2. Jumping ignores figures, obstacles and terrain on the way (not walls)
  and pays only for the hex it lands on; flying ignores everything but
  walls; teleport measures hexes straight across everything. A monster ends
  its move only on an empty hex that is not an obstacle.
* Range and proximity count hexes around walls (thin walls and hexes off the
  map), not through them, ignoring figures and obstacles. A melee attack is
  range 1 measured that way: it cannot reach round a thin wall. Every
  target needs line of sight (``ghcli.rules.los``).
* Focus: the enemy (character or summon, not invisible) attackable with the
  least movement (unlimited movement assumed); ties go to proximity (not in
  Jaws of the Lion), then lower initiative, then the players choose.
* Targets: the focus plus as many more enemies as the attack allows. Extra
  targets are ranked like focuses (Gloomhaven; Jaws of the Lion without
  proximity); Frosthaven does not rank them. Then a ranged attack avoids
  disadvantage (an enemy at range 1) unless the monster is muddled; then
  the least movement.
* If the monster can attack its focus this turn it moves to the best such
  hex reachable now. Otherwise it picks its destination among all hexes
  from which it could attack its focus: in Gloomhaven and Jaws of the Lion
  the best attack (as above), in Frosthaven the nearest hex; and it moves
  to the reachable hex nearest that destination using the least movement.
  Every destination tied that way is a players' choice.

The differences between rule sets are the switches of ``RuleSet``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Optional

from ghcli.rules.board import Board, Figure
from ghcli.rules.hexes import DIRECTIONS, Hex, bfs, distance, mirror, rotate, search
from ghcli.rules.los import sight_for


@dataclass(frozen=True)
class RuleSet:
    """The named switches where the rule sets differ."""

    name: str
    #: proximity breaks ties in focus (and in ranking extra targets)
    proximity_ranks: bool = True
    #: extra targets are ranked like focuses (else the players choose among them)
    rank_extra_targets: bool = True
    #: a monster that cannot attack this turn heads for the nearest attack hex
    #: (Frosthaven) rather than the best one (Gloomhaven)
    unreachable_heads_for_nearest: bool = False


RULE_SETS = {
    "gloomhaven": RuleSet("gloomhaven"),
    "frosthaven": RuleSet("frosthaven", rank_extra_targets=False, unreachable_heads_for_nearest=True),
    "jaws-of-the-lion": RuleSet("jaws-of-the-lion", proximity_ranks=False),
}


@dataclass(frozen=True)
class Option:
    focus: str
    destination: Hex
    targets: tuple
    path: tuple

    def to_dict(self) -> dict:
        return {
            "focus": self.focus,
            "destination": [self.destination.q, self.destination.r],
            "targets": list(self.targets),
            "path": [[h.q, h.r] for h in self.path],
        }


@dataclass(frozen=True)
class Decision:
    active: str
    focus: tuple
    options: tuple
    explanation: tuple = ()

    def to_dict(self) -> dict:
        return {
            "active": self.active,
            "focus": list(self.focus),
            "options": [o.to_dict() for o in self.options],
            "explanation": list(self.explanation),
        }


def decide(board: Board) -> Decision:
    """Focus, destination and targets of the active monster, with every players' choice."""
    return _Turn(board).decide()


class _Turn:
    def __init__(self, board: Board):
        self.b = board
        self.rs = RULE_SETS[board.rules]
        self.sight = sight_for(board)
        self.me = board.monster
        self.start = self.me.at
        act = board.action
        self.act = act
        self.attack = act.attack
        self.range = self.attack.range if self.attack else 0
        self.area = tuple(self.attack.area) if self.attack else ()
        self.occ = {f.at: f for f in board.figures if f.id != self.me.id}
        self.enemies = [f for f in board.figures if f.is_enemy and not f.invisible]
        self.walled_cache: dict = {}
        self.mode = "teleport" if act.teleport else "fly" if act.flying else "jump" if act.jump else "walk"
        self.cost = self._costs(self.start)
        self.prox = self.walled(self.start)
        self.why: list[str] = []

    # -- terrain and movement --------------------------------------------------
    def neg(self, h) -> int:
        return 1 if (h in self.b.trap or h in self.b.hazardous) else 0

    def endable(self, h) -> bool:
        return h == self.start or (h in self.b.hexes and h not in self.b.obstacle and h not in self.occ)

    def open_edge(self, a, b) -> bool:
        return b in self.b.hexes and frozenset((a, b)) not in self.b.walls

    def walk_step(self, a, b):
        if not self.open_edge(a, b) or b in self.b.obstacle:
            return None
        f = self.occ.get(b)
        if f is not None and f.is_enemy:
            return None
        return (self.neg(b), 2 if b in self.b.difficult else 1)

    def _costs(self, origin) -> dict:
        """(negative hexes, movement) to reach each hex from origin with unlimited movement."""
        b = self.b
        if self.mode == "walk":
            return search([origin], self.walk_step, zero=(0, 0))
        if self.mode == "teleport":
            return {h: (0 if h == origin else self.neg(h), distance(origin, h)) for h in b.hexes}
        steps = bfs([origin], self.open_edge)
        if self.mode == "fly":
            return {h: (0, d) for h, d in steps.items()}
        return {
            h: (0, 0) if h == origin else (self.neg(h), d + (1 if h in b.difficult else 0)) for h, d in steps.items()
        }

    def reverse_costs(self, dest) -> dict:
        """Cost from each hex to dest (the remaining path if the monster stood there)."""
        b = self.b
        if self.mode == "walk":

            def back(a, x):  # stepping from x into a costs entering a
                if not self.open_edge(x, a) or x in b.obstacle:
                    return None
                f = self.occ.get(x)
                if f is not None and f.is_enemy:
                    return None
                return (self.neg(a), 2 if a in b.difficult else 1)

            return search([dest], back, zero=(0, 0))
        return self._costs(dest)

    def walled(self, origin) -> dict:
        """Hexes counted around walls (not through them), ignoring figures and obstacles."""
        d = self.walled_cache.get(origin)
        if d is None:
            d = bfs([origin], self.open_edge)
            self.walled_cache[origin] = d
        return d

    # -- attacks ---------------------------------------------------------------
    def can_hit(self, h, e: Figure) -> bool:
        d = self.walled(e.at).get(h)
        if d is None or d > max(self.range, 1) or d == 0:
            return False
        return self.sight.visible(h, e.at)

    def disadvantaged(self, h, e: Figure) -> bool:
        return self.range > 0 and not self.act.muddled and self.walled(e.at).get(h) == 1

    def n_targets(self) -> int:
        if not self.attack:
            return 1
        t = self.attack.targets
        return len(self.enemies) if t == "all" else t

    # -- ranking -----------------------------------------------------------------
    def attack_cost(self, e: Figure):
        """Least (negative hexes, movement) to a hex from which e can be attacked, or None."""
        best = None
        for h, c in self.cost.items():
            if (best is None or c < best) and self.endable(h) and self.can_hit(h, e):
                best = c
        return best

    def focus_rank(self, e: Figure):
        c = self._attack_costs[e.id]
        prox = self.prox.get(e.at, 10**6) if self.rs.proximity_ranks else 0
        return (c, prox, e.initiative)

    def target_options(self, h, focus: Figure):
        """Best (score, targets) choices from hex h that include the focus; [] if none."""
        if not self.can_hit(h, focus):
            return []
        m = self.n_targets() - 1
        others = [e for e in self.enemies if e.id != focus.id and self.can_hit(h, e)]
        m = min(m, len(others))
        base_dis = 1 if self.disadvantaged(h, focus) else 0

        def key(e):
            dis = 1 if self.disadvantaged(h, e) else 0
            if self.rs.rank_extra_targets and self._ranks.get(e.id) is not None:
                return (self._ranks[e.id], dis)
            return ((), dis)

        others.sort(key=key)
        if m == 0:
            chosen = [()]
        else:
            cut = key(others[m - 1])
            sure = [e for e in others[:m] if key(e) < cut]
            tied = [e for e in others if key(e) == cut]
            chosen = [tuple(sure) + c for c in itertools.combinations(tied, m - len(sure))]
        out = []
        for extra in chosen:
            ranks = tuple(key(e)[0] for e in extra)
            dis = base_dis + sum(key(e)[1] for e in extra)
            score = (-(len(extra) + 1), ranks, dis)
            out.append((score, (focus.id,) + tuple(e.id for e in extra)))
        return out

    # -- the decision ----------------------------------------------------------
    def decide(self) -> Decision:
        b = self.b
        if not self.enemies:
            return Decision(self.me.id, (), (), ("no enemy can be focused: the monster does not act.",))
        self._attack_costs = {e.id: self.attack_cost(e) for e in self.enemies}
        reachable = [e for e in self.enemies if self._attack_costs[e.id] is not None]
        self._ranks = {e.id: self.focus_rank(e) for e in reachable}
        if not reachable:
            return Decision(
                self.me.id, (), (), ("no hex from which the monster could attack is reachable: no focus.",)
            )
        best = min(self._ranks[e.id] for e in reachable)
        focuses = [e for e in reachable if self._ranks[e.id] == best]
        self.why.append(self._focus_reason(reachable, focuses))
        options = []
        seen = set()
        for f in focuses:
            for opt in self.options_for(f):
                k = (opt.destination, opt.targets)
                if k not in seen:
                    seen.add(k)
                    options.append(opt)
        return Decision(self.me.id, tuple(f.id for f in focuses), tuple(options), tuple(self.why))

    def _focus_reason(self, reachable, focuses) -> str:
        names = ", ".join(f.id for f in focuses)
        if len(reachable) == 1:
            return f"focus {names}: the only enemy it can reach (least movement)."
        by_cost = [e for e in reachable if self._ranks[e.id][0] == self._ranks[focuses[0].id][0]]
        if len(by_cost) == 1:
            return f"focus {names}: least movement to attack ({self._ranks[focuses[0].id][0][1]})."
        by_prox = [e for e in by_cost if self._ranks[e.id][:2] == self._ranks[focuses[0].id][:2]]
        if len(by_prox) == 1:
            return f"focus {names}: equal movement, decided by proximity."
        if len(focuses) == 1:
            return f"focus {names}: equal movement and proximity, decided by initiative."
        return f"focus {names}: tied on movement, proximity and initiative: players' choice."

    def options_for(self, focus: Figure) -> list[Option]:
        move = self.act.move if self.act.move else 0
        cands = []  # (score, hex, targets)
        for h, c in self.cost.items():
            if not self.endable(h):
                continue
            for score, targets in self.target_options(h, focus):
                cands.append((score + (c,), h, targets))
        if not cands:
            return []
        now = [x for x in cands if x[0][-1][1] <= move]
        if now:
            top = min(x[0] for x in now)
            chosen = [x for x in now if x[0] == top]
            self.why.append(
                f"{focus.id} can be attacked this turn: best attack, then least movement ({top[-1][1]})."
            )
            attack = self.attack is not None
            return [
                Option(focus.id, h, tuple(sorted(t)) if attack else (), self.path_to(h)) for _, h, t in chosen
            ]
        if self.rs.unreachable_heads_for_nearest:
            top = min(x[0][-1] for x in cands)
            dests = sorted({x[1] for x in cands if x[0][-1] == top})
        else:
            top = min(x[0] for x in cands)
            dests = sorted({x[1] for x in cands if x[0] == top})
        self.why.append(f"{focus.id} cannot be attacked this turn: the monster heads for {len(dests)} destination(s).")
        out = []
        reach = [h for h, c in self.cost.items() if c[1] <= move and self.endable(h)]
        for d in dests:
            rem = self.reverse_costs(d)
            scored = [((rem[x], self.cost[x]), x) for x in reach if x in rem]
            if not scored:
                out.append(Option(focus.id, self.start, (), (self.start,)))
                continue
            k = min(s for s, _ in scored)
            for s, x in scored:
                if s == k:
                    out.append(Option(focus.id, x, (), self.path_to(x)))
        return out

    def path_to(self, h) -> tuple:
        if h == self.start:
            return (self.start,)
        if self.mode != "walk":
            return (self.start, h)
        path = [h]
        cur = h
        while cur != self.start:
            for dq, dr in DIRECTIONS:
                n = Hex(cur.q + dq, cur.r + dr)
                c = self.cost.get(n)
                if c is None:
                    continue
                st = self.walk_step(n, cur)
                if st is not None and (c[0] + st[0], c[1] + st[1]) == self.cost[cur]:
                    path.append(n)
                    cur = n
                    break
            else:  # pragma: no cover - the search guarantees a predecessor
                break
        return tuple(reversed(path))
