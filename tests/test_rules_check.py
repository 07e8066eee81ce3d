"""`rules focus --check DEST[:TARGET,...]` (issue 13 point 6): the verdict on the move the table made."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ghcli.boards import textboard as tb
from ghcli.rules.board import Board
from ghcli.rules.check import check
from ghcli.rules.hexes import Hex
from ghcli.rules.monster import decide

ROOT = Path(__file__).resolve().parent.parent
PROXIMITY = """\
board: gloomhaven flat
active: guard
move: 2
attack: melee
map: 0,0
 .       .       g
     .       .
 .       .       #
     .       .
 #       .       s
     .       b
figures:
g = guard monster
b = brute character 10
s = spellweaver character 50
"""


def verdict(text: str, dest, targets=None):
    board = Board.from_dict(tb.load(text))
    return check(board, decide(board), Hex(*dest), targets)


def test_the_rules_option_is_legal_with_or_without_its_targets():
    v = verdict(PROXIMITY, (3, 0), ["spellweaver"])
    assert v.legal and v.reason.startswith("allowed:")
    assert verdict(PROXIMITY, (3, 0)).legal
    assert v.options[0]["destination"] == [3, 0]


def test_a_hex_that_gives_no_attack_names_what_the_rules_do_instead():
    v = verdict(PROXIMITY, (2, 1))
    assert not v.legal
    # the guard reaches 3,0 with 2 movement (4,-2 -> 3,-1 -> 3,0); 2,1 is not next to the spellweaver at 4,0
    assert v.reason == ("not allowed: the monster can attack the spellweaver with 2 movement from 3,0; "
                        "2,1 gives no attack on spellweaver")


def test_the_first_broken_rule_is_named():
    assert verdict(PROXIMITY, (9, 9)).reason == "not allowed: 9,9 is not on the map"
    assert "obstacle (4,-1)" in verdict(PROXIMITY, (4, -1)).reason
    assert "3,1 is brute's hex" in verdict(PROXIMITY, (3, 1)).reason
    # the right hex, the wrong target: the rules attack the focus (one target), not the brute
    v = verdict(PROXIMITY, (3, 0), ["brute"])
    assert not v.legal and v.reason == "not allowed: from 3,0 the monster attacks spellweaver, not brute"
    # staying put gives no attack either
    assert "4,-2 gives no attack" in verdict(PROXIMITY, (4, -2)).reason


def test_a_monster_target_is_refused():
    text = PROXIMITY.replace("b = brute character 10", "b = brute character 10\nm = ooze monster at 0,0")
    v = verdict(text, (3, 0), ["ooze"])
    assert not v.legal and "ooze is a monster" in v.reason


def test_a_monster_that_cannot_attack_this_turn_moves_towards_its_focus():
    text = PROXIMITY.replace("move: 2", "move: 1")
    board = Board.from_dict(tb.load(text))
    answer = decide(board).to_dict()
    dest = answer["options"][0]["destination"]
    assert verdict(text, dest).legal
    v = verdict(text, (3, 0))
    assert not v.legal and "cannot attack spellweaver this turn" in v.reason


def test_a_ranged_hex_in_reach_that_the_rules_do_not_pick():
    # G-035: range 7 through a doorway; 2,2 sees c1 (it is in range and sight) but is not one of the two options
    doc = json.loads((ROOT / "tests" / "rules_cases" / "G-035.json").read_text(encoding="utf-8"))
    board = Board.from_dict(doc)
    answer = decide(board)
    dests = {tuple(o.destination) for o in answer.options}
    assert dests == {(6, -1), (6, 0)}
    for d in dests:
        assert check(board, answer, Hex(*d), ["c1"]).legal
    v = check(board, answer, Hex(3, 0), None)  # in range and in sight of c1, but not where the rules go
    assert not v.legal and v.reason.startswith("not allowed: the monster can attack the c1 with 6 movement "
                                               "from 6,-1 or 6,0")
    assert v.reason.endswith("3,0 is not among the hexes the rules pick (most targets, the focus without "
                             "disadvantage, fewest disadvantaged targets, then least movement)")


def test_no_focus_means_no_move():
    text = "board: gloomhaven\nactive: g\nmove: 2\nattack: melee\nmap: 0,0\n g       .\nfigures:\ng monster\n"
    assert verdict(text, (0, 0)).legal
    v = verdict(text, (2, -1))
    assert not v.legal and "no focus" in v.reason


def test_the_command_takes_labels_prints_a_verdict_and_exits_0(cli, tmp_path):
    board = tmp_path / "proximity.txt"
    board.write_text(PROXIMITY, encoding="utf-8")
    r = cli("rules", "focus", str(board), "--check", "3,0:s", "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert set(data) == {"legal", "reason", "options"} and data["legal"] is True
    r = cli("rules", "focus", str(board), "--check", "2,1", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["legal"] is False
    r = cli("rules", "focus", str(board), "--check", "2,1")
    assert r.exit_code == 0 and r.stdout.startswith("not allowed: ")
    assert "the rules: focus spellweaver, ends at 3,0, attacks spellweaver" in r.stdout
    # a target named by its hex, or by its id
    assert json.loads(cli("rules", "focus", str(board), "--check", "3,0:4,0", "--json").stdout)["legal"]
    assert json.loads(cli("rules", "focus", str(board), "--check", "3,0:spellweaver", "--json").stdout)["legal"]


@pytest.mark.parametrize("spec, message", [
    ("zz", "not 'zz'"), ("3,0:nobody", "not 'nobody'"), ("3,0:1,1", "no figure stands on 1,1"), (":s", "DEST[:TARGET"),
])
def test_bad_check_arguments_are_usage_errors(cli_errors, tmp_path, spec, message):
    board = tmp_path / "proximity.txt"
    board.write_text(PROXIMITY, encoding="utf-8")
    r = cli_errors("rules", "focus", str(board), "--check", spec)
    assert r.exit_code == 2 and message in r.stderr


@pytest.fixture
def cli_errors():
    from typer.testing import CliRunner

    from ghcli.cli import app

    runner = CliRunner()
    return lambda *args: runner.invoke(app, [str(a) for a in args])
