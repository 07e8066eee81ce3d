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

A sync's operations on the journal (take back, apply received, re-execute,
retry, states) are :mod:`ghcli.journal.rebase`.
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
from ghcli.journal.commands import MAX_TEXT, Command, RecordingRandom
from ghcli.journal.context import Context
from ghcli.journal.entries import ID_RE, BadEntry, Entry, canonical, compose, digest, new_nonce, short
from ghcli.journal.player import local_player
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
    """A command typed here: a new entry by this machine's player. Returns the command's values.

    Its arguments are recorded as typed, and a replay (an import, another machine of the group) checks
    them as input (``Command.decode``): one it would refuse (a text of more than 500 characters or with a
    newline, a list of more than 200 items) is refused here too, as bad input, when the command itself
    took it (its own refusal, when it has one, comes first): an entry that does not replay is never made."""
    args = cmd.encode(values)
    try:
        cmd.decode(args)
        unreplayable = None
    except BadEntry as e:
        unreplayable = str(e)
    return execute(store, cmd, values, args, feed=None, at=now_iso(), version_=version(), nonce=new_nonce(),
                   player=local_player(store), state=new_state(store), unreplayable=unreplayable).values


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
            entry: Entry | None = None, deferred: list | None = None, unreplayable: str | None = None) -> Result:
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
    that does not replay is the one named, as when each is checked at once). ``unreplayable``: why a
    replay would refuse the typed arguments (:func:`typed`): bad input once the command has run."""
    conn = store.conn
    mode = _begin(store, atomic)
    try:
        seq_ = seq if seq is not None else next_seq(store)
        conn.execute(SET_CURRENT, [seq_, seq_])
        store.recording = True
        rnd = RecordingRandom(feed, lambda: base_rng(store, seq_))
        ctx = Context(store, seq_, at, player, rnd)
        out = cmd.fn(ctx, **values)
        if unreplayable is not None:
            raise BadInput(f"{cmd.name}: {unreplayable} (a change is recorded as typed and must replay: "
                           f"a text is one line of at most {MAX_TEXT} characters)")
        rnd.finish()
        effect = _effect(ctx, conn, seq_, expect_effect, deferred)
        args_text = canonical(args)
        draws = rnd.draws
        draws_text = canonical(draws) if draws else "[]"
        text = compose(args_text, at, cmd.name, draws_text, effect, nonce, version_)
        if document is not None and text != document:
            _not_the_document(conn, seq_, effect, expect_effect, deferred)
        if entry is None or document is None:
            entry = Entry.of(cmd.name, args, draws, at, version_, nonce, effect, text)
        summary, out = _outcome(out, ctx.summary, cmd.name, returns)
        entry_id = digest(text.encode("utf-8"))
        try:
            conn.execute(INSERT_ENTRY, [seq_, entry_id, cmd.name, summary, args_text, draws_text, at, version_,
                                        player, state, text])
        except sqlite3.IntegrityError:
            raise Refused(f"entry {short(entry_id)} (#{seq_}) is in the journal already") from None
        _commit(store, mode)
    except BaseException as e:
        _roll_back(store, mode)
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


# An entry's transaction: its own (BEGIN IMMEDIATE ... COMMIT), a savepoint inside one already open, or
# (not ``atomic``, a replay) simply part of the open one.
OWN, SAVEPOINT, JOINED = "own", "savepoint", "joined"


def _begin(store, atomic: bool) -> str:
    conn = store.conn
    if conn.in_transaction:
        if not atomic:
            return JOINED
        conn.execute("SAVEPOINT ghcli_entry")
        return SAVEPOINT
    store.check_writable()
    conn.execute("BEGIN IMMEDIATE")
    return OWN


def _commit(store, mode: str) -> None:
    conn = store.conn
    if mode == SAVEPOINT:
        conn.execute("RELEASE ghcli_entry")
    elif mode == OWN:
        conn.execute("UPDATE current SET seq = NULL WHERE id = 1")
        store.recording = False
        conn.execute("COMMIT")


def _roll_back(store, mode: str) -> None:
    conn = store.conn
    if mode == SAVEPOINT:
        conn.execute("ROLLBACK TO ghcli_entry")
        conn.execute("RELEASE ghcli_entry")
    elif mode == OWN:
        store.recording = False
        if conn.in_transaction:
            conn.execute("ROLLBACK")


def _effect(ctx: Context, conn: sqlite3.Connection, seq: int, expect_effect: str | None,
            deferred: list | None) -> str:
    """The entry's effect digest: the one its command set (a snapshot's), the expected one when the check is
    ``deferred`` (a replay), else its row changes' (which must be the expected one, when one is given)."""
    if ctx.effect is not None:
        effect = ctx.effect
    elif deferred is not None and expect_effect is not None:
        effect = expect_effect
        deferred.append((seq, expect_effect))
    else:
        effect = effect_digest(conn, seq)
    if expect_effect is not None and effect != expect_effect:
        raise EffectMismatch(f"its row changes here ({effect}) are not those it records ({expect_effect})")
    return effect


def _not_the_document(conn: sqlite3.Connection, seq: int, effect: str, expect_effect: str | None,
                      deferred: list | None) -> None:
    """Applied here, the entry is not the document received: say why (its row changes when the deferred check
    would have caught them, else its arguments, draws or form)."""
    if deferred is not None and (real := effect_digest(conn, seq)) != effect:
        raise EffectMismatch(f"its row changes here ({real}) are not those it records ({expect_effect})")
    raise EffectMismatch("applied here it is not the document received (its arguments or draws differ, "
                         "or it is not written in canonical form)")


def _outcome(out: Any, summary: str, name: str, returns: bool) -> tuple[str, Any]:
    """(the entry's summary, the command's values): a ``Done`` gives both; a ``Later`` is called only when
    someone reads the values (``returns``)."""
    if isinstance(out, Done):
        summary, out = out.summary, out.values
    out = (out() if isinstance(out, Later) else out) if returns else None
    return (summary or name)[:MAX_SUMMARY], out


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
