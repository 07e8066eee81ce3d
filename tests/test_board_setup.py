"""The per-board set-up (issue 15): what ``Board.from_dict`` builds on its fast paths equals what
the plain constructors and the plain searches give, on the shared cases and boards of our own."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from ghcli.errors import BadInput
from ghcli.rules.board import Board, validate
from ghcli.rules.hexes import DIRECTIONS, Grid, Hex

CASES = sorted((Path(__file__).parent / "rules_cases").glob("*.json"))


def _plain_steps(hexes: list, walls) -> list:
    """Reference: each hex's six steps looked up one by one, thin walls cut."""
    index = {h: i for i, h in enumerate(hexes)}
    cut = {frozenset(w) for w in walls}
    return [tuple(index.get((q + dq, r + dr), -1) if frozenset({(q, r), (q + dq, r + dr)}) not in cut else -1
                  for dq, dr in DIRECTIONS) for q, r in hexes]


@pytest.mark.parametrize("path", CASES[::9], ids=lambda p: p.stem)
def test_from_dict_values_equal_the_plain_constructors(path):
    """Figures, the action and the board are filled without their __init__: every field is
    there, and each equals (and hashes and prints like) the value its constructor makes."""
    board = Board.from_dict(json.loads(path.read_text()))
    values = [board, board.action, *board.figures] + ([board.action.attack] if board.action.attack else [])
    for value in values:
        names = [f.name for f in dataclasses.fields(value)]
        # (and nothing else, but the board's numbering of its map, kept for ``Board.grid``)
        assert set(vars(value)) - {"_numbered"} == set(names), type(value)
        made = type(value)(**{n: getattr(value, n) for n in names})
        assert made == value and hash(made) == hash(value) and repr(made) == repr(value)
    assert all(type(h) is Hex for h in board.hexes) and all(type(f.at) is Hex for f in board.figures)


@pytest.mark.parametrize("seed", range(40))
def test_grid_steps_and_distances_against_plain_lookups(seed):
    """Grid's steps (gathered column by column) and its searches equal one-by-one lookups and a
    plain breadth-first search, on maps with holes, far from the origin, walls cut."""
    rng = random.Random(seed)
    q0, r0 = rng.randint(-1000, 990), rng.randint(-1000, 990)
    cells = sorted({(q0 + rng.randint(0, 9), r0 + rng.randint(0, 9)) for _ in range(rng.randint(1, 70))})
    walls = []
    for _ in range(rng.randint(0, 12)):
        a = rng.choice(cells)
        b = (a[0] + rng.choice(DIRECTIONS)[0], a[1])
        if b in cells and b != a:
            walls.append((a, b))
    grid = Grid(cells, walls)
    assert grid.steps == _plain_steps(grid.hexes, walls)
    start = rng.randrange(len(cells))
    ref = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for i in frontier:
            for j in grid.steps[i]:
                if j >= 0 and j not in ref:
                    ref[j] = ref[i] + 1
                    nxt.append(j)
        frontier = nxt
    assert grid.distances([start]) == ref
    assert grid.distance_list([start]) == [ref.get(i) for i in range(len(cells))]
    far = max(ref, key=ref.get)
    near = grid.distance_list([start], until=[far])
    assert all(near[i] == d for i, d in ref.items() if d <= ref[far])


def test_from_dict_hands_the_grid_its_numbering():
    doc = {"format": 1, "hexes": [[1, 0], [0, 0], [0, 1]], "walls": [[[0, 0], [1, 0]]],
           "figures": [{"id": "g", "side": "monster", "at": [0, 0]},
                       {"id": "a", "side": "character", "at": [1, 0], "initiative": 5}],
           "active": "g", "action": {"move": 1}}
    grid = Board.from_dict(doc).grid
    plain = Grid([(1, 0), (0, 0), (0, 1)], [((0, 0), (1, 0))])
    assert grid.hexes == plain.hexes == [Hex(0, 0), Hex(0, 1), Hex(1, 0)]
    assert grid.index == plain.index and grid.steps == plain.steps


def test_validate_says_what_is_plain_and_the_slow_paths_still_name_the_culprit():
    doc = {"format": 1, "hexes": [[0, 0], [1, 0]], "terrain": {"trap": [[1, 0]], "icy": [(0, 0)]},
           "walls": [[[0, 0], [1, 0]]], "figures": [{"id": "g", "side": "monster", "at": [0, 0]}],
           "active": "g", "action": {"move": 1}}
    plain = validate(doc)
    assert plain.hexes and plain.walls and plain.terrain == {"trap"}  # a tuple is no plain list
    assert Board.from_dict(doc).icy == {Hex(0, 0)}
    with pytest.raises(BadInput, match=r"terrain.trap\[0\] \[5, 5\] is not on the map"):
        Board.from_dict(dict(doc, terrain={"trap": [[5, 5]]}))
    with pytest.raises(BadInput, match=r"walls\[0\] is between \[0, 0\] and \[0, 0\], which are not adjacent"):
        Board.from_dict(dict(doc, walls=[[[0, 0], [0, 0]]]))
    with pytest.raises(BadInput, match=r"hex \[1, 0\] listed twice"):
        Board.from_dict(dict(doc, hexes=[[1, 0], [0, 0], [1, 0]]))
