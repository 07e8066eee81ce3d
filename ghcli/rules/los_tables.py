"""How the sight tables shipped in ``ghcli/rules/_corner_programs.py`` and
``ghcli/rules/_sight_trees.py`` are built from the geometry (imported by
``tools/gen_tables.py`` and the tests, never when a board is answered).

* ``corner_programs(dq, dr)``: the 36 step programs of Gloomhaven's corner
  segments between hex A at the origin and the hex at that offset
  (``ghcli.rules.los_corner`` says what a program is and runs them).
* ``chain_tree(dq, dr)``: the tree of the chains of open edges some line
  crosses from A to that hex (``ghcli.rules.los_portal`` says why that is the
  any-point rule, and walks the trees).

Both are shipped for every canonical offset (``tree_offsets``: one per
symmetry class of the hex grid, ``los_portal.canonical``) at distance 2 to
12. ``python tools/gen_tables.py`` writes the two modules; ``--check`` (run by
tests/test_generated_tables.py) says whether the shipped ones are today's.
"""

from __future__ import annotations

from typing import Iterable

from ghcli.rules.hexes import CORNER_OFFSETS, DIRECTIONS, segments_touch
from ghcli.rules.los_corner import PROGRAM_DISTANCE
from ghcli.rules.los_portal import _BACK, _STEP, TREE_DISTANCE, PairFrame, Polygon, _cut, canonical

Point = tuple[int, int]

__all__ = ["PROGRAM_DISTANCE", "TREE_DISTANCE", "chain_tree", "corner_programs", "pack", "segment_program",
           "tree_offsets"]


# -- Gloomhaven's corner segments (``los_corner``) ---------------------------------------
def _centre(h: tuple[int, int]) -> Point:
    return (3 * h[0], 2 * h[1] + h[0])


def _edge(h: tuple[int, int], k: int) -> tuple[Point, Point]:
    """The lattice ends of the edge of hex h towards direction k."""
    cx, cy = _centre(h)
    nx, ny = _centre((h[0] + DIRECTIONS[k][0], h[1] + DIRECTIONS[k][1]))
    ends = [(cx + x, cy + y) for x, y in CORNER_OFFSETS
            if (2 * (cx + x) - cx - nx) ** 2 + 3 * (2 * (cy + y) - cy - ny) ** 2 == 4]
    return ends[0], ends[1]


#: each direction's edge of the hex at the origin (an edge of hex h is this one moved by h's centre)
_EDGE_ENDS = tuple(_edge((0, 0), k) for k in range(6))


def segment_program(p: Point, q: Point) -> bytes:
    """The step program (see the module docstring) of the closed segment from lattice
    point p, a corner of the hex A at the origin, to q: two bytes a step, the slot
    it starts from (slot 0: A; each step to a hex not yet reached gives it the next
    slot) and its direction; edges met from both sides once."""
    xs = (p[0], q[0])
    ys = (p[1], q[1])
    # hexes near the segment: centres within 2 (lattice) of its bounding box, in q and r
    lo_q, hi_q = (min(xs) - 2) // 3 - 1, (max(xs) + 2) // 3 + 1
    touched_hexes = set()
    # a hex whose six corners lie strictly on one side of the segment's line misses it: the side of
    # corner c + o is the sign of cross(q - p, c + o - p) = cross(q - p, c - p) + cross(q - p, o)
    dx, dy = q[0] - p[0], q[1] - p[1]
    turns = [dx * y - dy * x for x, y in CORNER_OFFSETS]
    low, high = min(turns), max(turns)
    for hq in range(lo_q, hi_q + 1):
        for hr in range((min(ys) - hq - 2) // 2 - 1, (max(ys) - hq + 2) // 2 + 2):
            cx, cy = 3 * hq, 2 * hr + hq
            side = dx * (cy - p[1]) - dy * (cx - p[0])
            if side + high < 0 or side + low > 0:
                continue
            corners = [(cx + x, cy + y) for x, y in CORNER_OFFSETS]
            if any(segments_touch(p, q, corners[i - 1], corners[i]) for i in range(6)):
                touched_hexes.add((hq, hr))
    slots = {(0, 0): 0}
    out = []
    done = set()
    queue = [(0, 0)]
    while queue:
        h = queue.pop(0)
        cx, cy = _centre(h)
        for k, (dq, dr) in enumerate(DIRECTIONS):
            n = (h[0] + dq, h[1] + dr)
            e = frozenset((h, n))
            (ax, ay), (bx, by) = _EDGE_ENDS[k]
            if e in done or not segments_touch(p, q, (cx + ax, cy + ay), (cx + bx, cy + by)):
                continue
            done.add(e)
            if n in slots:
                out += [slots[h], k]
            else:
                out += [slots[h], k | 8]
                slots[n] = len(slots)
                queue.append(n)
    if set(slots) != touched_hexes:  # pragma: no cover - the argument of the docstring
        raise AssertionError(f"touched hexes not joined by touched edges: {p} {q}")
    if len(out) > 255:  # pragma: no cover - far beyond PROGRAM_DISTANCE
        raise ValueError("segment too long for a program of one-byte length")
    return bytes(out)


def corner_programs(dq: int, dr: int) -> tuple[bytes, ...]:
    """The 36 step programs of the corner segments from hex A (at the origin) to the
    hex at axial offset (dq, dr), shortest segment first."""
    bx, by = _centre((dq, dr))
    segs = [((x1, y1), (bx + x2, by + y2)) for x1, y1 in CORNER_OFFSETS for x2, y2 in CORNER_OFFSETS]
    segs.sort(key=lambda s: ((s[1][0] - s[0][0]) ** 2 + 3 * (s[1][1] - s[0][1]) ** 2, s))
    return tuple(segment_program(p, q) for p, q in segs)


def pack(programs: Iterable[bytes]) -> bytes:
    """Programs one after another, each after its length in bytes."""
    return b"".join(bytes((len(p),)) + p for p in programs)


# -- the any-point rule's chains (``los_portal``) ---------------------------------------
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

    def grow(hx: int, hy: int, back: int, poly: Polygon) -> bytes:
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


def tree_offsets(limit: int = TREE_DISTANCE) -> list[tuple[int, int]]:
    """The canonical offsets (``canonical``) at distance 2 to ``limit``, sorted."""
    out = set()
    for dq in range(-limit, limit + 1):
        for dr in range(-limit, limit + 1):
            if 2 <= (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= limit:
                out.add(canonical(dq, dr)[0])
    return sorted(out)
