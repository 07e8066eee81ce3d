"""Snapshot entries: a campaign's tables as checked data.

``{"TABLE": {"columns": [...], "rows": [[rowid, value, ...], ...]}, ...}``:
every campaign table (not the journal's), each row with its rowid, values as
JSON scalars (whole numbers, text, null: never a BLOB, a float, a boolean).

Two commands every kind has:

- ``import {"source": TEXT, "tables": ...}``: the first entry of a campaign
  that came in from a file whose log cannot be replayed (a GHS file, an older
  ghcli's export);
- ``snapshot {"after": ID, "tables": ...}``: the state as data after entry ID.

Applying either to a database without a campaign loads the tables; applied to
one that has the state, it compares (a difference is a refusal naming the first
one). Loading checks every table against this ghcli's schema column by column,
and every value against its column's type, NOT NULL, and the kind's bounds (the
game's range: gold, XP, copies, levels, counts; text lengths); then the SQL
constraints and foreign keys. The journal, the row changes, the indexes,
the sync settings and the migrations are this database's own: never taken
from the data. Their effect digest is the digest of the state.
"""

from __future__ import annotations

import hashlib
import unicodedata
from typing import Any

from ghcli.errors import Refused
from ghcli.journal.entries import BadEntry, canonical
from ghcli.journal.kinds import Bound
from ghcli.journal.schema import qi
from ghcli.journal.store import Done

MAX_ROWS = 200_000
DEFAULT_INT = Bound(-1_000_000, 1_000_000)
DEFAULT_TEXT = Bound(length=200)
ROWID = Bound(1, 2**31 - 1)
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_ALLOWED_FORMAT = {"\u200c", "\u200d"}
NAME_LIMIT = 40


class Tables(dict):
    """The ``tables`` argument: its shape is checked when an entry is read; its values against the
    schema and the bounds when it is applied."""

    @classmethod
    def __ghcli_decode__(cls, v: Any, where: str) -> "Tables":
        if not isinstance(v, dict) or len(v) > 200:
            raise BadEntry(f"argument {where}: not an object of tables")
        total = 0
        for name, table in v.items():
            if not isinstance(name, str) or not isinstance(table, dict) or set(table) != {"columns", "rows"}:
                raise BadEntry(f"argument {where}.{str(name)[:40]}: not a table (columns, rows)")
            cols, rows = table["columns"], table["rows"]
            if not isinstance(cols, list) or not all(isinstance(c, str) for c in cols) or len(cols) > 100:
                raise BadEntry(f"argument {where}.{name[:40]}.columns: not a list of column names")
            if not isinstance(rows, list):
                raise BadEntry(f"argument {where}.{name[:40]}.rows: not a list")
            total += len(rows)
            if total > MAX_ROWS:
                raise BadEntry(f"argument {where}: more than {MAX_ROWS} rows")
            for i, row in enumerate(rows):
                if not isinstance(row, list) or len(row) != len(cols) + 1:
                    raise BadEntry(f"argument {where}.{name[:40]}.rows[{i}]: not a row of {len(cols) + 1} values")
                if not isinstance(row[0], int) or isinstance(row[0], bool):
                    raise BadEntry(f"argument {where}.{name[:40]}.rows[{i}]: its rowid {str(row[0])[:30]!r} is not "
                                   "a whole number")
                for value in row:
                    if not (value is None or isinstance(value, str)
                            or (isinstance(value, int) and not isinstance(value, bool))):
                        raise BadEntry(f"argument {where}.{name[:40]}.rows[{i}]: {str(value)[:30]} is not a "
                                       "whole number, text or null")
        return cls(v)


# -- reading a database's tables ---------------------------------------------------


def tables_of(store) -> dict:
    """Every campaign table of the database as snapshot data (one consistent read)."""
    out = {}
    with store.snapshot():
        for table in store.tables():
            cols = store.columns(table)
            select = ", ".join(qi(c) for c in cols)
            rows = [list(r) for r in store.tuples(f"SELECT rowid, {select} FROM {qi(table)} ORDER BY rowid")]
            out[table] = {"columns": cols, "rows": rows}
    return out


def state_digest(tables: dict) -> str:
    """The digest of a state (tables as data; first 16 hex digits of a sha256)."""
    return hashlib.sha256(canonical(tables).encode("utf-8")).hexdigest()[:16]


# -- checking tables against the schema and the bounds --------------------------------


def _schema(store) -> dict[str, list[tuple[str, str, bool]]]:
    """{table: [(column, declared type, NOT NULL)]} of this database (checked against its migrations)."""
    out = {}
    for table in store.tables():
        out[table] = [(r[1], (r[2] or "").upper(), bool(r[3]))
                      for r in store.tuples(f"PRAGMA table_info({qi(table)})")]
    return out


def check_tables(store, tables: dict) -> None:
    """Every table of the schema, column by column; every value by its type, NOT NULL and bound.
    Raises Refused naming the first value that does not fit (``tables.characters.rows[2].xp: ...``)."""
    bounds = store.kind.bounds
    want = _schema(store)
    missing = [t for t in want if t not in tables]
    if missing:
        raise Refused(f"tables.{missing[0]} is missing (a truncated or edited file?)")
    extra = [t for t in tables if t not in want]
    if extra:
        raise Refused(f"tables.{str(extra[0])[:40]!r} is not a table of this campaign's schema")
    for table, spec in want.items():
        data = tables[table]
        names = [c for c, _, _ in spec]
        if data["columns"] != names:
            raise Refused(f"tables.{table}.columns: {', '.join(map(str, data['columns']))[:80]} do not match "
                          f"this ghcli's table ({', '.join(names)})")
        seen = set()
        for i, row in enumerate(data["rows"]):
            where = f"tables.{table}.rows[{i}]"
            rowid = row[0]
            _check_value(f"{where}.rowid", rowid, "INTEGER", True, ROWID)
            if rowid in seen:
                raise Refused(f"{where}: rowid {rowid} twice")
            seen.add(rowid)
            for (col, typ, notnull), value in zip(spec, row[1:]):
                _check_value(f"{where}.{col}", value, typ, notnull, bounds.get((table, col)))


def _check_value(where: str, value: Any, typ: str, notnull: bool, bound: Bound | None) -> None:
    if value is None:
        if notnull:
            raise Refused(f"{where}: empty, but the column must hold a value")
        return
    if "INT" in typ or (typ == "" and isinstance(value, int)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise Refused(f"{where}: {str(value)[:30]!r} is not a whole number")
        b = bound or DEFAULT_INT
        if b.low is not None and value < b.low or b.high is not None and value > b.high:
            shown = value if abs(value) < 10**12 else f"{str(value)[:6]}... ({len(str(abs(value)))} digits)"
            raise Refused(f"{where}: {shown} is out of the game's range ({b.low} to {b.high})")
        return
    if not isinstance(value, str):
        raise Refused(f"{where}: {value!r} is not text")
    b = bound or DEFAULT_TEXT
    if b.length is not None and len(value) > b.length:
        raise Refused(f"{where}: text of {len(value)} characters (at most {b.length})")
    if _bad_char(value) is not None:
        raise Refused(f"{where}: the text holds a control character (U+{ord(_bad_char(value)):04X})")


def _bad_char(text: str) -> str | None:
    return next((ch for ch in text if unicodedata.category(ch) in _REFUSED_CATEGORIES
                 and ch not in _ALLOWED_FORMAT), None)


def clean_tables(kind, tables: dict) -> tuple[dict, list[dict]]:
    """Names cut to the typed-name limits (no control characters, at most 40 characters) and long text
    cut to its column's length, with a report ``[{"path", "why"}]``: what an importer does before it
    makes the import entry (which is then checked strictly)."""
    report = []
    out = {}
    for table, data in tables.items():
        cols = data.get("columns") if isinstance(data, dict) else None
        rows = data.get("rows") if isinstance(data, dict) else None
        if not isinstance(cols, list) or not isinstance(rows, list):
            out[table] = data
            continue
        new_rows = []
        for i, row in enumerate(rows):
            if not isinstance(row, list) or len(row) != len(cols) + 1:
                new_rows.append(row)
                continue
            row = list(row)
            for j, col in enumerate(cols, start=1):
                value = row[j]
                if not isinstance(value, str):
                    continue
                bound = kind.bounds.get((table, col)) or DEFAULT_TEXT
                fixed = value
                if bound.name or _bad_char(fixed) is not None:
                    fixed = "".join(" " if unicodedata.category(ch) in _REFUSED_CATEGORIES
                                    and ch not in _ALLOWED_FORMAT else ch for ch in fixed)
                    fixed = " ".join(unicodedata.normalize("NFC", fixed).split()) if bound.name else fixed
                limit = bound.length
                if limit is not None and len(fixed) > limit:
                    fixed = fixed[:limit].rstrip()
                if fixed != value:
                    why = []
                    if _bad_char(value) is not None:
                        why.append("control characters taken out")
                    if limit is not None and len(value) > limit:
                        why.append(f"cut to {limit} characters")
                    report.append({"path": f"{table}[{i}].{col}", "why": "; ".join(why) or "spaces tidied",
                                   "from": value[:60], "to": fixed})
                    row[j] = fixed
            new_rows.append(row)
        out[table] = {"columns": cols, "rows": new_rows}
    return out, report


# -- loading and comparing --------------------------------------------------------------


def _is_empty(store) -> bool:
    return all(store.value(f"SELECT count(*) FROM {qi(t)}") == 0 for t in store.tables())


def _literal(text: str | None) -> Any:
    """A column's declared default (``PRAGMA table_info``'s text: NULL, a number, a quoted string)."""
    if text is None or text.upper() == "NULL":
        return None
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    try:
        return int(text)
    except ValueError:
        raise Refused(f"a column's default {text[:20]!r} cannot be filled in") from None


def upgraded(store, tables: dict) -> dict:
    """Tables of an older ghcli brought to this one's schema: a column a later migration added (at the
    end of its table, with its default or empty) comes in holding its default. Anything else (a table
    missing: a truncated file) is left for :func:`check_tables` to refuse."""
    out = dict(tables)
    for table in store.tables():
        data = out.get(table)
        if data is None:
            continue
        info = store.tuples(f"PRAGMA table_info({qi(table)})")
        names = [r[1] for r in info]
        cols = data.get("columns") if isinstance(data, dict) else None
        if not isinstance(cols, list) or cols == names or cols != names[:len(cols)]:
            continue
        added = info[len(cols):]
        if any(r[3] and r[4] is None for r in added):  # NOT NULL without a default: not an added column
            continue
        fill = [_literal(r[4]) for r in added]
        rows = data.get("rows")
        out[table] = {"columns": names, "rows": [list(row) + fill for row in rows if isinstance(row, list)]
                      if isinstance(rows, list) else rows}
    return out


def load(store, tables: dict) -> None:
    """Load checked tables into an empty database (nothing recorded: ``current`` holds no entry).
    An older ghcli's tables are first brought to this schema (:func:`upgraded`)."""
    tables = upgraded(store, tables)
    check_tables(store, tables)
    if store.kind.check_facts is not None:
        store.kind.check_facts(tables)
    conn = store.conn
    import sqlite3

    conn.execute("PRAGMA defer_foreign_keys = ON")
    recording = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'current'").fetchone() is not None
    was = getattr(store, "recording", False)
    saved = conn.execute("SELECT seq FROM current WHERE id = 1").fetchone()[0] if recording else None
    if recording:
        conn.execute("UPDATE current SET seq = NULL WHERE id = 1")
    for table in store.tables():
        data = tables[table]
        cols = data["columns"]
        sql = (f"INSERT INTO {qi(table)} (rowid, {', '.join(qi(c) for c in cols)}) "
               f"VALUES ({', '.join('?' for _ in range(len(cols) + 1))})")
        for i, row in enumerate(data["rows"]):
            try:
                conn.execute(sql, row)
            except sqlite3.IntegrityError as e:
                raise Refused(f"tables.{table}.rows[{i}]: {str(row)[:60]} cannot be stored ({e})") from None
    bad = conn.execute("PRAGMA foreign_key_check").fetchall()
    if bad:
        raise Refused(f"tables.{bad[0][0]}: row {bad[0][1]} refers to a missing row of {bad[0][2]}")
    if recording:
        conn.execute("UPDATE current SET seq = ? WHERE id = 1", [saved])
        store.recording = was


def first_difference(store, tables: dict, theirs: str = "the snapshot") -> str | None:
    """Where the database's state differs from ``tables`` (None: the same)."""
    tables = upgraded(store, tables)
    here = tables_of(store)
    for table in sorted(set(here) | set(tables)):
        if table not in tables:
            return f"table {table} is not in {theirs}"
        if table not in here:
            return f"table {table} is not in this campaign"
        a, b = here[table], tables[table]
        if a["columns"] != b["columns"]:
            return f"table {table}'s columns differ"
        mine = {r[0]: r for r in a["rows"]}
        other = {r[0]: r for r in b["rows"]}
        for rowid in sorted(set(mine) | set(other)):
            if rowid not in other:
                return f"{table} row {rowid} is here, not in {theirs}"
            if rowid not in mine:
                return f"{table} row {rowid} is in {theirs}, not here"
            for col, x, y in zip(a["columns"], mine[rowid][1:], other[rowid][1:]):
                if x != y:
                    return f"{table} row {rowid}: {col} is {str(x)[:40]} here, {str(y)[:40]} in {theirs}"
        if [r[0] for r in a["rows"]] != [r[0] for r in b["rows"]]:
            return f"table {table}'s rows are in another order"
    return None


def apply_tables(ctx, tables: dict, what: str) -> int:
    """Load (a database without a campaign) or compare (one with it); the entry's effect is the digest of
    its tables.
    Returns the number of rows."""
    store = ctx.store
    if _is_empty(store):
        load(store, tables)
        if store.kind.on_open is not None:  # the campaign loaded is open now (its edition's facts, ...)
            store.kind.on_open(store)
    else:
        diff = first_difference(store, tables)
        if diff is not None:
            raise Refused(f"the {what} does not match this campaign: {diff}")
    # the digest of the tables as the entry holds them: the same on every ghcli, whatever columns a
    # later one added to what it loaded (``upgraded``)
    ctx.effect = state_digest({name: {"columns": t["columns"], "rows": t["rows"]} for name, t in tables.items()})
    return sum(len(t["rows"]) for t in tables.values())


def snapshot_summary(after: str, rows: int) -> str:
    return f"snapshot of the campaign after {after[:10]} ({rows} rows)"


def register(registry) -> None:
    @registry.command("import", creates=True)
    def import_(store, source: str, tables: Tables) -> Done:
        """A campaign that came in as tables (a GHS file, an older ghcli's export): its first entry."""
        n = apply_tables(store, tables, "import")
        return Done(f"imported {source}"[:300], {"source": source, "rows": n})

    @registry.command("snapshot")
    def snapshot(store, after: str, tables: Tables) -> Done:
        """The campaign's state as data after entry AFTER (a new machine joins from it; others check it)."""
        n = apply_tables(store, tables, "snapshot")
        return Done(snapshot_summary(after, n), {"after": after, "rows": n})


def make(store, after: str | None = None) -> str:
    """A snapshot entry's document for the database's state now (not applied: a sync pushes it, then
    applies it here like any entry, where it checks). ``after``: the id of the last entry it covers."""
    from ghcli.journal.entries import Entry, new_nonce
    from ghcli.journal.run import version
    from ghcli.journal.store import now_iso

    if after is None:
        after = store.value("SELECT id FROM journal WHERE applied = 1 AND state IN ('accepted', 'local') "
                            "ORDER BY seq DESC LIMIT 1") or ""
    tables = tables_of(store)
    entry = Entry("snapshot", {"after": after, "tables": tables}, [], now_iso(), version(), new_nonce(),
                  state_digest(tables))
    return entry.text


def check(store, document: str) -> str | None:
    """Compare a snapshot document with this database's state: None when equal, else the first difference
    (or why the document is not a snapshot)."""
    from ghcli.journal.entries import parse

    try:
        entry, cmd, values = parse(document, store.kind.commands)
    except BadEntry as e:
        return str(e)
    if entry.command not in ("snapshot", "import"):
        return f"a {entry.command} entry is not a snapshot"
    return first_difference(store, values["tables"])
