"""Where each hex of a board goes in the text format's map grid (and in the ASCII pictures).

Flat boards: columns 4 characters wide, line = 2 r + q; pointy boards: rows, position = 2 (2 q + r).
"""

from __future__ import annotations

#: Flat layout: wall marks in the separator right / left of a hex, by direction (dq, dr) to the neighbour.
FLAT_RIGHT_MARKS = {(1, -1): "\\", (1, 0): "/"}
FLAT_LEFT_MARKS = {(-1, 0): "/", (-1, 1): "\\"}


def first_hex(hexes, flat: bool) -> tuple[int, int]:
    """The map's first hex: on the top line, the leftmost."""
    if flat:
        return min((tuple(h) for h in hexes), key=lambda h: (2 * h[1] + h[0], h[0]))
    return min((tuple(h) for h in hexes), key=lambda h: (h[1], 2 * h[0] + h[1]))


def layout(hexes, flat: bool) -> tuple[dict, int, int]:
    """Text positions of hexes: {hex: (line, column)}, lines, width (cells 3 wide)."""
    hexes = [tuple(h) for h in hexes]
    if not hexes:
        return {}, 0, 0
    if flat:
        q0 = min(h[0] for h in hexes)
        y0 = min(2 * h[1] + h[0] for h in hexes)
        pos = {h: (2 * h[1] + h[0] - y0, 4 * (h[0] - q0)) for h in hexes}
    else:
        r0 = min(h[1] for h in hexes)
        x0 = min(2 * h[0] + h[1] for h in hexes)
        pos = {h: (h[1] - r0, 2 * (2 * h[0] + h[1] - x0)) for h in hexes}
    lines = max(p[0] for p in pos.values()) + 1
    width = max(p[1] for p in pos.values()) + 4
    return pos, lines, width


def grid_lines(hexes, tokens: dict, walls: set, flat: bool) -> list[str]:
    pos, nlines, width = layout(hexes, flat)
    rows: dict[int, bytearray] = {}  # only the lines that hold something (a sparse board stays small)

    def row(L: int) -> bytearray:
        r = rows.get(L)
        if r is None:
            r = rows[L] = bytearray(b" " * width)
        return r

    for h, (L, p) in pos.items():
        tok = tokens[h]
        start = p + (1 if len(tok) == 1 else 0)
        row(L)[start:start + len(tok)] = tok.encode("ascii")
    for a, b in walls:
        dq, dr = b[0] - a[0], b[1] - a[1]
        La, pa = pos[a]
        Lb, pb = pos[b]
        if not flat:
            row(La)[pa + 3] = ord("|")
        elif (dq, dr) == (0, 1):
            row(La + 1)[pa:pa + 3] = b"___"
        else:
            _mark(row(La), pa + 3, FLAT_RIGHT_MARKS[(dq, dr)], ">")
            _mark(row(Lb), pb - 1, FLAT_LEFT_MARKS[(-dq, -dr)], "<")
    return [rows[L].decode("ascii").rstrip() if L in rows else "" for L in range(nlines)]


def _mark(row: bytearray, p: int, ch: str, both: str) -> None:
    cur = chr(row[p])
    row[p] = ord(ch if cur in (" ", ch) else both)
