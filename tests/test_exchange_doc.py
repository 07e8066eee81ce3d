"""Issue 12: docs/exchange.md's worked example and error examples run as written; the README links it
and the campaign's command table (docs/campaign.md) lists its commands."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from exchange_helpers import GAME_A, _edit, dump, game_a
from helpers import SHELL_ONLY

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "exchange.md"


def worked_example() -> list[tuple[list[str], int]]:
    text = DOC.read_text(encoding="utf-8")
    steps = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            if SHELL_ONLY.match(line):
                continue
            command, _, comment = line.partition("#")
            words = shlex.split(command)
            if words:
                assert words[0] == "ghcli", line
                m = re.match(r"\s*exit (\d+)", comment)
                steps.append((words[1:], int(m.group(1)) if m else 0))
    return steps


def test_worked_example_runs_and_says_what_happens(cli, db_file, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    steps = worked_example()
    assert {s[0][0] for s in steps} >= {"init", "scenario", "campaign", "character", "event", "export"}
    for args, code in steps:
        before = dump(db_file) if code and db_file.exists() else None
        r = cli(*args)
        assert r.exit_code == code, (args, r.output)
        if code:
            assert dump(db_file) == before  # a refusal changes nothing
    st = json.loads(cli("status", "--json").stdout)
    assert st["prosperity"]["checkmarks"] == 3 and st["prosperity"]["level"] == 1
    assert st["prosperity"]["to_next_level"] == 1
    assert st["party"]["reputation"] == 3 and st["donations"] == 110
    assert [a["key"] for a in st["achievements"]["party"]] == ["first-steps"]
    assert sorted(s["number"] for s in st["available_scenarios"]) == [3, 5, 6]
    ember = json.loads(cli("character", "show", "Ember", "--json").stdout)
    assert (ember["xp"], ember["gold"], ember["checkmarks"], ember["extra_perks"]) == (50, 40, 4, 1)
    assert (ember["perks_taken"], ember["perks_earned"]) == (0, 2)
    assert [i["number"] for i in ember["items"]] == [12, 90]
    tusk = json.loads(cli("character", "show", "Old Tusk", "--json").stdout)
    assert tusk["retired"] and tusk["quest_fulfilled"] and tusk["level"] == 5 and tusk["xp"] == 210
    shop = {i["number"]: i["copies"] for i in json.loads(cli("shop", "--json").stdout)["items"]}
    assert shop[12] == 3 and 90 not in shop  # item 12 has 4 copies printed
    doc = json.loads((tmp_path / "night-owls.json").read_text())
    road = [r[3] for r in sorted(doc["tables"]["event_decks"]["rows"], key=lambda r: r[2]) if r[1] == "road"]
    assert road[:3] == [12, 5, 30] and 42 in road
    city = [r[3] for r in doc["tables"]["event_decks"]["rows"] if r[1] == "city"]
    assert 42 in city  # the Brute's retirement event
    history = [h["command"] for h in json.loads(cli("history", "--json").stdout)]
    assert len(history) == sum(1 for args, code in steps if code == 0 and args[0] not in ("status", "export"))


def test_error_examples_are_what_ghcli_prints(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shown = [line for line in DOC.read_text(encoding="utf-8").splitlines() if line.startswith("error: ")]
    files = {
        "fh.json": (ROOT / "tests" / "ghs_refused" / "fh-data-dump.json").read_text(),
        "class.json": json.dumps(_edit(game_a(), "characters.0.name", "demolitionist")),
        "item.json": json.dumps(_edit(game_a(), "characters.1.progress.items.0", {"name": "999", "edition": "gh"})),
        "lumberjacks.json": GAME_A.read_text()[:5000],
        "other.json": json.dumps({"name": "My Deck", "cards": [1, 2]}),
    }
    printed = []
    for name, text in files.items():
        (tmp_path / name).write_text(text)
        r = cli("import", name)
        assert r.exit_code == 2
        printed.append(r.stderr.strip())
    assert len(shown) == len(printed)
    for line in shown:
        assert line in printed, line


def test_the_docs_link_the_page_and_list_the_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/exchange.md)" in readme
    campaign = (ROOT / "docs" / "campaign.md").read_text(encoding="utf-8")
    assert "(exchange.md)" in campaign
    rows = [line for line in campaign.splitlines() if line.startswith("| `ghcli")]
    for command in ("ghcli export", "ghcli import", "ghcli scenario complete", "ghcli character give",
                    "ghcli character new ... --retired", "ghcli campaign donations", "ghcli event deck set"):
        assert any(f"`{command}" in row for row in rows), command


def test_commands_in_the_table_exist(cli):
    table = DOC.read_text(encoding="utf-8").split("## Export and import", 1)[0]
    for cmd in re.findall(r"^\| `ghcli ([a-z -]+?)[ `]", table, flags=re.M):
        words = cmd.split()
        words = [w for w in words if not w.isupper()]
        r = cli(*words[:2] if words[0] in ("scenario", "character", "campaign") else words[:3] if words[0] == "event"
                else words[:1], "--help")
        assert r.exit_code == 0, (cmd, r.output)
