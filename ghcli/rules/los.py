"""Line of sight between hexes, for the three rule sets of board format 1.

Walls are segments in the lattice coordinates of ``ghcli.rules.hexes``
(exact integers): every thin wall, and every edge between a map hex and a hex
off the map (the map's edge and wall hexes).

* Gloomhaven: hex A sees hex B when some line from a corner of A to a corner
  of B touches no wall (touching a wall's end point counts as touching).
  Between two map hexes up to distance 12 apart, each corner line is a shipped
  step program (``ghcli.rules.los_corner``: the hex edges it touches, all of
  which must be open links); otherwise the corner lines are tested against the
  walls near the two hexes.
* Frosthaven and Jaws of the Lion: a line from any point of A to any point of
  B that touches no wall (so a hex whose corners all touch walls still sees
  out of its middle). Decided exactly by ``ghcli.rules.los_portal``: A sees B
  when some chain of open edges (no wall) from A to B is crossed by a line, and
  which chains are is geometry alone, shipped once per offset between the two
  hexes (up to distance 12) as a tree that a board's question walks along its
  open edges. Neighbours see each other through their edge when it is open.
  Otherwise (farther apart, a wall between neighbours) the quick tests (corner
  lines, a chain of walls across the two hexes' hull, lines between six sample
  points per hex) come first, then the chains are searched on the board
  (``los_portal.portal_search``), or for neighbours ``ghcli.rules.los_exact``
  tries the finitely many candidate lines that settle it (lines through two
  vertices, turned a little). Each module's docstring has its argument; the
  tests check the three exact methods against each other and a brute force.

``Sight`` holds the walls of one board and caches verdicts per pair.
"""

from __future__ import annotations

from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, Collection, Iterable, Literal, Optional, Union

from ghcli.rules.hexes import (
    _CORNER_EDGES,
    _EDGE_CORNERS,
    _EDGE_FLAT,
    CORNER_OFFSETS,
    Grid,
    SQRT3,
    lattice_centre,
    lattice_corners,
    lattice_to_real,
    segments_touch,
    shared_edge,
)
from ghcli.rules.los_corner import PROGRAM_DISTANCE, programs_clear
from ghcli.rules.los_exact import _chord_middle, _pair, clear_candidate, witness_line
from ghcli.rules.los_hull import (
    _band,
    _crosses,
    _first_clear,
    _hull_of,
    _hull_proof,
    _is_corner,
    _slabs,
    _touch_kind,
    edge_hexes,
    hull_walls,
)
from ghcli.rules.los_portal import TREE_DISTANCE, PairFrame, canonical, portal_line, portal_search, tree_visible

if TYPE_CHECKING:
    from ghcli.rules.board import Board
    from ghcli.rules.los_open import OpenEdge

Point = tuple[int, int]
Segment = tuple[Point, Point]
#: A hex as (q, r) (a ``Hex`` or a plain pair).
HexLike = tuple[int, int]
#: A wall kept flat for the hot loops: ``(px, py, qx, qy)``, lattice.
FlatWall = tuple[int, int, int, int]
#: How two hexes see each other (``Sight._clear``): ``(p, q, scale)``, ``(frame, polygon, "portal")`` or
#: ``(candidate, walls, "turned")``.
Clear = tuple[Any, Any, Any]
#: A segment with exact coordinates (ints or Fractions).
ExactSegment = tuple[tuple[Any, Any], tuple[Any, Any]]


def _walls_by_hex(hexset: Collection[HexLike],
                  thin_walls: Iterable[Collection[HexLike]]) -> dict[Optional[HexLike], dict[Segment, None]]:
    """The walls on each map hex's outline (thin walls and the map's edge), as
    ``{segment: None}`` per hex (q, r), all hexes together under the key None."""
    every: dict[Segment, None] = {}
    out: dict[Optional[HexLike], dict[Segment, None]] = {None: every}
    for h in hexset:
        q, r = h
        X, Y = 3 * q, 2 * r + q
        mine: Optional[dict[Segment, None]] = None
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

# The float constants of ``Sight._near_walls`` (only ``explain`` uses it, to pick the
# nearest-to-clear line of a blocked pair; every verdict is exact, in integers):

#: How far (real units) a wall's midpoint may lie from the segment between two hexes'
#: centres and still be touched by a line between them: a hex's radius (1) plus half
#: an edge (0.5).
NEAR_WALL = 1.5
#: Slack on the squared distances compared in floats: a wall exactly NEAR_WALL away
#: is kept whatever the round-off (keeping a wall too many is harmless here).
FLOAT_SLACK = 1e-9
#: Half the diagonal of a unit square (sqrt(2) / 2 = 0.70711), rounded up: how far a
#: point of a grid cell can be from the cell's centre, per unit of the cell's side.
HALF_DIAGONAL = 0.7072
#: The side (real units) of the cells of ``Sight._wall_grid``.
WALL_GRID_CELL = 2.0
HALF_SQRT3 = SQRT3 / 2.0


def _samples(h: HexLike) -> list[Point]:
    """Six points of a hex in lattice units times SCALE: its corners, each pulled 1/SCALE
    of the way towards the centre (so they lie inside the hex). (With the edges'
    midpoints too the quick lines find a few more clear pairs, but cost more than the
    exact search they spare.)"""
    cx, cy = lattice_centre(h)
    out = []
    for x, y in lattice_corners(h):
        x, y = x * SCALE, y * SCALE
        out.append((x - (x - cx * SCALE) // SCALE, y - (y - cy * SCALE) // SCALE))
    return out


class Sight:
    """Line of sight on one map; verdicts cached per unordered pair.

    ``rules`` picks the sight rule: ``"gloomhaven"`` corner to corner; the
    others (Frosthaven; Jaws of the Lion uses Frosthaven's) any point to any
    point. ``visible`` answers between two map hexes from tables of the offset
    between them (``_sees``): the corner rule by step programs
    (``ghcli.rules.los_corner``), the any-point rule by a walk of the offset's
    chain tree (``ghcli.rules.los_portal``), neighbours by their edge. The
    witnesses (``clear_segment``), and the pairs with no table, go through
    ``_clear``: it checks, after the corner lines, whether a chain of walls
    crosses the convex hull of the two hexes (see ``los_hull.hull_walls``):
    such a chain blocks every line between them (on a map full of holes most
    blocked pairs are settled so). Then lines between six
    points of each hex (its corners pulled a thousandth inwards) find most
    clear lines that slip past a wall's end point; when none is clear,
    ``los_portal.portal_search`` (``los_exact.clear_candidate`` for neighbours
    with a wall between them) decides exactly. The sample and candidate lines
    are tried against the walls that may touch that hull only. The walls
    looked at for a pair are those on the outlines of the map hexes meeting
    the hull (``_band``, one table per offset between the two hexes), a
    superset of the walls touching it, so the verdicts do not depend on that
    choice. Walls are kept flat, ``(px, py, qx, qy)``, in the hot loops.
    """

    _cell = WALL_GRID_CELL

    def __init__(self, hexes: Iterable[HexLike], thin_walls: Iterable[Collection[HexLike]], rules: str = "gloomhaven",
                 grid: Optional[Grid] = None, map_edge: str = "wall"):
        self.hexes = frozenset(hexes)
        self._thin = list(thin_walls)
        self.rules = rules
        self.corners_only = rules == "gloomhaven"
        #: the corner rule under the ``open`` map-edge reading (``ghcli.rules.los_open``)
        self.open_edge = self.corners_only and map_edge == "open"
        self.map_edge = map_edge
        self._cache: dict[tuple[HexLike, HexLike], bool] = {}
        # the map as ``hexes.Grid`` (its gaps in ``steps`` are the walls: a thin wall or
        # the map's edge); the per-hex tables below are built from it lazily, for the
        # hexes a question is about only
        self._map = grid if grid is not None else Grid(self.hexes, self._thin)
        # the walls on each map hex's outline (every wall is an edge of a map hex), each
        # as a flat (px, py, qx, qy); only a thin wall is on two map hexes' outlines
        self._hex_walls: dict[HexLike, tuple[FlatWall, ...]] = {}  # ``_walls_of``
        self._shared_walls = bool(self._thin)
        #: for ``_near_walls`` (explain), built on first use
        self._grid: Optional[dict[tuple[int, int], list[tuple[float, float, Segment]]]] = None
        self._corners: dict[HexLike, list[Point]] = {}  # ``_live_corners``
        self._samples: dict[HexLike, list[Point]] = {}  # ``_samples_of``
        #: ``los_exact.clear_candidate``'s, kept per board
        self._open_segments: dict[tuple[Point, Point], bool] = {}
        self._rays: dict[Point, tuple[tuple[int, int], ...]] = {}  # ``_rays_at``

    @cached_property
    def walls(self) -> list[Segment]:
        """Every wall (sorted segments): the thin walls and the map's edge."""
        return sorted(_walls_by_hex(self.hexes, self._thin)[None])

    @cached_property
    def _centres(self) -> list[Point]:
        """The lattice centre of each map hex, by hex number (``hexes.Grid``)."""
        return [(3 * q, 2 * r + q) for q, r in self._map.hexes]

    @cached_property
    def _dead(self) -> frozenset[Point]:
        """Every wall's end points."""
        return frozenset(p for seg in self.walls for p in seg)

    def _rays_at(self, p: Point) -> tuple[tuple[int, int], ...]:
        """The directions of the walls at the lattice point p (``los_exact``), cached: of the
        three edges meeting there (between the three hexes with p as a corner), those that are
        walls: between a map hex and one off the map, or a thin wall."""
        out = self._rays.get(p)
        if out is None:
            px, py = p
            around = []
            for ox, oy in CORNER_OFFSETS:
                x, y = px - ox, py - oy  # a centre with p as a corner
                if x % 3 == 0 and (y - x // 3) % 2 == 0:
                    around.append((x // 3, (y - x // 3) // 2))
            index, steps = self._map.index, self._map.steps
            rays = []
            for k, h1 in enumerate(around):
                for h2 in around[k + 1:]:
                    i1, i2 = index.get(h1), index.get(h2)
                    if i1 is not None and i2 is not None:
                        wall = i2 not in steps[i1]
                    elif i1 is None and i2 is None:
                        wall = frozenset((h1, h2)) in self._thin_set
                    else:
                        wall = True
                    if wall:
                        a, b = shared_edge(h1, h2)
                        q = b if a == p else a
                        rays.append((q[0] - px, q[1] - py))
            out = self._rays[p] = tuple(rays)
        return out

    @cached_property
    def _thin_set(self) -> frozenset[frozenset[HexLike]]:
        """The thin walls as frozensets of two (q, r) tuples."""
        return frozenset(frozenset((h[0], h[1]) for h in w) for w in self._thin)

    def _walls_of(self, h: HexLike) -> tuple[FlatWall, ...]:
        """The walls (flat) on map hex h's outline: its edges where ``Grid.steps`` has a gap
        (a thin wall or the map's edge); none for a hex off the map (cached per hex)."""
        out = self._hex_walls.get(h)
        if out is None:
            i = self._map.index.get(h)
            st = self._map.steps[i] if i is not None else None
            if st is None or -1 not in st:
                out = ()
            else:
                q, r = h
                X, Y = 3 * q, 2 * r + q
                out = tuple((X + ax, Y + ay, X + bx, Y + by) for d, ax, ay, bx, by in _EDGE_FLAT if st[d] < 0)
            self._hex_walls[h] = out
        return out

    def _wall_grid(self) -> dict[tuple[int, int], list[tuple[float, float, Segment]]]:
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
    def _near_walls(self, a: HexLike, b: HexLike) -> list[Segment]:
        """Walls that a line between hexes a and b could touch: those whose midpoint lies
        within NEAR_WALL (a hex's radius plus half an edge) of the segment between the
        centres (floats: see the constants' comments)."""
        ax, ay = lattice_centre(a)
        bx, by = lattice_centre(b)
        # real coordinates of the centres
        rax, ray, rbx, rby = ax / 2.0, ay * HALF_SQRT3, bx / 2.0, by * HALF_SQRT3
        dx, dy = rbx - rax, rby - ray
        ll = dx * dx + dy * dy
        near = NEAR_WALL
        limit = near * near + FLOAT_SLACK
        cell = self._cell
        out = []
        grid = self._wall_grid()
        # a cell whose centre lies further than NEAR_WALL plus its half diagonal from
        # the segment holds no wall midpoint within NEAR_WALL of it
        reach = (near + cell * HALF_DIAGONAL) ** 2
        for cx in range(int((min(rax, rbx) - near) // cell), int((max(rax, rbx) + near) // cell) + 1):
            for cy in range(int((min(ray, rby) - near) // cell), int((max(ray, rby) + near) // cell) + 1):
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

    def _band_walls(self, a: HexLike, b: HexLike) -> list[FlatWall]:
        """The walls (flat) on the outlines of the map hexes meeting the convex hull of
        hexes a and b (see ``_band``): a superset of the walls touching that hull (every
        wall is an edge of a map hex, and every line between a and b lies in the hull),
        so the verdicts are those of any other superset. Only a thin wall can be on two
        of those outlines: it is listed once."""
        q, r = a[0], a[1]
        walls_of = self._walls_of
        out: list[FlatWall] = []
        for dq, dr in _band(b[0] - q, b[1] - r):
            got = walls_of((q + dq, r + dr))
            if got:
                out += got
        return list(dict.fromkeys(out)) if self._shared_walls else out

    def _live_corners(self, h: HexLike) -> list[Point]:
        """The corners of hex h (in order) on no wall's end point (cached per hex): a corner
        on one sees nothing, every line from it touches that wall."""
        out = self._corners.get(h)
        if out is None:
            grid = self._map
            i = grid.index.get(h)
            if i is None:  # off the map: asked of every wall
                dead = self._dead
                out = [c for c in lattice_corners(h) if c not in dead]
            else:
                # the three edges at a corner: towards the two neighbours beside it, and
                # between those two (a wall there only if both are on the map: a thin wall)
                steps = grid.steps
                st = steps[i]
                out = []
                for c, (d1, d2, d12) in zip(lattice_corners(h), _CORNER_EDGES):
                    n1 = st[d1]
                    if n1 >= 0 and st[d2] >= 0 and steps[n1][d12] >= 0:
                        out.append(c)
            self._corners[h] = out
        return out

    def _samples_of(self, h: HexLike) -> list[Point]:
        """``_samples(h)``, cached per hex."""
        out = self._samples.get(h)
        if out is None:
            out = self._samples[h] = _samples(h)
        return out

    # -- the tests -------------------------------------------------------------
    def _sees(self, a: HexLike, b: HexLike) -> bool:
        """The verdict for hexes a and b (a != b). Between two map hexes: the corner rule
        by the offset's step programs (``los_corner.programs_clear``); the any-point rule
        through the open edge between neighbours, else by a walk of the offset's chain
        tree (``los_portal.tree_visible``). Otherwise (no table: too far apart, a hex
        off the map, neighbours with a wall between) ``_clear``."""
        if self.open_edge:
            return self._open_clear(a, b) is not None
        grid = self._map
        i, j = grid.index.get(a), grid.index.get(b)
        if i is not None and j is not None:
            if self.corners_only:
                if j in grid.steps[i] and self._shared_corner_live(a, b):
                    return True  # neighbours, the edge open and one of its ends on no wall
                got = _programs_for(b[0] - a[0], b[1] - a[1])
                if got is not None:
                    return programs_clear(got[0], got[1], i, grid.steps)
            else:
                if j in grid.steps[i]:
                    return True  # neighbours, the edge between them open
                tree = _tree_for(b[0] - a[0], b[1] - a[1])
                if tree is not None:
                    return tree_visible(tree[0], tree[1], i, j, grid.steps)
        return self._clear(a, b) is not None

    def _clear(self, a: HexLike, b: HexLike) -> Optional[Clear]:
        """How a and b see each other: ``(p, q, scale)``, a clear segment between lattice
        points times ``scale`` (1: corners; SCALE: sample points), ``(frame, polygon,
        "portal")`` (``ghcli.rules.los_portal``), ``(candidate, walls, "turned")``
        (``ghcli.rules.los_exact``; walls relative to a's centre), or None (every line
        is blocked)."""
        walls = self._band_walls(a, b)
        found = _first_clear(self._live_corners(a), self._live_corners(b), walls)
        if found:
            return (found[0], found[1], 1)
        if self.corners_only:
            return None
        inside = hull_walls(a, b, walls)
        if inside is None:
            return None  # a chain of walls blocks every line
        found = _first_clear(
            self._samples_of(a), self._samples_of(b),
            [(px * SCALE, py * SCALE, qx * SCALE, qy * SCALE) for px, py, qx, qy in inside]
        )
        if found:
            return (found[0], found[1], SCALE)
        portal = self._portal(a, b)
        if portal is not False:
            return portal
        return self._turned(a, b, inside)

    def _shared_corner_live(self, a: HexLike, b: HexLike) -> bool:
        """Neighbours a and b share a corner that is no wall's end point (so that corner, a corner of
        both, is a line from a corner of a to a corner of b touching no wall)."""
        live = self._live_corners(a)
        return any(c in live for c in shared_edge(a, b))

    def _open_clear(self, a: HexLike, b: HexLike) -> Optional[Segment]:
        """Under the open map-edge reading (``ghcli.rules.los_open``): a clear line between a and b
        (lattice points: the two centres for neighbours with no thin wall between, else two
        corners), or None."""
        grid = self._map
        i, j = grid.index.get(a), grid.index.get(b)
        if i is not None and j is not None and j in grid.steps[i]:
            return (lattice_centre(a), lattice_centre(b))
        from ghcli.rules.los_open import first_clear

        return first_clear(a, b, self._open_near(a, b))

    def _open_near(self, a: HexLike, b: HexLike) -> OpenEdge:
        """``los_open.OpenEdge`` for hexes a and b: the thin walls and hexes off the map near them."""
        from ghcli.rules.los_open import OpenEdge

        band = _band(b[0] - a[0], b[1] - a[1])
        thin = self._thin_by_hex
        near: list[FlatWall] = []
        for dq, dr in band:
            near += thin.get((a[0] + dq, a[1] + dr), ())
        return OpenEdge(a, b, band, self.hexes, list(dict.fromkeys(near)))

    @cached_property
    def _thin_by_hex(self) -> dict[HexLike, list[FlatWall]]:
        """Each hex's thin walls (flat lattice segments), for the open reading."""
        out: dict[HexLike, list[FlatWall]] = {}
        for w in self._thin:
            h1, h2 = tuple(w)
            (px, py), (qx, qy) = shared_edge(h1, h2)
            for h in (h1, h2):
                out.setdefault((h[0], h[1]), []).append((px, py, qx, qy))
        return out

    def _open_explain(self, a: HexLike, b: HexLike, out: dict[str, Any]) -> None:
        """``explain``'s blocked-line keys under the open reading: the corner line with the fewest
        blockers, then the shortest, and the first of them from its start."""
        from ghcli.rules.los_open import corner_lines, corners_of

        near = self._open_near(a, b)
        best: Optional[tuple[tuple[int, int], Point, Point, list[Any]]] = None
        for p, q in corner_lines(a, b):
            found = near.blockers(p, q, first=False)
            key = (len(found), (p[0] - q[0]) ** 2 + 3 * (p[1] - q[1]) ** 2)
            if best is None or key < best[0]:
                best = (key, p, q, found)
        assert best is not None  # (two hexes have corner lines)
        _, p, q, found = best

        def near_p(e: Segment) -> int:  # the squared distance (lattice, doubled) of an edge's midpoint from p
            return (e[0][0] + e[1][0] - 2 * p[0]) ** 2 + 3 * (e[0][1] + e[1][1] - 2 * p[1]) ** 2

        def seg_of(item: tuple[str, Any]) -> Segment:
            kind, what = item
            if kind != "off":
                segment: Segment = what
                return segment
            cs = corners_of(what)
            edges = [(cs[k], cs[(k + 1) % 6]) for k in range(6)]
            return min([e for e in edges if segments_touch(p, q, e[0], e[1])] or edges, key=near_p)

        first = min((seg_of(item) for item in found), key=near_p)
        out["blocked_line"] = [list(lattice_to_real(p)), list(lattice_to_real(q))]
        out["blocked_by"] = [list(lattice_to_real(first[0])), list(lattice_to_real(first[1]))]
        h1, h2 = sorted(edge_hexes(first), key=lambda h: (h not in self.hexes, h))
        out["wall"] = [[h1[0], h1[1]], [h2[0], h2[1]]]
        out["off_map"] = None if h2 in self.hexes else [h2[0], h2[1]]
        out["touch"] = _touch_kind(p, q, first)

    def _portal(self, a: HexLike, b: HexLike) -> Union[Clear, None, Literal[False]]:
        """``los_portal.portal_search`` for map hexes a and b, not neighbours:
        ``(frame, polygon, "portal")``, or None (every line is blocked); False when it
        does not apply (neighbours, or a hex off the map)."""
        dq, dr = b[0] - a[0], b[1] - a[1]
        index = self._map.index
        i, j = index.get(a), index.get(b)
        if abs(dq) + abs(dr) + abs(dq + dr) <= 2 or i is None or j is None:
            return False
        frame = _frame(dq, dr)
        poly = portal_search(frame, i, j, self._map.steps, self._centres)
        return None if poly is None else (frame, poly, "portal")

    def _turned(self, a: HexLike, b: HexLike, walls: list[FlatWall]) -> Optional[Clear]:
        """``los_exact.clear_candidate`` for hexes a and b, with ``walls`` (flat) a
        superset of those touching their hull: ``(candidate, walls, "turned")``, or
        None (every line is blocked)."""
        dq, dr = b[0] - a[0], b[1] - a[1]
        ax, ay = 3 * a[0], 2 * a[1] + a[0]
        rel = [(px - ax, py - ay, qx - ax, qy - ay) for px, py, qx, qy in walls]
        ylo, yhi, slo, shi, dlo, dhi, bx, by, g = _slabs(dq, dr)
        ends: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
        seen: set[Point] = set()
        rays_at = self._rays_at
        for px, py, qx, qy in walls:
            for p in ((px, py), (qx, qy)):
                if p in seen:
                    continue
                seen.add(p)
                rs = rays_at(p)
                x, y = p[0] - ax, p[1] - ay
                if (
                    len(rs) <= 2
                    and ylo <= y <= yhi and slo <= x + y <= shi and dlo <= y - x <= dhi
                    and -g <= bx * y - by * x <= g
                    and not _is_corner(x, y) and not _is_corner(x - 3 * dq, y - 2 * dr - dq)
                ):
                    ends.append((x, y, rs))
        cand = clear_candidate(dq, dr, rel, ends, (ax, ay), self._open_segments)
        return None if cand is None else (cand, rel, "turned")

    def clear_segment(self, a: HexLike, b: HexLike) -> Optional[ExactSegment]:
        """A clear segment between the insides (or, corner lines, corners) of hexes a
        and b in exact lattice coordinates (ints or Fractions; see
        ``ghcli.rules.hexes``), or None when every line between them is blocked."""
        if self.open_edge:
            return self._open_clear(a, b)
        found = self._clear(a, b)
        if found is None:
            return None
        if found[2] == "portal":
            frame, poly, _ = found
            (mx, my), (ex, ey) = portal_line(frame, poly)
            cb = tuple((3 * (b[0] - a[0]) + x, 2 * (b[1] - a[1]) + b[0] - a[0] + y) for x, y in CORNER_OFFSETS)
            pa = _chord_middle(mx, my, ex, ey, CORNER_OFFSETS)
            pb = _chord_middle(mx, my, ex, ey, cb)
            ax, ay = 3 * a[0], 2 * a[1] + a[0]
            assert pa is not None and pb is not None  # (the polygon's lines cross both hexes)
            return ((pa[0] + ax, pa[1] + ay), (pb[0] + ax, pb[1] + ay))
        if found[2] == "turned":
            cand, rel, _ = found
            line = witness_line(cand, b[0] - a[0], b[1] - a[1], rel)
            if line is None:  # pragma: no cover - the cell of clear lines is open
                raise AssertionError(f"no witness for the clear line between {a} and {b}")
            ax, ay = 3 * a[0], 2 * a[1] + a[0]
            (x1, y1), (x2, y2) = line
            return ((x1 + ax, y1 + ay), (x2 + ax, y2 + ay))
        p, q, scale = found
        if scale == 1:
            return (p, q)
        from fractions import Fraction  # only here: start-up of the rules commands

        return ((Fraction(p[0], scale), Fraction(p[1], scale)), (Fraction(q[0], scale), Fraction(q[1], scale)))

    def witness(self, a: HexLike, b: HexLike) -> Optional[tuple[tuple[float, float], tuple[float, float]]]:
        """A clear line (real coordinates) between hexes a and b, or None."""
        seg = self.clear_segment(a, b)
        if seg is None:
            return None
        (x1, y1), (x2, y2) = seg
        return (lattice_to_real((float(x1), float(y1))), lattice_to_real((float(x2), float(y2))))

    def visible(self, a: HexLike, b: HexLike) -> bool:
        if a == b:
            return True
        key = (a, b) if a <= b else (b, a)
        v = self._cache.get(key)
        if v is None:
            v = self._sees(*key)  # the verdict is symmetric: one table per offset
            self._cache[key] = v
        return v

    def visible_from(self, a: HexLike) -> list[HexLike]:
        """Every map hex visible from a (a included), sorted."""
        return sorted(h for h in self.hexes if self.visible(a, h))

    def explain(self, a: HexLike, b: HexLike) -> dict[str, Any]:
        """The LOS answer for renderers: visible, line, and when blocked the nearest-to-clear
        corner-to-corner line (fewest walls crossed, then touched, then shortest) and the
        wall it touches nearest its start (real coordinates), and that wall as the two
        hexes it stands between (``wall``: a map hex first; ``off_map``: the other one
        when it is not on the map, so the wall is the map's edge, else None)."""
        line = None if a == b else self.witness(a, b)
        out: dict[str, Any] = {
            "from": [a[0], a[1]],
            "to": [b[0], b[1]],
            "visible": a == b or line is not None,
            "line": [list(line[0]), list(line[1])] if line else None,
            "blocked_line": None,
            "blocked_by": None,
            "wall": None,
            "off_map": None,
            "touch": None,
        }
        between = None
        if a != b and line is None and abs(a[0] - b[0]) + abs(a[1] - b[1]) + abs(a[0] + a[1] - b[0] - b[1]) == 2:
            if frozenset((tuple(a), tuple(b))) in self._thin_set:
                between = shared_edge(a, b)  # neighbours with a thin wall on their shared edge
        if between is not None:
            out["blocked_line"] = [list(lattice_to_real(lattice_centre(a))), list(lattice_to_real(lattice_centre(b)))]
            out["blocked_by"] = [list(lattice_to_real(between[0])), list(lattice_to_real(between[1]))]
            h1, h2 = sorted((tuple(a), tuple(b)))
            out["wall"] = [[h1[0], h1[1]], [h2[0], h2[1]]]
            out["touch"] = "between"
        elif a != b and line is None and self.open_edge:
            self._open_explain(a, b, out)
        elif a != b and line is None:
            walls = self._near_walls(a, b)
            best: Optional[tuple[tuple[int, int, int], Point, Point, list[Segment]]] = None
            for ca in lattice_corners(a):
                for cb in lattice_corners(b):
                    if ca == cb:
                        continue  # a shared corner: no line to draw (neighbours)
                    hits = [w for w in walls if segments_touch(ca, cb, w[0], w[1])]
                    crossed = sum(1 for w in hits if _crosses(ca, cb, w[0], w[1]))
                    length = (ca[0] - cb[0]) ** 2 + 3 * (ca[1] - cb[1]) ** 2
                    key = (crossed, len(hits), length)
                    if best is None or key < best[0]:
                        best = (key, ca, cb, hits)
            assert best is not None  # (two hexes apart have corner lines)
            _, ca, cb, hits = best
            # the touched wall nearest the start of the line
            first = min(hits, key=lambda w: ((w[0][0] + w[1][0] - 2 * ca[0]) ** 2
                                             + 3 * (w[0][1] + w[1][1] - 2 * ca[1]) ** 2))
            out["blocked_line"] = [list(lattice_to_real(ca)), list(lattice_to_real(cb))]
            out["blocked_by"] = [list(lattice_to_real(first[0])), list(lattice_to_real(first[1]))]
            h1, h2 = sorted(edge_hexes(first), key=lambda h: (h not in self.hexes, h))
            out["wall"] = [[h1[0], h1[1]], [h2[0], h2[1]]]
            out["off_map"] = None if h2 in self.hexes else [h2[0], h2[1]]
            out["touch"] = _touch_kind(ca, cb, first)
        return out


def clear_caches() -> None:
    """Forget the geometry shared by all boards (for timing a cold start)."""
    _hull_of.cache_clear()
    _hull_proof.cache_clear()
    _band.cache_clear()
    _pair.cache_clear()
    _frame.cache_clear()
    _tree_for.cache_clear()
    _programs_for.cache_clear()


@lru_cache(maxsize=4096)
def _programs_for(dq: int, dr: int) -> Optional[tuple[bytes, tuple[int, ...]]]:
    """``(programs, perm)`` for the offset (dq, dr) (``los_corner``, shipped in
    ``ghcli.rules._corner_programs``), or None beyond the shipped distance (or
    under 2)."""
    if not 2 <= (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= PROGRAM_DISTANCE:
        return None
    from binascii import a2b_base64  # (base64.b64decode's own decoder, without base64's import: start-up)

    from ghcli.rules._corner_programs import PROGRAMS

    o, perm = canonical(dq, dr)
    return a2b_base64(PROGRAMS[o]), perm


@lru_cache(maxsize=4096)
def _tree_for(dq: int, dr: int) -> Optional[tuple[bytes, tuple[int, ...]]]:
    """``(tree, perm)`` for the offset (dq, dr) (``los_portal.canonical``,
    ``chain_tree``, shipped in ``ghcli.rules._sight_trees``), or None beyond the
    shipped trees' distance (or under 2)."""
    if not 2 <= (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= TREE_DISTANCE:
        return None
    from binascii import a2b_base64

    from ghcli.rules._sight_trees import TREES

    o, perm = canonical(dq, dr)
    return a2b_base64(TREES[o]), perm


@lru_cache(maxsize=4096)
def _frame(dq: int, dr: int) -> PairFrame:
    """``los_portal.PairFrame`` for the offset (dq, dr), cached."""
    return PairFrame(dq, dr)


def sight_for(board: Board) -> Sight:
    """The Sight of a ``ghcli.rules.board.Board`` (``Board.sight``: the board's own, built once)."""
    return board.sight
