"""A sync's operations on the journal: local entries taken back, received ones applied, local ones re-executed.

docs/sync.md has the model; the sync itself is ``ghcli.sync.engine``, which
calls these through ``ghcli.sync.ledger``:

- :func:`take_back`: revert a local entry and take it out of the journal,
  newest first;
- :func:`apply_received`: apply a document received from the group: its
  effect must be the one computed here, else it is **held** (:func:`hold`),
  with the reason naming both ghcli versions;
- :func:`reexecute`: apply a taken-back local entry again on the new base;
  one the rules now refuse is **queued** (:func:`queue`, the retry queue);
- :func:`retry` (a queued entry), :func:`retry_held` (a held one, after an
  upgrade), :func:`set_state`, :func:`mark_accepted`, and
  :func:`insert_metadata` (the history rows before the snapshot a new machine
  joins from).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from ghcli.errors import GhcliError, Refused
from ghcli.journal import history
from ghcli.journal.entries import (
    AT_RE as AT_PATTERN, COMMAND_RE as COMMAND_NAME, VERSION_RE as VERSION_PATTERN, BadEntry, canonical, digest,
    loose_fields, parse, short,
)
from ghcli.journal.player import clean as clean_player, local_player
from ghcli.journal.run import (
    MAX_SUMMARY, EffectMismatch, _into_effect, _target_of, allocate_seq, execute, new_state, next_seq,
    revert_changes, version,
)


@dataclass
class TakenBack:
    """A local entry reverted and out of the journal: what a sync re-executes on the new base."""

    seq: int
    id: str
    command: str
    summary: str
    player: str
    document: str
    rows: list[tuple[str, int]]


@dataclass
class Outcome:
    """What became of an entry a sync applied: ``status`` ok, present (had it), held, or refused
    (queued); ``changed``: re-executed with other row changes than before (see ``summary``/``before``)."""

    status: str
    id: str | None = None
    seq: int | None = None
    summary: str = ""
    reason: str | None = None
    changed: bool = False
    before: str | None = None
    rows: list[tuple[str, int]] = field(default_factory=list)


def take_back(store, entry_id: str) -> TakenBack:
    """Revert an applied entry and take it out of the journal (a sync's rebase: newest first).

    Refused when a later applied entry is still in the journal. Its row changes are not recorded
    as anyone's (nothing is being applied)."""
    row = history.by_id(store, entry_id)
    if row is None:
        raise Refused(f"there is no entry {short(entry_id)} in this campaign's journal")
    if not row["applied"]:
        raise Refused(f"{history.label(row)} was not applied here")
    later = store.value("SELECT seq FROM journal WHERE seq > ? AND applied = 1 ORDER BY seq LIMIT 1", [row["seq"]])
    if later is not None:
        raise Refused(f"{history.label(row)} is not the newest applied entry (#{later} is): take that back first")
    with store.transaction():
        store.stop_recording()
        rows = revert_changes(store, row)
        if row["command"] in history.REVERTERS:
            inner = _target_of(store, row)
            if inner is not None and inner["undone_by"] == row["seq"]:
                _into_effect(store, inner)
        store.conn.execute("UPDATE journal SET undone_by = NULL WHERE undone_by = ?", [row["seq"]])
        store.conn.execute("DELETE FROM changes WHERE seq = ?", [row["seq"]])
        document = store.value("SELECT document FROM journal WHERE seq = ?", [row["seq"]])
        store.conn.execute("DELETE FROM journal WHERE seq = ?", [row["seq"]])
    return TakenBack(row["seq"], row["id"], row["command"], row["summary"], row["player"], document, rows)


def apply_received(store, document: str | bytes, author: str, *, state: str = "accepted",
                   seq: int | None = None) -> Outcome:
    """Apply an entry received from the group, by ``author`` (git's author of its commit).

    Its draws are fed back; its row changes here must digest to its ``effect`` and the document
    re-made here must be the one received, byte for byte. Otherwise, and when this ghcli cannot
    apply it (a newer format, command or argument; a refusal), it is **held**: kept in the
    journal (state ``held``, not applied) with the reason naming both versions."""
    text = document.decode("utf-8", "replace") if isinstance(document, bytes) else document
    entry_id = digest(text.encode("utf-8", "surrogatepass"))
    present = history.by_id(store, entry_id)
    if present is not None:
        return Outcome("present", entry_id, present["seq"], present["summary"])
    author = clean_player(author) or "unknown"
    try:
        entry, cmd, values = parse(text, store.kind.commands, canonical_check=False)
    except BadEntry as e:
        return hold(store, text, author, _versions(str(e), loose_fields(text).get("version")), seq=seq)
    try:
        res = execute(store, cmd, values, entry.args, feed=entry.draws, at=entry.at, version_=entry.version,
                      nonce=entry.nonce, player=author, state=state, seq=seq, expect_effect=entry.effect,
                      document=text, returns=False, entry=entry)
    except EffectMismatch as e:
        return hold(store, text, author, f"this ghcli applies it differently: {e}{_made_by(entry.version)}",
                    seq=seq)
    except BadEntry as e:
        return hold(store, text, author, _versions(str(e), entry.version), seq=seq)
    except GhcliError as e:
        return hold(store, text, author, f"{e}{_made_by(entry.version)}", seq=seq)
    except (sqlite3.DatabaseError, OverflowError, ValueError, TypeError, KeyError, RecursionError) as e:
        if isinstance(e, sqlite3.OperationalError) and not isinstance(e, sqlite3.IntegrityError) \
                and "locked" in str(e).lower():
            raise
        return hold(store, text, author, f"cannot be applied here ({type(e).__name__}){_made_by(entry.version)}",
                    seq=seq)
    return Outcome("ok", res.id, res.seq, res.summary)


def _made_by(theirs: str | None) -> str:
    mine = version()
    if theirs and theirs != mine:
        return f" (made by ghcli {theirs}; this is ghcli {mine})"
    return f" (made by ghcli {mine}, as this one)" if theirs else ""


def _versions(reason: str, theirs: str | None) -> str:
    return reason + _made_by(theirs)


def hold(store, document: str, author: str, reason: str, *, seq: int | None = None) -> Outcome:
    """Keep a received entry that cannot be applied here: in the journal, held, with the reason."""
    loose = loose_fields(document)
    entry_id = digest(document.encode("utf-8", "surrogatepass"))
    command = loose.get("command", "?")
    try:
        registry_cmd = store.kind.commands.commands.get(command)
        summary = registry_cmd.describe(json.loads(document).get("args")) if registry_cmd else command
    except (ValueError, AttributeError, RecursionError):
        summary = command
    with store.transaction():
        cur = store.conn.execute(
            "INSERT INTO journal (seq, id, command, summary, at, version, player, state, applied, reason, document) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, 'held', 0, ?, ?)",
            [allocate_seq(store, seq), entry_id, command, summary, loose.get("at", ""), loose.get("version", "?"),
             author, reason[:MAX_SUMMARY], document if len(document) <= 8 * 1024 * 1024 else None])
    return Outcome("held", entry_id, cur.lastrowid, summary, reason[:MAX_SUMMARY])


def reexecute(store, taken: TakenBack | str, *, player: str | None = None, renames: dict | None = None,
              fresh: bool = False) -> Outcome:
    """Apply a local entry again on a new base (after :func:`take_back`), as a new entry (``local`` on a
    synced campaign).

    ``ok``: it holds (``changed`` when its row changes differ from before: a new document and
    id, recorded in ``renames`` old id -> new id, which later undos and redos of it follow);
    ``refused``: the rules refuse it now: it is kept as **queued** (not in effect) with the
    reason and the rows it had changed. ``fresh``: new draws instead of the recorded ones."""
    renames = renames if renames is not None else {}
    document = taken.document if isinstance(taken, TakenBack) else taken
    old_id = digest(document.encode("utf-8"))
    player = player or (taken.player if isinstance(taken, TakenBack) else local_player(store))
    rows = taken.rows if isinstance(taken, TakenBack) else []
    before = taken.summary if isinstance(taken, TakenBack) else None
    try:
        entry, cmd, values = parse(document, store.kind.commands)
    except BadEntry as e:
        return queue(store, document, player, str(e), rows=rows, summary=before)
    args = entry.args
    if cmd.name in history.REVERTERS and args.get("entry") in renames:
        args = {**args, "entry": renames[args["entry"]]}
        values = cmd.decode(args)
    try:
        res = execute(store, cmd, values, args, feed=None if fresh else entry.draws, at=entry.at,
                      version_=version(), nonce=entry.nonce, player=player, state=new_state(store),
                      returns=False)
    except GhcliError as e:
        return queue(store, document, player, str(e), rows=rows, summary=before)
    if res.id != old_id:
        renames[old_id] = res.id
    return Outcome("ok", res.id, res.seq, res.summary, changed=res.effect != entry.effect, before=before)


def queue(store, document: str, player: str, reason: str, *, rows=(), summary: str | None = None) -> Outcome:
    """Keep a local entry the rules now refuse: queued (the retry queue), not in effect."""
    loose = loose_fields(document)
    entry_id = digest(document.encode("utf-8"))
    command = loose.get("command", "?")
    try:
        summary = summary or store.kind.commands.get(command).describe(json.loads(document).get("args"))
    except (BadEntry, ValueError, AttributeError):
        summary = command
    with store.transaction():
        store.conn.execute("DELETE FROM journal WHERE id = ? AND state = 'queued'", [entry_id])
        cur = store.conn.execute(
            "INSERT INTO journal (seq, id, command, summary, at, version, player, state, applied, reason, document) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', 0, ?, ?)",
            [allocate_seq(store), entry_id, command, summary, loose.get("at", ""), loose.get("version", "?"), player,
             reason[:MAX_SUMMARY], document])
    return Outcome("refused", entry_id, cur.lastrowid, summary, reason[:MAX_SUMMARY], rows=list(rows))


def retry(store, entry_id: str, *, fresh: bool = False) -> Outcome:
    """Apply a queued entry again (``fresh``: with new draws); it leaves the queue when it holds."""
    row = store.one("SELECT seq, document, player, summary FROM journal WHERE id = ? AND state = 'queued'",
                    [entry_id])
    if row is None:
        raise Refused(f"entry {short(entry_id)} is not in the retry queue")
    with store.transaction():
        store.conn.execute("DELETE FROM journal WHERE seq = ?", [row["seq"]])
        out = reexecute(store, TakenBack(row["seq"], entry_id, "", row["summary"], row["player"], row["document"], []),
                        fresh=fresh)
        if out.status != "ok":
            raise Refused(out.reason or "refused")
    return out


def set_state(store, entry_id: str, state: str, reason: str | None = None) -> None:
    """Mark an entry ``accepted`` (pushed), ``local``, ``queued``, ``held`` or ``dropped``
    (a queued entry given up: kept in history)."""
    if state not in ("accepted", "local", "queued", "held", "dropped"):
        raise ValueError(state)
    with store.transaction():
        cur = store.conn.execute("UPDATE journal SET state = ?, reason = ? WHERE id = ?", [state, reason, entry_id])
        if cur.rowcount != 1:
            raise Refused(f"there is no entry {short(entry_id)} in this campaign's journal")


def mark_accepted(store, entry_ids) -> None:
    """Mark entries accepted (a push put them on top of the group's history), in one transaction."""
    with store.transaction():
        store.conn.executemany("UPDATE journal SET state = 'accepted', reason = NULL WHERE id = ?",
                               [[i] for i in entry_ids])


def insert_metadata(store, items) -> list[int]:
    """History rows for entries this database does not apply (those before the snapshot it joins from):
    ``items`` are ``(document, author, summary or None)``; each row is accepted, not applied. Call it
    before applying the snapshot, so that the history keeps the group's order. Returns the seqs.
    (One statement for all the rows: a new machine joining a long campaign writes thousands.)"""
    rows = []
    described: dict[str, Any] = {}
    with store.transaction():
        first = next_seq(store)
        for i, (document, author, summary) in enumerate(items):
            text = document.decode("utf-8", "replace") if isinstance(document, bytes) else document
            try:
                doc = json.loads(text)
            except (ValueError, RecursionError):
                doc = None
            doc = doc if isinstance(doc, dict) else {}
            command = doc.get("command") if isinstance(doc.get("command"), str) else "?"
            command = command[:60] if COMMAND_NAME.match(command) else "?"
            if summary is None:
                if command not in described:
                    try:
                        described[command] = store.kind.commands.get(command)
                    except BadEntry:
                        described[command] = None
                cmd = described[command]
                summary = cmd.describe(doc.get("args")) if cmd is not None else command
            args = doc.get("args")
            draws = doc.get("draws")
            try:
                args_text = canonical(args) if isinstance(args, dict) else None
                draws_text = canonical(draws) if isinstance(draws, list) else None
            except (ValueError, TypeError):
                args_text = draws_text = None
            at = doc.get("at") if isinstance(doc.get("at"), str) and AT_PATTERN.match(doc["at"]) else ""
            ver = doc.get("version")
            ver = ver if isinstance(ver, str) and VERSION_PATTERN.match(ver) else "?"
            rows.append([first + i, digest(text.encode("utf-8", "surrogatepass")), command, str(summary)[:MAX_SUMMARY],
                         args_text, draws_text, at, ver, clean_player(author) or "unknown", text])
        store.conn.executemany(
            "INSERT INTO journal (seq, id, command, summary, args, draws, at, version, player, state, applied, "
            "document) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'accepted', 0, ?)", rows)
        if rows:
            store.conn.execute("UPDATE current SET last = max(last, ?) WHERE id = 1", [first + len(rows) - 1])
    return [r[0] for r in rows]


class _StillHeld(Exception):
    def __init__(self, outcome: Outcome):
        self.outcome = outcome


def retry_held(store, entry_id: str) -> Outcome:
    """Apply a held entry again (this ghcli was upgraded): ``ok`` (applied, with a new seq: the newest) or
    ``held`` (it still cannot be applied: the journal exactly as it was, the row keeping its seq)."""
    row = store.one("SELECT seq, document, player FROM journal WHERE id = ? AND state = 'held'", [entry_id])
    if row is None:
        raise Refused(f"entry {short(entry_id)} is not held")
    try:
        with store.transaction():
            store.conn.execute("DELETE FROM journal WHERE seq = ?", [row["seq"]])
            out = apply_received(store, row["document"] or "", row["player"])
            if out.status != "ok":
                raise _StillHeld(out)
    except _StillHeld as e:
        return Outcome("held", entry_id, row["seq"], e.outcome.summary, e.outcome.reason)
    return out
