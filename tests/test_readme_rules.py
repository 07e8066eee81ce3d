"""The worked examples of the rules core (issue 5, docs/rules.md) and of the README's tour
print exactly what the docs say they print."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from helpers import doc_section

ROOT = Path(__file__).resolve().parent.parent
RULES = doc_section("rules core")
TOUR = doc_section("tour")
SECTIONS = {"rules core": RULES, "tour": TOUR}
EXAMPLES = [(name, command, expected) for name, text in SECTIONS.items()
            for command, expected in re.findall(r"`(ghcli [^`]+)` prints:\s*```text\n(.*?)```", text, re.S)]


def test_the_rules_core_section_has_its_worked_examples_and_the_tour_its_two():
    assert sum(name == "rules core" for name, _, _ in EXAMPLES) >= 3
    assert "proximity" in RULES and "wall" in RULES
    tour = [command.split()[2] for name, command, _ in EXAMPLES if name == "tour"]
    assert tour == ["focus", "los"]  # one focus example and one line-of-sight example


@pytest.mark.parametrize("name, command, expected", EXAMPLES, ids=[c for _, c, _ in EXAMPLES])
def test_doc_example_prints_what_it_says(cli, tmp_path, name, command, expected):
    args = shlex.split(command)[1:]
    # A board typed in the section (a ```text block starting "board:") just before the command.
    text = SECTIONS[name]
    before = text[:text.index(f"`{command}`")]
    boards = re.findall(r"```text\n(board:.*?)```", before, re.S)
    for i, arg in enumerate(args):
        if arg.endswith(".txt"):
            path = tmp_path / arg
            path.write_text(boards[-1], encoding="utf-8")
            args[i] = str(path)
        elif arg.startswith("tests/"):
            args[i] = str(ROOT / arg)
    r = cli(*args)
    assert r.exit_code == 0, r.output
    assert r.stdout.rstrip() == expected.rstrip()
