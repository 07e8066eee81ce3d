"""What sync needs of the campaign's journal, in one place (the port between ``ghcli.sync`` and ``ghcli.journal``).

The sync algorithm (``ghcli.sync.engine``) speaks only through these functions:
entries as canonical document bytes (id = sha256 of the bytes), their states
(``accepted``: in the group's history; ``local``: made here, not pushed;
``queued``: a local entry that no longer holds, waiting for ``sync retry`` or
``sync drop``; ``held``: received but not applicable here; ``dropped``), and
the steps of a rebase (take a local entry back, apply a received one,
re-execute a local one on top), over ``ghcli.journal.rebase`` and
``ghcli.journal.history``.

An entry's ``nonce`` is the same in every form of it: re-executed with other
row changes (a new document and id) or edited by someone (another id). A
received document with the nonce of an entry this machine has is the pushed
form of one of its own local entries, or an edited copy of an accepted one.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from ghcli.campaign.kind import Store
from ghcli.errors import Refused
from ghcli.journal import entries as jentries
from ghcli.journal import history, rebase, run

NONCE_KEY = "nonce"
MAX_DOC_BYTES = jentries.MAX_SNAPSHOT_BYTES
SNAPSHOTS = True
_NONCE_AT = '"nonce":"'
COLS = "seq, id, command, summary, player, at, state, reason, document"


class Garbage(ValueError):
    """A line of a commit message that is no entry at all (not JSON, not an object): ignored."""


def new_nonce(random_hex: str) -> str:
    """A nonce made of random hex digits (for tests that forge new entries)."""
    return random_hex[:16].rjust(16, "0")


@dataclass(frozen=True)
class Rec:
    """One entry as the sync sees it."""

    seq: int                 # its number here (#N)
    id: str                  # sha256 of its document
    nonce: str
    command: str
    summary: str
    player: str
    at: str
    state: str               # accepted | local | queued | held | dropped
    reason: str | None
    document: bytes
    entry: Any = None        # the journal's token (a taken-back entry)

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
    return jentries.canonical(value).encode("utf-8")


def digest(document: bytes) -> str:
    return jentries.digest(document)


def _nonce_of(text: str) -> str:
    """The nonce of a canonical document, read where canonical JSON puts it (a key appears once,
    and a quote inside a string is escaped, so the text cannot hide a second one)."""
    at = text.find(_NONCE_AT)
    if at < 0:
        return ""
    end = text.find('"', at + len(_NONCE_AT))
    return text[at + len(_NONCE_AT):end] if end > 0 else ""


def parse(document: bytes) -> Parsed:
    """The identity of a received document; :class:`Garbage` for what is no entry at all."""
    if len(document) > MAX_DOC_BYTES:
        raise Garbage(f"a line of {len(document)} bytes is larger than an entry may be")
    try:
        doc = json.loads(document)
    except (ValueError, RecursionError):
        raise Garbage("a line that is not JSON") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("format"), int) or isinstance(doc["format"], bool):
        raise Garbage("a line that is not an entry (not a JSON object with a format)")
    nonce = doc.get("nonce") if isinstance(doc.get("nonce"), str) else ""
    command = doc.get("command") if isinstance(doc.get("command"), str) else "?"
    return Parsed(digest(document), nonce[:64], jentries.CONTROL_RE.sub(" ", command)[:60],
                  command == "snapshot", document)


# -- reading the journal ---------------------------------------------------------------

def _rec(row: dict, entry: Any = None) -> Rec:
    text = row.get("document") or ""
    return Rec(row["seq"], row["id"] or "", _nonce_of(text), row["command"], row["summary"] or row["command"],
               row["player"] or "", row.get("at") or "", row["state"], row.get("reason"),
               text.encode("utf-8", "surrogatepass"), entry)


def campaign_id(store: Store) -> str | None:
    return store.value("SELECT id FROM journal WHERE document IS NOT NULL ORDER BY seq LIMIT 1")


def has_campaign(store: Store) -> bool:
    return bool(store.kind.has_campaign(store)) if hasattr(store.kind, "has_campaign") else \
        bool(store.value("SELECT count(*) FROM journal WHERE applied = 1"))


def in_state(store: Store, state: str) -> list[Rec]:
    return [_rec(r) for r in store.rows(f"SELECT {COLS} FROM journal WHERE state = ? ORDER BY seq", [state])]


def local_entries(store: Store) -> list[Rec]:
    """The local entries, in the order they were applied (those undone by a local undo too)."""
    return in_state(store, "local")


def to_send(store: Store) -> list[Rec]:
    """Everything a first push to an empty remote sends: the whole history, in order."""
    return [_rec(r) for r in store.rows(f"SELECT {COLS} FROM journal WHERE state IN ('accepted', 'local') "
                                        "AND document IS NOT NULL ORDER BY seq")]


def localize_from_first_missing(store: Store, on_remote: set[str]) -> int:
    """Make local again every applied entry from the first one whose id is not in ``on_remote``."""
    rows = store.rows("SELECT seq, id FROM journal WHERE state = 'accepted' AND applied = 1 ORDER BY seq")
    first = next((r["seq"] for r in rows if r["id"] not in on_remote), None)
    if first is None:
        return 0
    ids = [r["id"] for r in rows if r["seq"] >= first]
    for entry_id in ids:
        rebase.set_state(store, entry_id, "local")
    return len(ids)


def counts(store: Store) -> dict[str, int]:
    c = history.counts(store)
    return {"local": c["local"], "queued": c["queued"], "held": c["held"]}


def nonce_index(store: Store) -> dict[str, Rec]:
    """Every entry of the journal by nonce (one read of the journal, for a rebase that receives entries)."""
    out: dict[str, Rec] = {}
    for row in store.rows(f"SELECT seq, id, command, summary, player, at, state, reason, "
                          f"substr(document, instr(document, '{_NONCE_AT}') + {len(_NONCE_AT)}, 16) AS nonce "
                          "FROM journal WHERE document IS NOT NULL ORDER BY seq"):
        out.setdefault(row["nonce"], Rec(row["seq"], row["id"] or "", row["nonce"], row["command"],
                                         row["summary"] or row["command"], row["player"] or "", row["at"] or "",
                                         row["state"], row["reason"], b""))
    return out


def by_ref(store: Store, ref: str) -> Rec:
    """An entry by number (#12) or by the start of its id."""
    row = history.find(store, ref)
    full = store.one(f"SELECT {COLS} FROM journal WHERE seq = ?", [row["seq"]])
    return _rec(full)


def touched(store: Store, rec: Rec) -> set:
    """The rows an entry's changes touched: (table, rowid) pairs."""
    return set(run.changed_rows(store, rec.seq))


def accepted_ids(store: Store) -> list[str]:
    return [r["id"] for r in store.rows("SELECT id FROM journal WHERE state = 'accepted' AND command != 'snapshot'")]


def history_digest(ids) -> str:
    """A digest of a set of entry ids (the history a snapshot's author accepted before it)."""
    return hashlib.sha256("\n".join(sorted(ids)).encode()).hexdigest()


def since_snapshot(store: Store) -> int:
    last = store.value("SELECT max(seq) FROM journal WHERE command = 'snapshot'") or 0
    return store.value("SELECT count(*) FROM journal WHERE seq > ? AND state IN ('accepted', 'local')", [last]) or 0


# -- the steps of a rebase -------------------------------------------------------------

def unapply(store: Store, rec: Rec) -> Rec:
    """Take a local entry back (newest first); returns what :func:`reexecute` applies again."""
    taken = rebase.take_back(store, rec.id)
    return Rec(rec.seq, rec.id, rec.nonce, rec.command, rec.summary, rec.player, rec.at, "local", None,
               rec.document, taken)


def forget(store: Store, taken: Rec) -> None:
    """A taken-back local entry that is not applied again (the remote holds its pushed form)."""


def settle_received(store: Store) -> None:
    """(Received entries are accepted as they are applied.)"""


def _outcome_rec(store: Store, out: rebase.Outcome) -> Rec:
    row = store.one(f"SELECT {COLS} FROM journal WHERE seq = ?", [out.seq])
    return _rec(row)


def receive(store: Store, document: bytes, author: str) -> Rec:
    """Apply a received entry (accepted), or keep it held with the reason it cannot be applied here."""
    out = rebase.apply_received(store, document, author)
    return _outcome_rec(store, out)


def retry_held(store: Store, rec: Rec) -> Rec | None:
    """Apply a held entry again (after an upgrade): accepted when it applies now, else held still."""
    out = rebase.retry_held(store, rec.id)
    return rec if out.status == "held" else _outcome_rec(store, out)


def reexecute(store: Store, taken: Rec, *, renames: dict | None = None, fresh: bool = False) -> Outcome:
    """Apply a taken-back local entry on top: local when it holds, else queued."""
    out = rebase.reexecute(store, taken.entry, renames=renames, fresh=fresh)
    rec = _outcome_rec(store, out)
    if out.status != "ok":
        return Outcome(rec, False, out.reason)
    # Reported as changed when what the player reads changed (not a row number shifted by others' rows).
    return Outcome(rec, True, None, out.before if out.changed and out.before != out.summary else None)


def retry(store: Store, rec: Rec) -> Outcome:
    """``sync retry``: a queued entry applied again (fresh draws where the recorded ones no longer fit)."""
    try:
        out = rebase.retry(store, rec.id)
    except Refused:
        try:
            out = rebase.retry(store, rec.id, fresh=True)
        except Refused as e:
            row = store.one(f"SELECT {COLS} FROM journal WHERE id = ?", [rec.id])
            return Outcome(_rec(row) if row else rec, False, str(e))
    return Outcome(_outcome_rec(store, out), True)


def mark_accepted(store: Store, recs: list[Rec]) -> None:
    rebase.mark_accepted(store, [r.id for r in recs])


def drop(store: Store, rec: Rec) -> None:
    rebase.set_state(store, rec.id, "dropped", reason=rec.reason)


def snapshot_document(store: Store) -> bytes | None:
    from ghcli.journal import snapshot

    return snapshot.make(store).encode("utf-8")


def record_snapshot(store: Store, document: bytes, author: str) -> Rec:
    return receive(store, document, author)


def add_metadata(store: Store, items) -> None:
    rebase.insert_metadata(store, [(doc, author, None) for doc, author in items])


def replay(store: Store, target) -> None:
    """Rebuild the campaign's database at ``target`` from its journal (the benchmark's replay)."""
    from ghcli.journal import replay as jreplay

    jreplay.rebuild(target, store.kind, jreplay.items(store)).close()


def player(store: Store) -> str:
    """The local player's name, as new entries record it."""
    from ghcli.journal.player import local_player

    return local_player(store)
