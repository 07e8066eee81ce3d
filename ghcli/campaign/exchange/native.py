"""The ghcli campaign document: a campaign's journal and its tables, as one versioned JSON object.

Version 2 (this ghcli writes it)::

    {"format": "ghcli-campaign", "version": 2, "kind": "ghcli"|"arkham", "exported": ISO time,
     "ghcli": VERSION,
     "journal": {"next_seq": N, "entries": [
         {"seq": 1, "player": "Ann", "applied": true, "document": "<the entry's canonical JSON>"},
         {"seq": 7, "player": "Bob", "applied": false, "document": "...", "command": ..., "summary": ...,
          "at": ..., "version": ..., "state": "accepted"|"dropped", "undone_by": null|N, "reason": ...}, ...]},
     "tables": {"TABLE": {"columns": [...], "rows": [[rowid, value, ...], ...]}, ...}}

The journal's entries carry everything a replay needs (the documents, their
authors, their numbers); rows kept as history only (entries before the
snapshot the campaign starts from) carry what ``history`` shows. Sync state
never travels: not the sync settings, not which entries were pushed (an
imported campaign is a new, unsynced one), not the retry queue or held entries.

**Import** builds a new file from this ghcli's own schema, then replays the
entries in order, each checked as any received entry (its arguments by the
command's types, its draws fed back, its effect digest and its document
re-made here byte for byte); then the campaign's tables must equal the file's
``tables`` (else the import is refused, naming the first difference). So
export -> import keeps the SQL dump identical. Nothing in the file is
executed; the row changes, indexes and migrations are rebuilt, never copied.

**Version 1** (an older ghcli: every table of its database, history and
``undo_log`` included): its log cannot be replayed, so its campaign tables
are loaded into a work copy of the schema its migrations name, checked (every
table column by column, every value by type and the game's bounds), brought up
to date, and become the new campaign's ``import`` entry; its history rows are
kept as history; its ``undo_log`` (SQL text) and sync settings are ignored.

A refusal leaves no file behind (``newfile``).
"""

from __future__ import annotations

import datetime
import re
import sqlite3
from pathlib import Path
from typing import Any

from ghcli.errors import BadInput, GhcliError
from ghcli.journal.schema import MIGRATIONS_TABLE, qi

FORMAT = "ghcli-campaign"
VERSION = 2
# Tables of a version-1 file that are the old database's own bookkeeping, not the campaign.
V1_BOOKKEEPING = {"history", "undo_log", "sync_state", MIGRATIONS_TABLE}


def kinds() -> dict[str, Any]:
    """Campaign kinds ghcli keeps: {set name: Kind} (each game's own module defines its kind)."""
    from ghcli.journal import kinds as journal_kinds

    return {name: journal_kinds.load(name) for name in journal_kinds.MODULES}


def migration_sets() -> dict[str, tuple[list, str]]:
    """{set name: (migrations, kind in words)} (kept for callers of the first exchange API)."""
    return {name: (list(k.migrations), k.words) for name, k in kinds().items()}


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


def open_store(path: str | Path, set_name: str = "ghcli"):
    """Open the database to export (the same checks and messages as every command)."""
    from ghcli.journal.store import Store

    return Store.open(path, kinds()[set_name] if set_name in kinds() else kinds()["ghcli"])


# -- export ------------------------------------------------------------------


def export_document(store) -> dict:
    """The campaign as the ghcli campaign document (one consistent read)."""
    from ghcli import __version__
    from ghcli.journal import replay, snapshot

    with store.snapshot():
        entries = []
        for it in replay.items(store):
            if it["applied"]:
                entries.append({"seq": it["seq"], "player": it["player"], "applied": True,
                                "document": it["document"]})
            else:
                entries.append({"seq": it["seq"], "player": it["player"], "applied": False,
                                "document": it["document"], "command": it["command"], "summary": it["summary"],
                                "at": it["at"], "version": it["version"], "state": it["state"],
                                "undone_by": it["undone_by"], "reason": it["reason"]})
        doc = {
            "format": FORMAT,
            "version": VERSION,
            "kind": store.kind.name,
            "exported": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "ghcli": __version__,
            "journal": {"next_seq": replay.next_seq(store), "entries": entries},
                # when each migration ran here (shown data only: the migrations themselves are the importer's own)
            "migrated": {name: at for name, at in store.tuples(
                f"SELECT name, applied_at FROM {MIGRATIONS_TABLE} WHERE migration_set = ? ORDER BY id",
                [store.kind.name])},
            "tables": snapshot.tables_of(store),
        }
    return doc


# -- import ------------------------------------------------------------------


def check_document(doc: dict) -> tuple[str, Any, str]:
    """The document's campaign kind (set name), its Kind, and the kind in words."""
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise BadInput(f"version: {str(version)[:20]!r} is not a format version (expected {VERSION})")
    if version > VERSION:
        raise BadInput(f"version: {version} was written by a newer ghcli (this one reads versions 1 and {VERSION})")
    if version < 1:
        raise BadInput(f"version: {version} is not a format version (expected {VERSION})")
    sets = kinds()
    set_name = doc.get("kind", "ghcli")
    if not isinstance(set_name, str) or set_name not in sets:
        raise BadInput(f"kind: {str(set_name)[:40]!r} is not a campaign kind ghcli keeps ({', '.join(sets)})")
    if not isinstance(doc.get("tables"), dict):
        raise BadInput("tables: missing or not an object (a truncated file?)")
    kind = sets[set_name]
    return set_name, kind, kind.words


def import_document(doc: dict, path: str | Path) -> dict:
    """Create the database at ``path`` from the document; refuses an existing campaign there.

    Returns {"kind", "path", "campaign" (its name), "tables": {name: rows}, "entries": N, "dropped": [...]}.
    """
    set_name, kind, _ = check_document(doc)
    if doc["version"] == 1:
        return _import_v1(doc, kind, path)
    return _import_v2(doc, kind, path)


def _import_v2(doc: dict, kind, path: str | Path) -> dict:
    from ghcli.campaign.exchange import newfile
    from ghcli.journal import replay, snapshot
    from ghcli.journal.store import Store

    migrated = doc.get("migrated", {})
    if not isinstance(migrated, dict):
        raise BadInput("migrated: not an object of migration names")
    unknown = [name for name in migrated if name not in kind.migration_names]
    if unknown:
        raise BadInput(f"migrations: {str(unknown[-1])[:40]!r} is unknown here: a newer ghcli wrote this file; "
                       "upgrade ghcli")
    journal = doc.get("journal")
    if not isinstance(journal, dict) or not isinstance(journal.get("entries"), list):
        raise BadInput("journal: missing or not an object with entries (a truncated file?)")
    items = [_item(e, i) for i, e in enumerate(journal["entries"])]
    for i in range(1, len(items)):  # the journal's order is its numbers' order: each after the one before
        if items[i]["seq"] <= items[i - 1]["seq"]:
            raise BadInput(f"journal.entries[{i}].seq: #{items[i]['seq']} is not after the entry before it "
                           f"(#{items[i - 1]['seq']}): the entries are not in the journal's order")
    if not any(it["applied"] for it in items):
        raise BadInput("journal.entries: no entry that makes the campaign")
    next_seq = journal.get("next_seq", 0)
    if not isinstance(next_seq, int) or isinstance(next_seq, bool) or not 0 <= next_seq < 2**31:
        raise BadInput("journal.next_seq: not a whole number of the journal's range")
    tables = snapshot.Tables.__ghcli_decode__(doc["tables"], "tables") if _is_tables(doc["tables"]) else None
    if tables is None:
        raise BadInput("tables: not the campaign's tables (columns and rows of whole numbers, text or null)")
    out: dict = {}

    def build(tmp: Path) -> None:
        store = Store.create(tmp, kind)
        try:
            with replay.build_mode(store), store.batch():
                out["entries"] = replay.replay(store, items, where="journal.entries")
                if next_seq:
                    replay.set_next_seq(store, next_seq)
                replay.set_migration_times(store, migrated)
                for table in store.tables():  # a table of a later migration than the file's: empty here
                    if table not in tables and migrated and store.value(f"SELECT count(*) FROM {qi(table)}") == 0:
                        tables[table] = {"columns": store.columns(table), "rows": []}
                missing = [t for t in store.tables() if t not in tables]
                diff = (f"table {missing[0]} is not in the file" if missing
                        else snapshot.first_difference(store, tables, "the file"))
                if diff is not None:
                    raise BadInput(f"tables: the journal's entries do not make the file's tables: {diff}")
            out["counts"] = {t: len(tables[t]["rows"]) for t in sorted(tables)}
            out["campaign"] = store.value("SELECT name FROM campaign LIMIT 1")
        except GhcliError as e:
            raise BadInput(str(e)) from None
        finally:
            store.close()

    newfile.create(path, build, refuse=lambda p: Store.create(p, kind))
    return {"kind": kind.name, "path": str(path), "campaign": out["campaign"], "tables": out["counts"],
            "entries": out["entries"], "dropped": []}


CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _is_tables(value: Any) -> bool:
    from ghcli.journal.entries import BadEntry
    from ghcli.journal.snapshot import Tables

    try:
        Tables.__ghcli_decode__(value, "tables")
    except BadEntry:
        return False
    return True


def _item(e: Any, i: int) -> dict:
    where = f"journal.entries[{i}]"
    if not isinstance(e, dict):
        raise BadInput(f"{where}: not an object")
    seq = e.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool) or not 1 <= seq < 2**31:
        raise BadInput(f"{where}.seq: not an entry number")
    doc = e.get("document")
    if not isinstance(doc, str):
        raise BadInput(f"{where}.document: not an entry's text")
    player = e.get("player")
    if not isinstance(player, str) or not player.strip() or len(player) > 100:
        raise BadInput(f"{where}.player: not a player's name")
    from ghcli.journal.player import clean

    item = {"seq": seq, "document": doc, "player": clean(player), "applied": e.get("applied") is True}
    if not item["applied"]:
        for key, limit in (("command", 60), ("summary", 500), ("at", 40), ("version", 40), ("reason", 500)):
            v = e.get(key)
            if v is not None and not isinstance(v, str):
                raise BadInput(f"{where}.{key}: not text")
            item[key] = CONTROL_RE.sub(" ", v)[:limit] if v else v
        item["state"] = e.get("state") if e.get("state") in ("accepted", "dropped") else "accepted"
        undone = e.get("undone_by")
        if undone is not None and (not isinstance(undone, int) or isinstance(undone, bool) or not 1 <= undone < 2**31):
            raise BadInput(f"{where}.undone_by: not an entry number")
        item["undone_by"] = undone
    return item


def _import_v1(doc: dict, kind, path: str | Path) -> dict:
    """An older ghcli's export: its campaign tables (checked) become the new campaign's import entry."""
    from ghcli.campaign.exchange import snapshots
    from ghcli.journal import snapshot
    from ghcli.journal.migrate import history_items

    names = doc.get("migrations")
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise BadInput(f"migrations: {str(names)[:40]} is not a list of migration names")
    known = kind.migration_names
    unknown = [n for n in names if n not in known]
    if unknown:
        raise BadInput(f"migrations: {unknown[-1][:40]!r} is unknown here: a newer ghcli wrote this file; "
                       "upgrade ghcli")
    if names != known[:len(names)]:
        raise BadInput("migrations: not in the order ghcli applies them (an edited file?)")
    subset = [m for m in kind.migrations if m[0] in set(names)]
    raw = doc["tables"]
    tables = {}
    for name, data in raw.items():
        if name in V1_BOOKKEEPING:
            continue
        if not isinstance(data, dict) or data.get("rowid") is not True:
            raise BadInput(f"tables.{str(name)[:40]}: not a table with its rowids (a truncated or edited file?)")
        tables[name] = {"columns": data.get("columns"), "rows": data.get("rows")}
    if not _is_tables(tables):
        try:
            snapshot.Tables.__ghcli_decode__(tables, "tables")
        except Exception as e:  # the reason, as the file has it
            raise BadInput(str(e).replace("argument tables", "tables")) from None
    tables, cut_before = snapshot.clean_tables(kind, tables)  # names and text cut before they are checked
    history = raw.get("history")
    old_rows = []
    if isinstance(history, dict) and isinstance(history.get("columns"), list) and isinstance(history.get("rows"), list):
        cols = history["columns"]
        for row in history["rows"][:100_000]:
            if isinstance(row, list) and len(row) == len(cols) + (1 if history.get("rowid") else 0):
                values = row[1:] if history.get("rowid") else row
                old_rows.append(dict(zip(map(str, cols), values)))
    before = history_items(old_rows)

    def convert(store) -> None:
        missing = [t for t in store.tables() if t not in tables]  # the schema the file names: every table of it
        if missing:
            raise BadInput(f"tables.{missing[0]} is missing (a truncated or edited file?)")
        try:
            with store.batch():
                snapshot.load(store, tables)
        except GhcliError as e:
            raise BadInput(str(e)) from None

    _, checked, cut = snapshots.tables_from(convert, kind, migrations=subset)
    # the bounds are the ones of the schema the file names; after the later migrations, checked again on import
    exported = doc.get("exported") if isinstance(doc.get("exported"), str) else ""
    source = f"a ghcli export of an older version ({exported[:25] or 'undated'})"
    try:
        snapshots.create(path, checked, source, kind, before=before)
    except GhcliError as e:
        if isinstance(e, BadInput) or "already exists" in str(e):
            raise
        raise BadInput(str(e)) from None
    campaign = next((r[1 + checked["campaign"]["columns"].index("name")] for r in checked.get("campaign", {})
                     .get("rows", [])), None) if "campaign" in checked else None
    return {"kind": kind.name, "path": str(path), "campaign": campaign,
            "tables": {t: len(checked[t]["rows"]) for t in sorted(checked)}, "entries": 1,
            "history": len(before),
            "dropped": [{"path": c["path"], "why": c["why"]} for c in cut_before] + cut}
