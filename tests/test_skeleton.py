"""The skeleton: the command starts, the database machinery is exact."""

from __future__ import annotations

import pytest

from ghcli.campaign.kind import Store
from ghcli.journal.store import DatabaseError


def test_help_lists_every_top_level_command(cli):
    from ghcli.cli import lazy

    r = cli("--help")
    assert r.exit_code == 0
    listed = {line.split()[0] for line in r.output.splitlines() if line.startswith("  ") and line.split()}
    commands = set(lazy.commands())
    assert len(commands) >= 10
    assert commands <= listed, sorted(commands - listed)


def test_a_failed_entry_rolls_back_and_undo_restores(tmp_path):
    """One entry, one transaction: a failing command leaves nothing; an undo entry gives the state back."""
    from ghcli.campaign import achievements, history, init, parties
    from ghcli.journal import run
    from ghcli.journal.commands import Command
    from helpers import state_dump

    init.init(tmp_path / "c.db", seed=1)
    s = Store.open(tmp_path / "c.db")
    before = list(s.conn.iterdump())

    def broken(ctx):
        ctx.db.execute("UPDATE parties SET reputation = 5")
        1 / 0

    with pytest.raises(ZeroDivisionError):
        run.typed(s, Command("broken", broken), {})
    assert list(s.conn.iterdump()) == before
    state = state_dump(tmp_path / "c.db")
    parties.change_reputation(s, -3)
    achievements.add_global_achievement(s, "city-rule-economic")
    assert s.value("SELECT reputation FROM parties") == -3
    assert history.undo(s)["command"] == "campaign achievement add"
    assert history.undo(s)["command"] == "party reputation"
    assert state_dump(tmp_path / "c.db") == state
    s.close()


def test_newer_database_refused(tmp_path):
    s = Store.create(tmp_path / "c.db")
    s.conn.execute(
        "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES ('ghcli', '9999_future', 'now')"
    )
    s.close()
    with pytest.raises(DatabaseError, match="newer ghcli"):
        Store.open(tmp_path / "c.db")


def test_older_database_migrated(tmp_path):
    from ghcli.campaign.kind import GHCLI
    from ghcli.journal.kinds import Kind

    s = Store.create(tmp_path / "c.db")
    s.close()
    calls = []
    later = Kind("ghcli", "campaign", [*GHCLI.migrations, ("0099_test", lambda db: calls.append(db) or db.execute(
        "CREATE TABLE extra (x)"))], "ghcli init", functions=GHCLI.functions)
    try:
        s2 = Store.open(tmp_path / "c.db", later)
        assert calls and s2.value("SELECT count(*) FROM sqlite_master WHERE name = 'extra'") == 1
        # the new table's row changes are recorded too
        triggers = "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'journal_extra_%'"
        assert s2.value(triggers) == 3  # inserted, updated, deleted
        s2.close()
    finally:
        from ghcli.journal.kinds import KINDS

        KINDS["ghcli"] = GHCLI
