"""What sync needs of the campaign's log, in one place (the port between ``ghcli.sync`` and the journal).

The sync algorithm (``ghcli.sync.core``) speaks only through these functions:
entries as canonical document bytes (id = sha256 of the bytes), their states
(``accepted``: in the group's history; ``local``: made here, not pushed;
``queued``: a local entry that no longer holds, waiting for ``sync retry`` or
``sync drop``; ``held``: received but not applicable here), and the steps of a
rebase (un-apply a local entry, apply a received one, re-execute a local one
on top).

This implementation runs over the command log of ``ghcli.campaign.log`` (the
``history`` table) until the journal package replaces it: there a local entry
is a history row after the last accepted one (``sync_state.accepted_upto``),
un-applying is ``Store.rewind_last`` (so re-executed rows get new numbers),
the entry's nonce is its ``uid``, and a document carries no player (the author
is the git commit's) and no clock (clocks order nothing).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from typing import Any

import ghcli.campaign.log as log
from ghcli.campaign.db import Store

FORMAT = 1
WIRE_KEYS = {"format", "uid", "at", "version", "command", "args", "draws"}
MAX_DOC_BYTES = log.MAX_ENTRY_BYTES
NONCE_KEY = "uid"   # the document field that stays the same when an entry is re-executed or edited


def new_nonce(random_hex: str) -> str:
    """A nonce made of random hex digits (for tests that forge new entries)."""
    return random_hex[:32].rjust(32, "0")


class Garbage(ValueError):
    """A line of a commit message that is no entry at all (not JSON, not an object): ignored."""


@dataclass(frozen=True)
class Rec:
    """One entry as the sync sees it."""

    seq: int                 # its number here (#N)
    id: str                  # sha256 of its document
    nonce: str               # the same for an entry and its re-executed or edited forms
    command: str
    summary: str
    player: str
    at: str
    state: str               # accepted | local | queued | held | dropped
    reason: str | None
    document: bytes
    entry: Any = None        # the log entry (this implementation's)

    @property
    def short(self) -> str:
        return self.id[:10]


@dataclass(frozen=True)
class Parsed:
    id: str
    nonce: str
    command: str
    snapshot: bool
    document: bytes


@dataclass(frozen=True)
class Outcome:
    rec: Rec
    ok: bool
    reason: str | None = None
    was: str | None = None   # the summary before, when the outcome changed


# -- settings ------------------------------------------------------------------------

def setting(store: Store, key: str) -> str | None:
    return store.sync_setting(key)


def set_settings(store: Store, **values: Any) -> None:
    store.set_sync_settings(**{k: "" if v is None else str(v) for k, v in values.items()})


def clear_settings(store: Store) -> None:
    store.clear_sync_settings()


# -- documents -----------------------------------------------------------------------

def canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def digest(document: bytes) -> str:
    return hashlib.sha256(document).hexdigest()


def document_of(e: log.Entry) -> bytes:
    return canonical({"format": FORMAT, "uid": e.uid, "at": e.at, "version": e.version, "command": e.command,
                      "args": e.args, "draws": e.draws})


def parse(document: bytes) -> Parsed:
    """The identity of a received document; :class:`Garbage` for what is no entry at all."""
    if len(document) > MAX_DOC_BYTES:
        raise Garbage(f"a line of {len(document)} bytes is larger than an entry may be")
    try:
        doc = json.loads(document)
    except (ValueError, RecursionError):
        raise Garbage("a line that is not JSON") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("uid"), str) or not log.UID_RE.match(doc["uid"]):
        raise Garbage("a line that is not an entry (no id)")
    command = doc.get("command") if isinstance(doc.get("command"), str) else "?"
    return Parsed(digest(document), doc["uid"], log.CONTROL_RE.sub(" ", command)[:60], command == "snapshot",
                  document)


def _entry(document: bytes, author: str) -> tuple[log.Entry, str | None]:
    """The log entry of a document, or the reason it cannot be applied by this ghcli."""
    doc = json.loads(document)
    uid = doc["uid"]
    bad = None
    extra = sorted(set(doc) - WIRE_KEYS)
    if doc.get("format") != FORMAT:
        bad = f"entry format {str(doc.get('format'))[:20]} is not this ghcli's ({FORMAT}): a newer ghcli made it"
    elif extra:
        bad = f"unknown field {extra[0][:40]!r} (a newer ghcli made it?)"
    at = doc.get("at") if isinstance(doc.get("at"), str) and log.AT_RE.match(doc["at"]) else ""
    version = doc.get("version") if isinstance(doc.get("version"), str) and log.VERSION_RE.match(
        doc["version"]) else "?"
    command = doc.get("command") if isinstance(doc.get("command"), str) else "?"
    name = log.CONTROL_RE.sub(" ", author)[:100] or "unknown"
    if bad is None:
        try:
            log.decode_args(log.registered(command), doc.get("args"))
            log.check_draws(doc.get("draws", []))
        except log.BadEntry as e:
            bad = str(e)
    args = doc.get("args") if bad is None else None
    draws = doc.get("draws", []) if bad is None else []
    e = log.Entry(uid, "", at, name, version, log.CONTROL_RE.sub(" ", command)[:60], args, draws, invalid=bad)
    return e, bad


# -- reading the log -------------------------------------------------------------------

COLS = "id, at, command, summary, uid, clock, player, version, op, args, draws, status, reason"


def _upto(store: Store) -> int:
    return int(setting(store, "accepted_upto") or 0)


def _rec(store: Store, row: dict, upto: int | None = None) -> Rec:
    e = log.entry_from_row(row)
    upto = _upto(store) if upto is None else upto
    status = row["status"]
    if status in ("queued", "held", "dropped"):
        state = status
    elif row["id"] > upto:
        state = "local"
    else:
        state = "accepted"
    doc = document_of(e) if e.args is not None else canonical({"uid": e.uid, "lost": True})
    return Rec(row["id"], digest(doc), e.uid, e.command, row["summary"], row["player"] or "", row["at"], state,
               row["reason"], doc, e)


def campaign_id(store: Store) -> str | None:
    row = store.one(f"SELECT {COLS} FROM history ORDER BY id LIMIT 1")
    return _rec(store, row).id if row else None


def entries(store: Store) -> list[Rec]:
    upto = _upto(store)
    return [_rec(store, r, upto) for r in store.rows(f"SELECT {COLS} FROM history ORDER BY id")]


def local_entries(store: Store) -> list[Rec]:
    """The local entries in effect order (those in effect and those undone by a local undo)."""
    upto = _upto(store)
    rows = store.rows(f"SELECT {COLS} FROM history WHERE id > ? AND status IN ('ok', 'undone') ORDER BY id",
                      [upto])
    return [_rec(store, r, upto) for r in rows]


def in_state(store: Store, state: str) -> list[Rec]:
    rows = store.rows(f"SELECT {COLS} FROM history WHERE status = ? ORDER BY id", [state])
    return [_rec(store, r) for r in rows]


def counts(store: Store) -> dict[str, int]:
    upto = _upto(store)
    out = {"local": store.value("SELECT count(*) FROM history WHERE id > ? AND status IN ('ok', 'undone')",
                                [upto]) or 0}
    for state in ("queued", "held"):
        out[state] = store.value("SELECT count(*) FROM history WHERE status = ?", [state]) or 0
    return out


def by_nonce(store: Store, nonce: str) -> Rec | None:
    row = store.one(f"SELECT {COLS} FROM history WHERE uid = ?", [nonce])
    return _rec(store, row) if row else None


def by_ref(store: Store, ref: str) -> Rec:
    """An entry by number (#12) or by the start of its id or nonce."""
    text = str(ref).strip().lstrip("#").lower()
    if len(text) >= 6 and all(c in "0123456789abcdef" for c in text):
        found = [r for r in entries(store) if r.id.startswith(text)]
        if len(found) == 1:
            return found[0]
    row = store.entry(ref)
    full = store.one(f"SELECT {COLS} FROM history WHERE id = ?", [row["id"]])
    return _rec(store, full)


def touched(store: Store, rec: Rec) -> set:
    """The rows an entry's changes touched: (table, rowid) pairs, read from its undo data."""
    out = set()
    for (sql,) in store.tuples("SELECT sql FROM undo_log WHERE history_id = ?", [rec.seq]):
        words = sql.split()
        table = words[2] if words[0] in ("DELETE", "INSERT") else words[1]
        rowid = sql.rsplit("rowid = ", 1)[-1] if "rowid = " in sql else sql.split("VALUES (", 1)[-1].split(",")[0]
        out.add((table.strip('"'), rowid.strip().rstrip(")")))
    return out


# -- the steps of a rebase -------------------------------------------------------------

def unapply(store: Store, rec: Rec) -> Rec:
    """Take a local entry out of effect (it must be the newest row); returns what :func:`reexecute` takes."""
    last = store.value("SELECT max(id) FROM history")
    if last != rec.seq:
        raise RuntimeError(f"unapply #{rec.seq}: #{last} is newer")
    store.rewind_last()
    return rec


def forget(store: Store, taken: Rec) -> None:
    """A taken-back local entry that is not applied again (the remote holds its pushed form)."""


def nonce_index(store: Store) -> dict[str, Rec]:
    return {r.nonce: r for r in entries(store)}


def _apply(store: Store, e: log.Entry) -> str | None:
    """Apply an entry; the reason when it cannot be (recorded as a row, as the log does)."""
    from ghcli.errors import GhcliError

    reason = e.invalid
    if reason is None:
        try:
            cmd = log.registered(e.command)
            log.run(store, cmd, log.decode_args(cmd, e.args), e)
            return None
        except GhcliError as err:
            reason = str(err)
        except Exception as err:  # a hostile entry must not stop the others
            reason = f"cannot be applied ({type(err).__name__}: {str(err)[:200]})"
    store.record_rejected(e, reason)
    return reason


def _last(store: Store) -> dict:
    return store.one(f"SELECT {COLS} FROM history ORDER BY id DESC LIMIT 1")


def receive(store: Store, document: bytes, author: str) -> Rec:
    """Apply a received entry (accepted), or keep it held with the reason it cannot be applied here."""
    e, bad = _entry(document, author)
    reason = _apply(store, e)
    row = _last(store)
    if reason is not None:
        store.db.execute("UPDATE history SET status = 'held', reason = ? WHERE id = ?", [reason, row["id"]])
        row = _last(store)
    return replace(_rec(store, row, upto=row["id"]), document=document, id=digest(document))


def reexecute(store: Store, rec: Rec, *, renames: dict | None = None, fresh: bool = False) -> Outcome:
    """Run a local (un-applied) or queued entry again on top: local when it holds, else queued."""
    e = rec.entry
    if rec.state == "queued":
        store.db.execute("DELETE FROM history WHERE id = ?", [rec.seq])
    reason = _apply(store, e)
    row = _last(store)
    if reason is not None:
        store.db.execute("UPDATE history SET status = 'queued', reason = ? WHERE id = ?", [reason, row["id"]])
        return Outcome(_rec(store, _last(store), upto=0), False, reason)
    new = _rec(store, row, upto=0)
    new = replace(new, state="local")
    return Outcome(new, True, None, rec.summary if rec.summary != new.summary else None)


def settle_received(store: Store) -> None:
    """The entries received so far are accepted (the local ones re-executed after them are not)."""
    set_settings(store, accepted_upto=store.value("SELECT max(id) FROM history") or 0)


def mark_accepted(store: Store, recs: list[Rec]) -> None:
    upto = store.value("SELECT max(id) FROM history WHERE status IN ('ok', 'undone')") or 0
    set_settings(store, accepted_upto=max(upto, _upto(store)))


def drop(store: Store, rec: Rec) -> None:
    store.db.execute("UPDATE history SET status = 'dropped' WHERE id = ?", [rec.seq])


def retry(store: Store, rec: Rec) -> Outcome:
    """``sync retry``: a queued entry applied again."""
    return reexecute(store, rec, fresh=True)


def retry_held(store: Store, rec: Rec) -> Rec | None:
    """Apply a held entry again (after an upgrade); None when this log cannot (it keeps no document)."""
    return None


def snapshot_document(store: Store) -> bytes | None:
    """A snapshot entry of the campaign's state (None: this log has none)."""
    return None


def record_snapshot(store: Store, document: bytes, author: str) -> Rec:
    raise NotImplementedError


def replay(store: Store, target) -> None:
    """Rebuild the campaign's database at ``target`` from its log (the benchmark's replay)."""
    rebuilt, rejected = log.rebuild(target, log.entries(store))
    rebuilt.close()
    if rejected:
        raise RuntimeError(f"replay refused {len(rejected)} entries: {rejected[0][1]}")


SNAPSHOTS = False


def add_metadata(store: Store, items) -> None:
    raise NotImplementedError


def history_digest(ids) -> str:
    """A digest of a set of entry ids (the history a snapshot's author accepted before it)."""
    return hashlib.sha256("\n".join(sorted(ids)).encode()).hexdigest()


def accepted_ids(store: Store) -> list[str]:
    return [r.id for r in entries(store) if r.state == "accepted"]


def since_snapshot(store: Store) -> int:
    return 0


def has_campaign(store: Store) -> bool:
    return bool(store.value("SELECT count(*) FROM campaign"))


def player(store: Store) -> str:
    """The local player's name, as new entries record it."""
    return log.player()
