"""Issue 12: `ghcli export` / `ghcli import` of ghcli's own format, lossless.

Export, import into a new file: the two databases' SQL dumps are identical
(every table, history, undo log, migrations), and undo goes on exactly as in
the original. The docs' walkthroughs (the ```sh blocks of docs/campaign.md and
docs/between-sessions.md that tests/test_readme_*.py run) are the campaigns used, and an Arkham one
(docs/arkham.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from exchange_helpers import dump
from helpers import arkham_walkthrough, between_walkthrough, campaign_walkthrough, tour_walkthrough


def _play(cli, db, commands):
    for args in commands:
        r = cli("--db", str(db), *args)
        assert r.exit_code == 0, (args, r.output)


def _round_trip(cli, tmp_path, db, *flags) -> Path:
    out, copy = tmp_path / "campaign.json", tmp_path / "copy.db"
    r = cli("--db", str(db), "export", "-o", str(out), *flags)
    assert r.exit_code == 0, r.output
    doc = json.loads(out.read_text())
    assert doc["format"] == "ghcli-campaign" and doc["version"] == 1
    r = cli("--db", str(copy), "import", str(out))
    assert r.exit_code == 0, r.output
    assert dump(copy) == dump(db)
    return copy


@pytest.mark.parametrize("walk", [campaign_walkthrough, between_walkthrough, tour_walkthrough],
                         ids=["campaign", "between sessions", "tour"])
def test_readme_walkthrough_round_trips(cli, tmp_path, walk):
    db = tmp_path / "walk.db"
    _play(cli, db, walk())
    copy = _round_trip(cli, tmp_path, db)
    # undo goes on exactly: the undo log and the hidden rowids came across
    for _ in range(3):
        a, b = cli("--db", str(db), "undo"), cli("--db", str(copy), "undo")
        assert (a.exit_code, a.stdout) == (b.exit_code, b.stdout)
        assert dump(copy) == dump(db)


def test_arkham_walkthrough_round_trips(cli, tmp_path):
    db = tmp_path / "arkham.db"
    for args, code in arkham_walkthrough():
        assert cli("--db", str(db), *args).exit_code == code, args
    out = tmp_path / "arkham.json"
    assert cli("--db", str(db), "export", "-o", str(out)).exit_code == 0
    assert json.loads(out.read_text())["kind"] == "arkham"
    copy = tmp_path / "arkham-copy.db"
    assert cli("--db", str(copy), "import", str(out)).exit_code == 0
    assert dump(copy) == dump(db)
    status = cli("--db", str(copy), "arkham", "status", "--json")
    assert status.exit_code == 0 and json.loads(status.stdout)


def test_arkham_default_places(cli, tmp_path, monkeypatch):
    """--arkham exports $GHCLI_ARKHAM_DB; an Arkham file imports to $GHCLI_ARKHAM_DB without --db."""
    monkeypatch.setenv("GHCLI_ARKHAM_DB", str(tmp_path / "ark.db"))
    assert cli("arkham", "init", "--name", "Dunwich").exit_code == 0
    r = cli("export", "--arkham")
    assert r.exit_code == 0 and json.loads(r.stdout)["kind"] == "arkham"
    (tmp_path / "ark.json").write_text(r.stdout)
    monkeypatch.setenv("GHCLI_ARKHAM_DB", str(tmp_path / "ark2.db"))
    assert cli("import", str(tmp_path / "ark.json")).exit_code == 0
    assert dump(tmp_path / "ark2.db") == dump(tmp_path / "ark.db")


def test_export_to_standard_output(cli, db_file):
    assert cli("init", "--seed", "1").exit_code == 0
    doc = json.loads(cli("export").stdout)
    assert set(doc["tables"]) >= {"campaign", "history", "undo_log", "_sqlite_migrations", "characters"}
    assert doc["tables"]["history"]["rows"][0][3] == "init"  # [rowid, id, at, command, summary]


def test_import_refuses_an_existing_campaign(cli, tmp_path, db_file):
    assert cli("init").exit_code == 0
    out = tmp_path / "c.json"
    assert cli("export", "-o", str(out)).exit_code == 0
    before = db_file.read_bytes()
    r = cli("import", str(out))
    assert r.exit_code == 1 and "already exists" in r.stderr
    assert db_file.read_bytes() == before


def test_tables_of_later_migrations_travel(cli, tmp_path):
    """A table another helper adds (here a command log with AUTOINCREMENT) needs no change to export."""
    from ghcli.campaign import db as dbmod

    def command_log(db):
        db.execute("CREATE TABLE command_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, argv TEXT NOT NULL, blob BLOB)")

    old = tmp_path / "old.json"
    src = tmp_path / "src.db"
    assert cli("--db", str(src), "init", "--seed", "5").exit_code == 0
    assert cli("--db", str(src), "export", "-o", str(old)).exit_code == 0  # before the migration
    dbmod.GHCLI_MIGRATIONS.append(("0002_test_command_log", command_log))
    try:
        assert cli("--db", str(src), "status").exit_code == 0  # migrates
        import sqlite3

        con = sqlite3.connect(src)
        con.executemany("INSERT INTO command_log (argv, blob) VALUES (?, ?)",
                        [("status", None), ("travel 1", b"\x00\xff"), ("x", None)])
        con.execute("DELETE FROM command_log WHERE argv = 'x'")  # sqlite_sequence stays at 3
        con.commit()
        con.close()
        _round_trip(cli, tmp_path, src)
        # an export made before the migration imports and is brought up to date
        older = tmp_path / "older.db"
        assert cli("--db", str(older), "import", str(old)).exit_code == 0
        assert "command_log" in "\n".join(dump(older))
    finally:
        dbmod.GHCLI_MIGRATIONS.remove(("0002_test_command_log", command_log))
    # and a file from a newer ghcli is refused, leaving nothing behind
    newer = tmp_path / "newer.db"
    r = cli("--db", str(newer), "import", str(tmp_path / "campaign.json"))
    assert r.exit_code == 2 and "'0002_test_command_log'" in r.stderr and "newer ghcli" in r.stderr
    assert not newer.exists()


def test_json_reports(cli, tmp_path):
    db, out = tmp_path / "a.db", tmp_path / "a.json"
    assert cli("--db", str(db), "init", "--name", "Our Gloomhaven").exit_code == 0
    r = cli("--db", str(db), "export", "-o", str(out), "--json")
    assert r.exit_code == 0 and json.loads(r.stdout) == {
        "output": str(out), "format": "ghcli", "kind": "ghcli", "from": str(db)}
    r = cli("--db", str(tmp_path / "b.db"), "import", str(out), "--json")
    rep = json.loads(r.stdout)
    assert rep["dropped"] == [] and rep["imported"]["campaign"] == "Our Gloomhaven"
    assert rep["imported"]["tables"]["history"] == 1 and rep["imported"]["tables"]["parties"] == 1


def test_a_failed_import_leaves_the_target_as_it_was(cli, tmp_path, monkeypatch):
    """The database is built aside and linked into place only when whole (a crash half-way leaves no half campaign)."""
    from ghcli.campaign.exchange import native

    src, out, target = tmp_path / "src.db", tmp_path / "src.json", tmp_path / "target.db"
    assert cli("--db", str(src), "init").exit_code == 0
    assert cli("--db", str(src), "export", "-o", str(out)).exit_code == 0
    seen = []

    def boom(store, doc):
        seen.append(sorted(p.name for p in tmp_path.iterdir()))
        raise KeyboardInterrupt  # as if the process were stopped half-way

    monkeypatch.setattr(native, "_copy_rows", boom)
    cli("--db", str(target), "import", str(out))
    assert seen and "target.db" not in seen[0]  # the build happens beside it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["src.db", "src.json"]
    target.touch()  # an empty --db file is no campaign: the import may use it
    monkeypatch.undo()
    assert cli("--db", str(target), "import", str(out)).exit_code == 0
    assert dump(target) == dump(src)
