"""Stage 1, movement costs: what every hex costs the monster to reach, negative hexes first.

A cost is a ``values.Cost``: negative hexes entered, then movement points,
compared in that order, so a trap or hazardous hex is an obstacle whenever any
path avoids it. ``Movement`` holds the costs from the monster's hex (with
unlimited movement) and the parents for showing a path (``Costs``, a plain
value), and answers the question of the way towards a destination
(``towards``) for a monster that cannot reach it this turn. Tables are lists
by hex number (``ghcli.rules.hexes.Grid``); those that ``Grid.steps`` indexes
directly are ``hexes.padded``: their last entry answers for ``NO_HEX``.

Walking passes allies but not enemies, obstacles or thin walls; difficult
terrain costs 2. On icy terrain a step slides on in the same direction, for
free, until a hex that is not icy or until the next hex is blocked (a wall,
an obstacle, any figure); a slide is one move of the search, so the search
stays linear in the board, and so does the way towards a destination: one
forward search from every reachable hex at once. Jumping ignores figures,
obstacles and terrain on the way (not walls) and pays only for the hex it
lands on (difficult terrain counts there in Gloomhaven only); flying
ignores everything but walls, negative hexes included; teleport counts
hexes straight across everything.

Walking is one search, ``cheapest_first`` (a bucket per cost), with one
fast path, ``first_reach``, for the costs from the monster on a board
without ice, where entering a hex costs the same from every side.
"""

from __future__ import annotations

import heapq
from functools import cached_property
from typing import TYPE_CHECKING, Iterable, NamedTuple, Optional, Union, cast

from ghcli.records import record
from ghcli.rules.hexes import NO_HEX, Grid, HexNo, distance, padded
from ghcli.rules.monster.values import MOVE, NEG, NEGATIVES, Cost

if TYPE_CHECKING:
    from ghcli.rules.board import Board

__all__ = ["NEG", "MOVE", "Terrain", "Movement", "Costs", "Moves", "cheapest_first", "first_reach"]

#: A move of the search: the hex it ends on and what it costs.
Move = tuple[HexNo, Cost]


@record(frozen=True)
class Terrain:
    """Per-hex tables of one turn (lists by hex number, built once and never changed): what
    entering a hex costs and what stops a move."""

    grid: Grid
    start: HexNo
    negative: list[int]  # 1 for a trap or hazardous hex
    difficult: list[int]
    icy: list[int]
    obstacle: list[int]
    occupied: list[int]  # any figure but the active monster
    enter: list[Cost]  # what walking into the hex costs: 1, 2 on difficult terrain, + NEG if negative
    blocked: list[int]  # (padded: NO_HEX is blocked) walking cannot enter it: an obstacle, an enemy

    @classmethod
    def of(cls, board: Board) -> Terrain:
        grid = board.grid
        n = len(grid)
        index = grid.index

        def flags(numbers: Iterable[HexNo]) -> list[int]:
            out = [0] * n
            for i in numbers:
                out[i] = 1
            return out

        me = board.monster
        others = [index[f.at] for f in board.figures if f.id != me.id]
        enemies = [index[f.at] for f in board.figures if f.id != me.id and f.is_enemy]
        negative = [index[h] for h in board.trap | board.hazardous]
        difficult = [index[h] for h in board.difficult]
        obstacle = flags(index[h] for h in board.obstacle)
        enter = [1] * n
        for i in difficult:
            enter[i] = 2
        for i in negative:
            enter[i] += NEG
        blocked = padded(obstacle, 1)
        for i in enemies:
            blocked[i] = 1
        return cls(
            grid=grid,
            start=index[me.at],
            negative=flags(negative),
            difficult=flags(difficult),
            icy=flags(index[h] for h in board.icy),
            obstacle=obstacle,
            occupied=flags(others),
            enter=enter,
            blocked=blocked,
        )

    def endable(self, i: HexNo) -> bool:
        """The monster may end its move on hex i (empty, not an obstacle, or its own)."""
        return i == self.start or not (self.obstacle[i] or self.occupied[i])


class Costs(NamedTuple):
    """Stage 1's answer: by hex number, the least cost to reach each hex from the monster with
    unlimited movement (None: never) and the hex a cheapest path comes from (``NO_HEX``: none,
    or not walking)."""

    cost: list[Optional[Cost]]
    parent: list[HexNo]


def cheapest_first(label: list[Optional[Cost]], buckets: dict[Cost, list[HexNo]], closed: list[int], moves: Moves,
                   src: list[int], carry: list[int], merge: bool, left: Optional[set[HexNo]] = None) -> None:
    """The walking search: hexes settled cheapest first (a bucket per cost: costs are few
    distinct integers, and every move costs at least 1), from the hexes of ``buckets``
    ({cost: hexes}, emptied), each at its ``label`` (the best cost found so far, final once
    settled; filled in place).

    ``closed`` (padded; changed in place): hexes never entered, and those settled.
    ``moves``: the moves from each hex (``Moves``). ``carry``: what a hex takes from the
    hex it is best reached from, ``src[i]``: on a cheaper way it is replaced, and with
    ``merge`` the equally cheap ways are or-ed in (``src`` the identity and no merge:
    ``carry`` is the parents; ``src`` is ``carry`` with merge: bit masks of the starts
    reaching each hex best). With ``left``, the search stops once all of those hexes are
    settled."""
    steps, enter, slides = moves
    keys = sorted(buckets)  # (a sorted list is a heap)
    push, pop = heapq.heappush, heapq.heappop
    while keys and (left is None or left):
        c = pop(keys)
        for i in buckets.pop(c):
            if closed[i] or label[i] != c:
                continue
            closed[i] = 1
            if left is not None:
                left.discard(i)
            m = src[i]
            got = slides.get(i)
            ends: tuple[HexNo, ...]
            price: Union[list[Cost], dict[HexNo, Cost]]
            if got is None:
                ends, price = steps[i], enter
            else:  # next to ice: its steps and slides
                ends, price = got
            for j in ends:
                if closed[j]:
                    continue
                nc = c + price[j]
                old = label[j]
                if old is None or nc < old:
                    label[j] = nc
                    carry[j] = m
                    b = buckets.get(nc)
                    if b is None:
                        buckets[nc] = [j]
                        push(keys, nc)
                    else:
                        b.append(j)
                elif merge and nc == old:
                    carry[j] |= m


def first_reach(t: Terrain) -> Costs:
    """``cheapest_first`` from the monster where no hex is icy: entering a hex costs the same
    from every side (``Terrain.enter``), and hexes are taken cheapest first (a bucket per
    cost, in the order they were put in), so the first hex to reach another gives its least
    cost and its parent: each hex is put in one bucket, once (with every step costing 1,
    this is a breadth-first search). Most steps cost 1, into the bucket after the one being
    taken: that bucket is kept at hand. (Measured on the shared cases and the 40 x 40 board
    of benchmarks/rules_bench.py: about twice as fast as ``cheapest_first`` with its moves,
    and the costs from the monster are asked on every board.)"""
    steps, enter, start = t.grid.steps, t.enter, t.start
    n = len(steps)
    cost: list[Optional[Cost]] = [None] * n
    parent = [NO_HEX] * n
    seen = list(t.blocked)  # reached already, or never entered (padded: NO_HEX too)
    seen[start] = 1
    cost[start] = 0
    buckets = {0: [start]}
    keys = [0]
    pop, push = heapq.heappop, heapq.heappush
    while keys:
        c = pop(keys)
        one = c + 1
        after = buckets.get(one)
        new = after is None
        if after is None:
            after = []
        for i in buckets.pop(c):
            for j in steps[i]:
                if not seen[j]:
                    seen[j] = 1
                    parent[j] = i
                    e = enter[j]
                    if e == 1:
                        cost[j] = one
                        after.append(j)
                        continue
                    cost[j] = nc = c + e
                    b = buckets.get(nc)
                    if b is None:
                        buckets[nc] = [j]
                        push(keys, nc)
                    else:
                        b.append(j)
        if new and after:
            buckets[one] = after
            push(keys, one)
    return Costs(cost, parent)


class Moves(NamedTuple):
    """The walking moves from each hex, for ``cheapest_first``: from hex i, to each hex of
    ``steps[i]`` (``Grid.steps``: ``closed`` turns the gaps away), costing ``enter[j]``; or,
    for a hex next to ice, ``slides[i]``: the ends of its steps and slides and what each
    costs (``Movement.walk_moves``). (A slide runs straight on, so each end is another hex.
    Only the hexes next to ice get a table: one for every hex would cost more than the
    rest of the search.)"""

    steps: list[tuple[HexNo, ...]]
    enter: list[Cost]
    slides: dict[HexNo, tuple[tuple[HexNo, ...], dict[HexNo, Cost]]]


@record(frozen=True)
class Movement:
    """Movement costs from the monster's hex for one way of moving (walk, jump, fly, teleport)."""

    terrain: Terrain
    mode: str
    jump_pays_difficult: bool = True

    # -- the moves ---------------------------------------------------------------
    def walk_moves(self, i: HexNo) -> list[Move]:
        """(hex, cost) of every walking move from hex i: a step, or a step and the slide after it."""
        t = self.terrain
        steps = t.grid.steps[i]
        icy, neg, blocked = t.icy, t.negative, t.blocked
        out = []
        for d in range(6):
            j = steps[d]
            if j == NO_HEX or blocked[j]:
                continue
            if not icy[j]:
                out.append((j, t.enter[j]))
                continue
            c = neg[j] * NEG + 1
            cur = j
            while icy[cur]:
                nxt = t.grid.steps[cur][d]
                if nxt == NO_HEX or t.obstacle[nxt] or t.occupied[nxt]:
                    break
                cur = nxt
                c += neg[cur] * NEG
            out.append((cur, c))
        return out

    @cached_property
    def _slides(self) -> dict[HexNo, list[Move]]:
        """walk_moves of the hexes next to icy terrain (the others' moves are plain steps)."""
        t = self.terrain
        steps = t.grid.steps
        near = {i for j, ice in enumerate(t.icy) if ice for i in steps[j] if i != NO_HEX}
        return {i: self.walk_moves(i) for i in near}

    @cached_property
    def _moves(self) -> Moves:
        t = self.terrain
        slides = self._slides if any(t.icy) else {}
        return Moves(t.grid.steps, t.enter, {i: (tuple(j for j, _ in ms), dict(ms)) for i, ms in slides.items()})

    # -- costs from the monster ------------------------------------------------
    @cached_property
    def costs(self) -> Costs:
        """The costs from the monster's hex, and the parents of a cheapest path."""
        t = self.terrain
        grid, start, n = t.grid, t.start, len(t.grid)
        if self.mode == "teleport":
            at = grid.hexes[start]
            return Costs([(0 if i == start else t.negative[i] * NEG) + distance(at, h)
                          for i, h in enumerate(grid.hexes)], [NO_HEX] * n)
        if self.mode in ("fly", "jump"):
            cost = grid.distance_list([start])
            if self.mode == "jump":  # it pays for the hex it lands on
                for i, d in enumerate(cost):
                    if d is not None and i != start:
                        cost[i] = d + t.negative[i] * NEG + (1 if t.difficult[i] and self.jump_pays_difficult else 0)
            return Costs(cost, [NO_HEX] * n)
        if not any(t.icy):
            return first_reach(t)
        cost = [None] * n
        parent = [NO_HEX] * n
        cost[start] = 0
        closed = list(t.blocked)
        closed[start] = 0
        cheapest_first(cost, {0: [start]}, closed, self._moves, list(range(n)), parent, merge=False)
        return Costs(cost, parent)

    @property
    def cost(self) -> list[Optional[Cost]]:
        """cost[i]: the least cost to reach hex i with unlimited movement (None: never)."""
        return self.costs.cost

    def path_to(self, i: HexNo) -> list[HexNo]:
        """Hex numbers of one cheapest path from the monster to hex i (its ends only, but walking)."""
        start = self.terrain.start
        if i == start:
            return [start]
        if self.mode != "walk":
            return [start, i]
        parent = self.costs.parent
        path = [i]
        while path[-1] != start and parent[path[-1]] != NO_HEX:
            path.append(parent[path[-1]])
        return path[::-1]

    # -- the rest of a path ------------------------------------------------------
    def towards(self, dests: Iterable[HexNo], froms: Iterable[HexNo]) -> dict[HexNo, dict[HexNo, Cost]]:
        """For each hex of ``dests``: the hexes of ``froms`` that bring the monster best towards
        it (the fewest negative hexes on the whole way, this turn's and later turns', then the
        least movement from there on), as {hex: its cost from there on}.

        Walking: one forward search from all of ``froms`` at once (``cheapest_first``), each
        starting with its own negative hexes so far, that carries for every hex the set (a bit
        mask) of the starting hexes that reach it best; it stops once every destination is
        settled."""
        cost = cast("list[Cost]", self.cost)  # (every hex of ``froms`` is reached)
        if self.mode != "walk":
            out = {}
            for d in dests:
                rem = self.remaining(d, froms)
                total = {x: (cost[x] & NEGATIVES) + c for x, c in rem.items()}
                best = min(total.values(), default=None)
                out[d] = {x: c for x, c in rem.items() if total[x] == best}
            return out
        t = self.terrain
        froms = list(froms)
        dests = list(dests)
        n = len(t.grid)
        label: list[Optional[Cost]] = [None] * n
        mask = [0] * n
        buckets: dict[Cost, list[HexNo]] = {}
        for k, x in enumerate(froms):
            c = cost[x] & NEGATIVES
            old = label[x]
            if old is None or c < old:
                label[x], mask[x] = c, 1 << k
            elif c == old:
                mask[x] |= 1 << k
            b = buckets.get(c)
            if b is None:
                buckets[c] = [x]
            else:
                b.append(x)
        cheapest_first(label, buckets, list(t.blocked), self._moves, mask, mask, merge=True, left=set(dests))
        out = {}
        for d in dests:
            got = label[d]
            picked: dict[HexNo, Cost] = {}
            if got is not None:
                m = mask[d]
                for k, x in enumerate(froms):
                    if m >> k & 1:
                        picked[x] = got - (cost[x] & NEGATIVES)  # the cost from x on
            out[d] = picked
        return out

    def remaining(self, dest: HexNo, froms: Iterable[HexNo]) -> dict[HexNo, Cost]:
        """Jumping, flying, teleporting: the cost from each hex of ``froms`` to dest (the rest
        of the way if the monster stood there); only the landing hex, dest, can be negative."""
        t = self.terrain
        grid = t.grid
        froms = list(froms)
        if self.mode == "teleport":
            at = grid.hexes[dest]
            steps = {x: distance(grid.hexes[x], at) for x in froms}
        else:
            got = grid.distance_list([dest], until=froms)
            steps = {x: d for x in froms if (d := got[x]) is not None}
        land = t.negative[dest] * NEG if self.mode != "fly" else 0
        return {x: (0 if x == dest else land + steps[x]) for x in froms if x in steps}
