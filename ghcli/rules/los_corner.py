"""Gloomhaven's corner-to-corner sight test as step programs, once for all boards.

Hex A sees hex B when some closed segment from a corner of A to a corner of B
touches no wall. For two map hexes that is: every hex edge the segment touches
is an open link between two map hexes. (A wall is an edge: a thin wall between
two map hexes, or an edge between a map hex and one off the map. Touching an
edge between two hexes off the map means touching a wall too: the segment,
starting on A, leaves the map hexes across the map's edge to reach a point
outside them, and an end point of such an edge on a map hex is the end of two
edges of the map's edge.)

Which edges a segment touches is geometry alone. The hexes it touches are
connected through the edges it touches (along the segment, the hexes holding
its point change only across a touched edge or at a touched corner, where all
three edges meet), so each segment is written as a *step program*: the touched
edges in an order where each leads from a hex already reached (slot 0 is A) to
its neighbour in a direction, ``Grid.steps`` giving the neighbour or -1 for a
wall or the map's edge. A board runs the program: the segment is clear when no
step meets -1 (a step to a hex already reached checks that edge only).

``corner_programs`` writes the 36 programs of an offset (shortest segment
first); the programs of every offset at distance 2 to ``PROGRAM_DISTANCE``,
up to the twelve symmetries of the grid (``los_portal.canonical``: the same
direction map serves, as the programs speak only of directions), are shipped
in ``ghcli.rules._corner_programs`` (written by ``program_module``).
"""

from __future__ import annotations

from ghcli.rules.hexes import CORNER_OFFSETS, DIRECTIONS, segments_touch

#: The largest distance between the two hexes with shipped programs.
PROGRAM_DISTANCE = 12


def _centre(h) -> tuple:
    return (3 * h[0], 2 * h[1] + h[0])


def _edge(h, k) -> tuple:
    """The lattice ends of the edge of hex h towards direction k."""
    cx, cy = _centre(h)
    nx, ny = _centre((h[0] + DIRECTIONS[k][0], h[1] + DIRECTIONS[k][1]))
    ends = [(cx + x, cy + y) for x, y in CORNER_OFFSETS
            if (2 * (cx + x) - cx - nx) ** 2 + 3 * (2 * (cy + y) - cy - ny) ** 2 == 4]
    return ends[0], ends[1]


def segment_program(p: tuple, q: tuple) -> bytes:
    """The step program (see the module docstring) of the closed segment from lattice
    point p, a corner of the hex A at the origin, to q: two bytes a step, the slot
    it starts from (slot 0: A; each step to a hex not yet reached gives it the next
    slot) and its direction; edges met from both sides once."""
    xs = (p[0], q[0])
    ys = (p[1], q[1])
    # hexes near the segment: centres within 2 (lattice) of its bounding box, in q and r
    lo_q, hi_q = (min(xs) - 2) // 3 - 1, (max(xs) + 2) // 3 + 1
    touched_hexes = set()
    for hq in range(lo_q, hi_q + 1):
        for hr in range((min(ys) - hq - 2) // 2 - 1, (max(ys) - hq + 2) // 2 + 2):
            corners = [(3 * hq + x, 2 * hr + hq + y) for x, y in CORNER_OFFSETS]
            if any(segments_touch(p, q, corners[i - 1], corners[i]) for i in range(6)):
                touched_hexes.add((hq, hr))
    slots = {(0, 0): 0}
    out = []
    done = set()
    queue = [(0, 0)]
    while queue:
        h = queue.pop(0)
        for k, (dq, dr) in enumerate(DIRECTIONS):
            n = (h[0] + dq, h[1] + dr)
            e = frozenset((h, n))
            if e in done or not segments_touch(p, q, *_edge(h, k)):
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


def corner_programs(dq: int, dr: int) -> tuple:
    """The 36 step programs of the corner segments from hex A (at the origin) to the
    hex at axial offset (dq, dr), shortest segment first."""
    bx, by = _centre((dq, dr))
    segs = [((x1, y1), (bx + x2, by + y2)) for x1, y1 in CORNER_OFFSETS for x2, y2 in CORNER_OFFSETS]
    segs.sort(key=lambda s: ((s[1][0] - s[0][0]) ** 2 + 3 * (s[1][1] - s[0][1]) ** 2, s))
    return tuple(segment_program(p, q) for p, q in segs)


def programs_clear(blob: bytes, perm: tuple, a: int, steps: list) -> bool:
    """Some program of ``blob`` (``pack``: each program's length in bytes, then the
    program) runs from map hex number a with no step meeting -1 (its directions read
    through ``perm``: see ``los_portal.canonical``)."""
    i = 0
    n = len(blob)
    while i < n:
        end = i + 1 + blob[i]
        i += 1
        slots = [a]
        while i < end:
            d = blob[i + 1]
            y = steps[slots[blob[i]]][perm[d & 7]]
            if y < 0:
                break
            if d & 8:
                slots.append(y)
            i += 2
        else:
            return True
        i = end
    return False


def pack(programs) -> bytes:
    """Programs one after another, each after its length in bytes."""
    return b"".join(bytes((len(p),)) + p for p in programs)


def program_module(limit: int = PROGRAM_DISTANCE) -> str:
    """The source of ``ghcli.rules._corner_programs``: every canonical offset's
    programs, each offset's in base64 (one byte of length before each program)."""
    import base64

    from ghcli.rules.los_portal import tree_offsets

    out = [
        '"""The step programs of Gloomhaven\'s corner segments (``ghcli.rules.los_corner``) of',
        f"every offset at distance 2 to {limit}, up to the grid's symmetries, in base64 (a",
        "program's length in bytes, then the program, one after another). Generated by",
        "``ghcli.rules.los_corner.program_module``; tests/test_los_corner.py checks it.",
        '"""',
        "",
        f"LIMIT = {limit}",
        "",
        "PROGRAMS = {",
    ]
    for o in tree_offsets(limit):
        blob = pack(corner_programs(*o))
        text = base64.b64encode(blob).decode()
        out.append(f"    {o!r}: (")
        out += [f'        "{text[i:i + 80]}"' for i in range(0, len(text), 80)]
        out.append("    ),")
    out += ["}", ""]
    return "\n".join(out)
