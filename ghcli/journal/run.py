"""Applying entries, reverting them, undo and redo.

**Applying** (:func:`execute`): one transaction (a savepoint inside a batch).
The journal row is inserted first and its seq put in ``current``, so the
triggers record every row change into ``changes`` under it; the command runs
with a :class:`Context`; its recorded draws are fed back when it is replayed
or received (a draw that no longer fits is a refusal); the effect digest is
the sha256 of its changes (first 16 hex digits); the document is then
complete and its id is the sha256 of its canonical bytes.

**Reverting** (:func:`revert_changes`): an entry's changes in reverse order;
for each, the row must be as the entry left it (else: refused, naming the
later entry that changed it), and the old values come back through a
parameterized statement built from the schema's own table and column names.
Nothing stored is ever executed.

**Undo is one thing**: ``undo ENTRY`` is an entry that reverts one earlier
entry; ``redo ENTRY`` is an entry that reverts an undo. The reverted entry
stays in the journal, ``undone_by`` the reverting entry's seq; when that one
is reverted in turn, its target is back in effect.

For a sync: :func:`take_back` (revert a local entry and take it out of the
journal, newest first), :func:`apply_received` (apply a document received from
the group: its effect must be the one computed here, else it is held),
:func:`reexecute` (apply a taken-back local entry again on the new base),
:func:`retry`, :func:`set_state`.
"""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from ghcli.errors import BadInput, GhcliError, Refused
from ghcli.journal import history
from ghcli.journal.commands import Command, RecordingRandom
from ghcli.journal.context import Context
from ghcli.journal.entries import (
    AT_RE as AT_PATTERN, COMMAND_RE as COMMAND_NAME, ID_RE, VERSION_RE as VERSION_PATTERN, BadEntry, Entry,
    canonical, compose, digest, loose_fields, new_nonce, parse, short,
)
from ghcli.journal.player import clean as clean_player, local_player
from ghcli.journal.schema import qi
from ghcli.journal.store import Done, Later, now_iso, too_large

MAX_SUMMARY = 500


def version() -> str:
    from ghcli import __version__

    return __version__


class EffectMismatch(GhcliError):
    """A received entry whose row changes here differ from those it records."""


@dataclass
class Result:
    """An entry applied: its journal row (``row``) and the values the command returned."""

    seq: int
    id: str
    summary: str
    effect: str
    entry: Entry
    values: Any = None
    row: dict = field(default_factory=dict)


def new_state(store) -> str:
    """The state of an entry typed here: ``local`` (not pushed yet) on a synced campaign, else ``accepted``."""
    return "local" if store.sync_setting("remote") else "accepted"


def base_rng(store, seq: int) -> random.Random:
    """The random stream behind an entry's draws: seeded by the campaign's seed and the number of changes
    in effect before it (so a seeded campaign draws the same for the same commands, and a command undone
    and typed again draws the same again), else fresh system randomness. Only a live draw asks: a replayed
    or received entry's draws are recorded."""
    seed = store.kind.seed(store) if store.kind.seed else None
    if seed is None:
        return random.Random()
    count = store.value(f"SELECT count(*) FROM journal WHERE seq < ? AND {history.IN_EFFECT} "
                        "AND command NOT IN ('undo', 'redo')", [seq])
    return random.Random(f"{seed}:{count}")


def typed(store, cmd: Command, values: dict) -> Any:
    """A command typed here: a new entry by this machine's player. Returns the command's values."""
    args = cmd.encode(values)
    return execute(store, cmd, values, args, feed=None, at=now_iso(), version_=version(), nonce=new_nonce(),
                   player=local_player(store), state=new_state(store)).values


def next_seq(store) -> int:
    """The seq the next journal row gets: never one given before (even to an entry taken back since)."""
    return store.conn.execute("SELECT last FROM current WHERE id = 1").fetchone()[0] + 1


def allocate_seq(store, seq: int | None = None) -> int:
    """Give a journal row its seq (``seq``: a given one, from a replayed journal), and remember it."""
    seq = seq if seq is not None else next_seq(store)
    store.conn.execute("UPDATE current SET last = max(last, ?) WHERE id = 1", [seq])
    return seq


SET_CURRENT = "UPDATE current SET seq = ?, last = max(last, ?) WHERE id = 1"
INSERT_ENTRY = ("INSERT INTO journal (seq, id, command, summary, args, draws, at, version, player, state, document) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")


def execute(store, cmd: Command, values: dict, args: dict, *, feed: list | None, at: str, version_: str,
            nonce: str, player: str, state: str, seq: int | None = None, expect_effect: str | None = None,
            document: str | None = None, atomic: bool = True, returns: bool = True,
            entry: Entry | None = None, deferred: list | None = None) -> Result:
    """Apply one entry in one transaction (see the module's docstring); the Store's ``last_entry`` is its row.

    The entry's seq goes into ``current`` first (the triggers record its row changes under it); its journal
    row is written when the entry is complete (document, id, summary), in the same transaction. Inside a
    transaction already open it is a savepoint, unless not ``atomic`` (a replay: one failure fails it all).
    ``returns`` False: nobody reads the command's values (a replay, a received entry): a ``Later`` in them
    is not called, and ``Result.values`` is None. ``entry``: the parsed ``document`` (kept as the Result's
    entry when the document re-made here is the same, as it must be). ``deferred`` (a replay's list): the
    effect is checked later, with the other entries' (:func:`check_effects`, one read of ``changes``
    for many entries): ``(seq, expect_effect)`` is appended to it, and the caller must check the list
    before it commits, and before it reports any failure of a later entry (so that the first entry
    that does not replay is the one named, as when each is checked at once)."""
    conn = store.conn
    nested = conn.in_transaction
    savepoint = nested and atomic
    if savepoint:
        conn.execute("SAVEPOINT ghcli_entry")
    elif not nested:
        store.check_writable()
        conn.execute("BEGIN IMMEDIATE")
    try:
        seq_ = seq if seq is not None else next_seq(store)
        conn.execute(SET_CURRENT, [seq_, seq_])
        store.recording = True
        rnd = RecordingRandom(feed, lambda: base_rng(store, seq_))
        ctx = Context(store, seq_, at, player, rnd)
        out = cmd.fn(ctx, **values)
        rnd.finish()
        if ctx.effect is not None:
            effect = ctx.effect
        elif deferred is not None and expect_effect is not None:
            effect = expect_effect
            deferred.append((seq_, expect_effect))
        else:
            effect = effect_digest(conn, seq_)
        if expect_effect is not None and effect != expect_effect:
            raise EffectMismatch(f"its row changes here ({effect}) are not those it records ({expect_effect})")
        args_text = canonical(args)
        draws = rnd.draws
        draws_text = canonical(draws) if draws else "[]"
        text = compose(args_text, at, cmd.name, draws_text, effect, nonce, version_)
        if document is not None and text != document:
            if deferred is not None and (real := effect_digest(conn, seq_)) != effect:
                raise EffectMismatch(f"its row changes here ({real}) are not those it records ({expect_effect})")
            raise EffectMismatch("applied here it is not the document received (its arguments or draws differ, "
                                 "or it is not written in canonical form)")
        if entry is None or document is None:
            entry = Entry.of(cmd.name, args, draws, at, version_, nonce, effect, text)
        if isinstance(out, Done):
            summary, out = out.summary, out.values
        else:
            summary = ctx.summary
        out = (out() if isinstance(out, Later) else out) if returns else None
        summary = (summary or cmd.name)[:MAX_SUMMARY]
        entry_id = digest(text.encode("utf-8"))
        try:
            conn.execute(INSERT_ENTRY, [seq_, entry_id, cmd.name, summary, args_text, draws_text, at, version_,
                                        player, state, text])
        except sqlite3.IntegrityError:
            raise Refused(f"entry {short(entry_id)} (#{seq_}) is in the journal already") from None
        if savepoint:
            conn.execute("RELEASE ghcli_entry")
        elif not nested:
            conn.execute("UPDATE current SET seq = NULL WHERE id = 1")
            store.recording = False
            conn.execute("COMMIT")
    except BaseException as e:
        if savepoint:
            conn.execute("ROLLBACK TO ghcli_entry")
            conn.execute("RELEASE ghcli_entry")
        elif not nested:
            store.recording = False
            if conn.in_transaction:
                conn.execute("ROLLBACK")
        if isinstance(e, OverflowError):
            # A number too big for SQLite reached a write: the commands check their amounts
            # first; this keeps any that slips through a one-line bad input.
            raise too_large() from None
        raise
    row = {"seq": seq_, "id": entry_id, "command": cmd.name, "summary": summary, "at": at, "player": player,
           "version": version_, "args": args, "draws": rnd.draws, "state": state, "applied": True,
           "undone_by": None, "reason": None, "in_effect": True}
    store.last_entry = row
    return Result(seq_, entry_id, summary, effect, entry, out, row)


def check_effects(conn: sqlite3.Connection, pending: list[tuple[int, str]]) -> tuple[int, str, str] | None:
    """The first of ``pending`` (``(seq, expected effect)``, as ``execute(deferred=...)`` leaves them) whose
    row changes digest to another effect, as ``(seq, effect, expected)``; None when all hold. One read of
    ``changes`` for all of them; each digest is :func:`effect_digest`'s."""
    if not pending:
        return None
    seqs = [seq for seq, _ in pending]
    cur = conn.cursor()
    cur.row_factory = None
    texts: dict[int, list[str]] = {}
    for seq, tbl, op, row, old, new in cur.execute(
            "SELECT seq, tbl, op, row, old, new FROM changes WHERE seq BETWEEN ? AND ? ORDER BY n",
            [min(seqs), max(seqs)]).fetchall():
        texts.setdefault(seq, []).append(f"{tbl}\x1f{op}\x1f{row}\x1f{old}\x1f{new}\x1e")
    for seq, expected in pending:
        effect = hashlib.sha256("".join(texts.get(seq, ())).encode()).hexdigest()[:16]
        if effect != expected:
            return seq, effect, expected
    return None


def effect_digest(conn: sqlite3.Connection, seq: int) -> str:
    """The digest of an entry's row changes, in order (the first 16 hex digits of a sha256)."""
    cur = conn.cursor()
    cur.row_factory = None  # plain tuples (no sqlite3.Row made per change)
    rows = cur.execute("SELECT tbl, op, row, old, new FROM changes WHERE seq = ? ORDER BY n", [seq]).fetchall()
    text = "".join(f"{tbl}\x1f{op}\x1f{row}\x1f{old}\x1f{new}\x1e" for tbl, op, row, old, new in rows)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# -- reverting ------------------------------------------------------------------------


def changed_rows(store, seq: int) -> list[tuple[str, int]]:
    """The rows (table, rowid) an entry changed, in order, each once."""
    seen: dict[tuple[str, int], None] = {}
    for tbl, row in store.tuples("SELECT tbl, row FROM changes WHERE seq = ? ORDER BY n", [seq]):
        seen.setdefault((tbl, row), None)
    return list(seen)


def revert_changes(store, target: dict) -> list[tuple[str, int]]:
    """Put back every row ``target`` changed as it was before it; returns the rows.

    Refused (nothing changed) when a later entry changed one of them, naming that entry."""
    conn = store.conn
    known = set(store.tables())
    changes = store.tuples("SELECT n, tbl, op, row, old, new FROM changes WHERE seq = ? ORDER BY n DESC",
                           [target["seq"]])
    rows = []
    try:
        for _n, tbl, op, rowid, old, new in changes:
            if tbl not in known:
                raise Refused(f"{history.label(target)} changed a table this campaign does not have ({tbl[:40]!r})")
            try:
                before = json.loads(old) if old is not None else None
                after = json.loads(new) if new is not None else None
                width = len(before if before is not None else after)
                if not all(v is None or isinstance(v, list) for v in (before, after)):
                    raise ValueError
            except (ValueError, TypeError, RecursionError):
                raise Refused(f"{history.label(target)} cannot be undone: its recorded row changes are damaged "
                              "(the file was edited outside ghcli)") from None
            cols = store.columns(tbl)[:width]
            here = conn.execute(f"SELECT json_array({', '.join(qi(c) for c in cols)}) FROM {qi(tbl)} WHERE rowid = ?",
                                [rowid]).fetchone()
            here = here[0] if here is not None else None
            if here != (new if op != "d" else None):
                raise _conflict(store, target, tbl, rowid, cols, here, after)
            if op == "i":
                conn.execute(f"DELETE FROM {qi(tbl)} WHERE rowid = ?", [rowid])
            elif op == "u":
                conn.execute(f"UPDATE {qi(tbl)} SET {', '.join(qi(c) + ' = ?' for c in cols)} WHERE rowid = ?",
                             [*before, rowid])
            else:
                conn.execute(f"INSERT INTO {qi(tbl)} (rowid, {', '.join(qi(c) for c in cols)}) "
                             f"VALUES (?, {', '.join('?' for _ in cols)})", [rowid, *before])
            rows.append((tbl, rowid))
    except sqlite3.IntegrityError:
        raise Refused(f"{history.label(target)} cannot be undone: later entries build on what it made "
                      "(undo them first)") from None
    return list(dict.fromkeys(reversed(rows)))


def _conflict(store, target: dict, tbl: str, rowid: int, cols: list[str], here: str | None, after: list | None):
    """The refusal for a row that a later entry changed: '#31 buy by Bob changed Ann's gold after it'."""
    later = store.one(
        "SELECT j.seq, j.command, j.player FROM changes c JOIN journal j ON j.seq = c.seq "
        "WHERE c.seq > ? AND c.tbl = ? AND c.row = ? AND (c.old IS NOT c.new) ORDER BY c.seq DESC LIMIT 1",
        [target["seq"], tbl, rowid])
    now = json.loads(here) if here is not None else None
    values = now if now is not None else after
    name = None
    if values is not None and "name" in cols:
        name = values[cols.index("name")]
    what = f"{name}'s" if isinstance(name, str) else f"{tbl} row {rowid}:"
    if now is None:
        did = f"deleted {name if isinstance(name, str) else f'{tbl} row {rowid}'}"
    elif after is None:
        did = f"made {name if isinstance(name, str) else f'{tbl} row {rowid}'} again"
    else:
        diff = [c for c, a, b in zip(cols, now, after) if a != b]
        did = f"changed {what} {', '.join(diff) or 'row'}"
    who = f"#{later['seq']} {later['command']} by {later['player']}" if later else "a later change"
    return Refused(f"cannot undo {history.label(target)}: {who} {did} after it: undo that first")


def _target_of(store, row: dict) -> dict | None:
    """The entry an undo or redo reverts."""
    args = row.get("args") or {}
    if isinstance(args, str):
        args = json.loads(args)
    entry = args.get("entry") if isinstance(args, dict) else None
    return history.by_id(store, entry) if isinstance(entry, str) else None


def _out_of_effect(store, target: dict, by: int) -> None:
    store.conn.execute("UPDATE journal SET undone_by = ? WHERE seq = ?", [by, target["seq"]])
    if target["command"] in history.REVERTERS:
        inner = _target_of(store, target)
        if inner is not None:
            _into_effect(store, inner)


def _into_effect(store, row: dict) -> None:
    store.conn.execute("UPDATE journal SET undone_by = NULL WHERE seq = ?", [row["seq"]])
    if row["command"] in history.REVERTERS:
        inner = _target_of(store, row)
        if inner is not None:
            _out_of_effect(store, inner, row["seq"])


def check_revertible(store, target: dict) -> None:
    if not target["applied"]:
        raise Refused(f"{history.label(target)} was not applied here (made before the snapshot this "
                      "database starts from, or by an older ghcli): it cannot be undone")
    if target["state"] not in ("accepted", "local"):
        raise Refused(f"{history.label(target)} is {target['state']}: it is not in effect")
    if target["undone_by"] is not None:
        raise Refused(f"{history.label(target)} is undone already (by #{target['undone_by']})")
    cmd = store.kind.commands.commands.get(target["command"])
    if target["seq"] == history.first_applied(store) or (cmd is not None and cmd.creates):
        raise Refused(f"{history.label(target)} created the campaign: it is never undone "
                      "(delete the file to start over)")
    if target["command"] == "snapshot":
        raise Refused(f"{history.label(target)} is a snapshot: it changed nothing to undo")


def _undo(store, entry: str, *, redo: bool) -> Done:
    if not ID_RE.match(entry):
        raise BadInput(f"{entry[:70]!r} is not an entry id")
    target = history.by_id(store.store, entry)
    if target is None:
        raise Refused(f"there is no entry {short(entry)} in this campaign's journal")
    if redo and target["command"] not in history.REVERTERS:
        raise Refused(f"{history.label(target)} is not an undo: `ghcli redo` reverts an undo")
    check_revertible(store.store, target)
    revert_changes(store.store, target)
    _out_of_effect(store.store, target, store.seq)
    who = "" if target["player"] == store.player else f" by {target['player']}"
    # named by id, not number: the summary is the entry's on every machine, and numbers are each machine's own
    if target["command"] in history.REVERTERS and redo:
        inner = _target_of(store.store, target)
        what = f"redid {inner['command']} {short(inner['id'])}{who}: {inner['summary']}" if inner else \
            f"reverted {target['command']} {short(target['id'])}"
    else:
        what = f"undid {target['command']} {short(target['id'])}{who}: {target['summary']}"
    return Done(what[:MAX_SUMMARY], {"undone": {k: target[k] for k in ("seq", "id", "command", "summary", "player")}})


def resolve_ref(store, ref: str) -> str:
    """An entry reference as typed (a number, an id prefix) as the entry's full id."""
    try:
        return history.find(store, ref)["id"] or ref
    except BadInput:
        return ref


def register(registry) -> None:
    @registry.command("undo", keys={"entry": resolve_ref})
    def undo(store, entry: str) -> Done:
        """Revert one earlier entry (it stays in the journal, marked undone)."""
        return _undo(store, entry, redo=False)

    @registry.command("redo", keys={"entry": resolve_ref})
    def redo(store, entry: str) -> Done:
        """Revert an undo (the entry it undid is in effect again)."""
        return _undo(store, entry, redo=True)

    registry.__dict__["undo"], registry.__dict__["redo"] = undo, redo


# -- what the CLI's undo and redo pick -----------------------------------------------


def default_undo(store, player: str | None = None) -> dict:
    """This player's own last entry in effect (not an undo); refused when there is none."""
    player = player or local_player(store)
    row = history.last_of(store, player, reverters=False)
    if row is None or row["seq"] == history.first_applied(store):
        other = history.last_in_effect(store)
        if other is not None and other["seq"] != history.first_applied(store) and other["player"] != player:
            raise Refused(f"nothing of yours ({player}) to undo; the last change in effect is "
                          f"{history.label(other)}: `ghcli undo {other['seq']}` undoes it")
        first = history.first_applied(store)
        if store.value("SELECT 1 FROM journal WHERE applied = 0 AND seq < ? LIMIT 1", [first or 0]):
            raise Refused(f"nothing to undo: the entries before #{first} were made by an older ghcli or before "
                          "the snapshot this campaign starts from, and cannot be undone")
        raise Refused("nothing to undo")
    return row


def default_redo(store, player: str | None = None) -> dict:
    player = player or local_player(store)
    row = store.one(f"SELECT {history.COLUMNS} FROM journal WHERE player = ? AND {history.IN_EFFECT} "
                    "AND command = 'undo' ORDER BY seq DESC LIMIT 1", [player])
    if row is None:
        raise Refused("nothing to redo: no undo of yours is in effect")
    return history.row_dict(row)


def undo_plan(store, ref: str) -> list[dict]:
    """The entries ``undo --to REF`` reverts, newest first (REF itself stays): every change in effect
    after it (undos and redos are not reverted: they are part of the state REF's successors made)."""
    target = history.find(store, ref)
    rows = store.rows(f"SELECT {history.COLUMNS} FROM journal WHERE seq > ? AND {history.IN_EFFECT} "
                      f"AND command NOT IN ('undo', 'redo') ORDER BY seq DESC", [target["seq"]])
    return [history.row_dict(r) for r in rows]


# -- a sync's operations -------------------------------------------------------------


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
