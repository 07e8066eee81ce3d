"""The skeleton: the command starts, the database machinery is exact."""

from __future__ import annotations

import pytest

from ghcli.campaign.db import DatabaseError, Store


def test_help_lists_every_top_level_command(cli):
    from ghcli.cli import lazy

    r = cli("--help")
    assert r.exit_code == 0
    listed = {line.split()[0] for line in r.output.splitlines() if line.startswith("  ") and line.split()}
    commands = set(lazy.commands())
    assert len(commands) >= 10
    assert commands <= listed, sorted(commands - listed)


def test_change_rolls_back_and_undo_restores(tmp_path):
    s = Store.create(tmp_path / "c.db")
    with s.change("a") as db:
        db["campaign"].insert({"id": 1, "name": "x", "created": "t"})
        db["parties"].insert({"name": "p"})
    before = list(s.db.iterdump())
    with pytest.raises(ZeroDivisionError):
        with s.change("b") as db:
            db.execute("UPDATE parties SET reputation = 5")
            1 / 0
    assert list(s.db.iterdump()) == before
    with s.change("c") as db:
        db.execute("UPDATE parties SET reputation = -3")
        db.execute("DELETE FROM campaign")
        db["supply"].insert({"item": 4, "copies": 2})
    assert s.value("SELECT reputation FROM parties") == -3
    assert s.undo()["command"] == "c"
    assert list(s.db.iterdump()) == before


def test_newer_database_refused(tmp_path):
    s = Store.create(tmp_path / "c.db")
    s.conn.execute(
        "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES ('ghcli', '9999_future', 'now')"
    )
    s.close()
    with pytest.raises(DatabaseError, match="newer ghcli"):
        Store.open(tmp_path / "c.db")


def test_older_database_migrated(tmp_path):
    s = Store.create(tmp_path / "c.db")
    s.close()
    calls = []
    later = [*s.migrations, ("0002_test", lambda db: calls.append(db) or db.execute("CREATE TABLE extra (x)"))]
    s2 = Store.open(tmp_path / "c.db", migrations=later)
    assert calls and s2.value("SELECT count(*) FROM sqlite_master WHERE name = 'extra'") == 1
    # the new table is covered by undo triggers too
    assert s2.value("SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'undo_extra_%'") == 3
