"""Board files: JSON format 1, or the text format (one import for every layer).

``load(text)`` returns the format-1 document as a dict: JSON is returned as
parsed (no validation; that is ``ghcli.rules.board``); the text format is
returned in canonical form (see ``canonical``). ``dump(doc)`` writes any
format-1 document in the text format, and ``load(dump(doc))`` equals
``canonical(doc)``: the conversion is lossless. Keys beyond format 1 (the
test files' ``expected``, ``los``, ``message``, ``notes``, ``source``, or
unknown keys of figures, the action and its attack) are carried, not dropped.

The text format (documented with examples in docs/boards.md)::

    board: gloomhaven flat        rule set and orientation (both optional)
    active: guard-1               the active monster's id (or its map label)
    move: 2 jump                  movement; jump / flying / teleport
    attack: range 3 targets 2     or: melee, none; targets N|all; area dq,dr ...;
                                  muddled
    map: 0,0                      coordinates of the map's first hex (the top
                                  line's leftmost hex); the map follows
    .       .       #
        .      g1       .
    c1  ___ .   ^
        .       .
    figures:
    c1 = brute character 15       LABEL [= ID] SIDE [INITIATIVE] [elite]
    g1 = guard-1 monster elite    [invisible] [standee N] [at Q,R] [KEY=JSON]
    walls: 2,0|2,1                walls the map cannot show (pairs of hexes)
    terrain: trap 9,9             terrain the map cannot show
    extra: message "..."          keys beyond format 1, one JSON value each

Map grid, flat orientation: every 4 characters are one column of hexes (q
grows to the right); a hex is written in the column's first 3 characters,
the 4th is a separator. Going down one line moves half a hex down, so a
column has a hex on every other line and neighbouring columns alternate
(doubled-height layout: line = 2 r + q). A hex is ``.`` (plain), terrain
characters ``#`` obstacle, ``^`` trap, ``!`` hazardous, ``~`` difficult,
``=`` icy, or a figure's label (letters, digits, ``-``, ``_``), optionally
followed by terrain characters (``m1#``: m1 on an obstacle). Blank: no hex.
Thin walls: ``___`` in the gap between two hexes of one column; in the
separator right of a hex ``\\`` (upper-right edge), ``/`` (lower-right edge) or
``>`` (both); left of a hex ``/`` (upper-left), ``\\`` (lower-left) or ``<``.
Pointy orientation: one line per row r, hexes 4 characters apart and each row
shifted 2 characters (doubled-width layout: position = 2 (2 q + r)); ``|``
between two hexes of a row is a wall; other walls go in ``walls:`` lines.
Comments (``#`` first) and blank lines are allowed outside the map; the map
runs from ``map:`` to the next ``key:`` line.
"""

from __future__ import annotations

from ghcli.boards.convert import canonical
from ghcli.boards.grammar import (
    CHAR_TERRAIN, FLAGS, FORMAT1_KEYS, HEADER_KEYS, MAX_TEXT, ORIENTATIONS, TERRAIN_CHAR, check_depth,
    check_limits, is_text, json_value,
)
from ghcli.boards.labels import labels, rooms
from ghcli.boards.layout import FLAT_LEFT_MARKS, FLAT_RIGHT_MARKS, first_hex, layout
from ghcli.boards.parse import apply_header, figure_line, load, load_located, locate
from ghcli.boards.write import dump
from ghcli.rules.board import MAX_AREA, MAX_COORD, MAX_DEPTH, MAX_FIGURES, MAX_HEXES

__all__ = [
    "load", "load_located", "locate", "dump", "canonical", "labels", "rooms", "layout", "first_hex", "is_text",
    "figure_line",
    "apply_header", "json_value", "check_depth", "check_limits",
    "TERRAIN_CHAR", "CHAR_TERRAIN", "FLAGS", "FORMAT1_KEYS", "HEADER_KEYS", "ORIENTATIONS",
    "FLAT_LEFT_MARKS", "FLAT_RIGHT_MARKS",
    "MAX_AREA", "MAX_COORD", "MAX_DEPTH", "MAX_FIGURES", "MAX_HEXES", "MAX_TEXT",
]
