"""The exact any-point sight test by chains of open edges (Frosthaven, Jaws of the Lion).

Hexes A and B (not neighbours) see each other when some segment from a point
inside A to a point inside B touches no wall. The walls are hex edges (a thin
wall, or an edge between a map hex and a hex off the map), so:

* The clear segments form an open set (the walls are closed): if there is one,
  there is one through no lattice vertex (hex corner). Such a segment runs
  from A through map hexes ``A = X0, X1, ..., Xm = B``, each next to the one
  before, crossing the edge ``e_k`` between ``X(k-1)`` and ``Xk`` at a point
  inside that edge, so every ``e_k`` is open (not a wall: it touches it).
* Conversely a line through no vertex that crosses such a chain of open edges
  in that order has a clear stretch from inside A to inside B: between the
  crossings it runs inside the hexes, and it touches no other edge.
* A directed line crosses the edge ``e_k`` from ``X(k-1)`` into ``Xk`` exactly
  when the edge's one end lies strictly on its left and the other strictly on
  its right (which end is which is fixed by the crossing's sense). Its chord
  in ``Xk`` then runs from ``e_k`` to ``e(k+1)`` (a line meets a convex hex in
  one chord), so no condition on the order is needed.

So A sees B exactly when some chain of open edges from A to B is crossed by a
line. Which chains are crossed by a line is geometry alone (the board only says
which edges are open), decided once per offset between the two hexes:

* Write the lines with the directions of the segments from A to B (within the
  cone of those directions, all with a positive component along the direction
  from A's centre to B's) as ``s = s0 + m t`` in coordinates ``(t, s)`` (a
  linear map of the lattice with positive determinant, so "left" is "above").
  A point (t, s) lies on the left when ``s0 + m t < s``: an open half-plane of
  the line parameters (s0, m). A chain is crossed by some line exactly when the
  intersection of its half-planes (two per edge, two for the direction cone, two
  that bound s0 for lines through A) is not empty: a convex polygon, cut one
  half-plane at a time (``_cut``). Exact: the polygon's vertices are
  intersections of two of the half-planes' boundary lines, in homogeneous integer
  coordinates, and a cut keeps a polygon of positive area exactly when some vertex
  lies strictly inside the new half-plane (the polygon being convex with positive
  area before).
* ``chain_tree`` lists the crossed chains from A to B as a tree of their
  prefixes, dropping a prefix as soon as no line crossing it can meet B's inside
  (``PairFrame.misses_b``: then no hex after it meets the two hexes' hull).
  The trees of every offset up to ``TREE_DISTANCE`` are shipped in
  ``ghcli.rules._sight_trees``, one for each offset up to the twelve symmetries
  of the hex grid (``canonical``), and a board's question is a walk of its
  offset's tree along the board's open edges (``tree_visible``): no arithmetic.
* Farther apart, ``portal_search`` does the same search on the board itself,
  cutting the polygons as it goes, and its polygon gives a clear line (the
  witness for renderers: ``portal_line``).
"""

from __future__ import annotations

from typing import Optional

from ghcli.rules.hexes import CORNER_OFFSETS, DIRECTIONS


def _edge_ends() -> tuple:
    """For each direction (DIRECTIONS order): the lattice offsets ``(px, py, qx, qy)``
    of the edge towards it from a hex centred at 0, ordered so that a line crossing
    it outwards has p on its right and q on its left (p before q counter-clockwise)."""
    out = []
    for dq, dr in DIRECTIONS:
        nx, ny = 3 * dq, 2 * dr + dq  # the neighbour's centre
        ends = [c for c in CORNER_OFFSETS if (2 * c[0] - nx) ** 2 + 3 * (2 * c[1] - ny) ** 2 == 4]
        (px, py), (qx, qy) = ends
        if px * qy - py * qx < 0:
            px, py, qx, qy = qx, qy, px, py
        out.append((px, py, qx, qy))
    return tuple(out)


_EDGE_ENDS = _edge_ends()
#: For each direction: the indices (in CORNER_OFFSETS) of its edge's ends p and q.
_EDGE_INDEX = tuple((CORNER_OFFSETS.index((px, py)), CORNER_OFFSETS.index((qx, qy))) for px, py, qx, qy in _EDGE_ENDS)
#: The lattice offset of each direction's neighbour centre.
_STEP = tuple((3 * dq, 2 * dr + dq) for dq, dr in DIRECTIONS)
#: The direction back (the index of the opposite direction).
_BACK = tuple(DIRECTIONS.index((-dq, -dr)) for dq, dr in DIRECTIONS)


def _meet(l1: tuple, l2: tuple) -> tuple:
    """The common point of the lines ``a x + b y + c = 0`` (homogeneous, W > 0)."""
    a1, b1, c1 = l1
    a2, b2, c2 = l2
    w = a1 * b2 - b1 * a2
    if w < 0:
        return (c1 * b2 - b1 * c2, a1 * c2 - c1 * a2, -w)
    return (b1 * c2 - c1 * b2, c1 * a2 - a1 * c2, w)


def _cut(poly: list, a: int, b: int, c: int) -> Optional[list]:
    """The convex polygon ``poly`` (its vertices in order, each ``(x, y, w, line)``:
    the vertex in homogeneous integer coordinates, w > 0, and the boundary line that
    starts there) cut by the open half-plane ``a x + b y + c < 0``, or None when
    nothing of positive area is left."""
    fs = [a * x + b * y + c * w for x, y, w, _l in poly]
    if min(fs) >= 0:
        return None
    if max(fs) <= 0:
        return poly
    k = len(fs)
    start = fs.index(min(fs))
    h = (a, b, c)
    out: list = []
    for j in range(k):
        i = start + j
        if i >= k:
            i -= k
        n = i + 1 if i + 1 < k else 0
        fi, fn = fs[i], fs[n]
        if fi < 0 or fn < 0:
            if fi <= 0:
                out.append(poly[i])
            else:
                out.append(_meet(h, poly[i][3]) + (poly[i][3],))
        if fi <= 0 < fn:
            out.append((_meet(poly[i][3], h) if fi < 0 else poly[i][:3]) + (h,))
    return out


class PairFrame:
    """The line parameters for hex A (centre at the lattice origin) and the hex B at
    axial offset (dq, dr), distance at least 2: the map to (t, s) coordinates, the
    starting polygon (the direction cone, and a box that holds every line through
    A), and the directions a line from A to B can leave a hex by, B's first."""

    __slots__ = ("cx", "cy", "start", "exits", "_b", "corner_ts")

    def __init__(self, dq: int, dr: int):
        cx, cy = 3 * dq, 2 * dr + dq
        self.cx, self.cy = cx, cy
        # t = cx x + 3 cy y (the real dot product with B's centre, times 4); s = cx y - cy x
        # the directions from A to B: the hexagon B - A, corners c + 2 k
        lo = hi = None
        for kx, ky in CORNER_OFFSETS:
            x, y = cx + 2 * kx, cy + 2 * ky
            t, s = cx * x + 3 * cy * y, cx * y - cy * x
            if t <= 0:
                raise ValueError("the hexes are neighbours: no bounded direction cone")
            if lo is None or s * lo[0] < lo[1] * t:
                lo = (t, s)
            if hi is None or s * hi[0] > hi[1] * t:
                hi = (t, s)
        # m > lo_s / lo_t: -lo_t m + lo_s < 0; m < hi_s / hi_t: hi_t m - hi_s < 0 (x = s0, y = m)
        bottom = (0, -lo[0], lo[1])
        top = (0, hi[0], -hi[1])
        # |m| < M, and a line through A meets A's outline at |t|, |s| <= T: |s0| < S
        big_m = max(abs(lo[1]) // lo[0], abs(hi[1]) // hi[0]) + 1
        T = max(max(abs(cx * x + 3 * cy * y), abs(cx * y - cy * x)) for x, y in CORNER_OFFSETS)
        S = T + big_m * T + 1
        right = (1, 0, -S)  # s0 < S
        left = (-1, 0, -S)  # s0 > -S
        edges = [bottom, right, top, left]
        self.start = [_meet(edges[i - 1], edges[i]) + (edges[i],) for i in range(4)]
        # a line leaves a hex by the edge towards direction k only if some direction of
        # the cone points outwards there (real dot product with the step's direction)
        order = []
        for k, (nx, ny) in enumerate(_STEP):
            best = max((cx + 2 * kx) * nx + 3 * (cy + 2 * ky) * ny for kx, ky in CORNER_OFFSETS)
            if best > 0:
                order.append((-(cx * nx + 3 * cy * ny), k))
        self.exits = tuple(k for _key, k in sorted(order))
        #: A's corners (the offsets of any hex's corners) as (t, s)
        self.corner_ts = tuple((cx * x + 3 * cy * y, cx * y - cy * x) for x, y in CORNER_OFFSETS)
        # B's corners as (t, s)
        self._b = tuple((t + cx * cx + 3 * cy * cy, s) for t, s in self.corner_ts)

    def misses_b(self, verts: list) -> bool:
        """Every line of the polygon (its vertices ``verts``) misses B's inside: B lies
        wholly on one closed side of the line at every vertex, the same side at all
        (each corner's side is linear in the line's parameters)."""
        above = below = False
        for x, y, w, _l in verts:
            for t, s in self._b:
                f = s * w - x - y * t
                if f > 0:
                    above = True
                elif f < 0:
                    below = True
            if above and below:
                return False
        return True

    def crossing(self, hx: int, hy: int, k: int) -> tuple:
        """The two half-planes of crossing the edge towards direction k of the hex centred
        at (hx, hy) (lattice, relative to A's centre) outwards: p right, q left."""
        px, py, qx, qy = _EDGE_ENDS[k]
        px += hx
        py += hy
        qx += hx
        qy += hy
        cx, cy = self.cx, self.cy
        # q left: s0 + m t_q - s_q < 0; p right: -s0 - m t_p + s_p < 0
        return (
            (1, cx * qx + 3 * cy * qy, cy * qx - cx * qy),
            (-1, -(cx * px + 3 * cy * py), cx * py - cy * px),
        )


def portal_search(frame: PairFrame, a: int, b: int, steps: list, centres: list) -> Optional[list]:
    """The polygon (see ``_cut``) of the lines that cross a chain of open edges from
    map hex number a to b (see the module docstring), or None when there is none.
    ``steps``: ``Grid.steps``; ``centres[i]``: hex i's lattice centre. A chain is
    dropped as soon as no line it leaves can meet B's inside (``PairFrame.misses_b``).

    At each hex the lines of the polygon P are sorted by the hex's corners: a corner
    on the same side of all of them (at every vertex of P) does not split P, so a
    line leaves by an edge only if its right end is right of some line of P and its
    left end left of some; P is cut only by the corners that split it."""
    exits = frame.exits[::-1]  # pushed in this order, so that the edges facing B are tried first
    misses_b = frame.misses_b
    cx, cy = frame.cx, frame.cy
    ax, ay = centres[a]
    stack = [(a, -1, frame.start)]
    pop = stack.pop
    push = stack.append
    corner_ts = frame.corner_ts
    while stack:
        x, back, poly = pop()
        hx, hy = centres[x]
        hx -= ax
        hy -= ay
        th, sh = cx * hx + 3 * cy * hy, cx * hy - cy * hx
        # a corner (t, s) = (th + tk, sh + sk) is left of the line at vertex (X, Y, W)
        # when s W - X - Y t > 0
        bases = [(sh * w - vx - vy * th, w, vy) for vx, vy, w, _l in poly]
        side = []
        for tk, sk in corner_ts:
            vals = [f + sk * w - tk * vy for f, w, vy in bases]
            side.append(1 if min(vals) >= 0 else -1 if max(vals) <= 0 else 0)
        st = steps[x]
        for k in exits:
            y = st[k]
            if y < 0 or k == back:
                continue
            pj, qj = _EDGE_INDEX[k]
            sp, sq = side[pj], side[qj]
            if sp > 0 or sq < 0:
                continue  # p must be right of some line, q left of some
            got = poly
            if sq == 0:  # q left: s0 + m t_q - s_q < 0
                tk, sk = corner_ts[qj]
                got = _cut(got, 1, th + tk, -sh - sk)
                if got is None:  # pragma: no cover - q splits the polygon: some of it is left
                    continue
            if sp == 0:  # p right: -s0 - m t_p + s_p < 0
                tk, sk = corner_ts[pj]
                got = _cut(got, -1, -th - tk, sh + sk)
                if got is None:
                    continue
            if y == b:
                return got
            if got is not poly and misses_b(got):
                continue
            push((y, _BACK[k], got))
    return None


def portal_line(frame: PairFrame, poly: list) -> tuple:
    """A line of the polygon's inside (the mean of its vertices) as a point and a
    direction, exact (Fractions), in lattice coordinates relative to A's centre."""
    from fractions import Fraction  # only here: start-up of the rules commands

    n = len(poly)
    s0 = sum(Fraction(x, w) for x, _y, w, _l in poly) / n
    m = sum(Fraction(y, w) for _x, y, w, _l in poly) / n
    cx, cy = frame.cx, frame.cy
    d = cx * cx + 3 * cy * cy
    # (t, s) -> (x, y): x = (cx t - 3 cy s) / d, y = (cy t + cx s) / d; the points t = 0, 1
    p0 = (-3 * cy * s0 / d, cx * s0 / d)
    p1 = ((cx - 3 * cy * (s0 + m)) / d, (cy + cx * (s0 + m)) / d)
    return p0, (p1[0] - p0[0], p1[1] - p0[1])


# -- the chains of every offset, once for all boards (see the module docstring) --------

#: The largest distance between the two hexes with a shipped tree.
TREE_DISTANCE = 12


def _symmetries() -> tuple:
    """The twelve symmetries of the hex grid about a hex centre, as integer matrices
    ``(a, b, c, d)`` of axial vectors, ``(q, r) -> (a q + b r, c q + d r)`` (linear, so
    each maps hexes, edges and lines alike): the six turns (60 degrees:
    ``(q, r) -> (-r, q + r)``), each also after the mirror ``(q, r) -> (-q - r, r)``."""
    out = []
    for a, b, c, d in ((1, 0, 0, 1), (-1, -1, 0, 1)):
        for _ in range(6):
            out.append((a, b, c, d))
            a, b, c, d = -c, -d, a + c, b + d  # then turned
    return tuple(out)


_SYMMETRIES = _symmetries()


def _perm(m: tuple) -> tuple:
    """For the symmetry m: for each direction k, the direction m maps to k."""
    a, b, c, d = m
    images = [(a * q + b * r, c * q + d * r) for q, r in DIRECTIONS]
    return tuple(images.index(v) for v in DIRECTIONS)


_PERMS = tuple(_perm(m) for m in _SYMMETRIES)


def canonical(dq: int, dr: int) -> tuple:
    """``(offset, perm)``: the least image of the offset under the twelve symmetries,
    and for each direction k of that image's tree the direction it stands for at
    the offset asked (``perm[k]``)."""
    o, i = min(((a * dq + b * dr, c * dq + d * dr), i) for i, (a, b, c, d) in enumerate(_SYMMETRIES))
    return o, _PERMS[i]


def chain_tree(dq: int, dr: int) -> bytes:
    """The tree of the chains of edges some line crosses from hex A (at 0) to the hex B
    at axial offset (dq, dr), distance at least 2, on a map with no walls: each node
    a step ``(k, enters_b, size)``, 3 bytes (k and whether it enters B in the first,
    the size in bytes of its subtree in the next two, little-endian), then its
    subtree; the root's children come first (the whole is the root's subtree). A
    step is kept when some line crosses its chain and may still meet B's inside
    (``PairFrame.misses_b``), and it leads to B: every chain of the tree ends in B.
    Children are written with the steps facing B last (``tree_visible`` tries
    them first)."""
    frame = PairFrame(dq, dr)
    cx, cy = frame.cx, frame.cy

    def grow(hx, hy, back, poly) -> bytes:
        out = []
        for k in frame.exits:
            if k == back:
                continue
            h1, h2 = frame.crossing(hx, hy, k)
            got = _cut(poly, *h1)
            if got is None:
                continue
            got = _cut(got, *h2)
            if got is None:
                continue
            nx, ny = hx + _STEP[k][0], hy + _STEP[k][1]
            if (nx, ny) == (cx, cy):
                out.append(bytes((k | 8, 0, 0)))
                continue
            if frame.misses_b(got):
                continue
            sub = grow(nx, ny, _BACK[k], got)
            if sub:
                out.append(bytes((k, len(sub) & 255, len(sub) >> 8)) + sub)
        return b"".join(reversed(out))

    return grow(0, 0, -1, frame.start)


def tree_visible(tree: bytes, perm: tuple, a: int, b: int, steps: list) -> bool:
    """Some chain of ``tree`` (``chain_tree``, its directions read through ``perm``:
    see ``canonical``) runs from map hex number a to b along open edges
    (``Grid.steps``: -1 for a wall or the map's edge)."""
    stack = [(0, len(tree), a)]
    pop = stack.pop
    push = stack.append
    while stack:
        j, end, x = pop()
        st = steps[x]
        while j < end:
            c = tree[j]
            size = tree[j + 1] | tree[j + 2] << 8
            y = st[perm[c & 7]]
            if y >= 0:
                if c & 8:
                    return True
                push((j + 3, j + 3 + size, y))
            j += 3 + size
    return False


def tree_offsets(limit: int = TREE_DISTANCE) -> list:
    """The canonical offsets (``canonical``) at distance 2 to ``limit``, sorted."""
    out = set()
    for dq in range(-limit, limit + 1):
        for dr in range(-limit, limit + 1):
            if 2 <= (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= limit:
                out.add(canonical(dq, dr)[0])
    return sorted(out)


def tree_module(limit: int = TREE_DISTANCE) -> str:
    """The source of ``ghcli.rules._sight_trees``: every canonical offset's tree, in
    base64 (each decoded on first use, alone)."""
    import base64

    out = [
        '"""The chain trees of line of sight (``ghcli.rules.los_portal.chain_tree``) of every',
        f"offset at distance 2 to {limit}, up to the grid's symmetries (``los_portal.canonical``),",
        "in base64. Generated by ``ghcli.rules.los_portal.tree_module``; tests/test_los_portal.py",
        "checks it against the trees built afresh.",
        '"""',
        "",
        f"LIMIT = {limit}",
        "",
        "#: canonical offset -> its tree (``los_portal.chain_tree``), base64",
        "TREES = {",
    ]
    for o in tree_offsets(limit):
        text = base64.b64encode(chain_tree(*o)).decode()
        out.append(f"    {o!r}: (")
        out += [f'        "{text[i:i + 80]}"' for i in range(0, len(text), 80)]
        out.append("    ),")
    out += ["}", ""]
    return "\n".join(out)
