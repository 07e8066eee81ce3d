"""Issue 16: rules messages name no CLI flags; the CLI words its own options.

The rules core raises errors naming the parameter at fault in words (and in
``BadInput.field``); each command adds its flag.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from helpers import parsed

RULES = Path(__file__).resolve().parent.parent / "ghcli" / "rules"
FLAG = re.compile(r"(?<![\w-])--[a-z]")


def _raised_strings(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and node.exc is not None:
            for sub in ast.walk(node.exc):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                    yield node.lineno, sub.value


@pytest.mark.parametrize("path", sorted(RULES.rglob("*.py")), ids=lambda p: p.name)
def test_rules_errors_name_no_flags(path):
    tree = parsed(path)
    bad = [(line, text) for line, text in _raised_strings(tree) if FLAG.search(text)]
    assert bad == [], f"{path.name}: messages naming CLI flags: {bad}"


def test_the_scan_finds_a_flag():
    tree = ast.parse('def f():\n    raise ValueError(f"--level must be 1, not {x}")\n')
    assert [t for _, t in _raised_strings(tree) if FLAG.search(t)] == ["--level must be 1, not "]


@pytest.mark.parametrize("args, words", [
    (("enhance", "cost", "--ability", "attack", "--level", "10"),
     "the card level must be from 1 to 9, not 10 (--level)"),
    (("enhance", "cost", "--ability", "attack", "--previous", "-1"), "0 or more, not -1 (--previous)"),
    (("enhance", "cost", "--ability", "attack", "--lost"), "applies to fh and gh2e, not gh (--lost)"),
    (("enhance", "cost", "--ability", "attack", "--effect", "poison"), "(--ability, --effect, --hex)"),
    (("enhance", "cost", "--effect", "poison", "--on", "atack"), "did you mean 'attack'? (--on)"),
    (("enhance", "cost", "--ability", "atack"), "unknown ability 'atack'; did you mean 'attack'? (--ability)"),
    (("rules", "attack", "3", "--bless", "11"), "11 bless cards: there are 0 to 10 (--bless)"),
    (("rules", "attack", "3", "--curse", "11"), "11 curse cards: there are 0 to 10 (--curse)"),
    (("rules", "rest", "short", "--discard", "3", "--cards", "a,b"),
     "3 discarded cards counted but 2 named (--discard)"),
])
def test_the_cli_words_its_options(cli, args, words):
    r = cli(*args)
    assert r.exit_code == 2, r.output
    assert r.stderr.strip() == f"error: {r.stderr.strip()[7:]}" and words in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_the_rules_alone_name_the_parameter():
    from ghcli.errors import BadInput
    from ghcli.rules import attack, enhance

    with pytest.raises(BadInput) as e:
        enhance.quote(edition="gh", ability="attack", level=10)
    assert e.value.field == "level" and "--" not in str(e.value)
    with pytest.raises(BadInput) as e:
        attack.build_deck(bless=11)
    assert e.value.field == "bless" and str(e.value) == "11 bless cards: there are 0 to 10"


def test_arkham_defeat_by_both_names_choose(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("GHCLI_ARKHAM_DB", str(tmp_path / "a.db"))
    assert cli("arkham", "init").exit_code == 0
    r = cli("arkham", "investigator", "join", "Roland", "--player", "A", "--health", "9", "--sanity", "5")
    assert r.exit_code == 0
    r = cli("arkham", "defeat", "Roland", "--by", "both")
    assert r.exit_code == 2 and "the player chooses physical or mental trauma (--choose)" in r.stderr
