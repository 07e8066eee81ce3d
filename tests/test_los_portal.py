"""The any-point sight test by chains of open edges (``ghcli.rules.los_portal``), on
boards of this file's own: several separate groups of walls (hexes off the map inside
it, like pillars), rows of thin-wall gaps, boards longer than the shipped trees reach.

Three exact methods of the rules core are compared pair by pair (the shipped chain
trees, the polygon search, the candidate lines of ``los_exact``), the blocked pairs
against the brute-force reference of tests/test_los_exact.py, the visible ones by
checking their clear segment exactly; and every verdict must survive the twelve
symmetries of the hex grid (which the trees are shipped up to).
"""

from __future__ import annotations

import random

import pytest
from los_reference import assert_symmetric, _pairs, _pillars_board, _reference, _rows_board, _segment_ok, _walls

from ghcli.rules import los_hull, los_portal, los_tables
from ghcli.rules.hexes import DIRECTIONS, distance, lattice_corners, shared_edge
from ghcli.rules.los import Sight


def _methods(sight: Sight, a, b) -> dict:
    """The verdicts of each exact method of the rules core that applies to the pair."""
    out = {"answer": sight._sees(a, b)}
    if distance(a, b) >= 2:
        out["polygon"] = sight._portal(a, b) is not None
        out["candidates"] = sight._turned(a, b, sight._band_walls(a, b)) is not None
    return out


def test_canonical_offsets_cover_every_offset():
    """Each offset's canonical image is one with a tree, and the direction map takes the
    image's steps to the offset's: walking the image's centre back gives the offset."""
    offsets = set(los_tables.tree_offsets())
    for dq in range(-12, 13):
        for dr in range(-12, 13):
            d = distance((0, 0), (dq, dr))
            if not 2 <= d <= 12:
                continue
            o, perm = los_portal.canonical(dq, dr)
            assert o in offsets
            # o written as steps along the directions, each mapped by perm, is (dq, dr)
            x = sum(DIRECTIONS[perm[k]][0] * n for k, n in enumerate(_as_steps(o)))
            y = sum(DIRECTIONS[perm[k]][1] * n for k, n in enumerate(_as_steps(o)))
            assert (x, y) == (dq, dr), (dq, dr, o, perm)


def _as_steps(o) -> list:
    """How many steps along each direction (DIRECTIONS order) make the offset o."""
    q, r = o
    n = [0] * 6
    n[0 if q >= 0 else 1] += abs(q)
    n[2 if r >= 0 else 3] += abs(r)
    return n


@pytest.mark.parametrize("rules, seed", [("frosthaven", 1), ("jaws-of-the-lion", 2)])
def test_pillars_the_methods_agree_with_the_reference(rules, seed):
    """Every pair of a board of separate pillars: the three exact methods agree; a
    visible pair's clear segment is clear (checked here), a blocked pair is the
    brute-force reference's too. Some blocked pairs are shut out by several pillars
    together (no chain of walls crosses their hull: ``los_hull.hull_walls`` proves
    nothing there), the case the chain trees settle with no geometry at all."""
    hexes, thin = _pillars_board(seed)
    walls = _walls(hexes, thin)
    sight = Sight(hexes, thin, rules)
    together = 0
    for a, b in _pairs(hexes):
        got = _methods(sight, a, b)
        assert len(set(got.values())) == 1, (a, b, got)
        if got["answer"]:
            assert _segment_ok(sight.clear_segment(a, b), walls, a, b), (a, b)
        elif los_hull.hull_walls(a, b, sight._band_walls(a, b)) is not None:
            together += 1
            if together % 4 == 1:
                assert not _reference(walls, a, b), (a, b)
    assert together > 5


def test_thin_wall_gaps_the_methods_agree():
    """Rows of one-edge gaps (tests/test_los_exact.py's boards) and pillars with thin
    walls: the three methods agree on every pair."""
    boards = [_rows_board(5), _rows_board(9, rows=(1, 2, 3), walled=0.5), _pillars_board(4, holes=5, thin=12)]
    for hexes, thin in boards:
        sight = Sight(hexes, thin, "frosthaven")
        for a, b in _pairs(hexes):
            got = _methods(sight, a, b)
            assert len(set(got.values())) == 1, (a, b, got)


def test_beyond_the_shipped_trees():
    """A board longer than the trees reach (pairs at distance 13 to 17): the polygon
    search answers there, and agrees with the candidate lines; nearer pairs of the same
    board are the trees' and agree too."""
    hexes, thin = _pillars_board(6, width=18, depth=4, holes=6, thin=4)
    sight = Sight(hexes, thin, "frosthaven")
    far = 0
    for a, b in _pairs(hexes):
        if distance(a, b) > los_portal.TREE_DISTANCE:
            far += 1
        got = _methods(sight, a, b)
        assert len(set(got.values())) == 1, (a, b, got)
    assert far > 20


def test_verdicts_keep_the_grid_symmetries():
    """The board turned and mirrored (all twelve ways): every pair keeps its verdict
    (the trees are shipped for one offset of each symmetry class and read through a
    direction map)."""
    hexes, thin = _pillars_board(8, width=8, depth=6, holes=6, thin=6)
    base = Sight(hexes, thin, "frosthaven")
    pairs = _pairs(hexes)[::3]
    want = {p: base.visible(*p) for p in pairs}
    assert 0 < sum(want.values()) < len(want)
    assert_symmetric(hexes, thin, "frosthaven", want)


def _tree_chains(tree: bytes) -> set:
    """Every chain of a tree (``los_tables.chain_tree``) as a tuple of directions."""
    out = set()

    def walk(j, end, path):
        while j < end:
            c = tree[j]
            size = tree[j + 1] | tree[j + 2] << 8
            step = path + (c & 7,)
            if c & 8:
                out.add(step)
            walk(j + 3, j + 3 + size, step)
            j += 3 + size

    walk(0, len(tree), ())
    return out


# The random lines below: points in lattice coordinates times S (integers: exact, and some ten times
# faster than Fractions of 1/1000), each a lattice point plus a random whole number of thousandths.
S = 1000


def _inside(rng, h):
    """A random point strictly inside hex h (lattice coordinates times S)."""
    cx, cy = 3 * h[0] * S, (2 * h[1] + h[0]) * S
    corners = [(x * S, y * S) for x, y in lattice_corners(h)]
    while True:
        p = (cx + rng.randint(-2000, 2000), cy + rng.randint(-1000, 1000))
        if all((v[0] - u[0]) * (p[1] - u[1]) - (v[1] - u[1]) * (p[0] - u[0]) > 0
               for u, v in zip(corners, corners[1:] + corners[:1])):
            return p


def _line_chain(p, q, b):
    """The directions of the hexes a line from p (in the hex at 0) through q crosses
    until it enters hex b, walked exactly; None if it passes through a corner."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    h = (0, 0)
    out = []
    while h != b:
        corners = lattice_corners(h)
        sides = [dx * (y * S - p[1]) - dy * (x * S - p[0]) for x, y in corners]
        if 0 in sides:
            return None
        for k, (sq, sr) in enumerate(DIRECTIONS):
            e1, e2 = shared_edge(h, (h[0] + sq, h[1] + sr))
            s1 = sides[corners.index(e1)]
            s2 = sides[corners.index(e2)]
            # leaves by this edge: its ends on both sides, and it points outwards
            if s1 * s2 < 0 and dx * 3 * sq + 3 * dy * (2 * sr + sq) > 0:
                out.append(k)
                h = (h[0] + sq, h[1] + sr)
                break
    return tuple(out)


@pytest.mark.parametrize("offset", [(2, 0), (1, 1), (3, -1), (4, -2), (3, 1)])
def test_chain_tree_is_the_chains_of_lines(offset):
    """The tree of an offset holds exactly the chains of hexes that lines from inside A
    to inside B cross: many random lines, each walked exactly hex by hex, give each of
    the tree's chains and no other (every chain of the tree is crossed by an open set of
    lines, so enough random ones find it)."""
    rng = random.Random(sum(offset) * 7 + offset[0])
    tree = los_tables.chain_tree(*offset)
    want = _tree_chains(tree)
    seen = set()
    for _ in range(4000):
        chain = _line_chain(_inside(rng, (0, 0)), _inside(rng, offset), offset)
        if chain is not None:
            assert chain in want, chain
            seen.add(chain)
    assert seen == want


def test_chain_tree_small_offset():
    """Two hexes two steps apart in a straight line, by hand: straight through the hex
    between; through it and, before or after it, one of the two hexes beside both; or
    zigzagging through both of those and the hex between (each way round)."""
    right, down, up = (DIRECTIONS.index(d) for d in ((1, 0), (0, 1), (1, -1)))
    want = {
        (right, right),
        (up, down, right), (right, up, down), (up, down, up, down),
        (down, up, right), (right, down, up), (down, up, down, up),
    }
    assert _tree_chains(los_tables.chain_tree(2, 0)) == want
