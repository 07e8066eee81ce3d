"""Stage 1, movement costs: what every hex costs the monster to reach, negative hexes first.

A cost is one integer, ``negative hexes * NEG + movement points``: NEG is
larger than any movement, so integers compare as the pair (negative hexes
entered, movement), and a trap or hazardous hex is an obstacle whenever any
path avoids it. ``Movement`` holds the costs from the monster's hex (with
unlimited movement), the parents for showing a path, and answers the
question of the way towards a destination (``towards``) for a monster that
cannot reach it this turn. Arrays are indexed by hex number
(``ghcli.rules.hexes.Grid``).

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
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import cached_property

from ghcli.rules.hexes import Grid, distance

#: Weight of one negative hex in a cost: larger than any movement.
NEG = 1 << 20
#: ``cost & MOVE`` is a cost's movement points, ``cost >> 20`` its negative hexes.
MOVE = NEG - 1


@dataclass(frozen=True)
class Terrain:
    """Per-hex tables of one turn (lists by hex number, built once and never changed): what
    entering a hex costs and what stops a move."""

    grid: Grid
    start: int
    negative: list  # 1 for a trap or hazardous hex
    difficult: list
    icy: list
    obstacle: list
    occupied: list  # any figure but the active monster
    enter: list  # what walking into the hex costs: 1, 2 on difficult terrain, + NEG if negative
    blocked: list  # walking cannot enter it (an obstacle, an enemy); and, last, 1 for hex -1

    @classmethod
    def of(cls, board) -> "Terrain":
        grid = board.grid
        n = len(grid)
        index = grid.index

        def flags(numbers):
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
        blocked = obstacle + [1]  # (hex -1, the gaps of ``Grid.steps``, last: blocked[j] rejects them)
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

    def endable(self, i: int) -> bool:
        """The monster may end its move on hex i (empty, not an obstacle, or its own)."""
        return i == self.start or not (self.obstacle[i] or self.occupied[i])


@dataclass(frozen=True)
class Movement:
    """Movement costs from the monster's hex for one way of moving (walk, jump, fly, teleport)."""

    terrain: Terrain
    mode: str
    jump_pays_difficult: bool = True

    # -- the moves ---------------------------------------------------------------
    def walk_moves(self, i: int) -> list:
        """(hex, cost) of every walking move from hex i: a step, or a step and the slide after it."""
        t = self.terrain
        steps = t.grid.steps[i]
        icy, neg, blocked = t.icy, t.negative, t.blocked
        out = []
        for d in range(6):
            j = steps[d]
            if j < 0 or blocked[j]:
                continue
            if not icy[j]:
                out.append((j, t.enter[j]))
                continue
            cost = neg[j] * NEG + 1
            cur = j
            while icy[cur]:
                nxt = t.grid.steps[cur][d]
                if nxt < 0 or t.obstacle[nxt] or t.occupied[nxt]:
                    break
                cur = nxt
                cost += neg[cur] * NEG
            out.append((cur, cost))
        return out

    # -- costs from the monster ------------------------------------------------
    @cached_property
    def _search(self) -> tuple:
        t = self.terrain
        grid, start, n = t.grid, t.start, len(t.grid)
        cost = [None] * n
        parent = [-1] * n
        if self.mode == "teleport":
            at = grid.hexes[start]
            for i, h in enumerate(grid.hexes):
                cost[i] = (0 if i == start else t.negative[i] * NEG) + distance(at, h)
            return cost, parent
        if self.mode in ("fly", "jump"):
            cost = grid.distance_list([start])
            if self.mode == "jump":  # it pays for the hex it lands on
                for i, d in enumerate(cost):
                    if d is not None and i != start:
                        cost[i] = d + t.negative[i] * NEG + (1 if t.difficult[i] and self.jump_pays_difficult else 0)
            return cost, parent
        if not any(t.icy):
            return self._first_reach(cost, parent)
        # Dijkstra with a bucket per cost (costs are few distinct integers; steps cost >= 1);
        # cost[] holds the best cost found so far, final once the hex is settled
        links, enter = grid.steps, t.enter
        slides = self._slides
        closed = list(t.blocked)  # settled, or never entered (and hex -1: see Terrain.blocked)
        closed[start] = False
        cost[start] = 0
        buckets = {0: [start]}
        keys = [0]
        pop, push = heapq.heappop, heapq.heappush
        while keys:
            c = pop(keys)
            for i in buckets.pop(c):
                if closed[i] or cost[i] != c:
                    continue
                closed[i] = True
                if i in slides:
                    for j, s in slides[i]:
                        if closed[j]:
                            continue
                        nc = c + s
                        old = cost[j]
                        if old is None or nc < old:
                            cost[j] = nc
                            parent[j] = i
                            b = buckets.get(nc)
                            if b is None:
                                buckets[nc] = [j]
                                push(keys, nc)
                            else:
                                b.append(j)
                    continue
                for j in links[i]:
                    if closed[j]:
                        continue
                    nc = c + enter[j]
                    old = cost[j]
                    if old is None or nc < old:
                        cost[j] = nc
                        parent[j] = i
                        b = buckets.get(nc)
                        if b is None:
                            buckets[nc] = [j]
                            push(keys, nc)
                        else:
                            b.append(j)
        return cost, parent

    def _first_reach(self, cost: list, parent: list) -> tuple:
        """Walking where no hex is icy: entering a hex costs the same from every side
        (``Terrain.enter``), and hexes are taken cheapest first (a bucket per cost, in the
        order they were put in), so the first hex to reach another gives its least cost
        and its parent: each hex is put in one bucket, once (with every step costing 1,
        this is a breadth-first search). Most steps cost 1, into the bucket after the one
        being taken: that bucket is kept at hand."""
        t = self.terrain
        steps, enter, start = t.grid.steps, t.enter, t.start
        seen = list(t.blocked)  # reached already, or never entered (and hex -1)
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
            if new:
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
        return cost, parent

    @property
    def cost(self) -> list:
        """cost[i]: the least cost to reach hex i with unlimited movement (None: never)."""
        return self._search[0]

    def path_to(self, i: int) -> list:
        """Hex numbers of one cheapest path from the monster to hex i (its ends only, but walking)."""
        start = self.terrain.start
        if i == start:
            return [start]
        if self.mode != "walk":
            return [start, i]
        parent = self._search[1]
        path = [i]
        while path[-1] != start and parent[path[-1]] >= 0:
            path.append(parent[path[-1]])
        return path[::-1]

    # -- the rest of a path ------------------------------------------------------
    def towards(self, dests, froms) -> dict:
        """For each hex of ``dests``: the hexes of ``froms`` that bring the monster best towards
        it (the fewest negative hexes on the whole way, this turn's and later turns', then the
        least movement from there on), as {hex: its cost from there on}.

        Walking: one forward search from all of ``froms`` at once, each starting with its own
        negative hexes so far, that carries for every hex the set (a bit mask) of the
        starting hexes that reach it best; it stops once every destination is settled."""
        if self.mode != "walk":
            out = {}
            for d in dests:
                rem = self.remaining(d, froms)
                best = min(((self.cost[x] >> 20) * NEG + c for x, c in rem.items()), default=None)
                out[d] = {x: c for x, c in rem.items() if (self.cost[x] >> 20) * NEG + c == best}
            return out
        t = self.terrain
        cost = self.cost
        froms = list(froms)
        n = len(t.grid)
        label = [None] * n
        mask = [0] * n
        done = [False] * n
        buckets: dict = {}
        keys: list = []
        push, pop = heapq.heappush, heapq.heappop
        for k, x in enumerate(froms):
            c = (cost[x] >> 20) * NEG
            if label[x] is None or c < label[x]:
                label[x], mask[x] = c, 1 << k
            elif c == label[x]:
                mask[x] |= 1 << k
            if c not in buckets:
                buckets[c] = []
                push(keys, c)
            buckets[c].append(x)
        icy = any(t.icy)
        slides = self._slides if icy else {}
        links, blocked, enter = t.grid.steps, t.blocked, t.enter
        left = set(dests)
        while keys and left:
            c = pop(keys)
            for i in buckets.pop(c):
                if done[i] or label[i] != c:
                    continue
                done[i] = True
                left.discard(i)
                m = mask[i]
                # (the step is written out twice: a list of moves built for every plain hex
                # would cost more than the rest of the search)
                if i not in slides:  # steps, each costing what entering the hex costs
                    for j in links[i]:
                        if blocked[j] or done[j]:
                            continue
                        nc = c + enter[j]
                        old = label[j]
                        if old is None or nc < old:
                            label[j], mask[j] = nc, m
                            b = buckets.get(nc)
                            if b is None:
                                buckets[nc] = [j]
                                push(keys, nc)
                            else:
                                b.append(j)
                        elif nc == old:
                            mask[j] |= m
                else:  # next to ice: steps and slides (``walk_moves``)
                    for j, s in slides[i]:
                        if done[j]:
                            continue
                        nc = c + s
                        old = label[j]
                        if old is None or nc < old:
                            label[j], mask[j] = nc, m
                            b = buckets.get(nc)
                            if b is None:
                                buckets[nc] = [j]
                                push(keys, nc)
                            else:
                                b.append(j)
                        elif nc == old:
                            mask[j] |= m
        out = {}
        for d in dests:
            if label[d] is None:
                out[d] = {}
                continue
            m, picked = mask[d], {}
            for k, x in enumerate(froms):
                if m >> k & 1:
                    picked[x] = label[d] - (cost[x] >> 20) * NEG  # the cost from x on
            out[d] = picked
        return out

    def remaining(self, dest: int, froms) -> dict:
        """Jumping, flying, teleporting: the cost from each hex of ``froms`` to dest (the rest
        of the way if the monster stood there); only the landing hex, dest, can be negative."""
        t = self.terrain
        grid = t.grid
        if self.mode == "teleport":
            at = grid.hexes[dest]
            steps = {x: distance(grid.hexes[x], at) for x in froms}
        else:
            steps = grid.distance_list([dest], until=froms)
            steps = {x: steps[x] for x in froms if steps[x] is not None}
        land = t.negative[dest] * NEG if self.mode != "fly" else 0
        return {x: (0 if x == dest else land + steps[x]) for x in froms if x in steps}

    @cached_property
    def _slides(self) -> dict:
        """walk_moves of the hexes next to icy terrain (the others' moves are plain steps)."""
        t = self.terrain
        steps = t.grid.steps
        near = {i for j, ice in enumerate(t.icy) if ice for i in steps[j] if i >= 0}
        return {i: self.walk_moves(i) for i in near}
