"""The ghcli campaign document: a whole database as one versioned JSON object.

``{"format": "ghcli-campaign", "version": 1, "kind": "ghcli"|"arkham",
"exported": ISO time, "migrations": [names applied], "tables": {NAME:
{"columns": [...], "rowid": bool, "rows": [[rowid?, value, ...], ...]}},
"sqlite_sequence": {NAME: N}}``.

Generic over the tables: every table in ``sqlite_master`` except SQLite's own
(``sqlite_*``) travels, with its hidden rowid where it has one (the undo log
names rows by rowid), so tables added by later migrations (a command log,
solo completions) need no change here. That includes ``history``,
``undo_log`` and the migrations table: after an import, ``undo`` goes on
exactly where it was, and the two databases' SQL dumps are identical.

Values are JSON scalars; a BLOB is ``{"$blob": "<hex>"}``.

Import builds the schema from this ghcli's own migrations (the ones the file
names; a migration this ghcli does not know means a newer ghcli wrote it),
checks that every table and column matches, copies the rows with the
triggers lifted (so nothing is logged twice), then applies any later
migrations. It is one transaction, and a refusal leaves no file behind.
"""

from __future__ import annotations

import datetime
import sqlite3
from pathlib import Path
from typing import Any

from ghcli.campaign.db import MIGRATIONS_TABLE, Migration, Store
from ghcli.errors import BadInput

FORMAT = "ghcli-campaign"
VERSION = 1


def migration_sets() -> dict[str, tuple[list[Migration], str]]:
    """Campaign kinds ghcli keeps: {set name: (migrations, kind in words)}."""
    from ghcli.campaign.arkham import ARKHAM_MIGRATIONS, KIND as ARKHAM_KIND
    from ghcli.campaign.db import GHCLI_MIGRATIONS

    return {"ghcli": (GHCLI_MIGRATIONS, "campaign"), "arkham": (ARKHAM_MIGRATIONS, ARKHAM_KIND)}


def database_kind(path: str | Path) -> str | None:
    """The migration set of an existing database file ('ghcli', 'arkham'), or None."""
    path = Path(path)
    if not path.is_file():
        return None
    # Nobody has it open (no -wal, no -shm): read it as it lies, leaving no -wal/-shm beside it.
    idle = not any(Path(f"{path}{s}").exists() for s in ("-wal", "-shm"))
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro" + ("&immutable=1" if idle else ""), uri=True)
        try:
            row = conn.execute(f"SELECT migration_set FROM {MIGRATIONS_TABLE} ORDER BY rowid LIMIT 1").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return None
    return row[0] if row else None


def open_store(path: str | Path, set_name: str = "ghcli") -> Store:
    """Open the database to export (the same checks and messages as every command)."""
    if set_name == "arkham":
        from ghcli.campaign import arkham

        return arkham.open_store(path)
    return Store.open(path)


# -- export ------------------------------------------------------------------


def _tables(store: Store) -> list[str]:
    return [r[0] for r in store.tuples(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")]


def _columns(store: Store, table: str) -> list[str]:
    return [r[1] for r in store.tuples(f'PRAGMA table_info("{_q(table)}")')]


def _has_rowid(store: Store, table: str) -> bool:
    try:
        store.tuples(f'SELECT rowid FROM "{_q(table)}" LIMIT 0')
    except sqlite3.OperationalError:
        return False  # WITHOUT ROWID
    return True


def _q(name: str) -> str:
    return name.replace('"', '""')


def _encode(value: Any) -> Any:
    return {"$blob": value.hex()} if isinstance(value, (bytes, bytearray, memoryview)) else value


def _decode(value: Any, where: str) -> Any:
    if isinstance(value, dict):
        if set(value) == {"$blob"} and isinstance(value["$blob"], str):
            try:
                return bytes.fromhex(value["$blob"])
            except ValueError:
                raise BadInput(f"{where}: {value['$blob'][:20]!r} is not hexadecimal") from None
        raise BadInput(f"{where}: {str(value)[:40]} is not a value a table holds")
    if isinstance(value, list):
        raise BadInput(f"{where}: a list is not a value a table holds")
    if isinstance(value, bool):
        return int(value)
    return value


def export_document(store: Store) -> dict:
    """The whole database as the ghcli campaign document (one consistent read)."""
    with store.snapshot():
        tables: dict[str, dict] = {}
        for table in _tables(store):
            cols = _columns(store, table)
            rowid = _has_rowid(store, table)
            select = ", ".join(f'"{_q(c)}"' for c in cols)
            sql = (f'SELECT rowid, {select} FROM "{_q(table)}" ORDER BY rowid' if rowid
                   else f'SELECT {select} FROM "{_q(table)}"')
            rows = [[_encode(v) for v in r] for r in store.tuples(sql)]
            tables[table] = {"columns": cols, "rowid": rowid, "rows": rows}
        sequence = {}
        if store.value("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'"):
            sequence = {r[0]: r[1] for r in store.tuples("SELECT name, seq FROM sqlite_sequence ORDER BY name")}
        migrations = [r[0] for r in store.tuples(
            f"SELECT name FROM {MIGRATIONS_TABLE} WHERE migration_set = ? ORDER BY rowid", [store.set_name])]
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": store.set_name,
        "exported": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "migrations": migrations,
        "tables": tables,
        "sqlite_sequence": sequence,
    }


# -- import ------------------------------------------------------------------


def check_document(doc: dict) -> tuple[str, list[Migration], str]:
    """The document's campaign kind, the migrations to build its schema with, and the kind in words."""
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise BadInput(f"version: {version!r} is not a format version (expected {VERSION})")
    if version > VERSION:
        raise BadInput(f"version: {version} was written by a newer ghcli (this one reads version {VERSION})")
    if version < 1:
        raise BadInput(f"version: {version} is not a format version (expected {VERSION})")
    sets = migration_sets()
    set_name = doc.get("kind", "ghcli")
    if set_name not in sets:
        raise BadInput(f"kind: {set_name!r} is not a campaign kind ghcli keeps ({', '.join(sets)})")
    migrations, words = sets[set_name]
    names = doc.get("migrations")
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise BadInput(f"migrations: {str(names)[:40]} is not a list of migration names")
    known = [name for name, _ in migrations]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise BadInput(f"migrations: {unknown[-1]!r} is unknown here: a newer ghcli wrote this file; upgrade ghcli")
    if not isinstance(doc.get("tables"), dict):
        raise BadInput("tables: missing or not an object (a truncated file?)")
    wanted = set(names)
    return set_name, [m for m in migrations if m[0] in wanted], words


def import_document(doc: dict, path: str | Path) -> dict:
    """Create the database at ``path`` from the document; refuses an existing campaign there.

    Returns {"kind", "path", "campaign" (its name), "tables": {name: rows}}.
    """
    from ghcli.campaign.exchange import newfile

    set_name, subset, words = check_document(doc)

    def build(tmp: Path) -> dict:
        store = Store.create(tmp, set_name=set_name, migrations=subset, kind=words)
        try:
            counts = _copy_rows(store, doc)
            name = store.value("SELECT name FROM campaign LIMIT 1") if "campaign" in counts else None
        finally:
            store.close()
        if len(subset) < len(migration_sets()[set_name][0]):  # an older file: brought up to date
            open_store(tmp, set_name).close()
        return {"kind": set_name, "path": str(path), "campaign": name, "tables": counts}

    return newfile.create(path, build, refuse=lambda p: Store.create(p, set_name=set_name, kind=words))


def _copy_rows(store: Store, doc: dict) -> dict[str, int]:
    tables = doc["tables"]
    target = _tables(store)
    missing = [t for t in target if t not in tables]
    if missing:
        raise BadInput(f"tables: {missing[0]!r} is missing (a truncated or edited file?)")
    extra = [t for t in tables if t not in target]
    if extra:
        raise BadInput(f"tables: {extra[0]!r} is not a table of this campaign's schema")
    counts: dict[str, int] = {}
    with store.batch():
        db = store.db
        db.execute("PRAGMA defer_foreign_keys = ON")
        triggers = [(r[0], r[1]) for r in store.tuples(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY rowid")]
        for name, _ in triggers:
            db.execute(f'DROP TRIGGER "{_q(name)}"')
        for table in target:
            counts[table] = _insert_table(store, table, tables[table])
        sequence = doc.get("sqlite_sequence") or {}
        if not isinstance(sequence, dict):
            raise BadInput("sqlite_sequence: not an object")
        if sequence:
            if not store.value("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'"):
                raise BadInput("sqlite_sequence: this campaign's schema has no AUTOINCREMENT table")
            db.execute("DELETE FROM sqlite_sequence")
            for name, seq in sequence.items():
                db.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", [name, seq])
        for name, sql in triggers:
            if not name.startswith("undo_"):
                db.execute(sql)
        store._install_undo_triggers()
        bad = store.tuples("PRAGMA foreign_key_check")
        if bad:
            raise BadInput(f"tables.{bad[0][0]}: row {bad[0][1]} refers to a missing row of {bad[0][2]}")
    return counts


def _insert_table(store: Store, table: str, data: Any) -> int:
    where = f"tables.{table}"
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
        raise BadInput(f"{where}: not an object with rows (a truncated file?)")
    cols = _columns(store, table)
    if data.get("columns") != cols:
        raise BadInput(f"{where}.columns: {data.get('columns')} does not match this ghcli's table ({', '.join(cols)})")
    rowid = _has_rowid(store, table)
    if bool(data.get("rowid")) != rowid:
        raise BadInput(f"{where}.rowid: {data.get('rowid')!r} does not match this ghcli's table")
    names = (["rowid"] if rowid else []) + [f'"{_q(c)}"' for c in cols]
    width = len(names)
    sql = f'INSERT INTO "{_q(table)}" ({", ".join(names)}) VALUES ({", ".join("?" * width)})'
    db = store.db
    db.execute(f'DELETE FROM "{_q(table)}"')
    for i, row in enumerate(data["rows"]):
        if not isinstance(row, list) or len(row) != width:
            raise BadInput(f"{where}.rows[{i}]: {str(row)[:40]} is not a row of {width} values")
        values = [_decode(v, f"{where}.rows[{i}]") for v in row]
        try:
            db.execute(sql, values)
        except (sqlite3.IntegrityError, OverflowError) as e:
            raise BadInput(f"{where}.rows[{i}]: {str(row)[:60]} cannot be stored ({e})") from None
    return len(data["rows"])
