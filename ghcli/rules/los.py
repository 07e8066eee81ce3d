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


def wall_segments(hexes: Iterable, thin_walls: Iterable) -> list[Segment]:
    """Every sight-blocking segment: thin walls plus the map's edge."""
    hexset = set(hexes)
    segs: set[Segment] = set()
    for h in hexset:
        q, r = h
        for dq, dr in DIRECTIONS:
            n = (q + dq, r + dr)
            if n not in hexset:
                segs.add(shared_edge(h, n))
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
        # wall midpoints in lattice units times 2, for the quick nearness filter
        self._mids = [((p[0] + q[0]), (p[1] + q[1])) for p, q in self.walls]
        self._cache: dict = {}

    # -- helpers --------------------------------------------------------------
    def _near_walls(self, a, b) -> list[Segment]:
        """Walls that a line between hexes a and b could touch (near the pair's hull)."""
        ax, ay = lattice_centre(a)
        bx, by = lattice_centre(b)
        # real coordinates: x = X/2, y = Y*sqrt(3)/2; work in doubled-real units squared
        ax2, ay2, bx2, by2 = ax, ay * SQRT3, bx, by * SQRT3  # (2x, 2y)
        dx, dy = bx2 - ax2, by2 - ay2
        ll = dx * dx + dy * dy
        out = []
        limit = (2 * 1.5 + 0.01) ** 2  # 1 (hex radius) + 0.5 (half an edge), doubled
        for (mx, my), seg in zip(self._mids, self.walls):
            px, py = mx / 2.0, my / 2.0 * SQRT3
            t = ((px - ax2) * dx + (py - ay2) * dy) / ll if ll else 0.0
            t = 0.0 if t < 0 else 1.0 if t > 1 else t
            ex, ey = px - (ax2 + t * dx), py - (ay2 + t * dy)
            if ex * ex + ey * ey <= limit:
                out.append(seg)
        return out

    @staticmethod
    def _clear(a: Point, b: Point, walls: list[Segment]) -> bool:
        for p, q in walls:
            if segments_touch(a, b, p, q):
                return False
        return True

    # -- the tests -------------------------------------------------------------
    def witness(self, a, b) -> Optional[tuple[tuple[float, float], tuple[float, float]]]:
        """A clear line (real coordinates) between hexes a and b, or None."""
        walls = self._near_walls(a, b)
        for ca in lattice_corners(a):
            for cb in lattice_corners(b):
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
        corner-to-corner line and the wall it touches (real coordinates)."""
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
                    length = (ca[0] - cb[0]) ** 2 + 3 * (ca[1] - cb[1]) ** 2
                    key = (len(hits), length)
                    if best is None or key < best[0]:
                        best = (key, ca, cb, hits)
            _, ca, cb, hits = best
            # the touched wall nearest the start of the line
            first = min(hits, key=lambda w: (w[0][0] + w[1][0] - 2 * ca[0]) ** 2 + 3 * (w[0][1] + w[1][1] - 2 * ca[1]) ** 2)
            out["blocked_line"] = [list(lattice_to_real(ca)), list(lattice_to_real(cb))]
            out["blocked_by"] = [list(lattice_to_real(first[0])), list(lattice_to_real(first[1]))]
        return out


def _unscale(p: Point) -> tuple[float, float]:
    return (p[0] / (2.0 * SCALE), p[1] * SQRT3 / (2.0 * SCALE))


def sight_for(board) -> Sight:
    """The (cached) Sight of a ghcli.rules.board.Board."""
    s = board._cache.get("sight")
    if s is None:
        s = Sight(board.hexes, board.walls, board.rules)
        board._cache["sight"] = s
    return s
