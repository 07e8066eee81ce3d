"""Reading the journal: history rows, an entry by reference, the flat counts ``status`` shows.

A history row (``ghcli history --json``, and the ``entry`` every change
prints with ``--json``)::

    {"seq": 12, "id": "9f2c...", "command": "buy", "summary": "...", "at": "...",
     "player": "Ann", "version": "0.1.0", "args": {...}, "draws": [...],
     "state": "accepted", "applied": true, "in_effect": true,
     "undone_by": null | 14, "reason": null | "..."}
"""

from __future__ import annotations

import json
from typing import Any

from ghcli.errors import BadInput
from ghcli.journal.entries import short

COLUMNS = "seq, id, command, summary, at, player, version, args, draws, state, applied, undone_by, reason"
IN_EFFECT = "state IN ('accepted', 'local') AND applied = 1 AND undone_by IS NULL"
REVERTERS = ("undo", "redo")
MAX_SQLITE_INT = 2**63 - 1


def row_dict(row: dict) -> dict:
    out = dict(row)
    for key in ("args", "draws"):
        if isinstance(out.get(key), str):
            try:
                out[key] = json.loads(out[key])
            except (ValueError, RecursionError):
                out[key] = None
    out["applied"] = bool(out.get("applied"))
    out["in_effect"] = (out.get("state") in ("accepted", "local") and out["applied"]
                        and out.get("undone_by") is None)
    return out


def rows(store, limit: int | None = None) -> list[dict]:
    """The journal, newest first (every entry: undone, queued and held ones marked)."""
    if limit is not None and limit < 0:
        raise BadInput(f"--limit must be 0 (all) or more, not {limit}")
    sql = f"SELECT {COLUMNS} FROM journal ORDER BY seq DESC"
    if limit and limit <= MAX_SQLITE_INT:  # a larger limit is all of it
        return [row_dict(r) for r in store.rows(sql + " LIMIT ?", [int(limit)])]
    return [row_dict(r) for r in store.rows(sql)]


def by_seq(store, seq: int) -> dict | None:
    row = store.one(f"SELECT {COLUMNS} FROM journal WHERE seq = ?", [seq])
    return row_dict(row) if row else None


def by_id(store, entry_id: str) -> dict | None:
    row = store.one(f"SELECT {COLUMNS} FROM journal WHERE id = ?", [entry_id])
    return row_dict(row) if row else None


def find(store, ref: Any) -> dict:
    """An entry by number (``12``, ``#12``) or by id (or a unique start of it, 4 hex digits or more)."""
    text = str(ref).strip().lstrip("#").lower()
    row = None
    if text.isdigit() and len(text) < 19:
        row = by_seq(store, int(text))
    if row is None and 4 <= len(text) <= 64 and all(c in "0123456789abcdef" for c in text):
        found = store.rows(f"SELECT {COLUMNS} FROM journal WHERE id >= ? AND id < ? ORDER BY id LIMIT 2",
                           [text, text + "g"])
        if len(found) > 1:
            raise BadInput(f"entry {str(ref)[:70]!r} is ambiguous: give more of its id")
        row = row_dict(found[0]) if found else None
    if row is None:
        raise BadInput(f"no history entry {str(ref)[:70]!r} (see `ghcli history`)")
    return row


def label(row: dict) -> str:
    """'#12 buy by Ann' (how an entry is named in messages)."""
    return f"#{row['seq']} {row['command']} by {row['player']}"


def first_applied(store) -> int | None:
    return store.value("SELECT min(seq) FROM journal WHERE applied = 1")


def last_of(store, player: str, *, reverters: bool) -> dict | None:
    """The player's newest entry in effect: a change (``reverters`` False) or an undo (True)."""
    commands = ", ".join(f"'{c}'" for c in REVERTERS)
    which = f"command IN ({commands})" if reverters else f"command NOT IN ({commands})"
    row = store.one(f"SELECT {COLUMNS} FROM journal WHERE player = ? AND {IN_EFFECT} AND {which} "
                    "ORDER BY seq DESC LIMIT 1", [player])
    return row_dict(row) if row else None


def last_in_effect(store, *, reverters: bool = False) -> dict | None:
    commands = ", ".join(f"'{c}'" for c in REVERTERS)
    which = f"command IN ({commands})" if reverters else f"command NOT IN ({commands})"
    row = store.one(f"SELECT {COLUMNS} FROM journal WHERE {IN_EFFECT} AND {which} ORDER BY seq DESC LIMIT 1")
    return row_dict(row) if row else None


# The partial index journal_waiting holds only the rows not accepted: these counts never scan the journal.
COUNT_SQL = "SELECT count(*) FROM journal WHERE state = ? AND state != 'accepted'"
LAST_SQL = "SELECT max(seq) FROM journal"


def counts(store) -> dict:
    """{"entries": the last seq, "local", "queued", "held"}: from indexes, flat in the journal's length."""
    out = {"entries": store.value(LAST_SQL) or 0}
    for state in ("local", "queued", "held"):
        out[state] = store.value(COUNT_SQL, [state])
    return out


def documents(store, states=("local",), *, after: int = 0) -> list[dict]:
    """Entries with their documents and authors, in journal order: ``[{"seq", "id", "command", "summary",
    "player", "state", "applied", "document"}]`` (default: the local ones, made here and not pushed)."""
    marks = ", ".join("?" for _ in states)
    return store.rows(f"SELECT seq, id, command, summary, player, state, applied, document FROM journal "
                      f"WHERE state IN ({marks}) AND seq > ? ORDER BY seq", [*states, after])


def last_changer(store, rows, after: int = 0) -> dict | None:
    """The newest entry after seq ``after`` that changed one of ``rows`` ([(table, rowid)], as
    ``rebase.TakenBack.rows`` gives them): the entry that stands in the way of one refused now."""
    best = None
    for tbl, row in rows:
        seq = store.value("SELECT max(seq) FROM changes WHERE seq > ? AND tbl = ? AND row = ? "
                          "AND old IS NOT new", [after, tbl, row])
        if seq is not None and (best is None or seq > best):
            best = seq
    return by_seq(store, best) if best is not None else None


def shown(row: dict) -> str:
    """The summary as history's text shows it, with what became of the entry."""
    text = row.get("summary") or row.get("command") or ""
    state = row.get("state")
    if state == "queued":
        return f"QUEUED (refused at a sync): {text}: {row.get('reason')}"
    if state == "held":
        return f"HELD (not applied here): {text}: {row.get('reason')}"
    if state == "dropped":
        return f"(dropped) {text}" + (f": {row['reason']}" if row.get("reason") else "")
    if row.get("undone_by") is not None:
        return f"(undone by #{row['undone_by']}) {text}"
    if state == "local":
        return f"{text} (not pushed yet)"
    return text


__all__ = ["rows", "find", "by_id", "by_seq", "counts", "label", "shown", "short"]
