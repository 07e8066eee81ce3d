"""Issue 12: bad files are refused with one line naming the field and the value, exit 2, nothing written."""

from __future__ import annotations

import json

import pytest

from exchange_helpers import GAME_A, _edit, game_a



def _native(cli, tmp_path) -> dict:
    db = tmp_path / "src.db"
    assert cli("--db", str(db), "init", "--seed", "2").exit_code == 0
    assert cli("--db", str(db), "character", "new", "Ann", "--class", "brute", "--quest", "512").exit_code == 0
    return json.loads(cli("--db", str(db), "export").stdout)


def _v1() -> dict:
    """An export of ghcli 0.1 (before the journal): tests/journal_fixtures/ghcli-0.1-export.json."""
    from pathlib import Path

    return json.loads((Path(__file__).parent / "journal_fixtures" / "ghcli-0.1-export.json").read_text())


def _edited_entry(doc: dict) -> dict:
    """Ann renamed Eve inside her entry's document (its id no longer matches, and replaying it makes Eve)."""
    entry = doc["journal"]["entries"][1]
    entry["document"] = entry["document"].replace('"Ann"', '"Eve"')
    return doc


CASES = [
    ("not JSON", lambda cli, t: "hello, world\n", "is not JSON"),
    ("empty", lambda cli, t: "", "is empty"),
    ("a JSON list", lambda cli, t: "[1, 2]", "the JSON is a list"),
    ("a localStorage dump cut short", lambda cli, t: json.dumps(
        {"ghs-game": GAME_A.read_text()[:3000], "ghs-settings": "{}"}), "ghs-game: not JSON"),
    ("deep nesting", lambda cli, t: '{"a":' + "[" * 100000 + "]" * 100000 + "}", "nested too deeply"),
    ("another app's JSON", lambda cli, t: json.dumps({"name": "My Deck", "cards": [1, 2]}),
     "JSON of another app (top-level keys: name, cards)"),
    ("another format", lambda cli, t: json.dumps({"format": "frosthaven-assistant", "version": 3}),
     "format 'frosthaven-assistant'"),
    ("a bare revision", lambda cli, t: json.dumps({"revision": 4, "items": []}), "revision 4 but no party"),
    ("GHS settings", lambda cli, t: json.dumps({"zoom": 100, "locale": "en"}), "GHS settings file"),
    ("truncated GHS export", lambda cli, t: GAME_A.read_text()[:5000], "truncated"),
    ("unknown class id", lambda cli, t: json.dumps(_edit(game_a(), "characters.0.name", "demolitionist")),
     "characters[0].name: unknown GHS class 'demolitionist'"),
    ("unknown item number", lambda cli, t: json.dumps(_edit(game_a(), "characters.1.progress.items.0",
                                                            {"name": "999", "edition": "gh"})),
     "characters[1].progress.items[0].name: unknown item '999'"),
    ("unknown unlocked class", lambda cli, t: json.dumps(_edit(game_a(), "unlockedCharacters", ["gh:hatchet"])),
     "unlockedCharacters[0]: unknown GHS class 'gh:hatchet'"),
    ("unknown scenario", lambda cli, t: json.dumps(_edit(game_a(), "party.scenarios.2.index", "140")),
     "party.scenarios[2].index: unknown scenario '140'"),
    ("a level off the scale", lambda cli, t: json.dumps(_edit(game_a(), "characters.0.level", 12)),
     "characters[0].level: 12 is not a level"),
    ("gold as text", lambda cli, t: json.dumps(_edit(game_a(), "characters.0.progress.gold", "lots")),
     "characters[0].progress.gold: 'lots' is not a whole number"),
    ("a perk the class lacks", lambda cli, t: json.dumps(_edit(game_a(), "characters.0.progress.perks.14", 1)),
     "characters[0].progress.perks[14]: 1, but the Brute has 11 perks"),
    ("unknown personal quest", lambda cli, t: json.dumps(_edit(game_a(), "characters.0.progress.personalQuest", "999")),
     "characters[0].progress.personalQuest: unknown personal quest '999'"),
    ("truncated ghcli export", lambda cli, t: json.dumps(_native(cli, t))[:3000], "truncated"),
    ("ghcli export, newer version", lambda cli, t: json.dumps({**_native(cli, t), "version": 3}),
     "version: 3 was written by a newer ghcli"),
    ("ghcli export, a table missing", lambda cli, t: json.dumps(
        {**(d := _native(cli, t)), "tables": {k: v for k, v in d["tables"].items() if k != "characters"}}),
     "table characters is not in the file"),
    ("ghcli export, a value its entries do not make", lambda cli, t: json.dumps(
        _edit(_native(cli, t), "tables.campaign.rows.0.3", -5)),
     "do not make the file's tables: campaign row 1: prosperity is 0 here, -5 in the file"),
    ("ghcli export, an edited entry", lambda cli, t: json.dumps(_edited_entry(_native(cli, t))),
     "journal.entries[1] (#2 character new) does not replay: its row changes here"),
    ("older ghcli export, a table missing", lambda cli, t: json.dumps(
        {**(d := _v1()), "tables": {k: v for k, v in d["tables"].items() if k != "characters"}}),
     "tables.characters is missing"),
    ("older ghcli export, a value the schema refuses", lambda cli, t: json.dumps(
        _edit(_v1(), "tables.campaign.rows.0.3", -5)), "tables.campaign.rows[0].prosperity: -5 is out of"),
    ("older ghcli export, a broken reference", lambda cli, t: json.dumps(
        _edit(_v1(), "tables.characters.rows.0.2", 77)), "refers to a missing row of parties"),
]


@pytest.mark.parametrize("make, message", [(c[1], c[2]) for c in CASES], ids=[c[0] for c in CASES])
def test_bad_file_refused(cli, tmp_path, make, message):
    bad = tmp_path / "bad.json"
    bad.write_text(make(cli, tmp_path))
    target = tmp_path / "target.db"
    r = cli("--db", str(target), "import", str(bad))
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    assert message in r.stderr
    assert "Traceback" not in r.output
    assert not any(tmp_path.glob("*target.db*")), "a refused import leaves no file (not even a hidden one)"


def test_missing_file(cli, tmp_path):
    r = cli("import", str(tmp_path / "nope.json"))
    assert r.exit_code == 2 and "cannot read" in r.stderr


def test_export_needs_a_campaign(cli, tmp_path):
    r = cli("--db", str(tmp_path / "none.db"), "export")
    assert r.exit_code == 1 and "no campaign" in r.stderr
    assert not (tmp_path / "none.db").exists()


def test_export_bad_format_option(cli, db_file):
    assert cli("init").exit_code == 0
    r = cli("export", "--format", "xml")
    assert r.exit_code == 2 and "--format 'xml'" in r.stderr


def test_not_utf8(cli, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{garbage")
    r = cli("--db", str(tmp_path / "t.db"), "import", str(bad))
    assert r.exit_code == 2 and "not UTF-8" in r.stderr and not (tmp_path / "t.db").exists()
