"""The shared rules cases (tests/rules_cases/*.json, from AluminumAngel's "gloom"; MIT).

One parametrized test runs every case's monster turn (and those of ghcli's own
cases, tests/rules_cases_ghcli/*.json, in the same format): the set of
(destination, sorted targets) of our answer's options must equal the case's
``expected`` exactly. Another runs each case's ``los`` verdicts (G and F
files; J files carry none, Jaws of the Lion uses Frosthaven's sight rule).

Every case must pass as it stands: no case is excused or answered
differently here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from los_reference import _touch  # closed segments share a point (exact on integers)

from ghcli.rules.board import Board
from ghcli.rules.hexes import DIRECTIONS, SQRT3, Hex, lattice_centre, lattice_corners, shared_edge
from ghcli.rules.los import Sight
from ghcli.rules.monster import decide

HERE = Path(__file__).parent
CASES = sorted((HERE / "rules_cases").glob("*.json"))
#: ghcli's own cases (issue 17 and later), each worked out by hand from the rule it names
OWN_CASES = sorted((HERE / "rules_cases_ghcli").glob("*.json"))


def _outcomes(options) -> list:
    return sorted((tuple(o["destination"]), tuple(sorted(o["targets"]))) for o in options)


def _case_params():
    for path in CASES + OWN_CASES:
        yield pytest.param(path, id=path.stem if path in CASES else f"own:{path.stem}")


def test_there_are_all_the_cases():
    assert len(CASES) == 273
    assert {p.stem[0] for p in CASES} == {"G", "F", "J"}
    assert len(OWN_CASES) >= 40 and {p.stem[0] for p in OWN_CASES} == {"G", "F", "J"}


@pytest.mark.parametrize("path", list(_case_params()))
def test_monster_turn(path):
    doc = json.loads(path.read_text())
    answer = decide(Board.from_dict(doc)).to_dict()
    assert _outcomes(answer["options"]) == _outcomes(doc["expected"]), doc["message"]
    # every option names one of the focuses and starts its path at the monster
    me = next(f for f in doc["figures"] if f["id"] == doc["active"])
    for o in answer["options"]:
        assert o["path"][0] == me["at"] and o["path"][-1] == o["destination"]
        assert (o["focus"] in answer["focus"]) if answer["focus"] else o["focus"] is None


LOS_CASES = [p for p in CASES if p.stem[0] in "GF"]


@pytest.mark.parametrize("path", LOS_CASES, ids=[p.stem for p in LOS_CASES])
def test_line_of_sight(path):
    doc = json.loads(path.read_text())
    board = Board.from_dict(doc)
    sight = Sight(board.hexes, board.walls, board.rules)
    wrong = [
        (a, b, v) for a, b, v in doc["los"] if sight.visible(Hex(*a), Hex(*b)) != v
    ]
    assert not wrong, f"{len(wrong)} of {len(doc['los'])} verdicts differ, e.g. {wrong[:3]}"
    assert len(doc["los"]) > 0


# -- Frosthaven sight against a reference of our own ------------------------
#
# ``Sight`` settles most blocked pairs by a shortcut (a chain of walls across the
# pair's hull) and tries sample lines only for the rest. These tests hold its public
# answers to a slow reference written here from the geometry of board format 1
# (lattice coordinates of ``ghcli.rules.hexes``: X = 2x, Y = 2y / sqrt 3): a
# "visible" verdict must come with a witness line that runs from hex A to hex B and
# touches no wall; a "blocked" verdict must leave no corner-to-corner line and no
# line between twelve inner points of the hexes (corners and edge midpoints pulled
# 1/INNER of the way to the centre) clear. Both hold whatever the shortcut does.

INNER = 1000  # the inner points sit 1/INNER of the way from the outline to the centre
CLEARANCE = 1e-9  # a witness line must pass at least this far (lattice units) from every wall
FAR = 1e-6  # far beyond CLEARANCE and any rounding: a wall this far from a line's box is clear of it


def _walls(hexes, thin) -> list:
    """Every wall as a lattice segment: each edge between a map hex and a hex off the
    map, and each thin wall (board format 1: "anything not listed is a wall")."""
    on_map = {tuple(h) for h in hexes}
    out = {shared_edge(h, (h[0] + dq, h[1] + dr)) for h in on_map for dq, dr in DIRECTIONS
           if (h[0] + dq, h[1] + dr) not in on_map}
    out |= {shared_edge(tuple(a), tuple(b)) for a, b in thin}
    return _WallSet(sorted(out))


class _WallSet(list):
    """The walls (a sorted list), with a grid for ``_walls_near``: each wall listed in every cell of
    CELL x CELL lattice units its bounding box meets, so a pair's walls are looked for in the cells
    their box meets, not among all of the map's."""

    CELL = 8

    def __init__(self, walls):
        super().__init__(walls)
        self.cells: dict = {}
        c = self.CELL
        for i, ((x0, y0), (x1, y1)) in enumerate(self):
            for cx in range(min(x0, x1) // c, max(x0, x1) // c + 1):
                for cy in range(min(y0, y1) // c, max(y0, y1) // c + 1):
                    self.cells.setdefault((cx, cy), []).append(i)

    def meeting(self, x0, y0, x1, y1) -> list:
        """The walls whose cells meet the box's, in the list's order (a superset of those meeting it)."""
        c, found = self.CELL, set()
        for cx in range(x0 // c, x1 // c + 1):
            for cy in range(y0 // c, y1 // c + 1):
                found.update(self.cells.get((cx, cy), ()))
        return [self[i] for i in sorted(found)]


def _walls_near(walls, a, b, margin: int = 0) -> list:
    """The walls meeting the bounding box of hexes a and b (grown by ``margin`` lattice
    units): every line between the two hexes lies in that box."""
    points = lattice_corners(a) + lattice_corners(b)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    x0, y0, x1, y1 = x0 - margin, y0 - margin, x1 + margin, y1 + margin
    if isinstance(walls, _WallSet):
        walls = walls.meeting(x0, y0, x1, y1)
    return [w for w in walls if not (max(w[0][0], w[1][0]) < x0 or min(w[0][0], w[1][0]) > x1
                                     or max(w[0][1], w[1][1]) < y0 or min(w[0][1], w[1][1]) > y1)]


def _inner_points(h) -> list:
    """Twelve points of hex h in lattice units times 2 * INNER: its corners and edge
    midpoints, each pulled 1/INNER of the way towards the centre."""
    cx, cy = lattice_centre(h)
    cs = lattice_corners(h)
    out = []
    for i in range(6):
        (ax, ay), (bx, by) = cs[i], cs[(i + 1) % 6]
        for px, py in ((2 * ax, 2 * ay), (ax + bx, ay + by)):  # doubled: the midpoint is a lattice point
            out.append((INNER * px - (px - 2 * cx), INNER * py - (py - 2 * cy)))
    return out


def _no_line_clear(walls, a, b) -> bool:
    """No corner-to-corner line and no line between the inner points of a and b is clear."""
    near = _walls_near(walls, a, b)
    for us, vs, k in ((lattice_corners(a), lattice_corners(b), 1), (_inner_points(a), _inner_points(b), 2 * INNER)):
        scaled = [((p[0] * k, p[1] * k), (q[0] * k, q[1] * k)) for p, q in near]
        for u in us:
            for v in vs:
                for at, (p, q) in enumerate(scaled):  # the first wall the line u-v touches
                    if _touch(u, v, p, q):
                        break
                else:
                    return False
                if at:
                    scaled.insert(0, scaled.pop(at))  # the wall that blocked this line is tried first on the next
    return True


def _in_hex(point, h) -> bool:
    """A lattice point (floats) inside hex h or on its outline."""
    cs = lattice_corners(h)
    return all((b[0] - a[0]) * (point[1] - a[1]) - (b[1] - a[1]) * (point[0] - a[0]) >= -CLEARANCE
               for a, b in zip(cs, cs[1:] + cs[:1]))


def _gap(p1, p2, q1, q2) -> float:
    """The distance between segments p1-p2 and q1-q2 (floats)."""
    def cross(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    if cross(p1, p2, q1) * cross(p1, p2, q2) < 0 and cross(q1, q2, p1) * cross(q1, q2, p2) < 0:
        return 0.0

    def to_segment(c, a, b):
        dx, dy = b[0] - a[0], b[1] - a[1]
        ll = dx * dx + dy * dy  # 0 for a line of one point (two hexes meeting at a corner)
        t = max(0.0, min(1.0, ((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / ll)) if ll else 0.0
        return ((c[0] - a[0] - t * dx) ** 2 + (c[1] - a[1] - t * dy) ** 2) ** 0.5

    return min(to_segment(p1, q1, q2), to_segment(p2, q1, q2), to_segment(q1, p1, p2), to_segment(q2, p1, p2))


def _witness_is_clear(sight: Sight, walls, a, b) -> bool:
    """Sight's witness line (real coordinates) runs from hex a to hex b and touches no wall."""
    line = sight.witness(a, b)
    if line is None:
        return False
    u, v = ((x * 2.0, y * 2.0 / SQRT3) for x, y in line)  # real -> lattice
    near = _walls_near(walls, a, b, margin=1)
    # a wall whose box lies FAR from the line's box is farther than that from the line: no _gap needed
    lx0, lx1, ly0, ly1 = min(u[0], v[0]) - FAR, max(u[0], v[0]) + FAR, min(u[1], v[1]) - FAR, max(u[1], v[1]) + FAR
    near = [(p, q) for p, q in near if not (max(p[0], q[0]) < lx0 or min(p[0], q[0]) > lx1
                                             or max(p[1], q[1]) < ly0 or min(p[1], q[1]) > ly1)]
    return _in_hex(u, a) and _in_hex(v, b) and all(_gap(u, v, p, q) > CLEARANCE for p, q in near)


def _check_pair(sight: Sight, walls, a, b) -> bool:
    """Sight's verdict on a and b, after holding it to the reference; True when visible."""
    if sight.visible(a, b):
        assert _witness_is_clear(sight, walls, a, b), ("visible, but the witness is not clear", a, b)
        return True
    assert _no_line_clear(walls, a, b), ("blocked, but a line is clear", a, b)
    return False


def test_blocked_verdicts_on_a_map_full_of_holes():
    """F-131's sight checks (a map full of holes): where Sight answers "blocked", trying
    every corner and inner-point line finds none clear; where it answers "visible", its
    witness line is clear; and many of the pairs there are blocked."""
    doc = json.loads((HERE / "rules_cases" / "F-131.json").read_text())
    board = Board.from_dict(doc)
    sight = Sight(board.hexes, board.walls, board.rules)
    walls = _walls(board.hexes, board.walls)
    blocked = 0
    for a, b, v in doc["los"]:
        a, b = Hex(*a), Hex(*b)
        if a == b:
            continue
        blocked += not _check_pair(sight, walls, a, b)
    assert blocked > 50


def test_sight_past_holes_and_thin_walls():
    # a hole (0, 0) between (0, -1) and (0, 1): the hole's walls block every line
    hexes = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3 and (q, r) != (0, 0)]
    sight, walls = Sight(hexes, [], "frosthaven"), _walls(hexes, [])
    assert not _check_pair(sight, walls, Hex(0, -1), Hex(0, 1))
    # beside the hole the hexes see each other
    assert _check_pair(sight, walls, Hex(1, -1), Hex(1, 1))
    # a thin wall across part of the way only: still visible past its end
    full = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]
    thin = [[(0, 0), (0, 1)]]
    sight, walls = Sight(full, thin, "frosthaven"), _walls(full, thin)
    assert _check_pair(sight, walls, Hex(0, -1), Hex(0, 2))


def _holey_map(seed: int, holes: float):
    import random

    rng = random.Random(seed)
    hexes = [(q, r - q // 2) for q in range(11) for r in range(9)]
    return [h for h in hexes if rng.random() >= holes]


@pytest.mark.parametrize("seed", range(6))
def test_sight_on_maps_full_of_holes(seed):
    """On maps full of holes (some with thin walls too), for every pair of hexes and
    every direction between them, Sight's verdict holds against the reference, and
    many pairs are blocked (the shortcut is put to work)."""
    hexes = _holey_map(seed, (0.15, 0.3, 0.45)[seed % 3])
    thin = []
    if seed >= 3:
        hs = set(hexes)
        thin = [[h, (h[0], h[1] + 1)] for h in sorted(hs)[::5] if (h[0], h[1] + 1) in hs]
    sight, walls = Sight(hexes, thin, "frosthaven"), _walls(hexes, thin)
    hexes = sorted(Hex(*h) for h in hexes)
    blocked = 0
    for i, a in enumerate(hexes):
        for b in hexes[i + 1:]:
            blocked += not _check_pair(sight, walls, a, b)
    assert blocked > 100
