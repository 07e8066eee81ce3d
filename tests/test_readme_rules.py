"""The README's worked examples of the rules core (issue 5) and the table
commands print exactly what the README says they print."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(name: str) -> str:
    start = README.index(f"<!-- section: {name}")
    return README[start:README.index(f"<!-- end section: {name}", start)]


RULES = section("rules core")
EXAMPLES = re.findall(r"`(ghcli [^`]+)` prints:\s*```text\n(.*?)```", RULES, re.S)


def test_the_rules_core_section_has_its_two_worked_examples():
    assert len(EXAMPLES) >= 2
    assert "proximity" in RULES and "wall" in RULES


@pytest.mark.parametrize("command, expected", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_example_prints_what_it_says(cli, tmp_path, command, expected):
    args = shlex.split(command)[1:]
    # A board typed in the README (a ```text block starting "board:") just before the command.
    before = RULES[:RULES.index(f"`{command}`")]
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
