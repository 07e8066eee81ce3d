"""The journal's tables, the triggers that record row changes as data, and the schema check.

- ``journal``: one row per entry (see ``ghcli.journal`` for the columns).
- ``changes``: the row changes each entry made, as data: ``(n, seq, tbl, op,
  row, old, new)`` (``n`` orders them), ``op`` one of ``i`` (inserted), ``u`` (updated), ``d``
  (deleted), ``old``/``new`` the row's columns in schema order as a JSON array
  (``json_array`` of the columns, made by SQLite). Nothing stored is SQL.
- ``current``: one row holding the seq of the entry being applied (NULL when
  none is): the triggers read it, so a change made outside an entry (a
  migration, a revert for a sync's rebase, loading a snapshot) is not recorded;
  and the highest seq ever given (``last``), so that none is given twice.
- ``sync_state``: this machine's sync settings (never exported, never undone).

:func:`check` compares a file's schema (tables, indexes, triggers, views, and
their SQL) with what the migrations it records make (built in memory once per
process); a file whose recorded migrations lie is refused with a true sentence.
"""

from __future__ import annotations

import functools
import sqlite3
from typing import Any, Sequence

MIGRATIONS_TABLE = "_sqlite_migrations"
# Tables no trigger records (the journal's own and this machine's bookkeeping).
UNRECORDED = frozenset({"journal", "changes", "current", "sync_state", MIGRATIONS_TABLE, "history", "undo_log"})
TRIGGER_PREFIX = "journal_"

MIGRATIONS_DDL = ('CREATE TABLE "_sqlite_migrations" (\n   "id" INTEGER PRIMARY KEY,\n   "migration_set" TEXT,\n'
                  '   "name" TEXT,\n   "applied_at" TEXT\n)')
MIGRATIONS_INDEX = ('CREATE UNIQUE INDEX "idx__sqlite_migrations_migration_set_name"\n'
                    '    ON "_sqlite_migrations" ("migration_set", "name")')

JOURNAL_DDL = """
CREATE TABLE journal (
    seq        INTEGER PRIMARY KEY,                -- local order, never reused (current.last: the highest given)
    id         TEXT UNIQUE,                        -- sha256 of the document (hex)
    command    TEXT NOT NULL,                      -- the registered command: the one name history shows
    summary    TEXT NOT NULL DEFAULT '',
    args       TEXT,                               -- JSON, as in the document
    draws      TEXT,                               -- JSON, as in the document
    at         TEXT NOT NULL,                      -- shown, never used to order
    version    TEXT NOT NULL,                      -- the ghcli that made the document
    player     TEXT NOT NULL,                      -- the author: the local player, or git's for a received entry
    state      TEXT NOT NULL CHECK (state IN ('accepted', 'local', 'queued', 'held', 'dropped')),
    applied    INTEGER NOT NULL DEFAULT 1 CHECK (applied IN (0, 1)),  -- 0: history only (not applied here)
    undone_by  INTEGER,                            -- seq of the entry in effect that reverted it
    reason     TEXT,                               -- why queued, held or dropped
    document   TEXT                                -- the canonical bytes (UTF-8): the id re-checks, a sync re-sends
);
CREATE INDEX journal_waiting ON journal(state) WHERE state != 'accepted';  -- flat counts of what waits
CREATE TABLE changes (
    n     INTEGER PRIMARY KEY,                     -- the order of every row change (an entry's are consecutive)
    seq   INTEGER NOT NULL,                        -- the entry's (journal.seq): written once the entry is whole
    tbl   TEXT NOT NULL,
    op    TEXT NOT NULL CHECK (op IN ('i', 'u', 'd')),
    row   INTEGER NOT NULL,
    old   TEXT,
    new   TEXT
);
CREATE INDEX changes_seq ON changes(seq);
CREATE TABLE current (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    seq   INTEGER,                    -- the entry being applied (NULL: none)
    last  INTEGER NOT NULL DEFAULT 0  -- the highest seq ever given: a seq is never given twice
);
INSERT INTO current (id, seq, last) VALUES (1, NULL, 0);
CREATE TABLE IF NOT EXISTS sync_state (key TEXT PRIMARY KEY, value TEXT);
"""


class MigrationDB:
    """What a migration function gets: ``execute`` and ``executescript`` (run statement by
    statement, inside the migration's transaction) on the connection (``.conn``)."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def execute(self, sql: str, params: Sequence[Any] = ()):
        return self.conn.execute(sql, params)

    def executescript(self, script: str) -> None:
        for statement in statements(script):
            self.conn.execute(statement)


def statements(script: str) -> list[str]:
    """The SQL statements of a script (sqlite3's executescript would COMMIT the open transaction)."""
    out, buf = [], ""
    for piece in script.split(";"):
        buf += piece + ";"
        if sqlite3.complete_statement(buf):
            if buf.strip(" \t\n;"):
                out.append(buf)
            buf = ""
    return out


def qi(name: str) -> str:
    """An identifier quoted for SQL (the names come from the schema, never from data)."""
    return '"' + name.replace('"', '""') + '"'


def recorded_tables(conn: sqlite3.Connection) -> list[str]:
    """The campaign's tables: every table but SQLite's own and the journal's."""
    return [r[0] for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
        "ORDER BY name").fetchall() if r[0] not in UNRECORDED]


def columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f"PRAGMA table_info({qi(table)})").fetchall()]


def trigger_sql(table: str, cols: list[str]) -> list[tuple[str, str]]:
    """The three triggers that record a table's row changes: [(name, CREATE TRIGGER ...)].

    An update is recorded at the row's new rowid with every column before and after, the id among
    them: undone, the row is set back whole, its id too, so an update that changed a row's id (ghcli
    makes none) needs no trigger of its own. (Until migration ``*_journal_triggers`` a fourth trigger
    recorded such an update as a deletion and an insertion; every file opened keeps the changes it
    recorded that way, and undo reads both.) Three short triggers, not four: SQLite reads every
    trigger's text on each connection's first statement, and the fourth was a third of it."""
    q = qi(table)
    lit = "'" + table.replace("'", "''") + "'"
    old = "json_array(" + ", ".join(f"old.{qi(c)}" for c in cols) + ")"
    new = "json_array(" + ", ".join(f"new.{qi(c)}" for c in cols) + ")"

    def record(op: str, row: str, before: str, after: str) -> str:
        return (f"INSERT INTO changes (seq, tbl, op, row, old, new) SELECT c.seq, {lit}, '{op}', "
                f"{row}, {before}, {after} FROM current c WHERE c.seq IS NOT NULL;")

    names = [TRIGGER_PREFIX + table + suffix for suffix in ("_i", "_u", "_d")]
    return [
        (names[0], f"CREATE TRIGGER {qi(names[0])} AFTER INSERT ON {q} BEGIN "
                   + record("i", "new.rowid", "NULL", new) + " END"),
        (names[1], f"CREATE TRIGGER {qi(names[1])} AFTER UPDATE ON {q} BEGIN "
                   + record("u", "new.rowid", old, new) + " END"),
        (names[2], f"CREATE TRIGGER {qi(names[2])} AFTER DELETE ON {q} BEGIN "
                   + record("d", "old.rowid", old, "NULL") + " END"),
    ]


def install_triggers(conn: sqlite3.Connection) -> None:
    """(Re)make the triggers that record every row change of every campaign table into ``changes``."""
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
        conn.execute(f"DROP TRIGGER {qi(name)}")
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'changes'").fetchone():
        return
    for table in recorded_tables(conn):
        for _, sql in trigger_sql(table, columns(conn, table)):
            conn.execute(sql)


# -- migrations ---------------------------------------------------------------


def applied_migrations(conn: sqlite3.Connection, set_name: str) -> list[str]:
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                        [MIGRATIONS_TABLE]).fetchone():
        return []
    return [r[0] for r in conn.execute(
        f"SELECT name FROM {MIGRATIONS_TABLE} WHERE migration_set = ? ORDER BY rowid", [set_name]).fetchall()]


def other_sets(conn: sqlite3.Connection, set_name: str) -> list[str]:
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                        [MIGRATIONS_TABLE]).fetchone():
        return []
    return [r[0] for r in conn.execute(
        f"SELECT DISTINCT migration_set FROM {MIGRATIONS_TABLE} WHERE migration_set != ?", [set_name]).fetchall()]


def run_migrations(conn: sqlite3.Connection, set_name: str, migrations: Sequence, now: str,
                   triggers: bool = True) -> list[str]:
    """Apply the pending migrations, each in its own transaction with its record; then the triggers.
    Returns the names applied."""
    import datetime

    done = []
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", [MIGRATIONS_TABLE]).fetchone():
        conn.execute(MIGRATIONS_DDL)
        conn.execute(MIGRATIONS_INDEX)
    applied = set(applied_migrations(conn, set_name))
    db = MigrationDB(conn)
    for name, fn in migrations:
        if name in applied:
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            for (trigger,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
                conn.execute(f"DROP TRIGGER {qi(trigger)}")  # a migration's own writes are not recorded
            fn(db)
            stamp = now or str(datetime.datetime.now(datetime.timezone.utc))
            conn.execute(f"INSERT INTO {MIGRATIONS_TABLE} (migration_set, name, applied_at) VALUES (?, ?, ?)",
                         [set_name, name, stamp])
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        done.append(name)
    if not triggers:
        return done
    conn.execute("BEGIN IMMEDIATE")
    try:
        install_triggers(conn)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return done


# -- the schema check ------------------------------------------------------------


def master(conn: sqlite3.Connection) -> dict[tuple[str, str], str | None]:
    """{(type, name): sql} of every schema object but SQLite's own bookkeeping."""
    return {(t, n): s for t, n, s in conn.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").fetchall()}


def expected(kind, names: Sequence[str]) -> dict[tuple[str, str], str | None]:
    """The schema the kind's migrations ``names`` (in order) make, built in memory (cached)."""
    fns = tuple(fn for name, fn in kind.migrations if name in set(names))
    return _build(kind.name, tuple(names), fns)


@functools.lru_cache(maxsize=16)
def _build(set_name: str, names: tuple[str, ...], fns: tuple) -> dict[tuple[str, str], str | None]:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        from ghcli.journal.store import configure

        configure(conn)
        by_name = dict(zip(names, fns))
        run_migrations(conn, set_name, [(n, by_name[n]) for n in names], now="-", triggers=False)
        out = master(conn)
        if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'changes'").fetchone():
            for table in recorded_tables(conn):  # the triggers' text follows from the tables' columns
                out.update({("trigger", name): sql for name, sql in trigger_sql(table, columns(conn, table))})
        return out
    finally:
        conn.close()


#: Per kind and migration list, an in-memory database those migrations made in this process: a new
#: file or work copy of the kind is a copy of it (see :func:`new_schema`).
_NEW_SCHEMA: dict[tuple, sqlite3.Connection] = {}


def new_schema(conn: sqlite3.Connection, kind) -> None:
    """Give the new, empty database ``conn`` the kind's whole schema, as its migrations make it.

    The migrations run once a process, on an in-memory database; each new file (``Store.create``)
    and work copy (``Store.scratch``) is a copy of that one, page for page (SQLite's backup), so it is
    the same schema and rows: some 1 ms a file instead of the 15-20 ms of running the migrations
    again (a process that makes many files: an import into a new file, a sync's joins, the tests).
    The migrations' record says when this process applied them."""
    key = (kind.name, tuple(kind.migrations))
    made = _NEW_SCHEMA.get(key)
    if made is None:
        from ghcli.journal.store import configure

        made = configure(sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False), kind)
        run_migrations(made, kind.name, kind.migrations, now="")
        _NEW_SCHEMA[key] = made
    made.backup(conn)


def digest_of(objects: dict[tuple[str, str], str | None]) -> str:
    """A digest of a schema (every object's type, name and SQL): BLAKE2b of 16 bytes, from the module
    built into Python (``_blake2``): every open of a file computes one, and ``hashlib`` would load
    OpenSSL first (some 3 ms of a command's start-up)."""
    import json

    try:
        from _blake2 import blake2b
    except ImportError:  # a Python without the built-in module
        from hashlib import blake2b
    return blake2b(json.dumps(sorted(objects.items()), separators=(",", ":")).encode(), digest_size=16).hexdigest()


def expected_digest(kind) -> str:
    """The digest of the schema all the kind's migrations make (``Kind.schema_digest`` holds it, so that
    opening a current file needs no schema built in memory)."""
    return digest_of(expected(kind, kind.migration_names))


def describe_mismatch(actual: dict, want: dict, kind, applied: Sequence[str]) -> str | None:
    """A true sentence on how a file's schema differs from what its recorded migrations make, or None."""
    tables_have = {n for (t, n) in actual if t == "table"}
    tables_want = {n for (t, n) in want if t == "table"}
    problems = []
    for name in sorted(tables_have - tables_want):
        problems.append(f"table {name} exists")
    for name in sorted(tables_want - tables_have):
        problems.append(f"table {name} is missing")
    for (t, n), sql in sorted(actual.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        if t == "table" and n not in tables_want:
            continue
        if (t, n) not in want:
            problems.append(f"{t} {n} is not ghcli's")
        elif want[(t, n)] != sql:
            problems.append(f"{t} {n} is not as ghcli makes it")
    for (t, n) in sorted(want):
        if (t, n) not in actual and not (t == "table" and n in tables_want - tables_have):
            problems.append(f"{t} {n} is missing")
    if not problems:
        return None
    missing = [name for name in kind.migration_names if name not in applied]
    recorded = f"{missing[0]} is not recorded" if missing else f"{len(applied)} migrations recorded"
    return f"{', '.join(problems[:3])}; {recorded}"
