"""The shared rules cases (tests/rules_cases/*.json, from AluminumAngel's "gloom"; MIT).

One parametrized test runs every case's monster turn (and those of ghcli's own
cases, tests/rules_cases_ghcli/*.json, in the same format): the set of
(destination, sorted targets) of our answer's options must equal the case's
``expected`` exactly. Another runs each case's ``los`` verdicts (G and F
files; J files carry none, Jaws of the Lion uses Frosthaven's sight rule).

Known disagreements (tests/rules_cases_disagreements.json) would be cases
where the expected answer contradicts the rules: they still run and assert
our current answer. Cases we do not yet reproduce are listed in
``NOT_REPRODUCED`` and run as strict expected failures.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ghcli.rules.board import Board
from ghcli.rules.hexes import Hex
from ghcli.rules.los import Sight
from ghcli.rules.monster import decide

HERE = Path(__file__).parent
CASES = sorted((HERE / "rules_cases").glob("*.json"))
#: ghcli's own cases (issue 17 and later), each worked out by hand from the rule it names
OWN_CASES = sorted((HERE / "rules_cases_ghcli").glob("*.json"))
DISAGREEMENTS_FILE = HERE / "rules_cases_disagreements.json"
DISAGREEMENTS = (
    {d["case"]: d for d in json.loads(DISAGREEMENTS_FILE.read_text())} if DISAGREEMENTS_FILE.exists() else {}
)

#: Cases whose expected answer we do not reproduce (and do not claim is wrong).
NOT_REPRODUCED: dict[str, str] = {}


def _outcomes(options) -> list:
    return sorted((tuple(o["destination"]), tuple(sorted(o["targets"]))) for o in options)


def _case_params():
    for path in CASES + OWN_CASES:
        marks = []
        if path.stem in NOT_REPRODUCED:
            marks.append(pytest.mark.xfail(reason=NOT_REPRODUCED[path.stem], strict=True))
        yield pytest.param(path, id=path.stem if path in CASES else f"own:{path.stem}", marks=marks)


def test_there_are_all_the_cases():
    assert len(CASES) == 273
    assert {p.stem[0] for p in CASES} == {"G", "F", "J"}
    assert len(OWN_CASES) >= 40 and {p.stem[0] for p in OWN_CASES} == {"G", "F", "J"}


@pytest.mark.parametrize("path", list(_case_params()))
def test_monster_turn(path):
    doc = json.loads(path.read_text())
    answer = decide(Board.from_dict(doc)).to_dict()
    got = _outcomes(answer["options"])
    if path.stem in DISAGREEMENTS:
        assert got == _outcomes(DISAGREEMENTS[path.stem]["ours"])
    else:
        assert got == _outcomes(doc["expected"]), doc["message"]
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


def _proved(sight: Sight, a, b) -> bool:
    """The chain-of-walls proof says every line between a and b is blocked."""
    return sight._hull_walls(a, b, [(*p, *q) for p, q in sight._near_walls(a, b)]) is None


def _every_line_blocked(sight: Sight, a, b) -> bool:
    """No corner line and no sample line between a and b is clear (the any-point test
    without the separation proof), against the walls near the pair."""
    from ghcli.rules.hexes import lattice_corners
    from ghcli.rules.los import SCALE, _first_clear, _samples

    walls = sight._near_walls(a, b)
    if _first_clear(list(lattice_corners(a)), list(lattice_corners(b)), [(*p, *q) for p, q in walls]):
        return False
    scaled = [(p[0] * SCALE, p[1] * SCALE, q[0] * SCALE, q[1] * SCALE) for p, q in walls]
    return _first_clear(_samples(a), _samples(b), scaled) is None


def test_wall_chain_proof_only_claims_blocked_lines():
    """Where the chain-of-walls proof answers "blocked" (F-131's sight checks, a map
    full of holes), trying every corner and sample line finds none clear; and the
    proof does answer for most of the blocked pairs there."""
    doc = json.loads((HERE / "rules_cases" / "F-131.json").read_text())
    board = Board.from_dict(doc)
    sight = Sight(board.hexes, board.walls, board.rules)
    proved = blocked = 0
    for a, b, v in doc["los"]:
        a, b = Hex(*a), Hex(*b)
        if a == b:
            continue
        blocked += not v
        if _proved(sight, a, b):
            proved += 1
            assert not v and _every_line_blocked(sight, a, b), (a, b)
    assert blocked > 50 and proved > blocked // 2


def test_wall_chain_proof_on_small_maps():
    # a hole (0, 0) between (0, -1) and (0, 1): the hole's walls cross their hull
    hexes = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3 and (q, r) != (0, 0)]
    sight = Sight(hexes, [], "frosthaven")
    assert _proved(sight, Hex(0, -1), Hex(0, 1))
    assert not sight.visible(Hex(0, -1), Hex(0, 1))
    # beside the hole the hull is crossed by no chain, and the hexes see each other
    assert not _proved(sight, Hex(1, -1), Hex(1, 1))
    assert sight.visible(Hex(1, -1), Hex(1, 1))
    # a thin wall across part of the way only: no proof, still visible past its end
    full = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]
    sight = Sight(full, [[(0, 0), (0, 1)]], "frosthaven")
    assert not _proved(sight, Hex(0, -1), Hex(0, 2))
    assert sight.visible(Hex(0, -1), Hex(0, 2))


def _reference_proof(sight: Sight, a, b) -> bool:
    """The chain-of-walls proof done the slow, general way: every wall clipped to the
    hull by ``_ipieces`` against the hull's own edges, the pieces joined by a plain
    union-find (what ``Sight._hull_walls`` does through the hull's four slabs)."""
    from ghcli.rules.los import _hull_of, _ipieces

    edges, s1, s2 = _hull_of(b[0] - a[0], b[1] - a[1])
    if s1 is None:
        return False
    ax, ay = 3 * a[0], 2 * a[1] + a[0]
    walls = [((p[0] - ax, p[1] - ay), (q[0] - ax, q[1] - ay)) for p, q in sight._near_walls(a, b)]
    parent: dict = {}

    def root(x):
        while x in parent:
            x = parent[x]
        return x

    for _seg, e1, e2 in _ipieces(edges, walls):
        if e1 is not None and root(e1) != root(e2):
            parent[root(e1)] = root(e2)
    return root(s1) == root(s2)


def _holey_map(seed: int, holes: float):
    import random

    rng = random.Random(seed)
    hexes = [(q, r - q // 2) for q in range(11) for r in range(9)]
    return [h for h in hexes if rng.random() >= holes]


@pytest.mark.parametrize("seed", range(6))
def test_wall_chain_proof_matches_the_general_clipping(seed):
    """The fast proof (the hull's slabs, labels of its sides) proves blocked exactly the
    pairs the general clipping proves blocked, on maps full of holes (some with thin
    walls too), for every pair of hexes and every direction between them."""
    hexes = _holey_map(seed, (0.15, 0.3, 0.45)[seed % 3])
    thin = []
    if seed >= 3:
        hs = set(hexes)
        thin = [[h, (h[0], h[1] + 1)] for h in sorted(hs)[::5] if (h[0], h[1] + 1) in hs]
    sight = Sight(hexes, thin, "frosthaven")
    hexes = sorted(Hex(*h) for h in hexes)
    proved = 0
    for i, a in enumerate(hexes):
        for b in hexes[i + 1:]:
            fast = sight._hull_walls(a, b, sight._band_walls(a, b)) is None
            assert fast == _reference_proof(sight, a, b), (a, b)
            proved += fast
    assert proved > 100
