"""Reading the text format's map: its hexes (and what each holds), and the walls drawn on it.

Flat boards: a hex is the first 3 characters of a 4-character column, every
4th character is a separator (where the wall marks ``\\ / < >`` go), and the
hexes of one line are every other column (``___`` between two of them, on
the line between, is the wall between the hexes above and below). Pointy
boards: a hex every 4 characters in a row, each row shifted 2 characters,
``|`` between two hexes of a row a wall. The first hex of the map (the top
line's leftmost) is at the ``map:`` line's origin. docs/boards.md has
examples; :mod:`.layout` is the same grid for writing.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, Callable, Optional

from ghcli.boards.grammar import wall
from ghcli.boards.layout import FLAT_LEFT_MARKS, FLAT_RIGHT_MARKS
from ghcli.errors import BadInput
from ghcli.records import record
from ghcli.rules.board import MAX_COORD, MAX_HEXES

Coords = Callable[[int, int], tuple[int, int]]


@record
class Grid:
    """Every non-blank character of the map, classified by position: hexes' text, separators, '___' slots.
    ``L`` is the map's line (0 first), ``c`` the cell of the line."""

    cells: list[tuple[int, int, int, int, str]] = field(default_factory=list)  # (L, c, lineno, col, token)
    seps: list[tuple[int, int, int, int, str]] = field(default_factory=list)  # (L, p, lineno, col, char)
    slots: list[tuple[int, int, int, int]] = field(default_factory=list)  # (L, c, lineno, col) for '___'
    first: Optional[tuple[int, int]] = None  # (L, c) of the first hex


def read_map(parser: Any, map_at: tuple[int, str], map_lines: list[tuple[int, str]],
             orientation: str) -> tuple[dict, set]:
    """``({hex: (token, lineno, col)}, walls)`` of the map (``parser``: the text board's ``_Parser``, whose
    ``err`` and ``hex_at`` place a problem on its line)."""
    i0, origin_text = map_at
    origin = parser.hex_at(i0, origin_text, "map origin") if origin_text else [0, 0]
    while map_lines and not map_lines[-1][1].strip():
        map_lines.pop()
    while map_lines and not map_lines[0][1].strip():
        map_lines.pop(0)
    flat = orientation == "flat"
    grid = _scan(parser, map_lines, flat)
    if grid.first is None:
        return {}, set()
    coords = _coordinates(origin, grid.first, flat)
    out: dict = {}
    for L, c, lineno, col, token in grid.cells:
        h = coords(L, c)
        if abs(h[0]) > MAX_COORD or abs(h[1]) > MAX_COORD:
            raise parser.err(lineno, f"hex {list(h)} is beyond the coordinate limit (each within +-{MAX_COORD})", col)
        out[h] = (token, lineno, col)
    walls: set = set()
    for L, c, lineno, col in grid.slots:
        walls.add(wall(coords(L - 1, c), coords(L + 1, c)))
    for sep in grid.seps:
        walls |= _separator_walls(parser, sep, out, coords, grid.first, flat)
    return out, walls


def _scan(parser: Any, map_lines: list[tuple[int, str]], flat: bool) -> Grid:
    """The map's characters by position; text in a separator, off the grid or two texts in one hex are refused."""
    grid = Grid()
    seen: dict = {}
    for L, (lineno, line) in enumerate(map_lines):
        p = 0
        n = len(line)
        while p < n:
            ch = line[p]
            if ch == " ":
                p += 1
                continue
            first = grid.first
            if flat:
                c = p // 4
            elif first is None:
                c = p // 2
            else:
                # cells of line L start at 2k, k of the parity the first hex sets
                c = p // 2 if (L - p // 2 - first[0] + first[1]) % 2 == 0 else p // 2 - 1
            start = (4 if flat else 2) * c
            end = start + 3
            if p == end:
                if ch.isalnum() or ch in "#^!~=.-":
                    raise _in_separator(parser, lineno, line, p, L, c, first, flat)
                grid.seps.append((L, p, lineno, p + 1, ch))
                p += 1
                continue
            tok_end = p
            while tok_end < min(end, n) and line[tok_end] != " ":
                tok_end += 1
            token = line[p:tok_end]
            if first is None:
                grid.first = first = (L, c)
            if set(token) <= set("/\\<>|"):
                seps_at = "4, 8, 12, ..." if flat else "right after a hex"
                raise parser.err(lineno, f"wall mark {token!r} is not on a separator (character {seps_at} of a "
                                 "line, next to a hex)", p + 1)
            if (L - c - first[0] + first[1]) % 2 != 0:
                if flat and set(token) <= {"_"}:
                    grid.slots.append((L, c, lineno, p + 1))
                    p = tok_end
                    continue
                raise _off_grid(parser, lineno, token, p, flat)
            if (L, c) in seen:
                raise parser.err(lineno, f"{seen[(L, c)]!r} and {token!r} in one hex (a hex is at most 3 characters, "
                                 "then a separator)", p + 1)
            seen[(L, c)] = token
            grid.cells.append((L, c, lineno, p + 1, token))
            if len(grid.cells) > MAX_HEXES:
                raise parser.err(lineno, f"the map has more than {MAX_HEXES:,} hexes (the limit)", p + 1)
            p = tok_end
    return grid


def _off_grid(parser: Any, lineno: int, token: str, p: int, flat: bool) -> BadInput:
    if flat:
        return parser.err(lineno, f"{token!r} is half a hex off the grid: on one line hexes are "
                          "8 characters apart (this column has its hexes on the lines above and "
                          "below; only '___', a wall, goes between them)", p + 1)
    return parser.err(lineno, f"{token!r} is off the hex grid (in a row hexes are 4 characters apart, "
                      "and each row is shifted 2 characters)", p + 1)


def _coordinates(origin: list[int], first: tuple[int, int], flat: bool) -> Coords:
    """The hex at (line L, cell c) of the map: the first hex is ``origin``."""
    fL, fc = first

    def coords(L: int, c: int) -> tuple[int, int]:
        if flat:
            q = origin[0] + (c - fc)
            y = 2 * origin[1] + origin[0] + (L - fL)
            return (q, (y - q) // 2)
        r = origin[1] + (L - fL)
        x = 2 * origin[0] + origin[1] + (c - fc)
        return ((x - r) // 2, r)

    return coords


def _separator_walls(parser: Any, sep: tuple[int, int, int, int, str], hexes: dict, coords: Coords,
                     first: tuple[int, int], flat: bool) -> set:
    """The walls one separator's mark draws: beside the hex it belongs to (flat), or between two hexes of
    a row (pointy)."""
    L, p, lineno, col, ch = sep
    if not flat:
        if ch != "|":
            raise parser.err(lineno, f"{ch!r} between two hexes of a row may only be '|' (a wall)", col)
        k_left = (p - 3) // 2
        return {wall(coords(L, k_left), coords(L, k_left + 2))}
    c = p // 4
    if (L - c - first[0] + first[1]) % 2 == 0:
        owner_c, side = c, "right"
    else:
        owner_c, side = c + 1, "left"
    owner = coords(L, owner_c)
    if owner not in hexes:
        raise parser.err(lineno, f"wall mark {ch!r} is not next to a hex", col)
    table = FLAT_RIGHT_MARKS if side == "right" else FLAT_LEFT_MARKS
    both = ">" if side == "right" else "<"
    dirs = [d for d, mark in table.items() if ch == both or ch == mark]
    if not dirs:
        allowed = "'\\', '/' or '>'" if side == "right" else "'/', '\\' or '<'"
        raise parser.err(lineno, f"{ch!r} {side} of a hex may only be a wall mark ({allowed}); "
                         "a hex is at most 3 characters, every 4th character is a separator", col)
    return {wall(owner, (owner[0] + dq, owner[1] + dr)) for dq, dr in dirs}


def _in_separator(parser: Any, lineno: int, line: str, p: int, L: int, c: int, first, flat: bool) -> BadInput:
    """A hex's text (a label, terrain, '.') in a separator column: name it, and where it goes."""
    k = p
    while k > 0 and line[k - 1] != " ":
        k -= 1
    e = p
    while e < len(line) and line[e] != " ":
        e += 1
    run = line[k:e]
    every = "every 4th character" if flat else "the character after a hex"
    if k < p:  # it starts in a hex and runs on into the separator
        return parser.err(lineno, f"'{run}' runs into the separator at column {p + 1} ({every}, between hexes, "
                          "where only wall marks go): a hex is at most 3 characters, written in the first 3 of "
                          f"its 4; start it at column {k + 1 - (e - 1 - (p - 1))}", k + 1)
    if flat:
        # the hexes of this line are in every other column: the one left of the separator (c) or
        # the one right of it (c + 1); their middles are at columns 4c + 2 and 4c + 6
        left, right = 4 * c + 2, 4 * c + 6
        if first is None:
            where = f"column {left} or {right}"
        else:
            where = f"column {left if (L - c - first[0] + first[1]) % 2 == 0 else right}"
    else:
        where = f"column {p} or {p + 2}"
    return parser.err(lineno, f"'{run}' stands in a separator column ({every}, between hexes, where only the "
                      f"wall marks \\ / < > go); write it on the hex at {where}", p + 1)
