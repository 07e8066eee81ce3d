"""The convex hull of two hexes, for line of sight (``ghcli.rules.los``): which walls may
touch it, and the proof that a chain of walls blocks every line across it.

Every line between a point of hex A and a point of hex B lies in H, the convex
hull of the two hexes. So the walls that matter for the pair are those that
touch H (``_band``: the hexes that meet H, whose outlines hold every such wall;
``hull_walls``: the walls that may touch it), and walls that join into a chain
from one of H's two sides between the hexes to the other block every line
(``_ipieces``, ``hull_walls``). All of it in the exact integer lattice
coordinates of ``ghcli.rules.hexes``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Iterator, Optional, Sequence, Union

from ghcli.rules.hexes import CORNER_OFFSETS, Hex, orient as _orient

Point = tuple[int, int]
Segment = tuple[Point, Point]
#: A wall kept flat for the hot loops: ``(px, py, qx, qy)``, lattice.
FlatWall = tuple[int, int, int, int]
#: An edge of the hull: ``(ux, uy, dx, dy, side)`` (see ``_hull``).
HullEdge = tuple[int, int, int, int, Optional[tuple[int, int]]]
#: An end of a wall's piece inside the hull: a lattice point, a side's label (a negative int), or None.
End = Union[Point, int, None]
#: The hull's edges (``_hull``), the labels of its two sides joining A to B (or None, None).
HullOf = tuple[tuple[HullEdge, ...], Optional[int], Optional[int]]
#: The hull as four slabs (``_slabs``): ``(ylo, yhi, slo, shi, dlo, dhi, bx, by, g)``.
Slabs = tuple[int, int, int, int, int, int, int, int, int]
#: ``_hull_proof``'s answer: ``(edges, s_plus, s_minus, parallel, slabs)``.
HullProof = tuple[tuple[HullEdge, ...], Optional[int], Optional[int], bool, Slabs]


def _crosses(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """The segments cross at a point inside both (not merely touching)."""
    return _orient(p1, p2, q1) * _orient(p1, p2, q2) < 0 and _orient(q1, q2, p1) * _orient(q1, q2, p2) < 0


def _hull(pa: Sequence[Point], pb: Sequence[Point]) -> tuple[HullEdge, ...]:
    """The convex hull of two convex polygons A and B (their corners: lattice points), for
    the separation proof of ``_ipieces``: a tuple of edges
    ``(ux, uy, dx, dy, side)`` counter-clockwise (start u, direction d, no collinear
    vertices), where ``side`` is None on the hull's stretches of A's or B's outline, and
    on the two edges joining A to B it is ``(lo, hi)``: the range of ``dot(x - u, d)``
    of the edge's points lying on neither polygon's far outline (its ends included)."""
    tag: dict[Point, int] = {}
    for c in pa:
        tag[c] = tag.get(c, 0) | 1
    for c in pb:
        tag[c] = tag.get(c, 0) | 2
    pts = sorted(tag)

    def cross(o: Point, a: Point, b: Point) -> int:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
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
def _hull_of(dq: int, dr: int) -> HullOf:
    """The convex hull H of hex A at the lattice origin and hex B at axial offset
    (dq, dr) as ``(edges, s1, s2)``: its edges (see ``_hull``; the two sides joining A
    to B first, they reject most walls outside H) and the labels of those two sides
    (None, None if H has not two such sides)."""
    tx, ty = 3 * dq, 2 * dr + dq
    moved = tuple((x + tx, y + ty) for x, y in CORNER_OFFSETS)
    edges = tuple(sorted(_hull(CORNER_OFFSETS, moved), key=lambda e: e[4] is None))
    sides = [i for i, e in enumerate(edges) if e[4] is not None]
    if len(sides) != 2:
        return edges, None, None
    return edges, -1 - sides[0], -1 - sides[1]  # side labels: negative ints, never a point


@lru_cache(maxsize=4096)
def _band(dq: int, dr: int) -> tuple[tuple[int, int], ...]:
    """Axial offsets (from hex A) of every hex that meets the convex hull H of hex A
    and the hex B at offset (dq, dr) (touching it included): a hex meets H when their
    extents overlap along each of H's four slabs (``_slabs``; both are convex,
    and their sides are normal to those four directions). Every wall touching H is
    an edge of such a hex (the map hex beside it), and every line between A and B
    lies in H."""
    ylo, yhi, slo, shi, dlo, dhi, bx, by, g = _slabs(dq, dr)
    out = []
    # every hex meeting H has its centre within 2 of the segment between the centres,
    # so it differs from a point of it by at most 4/3 in q and less than 2 in r; for each
    # q (x = 3 q) the four slab tests bound y = 2 r + q to one range, worked out exactly
    for q in range(min(0, dq) - 1, max(0, dq) + 2):
        x = 3 * q
        low = max(ylo - 1, slo - 2 - x, dlo - 2 + x, 2 * (min(0, dr) - 1) + q)
        high = min(yhi + 1, shi + 2 - x, dhi + 2 + x, 2 * (max(0, dr) + 1) + q)
        # |bx y - by x| <= 2 g
        if bx > 0:
            low = max(low, -((2 * g - by * x) // bx))  # ceil((by x - 2 g) / bx)
            high = min(high, (by * x + 2 * g) // bx)
        elif bx < 0:
            low = max(low, -((by * x + 2 * g) // -bx))  # ceil((by x + 2 g) / bx), bx < 0
            high = min(high, (2 * g - by * x) // -bx)
        elif abs(by * x) > 2 * g:
            continue
        # y = 2 r + q: r from ceil((low - q) / 2) to floor((high - q) / 2)
        for r in range(-((q - low) // 2), (high - q) // 2 + 1):
            out.append((q, r))
    return tuple(out)


def _slabs(dq: int, dr: int) -> Slabs:
    """The convex hull H of hex A (centre at the lattice origin) and the hex B at axial
    offset (dq, dr) as four slabs: ``(ylo, yhi, slo, shi, dlo, dhi, bx, by, g)``. H
    is the Minkowski sum of A and the segment from 0 to B's centre (bx, by), so its
    sides are normal to A's edges or to that segment: H is the set of points (x, y)
    with ``y``, ``x + y`` and ``y - x`` (A's three edge directions) within the
    first three pairs of bounds and ``bx y - by x`` (the segment's) within [-g, g]."""
    bx, by = 3 * dq, 2 * dr + dq
    return (
        min(0, by) - 1, max(0, by) + 1,
        min(0, bx + by) - 2, max(0, bx + by) + 2,
        min(0, by - bx) - 2, max(0, by - bx) + 2,
        bx, by, max(abs(2 * by), abs(bx - by), abs(bx + by)),
    )


@lru_cache(maxsize=4096)
def _hull_proof(dq: int, dr: int) -> HullProof:
    """What ``hull_walls`` needs of the convex hull H of hex A (centre at the
    lattice origin) and the hex B at axial offset (dq, dr):
    ``(edges, s_plus, s_minus, parallel, slabs)``.

    ``edges``: see ``_hull_of``; ``slabs``: see ``_slabs``. H's two sides joining A
    to B lie on the lines ``bx y - by x = g`` (label
    ``s_plus``) and ``= -g`` (``s_minus``), labels as ``_hull_of``'s (None, None
    if B is A). ``parallel``: those sides are parallel to an edge of A (then part of
    a side may be A's outline, and ``_clip`` works out where a wall leaves H)."""
    slabs = _slabs(dq, dr)
    bx, by, g = slabs[6:]
    parallel = by == 0 or bx == by or bx == -by
    if parallel:
        edges, s1, s2 = _hull_of(dq, dr)
        s_plus = s_minus = None
        if s1 is not None:
            ux, uy = edges[-1 - s1][0], edges[-1 - s1][1]
            s_plus, s_minus = (s1, s2) if bx * uy - by * ux == g else (s2, s1)
    else:
        # each side runs from a corner of A to one of B, the whole of it between
        # the two hexes (``_leaves_by`` needs no edges then, only two labels)
        edges, s_plus, s_minus = (), -1, -2
    return edges, s_plus, s_minus, parallel, slabs


def _leaves_by(edges: tuple[HullEdge, ...], parallel: bool, slabs: Slabs, s_plus: Optional[int],
               s_minus: Optional[int], pin: bool, px: int, py: int, qx: int, qy: int) -> tuple[End, End]:
    """For a wall p-q with exactly one end strictly inside the hull H (p if ``pin``,
    else q), that end and the label of the side by which the wall leaves H, or
    (None, None) if it leaves by A's or B's outline (see ``_hull_proof``)."""
    if parallel:
        got = _clip(edges, px, py, qx, qy)
        return (None, None) if got is None or got[0] is None else got
    ylo, yhi, slo, shi, dlo, dhi, bx, by, g = slabs
    if not pin:  # the inside end first
        px, py, qx, qy = qx, qy, px, py
    sp, sq, dp, dq, gp, gq = px + py, qx + qy, py - px, qy - qx, bx * py - by * px, bx * qy - by * qx
    # the side it leaves by, and when (t = num / den along p -> q)
    if gq >= g:
        side, num, den = s_plus, g - gp, gq - gp
    elif gq <= -g:
        side, num, den = s_minus, gp + g, gp - gq
    else:
        return None, None  # it leaves through A's or B's outline
    # ... unless it crosses A's or B's outline first (a tie is H's corner, the side's end)
    if (
        (qy > yhi and (yhi - py) * den < num * (qy - py)) or (qy < ylo and (py - ylo) * den < num * (py - qy))
        or (sq > shi and (shi - sp) * den < num * (sq - sp)) or (sq < slo and (sp - slo) * den < num * (sp - sq))
        or (dq > dhi and (dhi - dp) * den < num * (dq - dp)) or (dq < dlo and (dp - dlo) * den < num * (dp - dq))
    ):
        return None, None
    return (px, py), side


def _clip(edges: tuple[HullEdge, ...], px: int, py: int, qx: int, qy: int) -> Optional[tuple[End, End]]:
    """The piece of the wall p-q inside the convex hull H given by ``edges`` (see
    ``_hull_of``) as ``(end1, end2)`` (see ``_ipieces``), or None when it misses H."""
    for _seg, e1, e2 in _ipieces(edges, (((px, py), (qx, qy)),)):
        return (e1, e2)
    return None


def _side_label(edges: tuple[HullEdge, ...], px: int, py: int, qx: int, qy: int, num: int, den: int,
                tight: list[int]) -> Optional[int]:
    """Which side's stretch (its label, see ``_hull_of``) the point p + num/den (q - p) of H's
    outline is on, among the edges ``tight`` of H it lies on, or None."""
    for i in tight:
        ux, uy, dx, dy, side = edges[i]
        if side is not None:
            k = den * ((px - ux) * dx + (py - uy) * dy) + num * ((qx - px) * dx + (qy - py) * dy)
            if side[0] * den <= k <= side[1] * den:
                return -1 - i
    return None


def _ipieces(edges: tuple[HullEdge, ...], segs: Iterable[Segment]) -> Iterator[tuple[Segment, End, End]]:
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

    for seg in segs:
        (px, py), (qx, qy) = seg
        in_n, in_d, out_n, out_d = 0, 1, 1, 1
        tin: list[int] = []
        tout: list[int] = []
        ptight: list[int] = []
        qtight: list[int] = []
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
            e1: End = None
            e2: End = None
            if not along and c < 0:
                if tin:
                    e1 = _side_label(edges, px, py, qx, qy, in_n, in_d, tin)
                elif ptight:
                    e1 = _side_label(edges, px, py, qx, qy, 0, 1, ptight)
                else:
                    e1 = (px, py)
                if tout:
                    e2 = _side_label(edges, px, py, qx, qy, out_n, out_d, tout)
                elif qtight:
                    e2 = _side_label(edges, px, py, qx, qy, 1, 1, qtight)
                else:
                    e2 = (qx, qy)
                if e1 is None or e2 is None or e1 == e2:
                    e1 = e2 = None
            yield seg, e1, e2


def _first_clear(us: Sequence[Point], vs: Sequence[Point], walls: Sequence[FlatWall]) -> Optional[tuple[Point, Point]]:
    """The first (in the order of ``us``, then ``vs``) pair of points whose segment touches
    none of ``walls`` (tuples ``(px, py, qx, qy)``), or None (exact orientation tests), and
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


def hull_walls(a: tuple[int, int], b: tuple[int, int], near: list[FlatWall]) -> Optional[list[FlatWall]]:
    """The ``near`` walls (flat) that may touch the convex hull H of hexes a and b
    (every line between the two hexes lies in it; a superset of those that do), or
    None when a chain of them provably blocks every such line (see ``_ipieces``).

    The hot loop of the Frosthaven sight test. The walls are moved next to hex A at
    the origin and sorted by H's four slabs (``_hull_proof``): a wall wholly
    outside a slab misses H; one with both ends strictly inside H is a piece joining
    its two ends; one with neither end strictly inside can join nothing (a wall is
    shorter than H is wide); one with one end inside joins that end to the side it
    leaves H by, if it leaves by a side (worked out exactly by ``_clip`` where a
    side of H is parallel to an edge of A). The pieces are joined as they come
    (union-find over the joints): a chain found early spares the rest."""
    ax, ay = 3 * a[0], 2 * a[1] + a[0]
    edges, s_plus, s_minus, parallel, slabs = _hull_proof(b[0] - a[0], b[1] - a[1])
    ylo, yhi, slo, shi, dlo, dhi, bx, by, g = slabs
    out = []
    parent: dict[End, End] = {}  # the union-find over the joints (and the two sides' labels)
    e1: End
    e2: End
    r1: End
    r2: End
    for seg in near:
        px, py, qx, qy = seg
        px -= ax
        py -= ay
        qx -= ax
        qy -= ay
        sp, sq, dp, dq, gp, gq = px + py, qx + qy, py - px, qy - qx, bx * py - by * px, bx * qy - by * qx
        pin = ylo < py < yhi and slo < sp < shi and dlo < dp < dhi and -g < gp < g
        qin = ylo < qy < yhi and slo < sq < shi and dlo < dq < dhi and -g < gq < g
        if pin and qin:
            out.append(seg)
            if s_plus is None:
                continue
            e1, e2 = (px, py), (qx, qy)
        elif (
            (py > yhi and qy > yhi) or (py < ylo and qy < ylo) or (sp > shi and sq > shi) or (sp < slo and sq < slo)
            or (dp > dhi and dq > dhi) or (dp < dlo and dq < dlo) or (gp > g and gq > g) or (gp < -g and gq < -g)
        ):
            continue  # wholly outside a slab: misses H
        else:
            out.append(seg)
            if s_plus is None or not (pin or qin):
                continue
            e1, e2 = _leaves_by(edges, parallel, slabs, s_plus, s_minus, pin, px, py, qx, qy)
            if e1 is None:
                continue
        while e1 in parent:
            e1 = parent[e1]
        while e2 in parent:
            e2 = parent[e2]
        if e1 != e2:
            parent[e1] = e2
            r1 = s_plus
            while r1 in parent:
                r1 = parent[r1]
            r2 = s_minus
            while r2 in parent:
                r2 = parent[r2]
            if r1 == r2:
                return None
    return out



def _touch_kind(p: Point, q: Point, wall: Segment) -> str:
    """How the segment p-q meets the wall segment: ``"crosses"`` it, runs ``"along"`` it, or touches
    one of its ``"end"`` points (or touches it with its own end: ``"end"`` too). (``explain`` says
    ``"between"`` for neighbours with a thin wall on their shared edge.)"""
    u, w = wall
    o1, o2 = _orient(p, q, u), _orient(p, q, w)
    if o1 == 0 and o2 == 0:
        return "along"
    if _crosses(p, q, u, w):
        return "crosses"
    return "end"


def edge_hexes(seg: Segment) -> tuple[Hex, ...]:
    """The two hexes (axial, sorted) whose shared edge is the lattice segment ``seg``."""
    (px, py), q = seg
    out = []
    for ox, oy in CORNER_OFFSETS:
        x, y = px - ox, py - oy  # a centre with p as a corner
        if x % 3 == 0 and (y - x // 3) % 2 == 0 and (q[0] - x, q[1] - y) in _CORNER_SET:
            out.append(Hex(x // 3, (y - x // 3) // 2))
    return tuple(sorted(out))


_CORNER_SET = frozenset(CORNER_OFFSETS)


def _is_corner(x: int, y: int) -> bool:
    """(x, y) is a corner of the hex centred at the lattice origin."""
    return (x, y) in _CORNER_SET
