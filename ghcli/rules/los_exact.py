"""The exact any-point sight test by candidate lines (Frosthaven, Jaws of the Lion).

``ghcli.rules.los`` decides most pairs by chains of open edges (``los_portal``);
this test serves neighbours with a wall between them, and the tests compare the
two on every pair of their boards.

Hexes A and B see each other when some segment from a point inside A to a point
inside B touches no wall. Walls never cross a hex's inside, so such a segment
exists exactly when some line ``l`` meeting the insides of both hexes has a clear
*gap* ``G(l)``: the closed stretch of ``l`` from where it leaves A to where it
enters B. The answer is decided by finitely many candidate lines:

* Take the *vertices*: the corners of A and B and the wall end points in the
  convex hull H of the two hexes (every gap lies in H). The lines through no
  vertex fall into open cells (faces of the arrangement of the lines' duals);
  inside a cell nothing changes (which edges of A and B the line crosses, which
  walls it crosses, and where), so a cell is wholly clear or wholly blocked.
* A clear cell has a line of extreme direction in its closure; that line passes
  through two vertices u and v (the cell's upper and lower bounds meet there),
  and the cell's lines near it cross it between two vertices that are next to
  each other on it, both in its closed gap (a vertex where clear turns blocked
  is in the gap, or is a corner where the line stops meeting a hex, which is
  the gap's end). So every clear cell holds a line obtained from a line through
  two vertices u, v by turning it a little (either way) about the midpoint of u
  and v: the direction ``d + s e n`` (d = v - u, n = d turned a quarter turn,
  s = +-1, e > 0 small).
* Such a turned line is decided exactly with no number chosen for "a little":
  every sign needed (a point's side of the line; the order of two crossings
  along it, the crossings being ratios with ``e`` in the denominator only) is
  that of a polynomial in ``e`` of degree one, read at ``e -> 0+`` (its constant
  term, or its ``e`` term when that is zero). Points are in doubled lattice
  coordinates (``ghcli.rules.hexes``, times 2, relative to A's centre), so every
  midpoint is an integer point and all arithmetic is on integers.

Necessary conditions of such a pair u, v prune the candidates, each cheap:

* u and v are in the closed hull H (points outside lie in no gap); a wall end
  point with three walls is none (every line near it crosses one);
* the line runs the way some line from A to B does (for hexes not neighbours,
  its direction, or the opposite, is in the cone of ``b - a``, a in A, b in B);
  a corner of A that every such direction from it enters A by is never where a
  line leaves A (likewise for B), and two corners of one hex count only as an
  edge;
* at a wall end point the walls there lie on one side of the line (else the
  cell's lines, passing next to it, cross one); the line meets both closed
  hexes; and nothing touches the open segment between u and v (the cell's
  lines pass between them, inside the gap).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal, NamedTuple, Optional, Sequence, Union

from ghcli.rules.hexes import CORNER_OFFSETS, segments_touch

#: A wall kept flat: ``(px, py, qx, qy)`` (lattice).
FlatWall = tuple[int, int, int, int]
#: The directions of the walls at a point: up to two rays ``(dx, dy)``.
Rays = tuple[tuple[int, int], ...]
#: A vertex of the candidate lines: ``(x, y, rays)``, rays () for a hex corner.
Vertex = tuple[int, int, Rays]
#: The cone of directions of the lines from A to B: ``(k1x, k1y, k2x, k2y)``, or None (neighbours).
Cone = Optional[tuple[int, int, int, int]]
#: Where the turned line meets a line: ``(num, a0, a1)``, the parameter ``num / (a0 + e a1)``.
Param = tuple[int, int, int]
#: A point with exact coordinates (ints or Fractions).
ExactPoint = tuple[Any, Any]


#: The corners of a hex in doubled lattice coordinates, relative to its centre.
_CORNERS2 = tuple((2 * x, 2 * y) for x, y in CORNER_OFFSETS)

#: How many times ``witness_line`` halves its turning angle at most (each try
#: shrinks it 2**16 times); the first try is already small for any map size.
_WITNESS_TRIES = 12


def _sign(a: int, b: int) -> int:
    """The sign of ``a + e b`` as ``e -> 0+``."""
    if a:
        return 1 if a > 0 else -1
    return (b > 0) - (b < 0)


def _next_corner(ux: int, uy: int, vx: int, vy: int) -> bool:
    """Two corners of one hex (lattice) are the two ends of one of its edges."""
    return (ux - vx) ** 2 + 3 * (uy - vy) ** 2 == 4


class Candidate(NamedTuple):
    """A turned line: through the point m (the midpoint of two vertices, lattice
    coordinates relative to A's centre, given doubled: ``(mx2, my2) = 2 m``) in the
    direction ``d + s e n`` for small e > 0 (n: d turned a quarter turn
    counter-clockwise, s = +-1)."""

    mx2: int
    my2: int
    dx: int
    dy: int
    s: int


def _turned_line_clear(mx: int, my: int, dx: int, dy: int, s: int, ca: Sequence[tuple[int, int]],
                       cb: Sequence[tuple[int, int]], walls: Sequence[FlatWall]) -> bool:
    """The line through m in direction d turned by ``s e`` (``e -> 0+``) meets the
    insides of both hexes (corners ``ca``, ``cb``, in order) and its gap touches none
    of ``walls`` (flat, doubled, relative). A vertex on the turned line itself (only
    m can be) makes it no candidate."""

    def side(x: int, y: int) -> int:
        wx, wy = x - mx, y - my
        c = dx * wy - dy * wx
        if c:
            return 1 if c > 0 else -1
        k = -s * (dx * wx + dy * wy)
        return int(k > 0) - int(k < 0)

    def chord(cs: Sequence[tuple[int, int]]) -> Optional[tuple[Param, Param]]:
        sides = [side(x, y) for x, y in cs]
        if 0 in sides or 1 not in sides or -1 not in sides:
            return None
        ts = []
        for i in range(6):
            if sides[i] != sides[i - 1]:
                ts.append(param(cs[i - 1], cs[i]))
        t1, t2 = ts
        return (t1, t2) if less_eq(t1, t2) else (t2, t1)

    def param(p: tuple[int, int], q: tuple[int, int]) -> Param:
        """Where the turned line meets the line p-q: ``num / (a0 + e a1)``, a0 + e a1 > 0."""
        ex, ey = q[0] - p[0], q[1] - p[1]
        num = ex * (p[1] - my) - ey * (p[0] - mx)
        a0 = ex * dy - ey * dx
        a1 = s * (ex * dx + ey * dy)
        if _sign(a0, a1) < 0:
            return (-num, -a0, -a1)
        return (num, a0, a1)

    def less_eq(t: Param, u: Param) -> bool:
        return _sign(t[0] * u[1] - u[0] * t[1], t[0] * u[2] - u[0] * t[2]) <= 0

    a = chord(ca)
    if a is None:
        return False
    b = chord(cb)
    if b is None:
        return False
    lo, hi = (a[1], b[0]) if less_eq(a[1], b[0]) else (b[1], a[0])
    for px, py, qx, qy in walls:
        sp = side(px, py)
        sq = side(qx, qy)
        if sp == 0 or sq == 0:
            return False
        if sp == sq:
            continue
        t = param((px, py), (qx, qy))
        if less_eq(lo, t) and less_eq(t, hi):
            return False
    return True


@lru_cache(maxsize=4096)
def _pair(dq: int, dr: int) -> tuple[Cone, tuple[Vertex, ...], int]:
    """For hex A at the origin and hex B at axial offset (dq, dr): ``(cone, corners,
    na)``, the directions of the lines from A to B (``_directions``), the corners
    (lattice, relative to A's centre, each once) that can be in a gap (``_may_leave``),
    A's first: the first ``na``."""
    cone = _directions(dq, dr)
    cx, cy = 3 * dq, 2 * dr + dq
    corners: list[Vertex] = [(x // 2, y // 2, ()) for x, y in _CORNERS2 if _may_leave(x, y, 1, cone)]
    na = len(corners)
    for x, y in _CORNERS2:
        c: Vertex = (cx + x // 2, cy + y // 2, ())
        if c not in corners and _may_leave(x, y, -1, cone):
            corners.append(c)
    return cone, tuple(corners), na


def _vertices(corners: Sequence[Vertex], ends: Sequence[Vertex], cone: Cone) -> list[Vertex]:
    """``clear_candidate``'s vertices: the hexes' corners, then the wall end points that may
    be a turned line's (one wall there: both its rays the same; two: only if the cone has a
    direction along the tangent, ``_tangent_along``)."""
    vertices = list(corners)
    for x, y, rs in ends:
        if len(rs) == 2:
            if cone is not None and not _tangent_along(rs, cone):
                continue
            vertices.append((x, y, rs))
        else:
            vertices.append((x, y, (rs[0], rs[0])))
    return vertices


def clear_candidate(
    dq: int, dr: int, walls: list[FlatWall], ends: list[Vertex], origin: tuple[int, int] = (0, 0),
    open_segments: Optional[dict[tuple[tuple[int, int], tuple[int, int]], bool]] = None
) -> Optional[Candidate]:
    """A turned line (see the module docstring) between hex A at the lattice origin
    and hex B at axial offset (dq, dr) whose gap no wall touches, or None when there
    is none (then no segment between the hexes' insides is clear). ``walls``: flat
    lattice segments relative to A's centre, every wall that may touch the hexes'
    hull H; ``ends``: the wall end points in the closed hull, ``(x, y, rays)`` with
    the directions of all the walls at the point (at most two: see the module
    docstring), hex corners of A and B left out. ``origin``: A's centre on the board
    (lattice), ``open_segments``: a dict kept per board (which segments between two
    wall end points or corners touch no wall but at their ends)."""
    ox, oy = origin
    if open_segments is None:
        open_segments = {}
    cone, corners, na = _pair(dq, dr)
    cx, cy = 3 * dq, 2 * dr + dq
    vertices = _vertices(corners, ends, cone)
    n = len(vertices)
    last: Optional[FlatWall] = None
    doubled = None  # the hexes' corners and the walls in doubled coordinates, on first use
    k1x, k1y, k2x, k2y = cone if cone is not None else (1, 0, -1, 0)
    for i in range(n):
        ux, uy, ur = vertices[i]
        for j in range(i + 1, n):
            vx, vy, vr = vertices[j]
            dx, dy = vx - ux, vy - uy
            # the line runs the way some line from A to B does
            if cone is not None:
                c1 = k1x * dy - k1y * dx
                c2 = dx * k2y - dy * k2x
                if not ((c1 >= 0 and c2 >= 0) or (c1 <= 0 and c2 <= 0)):
                    continue
            # the walls at a wall end point lie on one side of the line
            if ur:
                (r1x, r1y), (r2x, r2y) = ur
                if (dx * r1y - dy * r1x) * (dx * r2y - dy * r2x) < 0:
                    continue
            elif not vr and (i < na) == (j < na) and not _next_corner(ux, uy, vx, vy):
                continue  # two corners of one hex: only an edge can be in a gap
            if vr:
                (r1x, r1y), (r2x, r2y) = vr
                if (dx * r1y - dy * r1x) * (dx * r2y - dy * r2x) < 0:
                    continue
            # the line meets both closed hexes
            h = max(2 * abs(dy), abs(dx - dy), abs(dx + dy))
            if abs(dx * uy - dy * ux) > h or abs(dx * (uy - cy) - dy * (ux - cx)) > h:
                continue
            # nothing touches the open segment between u and v (the candidates that
            # matter are next to each other on their line, with the cell's lines
            # passing between them). The segment lies in the hull, so the answer is
            # the board's, kept in ``open_segments`` (absolute coordinates)
            pu, pv = (ux + ox, uy + oy), (vx + ox, vy + oy)
            key = (pu, pv) if pu < pv else (pv, pu)
            clear = open_segments.get(key)
            if clear is None:
                found = _open_segment_clear(ux, uy, vx, vy, walls, last)
                clear = found is True
                if found is not True:
                    last = found
                open_segments[key] = clear
            if not clear:
                continue
            if doubled is None:
                doubled = (
                    _CORNERS2,
                    tuple((2 * cx + x, 2 * cy + y) for x, y in _CORNERS2),
                    [(2 * a, 2 * b, 2 * c, 2 * d) for a, b, c, d in walls],
                )
            mx, my = ux + vx, uy + vy  # twice the midpoint: an integer point
            for s in (1, -1):
                if _turned_line_clear(mx, my, dx, dy, s, *doubled):
                    return Candidate(mx, my, dx, dy, s)
    return None


def _directions(dq: int, dr: int) -> Cone:
    """The directions from a point of hex A (centre 0) to a point of hex B (centre c),
    doubled coordinates: the cone of ``c + z``, z in the hexagon A - A (corners twice
    A's), as its two bounding rays ``(k1x, k1y, k2x, k2y)`` (k1 to k2 counter-
    clockwise, less than a half turn apart), or None when the hexes are neighbours
    (the cone is every direction). B's centre is at axial offset (dq, dr)."""
    if abs(dq) + abs(dr) + abs(dq + dr) <= 2:  # distance 1 or 0
        return None
    cx, cy = 6 * dq, 2 * (2 * dr + dq)
    pts = [(cx + 2 * x, cy + 2 * y) for x, y in _CORNERS2]
    k1 = next(p for p in pts if all(p[0] * q[1] - p[1] * q[0] >= 0 for q in pts))
    k2 = next(p for p in pts if all(q[0] * p[1] - q[1] * p[0] >= 0 for q in pts))
    return (k1[0], k1[1], k2[0], k2[1])


def _in_cone(dx: int, dy: int, cone: tuple[int, int, int, int]) -> bool:
    """d lies in the closed cone (see ``_directions``)."""
    k1x, k1y, k2x, k2y = cone
    return k1x * dy - k1y * dx >= 0 and dx * k2y - dy * k2x >= 0


def _may_leave(x: int, y: int, way: int, cone: Cone) -> bool:
    """The corner (x, y) of a hex centred at 0 (doubled) can be where a line from A
    to B leaves A (way 1) or enters B (way -1): some direction ``way * d``, d in
    ``cone``, does not point into the hex's inside from it (else no line between
    the hexes has the corner in its gap)."""
    if cone is None:
        return True
    k1x, k1y, k2x, k2y = cone
    # the inside's directions at the corner: strictly between its two edges
    i = _CORNERS2.index((x, y))
    ax, ay = _CORNERS2[i - 1][0] - x, _CORNERS2[i - 1][1] - y
    bx, by = _CORNERS2[(i + 1) % 6][0] - x, _CORNERS2[(i + 1) % 6][1] - y  # a to b clockwise

    def strictly_inside(dx: int, dy: int) -> bool:
        return bx * dy - by * dx > 0 and dx * ay - dy * ax > 0

    # the cone lies inside the (convex) inside cone iff both its bounding rays do
    return not (strictly_inside(way * k1x, way * k1y) and strictly_inside(way * k2x, way * k2y))


@lru_cache(maxsize=4096)
def _tangent_along(rays: Rays, cone: tuple[int, int, int, int]) -> bool:
    """Some line with a direction in ``cone`` through a corner with walls along the
    two ``rays`` has both walls on one (closed) side."""
    (r1x, r1y), (r2x, r2y) = rays
    k1x, k1y, k2x, k2y = cone

    def ok(dx: int, dy: int) -> bool:
        return (dx * r1y - dy * r1x) * (dx * r2y - dy * r2x) >= 0

    if ok(k1x, k1y) or ok(k2x, k2y):
        return True
    # else the tangent directions (a cone between r2 and -r1, or r1 and -r2, up to
    # sign) may lie strictly inside the cone: test its bounding rays
    return any(_in_cone(sx * tx, sx * ty, cone) for tx, ty in ((r1x, r1y), (r2x, r2y)) for sx in (1, -1))


def _open_segment_clear(ux: int, uy: int, vx: int, vy: int, walls: Sequence[FlatWall],
                        last: Optional[FlatWall]) -> Union[Literal[True], FlatWall]:
    """True when no wall (flat) touches the segment u-v but at its ends, else the
    first wall found that does (``last`` is tried first)."""
    dx, dy = vx - ux, vy - uy
    if last is not None and _inner_touch(ux, uy, dx, dy, last):
        return last
    minx, maxx = (ux, vx) if ux <= vx else (vx, ux)
    miny, maxy = (uy, vy) if uy <= vy else (vy, uy)
    for w in walls:
        px, py, qx, qy = w
        if (px < minx and qx < minx) or (px > maxx and qx > maxx):
            continue
        if (py < miny and qy < miny) or (py > maxy and qy > maxy):
            continue
        if _inner_touch(ux, uy, dx, dy, w):
            return w
    return True


def _inner_touch(ux: int, uy: int, dx: int, dy: int, w: FlatWall) -> bool:
    """The wall w (flat) touches the segment from u to u + d at a point other than
    its two ends."""
    px, py, qx, qy = w
    o1 = dx * (py - uy) - dy * (px - ux)
    o2 = dx * (qy - uy) - dy * (qx - ux)
    if (o1 > 0 and o2 > 0) or (o1 < 0 and o2 < 0):
        return False
    ll = dx * dx + dy * dy
    tp = dx * (px - ux) + dy * (py - uy)
    tq = dx * (qx - ux) + dy * (qy - uy)
    if o1 == 0 and o2 == 0:
        return max(tp, tq) > 0 and min(tp, tq) < ll
    if o1 == 0:
        return 0 < tp < ll
    if o2 == 0:
        return 0 < tq < ll
    ex, ey = qx - px, qy - py
    o3 = ex * (uy - py) - ey * (ux - px)
    o4 = ex * (uy + dy - py) - ey * (ux + dx - px)
    return (o3 > 0 and o4 < 0) or (o3 < 0 and o4 > 0)


def witness_line(cand: Candidate, dq: int, dr: int,
                 walls: Sequence[FlatWall]) -> Optional[tuple[ExactPoint, ExactPoint]]:
    """A clear segment (lattice coordinates relative to A's centre, fractions) from
    inside A to inside B on the turned line ``cand`` turned by a small actual angle,
    checked exactly against ``walls`` (flat lattice, relative); None if none of the
    angles tried works (never expected: the cell of clear lines is open)."""
    from fractions import Fraction  # only here: start-up of the rules commands

    mx2, my2, dx, dy, s = cand
    mx, my = Fraction(mx2, 2), Fraction(my2, 2)
    nx, ny = -dy, dx
    ca = CORNER_OFFSETS
    cb = tuple((3 * dq + x, 2 * dr + dq + y) for x, y in CORNER_OFFSETS)
    e = Fraction(1, 2 ** 20)
    for _ in range(_WITNESS_TRIES):
        ex, ey = dx + s * e * nx, dy + s * e * ny
        pa = _chord_middle(mx, my, ex, ey, ca)
        pb = _chord_middle(mx, my, ex, ey, cb)
        if pa and pb and not any(segments_touch(pa, pb, (w[0], w[1]), (w[2], w[3])) for w in walls):
            return pa, pb
        e /= 2 ** 16
    return None


def _chord_middle(mx: Any, my: Any, ex: Any, ey: Any, cs: Sequence[ExactPoint]) -> Optional[ExactPoint]:
    """The middle of the line (through m, direction e: Fractions) inside the polygon
    ``cs``."""
    sides = [ex * (y - my) - ey * (x - mx) for x, y in cs]
    if not (any(v > 0 for v in sides) and any(v < 0 for v in sides)):
        return None
    pts: list[ExactPoint] = []
    for i in range(len(cs)):
        f0, f1 = sides[i - 1], sides[i]
        if (f0 < 0 < f1) or (f1 < 0 < f0) or (f1 == 0):
            if f1 == 0:
                pts.append(cs[i])
            else:
                (x0, y0), (x1, y1) = cs[i - 1], cs[i]
                t = f0 / (f0 - f1)  # Fractions: m and e are
                pts.append((x0 + t * (x1 - x0), y0 + t * (y1 - y0)))
    p, q = pts[0], pts[-1]
    return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
