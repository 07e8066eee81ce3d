"""The exact any-point sight test (Frosthaven, Jaws of the Lion).

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
  and the cell's lines near it turn about a point between two vertices that are
  next to each other on it. So every clear cell holds a line obtained from a
  line through two vertices u, v by turning it a little (either way) about the
  midpoint of u and v.
* Such a turned line is decided exactly with no number chosen for "a little":
  each sign is a polynomial in the turning angle ``e`` of degree one, read at
  ``e -> 0+`` (its constant term, or its ``e`` term when that is zero). Points
  are in doubled lattice coordinates (``ghcli.rules.hexes``, times 2, relative
  to A's centre), so every midpoint is an integer point and all arithmetic is
  on integers.

Necessary conditions prune the pairs: the line through u and v meets both
(closed) hexes, and at a wall end point that is not a hex corner the walls
there lie on one side of it (a corner with walls on both sides is crossed by
every line passing near it; one with three walls is no candidate at all).
Points outside H are never candidates (they lie in no gap).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Optional

from ghcli.rules.hexes import CORNER_OFFSETS

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


def _reach(dx: int, dy: int) -> int:
    """The largest ``cross(d, c)`` over the corners c of a hex centred at 0 (doubled)."""
    return max(4 * abs(dy), 2 * abs(dx - dy), 2 * abs(dx + dy))


class Candidate(tuple):
    """A turned line: ``(mx, my, dx, dy, s)``, through the point m (doubled lattice
    coordinates, relative to A's centre) in direction d, turned by ``s e`` (s = +-1)."""


def _turned_line_clear(mx, my, dx, dy, s, ca, cb, walls) -> bool:
    """The line through m in direction d turned by ``s e`` (``e -> 0+``) meets the
    insides of both hexes (corners ``ca``, ``cb``, in order) and its gap touches none
    of ``walls`` (flat, doubled, relative). A vertex on the turned line itself (only
    m can be) makes it no candidate."""

    def side(x, y):
        wx, wy = x - mx, y - my
        c = dx * wy - dy * wx
        if c:
            return 1 if c > 0 else -1
        k = -s * (dx * wx + dy * wy)
        return (k > 0) - (k < 0)

    def chord(cs):
        sides = [side(x, y) for x, y in cs]
        if 0 in sides or 1 not in sides or -1 not in sides:
            return None
        ts = []
        for i in range(6):
            if sides[i] != sides[i - 1]:
                ts.append(param(cs[i - 1], cs[i]))
        t1, t2 = ts
        return (t1, t2) if less_eq(t1, t2) else (t2, t1)

    def param(p, q):
        """Where the turned line meets the line p-q: ``num / (a0 + e a1)``, a0 + e a1 > 0."""
        ex, ey = q[0] - p[0], q[1] - p[1]
        num = ex * (p[1] - my) - ey * (p[0] - mx)
        a0 = ex * dy - ey * dx
        a1 = s * (ex * dx + ey * dy)
        if _sign(a0, a1) < 0:
            return (-num, -a0, -a1)
        return (num, a0, a1)

    def less_eq(t, u):
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


def clear_candidate(dq: int, dr: int, walls: list, inside) -> Optional[Candidate]:
    """A turned line (see the module docstring) between hex A at the lattice origin
    and hex B at axial offset (dq, dr) whose gap no wall touches, or None when there
    is none (then no segment between the hexes' insides is clear). ``walls``: flat
    lattice segments relative to A's centre, every wall that may touch the hexes'
    hull; ``inside(x, y)``: the lattice point lies in that closed hull."""
    cx, cy = 6 * dq, 2 * (2 * dr + dq)
    ca = _CORNERS2
    cb = tuple((cx + x, cy + y) for x, y in _CORNERS2)
    flat = [(2 * px, 2 * py, 2 * qx, 2 * qy) for px, py, qx, qy in walls]
    rays: dict = {}
    for px, py, qx, qy in flat:
        rays.setdefault((px, py), set()).add((qx - px, qy - py))
        rays.setdefault((qx, qy), set()).add((px - qx, py - qy))
    corners = set(ca) | set(cb)
    vertices = [(x, y, ()) for x, y in corners]
    for (x, y), rs in rays.items():
        if (x, y) in corners or len(rs) > 2 or not inside(x // 2, y // 2):
            continue
        vertices.append((x, y, tuple(rs)))
    n = len(vertices)
    for i in range(n):
        ux, uy, ur = vertices[i]
        for j in range(i + 1, n):
            vx, vy, vr = vertices[j]
            dx, dy = vx - ux, vy - uy
            # the walls at a wall end point lie on one side of the line
            if len(ur) == 2:
                (r1x, r1y), (r2x, r2y) = ur
                if (dx * r1y - dy * r1x) * (dx * r2y - dy * r2x) < 0:
                    continue
            if len(vr) == 2:
                (r1x, r1y), (r2x, r2y) = vr
                if (dx * r1y - dy * r1x) * (dx * r2y - dy * r2x) < 0:
                    continue
            # the line meets both closed hexes
            h = _reach(dx, dy)
            if abs(dx * uy - dy * ux) > h:
                continue
            if abs(dx * (uy - cy) - dy * (ux - cx)) > h:
                continue
            mx, my = ux + vx, uy + vy
            if mx & 1 or my & 1:
                mx, my, dx, dy = 2 * mx, 2 * my, 2 * dx, 2 * dy  # keep m an integer point
                sca = tuple((2 * x, 2 * y) for x, y in ca)
                scb = tuple((2 * x, 2 * y) for x, y in cb)
                sw = [(2 * a, 2 * b, 2 * c, 2 * d) for a, b, c, d in flat]
                scale = 4
            else:
                mx, my = mx // 2, my // 2
                sca, scb, sw, scale = ca, cb, flat, 2
            for s in (1, -1):
                if _turned_line_clear(mx, my, dx, dy, s, sca, scb, sw):
                    return Candidate((Fraction(mx, scale), Fraction(my, scale), dx, dy, s))
    return None


def witness_line(cand: Candidate, dq: int, dr: int, walls: list) -> Optional[tuple]:
    """A clear segment (lattice coordinates relative to A's centre, fractions) from
    inside A to inside B on the turned line ``cand`` turned by a small actual angle,
    checked exactly against ``walls`` (flat lattice, relative); None if none of the
    angles tried works (never expected: the cell of clear lines is open)."""
    mx, my, dx, dy, s = cand
    nx, ny = -dy, dx
    ca = CORNER_OFFSETS
    cb = tuple((3 * dq + x, 2 * dr + dq + y) for x, y in CORNER_OFFSETS)
    e = Fraction(1, 2 ** 20)
    for _ in range(_WITNESS_TRIES):
        ex, ey = dx + s * e * nx, dy + s * e * ny
        pa = _chord_middle(mx, my, ex, ey, ca)
        pb = _chord_middle(mx, my, ex, ey, cb)
        if pa and pb and not any(_touches(pa, pb, (w[0], w[1]), (w[2], w[3])) for w in walls):
            return pa, pb
        e /= 2 ** 16
    return None


def _chord_middle(mx, my, ex, ey, cs) -> Optional[tuple]:
    """The middle of the line (through m, direction e) inside the polygon ``cs``."""
    sides = [ex * (y - my) - ey * (x - mx) for x, y in cs]
    if not (any(v > 0 for v in sides) and any(v < 0 for v in sides)):
        return None
    pts = []
    for i in range(len(cs)):
        f0, f1 = sides[i - 1], sides[i]
        if (f0 < 0 < f1) or (f1 < 0 < f0) or (f1 == 0):
            if f1 == 0:
                pts.append(cs[i])
            else:
                (x0, y0), (x1, y1) = cs[i - 1], cs[i]
                t = Fraction(f0, f0 - f1)
                pts.append((x0 + t * (x1 - x0), y0 + t * (y1 - y0)))
    p, q = pts[0], pts[-1]
    return ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)


def _touches(p1, p2, q1, q2) -> bool:
    """Closed segments p1-p2 and q1-q2 (exact numbers) share a point."""

    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)

    def within(a, b, c):
        return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])

    o1, o2, o3, o4 = orient(p1, p2, q1), orient(p1, p2, q2), orient(q1, q2, p1), orient(q1, q2, p2)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    return (
        (o1 == 0 and within(p1, p2, q1)) or (o2 == 0 and within(p1, p2, q2))
        or (o3 == 0 and within(q1, q2, p1)) or (o4 == 0 and within(q1, q2, p2))
    )
