"""The monster turn's stages on their own (ghcli/rules/monster/): each stage's values on
small boards of our own, and the fast searches against plain reference searches."""

from __future__ import annotations

import dataclasses
import heapq
import re
import random

import pytest

from ghcli.rules.board import Action, Board, Figure
from ghcli.rules.board import Attack as BoardAttack
from ghcli.rules.hexes import Grid, Hex
from ghcli.rules.monster import decide
from ghcli.rules.monster.destination import approach
from ghcli.rules.monster.focus import choose_focus
from ghcli.rules.monster.movement import Movement
from ghcli.rules.monster.reach import Reach
from ghcli.rules.monster.values import MOVE, NEG, negatives, negatives_part
from ghcli.rules.monster.targets import TargetGroups, best_masks
from ghcli.rules.monster.turn import Turn

TERRAIN = {"^": "trap", "!": "hazardous", "#": "obstacle", "~": "difficult", "=": "icy"}


def board(picture: str, rules="gloomhaven", action=None, walls=(), inits=None, map_edge="open") -> Board:
    """A board from a picture: row r, column q (axial); '.' floor, 'X' off the map, terrain
    marks as in TERRAIN, 'M' the active monster, 'm' another monster, a-l and 0-9 characters.
    The pictures are strips one or two hexes wide, every hex on the map's outline: they are
    read with the open map-edge reading (``rulesets.READINGS``), so that sight follows the
    strip as the focus rules under test expect (under the default reading a corridor sees
    nothing: tests/test_sight_readings.py)."""
    inits = inits or {}
    hexes, terrain, figures = [], {k: [] for k in TERRAIN.values()}, []
    for r, line in enumerate(picture.strip("\n").split("\n")):
        for q, c in enumerate(line.split()):
            if c == "X":
                continue
            hexes.append([q, r])
            if c in TERRAIN:
                terrain[TERRAIN[c]].append([q, r])
            if c == "M":
                figures.insert(0, {"id": "M", "side": "monster", "at": [q, r]})
            elif c == "m":
                figures.append({"id": f"m{len(figures)}", "side": "monster", "at": [q, r]})
            elif c.isdigit() or (c.isalpha() and c.islower()):
                figures.append({"id": c.upper(), "side": "character", "at": [q, r],
                                "initiative": inits.get(c.upper(), 50)})
    return Board.from_dict({
        "format": 1, "rules": rules, "hexes": hexes, "terrain": terrain,
        "walls": [[list(a), list(b)] for a, b in walls], "figures": figures, "active": "M",
        "action": action or {"move": 2, "attack": {"range": 0, "targets": 1}},
        "readings": {"map_edge": map_edge},
    })


def at(turn: Turn, q: int, r: int) -> int:
    return turn.grid.index[Hex(q, r)]


# -- the Grid ------------------------------------------------------------------------------
def test_grid_numbers_hexes_in_sorted_order_and_cuts_walls():
    g = Grid([(1, 0), (0, 0), (0, 1)], walls=[((0, 0), (1, 0))])
    assert g.hexes == [Hex(0, 0), Hex(0, 1), Hex(1, 0)]
    a, b, c = 0, 1, 2
    assert g.steps[a] == (-1, -1, b, -1, -1, -1)  # (1, 0) is behind the wall
    assert set(g.links[b]) == {a, c} and set(g.links[c]) == {b}
    assert g.distances([a]) == {a: 0, b: 1, c: 2}  # round the wall, not through it
    assert g.distances([a], limit=1) == {a: 0, b: 1}


# -- stage 1: movement costs -----------------------------------------------------------------
def test_movement_costs_count_negative_hexes_first():
    t = Turn.of(board("""
M ^ . . a
. X X . .
. . . . .
"""))
    cost = t.movement.cost
    assert cost[at(t, 1, 0)] == 1 * NEG + 1
    # (2, 0): through the trap in 2, round it in 7 (down, along the bottom, up and back)
    assert cost[at(t, 2, 0)] == 7 and negatives(cost[at(t, 2, 0)]) == 0
    assert t.movement.path_to(at(t, 2, 0))[0] == t.terrain.start


def test_difficult_terrain_and_jumping():
    pic = "M ~ ~ . a"
    walk = Turn.of(board(pic, action={"move": 4}))
    assert walk.movement.cost[at(walk, 3, 0)] == 5
    jump = Turn.of(board(pic, action={"move": 4, "jump": True}))
    assert jump.movement.cost[at(jump, 3, 0)] == 3
    assert jump.movement.cost[at(jump, 2, 0)] == 3  # Gloomhaven: a difficult landing pays 2
    fh = Turn.of(board(pic, rules="frosthaven", action={"move": 4, "jump": True}))
    assert fh.movement.cost[at(fh, 2, 0)] == 2


def test_flying_ignores_traps_and_jumping_pays_for_the_landing_only():
    pic = "M ^ ^ . a"
    fly = Turn.of(board(pic, action={"move": 3, "flying": True}))
    assert fly.movement.cost[at(fly, 2, 0)] == 2
    jump = Turn.of(board(pic, action={"move": 3, "jump": True}))
    assert jump.movement.cost[at(jump, 2, 0)] == NEG + 2 and jump.movement.cost[at(jump, 3, 0)] == 3


def test_an_icy_step_slides_on_until_blocked():
    t = Turn.of(board("M = = . a", action={"move": 1}))
    moves = dict(t.movement.walk_moves(t.terrain.start))
    assert moves == {at(t, 3, 0): 1}  # slid over both icy hexes, for free
    blocked = Turn.of(board("M = = # a", action={"move": 1}))
    assert dict(blocked.movement.walk_moves(blocked.terrain.start)) == {at(blocked, 2, 0): 1}


def _random_board(seed: int) -> Board:
    rng = random.Random(seed)
    cells = ".......^=#~X=" if seed % 3 else "......#X"  # every third board: steps all cost 1
    rows = []
    for r in range(6):
        rows.append(" ".join(rng.choice(cells) for _ in range(8)))
    grid = [row.split() for row in rows]
    grid[0][0], grid[5][7] = "M", "a"
    for _ in range(2):
        grid[rng.randrange(6)][rng.randrange(1, 7)] = "m"
    return board("\n".join(" ".join(r) for r in grid), action={"move": 3, "attack": {"range": 0}})


def _forward(turn, origin) -> dict:
    """Reference: a plain Dijkstra over walk_moves from one hex."""
    out, heap = {}, [(0, origin)]
    while heap:
        c, i = heapq.heappop(heap)
        if i in out:
            continue
        out[i] = c
        for j, s in turn.movement.walk_moves(i):
            if j not in out:
                heapq.heappush(heap, (c + s, j))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_one_search_gives_what_one_search_per_hex_gives(seed):
    """The costs of the search from the monster, and ``towards`` (one search from every
    reachable hex at once), equal plain searches from each hex, icy slides included."""
    t = Turn.of(_random_board(seed))
    mv = t.movement
    ref = _forward(t, t.terrain.start)
    assert {i: c for i, c in enumerate(mv.cost) if c is not None} == ref
    froms = [i for i, c in enumerate(mv.cost) if c is not None and c & MOVE <= 3 and t.terrain.endable(i)]
    dests = [i for i in sorted(ref) if t.terrain.endable(i)][-3:]
    got = mv.towards(dests, froms)
    for d in dests:
        rem = {x: _forward(t, x).get(d) for x in froms}
        totals = {x: negatives_part(mv.cost[x]) + c for x, c in rem.items() if c is not None}
        best = min(totals.values(), default=None)
        assert got[d] == {x: rem[x] for x, v in totals.items() if v == best}


@pytest.mark.parametrize("seed", [s for s in range(30) if s % 3 == 0] + [1, 2])
def test_the_fast_path_is_the_search(seed):
    """``first_reach`` (the costs from the monster on a board without ice) gives what the one
    bucketed search, ``cheapest_first``, gives: the same costs and the same parents (so the
    same path shown), on boards with difficult terrain, traps and obstacles."""
    from ghcli.rules.monster.movement import Costs, cheapest_first, first_reach

    t = Turn.of(_random_board(seed))
    terrain = t.terrain
    if any(terrain.icy):
        terrain = dataclasses.replace(terrain, icy=[0] * len(terrain.icy))
    n, start = len(t.grid), terrain.start
    cost, parent = [None] * n, [-1] * n
    cost[start] = 0
    closed = list(terrain.blocked)
    closed[start] = 0
    moves = Movement(terrain, "walk")._moves
    cheapest_first(cost, {0: [start]}, closed, moves, list(range(n)), parent, merge=False)
    assert first_reach(terrain) == Costs(cost, parent)
    assert sum(c is not None for c in cost) > 1


def test_stage_2_is_built_from_plain_values():
    """``Reach`` needs no board: a map, the enemies (their order gives their bits), the action,
    and a source of line of sight (asked only when a question needs it)."""
    grid = Grid([(q, 0) for q in range(5)])
    enemies = [Figure("a", "character", Hex(2, 0), initiative=10), Figure("b", "character", Hex(4, 0), initiative=20)]
    asked = []

    class Clear:
        def visible(self, p, q):
            asked.append((p, q))
            return q != Hex(4, 0)  # b stands behind something

    def sight():
        asked.append("built")
        return Clear()

    reach = Reach(grid, enemies, Action(move=2, attack=BoardAttack(range=3)), sight)
    assert reach.bit == {"a": 1, "b": 2} and asked == []
    assert reach.range_mask(0) == 1  # b is 4 hexes away: out of range, never asked
    assert reach.hit_mask(0) == 1 and asked == ["built", (Hex(0, 0), Hex(2, 0))]
    assert reach.dis_mask(0) == 0 and reach.dis_mask(1) == 1 and reach.dis_mask(3) == 3  # ranged, adjacent
    assert [e.id for e in reach.members(reach.hit_mask(3))] == ["a"]


# -- stage 2: attack hexes and sight -----------------------------------------------------------
def test_reach_counts_range_round_walls_and_marks_disadvantage():
    t = Turn.of(board("""
M . a
. . .
""", action={"move": 0, "attack": {"range": 3}}, walls=[((0, 0), (1, 0))], map_edge="wall"))
    reach = t.reach
    a = t.enemies[0]
    me = t.terrain.start
    assert reach.walled(a)[me] == 3  # round the thin wall, not through it
    assert reach.hit_bits(me, reach.all_mask) == 0  # the wall blocks the sight line
    beside = at(t, 1, 1)
    assert reach.hit_mask(beside) == reach.bit["A"] and reach.dis_mask(beside) == reach.bit["A"]
    assert reach.dis_mask(me) == 0
    melee = Turn.of(board("M a", walls=[((0, 0), (1, 0))]))
    assert melee.reach.hit_mask(melee.terrain.start) == 0  # melee cannot reach round a thin wall


# -- stage 3: focus ------------------------------------------------------------------------------
def test_focus_movement_then_proximity_then_initiative():
    t = Turn.of(board("a . M . . b", action={"move": 1, "attack": {"range": 0}}, inits={"A": 90, "B": 10}))
    choice = choose_focus(t)
    assert [f.id for f in choice.focuses] == ["A"]  # 1 step against 2
    assert choice.ranks["A"][0] == 1 and choice.ranks["B"][0] == 2
    t = Turn.of(board("a . M . b", action={"move": 1, "attack": {"range": 0}}, inits={"A": 90, "B": 10}))
    assert [f.id for f in choose_focus(t).focuses] == ["B"]  # equal: initiative
    assert "initiative" in choose_focus(t).reason


def test_focus_avoids_a_trap_while_any_path_does():
    t = Turn.of(board("b ^ M . . a", inits={"A": 90, "B": 10}))
    assert [f.id for f in choose_focus(t).focuses] == ["A"]


# -- stage 4: target groups ----------------------------------------------------------------------
def test_best_masks_enumerates_ties_at_the_cut():
    assert best_masks([(1, 1), (2, 2), (2, 4)], 2) == [3, 5]
    assert best_masks([(1, 1), (2, 2)], 0) == [0]
    assert best_masks([(1, 1), (2, 2)], 5) == [3]


def test_groups_rank_extra_targets_by_rule_set():
    pic = ". . . . . . .\n. . . . . . .\n. b a . M . .\n. . . . . . .\n. . . . f . ."
    action = {"move": 0, "attack": {"range": 3, "targets": 2}}
    inits = {"F": 5, "A": 30, "B": 20}
    gh = Turn.of(board(pic, action=action, inits=inits))
    focus = next(e for e in gh.enemies if e.id == "F")
    me = gh.terrain.start
    bits = gh.reach.bit
    assert TargetGroups(gh).groups(me, focus) == [bits["F"] | bits["A"]]  # A is nearer
    jaws = Turn.of(board(pic, rules="jaws-of-the-lion", action=action, inits=inits))
    assert TargetGroups(jaws).groups(me, focus) == [bits["F"] | bits["B"]]  # B acts first
    fh = Turn.of(board(pic, rules="frosthaven", action=action, inits=inits))
    assert sorted(TargetGroups(fh).groups(me, focus)) == sorted([bits["F"] | bits["A"], bits["F"] | bits["B"]])
    assert TargetGroups(gh).best_size(me, focus) == 2


@pytest.mark.parametrize("case", ["G-131", "F-131", "J-131", "G-125", "F-077"])
def test_best_size_and_its_bound_against_the_groups(case):
    """best_size (sight asked lazily, one table per hex) is the size of the largest target group,
    and size_bound (no sight asked) is never below it, for every enemy from every hex that
    might attack it, on shared cases with area and multi-target attacks."""
    import json
    from pathlib import Path

    doc = json.loads((Path(__file__).parent / "rules_cases" / f"{case}.json").read_text())
    turn = Turn.of(Board.from_dict(doc))
    groups = TargetGroups(turn)
    for focus in turn.enemies:
        for h in sorted(turn.reach.attack_hexes(focus))[:40]:
            got = groups.best_size(h, focus)
            assert got == max((g.bit_count() for g in groups.groups(h, focus)), default=0), (h, focus.id)
            assert groups.size_bound(h, focus) >= got


def _case_turn(case: str) -> Turn:
    return Turn.of(Board.from_dict(_case_doc(case)))


def _can_attack_reference(reach, m: int, h: int, group: int) -> bool:
    """One attack from h takes exactly ``group``: an area placement covering (in sight) part of
    it and no one else, the rest (at most m) single targets hit; or (at most m, or at most
    m + 1 without an area) single targets only. Sight asked for every placement at once."""
    def singles(rest, most):
        return rest.bit_count() <= most and reach.hit_bits(h, rest) == rest

    if not reach.area:
        return singles(group, m + 1)
    return any(cov & ~group == 0 and singles(group & ~cov, m) for cov in reach.placements(h)) or singles(group, m)


@pytest.mark.parametrize("case", ["G-131", "G-079", "G-083", "G-087", "G-109", "F-131", "J-117"])
def test_can_attack_asks_sight_lazily_and_answers_as_the_reference(case):
    """can_attack (sight asked placement by placement, one enemy at a time) against the plain
    rule over every placement in sight: the groups from ``groups`` and random groups with the
    focus, from the hexes the focus might be attacked from."""
    turn = _case_turn(case)
    groups, reach, rng = TargetGroups(turn), turn.reach, random.Random(case)
    for focus in turn.enemies[:4]:
        fbit = reach.bit[focus.id]
        for h in sorted(reach.attack_hexes(focus))[:12]:
            tried = set(groups.groups(h, focus))
            near = [b for b in reach.bit.values() if b != fbit and reach.reach_bound(h) & b]
            for _ in range(12):
                tried.add(fbit | sum(rng.sample(near, rng.randint(0, min(len(near), groups.m + 2)))))
            for g in tried:
                assert groups.can_attack(h, g) == _can_attack_reference(reach, groups.m, h, g), (h, focus.id, g)
            assert all(groups.can_attack(h, g) for g in groups.groups(h, focus))


class _CountingSight:
    """A line-of-sight table that records the pairs asked (unordered)."""

    def __init__(self, sight):
        self.sight, self.asked = sight, set()

    def visible(self, a, b) -> bool:
        self.asked.add((a, b) if a <= b else (b, a))
        return self.sight.visible(a, b)


def _case_doc(case: str) -> dict:
    import json
    from pathlib import Path

    return json.loads((Path(__file__).parent / "rules_cases" / f"{case}.json").read_text())


def test_sight_is_asked_only_where_the_answer_can_change(monkeypatch):
    """J-131 (an area of 7 hexes at range 7, 5 targets, 16 characters, a map full of holes):
    the solver once asked line of sight for 825 pairs of hexes; bounds that ask none settle
    most hexes, and the rest ask one enemy at a time (75 pairs today). The answer stays the
    case's."""
    real, made = Board.sight.func, []

    def counting_sight(board):
        made.append(_CountingSight(real(board)))
        return made[-1]

    monkeypatch.setattr(Board, "sight", property(counting_sight))
    doc = _case_doc("J-131")
    answer = decide(Board.from_dict(doc)).to_dict()
    assert len(made) == 1 and len(made[0].asked) <= 100
    got = sorted((tuple(o["destination"]), tuple(o["targets"])) for o in answer["options"])
    assert got == sorted((tuple(o["destination"]), tuple(sorted(o["targets"]))) for o in doc["expected"])


def test_sight_questions_stop_at_the_first_answer_that_settles_them(monkeypatch):
    """sees_all stops at the first enemy out of sight, sees_any at the first in sight; what is
    known is never asked again."""
    t = Turn.of(board("""
M . X a
. . X .
. . X .
c . . .
""", action={"move": 0, "attack": {"range": 4}}))
    reach = t.reach
    counting = _CountingSight(reach.sight)
    reach.__dict__["sight"] = counting
    me, bits = t.terrain.start, reach.bit
    assert not reach.sees_all(me, bits["A"] | bits["C"])  # A is behind the hexes off the map
    assert len(counting.asked) == 1  # C was not asked
    assert reach.sees_any(me, bits["A"] | bits["C"]) and len(counting.asked) == 2
    assert reach.hits_all(me, bits["C"]) and not reach.hits_all(me, bits["A"])
    assert len(counting.asked) == 2  # all known by now
    assert reach.visible_mask(me, reach.all_mask) & bits["C"]


# -- stage 5: destination and path ---------------------------------------------------------------
def test_approach_keeps_off_a_trap_on_the_way():
    t = Turn.of(board("""
. . . . . .
M ^ . . . a
""", action={"move": 2}))
    dest = at(t, 4, 1)
    ways = approach(t, [dest])
    assert [t.grid.hexes[x] for x in ways[dest]] == [Hex(2, 0)]


# -- stage 6 and the API ---------------------------------------------------------------------------
def test_decide_to_dict_is_the_answer_of_board_format_1():
    out = decide(board("M . a")).to_dict()
    assert out == {
        "active": "M",
        "focus": ["A"],
        "options": [{"focus": "A", "destination": [1, 0], "targets": ["A"], "path": [[0, 0], [1, 0]]}],
        "explanation": ["focus A: the only enemy it can reach (least movement).",
                        "A can be attacked this turn: best attack, then least movement."],
    }


def test_the_docs_python_api_example_prints_what_it_says(capsys):
    from helpers import doc_section

    code = doc_section("rules core").split("## Python API", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    expected = [line[2:] for line in code.splitlines() if line.startswith("# ")]
    exec(compile(code, "docs/rules.md", "exec"), {})
    assert capsys.readouterr().out.splitlines() == expected


def test_the_readme_rules_core_paragraph_names_every_stage_module():
    """The README's short map of the solver (issue 15) names each stage's module, and every
    file it names exists: a contributor can follow it to any rule's code."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    text = (root / "README.md").read_text(encoding="utf-8")
    section = text.split("## The rules core", 1)[1].split("\n## ", 1)[0]
    stages = sorted(p.name for p in (root / "ghcli" / "rules" / "monster").glob("*.py") if p.name != "__init__.py")
    named = re.findall(r"`([\w/]+\.py)`", section)
    assert sorted(n for n in named if "/" not in n) == stages
    for n in named:
        path = root / n if "/" in n else root / "ghcli" / "rules" / "monster" / n
        assert path.exists(), n
    assert "Board.from_dict(doc)" in section and "decide(board).to_dict()" in section
