"""Issue 8 rules (ghcli.arkham.rules), from the cases in tests/arkham_cases/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ghcli import errors
from ghcli.arkham import rules

CASES_DIR = Path(__file__).parent / "arkham_cases"


def _cases():
    for path in sorted(CASES_DIR.glob("*.json")):
        for i, case in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            yield pytest.param(case, id=f"{path.stem}-{i}-{case['rule']}")


def _run(case):
    a = case["args"]
    rule = case["rule"]
    if rule == "buy":
        return rules.buy_cost(**a)
    if rule == "upgrade":
        return rules.upgrade_cost(**a)
    if rule == "weaknesses":
        return rules.standalone_weaknesses(**a)
    if rule == "scenario_xp":
        return rules.scenario_xp(**a)
    if rule == "trauma":
        return rules.trauma_state(**a)
    if rule == "defeat":
        return rules.defeat_trauma(**a)
    raise AssertionError(f"unknown rule {rule}")


@pytest.mark.parametrize("case", list(_cases()))
def test_rules_case(case):
    if "error" in case:
        with pytest.raises(getattr(errors, case["error"])):
            _run(case)
        return
    got = _run(case)
    rule = case["rule"]
    if rule in ("buy", "upgrade"):
        assert got.xp == case["xp"]
        assert got.steps[-1] == f"total {case['xp']} XP"
    elif rule == "weaknesses":
        assert got == case["weaknesses"]
    elif rule == "scenario_xp":
        assert (got.earned, got.unspent_after) == (case["earned"], case["unspent_after"])
        assert got.applied == case["unspent_after"] - case["args"]["unspent"]
    elif rule == "trauma":
        assert (got.killed, got.insane) == (case["killed"], case["insane"])
        assert (got.starting_damage, got.starting_horror) == (case["starting_damage"], case["starting_horror"])
    elif rule == "defeat":
        assert list(got) == case["trauma"]


def test_cases_cover_every_rule():
    seen = {c.values[0]["rule"] for c in _cases()}
    assert seen == {"buy", "upgrade", "weaknesses", "scenario_xp", "trauma", "defeat"}


def test_buy_arithmetic_steps():
    assert rules.buy_cost(0).steps == ("level 0: at least 1 XP = 1", "total 1 XP")
    assert rules.buy_cost(3, exceptional=True, copies=2).steps == (
        "level 3: 3 XP", "Exceptional: 3 x 2 = 6", "2 copies, each paid: 6 x 2 = 12", "total 12 XP")
    assert rules.buy_cost(2, myriad=True, copies=3).steps == (
        "level 2: 2 XP", "Myriad: 3 copies paid once = 2", "total 2 XP")


def test_upgrade_arithmetic_steps():
    assert rules.upgrade_cost(1, 3, exceptional=True).steps == (
        "level 3 - level 1 = 2", "Exceptional: 2 x 2 = 4", "total 4 XP")
    assert rules.upgrade_cost(0, 2, copies=2).arithmetic == (
        "level 2 - level 0 = 2; 2 copies, each paid: 2 x 2 = 4; total 4 XP")


def test_scenario_xp_steps():
    assert rules.scenario_xp(1, -3, 5).steps == ("victory display 1 - penalty 3 = -2", "unspent 5 - 2 = 3")
    assert rules.scenario_xp(0, -3, 1).steps[-1] == "unspent 1 - 3 = -2, not below 0 = 0"


def test_trauma_outcome_words():
    assert rules.trauma_state(9, 5, 9, 0).outcome == "killed"
    assert rules.trauma_state(9, 5, 0, 5).outcome == "insane"
    assert rules.trauma_state(5, 5, 5, 5).outcome == "killed and insane"
    assert rules.trauma_state(5, 5, 4, 4).outcome is None


def test_rules_module_is_pure():
    import ast

    tree = ast.parse(Path(rules.__file__).read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module if node.level == 0 else ".")
    assert imported <= {"__future__", "dataclasses", "ghcli.errors"}
    assert "print(" not in Path(rules.__file__).read_text(encoding="utf-8")
