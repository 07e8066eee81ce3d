"""Line-of-sight references and boards shared by the sight tests (tests/test_los_*.py),
written independently of ``ghcli.rules.los``:

* ``_reference`` (exact): every line through two vertices (hex corners and wall end
  points near the two hexes), turned about their midpoint and shifted sideways by
  an actual small amount (integers scaled by 2**24, no symbolic step), each clipped
  to both hexes and the stretch between them checked against every wall with
  integer ratios. The clear lines of a board form open cells whose extreme lines
  pass through two vertices, so this finds a clear line whenever one exists.
* ``_sampled``: segments between grid points of the two hexes' insides, a plain
  test that needs no theory: any clear one proves sight.
* ``_segment_ok``: a clear segment checked exactly: both ends inside their hexes,
  no wall touched.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

from ghcli.rules.hexes import Hex, lattice_corners, shared_edge

K = 2 ** 24  # the references' scale: their small turn is 1 / K


# -- geometry of our own, lattice coordinates (ghcli.rules.hexes) ---------------------

def _cross(ax, ay, bx, by):
    return ax * by - ay * bx


def _walls(hexes: set, thin: list) -> list:
    """Every wall as a pair of lattice points: the thin walls and the map's outline."""
    out = set()
    for h in hexes:
        for d in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
            n = (h[0] + d[0], h[1] + d[1])
            if n not in hexes:
                out.add(shared_edge(h, n))
    for a, b in thin:
        out.add(shared_edge(tuple(a), tuple(b)))
    return sorted(out)


def _touch(p1, p2, q1, q2) -> bool:
    """Closed segments share a point (exact for ints and Fractions)."""
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = p1, p2, q1, q2
    d1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)  # q1 against the line p1-p2
    d2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
    if (d1 > 0 and d2 > 0) or (d1 < 0 and d2 < 0):
        return False  # q1-q2 wholly on one side
    d3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)  # p1 against the line q1-q2
    d4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
    if (d3 > 0 and d4 > 0) or (d3 < 0 and d4 < 0):
        return False
    if d1 and d2 and d3 and d4:
        return True  # a proper crossing

    def box(a, b, c):  # c, on the line a-b, within its bounding box
        return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])

    return (not d1 and box(p1, p2, q1)) or (not d2 and box(p1, p2, q2)) or (
        not d3 and box(q1, q2, p1)) or (not d4 and box(q1, q2, p2))


def _strictly_inside(p, corners, closed: bool = False) -> bool:
    """p lies inside the polygon (``closed``: or on its outline)."""
    for i in range(6):
        (ux, uy), (vx, vy) = corners[i], corners[(i + 1) % 6]
        c = _cross(vx - ux, vy - uy, p[0] - ux, p[1] - uy)
        if c < 0 or (c == 0 and not closed):
            return False
    return True


def _near(walls, a, b):
    """The walls touching the convex hull of the two hexes (every segment between them
    lies in it): no edge of the hull, nor the wall's own line, separates them."""
    pts = sorted(set(lattice_corners(a) + lattice_corners(b)))
    hull: list = []
    for half in (pts, pts[::-1]):  # Andrew's monotone chain
        start = len(hull)
        for p in half:
            while len(hull) - start >= 2 and _cross(hull[-1][0] - hull[-2][0], hull[-1][1] - hull[-2][1],
                                                     p[0] - hull[-2][0], p[1] - hull[-2][1]) <= 0:
                hull.pop()
            hull.append(p)
        hull.pop()

    def apart(p, q):
        for i, u in enumerate(hull):
            v = hull[(i + 1) % len(hull)]
            if all(_cross(v[0] - u[0], v[1] - u[1], w[0] - u[0], w[1] - u[1]) < 0 for w in (p, q)):
                return True
        sides = [_cross(q[0] - p[0], q[1] - p[1], c[0] - p[0], c[1] - p[1]) for c in hull]
        return all(x > 0 for x in sides) or all(x < 0 for x in sides)

    # a wall whose box lies wholly beside the hull's is apart from it (a line of the box separates them):
    # apart() itself is asked only of the walls whose boxes meet the hull's
    x0, x1 = min(p[0] for p in hull), max(p[0] for p in hull)
    y0, y1 = min(p[1] for p in hull), max(p[1] for p in hull)
    return [(p, q) for p, q in walls if not (max(p[0], q[0]) < x0 or min(p[0], q[0]) > x1 or max(p[1], q[1]) < y0
                                              or min(p[1], q[1]) > y1) and not apart(p, q)]


def _lt(t, u) -> bool:
    """t < u for fractions given as (numerator, positive denominator)."""
    return t[0] * u[1] < u[0] * t[1]


def _chord(m, d, corners):
    """The parameters where the line m + t d enters and leaves the polygon's inside, as
    (numerator, positive denominator), or None when it misses the inside."""
    f = [_cross(d[0], d[1], c[0] - m[0], c[1] - m[1]) for c in corners]
    if not (any(v > 0 for v in f) and any(v < 0 for v in f)):
        return None
    ts = []
    for i in range(6):
        p, q = corners[i], corners[(i + 1) % 6]
        if f[i] == 0:  # a corner on the line
            ts.append(((p[0] - m[0]) * d[0] + (p[1] - m[1]) * d[1], d[0] * d[0] + d[1] * d[1]))
        elif f[i] * f[(i + 1) % 6] < 0:
            ts.append(_meet(m, d, p, q))
    lo = min(ts, key=lambda t: Fraction(*t))
    hi = max(ts, key=lambda t: Fraction(*t))
    return lo, hi


def _meet(m, d, p, q):
    """Where the line m + t d meets the line p-q (not parallel): t as a fraction."""
    num = _cross(q[0] - p[0], q[1] - p[1], p[0] - m[0], p[1] - m[1])
    den = _cross(q[0] - p[0], q[1] - p[1], d[0], d[1])
    return (num, den) if den > 0 else (-num, -den)


def _line_clear(m, d, ca, cb, walls) -> bool:
    """The line m + t d meets both insides and no wall touches its stretch between them."""
    ta, tb = _chord(m, d, ca), _chord(m, d, cb)
    if ta is None or tb is None:
        return False
    lo, hi = (ta[1], tb[0]) if not _lt(tb[0], ta[1]) else (tb[1], ta[0])
    dd = d[0] * d[0] + d[1] * d[1]
    for p, q in walls:
        fp = _cross(d[0], d[1], p[0] - m[0], p[1] - m[1])
        fq = _cross(d[0], d[1], q[0] - m[0], q[1] - m[1])
        if (fp > 0 and fq > 0) or (fp < 0 and fq < 0):
            continue
        if fp == 0 and fq == 0:  # along the line: its stretch of parameters
            tp = ((p[0] - m[0]) * d[0] + (p[1] - m[1]) * d[1], dd)
            tq = ((q[0] - m[0]) * d[0] + (q[1] - m[1]) * d[1], dd)
            t1, t2 = (tp, tq) if _lt(tp, tq) else (tq, tp)
            if not (_lt(t2, lo) or _lt(hi, t1)):
                return False
            continue
        if fp == 0:
            t = ((p[0] - m[0]) * d[0] + (p[1] - m[1]) * d[1], dd)
        elif fq == 0:
            t = ((q[0] - m[0]) * d[0] + (q[1] - m[1]) * d[1], dd)
        else:
            t = _meet(m, d, p, q)
        if not (_lt(t, lo) or _lt(hi, t)):
            return False
    return True


def _reference(walls, a, b) -> bool:
    near = _near(walls, a, b)
    verts = sorted(set(lattice_corners(a)) | set(lattice_corners(b)) | {p for w in near for p in w})
    scaled = [((p[0] * K, p[1] * K), (q[0] * K, q[1] * K)) for p, q in near]
    ca = [(x * K, y * K) for x, y in lattice_corners(a)]
    cb = [(x * K, y * K) for x, y in lattice_corners(b)]
    for i, u in enumerate(verts):
        for v in verts[i + 1:]:
            dx, dy = v[0] - u[0], v[1] - u[1]
            m = ((u[0] + v[0]) * K // 2, (u[1] + v[1]) * K // 2)
            for s in (1, -1):
                turned = (dx * K - s * dy, dy * K + s * dx)
                shifted = (m[0] - s * dy, m[1] + s * dx)
                if _line_clear(m, turned, ca, cb, scaled) or _line_clear(shifted, (dx, dy), ca, cb, scaled):
                    return True
    return False


def _sampled(walls, a, b, n: int = 3) -> bool:
    """Some segment between grid points of the two hexes' insides touches no wall
    (integers: lattice coordinates times ``S``)."""
    S = 600
    near = [((p[0] * S, p[1] * S), (q[0] * S, q[1] * S)) for p, q in _near(walls, a, b)]

    def points(h):
        cx, cy = 3 * h[0] * S, (2 * h[1] + h[0]) * S
        cs = [(x * S, y * S) for x, y in lattice_corners(h)]
        grid = ((cx + 2 * i * S // n + 7, cy + j * S // n + 3) for i in range(-n, n + 1) for j in range(-n, n + 1))
        return [p for p in grid if _strictly_inside(p, cs)]

    pa, pb = points(a), points(b)
    return any(not any(_touch(p, q, w[0], w[1]) for w in near) for p in pa for q in pb)


def _segment_ok(seg, walls, a, b) -> bool:
    """An answer's clear segment: its ends in their (closed) hexes, no wall touched
    (then a segment between the insides is clear too: walls are closed)."""
    p, q = seg
    # in integers: every point times the ends' common denominator (the same signs and orders, exactly;
    # Fractions are some ten times slower)
    den = math.lcm(*(Fraction(c).denominator for c in (*p, *q)))
    p, q = (tuple(int(Fraction(c) * den) for c in p), tuple(int(Fraction(c) * den) for c in q))

    def scaled(points):
        return [(x * den, y * den) for x, y in points]

    return (
        _strictly_inside(p, scaled(lattice_corners(a)), True) and _strictly_inside(q, scaled(lattice_corners(b)), True)
        and not any(_touch(p, q, *scaled(w)) for w in walls)
    )


# -- boards ----------------------------------------------------------------------------

def _rows_board(seed: int, width: int = 8, depth: int = 5, rows=(1, 3), walled: float = 0.6):
    """A parallelogram map ``width`` hexes wide (q) and ``depth`` deep (r), with a row
    of thin walls below each r in ``rows`` (between (q, r) and (q, r + 1)), each edge
    walled with chance ``walled``: rows of one-edge gaps, seen through only by lines
    that thread a gap in each row."""
    rng = random.Random(seed)
    hexes = {(q, r) for q in range(width) for r in range(depth)}
    thin = [((q, r), (q, r + 1)) for r in rows for q in range(width) if rng.random() < walled]
    return hexes, thin


def _pillars_board(seed: int, width: int = 9, depth: int = 7, holes: int = 9, thin: int = 0):
    """A parallelogram map with ``holes`` single hexes taken out inside it (each a
    separate group of six walls, none at the map's edge) and ``thin`` random thin
    walls: lines between two hexes are often shut out only by several pillars together."""
    rng = random.Random(seed)
    hexes = {(q, r) for q in range(width) for r in range(depth)}
    inner = sorted(h for h in hexes if 0 < h[0] < width - 1 and 0 < h[1] < depth - 1)
    for h in rng.sample(inner, holes):
        hexes.discard(h)
    walls = []
    cells = sorted(hexes)
    while len(walls) < thin:
        h = rng.choice(cells)
        d = rng.choice(((1, 0), (0, 1), (1, -1)))
        n = (h[0] + d[0], h[1] + d[1])
        if n in hexes and [h, n] not in walls:
            walls.append([h, n])
    return hexes, walls


def _pairs(hexes):
    order = sorted(Hex(*h) for h in hexes)
    return [(a, b) for i, a in enumerate(order) for b in order[i + 1:]]


def _image(m, h):
    a, b, c, d = m
    return (a * h[0] + b * h[1], c * h[0] + d * h[1])


def assert_symmetric(hexes, thin, rules: str, want: dict) -> None:
    """The board turned and mirrored, all twelve ways (``los_portal._SYMMETRIES``): every pair
    of ``want`` ({(a, b): verdict}) keeps its verdict, each image answered cold."""
    from ghcli.rules import los_portal
    from ghcli.rules.hexes import Grid
    from ghcli.rules.los import Sight, clear_caches

    for m in los_portal._SYMMETRIES:
        clear_caches()
        image = {_image(m, h) for h in hexes}
        walls = [[_image(m, x), _image(m, y)] for x, y in thin]
        sight = Sight(image, walls, rules, Grid(image, walls))
        for (a, b), v in want.items():
            assert sight.visible(Hex(*_image(m, a)), Hex(*_image(m, b))) == v, (m, a, b)
