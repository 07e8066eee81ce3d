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

from ghcli.rules.hexes import DIRECTIONS, Hex, lattice_corners, lattice_to_real, shared_edge

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


class Sight:
    """Line of sight on one map; verdicts cached per ordered pair."""

    def __init__(self, hexes: Iterable, thin_walls: Iterable, rules: str = "gloomhaven"):
        self.hexes = frozenset(hexes)
        self.walls = wall_segments(self.hexes, thin_walls)
        self.rules = rules
        self._cache: dict = {}

    # -- the raw test -------------------------------------------------------
    def blocked(self, a: Point, b: Point) -> bool:
        """The lattice segment a-b touches a wall."""
        ax, ay = a
        bx, by = b
        lox, hix = (ax, bx) if ax <= bx else (bx, ax)
        loy, hiy = (ay, by) if ay <= by else (by, ay)
        for (p, q) in self.walls:
            if max(p[0], q[0]) < lox or min(p[0], q[0]) > hix or max(p[1], q[1]) < loy or min(p[1], q[1]) > hiy:
                continue
            if segments_touch(a, b, p, q):
                return True
        return False

    def witness(self, a, b) -> Optional[Segment]:
        """A clear lattice line between hexes a and b, or None."""
        if self.rules == "gloomhaven":
            for ca in lattice_corners(a):
                for cb in lattice_corners(b):
                    if not self.blocked(ca, cb):
                        return (ca, cb)
            return None
        return self._witness_any_point(a, b)

    def _witness_any_point(self, a, b) -> Optional[Segment]:
        raise NotImplementedError

    def visible(self, a, b) -> bool:
        key = (a, b) if a <= b else (b, a)
        v = self._cache.get(key)
        if v is None:
            v = a == b or self.witness(a, b) is not None
            self._cache[key] = v
        return v


def sight_for(board) -> Sight:
    """The (cached) Sight of a ghcli.rules.board.Board."""
    s = board._cache.get("sight")
    if s is None:
        s = Sight(board.hexes, board.walls, board.rules)
        board._cache["sight"] = s
    return s

