"""The exact any-point line of sight (Frosthaven, Jaws of the Lion), against the references
of tests/los_reference.py, on boards of rows of thin walls with one-edge gaps, where the
only clear lines thread gaps in several rows.

The references (tests/los_reference.py, written independently of
``ghcli.rules.los``): ``_reference``, exact, every line through two vertices turned
and shifted a little; ``_sampled``, segments between grid points of the two hexes'
insides. And every clear segment the rules core answers with is checked exactly:
both ends inside their hexes, no wall touched.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from los_reference import _near, _reference, _rows_board, _sampled, _segment_ok, _touch, _walls

from ghcli.rules.board import Board
from ghcli.rules.hexes import Hex, lattice_corners
from ghcli.rules.los import Sight

CASES = Path(__file__).resolve().parent / "rules_cases"


# -- the tests -------------------------------------------------------------------------

@pytest.mark.parametrize("rules", ["frosthaven", "jaws-of-the-lion"])
def test_f029_sees_through_the_gaps(rules):
    """The shared case's board: hexes 2,0 and 14,-3 see each other (a clear line runs
    from (2.375, 1.0825) to (21.0, 7.7942)); the corner rule says they do not."""
    doc = json.loads((CASES / "F-029.json").read_text())
    board = Board.from_dict(doc)
    walls = _walls(set(board.hexes), [tuple(w) for w in board.walls])
    a, b = Hex(2, 0), Hex(14, -3)
    sight = Sight(board.hexes, board.walls, rules)
    assert sight.visible(a, b) and sight.visible(b, a)
    assert _segment_ok(sight.clear_segment(a, b), walls, a, b)
    # the line, (2.375, 1.0825) to (21.0, 7.7942), is lattice (19/4, 5/4) to
    # (42, 9) unrounded: both ends on their hexes' outlines; moved a hundredth of the
    # way towards the centres (6, 2) and (42, 8), it is clear
    p = (Fraction(19, 4) + Fraction(5, 400), Fraction(5, 4) + Fraction(3, 400))
    q = (Fraction(42), Fraction(9) - Fraction(1, 100))
    assert _segment_ok((p, q), walls, a, b)
    assert _reference(walls, a, b)
    assert not Sight(board.hexes, board.walls, "gloomhaven").visible(a, b)


@pytest.mark.parametrize("seed", [0, 3])
def test_rows_of_gaps_match_the_references(seed):
    """Every pair of hexes of a board of rows of narrow gaps: a "visible" comes with a
    clear segment (checked exactly here), a "blocked" is the exact reference's too, and
    the grid of sampled lines finds no clear one. (The sampled test this replaces said
    "blocked" for a pair or two of each of these boards.)"""
    hexes, thin = _rows_board(seed)
    walls = _walls(hexes, thin)
    sight = Sight(hexes, thin, "frosthaven")
    order = sorted(Hex(*h) for h in hexes)
    blocked = 0
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            if sight.visible(a, b):
                assert _segment_ok(sight.clear_segment(a, b), walls, a, b), (a, b)
            else:
                blocked += 1
                assert not _reference(walls, a, b), (a, b)
                if blocked % 8 == 0:
                    assert not _sampled(walls, a, b), (a, b)
    assert blocked > 10


def test_corner_rule_unchanged_on_rows_of_gaps():
    """Gloomhaven's corner-to-corner rule: a clear corner line, nothing else."""
    hexes, thin = _rows_board(7)
    walls = _walls(hexes, thin)
    sight = Sight(hexes, thin, "gloomhaven")
    order = sorted(Hex(*h) for h in hexes)
    pairs = [(a, b) for i, a in enumerate(order) for b in order[i + 1:]][::7]
    for a, b in pairs:
        near = _near(walls, a, b)
        want = any(
            not any(_touch(p, q, w[0], w[1]) for w in near)
            for p in lattice_corners(a) for q in lattice_corners(b)
        )
        assert sight.visible(a, b) == want, (a, b)


def test_lines_through_two_rows_of_gaps():
    """Two pairs of the first board that the sampled test called blocked: the exact
    reference finds a clear line, and so does the rules core, for both rule sets."""
    hexes, thin = _rows_board(0)
    walls = _walls(hexes, thin)
    for rules in ("frosthaven", "jaws-of-the-lion"):
        sight = Sight(hexes, thin, rules)
        for a, b in ((Hex(3, 1), Hex(6, 4)), (Hex(4, 1), Hex(7, 4))):
            assert _reference(walls, a, b)
            assert sight.visible(a, b), (rules, a, b)
