"""Issue 12 and issue 30: `ghcli export` / `ghcli import` of ghcli's own format, lossless.

A ghcli export carries the campaign's journal (every entry's document, its author, its number) and
its tables. Import replays the entries, each checked as any received entry, and the result must be
the file's tables: the two databases' SQL dumps are identical (every table, the journal, the row
changes, the migrations), and undo goes on exactly as in the original. The docs' walkthroughs (the
```sh blocks of docs/campaign.md and docs/between-sessions.md that tests/test_readme_*.py run) are the
campaigns used, and an Arkham one (docs/arkham.md).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from exchange_helpers import dump
from helpers import arkham_walkthrough, between_walkthrough, campaign_walkthrough, state_dump, tour_walkthrough


def _play(cli, db, commands):
    for args in commands:
        r = cli("--db", str(db), *args)
        assert r.exit_code == 0, (args, r.output)


def _round_trip(cli, tmp_path, db, *flags) -> Path:
    out, copy = tmp_path / "campaign.json", tmp_path / "copy.db"
    r = cli("--db", str(db), "export", "-o", str(out), *flags)
    assert r.exit_code == 0, r.output
    doc = json.loads(out.read_text())
    assert doc["format"] == "ghcli-campaign" and doc["version"] == 2
    assert set(doc) == {"format", "version", "kind", "exported", "ghcli", "journal", "migrated", "tables"}
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
    # undo goes on exactly: the row changes came across (rebuilt by the replay, not copied)
    for _ in range(3):
        a, b = cli("--db", str(db), "undo"), cli("--db", str(copy), "undo")
        assert (a.exit_code, a.stdout) == (b.exit_code, b.stdout)
        assert state_dump(copy) == state_dump(db)


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
    assert set(doc["tables"]) >= {"campaign", "characters", "event_decks"}
    # the journal's own tables and this machine's bookkeeping never travel as tables
    assert not set(doc["tables"]) & {"journal", "changes", "current", "sync_state", "_sqlite_migrations"}
    (entry,) = doc["journal"]["entries"]
    assert entry["seq"] == 1 and entry["applied"] is True and json.loads(entry["document"])["command"] == "init"


def test_sync_settings_never_travel(cli, tmp_path, db_file):
    """A friend's export does not bind the new campaign to the friend's remote (issue 29)."""
    from ghcli.campaign.kind import Store

    assert cli("init").exit_code == 0
    store = Store.open(db_file)
    store.set_sync_settings(remote="/elsewhere/group.git", player="Friend")
    store.close()
    out = tmp_path / "c.json"
    assert cli("export", "-o", str(out)).exit_code == 0
    assert "/elsewhere/group.git" not in out.read_text()
    assert cli("--db", str(tmp_path / "new.db"), "import", str(out)).exit_code == 0
    new = Store.open(tmp_path / "new.db")
    assert new.sync_setting("remote") is None and new.rows("SELECT * FROM sync_state") == []
    new.close()


def test_import_refuses_an_existing_campaign(cli, tmp_path, db_file):
    assert cli("init").exit_code == 0
    out = tmp_path / "c.json"
    assert cli("export", "-o", str(out)).exit_code == 0
    before = db_file.read_bytes()
    r = cli("import", str(out))
    assert r.exit_code == 1 and "already exists" in r.stderr
    assert db_file.read_bytes() == before


def test_tables_of_later_migrations_travel(cli, tmp_path):
    """A table a later migration adds needs no change to export; an older export imports into it."""
    from ghcli.campaign import kind as gh_kind

    def command_log(db):
        db.execute("CREATE TABLE command_log (seq INTEGER PRIMARY KEY, argv TEXT NOT NULL)")

    old = tmp_path / "old.json"
    src = tmp_path / "src.db"
    assert cli("--db", str(src), "init", "--seed", "5").exit_code == 0
    assert cli("--db", str(src), "character", "new", "Ann", "--class", "brute").exit_code == 0
    assert cli("--db", str(src), "export", "-o", str(old)).exit_code == 0  # before the migration
    gh_kind.GHCLI_MIGRATIONS.append(("0099_test_command_log", command_log))
    try:
        assert cli("--db", str(src), "status").exit_code == 0  # migrates
        assert cli("--db", str(src), "character", "adjust", "Ann", "--gold", "+2").exit_code == 0
        copy = _round_trip(cli, tmp_path, src)
        assert "command_log" in "\n".join(dump(copy))
        # an export made before the migration imports and is brought up to date
        older = tmp_path / "older.db"
        assert cli("--db", str(older), "import", str(old)).exit_code == 0
        assert "command_log" in "\n".join(dump(older))
    finally:
        gh_kind.GHCLI_MIGRATIONS.remove(("0099_test_command_log", command_log))
    # and a file from a newer ghcli is refused, leaving nothing behind
    newer = tmp_path / "newer.db"
    r = cli("--db", str(newer), "import", str(tmp_path / "campaign.json"))
    assert r.exit_code == 2 and "'0099_test_command_log'" in r.stderr and "newer ghcli" in r.stderr
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
    assert rep["imported"]["entries"] == 1 and rep["imported"]["tables"]["parties"] == 1


def test_a_failed_import_leaves_the_target_as_it_was(cli, tmp_path, monkeypatch):
    """The database is built aside and linked into place only when whole (a crash half-way leaves no half campaign)."""
    from ghcli.journal import replay

    src, out, target = tmp_path / "src.db", tmp_path / "src.json", tmp_path / "target.db"
    assert cli("--db", str(src), "init").exit_code == 0
    assert cli("--db", str(src), "export", "-o", str(out)).exit_code == 0
    seen = []

    def boom(*_args, **_kw):
        seen.append(sorted(p.name for p in tmp_path.iterdir()))
        raise KeyboardInterrupt  # as if the process were stopped half-way

    monkeypatch.setattr(replay, "replay", boom)
    cli("--db", str(target), "import", str(out))
    assert seen and "target.db" not in seen[0]  # the build happens beside it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["src.db", "src.json"]
    target.touch()  # an empty --db file is no campaign: the import may use it
    monkeypatch.undo()
    assert cli("--db", str(target), "import", str(out)).exit_code == 0
    assert dump(target) == dump(src)


def test_an_older_ghcli_export_imports_as_checked_tables(cli, tmp_path):
    """A version-1 export (ghcli 0.1: its undo log was SQL text) comes in as an import entry of its
    checked tables, its history kept as history; its undo_log is never read."""
    fixture = Path(__file__).parent / "journal_fixtures" / "ghcli-0.1-export.json"
    db = tmp_path / "v1.db"
    r = cli("--db", str(db), "import", str(fixture), "--json")
    assert r.exit_code == 0, r.output
    hist = json.loads(cli("--db", str(db), "history", "--json").stdout)
    assert hist[0]["command"] == "import" and hist[0]["applied"] and hist[0]["seq"] == 11
    assert [h["command"] for h in hist[1:]][-1] == "init" and not any(h["applied"] for h in hist[1:])
    status = json.loads(cli("--db", str(db), "status", "--json").stdout)
    assert status["campaign"]["name"] == "Old" and [c["name"] for c in status["characters"]] == ["Ann", "Bob"]
    r = cli("--db", str(db), "undo")
    assert r.exit_code == 1 and "cannot be undone" in r.stderr
    # and it goes on like any campaign: a change, its undo, a lossless export
    assert cli("--db", str(db), "character", "adjust", "Ann", "--gold", "+1").exit_code == 0
    assert cli("--db", str(db), "undo").exit_code == 0
    _round_trip(cli, tmp_path, db)
