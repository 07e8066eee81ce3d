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

from functools import lru_cache
from typing import Iterable, Optional

from ghcli.rules.hexes import (
    CORNER_OFFSETS,
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
    return sorted(_walls_by_hex(set(hexes), thin_walls)[None])


def _walls_by_hex(hexset, thin_walls) -> dict:
    """The walls on each map hex's outline (thin walls and the map's edge), as
    ``{segment: None}`` per hex (q, r), all hexes together under the key None."""
    every: dict = {}
    out: dict = {None: every}
    for h in hexset:
        q, r = h
        X, Y = 3 * q, 2 * r + q
        mine = None
        for (dq, dr), (c1, c2) in _EDGE_CORNERS:
            if (q + dq, r + dr) not in hexset:
                a = (X + c1[0], Y + c1[1])
                b = (X + c2[0], Y + c2[1])
                seg = (a, b) if a <= b else (b, a)
                every[seg] = None
                if mine is None:
                    mine = out[(q, r)] = {}
                mine[seg] = None
    for w in thin_walls:
        a, b = tuple(w)
        seg = shared_edge(a, b)
        every[seg] = None
        for h in (a, b):
            if h in hexset:
                out.setdefault((h[0], h[1]), {})[seg] = None
    return out


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


def _hull(pa: tuple, pb: tuple) -> tuple:
    """The convex hull of two convex polygons A and B (their corners: lattice points), for
    the separation proof of ``_ipieces``: a tuple of edges
    ``(ux, uy, dx, dy, side)`` counter-clockwise (start u, direction d, no collinear
    vertices), where ``side`` is None on the hull's stretches of A's or B's outline, and
    on the two edges joining A to B it is ``(lo, hi)``: the range of ``dot(x - u, d)``
    of the edge's points lying on neither polygon's far outline (its ends included)."""
    tag: dict = {}
    for c in pa:
        tag[c] = tag.get(c, 0) | 1
    for c in pb:
        tag[c] = tag.get(c, 0) | 2
    pts = sorted(tag)

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    ring = lower[:-1] + upper[:-1]
    edges = []
    for i, u in enumerate(ring):
        v = ring[(i + 1) % len(ring)]
        dx, dy = v[0] - u[0], v[1] - u[1]
        side = None
        tu, tv = tag[u], tag[v]
        if tu != tv and tu != 3 and tv != 3:
            ll = dx * dx + dy * dy
            on = [
                (c, (c[0] - u[0]) * dx + (c[1] - u[1]) * dy)
                for c in pts
                if dx * (c[1] - u[1]) - dy * (c[0] - u[0]) == 0
            ]
            on = [(c, k) for c, k in on if 0 <= k <= ll]
            lo = max(k for c, k in on if tag[c] & tu)
            hi = min(k for c, k in on if tag[c] & tv)
            side = (lo, hi)
        edges.append((u[0], u[1], dx, dy, side))
    return tuple(edges)


@lru_cache(maxsize=4096)
def _hull_of(dq: int, dr: int) -> tuple:
    """The convex hull H of hex A at the lattice origin and hex B at axial offset
    (dq, dr) as ``(edges, s1, s2)``: its edges (see ``_hull``; the two sides joining A
    to B first, they reject most walls outside H) and the labels of those two sides
    (None, None if H has not two such sides)."""
    tx, ty = 3 * dq, 2 * dr + dq
    edges = tuple(sorted(_hull(CORNER_OFFSETS, tuple((x + tx, y + ty) for x, y in CORNER_OFFSETS)), key=lambda e: e[4] is None))
    sides = [i for i, e in enumerate(edges) if e[4] is not None]
    if len(sides) != 2:
        return edges, None, None
    return edges, -1 - sides[0], -1 - sides[1]  # side labels: negative ints, never a point


@lru_cache(maxsize=4096)
def _band(dq: int, dr: int) -> tuple:
    """Axial offsets (from hex A) of every hex that may meet the convex hull of hex A
    and the hex B at offset (dq, dr): those whose centre lies within 2 (a hex's
    circumradius twice, plus a margin) of the segment between the two centres (every
    point of the hull lies within 1 of that segment)."""
    bx, by = 1.5 * dq, SQRT3 * (dr + dq / 2.0)
    ll = bx * bx + by * by
    lim = 2.0 * 2.0 + 1e-6
    out = []
    # every point of the segment has axial coordinates between those of the two
    # centres; a centre within 2 of it differs from it by at most 4/3 in q (x = 1.5 q)
    # and 2/sqrt(3) + 2/3 < 2 in r (y = sqrt(3) (r + q / 2))
    for q in range(min(0, dq) - 1, max(0, dq) + 2):
        for r in range(min(0, dr) - 1, max(0, dr) + 2):
            px, py = 1.5 * q, SQRT3 * (r + q / 2.0)
            t = (px * bx + py * by) / ll if ll else 0.0
            t = 0.0 if t < 0 else 1.0 if t > 1 else t
            ex, ey = px - t * bx, py - t * by
            if ex * ex + ey * ey <= lim:
                out.append((q, r))
    return tuple(out)


def _ipieces(edges: tuple, segs: Iterable[Segment]):
    """The segments (lattice, relative to A's centre) touching the convex hull H given
    by ``edges`` (see ``_hull_of``), as ``(segment, end1, end2)``.

    ``end1``/``end2`` describe the segment's piece inside H for the separation proof:
    a lattice point strictly inside H (a joint), or a side's label (the piece ends on
    that side, on its stretch between the two hexes, ends included); both None when
    the piece cannot be part of a proof (it lies on H's outline, touches H at one
    point, or ends on a hex's far outline).

    The proof: walls that join such pieces into a chain from one side to the other
    cut H in two, with A's inside on one part and B's on the other (the chain meets
    H's outline only at its two ends, which split that outline between A's far
    outline and B's); walls never cross a hex's inside, so every line from a point of
    A to a point of B touches the chain. Exact: integers and integer ratios only."""

    def label(px, py, qx, qy, num, den, tight):
        """Which side's stretch the point p + num/den (q - p) of H's outline is on, or None."""
        for i in tight:
            ux, uy, dx, dy, side = edges[i]
            if side is not None:
                k = den * ((px - ux) * dx + (py - uy) * dy) + num * ((qx - px) * dx + (qy - py) * dy)
                if side[0] * den <= k <= side[1] * den:
                    return -1 - i
        return None

    for seg in segs:
        (px, py), (qx, qy) = seg
        in_n, in_d, out_n, out_d = 0, 1, 1, 1
        tin: list = []
        tout: list = []
        ptight: list = []
        qtight: list = []
        along = False
        for i, (ux, uy, dx, dy, _side) in enumerate(edges):
            fp = dx * (py - uy) - dy * (px - ux)
            fq = dx * (qy - uy) - dy * (qx - ux)
            if fp < 0:
                if fq < 0:
                    break  # wholly outside this edge of H
                num, den = -fp, fq - fp  # enters H at num/den
                c = num * in_d - in_n * den
                if c > 0:
                    in_n, in_d, tin = num, den, [i]
                elif c == 0:
                    tin.append(i)
            elif fq < 0:
                num, den = fp, fp - fq  # leaves H at num/den
                c = num * out_d - out_n * den
                if c < 0:
                    out_n, out_d, tout = num, den, [i]
                elif c == 0:
                    tout.append(i)
            elif fp == 0:
                if fq == 0:
                    along = True
                else:
                    ptight.append(i)
            elif fq == 0:
                qtight.append(i)
        else:
            c = in_n * out_d - out_n * in_d
            if c > 0:
                continue  # misses H
            e1 = e2 = None
            if not along and c < 0:
                if tin:
                    e1 = label(px, py, qx, qy, in_n, in_d, tin)
                elif ptight:
                    e1 = label(px, py, qx, qy, 0, 1, ptight)
                else:
                    e1 = (px, py)
                if tout:
                    e2 = label(px, py, qx, qy, out_n, out_d, tout)
                elif qtight:
                    e2 = label(px, py, qx, qy, 1, 1, qtight)
                else:
                    e2 = (qx, qy)
                if e1 is None or e2 is None or e1 == e2:
                    e1 = e2 = None
            yield seg, e1, e2


def _first_clear(us: list[Point], vs: list[Point], walls: list) -> Optional[tuple[Point, Point]]:
    """The first (in the order of ``us``, then ``vs``) pair of points whose segment touches
    none of ``walls`` (tuples ``(px, py, qx, qy)``), or None: ``Sight._clear`` inlined, and
    the wall that stopped the last line tried first (neighbouring lines are usually
    stopped by the same wall)."""
    last = None
    for ax, ay in us:
        for bx, by in vs:
            minx, maxx = (ax, bx) if ax <= bx else (bx, ax)
            miny, maxy = (ay, by) if ay <= by else (by, ay)
            dx, dy = bx - ax, by - ay
            if last is not None:
                px, py, qx, qy = last
                if not (
                    (px < minx and qx < minx) or (px > maxx and qx > maxx)
                    or (py < miny and qy < miny) or (py > maxy and qy > maxy)
                ):
                    o1 = dx * (py - ay) - dy * (px - ax)
                    o2 = dx * (qy - ay) - dy * (qx - ax)
                    if not ((o1 > 0 and o2 > 0) or (o1 < 0 and o2 < 0)):
                        ex, ey = qx - px, qy - py
                        o3 = ex * (ay - py) - ey * (ax - px)
                        o4 = ex * (by - py) - ey * (bx - px)
                        if not ((o3 > 0 and o4 > 0) or (o3 < 0 and o4 < 0)):
                            continue  # the same wall stops this line too
            for w in walls:
                px, py, qx, qy = w
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
                last = w
                break
            else:
                return ((ax, ay), (bx, by))
    return None


class Sight:
    """Line of sight on one map; verdicts cached per unordered pair.

    ``rules`` picks the sight rule: ``"gloomhaven"`` corner to corner; the
    others (Frosthaven; Jaws of the Lion uses Frosthaven's) any point to any
    point. The any-point test checks, after the corner lines, lines between
    twelve points of each hex (corners and edge midpoints pulled a thousandth
    inwards): the lines that slip past a wall's end point. Before those it
    looks for a chain of walls across the convex hull of the two hexes (see
    ``_ipieces``): such a chain blocks every line between them, so the
    verdict is the same as trying all the lines, only faster (on a map full of
    holes most blocked pairs are settled so). The sample lines are tried
    against the walls touching that hull only. The walls looked at for a pair
    are those on the outlines of the map hexes near it (``_band``, one table
    per offset between the two hexes), a superset of the walls touching the
    hull, so the verdicts do not depend on that choice.
    """

    _cell = 2.0  # the wall grid's cell (``_near_walls``)

    def __init__(self, hexes: Iterable, thin_walls: Iterable, rules: str = "gloomhaven"):
        self.hexes = frozenset(hexes)
        by_hex = _walls_by_hex(self.hexes, thin_walls)
        self.walls = sorted(by_hex.pop(None))
        self.rules = rules
        self.corners_only = rules == "gloomhaven"
        self._cache: dict = {}
        self._dead = frozenset(p for seg in self.walls for p in seg)
        # the walls on each map hex's outline (every wall is an edge of a map hex)
        self._hex_walls: dict = {h: list(ws) for h, ws in by_hex.items()}
        self._grid: Optional[dict] = None  # for ``_near_walls`` (explain), built on first use
        self._corners: dict = {}  # ``_live_corners``
        # each wall as (px, py, qx, qy) times SCALE, for ``_first_clear``
        self._scaled = {w: (w[0][0] * SCALE, w[0][1] * SCALE, w[1][0] * SCALE, w[1][1] * SCALE) for w in self.walls}
        self._samples: dict = {}  # ``_samples_of``

    def _wall_grid(self) -> dict:
        """Walls bucketed by the real position of their midpoint, for the nearness filter."""
        if self._grid is None:
            self._grid = {}
            for seg in self.walls:
                (px, py), (qx, qy) = seg
                mx, my = (px + qx) / 4.0, (py + qy) * HALF_SQRT3 / 2.0
                key = (int(mx // self._cell), int(my // self._cell))
                self._grid.setdefault(key, []).append((mx, my, seg))
        return self._grid

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
        grid = self._wall_grid()
        # a cell whose centre lies further than 1.5 plus its half diagonal from the
        # segment holds no wall midpoint within 1.5 of it
        reach = (1.5 + cell * 0.7072) ** 2
        for cx in range(int((min(rax, rbx) - 1.5) // cell), int((max(rax, rbx) + 1.5) // cell) + 1):
            for cy in range(int((min(ray, rby) - 1.5) // cell), int((max(ray, rby) + 1.5) // cell) + 1):
                got = grid.get((cx, cy))
                if not got:
                    continue
                px, py = (cx + 0.5) * cell, (cy + 0.5) * cell
                t = ((px - rax) * dx + (py - ray) * dy) / ll if ll else 0.0
                t = 0.0 if t < 0 else 1.0 if t > 1 else t
                ex, ey = px - rax - t * dx, py - ray - t * dy
                if ex * ex + ey * ey > reach:
                    continue
                for px, py, seg in got:
                    t = ((px - rax) * dx + (py - ray) * dy) / ll if ll else 0.0
                    t = 0.0 if t < 0 else 1.0 if t > 1 else t
                    ex, ey = px - rax - t * dx, py - ray - t * dy
                    if ex * ex + ey * ey <= limit:
                        out.append(seg)
        return out

    def _band_walls(self, a, b) -> list[Segment]:
        """The walls on the outlines of the map hexes that may meet the convex hull of
        hexes a and b (see ``_band``): a superset of the walls touching that hull (every
        wall is an edge of a map hex, and every line between a and b lies in the hull),
        so the verdicts are those of any other superset."""
        q, r = a[0], a[1]
        get = self._hex_walls.get
        out: list = []
        for dq, dr in _band(b[0] - q, b[1] - r):
            got = get((q + dq, r + dr))
            if got:
                out += got
        return list(dict.fromkeys(out))

    def _hull_walls(self, a, b, near: list[Segment]) -> Optional[list[Segment]]:
        """Those of the ``near`` walls that touch the convex hull of hexes a and b (every
        line between the two hexes lies in it), or None when a chain of them provably
        blocks every such line (see ``_ipieces``)."""
        ax, ay = 3 * a[0], 2 * a[1] + a[0]
        bx, by = 3 * b[0], 2 * b[1] + b[0]
        edges, s1, s2 = _hull_of(b[0] - a[0], b[1] - a[1])
        # H moved to a (a side's range is measured from its own start: unchanged)
        edges = tuple((ux + ax, uy + ay, dx, dy, side) for ux, uy, dx, dy, side in edges)
        # H's bounding box first: it lets most of the walls go cheaply
        x0, x1 = (ax - 2, bx + 2) if ax <= bx else (bx - 2, ax + 2)
        y0, y1 = (ay - 1, by + 1) if ay <= by else (by - 1, ay + 1)
        near = [
            w for w in near
            if not ((w[0][0] < x0 and w[1][0] < x0) or (w[0][0] > x1 and w[1][0] > x1)
                    or (w[0][1] < y0 and w[1][1] < y0) or (w[0][1] > y1 and w[1][1] > y1))
        ]
        # the pieces joined as they come (union-find over the joints, from side s1
        # to side s2): a chain found early spares the rest of the walls
        out = []
        parent: dict = {}
        for seg, e1, e2 in _ipieces(edges, near):
            out.append(seg)
            if e1 is None or s1 is None:
                continue
            while e1 in parent:
                e1 = parent[e1]
            while e2 in parent:
                e2 = parent[e2]
            if e1 != e2:
                parent[e1] = e2
                r1 = s1
                while r1 in parent:
                    r1 = parent[r1]
                r2 = s2
                while r2 in parent:
                    r2 = parent[r2]
                if r1 == r2:
                    return None
        return out

    @staticmethod
    def _clear(a: Point, b: Point, walls: list[Segment]) -> bool:
        """No wall touches the segment a-b (exact; inlined orientation tests). A wall that
        touches it moves to the front of ``walls``: the next line tried, a neighbour of
        this one, is usually stopped by the same wall."""
        ax, ay = a
        bx, by = b
        minx, maxx = (ax, bx) if ax <= bx else (bx, ax)
        miny, maxy = (ay, by) if ay <= by else (by, ay)
        dx, dy = bx - ax, by - ay
        for i, w in enumerate(walls):
            (px, py), (qx, qy) = w
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
            if i:
                walls.insert(0, walls.pop(i))
            return False  # crossing, touching, or collinear with overlapping boxes
        return True

    def _live_corners(self, h) -> list[Point]:
        """The corners of hex h (in order) on no wall's end point (cached per hex): a corner
        on one sees nothing, every line from it touches that wall."""
        out = self._corners.get(h)
        if out is None:
            dead = self._dead
            out = self._corners[h] = [c for c in lattice_corners(h) if c not in dead]
        return out

    def _samples_of(self, h) -> list[Point]:
        """``_samples(h)``, cached per hex."""
        out = self._samples.get(h)
        if out is None:
            out = self._samples[h] = _samples(h)
        return out

    # -- the tests -------------------------------------------------------------
    def witness(self, a, b) -> Optional[tuple[tuple[float, float], tuple[float, float]]]:
        """A clear line (real coordinates) between hexes a and b, or None."""
        walls = self._band_walls(a, b)
        cbs = self._live_corners(b)
        for ca in self._live_corners(a):
            for cb in cbs:
                if self._clear(ca, cb, walls):
                    return (lattice_to_real(ca), lattice_to_real(cb))
        if self.corners_only:
            return None
        walls = self._hull_walls(a, b, walls)
        if walls is None:
            return None  # a chain of walls blocks every line
        found = _first_clear(self._samples_of(a), self._samples_of(b), [self._scaled[w] for w in walls])
        return (_unscale(found[0]), _unscale(found[1])) if found else None

    def visible(self, a, b) -> bool:
        if a == b:
            return True
        key = (a, b) if a <= b else (b, a)
        v = self._cache.get(key)
        if v is None:
            v = self.witness(*key) is not None  # the verdict is symmetric: one table per offset
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


def clear_caches() -> None:
    """Forget the geometry shared by all boards (for timing a cold start)."""
    _hull_of.cache_clear()
    _band.cache_clear()


def sight_for(board) -> Sight:
    """The (cached) Sight of a ghcli.rules.board.Board."""
    s = board._cache.get("sight")
    if s is None:
        s = Sight(board.hexes, board.walls, board.rules)
        board._cache["sight"] = s
    return s
