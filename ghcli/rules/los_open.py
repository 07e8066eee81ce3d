"""Gloomhaven's corner rule under the ``open`` map-edge reading (``rulesets.READINGS``).

"The wall does not technically begin until the edge": the map's outline is
where the walls begin, so a corner-to-corner line may run along it and touch
its corners. A line is blocked only by

* a thin wall it touches (its end points included, as under the default
  reading), or
* the inside of a hex off the map (the wall itself): a line that crosses the
  outline into such a hex, or runs between two hexes off the map along the
  edge they share.

Neighbours with no thin wall between them always see each other.

Exact, in the lattice coordinates of ``ghcli.rules.hexes`` (integers only).
Every line between hexes A and B lies in their convex hull, and every hex whose
inside such a line meets, and every thin wall it touches, belongs to a hex
meeting that hull (``los._band``), so only those are looked at. No shipped
tables here: this reading is a table's choice, not the default, and a pair costs
36 lines against the few hexes near them.
"""

from __future__ import annotations

from typing import Collection, Optional, Sequence, Union

from ghcli.rules.hexes import CORNER_OFFSETS, DIRECTIONS, segments_touch

Point = tuple[int, int]
Segment = tuple[Point, Point]
#: A hex as (q, r).
HexLike = tuple[int, int]
#: What blocks a line (``OpenEdge.blockers``): ("thin", segment), ("off", hex) or ("inner", segment).
Blocker = tuple[str, Union[Segment, HexLike]]


def _cross(ox: int, oy: int, ax: int, ay: int, bx: int, by: int) -> int:
    return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox)


def meets_inside(p: Point, q: Point, corners: Sequence[Point]) -> bool:
    """The closed segment p-q meets the inside of the convex hexagon with these corners
    (counter-clockwise). They are disjoint exactly when a line separates them, and for
    two convex polygons one of the hexagon's edges or the segment itself gives it."""
    px, py = p
    qx, qy = q
    for k in range(6):
        ux, uy = corners[k]
        vx, vy = corners[(k + 1) % 6]
        if _cross(ux, uy, vx, vy, px, py) <= 0 and _cross(ux, uy, vx, vy, qx, qy) <= 0:
            return False  # wholly on the outer side of this edge's line (on it included)
    signs = {(_cross(px, py, qx, qy, x, y) > 0) - (_cross(px, py, qx, qy, x, y) < 0) for x, y in corners}
    return not (signs <= {0, 1} or signs <= {0, -1})


def runs_along(p: Point, q: Point, u: Point, w: Point) -> bool:
    """The segment p-q shares more than a point with the segment u-w (collinear, overlapping)."""
    if _cross(*p, *q, *u) or _cross(*p, *q, *w):
        return False
    dx, dy = q[0] - p[0], q[1] - p[1]
    if not dx and not dy:
        return False

    def t(z: Point) -> int:
        return (z[0] - p[0]) * dx + (z[1] - p[1]) * dy

    lo, hi = sorted((t(u), t(w)))
    return min(hi, dx * dx + dy * dy) > max(lo, 0)


def corners_of(h: HexLike) -> tuple[Point, ...]:
    x, y = 3 * h[0], 2 * h[1] + h[0]
    return tuple((x + a, y + b) for a, b in CORNER_OFFSETS)


class OpenEdge:
    """The obstacles near one pair of hexes under the open reading, and the verdict of one line."""

    def __init__(self, a: HexLike, b: HexLike, band: Sequence[HexLike], hexset: Collection[HexLike],
                 thin_near: list[tuple[int, int, int, int]]):
        self.off: list[tuple[HexLike, tuple[Point, ...]]] = []  # corners of each hex off the map near the pair
        off_set = set()
        for dq, dr in band:
            h = (a[0] + dq, a[1] + dr)
            if h not in hexset:
                off_set.add(h)
                self.off.append((h, corners_of(h)))
        self.thin = thin_near  # flat (px, py, qx, qy)
        self.inner: list[Segment] = []  # edges between two hexes off the map: inside the wall
        for h in off_set:
            for k, (dq, dr) in enumerate(DIRECTIONS):
                n = (h[0] + dq, h[1] + dr)
                if n in off_set and h < n:
                    self.inner.append(_edge(h, n))

    def blockers(self, p: Point, q: Point, first: bool = True) -> list[Blocker]:
        """What blocks the line p-q: ``("thin", (u, w))`` for a thin wall it touches, ``("off", hex)`` for a
        hex off the map whose inside it meets, ``("inner", (u, w))`` for an edge between two hexes off
        the map it runs along; only the first one found when ``first``."""
        out: list[Blocker] = []
        for px, py, qx, qy in self.thin:
            if segments_touch(p, q, (px, py), (qx, qy)):
                out.append(("thin", ((px, py), (qx, qy))))
                if first:
                    return out
        for h, cs in self.off:
            if meets_inside(p, q, cs):
                out.append(("off", h))
                if first:
                    return out
        for u, w in self.inner:
            if runs_along(p, q, u, w):
                out.append(("inner", (u, w)))
                if first:
                    return out
        return out

    def clear(self, p: Point, q: Point) -> bool:
        return not self.blockers(p, q)


def _edge(a: HexLike, b: HexLike) -> Segment:
    ca, cb = set(corners_of(a)), set(corners_of(b))
    u, w = sorted(ca & cb)
    return (u, w)


def corner_lines(a: HexLike, b: HexLike) -> list[Segment]:
    """The corner-to-corner segments from hex a to hex b, shortest first (zero-length ones left out)."""
    out = [(p, q) for p in corners_of(a) for q in corners_of(b) if p != q]
    out.sort(key=lambda s: ((s[1][0] - s[0][0]) ** 2 + 3 * (s[1][1] - s[0][1]) ** 2, s))
    return out


def first_clear(a: HexLike, b: HexLike, near: OpenEdge) -> Optional[Segment]:
    """The first clear corner line from a to b (``corner_lines`` order), or None."""
    for p, q in corner_lines(a, b):
        if near.clear(p, q):
            return (p, q)
    return None
