"""Axial hex coordinates: a small value type, neighbours, distance, geometry.

Coordinates are axial ``(q, r)`` as in the Red Blob Games guide and board
format 1. The six neighbours of ``(q, r)`` are ``(q+1, r)``, ``(q-1, r)``,
``(q, r+1)``, ``(q, r-1)``, ``(q+1, r-1)`` and ``(q-1, r+1)``.

Geometry (for line of sight; independent of how a renderer draws the map):
unit hexes, flat orientation, the centre of ``(q, r)`` at ``x = 1.5 q``,
``y = sqrt(3) (r + q / 2)``, the six corners at distance 1 from the centre
(angles 0, 60, ..., 300 degrees).

Sight tests need exact answers ("touches a wall's corner" is a question of
equality), so besides the real coordinates (``centre``, ``corners``) this
module offers *lattice* coordinates: ``X = 2 x`` and ``Y = y / (sqrt(3)/2)``.
Every centre and corner is an integer point there, and because the map from
real to lattice coordinates is a positive scaling of each axis, it keeps
every orientation test (and so every intersection and touching test) intact.
"""

from __future__ import annotations

import math
from functools import cached_property
from operator import itemgetter
from typing import Any, Callable, Collection, Iterable, NamedTuple, Optional, Sequence, TypeVar

T = TypeVar("T")

SQRT3 = math.sqrt(3.0)

#: The six axial directions, in the order of board format 1.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))

#: Lattice offsets of the six corners from the centre, at 0, 60, ..., 300 degrees.
CORNER_OFFSETS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))


class Hex(NamedTuple):
    """One hex in axial coordinates; hashable, with arithmetic (``Hex(1, 0) + Hex(0, 1)``)."""

    q: int
    r: int

    def __add__(self, other: tuple[int, int]) -> "Hex":  # type: ignore[override]
        return Hex(self.q + other[0], self.r + other[1])

    def __sub__(self, other: tuple[int, int]) -> "Hex":
        return Hex(self.q - other[0], self.r - other[1])

    @property
    def s(self) -> int:
        return -self.q - self.r

    def neighbours(self) -> list["Hex"]:
        """The six hexes next to this one, in ``DIRECTIONS`` order."""
        q, r = self
        return [Hex(q + dq, r + dr) for dq, dr in DIRECTIONS]

    def distance(self, other: tuple[int, int]) -> int:
        return distance(self, other)

    def centre(self) -> tuple[float, float]:
        return centre(self)

    def corners(self) -> list[tuple[float, float]]:
        return corners(self)

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"

    @classmethod
    def of(cls, value: Sequence[int]) -> Hex:
        """A Hex from a ``[q, r]`` pair (list or tuple of two integers)."""
        q, r = value
        return cls(int(q), int(r))


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hexes between a and b, counting straight across everything."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def are_adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return distance(a, b) == 1


def centre(h: tuple[int, int]) -> tuple[float, float]:
    """Real centre (x, y) of a hex, flat orientation."""
    q, r = h
    return (1.5 * q, SQRT3 * (r + q / 2.0))


def corners(h: tuple[int, int]) -> list[tuple[float, float]]:
    """Real (x, y) of the six corners, at 0, 60, ..., 300 degrees."""
    x, y = centre(h)
    return [(x + math.cos(math.radians(a)), y + math.sin(math.radians(a))) for a in range(0, 360, 60)]


def lattice_centre(h: tuple[int, int]) -> tuple[int, int]:
    q, r = h
    return (3 * q, 2 * r + q)


def lattice_corners(h: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The six corners in lattice units, in CORNER_OFFSETS' order (written out: the sight code and its
    references ask for them a million times a board)."""
    q, r = h
    X, Y = 3 * q, 2 * r + q
    return ((X + 2, Y), (X + 1, Y + 1), (X - 1, Y + 1), (X - 2, Y), (X - 1, Y - 1), (X + 1, Y - 1))


def lattice_to_real(p: tuple[float, float]) -> tuple[float, float]:
    """A lattice point back in real coordinates."""
    return (p[0] / 2.0, p[1] * SQRT3 / 2.0)


def shared_edge(a: tuple[int, int], b: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two lattice corners of the edge between adjacent hexes a and b (sorted)."""
    common = sorted(set(lattice_corners(a)) & set(lattice_corners(b)))
    if len(common) != 2:
        raise ValueError(f"hexes {tuple(a)} and {tuple(b)} are not adjacent")
    return (common[0], common[1])


def rotate(offset: tuple[int, int], steps: int) -> tuple[int, int]:
    """An axial offset rotated by ``steps`` times 60 degrees."""
    q, r = offset
    x, z = q, r
    y = -x - z
    for _ in range(steps % 6):
        x, y, z = -z, -x, -y
    return (x, z)


def mirror(offset: tuple[int, int]) -> tuple[int, int]:
    """An axial offset mirrored (swapping the q and s axes)."""
    q, r = offset
    return (-q - r, r)


# -- the edges of a hex (line of sight) ------------------------------------------------
def _edge_corners() -> tuple[tuple[tuple[int, int], tuple[tuple[int, int], tuple[int, int]]], ...]:
    """For each direction, the lattice offsets (from a hex's centre) of the edge towards it."""
    out = []
    for d in DIRECTIONS:
        out.append((d, shared_edge((0, 0), d)))
    return tuple(out)


_EDGE_CORNERS = _edge_corners()
#: For each direction (by its index in DIRECTIONS): the flat lattice offsets of its edge.
_EDGE_FLAT = tuple((d, *c1, *c2) for d, (_off, (c1, c2)) in enumerate(_EDGE_CORNERS))


def _corner_edges() -> tuple[tuple[int, int, int], ...]:
    """For each corner of a hex (CORNER_OFFSETS order): ``(d1, d2, d12)``, the directions
    of the two neighbours that share it and the direction from the first to the second."""
    out = []
    for c in CORNER_OFFSETS:
        d1, d2 = (k for k, (_off, edge) in enumerate(_EDGE_CORNERS) if c in edge)
        (q1, r1), (q2, r2) = DIRECTIONS[d1], DIRECTIONS[d2]
        out.append((d1, d2, DIRECTIONS.index((q2 - q1, r2 - r1))))
    return tuple(out)


_CORNER_EDGES = _corner_edges()


#: A hex's number on one map (``Grid``): the hexes in sorted (q, r) order are 0, 1, 2, ...
HexNo = int
#: No hex: in ``Grid.steps``, a step that leaves the map or crosses a thin wall.
NO_HEX = -1


def padded(per_hex: list[T], no_hex: T) -> list[T]:
    """A table by hex number that ``NO_HEX`` may index too: ``per_hex`` (an entry per hex), then
    ``no_hex``, the entry index -1 reads, so a loop over ``Grid.steps`` needs no test of its own
    for the gaps (``blocked[j]`` is true for j = NO_HEX when ``no_hex`` is)."""
    return per_hex + [no_hex]


def bfs(starts: Iterable[tuple[int, int]], neighbours: Callable[[Hex], Iterable[Hex]],
        limit: Optional[int] = None) -> dict[Hex, int]:
    """Steps from the ``starts`` hexes to every hex reachable, where ``neighbours(h)``
    gives the hexes one step from h (the caller decides what blocks)."""
    out = {Hex(*s): 0 for s in starts}
    frontier: list[Hex] = list(out)
    d = 0
    while frontier and (limit is None or d < limit):
        d += 1
        nxt = []
        for h in frontier:
            for n in neighbours(h):
                if n not in out:
                    out[n] = d
                    nxt.append(n)
        frontier = nxt
    return out


class Grid:
    """A map as arrays indexed by hex number: the tables every search on one board shares.

    Hexes are numbered in sorted (q, r) order, so sorting numbers sorts hexes.
    ``hexes[i]`` is hex number i, ``index`` the way back. ``steps[i][d]`` is
    the hex one step from i in direction ``DIRECTIONS[d]``, or ``NO_HEX`` where
    that step leaves the map or crosses a thin wall; ``links[i]`` the same hexes
    without the gaps. Built once per board (``Board.grid``).
    """

    hexes: list[Hex]
    index: dict[tuple[int, int], HexNo]
    steps: list[tuple[HexNo, ...]]

    def __init__(self, hexes: Iterable[tuple[int, int]], walls: Iterable[Collection[tuple[int, int]]] = ()):
        cells = sorted(hexes)
        numbered = cells if not cells or type(cells[0]) is Hex else [Hex(*h) for h in cells]
        self._number(numbered, dict(zip(numbered, range(len(numbered)))), walls)  # type: ignore[arg-type]

    @classmethod
    def numbered(cls, hexes: list[Hex], index: dict[tuple[int, int], HexNo],
                 walls: Iterable[Collection[tuple[int, int]]] = ()) -> Grid:
        """The Grid of ``hexes`` already sorted (a list of Hex), ``index`` their numbers."""
        grid = cls.__new__(cls)
        grid._number(hexes, index, walls)
        return grid

    def _number(self, hexes: list[Hex], index: dict[tuple[int, int], HexNo],
                walls: Iterable[Collection[tuple[int, int]]]) -> None:
        self.hexes = hexes
        self.index = index
        steps = self._steps(hexes) if hexes else []
        for w in walls:
            ha, hb = w
            a, b = index.get((ha[0], ha[1])), index.get((hb[0], hb[1]))
            if a is None or b is None:
                continue
            for x, y in ((a, b), (b, a)):
                row = steps[x]
                if y in row:  # (a wall listed twice: already cut)
                    cut = list(row)
                    cut[cut.index(y)] = NO_HEX
                    steps[x] = tuple(cut)
        self.steps = steps

    @staticmethod
    def _steps(hexes: list[Hex]) -> list[tuple[HexNo, ...]]:
        """``steps`` before the thin walls are cut, for sorted ``hexes`` (at least one).

        The map is laid in a dense array over its bounding box with a margin of one hex
        (``cells``: the hex number at each cell, -1 off the map), column by column: the
        cell of (q, r) is (q - q0) * height + (r - r0), so the step in direction
        (dq, dr) from any map hex is the cell dq * height + dr further on. Each
        direction's steps are then one gather (``itemgetter``, in C) of the map hexes'
        cells from the array shifted by that much; the six columns zipped give the rows."""
        if len(hexes) == 1:
            return [(NO_HEX,) * 6]
        rs = list(map(itemgetter(1), hexes))
        r0 = min(rs) - 1
        height = max(rs) - r0 + 2  # the r span, with the margin
        q0 = hexes[0][0] - 1
        cells = [NO_HEX] * ((hexes[-1][0] - q0 + 2) * height)
        at = [(q - q0) * height + r - r0 for q, r in hexes]  # each hex's cell
        for i, p in enumerate(at):
            cells[p] = i
        gather = itemgetter(*at)
        shifted = [NO_HEX] * height + cells  # (a step shifts the array by at most height cells)
        columns = [gather(shifted[height + dq * height + dr:]) for dq, dr in DIRECTIONS]
        return list(zip(*columns))

    @cached_property
    def links(self) -> list[tuple[HexNo, ...]]:
        """links[i]: the hexes one step from i (``steps[i]`` without the gaps)."""
        return [tuple([j for j in s if j != NO_HEX]) for s in self.steps]

    def __len__(self) -> int:
        return len(self.hexes)

    def distances(self, starts: Iterable[HexNo], limit: Optional[int] = None,
                  until: Optional[Iterable[HexNo]] = None) -> dict[HexNo, int]:
        """Steps (around walls, not through them) from the hex numbers ``starts`` to every
        hex number within ``limit`` steps (all if None); with ``until`` (a set of hex
        numbers), stop once all of those are reached (their rings complete)."""
        out = dict.fromkeys(starts, 0)
        frontier = list(out)
        out[NO_HEX] = -1  # the gaps of ``steps``: never entered (removed below)
        steps = self.steps
        left = None if until is None else set(until) - out.keys()
        d = 0
        while frontier and (limit is None or d < limit) and (left is None or left):
            d += 1
            nxt = []
            for i in frontier:
                for j in steps[i]:
                    if j not in out:
                        out[j] = d
                        nxt.append(j)
            frontier = nxt
            if left:
                left.difference_update(nxt)
        del out[NO_HEX]
        return out

    def distance_list(self, starts: Iterable[HexNo], until: Optional[Iterable[HexNo]] = None) -> list[Optional[int]]:
        """``distances`` with no limit as a list by hex number (None: not reached), which a
        search over much of the map fills faster than a dict."""
        n = len(self.steps)
        out: list[Optional[int]] = padded([None] * n, -1)  # (NO_HEX: never entered; removed below)
        starts = list(starts)
        for i in starts:
            out[i] = 0
        frontier = list(starts)
        steps = self.steps
        left = None if until is None else set(until).difference(starts)
        d = 0
        while frontier and (left is None or left):
            d += 1
            nxt = []
            for i in frontier:
                for j in steps[i]:
                    if out[j] is None:
                        out[j] = d
                        nxt.append(j)
            frontier = nxt
            if left:
                left.difference_update(nxt)
        del out[n]
        return out

    def at(self, h: tuple[int, int], offset: tuple[int, int]) -> HexNo:
        """The number of hex h + offset, or ``NO_HEX`` off the map."""
        return self.index.get((h[0] + offset[0], h[1] + offset[1]), NO_HEX)


# -- segments in lattice coordinates (line of sight) -----------------------------
#: A point of the plane, in lattice coordinates (ints) or exact ratios (Fractions).
Point = Sequence[Any]


def orient(a: Point, b: Point, c: Point) -> int:
    """The sign of the turn a -> b -> c: 1 counter-clockwise, -1 clockwise, 0 collinear (exact
    for ints and Fractions)."""
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return int(v > 0) - int(v < 0)


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    """p collinear with a-b lies within its bounding box."""
    return bool(min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1]))


def segments_touch(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Closed segments p1-p2 and q1-q2 share at least one point (exact)."""
    o1 = orient(p1, p2, q1)
    o2 = orient(p1, p2, q2)
    o3 = orient(q1, q2, p1)
    o4 = orient(q1, q2, p2)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    return (
        (o1 == 0 and _on_segment(p1, p2, q1))
        or (o2 == 0 and _on_segment(p1, p2, q2))
        or (o3 == 0 and _on_segment(q1, q2, p1))
        or (o4 == 0 and _on_segment(q1, q2, p2))
    )
