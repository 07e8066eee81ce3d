"""Replaying a journal: a database rebuilt from its entries, exactly.

The journal's rows in order: a row applied here is re-executed from its
document (its draws fed back; its effect and its document must come out the
same, else the replay stops, naming the entry); a row that is history only
(entries before the snapshot the campaign starts from) is inserted as it was.
The seqs are kept, so the rebuilt database's SQL dump is the original's.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

from ghcli.errors import BadInput, GhcliError
from ghcli.journal import run
from ghcli.journal.entries import BadEntry, args_and_draws, digest, loose_fields, parse
from ghcli.journal.schema import MIGRATIONS_TABLE
from ghcli.journal.store import Store

META = ("seq", "document", "player", "applied", "command", "summary", "at", "version", "state", "undone_by", "reason")


class ReplayError(BadInput):
    """An entry that does not re-execute to what it records."""


def items(store) -> list[dict]:
    """The journal as replayable items, in order: every entry in effect or history (not the queued and
    held ones, which are this machine's sync state)."""
    return store.rows(f"SELECT {', '.join(META)} FROM journal WHERE state IN ('accepted', 'local', 'dropped') "
                      "ORDER BY seq")


def next_seq(store) -> int:
    """The highest seq the journal ever gave (what an export carries as ``next_seq``)."""
    return store.value("SELECT last FROM current WHERE id = 1") or 0


# A replay checks its entries' effects in groups of this many (one read of ``changes`` for the group).
CHECK_EVERY = 500


def replay(store, entries: list[dict], *, where: str = "entries") -> int:
    """Apply ``entries`` (``items`` of another journal) to ``store`` in one transaction; returns how many
    were re-executed. The first applied one must create the campaign.

    Every entry's effect is checked (``run.check_effects``) in groups, before the transaction commits
    and before any later failure is reported: the entry named is the first that does not replay, as
    when each is checked on its own."""
    count = 0
    undone = []
    pending: list[tuple[int, str]] = []   # (seq, effect) not checked yet
    placed: list[tuple[int, dict]] = []   # their (index, item)

    def check() -> None:
        bad = run.check_effects(store.conn, pending)
        if bad is not None:
            k = next(k for k, (seq, _) in enumerate(pending) if seq == bad[0])
            raise _failed(where, *placed[k], run.EffectMismatch(
                f"its row changes here ({bad[1]}) are not those it records ({bad[2]})"))
        pending.clear()
        placed.clear()

    # one transaction for the whole journal: keep its pages in memory (64 MiB) rather than spilling them
    store.conn.execute("PRAGMA cache_size = -65536")
    commands = store.kind.commands
    with store.batch():
        try:
            for i, it in enumerate(entries):
                doc = it.get("document")
                seq = it.get("seq")
                if not it.get("applied"):
                    _metadata(store, it)
                    if it.get("undone_by") is not None:
                        undone.append((it["undone_by"], seq))
                    continue
                try:
                    entry, cmd, values = parse(doc, commands, canonical_check=False)
                    if count == 0 and not (cmd.creates or entry.command in ("import", "snapshot")):
                        raise BadEntry(f"the first entry applied is {entry.command}, not one that creates a campaign")
                    run.execute(store, cmd, values, entry.args, feed=entry.draws, at=entry.at,
                                version_=entry.version, nonce=entry.nonce, player=it.get("player") or "unknown",
                                state="accepted", seq=seq, expect_effect=entry.effect, document=doc, atomic=False,
                                returns=False, entry=entry, deferred=pending)
                except Exception as e:
                    if len(placed) < len(pending):
                        placed.append((i, it))
                    check()
                    if isinstance(e, (GhcliError, TypeError, ValueError)):
                        raise _failed(where, i, it, e) from None
                    raise
                if len(placed) < len(pending):
                    placed.append((i, it))
                    if len(pending) >= CHECK_EVERY:
                        check()
                count += 1
            check()
        except Exception:
            if pending:
                check()  # an earlier entry that does not replay is the one to name
            raise
        for by, seq in undone:
            store.conn.execute("UPDATE journal SET undone_by = ? WHERE seq = ?", [by, seq])
    return count


def _failed(where: str, i: int, it: dict, e: Exception) -> ReplayError:
    what = it.get("command") or loose_fields(it.get("document") or "").get("command", "?")
    return ReplayError(f"{where}[{i}] (#{it.get('seq')} {what}) does not replay: {e}")


def _metadata(store, it: dict) -> None:
    from ghcli.journal.run import allocate_seq

    doc = it.get("document")
    args, draws = args_and_draws(doc)
    allocate_seq(store, it.get("seq"))
    store.conn.execute(
        "INSERT INTO journal (seq, id, command, summary, args, draws, at, version, player, state, applied, reason, "
        "document) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)",
        [it.get("seq"), digest(doc.encode("utf-8")) if isinstance(doc, str) else None, it.get("command") or "?",
         it.get("summary") or "", args, draws, it.get("at") or "", it.get("version") or "?",
         it.get("player") or "unknown",
         it.get("state") if it.get("state") in ("accepted", "dropped") else "accepted", it.get("reason"), doc])


STAMP_RE = re.compile(r"^[0-9 :.+\-T]{10,40}$")


def set_migration_times(store, times) -> None:
    """When another file's migrations ran (shown data, checked), on this file's own migration records
    (the migrations themselves are this ghcli's: never taken from the data)."""
    if not isinstance(times, dict):
        return
    with store.batch():
        for name, at in times.items():
            if isinstance(name, str) and isinstance(at, str) and STAMP_RE.match(at):
                store.conn.execute(f"UPDATE {MIGRATIONS_TABLE} SET applied_at = ? WHERE migration_set = ? "
                                   "AND name = ?", [at, store.kind.name, name])


def set_next_seq(store, value: int) -> None:
    with store.batch():
        store.conn.execute("UPDATE current SET last = max(last, ?) WHERE id = 1", [value])


def rebuild(path: str | Path, kind, entries: list[dict], *, next_seq_: int | None = None) -> Store:
    """A new database at ``path`` built by replaying ``entries``; returns it open."""
    store = Store.create(path, kind)
    try:
        building(store, lambda: replay(store, entries))
        if next_seq_:
            set_next_seq(store, next_seq_)
    except BaseException:
        store.close()
        raise
    return store


@contextlib.contextmanager
def build_mode(store):
    """The same as ``building``, as a ``with`` block."""
    store.conn.execute("PRAGMA journal_mode = MEMORY")
    try:
        yield
    finally:
        store.conn.execute("PRAGMA journal_mode = WAL")


def building(store, fn):
    """Run ``fn`` (a whole replay into a new file, nobody else reading it) with the rollback journal in
    memory instead of the write-ahead log: every page is written once, not to the log and then again."""
    store.conn.execute("PRAGMA journal_mode = MEMORY")
    try:
        return fn()
    finally:
        store.conn.execute("PRAGMA journal_mode = WAL")
