"""The migration to the journal, from the shape older ghcli versions wrote (``history`` + ``undo_log``).

- Every ``history`` row becomes a journal row kept as history (``applied`` 0:
  not replayable from here), with its number, time, player, command (the
  registered name where the old row had one), summary, arguments and draws;
  a rejected one is ``dropped``, an undone one is marked undone by the row of
  the undo that undid it.
- The old ``undo_log`` holds SQL text written by the old triggers. It is
  **never executed** and not carried over: it is dropped, so the entries made
  by the older ghcli cannot be undone (the snapshot entry's summary says so).
- A ``snapshot`` entry of the current state is appended: the campaign's log
  starts from it (a rebuild, an export, a sync replay from there).

A new database passes through the same migration with an empty history.
"""

from __future__ import annotations

import json
import re

from ghcli.journal.entries import AT_RE, VERSION_RE, Entry, args_and_draws, canonical, digest, new_nonce
from ghcli.journal.schema import JOURNAL_DDL, MigrationDB, statements

UID_RE = re.compile(r"^[0-9a-f]{32}$")
CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def to_journal(db: MigrationDB, set_name: str) -> None:
    """Bring a file of the kind ``set_name`` to the journal (see the module's docstring)."""
    conn = db.conn
    have = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()}
    old = []
    if "history" in have:
        cols = [r[1] for r in conn.execute("PRAGMA table_info(history)").fetchall()]
        for values in conn.execute(f"SELECT {', '.join(cols)} FROM history ORDER BY id").fetchall():
            old.append(dict(zip(cols, values)))
    for statement in statements(JOURNAL_DDL):
        conn.execute(statement)
    if "history" in have:
        conn.execute("DROP TABLE history")
    if "undo_log" in have:
        conn.execute("DROP TABLE undo_log")
    if old:
        _carry(conn, old)
        _snapshot(conn, old)
    conn.execute("UPDATE current SET last = coalesce((SELECT max(seq) FROM journal), 0) WHERE id = 1")


def journal_migration(set_name: str):
    from ghcli.journal.kinds import journal_migration as lazy

    return lazy(set_name)


def _text(value, limit: int = 500) -> str:
    return CONTROL_RE.sub(" ", str(value if value is not None else ""))[:limit]


def _json(value):
    try:
        return json.loads(value) if isinstance(value, str) else None
    except (ValueError, RecursionError):
        return None


def history_items(old: list[dict]) -> list[dict]:
    """An older ghcli's history rows as journal rows kept as history (``replay.replay`` items, not applied)."""
    seq_of_uid = {}
    items = []
    for r in old:
        rid = r.get("id")
        if not isinstance(rid, int) or isinstance(rid, bool) or not 1 <= rid < 2**31:
            continue
        at = r.get("at") if isinstance(r.get("at"), str) and AT_RE.match(r["at"]) else "1970-01-01T00:00:00+00:00"
        version = r.get("version") if isinstance(r.get("version"), str) and VERSION_RE.match(r["version"]) else "0"
        command = _text(r.get("op") or r.get("command"), 60) or "?"
        args = _json(r.get("args"))
        draws = _json(r.get("draws"))
        uid = r.get("uid") if isinstance(r.get("uid"), str) and UID_RE.match(r["uid"]) else None
        try:
            text = canonical({"format": 2, "command": command, "args": args if isinstance(args, dict) else {},
                              "draws": draws if isinstance(draws, list) else [], "at": at, "version": version,
                              "nonce": (uid or new_nonce())[:16], "effect": "0" * 16})
        except ValueError:
            continue
        if len(text) > 64 * 1024:
            continue
        status = r.get("status") or "ok"
        if uid:
            seq_of_uid[uid] = rid
        items.append({"seq": rid, "document": text, "player": _text(r.get("player"), 100) or "?", "applied": 0,
                      "command": command, "summary": _text(r.get("summary")), "at": at, "version": version,
                      "state": "dropped" if status == "rejected" else "accepted",
                      "reason": _text(r.get("reason"), 500) if status == "rejected" else None, "undone_by": None})
    by_seq = {it["seq"]: it for it in items}
    for r in old:  # an undone entry: undone by the undo entry that names it
        if (r.get("status") or "ok") == "ok" and (r.get("op") or "") == "undo" and r.get("id") in by_seq:
            target = (_json(r.get("args")) or {}).get("entry")
            if target in seq_of_uid and seq_of_uid[target] in by_seq:
                by_seq[seq_of_uid[target]]["undone_by"] = r["id"]
    return items


def _carry(conn, old: list[dict]) -> None:
    for it in history_items(old):
        conn.execute(
            "INSERT OR IGNORE INTO journal (seq, id, command, summary, args, draws, at, version, player, state, "
            "applied, undone_by, reason, document) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
            [it["seq"], digest(it["document"].encode("utf-8")), it["command"], it["summary"],
             *args_and_draws(it["document"]), it["at"], it["version"], it["player"], it["state"], it["undone_by"],
             it["reason"], it["document"]])


def _snapshot(conn, old: list[dict]) -> None:
    from ghcli import __version__
    from ghcli.journal.schema import UNRECORDED, columns, qi
    from ghcli.journal.snapshot import state_digest
    from ghcli.journal.store import now_iso

    tables = {}
    for (table,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' "
                                 "ESCAPE '\\' ORDER BY name").fetchall():
        if table in UNRECORDED:
            continue
        cols = columns(conn, table)
        rows = [list(r) for r in conn.execute(
            f"SELECT rowid, {', '.join(qi(c) for c in cols)} FROM {qi(table)} ORDER BY rowid").fetchall()]
        tables[table] = {"columns": cols, "rows": rows}
    last = conn.execute("SELECT id FROM journal ORDER BY seq DESC LIMIT 1").fetchone()[0]
    at = now_iso()
    try:
        entry = Entry("snapshot", {"after": last, "tables": tables}, [], at, __version__, new_nonce(),
                      state_digest(tables))
        entry.text
    except (TypeError, ValueError):  # a BLOB or a float where ghcli keeps whole numbers and text
        from ghcli.errors import BadInput

        raise BadInput("the campaign file holds a value ghcli never writes (a BLOB or a fraction): "
                       "it cannot be brought up to date") from None
    from ghcli.journal.snapshot import snapshot_summary

    summary = snapshot_summary(last, sum(len(t["rows"]) for t in tables.values()))
    conn.execute("INSERT INTO journal (seq, id, command, summary, args, draws, at, version, player, state, applied, "
                 "document) VALUES ((SELECT max(seq) + 1 FROM journal), ?, 'snapshot', ?, ?, '[]', ?, ?, ?, "
                 "'accepted', 1, ?)", [entry.id, summary, canonical(entry.args), at, __version__, "ghcli", entry.text])
