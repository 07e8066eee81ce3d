"""A monster's turn: focus, movement and targets, for the three rule sets of board format 1.

``decide(board) -> Decision`` (a value; nothing is stored or printed).

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
  other; then least movement; then disadvantage on the less important
  targets. What still ties is the players' choice. (Shared case G-131 shows
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

import itertools
from dataclasses import dataclass, field
from typing import Optional

from ghcli.rules.board import Board, Figure
from ghcli.rules.hexes import DIRECTIONS, Hex, bfs, distance, mirror, rotate, search
from ghcli.rules.los import sight_for


#: Weight of one negative hex in an integer movement cost (neg * NEG + movement):
#: larger than any movement, so costs compare as the pair (negative hexes, movement).
NEG = 1 << 20


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


RULE_SETS = {
    "gloomhaven": RuleSet("gloomhaven"),
    "frosthaven": RuleSet(
        "frosthaven",
        rank_extra_targets=False,
        focus_disadvantage_first=False,
        unreachable_heads_for_nearest=True,
        jump_landing_pays_difficult=False,
    ),
    "jaws-of-the-lion": RuleSet(
        "jaws-of-the-lion", proximity_ranks=False, jump_landing_pays_difficult=False
    ),
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
        self.me = board.monster
        self.start = self.me.at
        act = board.action
        self.act = act
        self.attack = act.attack
        self.range = self.attack.range if self.attack else 0
        self.area = tuple(self.attack.area) if self.attack else ()
        self.occ = {f.at: f for f in board.figures if f.id != self.me.id}
        self.enemies = [f for f in board.figures if f.is_enemy and not f.invisible]
        self.bit = {e.id: 1 << i for i, e in enumerate(self.enemies)}
        self.all_mask = (1 << len(self.enemies)) - 1
        self.at_of_bit = {self.bit[e.id]: e.at for e in self.enemies}
        self.walled_cache: dict = {}
        self.links = board.links
        self.blocked_walk = board.obstacle | {f.at for f in board.figures if f.is_enemy and f.id != self.me.id}
        self.enter_cost = {
            h: (NEG if (h in board.trap or h in board.hazardous) else 0) + (2 if h in board.difficult else 1)
            for h in board.hexes
        }
        self.linksets = {h: frozenset(ns) for h, ns in self.links.items()}
        self.mode = "teleport" if act.teleport else "fly" if act.flying else "jump" if act.jump else "walk"
        self.parents: dict = {}
        self.cost = self._costs(self.start, self.parents)
        self.prox = self.walled(self.start)
        self.why: list[str] = []

    @property
    def sight(self):
        """Line of sight on this board (built on first use: melee needs none)."""
        s = self.__dict__.get("_sight")
        if s is None:
            s = self.__dict__["_sight"] = sight_for(self.b)
        return s

    # -- terrain and movement --------------------------------------------------
    def neg(self, h) -> int:
        return 1 if (h in self.b.trap or h in self.b.hazardous) else 0

    def endable(self, h) -> bool:
        return h == self.start or (h in self.b.hexes and h not in self.b.obstacle and h not in self.occ)

    def open_edge(self, a, b) -> bool:
        return b in self.linksets.get(a, ())

    def nbrs(self, h):
        return self.links.get(h, ())

    def walk_step(self, a, b):
        """Cost (negative hexes * NEG + movement) of a plain step from a into its linked
        neighbour b, or None when not allowed."""
        if b in self.blocked_walk:
            return None
        return self.enter_cost[b]

    def can_slide(self, a, b) -> bool:
        return self.open_edge(a, b) and b not in self.b.obstacle and b not in self.occ

    def walk_moves(self, h):
        """Walking moves from h: a step, and on icy terrain the slide that follows it."""
        icy = self.b.icy
        for n in self.links.get(h, ()):
            c = self.walk_step(h, n)
            if c is None:
                continue
            if n in icy:
                dq, dr = n.q - h.q, n.r - h.r
                cost = self.neg(n) * NEG + 1
                cur = n
                while cur in icy:
                    nxt = Hex(cur.q + dq, cur.r + dr)
                    if not self.can_slide(cur, nxt):
                        break
                    cur = nxt
                    cost += self.neg(cur) * NEG
                yield cur, cost
            else:
                yield n, c

    def _costs(self, origin, parents=None) -> dict:
        """(negative hexes, movement) to reach each hex from origin with unlimited movement."""
        b = self.b
        if self.mode == "walk":
            found = search([origin], self.walk_moves, parents=parents)
            return {h: divmod(c, NEG) for h, c in found.items()}
        if self.mode == "teleport":
            return {h: (0 if h == origin else self.neg(h), distance(origin, h)) for h in b.hexes}
        steps = bfs([origin], self.nbrs)
        if self.mode == "fly":
            return {h: (0, d) for h, d in steps.items()}
        return {
            h: (0, 0) if h == origin else (self.neg(h), d + (1 if h in b.difficult and self.rs.jump_landing_pays_difficult else 0))
            for h, d in steps.items()
        }

    def remaining(self, dest, froms) -> dict:
        """Cost from each hex of ``froms`` to dest (the rest of the path if the monster stood there)."""
        b = self.b
        if self.mode != "walk":  # only the landing hex (dest) can be a negative hex
            if self.mode == "teleport":
                steps = {x: distance(x, dest) for x in froms}
            else:
                steps = bfs([dest], self.nbrs)
            land = self.neg(dest) if self.mode != "fly" else 0
            return {x: ((0, 0) if x == dest else (land, steps[x])) for x in froms if x in steps}
        if b.icy:  # sliding makes paths one-way: search forward from each hex
            out = {}
            for x in froms:
                c = search([x], self.walk_moves, until=(dest,)).get(dest)
                if c is not None:
                    out[x] = divmod(c, NEG)
            return out
        blocked = self.blocked_walk
        links = self.links

        def back_moves(a):  # the step x -> a, seen from a, costs entering a
            enter = self.enter_cost[a]
            for x in links.get(a, ()):
                if x not in blocked:
                    yield x, enter

        back = search([dest], back_moves, until=set(froms))
        return {x: divmod(back[x], NEG) for x in froms if x in back}

    def walled(self, origin, limit=None) -> dict:
        """Hexes counted around walls (not through them), ignoring figures and obstacles
        (up to ``limit`` hexes away if given)."""
        key = (origin, limit)
        d = self.walled_cache.get(key)
        if d is None:
            d = bfs([origin], self.nbrs, limit)
            self.walled_cache[key] = d
        return d

    # -- attacks ---------------------------------------------------------------
    def can_hit(self, h, e: Figure) -> bool:
        d = self.walled(e.at, max(self.range, 1)).get(h)
        if d is None or d == 0:
            return False
        return d == 1 or self.sight.visible(h, e.at)

    def disadvantaged(self, h, e: Figure) -> bool:
        return self.range > 0 and not self.act.muddled and self.walled(e.at, max(self.range, 1)).get(h) == 1

    def n_targets(self) -> int:
        if not self.attack:
            return 1
        t = self.attack.targets
        return len(self.enemies) if t == "all" else t

    # -- ranking -----------------------------------------------------------------
    def attack_cost(self, e: Figure):
        """Least (negative hexes, movement) to a hex from which e can be attacked, or None
        (the hexes are tried cheapest first, so line of sight is asked only as needed)."""
        cost = self.cost
        for c, h in sorted((cost[h], h) for h in self.attack_hexes(e) if h in cost):
            if self.endable(h) and self.targetable(h, e):
                return c
        return None

    def attack_hexes(self, e: Figure) -> set:
        """Hexes from which e might be attacked (a superset; ``targetable`` decides)."""
        cache = self.__dict__.setdefault("_attack_hexes", {})
        out = cache.get(e.id)
        if out is not None:
            return out
        out = set()
        if not self.area or (self.attack and self.n_targets() > 1):
            out.update(self.walled(e.at, max(self.range, 1)))
        if self.area and self.range == 0:
            for pat in self.patterns():
                out.update(Hex(e.at.q - o[0], e.at.r - o[1]) for o in pat)
        elif self.area:
            out.update(self.area_near(e))
        cache[e.id] = out
        return out

    def targetable(self, h, e: Figure) -> bool:
        """e can be one of the targets of an attack from h (the same answer as looking
        through ``hittable`` and ``placements``, asking line of sight for e only)."""
        if not self.area or (self.attack and self.n_targets() > 1):
            if self.can_hit(h, e):
                return True
        if not self.area:
            return False
        if self.range == 0:
            o = (e.at.q - h.q, e.at.r - h.r)
            if o == (0, 0) or not any(o in pat for pat in self.patterns_sets()):
                return False
            return self.sight.visible(h, e.at)
        return h in self.area_near(e) and self.sight.visible(h, e.at)

    def area_near(self, e: Figure) -> set:
        """Hexes from which some ranged area placement covering e can be made."""
        cache = self.__dict__.setdefault("_area_near", {})
        out = cache.get(e.id)
        if out is None:
            out = set()
            for cov, _, near in self.ranged_placements():
                if e in cov:
                    out.update(near)
            cache[e.id] = out
        return out

    def patterns_sets(self) -> list:
        out = self.__dict__.get("_pattern_sets")
        if out is None:
            out = self._pattern_sets = [frozenset(p) for p in self.patterns()]
        return out

    def focus_rank(self, e: Figure):
        c = self._attack_costs[e.id]
        prox = self.prox.get(e.at, 10**6) if self.rs.proximity_ranks else 0
        return (c, prox, e.initiative)

    def hittable(self, h) -> list:
        """Enemies the monster could attack from hex h (a single target each)."""
        return self.members(self.hit_mask(h))

    # What a single-target attack from a hex reaches is learnt lazily: line of sight
    # (the costly part) is asked only for the enemies a question is about, and every
    # answer is kept (``Sight`` caches the verdicts, ``_hit_state`` the hits).
    def _hit_state(self, h) -> list:
        """[known, hit] for hex h, bit masks: the enemies whose answer (a single-target
        attack from h reaches them) is known, and those of them it reaches. Enemies out
        of range are known misses; those next to h (no wall between), known hits."""
        st = self.__dict__.setdefault("_hit_states", {}).get(h)
        if st is None:
            rng = max(self.range, 1)
            known = hit = 0
            for e in self.enemies:
                d = self.walled(e.at, rng).get(h)
                if d is None or d == 0:
                    known |= self.bit[e.id]
                elif d == 1:
                    known |= self.bit[e.id]
                    hit |= self.bit[e.id]
            st = self._hit_states[h] = [known, hit]
        return st

    def hit_bits(self, h, mask: int) -> int:
        """The enemies of ``mask`` a single-target attack from h reaches."""
        st = self._hit_state(h)
        unknown = mask & ~st[0]
        if unknown:
            st[0] |= unknown
            st[1] |= self.visible_mask(h, unknown)
        return st[1] & mask

    def visible_mask(self, h, mask: int) -> int:
        """The enemies of ``mask`` in line of sight of h."""
        visible = self.sight.visible
        at = self.at_of_bit
        out = 0
        while mask:
            b = mask & -mask
            mask ^= b
            if visible(h, at[b]):
                out |= b
        return out

    def raw_placements(self, h) -> list:
        """The enemies (bit masks) each ranged area placement usable from h would cover
        if all of them were in sight (``placements`` keeps those in sight)."""
        cache = self.__dict__.setdefault("_raw_place", {})
        out = cache.get(h)
        if out is None:
            out = cache[h] = [cov for _, cov, near in self.ranged_placements() if h in near]
        return out

    @staticmethod
    def best_subsets(items: list, m: int, key) -> list[tuple]:
        """Every m-subset of items made of the m best by key (ties at the cut enumerated)."""
        if m <= 0:
            return [()]
        items = sorted(items, key=key)
        if len(items) <= m:
            return [tuple(items)]
        cut = key(items[m - 1])
        sure = [e for e in items[:m] if key(e) < cut]
        tied = [e for e in items if key(e) == cut]
        return [tuple(sure) + c for c in itertools.combinations(tied, m - len(sure))]

    def secondary_key(self, e: Figure):
        """How extra targets are ranked: proximity then initiative (Gloomhaven), initiative (Jaws)."""
        if self.rs.proximity_ranks:
            return (self.prox.get(e.at, 10**6), e.initiative)
        return (e.initiative,)

    # -- the decision ----------------------------------------------------------
    def decide(self) -> Decision:
        if not self.enemies:
            return self.no_focus("no enemy can be focused: the monster does not act.")
        self._attack_costs = {e.id: self.attack_cost(e) for e in self.enemies}
        reachable = [e for e in self.enemies if self._attack_costs[e.id] is not None]
        self._ranks = {e.id: self.focus_rank(e) for e in reachable}
        if not reachable:
            return self.no_focus("no hex from which the monster could attack is reachable: no focus.")
        best = min(self._ranks[e.id] for e in reachable)
        focuses = [e for e in reachable if self._ranks[e.id] == best]
        self.why.append(self._focus_reason(reachable, focuses))
        options = []
        seen = set()
        for f in focuses:
            for opt in sorted(self.options_for(f), key=lambda o: (o.destination, o.targets)):
                k = (opt.destination, opt.targets)
                if k not in seen:
                    seen.add(k)
                    options.append(opt)
        if len(options) > 1:
            self.why.append(f"{len(options)} outcomes tie on every rule: players' choice.")
        return Decision(self.me.id, tuple(f.id for f in focuses), tuple(options), tuple(self.why))

    def no_focus(self, why: str) -> Decision:
        stay = Option(None, self.start, (), (self.start,))
        return Decision(self.me.id, (), (stay,), (why,))

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

    # -- area attacks ----------------------------------------------------------
    def patterns(self) -> list:
        """The area pattern in each of its rotations and mirror images (distinct ones)."""
        out = []
        seen = set()
        for mir in (False, True):
            for rot in range(6):
                cells = tuple(sorted(rotate(mirror(o) if mir else o, rot) for o in self.area))
                if cells not in seen:
                    seen.add(cells)
                    out.append(cells)
        return out

    def placements(self, h) -> list:
        """Enemies covered by each area placement usable from hex h (bit masks, see ``bit``)."""
        cache = self.__dict__.setdefault("_place_cache", {})
        out = cache.get(h)
        if out is not None:
            return out
        occ = {e.at: e for e in self.enemies}
        found = set()
        if self.range == 0:
            for pat in self.patterns():
                cov = 0
                for o in pat:
                    c = Hex(h.q + o[0], h.r + o[1])
                    if c in occ and c != h and self.sight.visible(h, c):
                        cov |= self.bit[occ[c].id]
                if cov:
                    found.add(cov)
        else:
            visible = self.sight.visible
            bit = self.bit
            for cov, _, near in self.ranged_placements():
                if h in near:
                    vis = 0
                    for e in cov:
                        if visible(h, e.at):
                            vis |= bit[e.id]
                    if vis:
                        found.add(vis)
        out = list(found)
        cache[h] = out
        return out

    def ranged_placements(self) -> list:
        """(covered enemies, their bit mask, hexes within range of a red hex on the map) for
        every set of enemies some ranged area placement covers: the hexes are those within
        range of a red hex of any placement covering exactly that set."""
        cached = self.__dict__.get("_ranged")
        if cached is not None:
            return cached
        occ = {e.at: e for e in self.enemies}
        hexes = self.b.hexes
        seen = set()
        cells_of: dict = {}
        for pat in self.patterns():
            for e in self.enemies:
                for o in pat:
                    tq, tr = e.at.q - o[0], e.at.r - o[1]
                    cells = frozenset([Hex(tq + p[0], tr + p[1]) for p in pat])
                    if cells in seen:
                        continue
                    seen.add(cells)
                    cov = frozenset([occ[c] for c in cells if c in occ])
                    cells_of.setdefault(cov, set()).update(c for c in cells if c in hexes)
        self._ranged = [
            (cov, self.mask(cov), bfs(sorted(cells), self.nbrs, self.range)) for cov, cells in cells_of.items()
        ]
        return self._ranged

    def mask(self, figures) -> int:
        m = 0
        for e in figures:
            m |= self.bit[e.id]
        return m

    def members(self, mask: int) -> list:
        return [e for e in self.enemies if mask & self.bit[e.id]]

    @staticmethod
    def best_masks(keyed: list, m: int) -> list:
        """Bit masks of every m-subset of ``keyed`` ((key, bit) pairs) made of the m best
        by key, ties at the cut enumerated."""
        if m <= 0:
            return [0]
        if len(keyed) <= m:
            return [sum(b for _, b in keyed)]
        keyed = sorted(keyed)
        cut = keyed[m - 1][0]
        sure = sum(b for k, b in keyed[:m] if k < cut)
        n_sure = sum(1 for k, _ in keyed[:m] if k < cut)
        tied = [b for k, b in keyed if k == cut]
        return [sure + sum(c) for c in itertools.combinations(tied, m - n_sure)]

    def groups(self, h, focus: Figure) -> list:
        """The target groups (bit masks with the focus) worth considering from hex h."""
        cache = self.__dict__.setdefault("_group_cache", {})
        key = (h, focus.id)
        out = cache.get(key)
        if out is not None:
            return out
        attack = self.attack is not None
        m = self.n_targets() - 1 if attack else 0
        hit = self.hittable(h)
        bit = self.bit
        fbit = bit[focus.id]
        if self.rs.rank_extra_targets:
            keyed = [((self.secondary_key(e), self.disadvantaged(h, e)), bit[e.id]) for e in hit]
        else:
            keyed = [(self.disadvantaged(h, e), bit[e.id]) for e in hit]
        hit_mask = sum(b for _, b in keyed)
        others = [kb for kb in keyed if kb[1] != fbit]
        found = set()
        if not self.area:
            if hit_mask & fbit:
                found.update(fbit | g for g in self.best_masks(others, m))
        else:
            for cov in self.placements(h):
                rest = [kb for kb in others if not cov & kb[1]]
                if cov & fbit:
                    found.update(cov | g for g in self.best_masks(rest, m))
                elif m >= 1 and hit_mask & fbit:
                    found.update(cov | fbit | g for g in self.best_masks(rest, m - 1))
            if m >= 1 and hit_mask & fbit:  # extra targets only, no one in the area
                found.update(fbit | g for g in self.best_masks(others, m - 1))
        out = list(found)
        cache[key] = out
        return out

    def can_attack(self, h, group: int) -> bool:
        """The whole group (a bit mask) can be the targets of one attack from h (cached: the
        tied focuses ask about the same groups)."""
        cache = self.__dict__.setdefault("_can_attack_cache", {})
        key = (h, group)
        out = cache.get(key)
        if out is None:
            out = cache[key] = self._can_attack_now(h, group)
        return out

    def _can_attack_now(self, h, group: int) -> bool:
        m = self.n_targets() - 1 if self.attack else 0
        if not self.area:
            return group.bit_count() <= m + 1 and group & ~self.hit_mask(h) == 0
        if group & ~self.reach_mask(h):
            return False
        hit = self.hit_mask(h) if m else 0
        for cov in self.placements(h):
            if cov & ~group == 0:
                rest = group & ~cov
                if rest.bit_count() <= m and rest & ~hit == 0:
                    return True
        return group.bit_count() <= m and group & ~hit == 0

    def reach_mask(self, h) -> int:
        """Every enemy some attack from h could target (area or single)."""
        cache = self.__dict__.setdefault("_reach_mask", {})
        out = cache.get(h)
        if out is None:
            out = self.hit_mask(h) if (not self.area or self.n_targets() > 1) else 0
            for cov in self.placements(h):
                out |= cov
            cache[h] = out
        return out

    def hit_mask(self, h) -> int:
        """Every enemy a single-target attack from h reaches."""
        return self.hit_bits(h, self.all_mask)

    def reach_count(self, h, mask: int, cap: int) -> int:
        """min(cap, how many enemies of ``mask`` some attack from h could target: in sight
        in an area placement, or reached singly if the attack has extra targets)."""
        single = not self.area or self.n_targets() > 1
        covered = 0  # (a ranged placement's enemies count only if in sight: asked below)
        for cov in self.placements(h) if self.range == 0 else self.raw_placements(h):
            covered |= cov
        n = 0
        for e in self.enemies:
            if n >= cap:
                break
            b = self.bit[e.id]
            if not mask & b:
                continue
            if single and self.hit_bits(h, b):
                n += 1
            elif covered & b and (self.range == 0 or self.sight.visible(h, e.at)):
                n += 1
        return min(n, cap)

    def dis_mask(self, h) -> int:
        """Enemies a ranged attack from h would attack with disadvantage."""
        cache = self.__dict__.setdefault("_dis_mask", {})
        out = cache.get(h)
        if out is None:
            out = 0
            if self.range > 0 and not self.act.muddled:
                for e in self.enemies:
                    if self.disadvantaged(h, e):
                        out |= self.bit[e.id]
            cache[h] = out
        return out

    def best_size(self, h, focus: Figure) -> int:
        """The most targets, the focus among them, of one attack from h (0: the focus cannot
        be attacked from h); the size of the largest of ``groups(h, focus)``."""
        m = self.n_targets() - 1 if self.attack else 0
        fbit = self.bit[focus.id]
        hit = self.hit_mask(h) if (m or not self.area) else 0
        others = hit & ~fbit
        if not self.area:
            return 1 + min(m, others.bit_count()) if hit & fbit else 0
        best = 0
        focus_hit = m >= 1 and hit & fbit
        for cov in self.placements(h):
            rest = (others & ~cov).bit_count()
            if cov & fbit:
                n = cov.bit_count() + min(m, rest)
            elif focus_hit:
                n = cov.bit_count() + 1 + min(m - 1, rest)
            else:
                continue
            if n > best:
                best = n
        if focus_hit:
            best = max(best, 1 + min(m - 1, others.bit_count()))
        return best

    def options_for(self, focus: Figure) -> list[Option]:
        move = self.act.move or 0
        attack = self.attack is not None
        # the hexes the focus can be attacked from (best_size > 0) with the fewest negative
        # hexes (its attack cost's), asking line of sight for the focus only: those it can
        # be attacked from this turn first, the others only if there are none; the
        # attack's size is worked out for the pool alone
        cost = self.cost
        least_neg = self._attack_costs[focus.id][0]
        near = [h for h in self.attack_hexes(focus) if h in cost and cost[h][0] == least_neg and self.endable(h)]
        now = [h for h in near if cost[h][1] <= move and self.targetable(h, focus)]
        cands = now or [h for h in near if self.targetable(h, focus)]
        if not cands:
            return []
        pool = cands

        order = [self.bit[e.id] for e in sorted(self.enemies, key=lambda e: (e is not focus, self._ranks.get(e.id, ())))]

        def preference(h, group):
            """Fewest disadvantaged targets, then least movement (then ``first_ranked``)."""
            return ((self.dis_mask(h) & group).bit_count(), self.cost[h])

        def first_ranked(scored):
            """The (h, group) of ``scored`` ((preference, h, group), in order) ranked first,
            disadvantage on the least important targets breaking the ties of preference."""
            top = min(sc for sc, _, _ in scored)
            tied = [(h, g) for sc, h, g in scored if sc == top]
            if len(tied) == 1:
                return tied
            flags = [tuple(bool(self.dis_mask(h) & g & b) for b in order if g & b) for h, g in tied]
            low = min(flags)
            return [hg for hg, f in zip(tied, flags) if f == low]

        heading = not now and self.rs.unreachable_heads_for_nearest  # only the distance counts
        if not heading:
            ranged = self.range > 0 and not self.act.muddled
            if ranged and self.rs.focus_disadvantage_first:  # the focus without disadvantage first
                pool = [h for h in pool if not self.disadvantaged(h, focus)] or pool
            size = {h: self.best_size(h, focus) for h in pool}
            k = max(size.values())
            pool_k = [h for h in pool if size[h] == k]
        if heading:
            top = min(self.cost[h] for h in cands)
            dests = sorted(h for h in cands if self.cost[h] == top)
            choices = []
        elif self.rs.rank_extra_targets:
            cheapest = min(self.cost[h] for h in pool_k)
            groups = set()
            for h in pool_k:
                if self.cost[h] == cheapest:
                    groups.update(g for g in self.groups(h, focus) if g.bit_count() == k)
            rank = {g: sorted(self.secondary_key(e) for e in self.members(g) if e is not focus) for g in groups}
            best = min(rank.values())
            groups = [g for g in groups if rank[g] == best]
            scored = []
            for h in pool:
                if size[h] >= k:
                    reach = self.reach_mask(h) if self.area else self.hit_mask(h)
                    for g in groups:
                        if g & ~reach == 0 and self.can_attack(h, g):  # (the first test is can_attack's)
                            scored.append((preference(h, g), h, g))
            choices = first_ranked(scored)
            dests = sorted({h for h, _ in choices})
        else:
            scored = []

            def bound(h):  # at least this many of k targets are attacked with disadvantage from h
                return (max(0, k - self.reach_count(h, ~self.dis_mask(h), k)), self.cost[h])

            lowest = None
            for b, h in sorted(((bound(h), h) for h in pool_k), key=lambda x: x[0]):
                if lowest is not None and b > lowest:
                    break  # no hex from here on can do better
                for g in self.groups(h, focus):
                    if g.bit_count() == k:
                        sc = preference(h, g)
                        scored.append((sc, h, g))
                        if lowest is None or sc < lowest:
                            lowest = sc
            choices = first_ranked(scored)
            dests = sorted({h for h, _ in choices})

        if now:
            self.why.append(f"{focus.id} can be attacked this turn: best attack, then least movement.")
            return [
                Option(focus.id, h, tuple(sorted(e.id for e in self.members(g))) if attack else (), self.path_to(h))
                for h, g in choices
            ]
        self.why.append(
            f"{focus.id} cannot be attacked this turn: the monster heads for "
            + ", ".join(f"[{d.q}, {d.r}]" for d in dests)
            + (" (players' choice)." if len(dests) > 1 else ".")
        )
        out = []
        reach = [h for h, c in self.cost.items() if c[1] <= move and self.endable(h)]
        for d in dests:
            rem = self.remaining(d, reach)
            # negative hexes on the whole path (this turn's and later turns') first, then
            # nearest the destination, then least movement this turn
            scored = [((self.cost[x][0] + rem[x][0], rem[x][1], self.cost[x][1]), x) for x in reach if x in rem]
            if not scored:
                out.append(Option(focus.id, self.start, (), (self.start,)))
                continue
            best = min(sc for sc, _ in scored)
            for sc, x in scored:
                if sc == best:
                    out.append(Option(focus.id, x, (), self.path_to(x)))
        return out

    def path_to(self, h) -> tuple:
        if h == self.start:
            return (self.start,)
        if self.mode != "walk":
            return (self.start, h)
        path = [h]
        while path[-1] != self.start and self.parents.get(path[-1]) is not None:
            path.append(self.parents[path[-1]])
        return tuple(reversed(path))
