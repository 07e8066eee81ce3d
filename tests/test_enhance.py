"""Enhancement costs (issue 4): a case table run through the rules and the CLI.

The expected costs in tests/enhance_cases.json were worked out by hand from
the issue's rules (each case says how in "why"), including the seed's two
digital worked examples (90 and 90) and the first-edition rulebook's
three-hex example (66).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from ghcli.errors import BadInput, Refused
from ghcli.rules.enhance import EDITIONS, Quote, Step, quote

CASES = json.loads((Path(__file__).parent / "enhance_cases.json").read_text(encoding="utf-8"))["cases"]
COSTED = [c for c in CASES if isinstance(c["expect"], int)]
ERRORS = {"refused": (Refused, 1), "bad-input": (BadInput, 2)}


def flags(args: dict) -> list[str]:
    out = ["enhance", "cost"]
    for key, value in args.items():
        flag = "--hex" if key == "hexes" else "--" + key.replace("_", "-")
        if value is True:
            out.append(flag)
        elif value is not False:
            out += [flag, str(value)]
    return out


def test_case_table_is_big_enough_and_covers_every_edition():
    assert len(COSTED) >= 40
    per_edition = Counter(c["args"]["edition"] for c in COSTED)
    assert set(per_edition) == set(EDITIONS)
    assert min(per_edition.values()) >= 8
    assert len({c["id"] for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_rules_case(case):
    if case["expect"] in ERRORS:
        error, _ = ERRORS[case["expect"]]
        with pytest.raises(error) as caught:
            quote(**case["args"])
        # BadInput is never mistaken for Refused and the other way round
        assert isinstance(caught.value, BadInput) == (error is BadInput)
        return
    q = quote(**case["args"])
    assert isinstance(q, Quote)
    assert q.cost == case["expect"], case["why"]
    assert q.steps and all(isinstance(s, Step) for s in q.steps)
    assert q.steps[-1].cost == q.cost  # steps carry the running total
    assert q.steps[0].rule.startswith("base:")


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_cli_case(cli, case):
    r = cli(*flags(case["args"]), "--json")
    if case["expect"] in ERRORS:
        _, code = ERRORS[case["expect"]]
        assert r.exit_code == code
        assert r.stdout == ""
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ")
        return
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["cost"] == case["expect"]


def test_acceptance_command(cli):
    r = cli("enhance", "cost", "--edition", "gh", "--ability", "attack", "--level", "3", "--multi",
            "--previous", "1", "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert set(data) == {"cost", "steps"}
    assert data["cost"] == 225
    assert [s["cost"] for s in data["steps"]] == [50, 100, 150, 225]
    assert all(set(s) == {"rule", "cost"} and isinstance(s["rule"], str) for s in data["steps"])


def test_seed_digital_worked_example_steps():
    first = quote("gh-digital", ability="attack", level=3, multi=True)
    assert [s.cost for s in first.steps] == [35, 70, 90]
    second = quote("gh-digital", hexes=3, level=3, previous=1, multi=True)
    # the hex is not doubled: the step is shown, the total does not change
    assert [s.cost for s in second.steps] == [50, 50, 70, 90]


def test_text_output_is_a_table_and_a_total(cli):
    r = cli("enhance", "cost", "--edition", "fh", "--ability", "shield", "--persistent", "--level", "2")
    assert r.exit_code == 0
    assert "persistent bonus: x3" in r.stdout and "240" in r.stdout
    assert r.stdout.rstrip().splitlines()[-1] == "cost: 265 gold"


def test_refused_placement_says_which_rule(cli):
    r = cli("enhance", "cost", "--effect", "bless", "--on", "move")
    assert r.exit_code == 1
    assert r.stderr.strip().splitlines() == [r.stderr.strip()]
    assert "positive condition" in r.stderr and "Move does not target allies" in r.stderr
    r = cli("enhance", "cost", "--effect", "poison", "--on", "heal")
    assert r.exit_code == 1 and "target enemies" in r.stderr


def test_bad_values_exit_2(cli):
    for args in (
        ["--ability", "attack", "--level", "10"],
        ["--ability", "attack", "--hex", "3"],
        ["--edition", "gh3", "--ability", "attack"],
        ["--ability", "attack", "--level", "three"],  # click's own type check
    ):
        r = cli("enhance", "cost", *args)
        assert r.exit_code == 2, args
        assert r.stdout == ""
    r = cli("enhance", "cost", "--edition", "gh3", "--ability", "attack")
    assert r.stderr.strip() == "error: unknown edition 'gh3'; did you mean 'gh'?"


def test_usual_host_is_assumed_when_on_is_not_given():
    # a negative condition on its usual Attack, a positive one on a Heal, Jump on a Move
    assert quote(effect="poison").cost == 75
    assert quote(effect="strengthen").cost == 50
    assert quote(effect="jump").cost == 50
    assert quote(ability="range").cost == 30


def test_cost_opens_no_database(cli):
    r = cli("enhance", "cost", "--ability", "move")
    assert r.exit_code == 0
    assert not Path(os.environ["GHCLI_DB"]).exists()
