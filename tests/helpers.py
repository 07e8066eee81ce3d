"""Helpers shared by the campaign tests (imported as ``from helpers import ...``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def snapshot(path) -> tuple[bytes, list[str]]:
    """The database file's bytes (after folding the WAL into the file) and its SQL dump."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    dump = list(conn.iterdump())
    conn.close()
    return Path(path).read_bytes(), dump


def run_ok(cli, *args):
    """Run ghcli in-process and insist on success."""
    r = cli(*args)
    assert r.exit_code == 0, (args, r.output)
    return r


def set_sql(db_file, sql: str, *params) -> None:
    """Set up a state directly in the database (for cases the CLI reaches only slowly)."""
    con = sqlite3.connect(db_file)
    con.execute(sql, params)
    con.commit()
    con.close()


def dump(path) -> list[str]:
    """The database's SQL dump but for this machine's own bookkeeping (sync settings, when
    each migration ran): what must be equal on every machine of a group, and to a replay."""
    conn = sqlite3.connect(path)
    try:
        return [line for line in conn.iterdump()
                if '"sync_state"' not in line and not line.startswith('INSERT INTO "_sqlite_migrations"')]
    finally:
        conn.close()
