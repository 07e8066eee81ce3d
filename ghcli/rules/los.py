"""Line of sight between hexes, for the three rule sets of board format 1.

Walls are segments in the lattice coordinates of ``ghcli.rules.hexes``
(exact integers): every thin wall, and every edge between a map hex and a hex
off the map (the map's edge and wall hexes).

* Gloomhaven: hex A sees hex B when some line from a corner of A to a corner
  of B touches no wall (touching a wall's end point counts as touching).
* Frosthaven and Jaws of the Lion: a line from any point of A to any point of
  B that touches no wall (so a hex whose corners all touch walls still sees
  out of its middle).

``Sight`` holds the walls of one board and caches verdicts per pair.
"""

from __future__ import annotations

from typing import Callable, Iterable, Optional

from ghcli.rules.hexes import (
    DIRECTIONS,
    SQRT3,
    lattice_centre,
    lattice_corners,
    lattice_to_real,
    shared_edge,
)

Point = tuple[int, int]
Segment = tuple[Point, Point]


def _orient(a: Point, b: Point, c: Point) -> int:
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    """p collinear with a-b lies within its bounding box."""
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_touch(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Closed segments p1-p2 and q1-q2 share at least one point (exact)."""
    o1 = _orient(p1, p2, q1)
    o2 = _orient(p1, p2, q2)
    o3 = _orient(q1, q2, p1)
    o4 = _orient(q1, q2, p2)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    return (
        (o1 == 0 and _on_segment(p1, p2, q1))
        or (o2 == 0 and _on_segment(p1, p2, q2))
        or (o3 == 0 and _on_segment(q1, q2, p1))
        or (o4 == 0 and _on_segment(q1, q2, p2))
    )


def _edge_corners():
    """For each direction, the lattice offsets (from a hex's centre) of the edge towards it."""
    out = []
    for d in DIRECTIONS:
        out.append((d, shared_edge((0, 0), d)))
    return tuple(out)


_EDGE_CORNERS = _edge_corners()


def _crosses(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """The segments cross at a point inside both (not merely touching)."""
    return _orient(p1, p2, q1) * _orient(p1, p2, q2) < 0 and _orient(q1, q2, p1) * _orient(q1, q2, p2) < 0


def wall_segments(hexes: Iterable, thin_walls: Iterable) -> list[Segment]:
    """Every sight-blocking segment: thin walls plus the map's edge."""
    hexset = set(hexes)
    segs: set[Segment] = set()
    for h in hexset:
        q, r = h
        X, Y = 3 * q, 2 * r + q
        for (dq, dr), (c1, c2) in _EDGE_CORNERS:
            if (q + dq, r + dr) not in hexset:
                a = (X + c1[0], Y + c1[1])
                b = (X + c2[0], Y + c2[1])
                segs.add((a, b) if a <= b else (b, a))
    for w in thin_walls:
        a, b = tuple(w)
        segs.add(shared_edge(a, b))
    return sorted(segs)


#: Scale of the sample points used by the Frosthaven test (lattice units / SCALE).
SCALE = 1000


def _samples(h) -> list[Point]:
    """Twelve points of a hex in lattice units times SCALE: corners and edge midpoints,
    each pulled 1/SCALE of the way towards the centre (so they lie inside the hex)."""
    cx, cy = lattice_centre(h)
    cs = lattice_corners(h)
    out = []
    for i in range(6):
        a, b = cs[i], cs[(i + 1) % 6]
        for px, py in ((a[0] * 2, a[1] * 2), (a[0] + b[0], a[1] + b[1])):  # doubled coordinates
            x, y = px * SCALE // 2, py * SCALE // 2
            out.append((x - (x - cx * SCALE) // SCALE, y - (y - cy * SCALE) // SCALE))
    return out


class Sight:
    """Line of sight on one map; verdicts cached per unordered pair.

    ``rules`` picks the sight rule: ``"gloomhaven"`` corner to corner; the
    others (Frosthaven; Jaws of the Lion uses Frosthaven's) any point to any
    point. The any-point test checks, after the corner lines, lines between
    twelve points of each hex (corners and edge midpoints pulled a thousandth
    inwards): the lines that slip past a wall's end point.
    """

    def __init__(self, hexes: Iterable, thin_walls: Iterable, rules: str = "gloomhaven"):
        self.hexes = frozenset(hexes)
        self.walls = wall_segments(self.hexes, thin_walls)
        self.rules = rules
        self.corners_only = rules == "gloomhaven"
        # walls bucketed by the real position of their midpoint, for the nearness filter
        self._cell = 2.0
        self._grid: dict = {}
        for seg in self.walls:
            (px, py), (qx, qy) = seg
            mx, my = (px + qx) / 4.0, (py + qy) * HALF_SQRT3 / 2.0
            key = (int(mx // self._cell), int(my // self._cell))
            self._grid.setdefault(key, []).append((mx, my, seg))
        self._cache: dict = {}
        self._dead = frozenset(p for seg in self.walls for p in seg)

    # -- helpers --------------------------------------------------------------
    def _near_walls(self, a, b) -> list[Segment]:
        """Walls that a line between hexes a and b could touch: those whose midpoint lies
        within 1.5 (a hex's radius plus half an edge) of the segment between the centres."""
        ax, ay = lattice_centre(a)
        bx, by = lattice_centre(b)
        # real coordinates of the centres
        rax, ray, rbx, rby = ax / 2.0, ay * HALF_SQRT3, bx / 2.0, by * HALF_SQRT3
        dx, dy = rbx - rax, rby - ray
        ll = dx * dx + dy * dy
        limit = 1.5 * 1.5 + 1e-9
        cell = self._cell
        out = []
        for cx in range(int((min(rax, rbx) - 1.5) // cell), int((max(rax, rbx) + 1.5) // cell) + 1):
            for cy in range(int((min(ray, rby) - 1.5) // cell), int((max(ray, rby) + 1.5) // cell) + 1):
                for px, py, seg in self._grid.get((cx, cy), ()):
                    t = ((px - rax) * dx + (py - ray) * dy) / ll if ll else 0.0
                    t = 0.0 if t < 0 else 1.0 if t > 1 else t
                    ex, ey = px - rax - t * dx, py - ray - t * dy
                    if ex * ex + ey * ey <= limit:
                        out.append(seg)
        return out

    @staticmethod
    def _clear(a: Point, b: Point, walls: list[Segment]) -> bool:
        """No wall touches the segment a-b (exact; inlined orientation tests)."""
        ax, ay = a
        bx, by = b
        minx, maxx = (ax, bx) if ax <= bx else (bx, ax)
        miny, maxy = (ay, by) if ay <= by else (by, ay)
        dx, dy = bx - ax, by - ay
        for (px, py), (qx, qy) in walls:
            if (px < minx and qx < minx) or (px > maxx and qx > maxx):
                continue
            if (py < miny and qy < miny) or (py > maxy and qy > maxy):
                continue
            o1 = dx * (py - ay) - dy * (px - ax)
            o2 = dx * (qy - ay) - dy * (qx - ax)
            if (o1 > 0 and o2 > 0) or (o1 < 0 and o2 < 0):
                continue
            ex, ey = qx - px, qy - py
            o3 = ex * (ay - py) - ey * (ax - px)
            o4 = ex * (by - py) - ey * (bx - px)
            if (o3 > 0 and o4 > 0) or (o3 < 0 and o4 < 0):
                continue
            return False  # crossing, touching, or collinear with overlapping boxes
        return True

    # -- the tests -------------------------------------------------------------
    def witness(self, a, b) -> Optional[tuple[tuple[float, float], tuple[float, float]]]:
        """A clear line (real coordinates) between hexes a and b, or None."""
        walls = self._near_walls(a, b)
        dead = self._dead  # a corner on a wall's end point: every line from it touches that wall
        cbs = [cb for cb in lattice_corners(b) if cb not in dead]
        for ca in lattice_corners(a):
            if ca in dead:
                continue
            for cb in cbs:
                if self._clear(ca, cb, walls):
                    return (lattice_to_real(ca), lattice_to_real(cb))
        if self.corners_only:
            return None
        scaled = [((p[0] * SCALE, p[1] * SCALE), (q[0] * SCALE, q[1] * SCALE)) for p, q in walls]
        sb = _samples(b)
        for u in _samples(a):
            for v in sb:
                if self._clear(u, v, scaled):
                    return (_unscale(u), _unscale(v))
        return None

    def visible(self, a, b) -> bool:
        if a == b:
            return True
        key = (a, b) if a <= b else (b, a)
        v = self._cache.get(key)
        if v is None:
            v = self.witness(a, b) is not None
            self._cache[key] = v
        return v

    def visible_from(self, a) -> list:
        """Every map hex visible from a (a included), sorted."""
        return sorted(h for h in self.hexes if self.visible(a, h))

    def explain(self, a, b) -> dict:
        """The LOS answer for renderers: visible, line, and when blocked the nearest-to-clear
        corner-to-corner line (fewest walls crossed, then touched, then shortest) and the
        wall it touches nearest its start (real coordinates)."""
        line = None if a == b else self.witness(a, b)
        out = {
            "from": [a[0], a[1]],
            "to": [b[0], b[1]],
            "visible": a == b or line is not None,
            "line": [list(line[0]), list(line[1])] if line else None,
            "blocked_line": None,
            "blocked_by": None,
        }
        if a != b and line is None:
            walls = self._near_walls(a, b)
            best = None
            for ca in lattice_corners(a):
                for cb in lattice_corners(b):
                    hits = [w for w in walls if segments_touch(ca, cb, w[0], w[1])]
                    crossed = sum(1 for w in hits if _crosses(ca, cb, w[0], w[1]))
                    length = (ca[0] - cb[0]) ** 2 + 3 * (ca[1] - cb[1]) ** 2
                    key = (crossed, len(hits), length)
                    if best is None or key < best[0]:
                        best = (key, ca, cb, hits)
            _, ca, cb, hits = best
            # the touched wall nearest the start of the line
            first = min(hits, key=lambda w: (w[0][0] + w[1][0] - 2 * ca[0]) ** 2 + 3 * (w[0][1] + w[1][1] - 2 * ca[1]) ** 2)
            out["blocked_line"] = [list(lattice_to_real(ca)), list(lattice_to_real(cb))]
            out["blocked_by"] = [list(lattice_to_real(first[0])), list(lattice_to_real(first[1]))]
        return out


HALF_SQRT3 = SQRT3 / 2.0


def _unscale(p: Point) -> tuple[float, float]:
    return (p[0] / (2.0 * SCALE), p[1] * SQRT3 / (2.0 * SCALE))


def sight_for(board) -> Sight:
    """The (cached) Sight of a ghcli.rules.board.Board."""
    s = board._cache.get("sight")
    if s is None:
        s = Sight(board.hexes, board.walls, board.rules)
        board._cache["sight"] = s
    return s
