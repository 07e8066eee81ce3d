"""The campaign log of an Arkham campaign: notes and named counts.

Readings chosen (docs/arkham.md, Log): notes and named counts, numbered;
crossing out marks an entry, nothing is deleted. Counting on a crossed-out
name starts a new count; a count never goes below 0.
"""

from __future__ import annotations

from ghcli.arkham import campaign
from ghcli.arkham.kind import command
from ghcli.campaign.amounts import amount
from ghcli.errors import BadInput, NotFound, Refused
from ghcli.journal.store import MAX_SQLITE_INT, Done, Store


@command("arkham log add")
def log_add(store: Store, text: str) -> dict:
    text = text.strip()
    if not text:
        raise BadInput("a log entry needs some text")
    with store.change("arkham log add", f"log: {text}") as db:
        campaign.playing(store)
        entry_id = db.execute("INSERT INTO log_entries (kind, text) VALUES ('note', ?)", [text]).lastrowid
    return _entry(store, entry_id)


def parse_delta(text: str) -> int:
    """'+2', '2' or '-1' -> int."""
    try:
        return int(str(text).strip())
    except ValueError:
        raise BadInput(f"count by a whole number like +1 or -1, not {text!r}") from None


@command("arkham log count")
def log_count(store: Store, name: str, delta: int) -> dict:
    """Add to a named count (started at 0 if new, or if the old one was crossed out)."""
    name = name.strip()
    if not name:
        raise BadInput("a count needs a name")
    amount(f"count {name}", delta)

    def change(db):
        campaign.playing(store)
        row = store.one("SELECT * FROM log_entries WHERE kind = 'count' AND crossed = 0 AND text = ? COLLATE NOCASE",
                        [name])
        before = row["value"] if row else 0
        after = before + delta
        if after < 0:
            raise Refused(f"{name} is {before}; it cannot go below 0")
        if row:
            db.execute("UPDATE log_entries SET value = ? WHERE id = ?", [after, row["id"]])
            entry_id = row["id"]
        else:
            entry_id = db.execute("INSERT INTO log_entries (kind, text, value) VALUES ('count', ?, ?)",
                                  [name, after]).lastrowid
        summary = f"count {name}: {before} {'+' if delta >= 0 else '-'} {abs(delta)} = {after}"
        return Done(summary, _entry(store, entry_id))

    return store.apply("arkham log count", change)


@command("arkham log cross")
def log_cross(store: Store, entry_id: int) -> dict:
    """Cross out an entry (it stays in the log, marked)."""
    if not 1 <= entry_id <= MAX_SQLITE_INT:
        raise NotFound("log entry", entry_id, [])

    def change(db):
        campaign.playing(store)
        row = store.one("SELECT * FROM log_entries WHERE id = ?", [entry_id])
        if row is None:
            raise NotFound("log entry", entry_id, [])
        if row["crossed"]:
            raise Refused(f"entry {entry_id} is already crossed out")
        db.execute("UPDATE log_entries SET crossed = 1 WHERE id = ?", [entry_id])
        summary = f"crossed out entry {entry_id}: {row['text']}"
        return Done(summary, _entry(store, entry_id))

    return store.apply("arkham log cross", change)


def _entry(store: Store, entry_id: int) -> dict:
    row = store.one("SELECT id, kind, text, value, crossed FROM log_entries WHERE id = ?", [entry_id])
    row["crossed"] = bool(row["crossed"])
    return row


def log_entries(store: Store) -> list[dict]:
    campaign.row(store)
    return [_entry(store, r["id"]) for r in store.rows("SELECT id FROM log_entries ORDER BY id")]
