"""docs/seed-play.md (issue 18): its examples print what it says, its walkthrough runs as written,
the README's map of the docs links it, and its command table lists the new commands."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from helpers import SHELL_ONLY, doc_section

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "seed-play.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
EXAMPLES = re.findall(r"`(ghcli [^`]+)` prints:\s*```text\n(.*?)```", DOC, re.S)


def test_the_doc_has_an_example_for_each_command():
    commands = " ".join(c for c, _ in EXAMPLES)
    for part in ("dungeon draw", "monster show", "--characters", "rules level", "--monster"):
        assert part in commands


@pytest.mark.parametrize("command, expected", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_doc_example_prints_what_it_says(cli, command, expected):
    r = cli(*shlex.split(command)[1:])
    assert r.exit_code == 0, r.output
    assert r.stdout.rstrip() == expected.rstrip()


def test_the_solo_walkthrough_runs_as_written_and_does_what_it_says(cli):
    block = re.search(r"A walkthrough.*?```sh\n(.*?)```", DOC, re.S).group(1)
    outputs = {}
    for line in block.splitlines():
        if SHELL_ONLY.match(line):
            continue
        args = shlex.split(line)
        assert args[0] == "ghcli"
        r = cli(*args[1:])
        assert r.exit_code == 0, (line, r.output)
        outputs.setdefault(" ".join(args[1:3]), []).append(r.stdout)
    first, second = outputs["solo list"]
    from helpers import table_cells

    cells = " | ".join(" | ".join(row) for row in table_cells(first))
    assert "needs prosperity level 3 (now 1), 2 retired characters in the campaign (now 0), character level 5" in cells
    assert "Corrupted Laboratory" in second and "yes" in second
    cleo = json.loads(cli("character", "show", "Cleo", "--json").stdout)
    assert [i["number"] for i in cleo["items"]] == [136]
    assert (cleo["xp"], cleo["gold"], cleo["checkmarks"]) == (210 + 14 + 10, 90 + 15, 1)
    assert "Solo scenario: Corrupted Laboratory, won 1 of 1" in outputs["character show"][0]
    status = json.loads(cli("status", "--json").stdout)
    assert status["prosperity"] == {"checkmarks": 22, "level": 5, "to_next_level": 8}


def test_the_readme_links_the_doc_and_its_table_lists_the_commands():
    assert "(docs/seed-play.md)" in README
    table = [line for line in doc_section("seed play").splitlines() if line.startswith("| `ghcli")]
    for command in ("ghcli dungeon draw", "ghcli solo list", "ghcli solo finish", "ghcli monster show",
                    "--monster NAME"):
        assert any(command in row for row in table), command


def test_the_sections_commands_run():
    section = doc_section("seed play")
    lines = [ln for block in re.findall(r"```sh\n(.*?)```", section, re.S) for ln in block.splitlines() if ln]
    assert len(lines) == 4
    doc_commands = [c for c, _ in EXAMPLES]
    for line in lines:
        assert line in doc_commands  # the same examples, their output shown (and tested) in the doc
