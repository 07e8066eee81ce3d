"""ghcli.rules.hexes on its own: distance, neighbours, geometry, rotation, mirror, searches.

Every expected value is worked out by hand from board format 1
(/work/shared/board-format.md, "Coordinates"): axial ``[q, r]``; the six
neighbours of ``[q, r]`` are ``[q+1, r]``, ``[q-1, r]``, ``[q, r+1]``,
``[q, r-1]``, ``[q+1, r-1]``, ``[q-1, r+1]``; unit hexes, flat, the centre of
``[q, r]`` at ``x = 1.5 q``, ``y = sqrt(3) (r + q / 2)``, the corners at
distance 1 from the centre. The board used for the searches is the example
document of format 1: six hexes, an obstacle at [1, 0], a thin wall between
[0, 0] and [0, 1].
"""

from __future__ import annotations

import math

import pytest

from ghcli.rules import hexes
from ghcli.rules.hexes import Hex

R3 = math.sqrt(3)

# board format 1's example document
EXAMPLE_HEXES = [(0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (2, 1)]
EXAMPLE_OBSTACLE = (1, 0)
EXAMPLE_WALL = ((0, 0), (0, 1))


# -- neighbours and directions ---------------------------------------------


def test_the_six_directions_are_those_of_board_format_1_in_its_order():
    assert hexes.DIRECTIONS == ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@pytest.mark.parametrize("h", [(0, 0), (2, -1), (-3, 5)])
def test_neighbours_are_the_six_of_the_format(h):
    q, r = h
    expected = [(q + 1, r), (q - 1, r), (q, r + 1), (q, r - 1), (q + 1, r - 1), (q - 1, r + 1)]
    assert Hex(q, r).neighbours() == expected
    assert all(isinstance(n, Hex) for n in Hex(q, r).neighbours())
    assert all(hexes.are_adjacent(h, n) for n in expected)


def test_hex_arithmetic_and_the_third_coordinate():
    assert Hex(1, 2) + (3, -1) == Hex(4, 1)
    assert Hex(1, 2) - (3, -1) == Hex(-2, 3)
    assert Hex(2, -5).s == 3  # q + r + s = 0
    assert Hex.of([4, -2]) == Hex(4, -2) and repr(Hex(4, -2)) == "Hex(4, -2)"


# -- distance --------------------------------------------------------------


@pytest.mark.parametrize("a, b, d", [
    ((0, 0), (0, 0), 0),
    ((0, 0), (1, -1), 1),    # a neighbour
    ((0, 0), (3, 0), 3),     # straight along q
    ((0, 0), (2, -1), 2),    # (1, 0) then (1, -1)
    ((0, 0), (1, 1), 2),     # (1, 0) then (0, 1): not a neighbour, (1, 1) is not a direction
    ((1, 2), (-2, 4), 3),    # dq -3, dr +2: three steps (-1, +1), (-1, +1), (-1, 0)
    ((-2, 3), (3, -4), 7),   # dq +5, dr -7: five steps (1, -1), two (0, -1)
])
def test_distance_by_hand(a, b, d):
    assert hexes.distance(a, b) == d == hexes.distance(b, a)
    assert Hex(*a).distance(b) == d
    assert hexes.are_adjacent(a, b) == (d == 1)


def test_distance_is_the_number_of_steps_on_an_open_map():
    # on a map with nothing in the way the steps of a search are the distance
    steps = hexes.bfs([(0, 0)], lambda h: Hex(*h).neighbours(), limit=4)
    assert len(steps) == 1 + 6 + 12 + 18 + 24  # 1 + 3 n (n + 1) hexes within 4
    assert all(steps[h] == hexes.distance((0, 0), h) for h in steps)


# -- geometry --------------------------------------------------------------


@pytest.mark.parametrize("h, xy", [
    ((0, 0), (0.0, 0.0)),
    ((1, 0), (1.5, R3 / 2)),
    ((0, 1), (0.0, R3)),
    ((2, -1), (3.0, 0.0)),
    ((-1, 2), (-1.5, 1.5 * R3)),
])
def test_centres(h, xy):
    assert hexes.centre(h) == pytest.approx(xy)
    assert hexes.lattice_to_real(hexes.lattice_centre(h)) == pytest.approx(xy)


def test_corners_at_distance_one_every_sixty_degrees():
    expected = [(1, 0), (0.5, R3 / 2), (-0.5, R3 / 2), (-1, 0), (-0.5, -R3 / 2), (0.5, -R3 / 2)]
    assert [pytest.approx(c) for c in expected] == hexes.corners((0, 0))
    # the same in lattice coordinates (X = 2x, Y = 2y / sqrt 3), as integers
    assert hexes.lattice_corners((0, 0)) == ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
    for h in [(0, 0), (2, -1), (-1, 2)]:
        real = [hexes.lattice_to_real(p) for p in hexes.lattice_corners(h)]
        assert real == [pytest.approx(c) for c in hexes.corners(h)]
        x, y = hexes.centre(h)
        assert all(math.dist((x, y), c) == pytest.approx(1) for c in real)


def test_shared_edge_of_neighbours():
    # (0, 0) and (1, 0) (centre at 30 degrees) share the corners at 0 and 60 degrees
    assert hexes.shared_edge((0, 0), (1, 0)) == ((1, 1), (2, 0))
    # (0, 0) and (0, 1) (straight up) share the corners at 60 and 120 degrees
    assert hexes.shared_edge((0, 0), (0, 1)) == ((-1, 1), (1, 1))
    assert hexes.shared_edge((0, 1), (0, 0)) == hexes.shared_edge((0, 0), (0, 1))
    with pytest.raises(ValueError):
        hexes.shared_edge((0, 0), (1, 1))


# -- rotation and mirror ---------------------------------------------------


def _angle(offset) -> float:
    x, y = hexes.centre(offset)
    return math.degrees(math.atan2(y, x)) % 360


def test_rotation_by_hand():
    # one step turns 60 degrees: (1, 0) at 30 degrees to (0, 1) at 90, and so on round
    assert [hexes.rotate((1, 0), k) for k in range(6)] == [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
    # (2, -1) at 0 degrees, distance 2: to (1, 1) at 60 degrees
    assert hexes.rotate((2, -1), 1) == (1, 1)
    assert hexes.rotate((2, -1), 6) == (2, -1) == hexes.rotate((2, -1), -6)
    assert hexes.rotate((2, -1), -1) == hexes.rotate((2, -1), 5) == (1, -2)


@pytest.mark.parametrize("offset", [(1, 0), (2, -1), (3, 1), (-2, 5)])
def test_rotation_keeps_distance_and_turns_sixty_degrees(offset):
    for k in range(6):
        turned = hexes.rotate(offset, k)
        assert hexes.distance((0, 0), turned) == hexes.distance((0, 0), offset)
        assert (_angle(turned) - _angle(offset)) % 360 == pytest.approx(60 * k)


def test_mirror_by_hand():
    # (q, r) -> (s, r): the line through the corners at 120 and 300 degrees is the mirror
    assert hexes.mirror((1, 0)) == (-1, 0)     # 30 degrees -> 210
    assert hexes.mirror((0, 1)) == (-1, 1)     # 90 degrees -> 150
    assert hexes.mirror((1, -2)) == (1, -2)    # on the mirror (300 degrees): stays
    assert hexes.mirror((-1, 2)) == (-1, 2)    # on the mirror (120 degrees): stays
    assert hexes.mirror((2, 1)) == (-3, 1)


@pytest.mark.parametrize("offset", [(1, 0), (2, -1), (3, 1), (-2, 5)])
def test_mirror_is_a_reflection(offset):
    twice = hexes.mirror(hexes.mirror(offset))
    assert twice == offset
    assert hexes.distance((0, 0), hexes.mirror(offset)) == hexes.distance((0, 0), offset)
    # a reflection across the 120-degree line sends the angle a to 240 - a
    assert _angle(hexes.mirror(offset)) == pytest.approx((240 - _angle(offset)) % 360)


# -- searches on board format 1's example ----------------------------------


def _example_steps(h):
    """Where a figure may step from h on the example: map hexes, not the obstacle, not
    across the thin wall."""
    for n in Hex(*h).neighbours():
        if n in EXAMPLE_HEXES and n != EXAMPLE_OBSTACLE and {h, n} != set(EXAMPLE_WALL):
            yield n


def test_bfs_on_the_example_board():
    # from [0, 0]: the obstacle is on one side, the wall on the other, the rest is off the map
    assert hexes.bfs([(0, 0)], lambda h: list(_example_steps(h))) == {(0, 0): 0}
    # from [0, 1]: [1, 1] in one step, then [2, 1] and [2, 0]; [0, 0] is behind the wall
    # and [1, 0] is the obstacle
    assert hexes.bfs([(0, 1)], lambda h: list(_example_steps(h))) == {(0, 1): 0, (1, 1): 1, (2, 1): 2, (2, 0): 2}
    assert hexes.bfs([(0, 1)], lambda h: list(_example_steps(h)), limit=1) == {(0, 1): 0, (1, 1): 1}
    # two starts: each hex counts from the nearer
    assert hexes.bfs([(0, 1), (2, 0)], lambda h: list(_example_steps(h))) == {
        (0, 1): 0, (2, 0): 0, (1, 1): 1, (2, 1): 1}


def test_bfs_without_the_obstacle_and_the_wall_is_the_distance():
    def steps(h):
        return [n for n in Hex(*h).neighbours() if n in EXAMPLE_HEXES]

    got = hexes.bfs([(0, 0)], steps)
    assert got == {(0, 0): 0, (1, 0): 1, (0, 1): 1, (2, 0): 2, (1, 1): 2, (2, 1): 3}
    assert all(d == hexes.distance((0, 0), h) for h, d in got.items())


def test_grid_distances_on_the_example_board():
    # the Grid knows the map and its thin walls (obstacles are the caller's): from [0, 1],
    # [0, 0] is behind the wall and reached round it through [1, 0]
    grid = hexes.Grid(EXAMPLE_HEXES, [EXAMPLE_WALL])
    at = grid.index
    steps = {grid.hexes[i]: d for i, d in grid.distances([at[(0, 1)]]).items()}
    assert steps == {(0, 1): 0, (1, 1): 1, (1, 0): 1, (0, 0): 2, (2, 0): 2, (2, 1): 2}
    near = {grid.hexes[i]: d for i, d in grid.distances([at[(0, 1)]], limit=1).items()}
    assert near == {(0, 1): 0, (1, 1): 1, (1, 0): 1}
    up = hexes.DIRECTIONS.index((0, 1))
    assert grid.steps[at[(0, 0)]][up] == -1  # across the thin wall
    assert grid.steps[at[(0, 0)]][hexes.DIRECTIONS.index((-1, 0))] == -1  # off the map
    assert grid.steps[at[(0, 0)]][0] == at[(1, 0)]
