"""Gloomhaven's corner-to-corner rule by step programs (``ghcli.rules.los_corner``),
against a brute force of this file's own (every corner segment tested against every
wall, exactly) on boards of pillars and thin walls, and under the grid's symmetries
(the shipped programs against the ones built afresh: tests/test_generated_tables.py).
"""

from __future__ import annotations


import pytest
from los_reference import assert_symmetric, _near, _pairs, _pillars_board, _rows_board, _touch, _walls

from ghcli.rules import los_corner, los_tables
from ghcli.rules.hexes import Grid, distance, lattice_corners
from ghcli.rules.los import Sight


def _brute(walls, a, b) -> bool:
    """Some closed segment between a corner of a and one of b touches no wall."""
    near = _near(walls, a, b)
    return any(
        not any(_touch(p, q, w[0], w[1]) for w in near)
        for p in lattice_corners(a) for q in lattice_corners(b)
    )


@pytest.mark.parametrize("board", [
    _pillars_board(3, holes=8, thin=10),
    _pillars_board(11, width=12, depth=5, holes=7, thin=4),
    _rows_board(2, rows=(1, 2, 3), walled=0.5),
])
def test_programs_match_the_brute_force(board):
    """Every pair of hexes: the programs' verdict (``Sight.visible``), the corner lines
    of ``Sight._clear`` and the brute force agree."""
    hexes, thin = board
    walls = _walls(hexes, thin)
    sight = Sight(hexes, thin, "gloomhaven")
    seen = set()
    for a, b in _pairs(hexes):
        want = _brute(walls, a, b)
        assert sight.visible(a, b) == want, (a, b)
        assert (sight._clear(a, b) is not None) == want, (a, b)
        seen.add(want)
    assert seen == {True, False}


def test_programs_keep_the_grid_symmetries():
    """The board turned and mirrored, all twelve ways: every pair keeps its verdict."""
    hexes, thin = _pillars_board(13, width=8, depth=6, holes=6, thin=8)
    base = Sight(hexes, thin, "gloomhaven")
    pairs = [p for p in _pairs(hexes) if distance(*p) >= 2][::3]
    want = {p: base.visible(*p) for p in pairs}
    assert 0 < sum(want.values()) < len(want)
    assert_symmetric(hexes, thin, "gloomhaven", want)


def test_a_program_by_hand():
    """Offset (2, 0): the corner segment from A's corner (2, 0) to B's corner (4, 2)
    (lattice) is a long diagonal of the hex (1, 0) between them: it touches the three
    edges at each of its ends and nothing else, so its program has six steps and
    reaches the five hexes around those two corners; a thin wall on one of those edges
    shuts it, one on another edge of (1, 0) does not."""
    prog = los_tables.segment_program((2, 0), (4, 2))
    assert len(prog) == 12
    hexes = {(q, r) for q in range(-2, 5) for r in range(-3, 3)}
    grid = Grid(hexes)
    start = grid.index[(0, 0)]
    slots = [start]
    for i in range(0, len(prog), 2):
        d = prog[i + 1]
        y = grid.steps[slots[prog[i]]][d & 7]
        assert y >= 0
        if d & 8:
            slots.append(y)
    assert {tuple(grid.hexes[i]) for i in slots} == {(0, 0), (1, 0), (1, -1), (2, 0), (1, 1)}
    same = tuple(range(6))
    assert los_corner.programs_clear(los_tables.pack([prog]), same, start, grid.steps)
    for wall, shut in (([(1, 0), (1, -1)], True), ([(2, 0), (1, 1)], True), ([(1, 0), (2, -1)], False)):
        walled = Grid(hexes, [wall])
        assert los_corner.programs_clear(los_tables.pack([prog]), same, start, walled.steps) is not shut, wall
