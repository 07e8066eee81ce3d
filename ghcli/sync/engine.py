"""Sync a campaign with its group: one linear history on the remote, local entries rebased onto it.

The model (docs/sync.md, "The model": accepted is final):

- The group's history is the remote's branch ``main``: a linear chain of
  commits, each carrying a batch of entries (``ghcli.sync.remote``). An entry
  is **accepted** when a push puts it on top of that history; nothing
  accepted is ever rejected or changed by a later sync. Clocks order nothing.
- ``sync``: fetch; when the remote moved past the last commit accepted here,
  un-apply this machine's local entries (newest first), apply the received
  entries in the history's order (a received entry that this ghcli cannot
  apply, or applies differently, is **held**, with the reason, and the others
  go on, each checked by its own effect), then re-execute the local entries on
  top one by one: those that hold stay local (an outcome that changed is
  reported), those the rules now refuse go to the **retry queue**, reported
  to this player at this sync with the received entry that stands in the way.
  Then the local entries are pushed as one commit per author; when the push
  races another machine's, the loop runs again.
- ``sync retry`` re-applies queued entries, ``sync drop`` drops one; ``sync
  snapshot`` pushes the state as data, from which new machines join (every
  ``SNAPSHOT_EVERY`` accepted entries one is pushed by itself).

Everything the sync reads from the remote is data: entry documents checked by
the journal, commit authors, nothing else (trees are never read for entries).
"""

from __future__ import annotations

import contextlib
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from ghcli.campaign.kind import Store
from ghcli.errors import Refused
from ghcli.sync import git, ledger
from ghcli.sync.git import SyncError
from ghcli.sync.remote import Chain, Clone

PUSH_TRIES = 8
SNAPSHOT_EVERY = 500


@dataclass
class Report:
    """What a sync did, for the player who ran it."""

    remote: str
    came_in: list[dict] = field(default_factory=list)
    went_out: list[dict] = field(default_factory=list)
    refused: list[dict] = field(default_factory=list)   # local entries that went to the retry queue now
    changed: list[dict] = field(default_factory=list)   # local entries whose outcome changed on top
    held: list[dict] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    joined: bool = False
    created: bool = False
    queued: int = 0
    waiting_held: int = 0

    def as_dict(self) -> dict:
        return {"remote": self.remote, "in": self.came_in, "out": self.went_out, "refused": self.refused,
                "changed": self.changed, "held": self.held, "ignored": self.ignored, "notes": self.notes,
                "joined": self.joined, "created": self.created, "queued": self.queued,
                "held_total": self.waiting_held}


def info(rec: ledger.Rec, **extra) -> dict:
    out = {"seq": rec.seq, "id": rec.id, "player": rec.player, "at": rec.at, "command": rec.command,
           "what": rec.summary, "state": rec.state}
    if rec.reason and rec.state in ("queued", "held"):
        out["reason"] = rec.reason
    out.update(extra)
    return out


def clone_path(db_path: Path) -> Path:
    """Where the clone of a database's remote lives: beside it."""
    db_path = Path(db_path)
    return db_path.with_name(db_path.name + ".sync")


# -- who pushes ------------------------------------------------------------------------

def identity(store: Store) -> tuple[str, str]:
    """The author name and e-mail of this machine's commits: the player, and git's user.email if any."""
    name = os.environ.get("GHCLI_PLAYER", "").strip() or ledger.setting(store, "player") or ledger.player(store)
    email = ledger.setting(store, "email") or ""
    return git.CONTROL_RE.sub(" ", name)[:100], email


def _git_config(key: str) -> str:
    import subprocess

    try:
        r = subprocess.run(["git", "config", key], capture_output=True, text=True, timeout=5,
                           env=git.env(), stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return ""
    return git.CONTROL_RE.sub("", r.stdout.strip())[:200]


def _git_email() -> str:
    return _git_config("user.email")


def _recorded_identity() -> dict:
    """What ``sync init`` records as this machine's player: $GHCLI_PLAYER, else git's user.name (so that
    later commands know the name without running git), and git's user.email for the commits."""
    name = os.environ.get("GHCLI_PLAYER", "").strip() or _git_config("user.name")
    out = {"email": _git_email()}
    if name:
        out["player"] = git.CONTROL_RE.sub(" ", name)[:100]
    return out


# -- the remote's campaign -----------------------------------------------------------------

def _remote_campaign(clone: Clone, head: str | None) -> str | None:
    """The campaign id of the remote (its first entry's id); None for an empty remote."""
    if head is None:
        return None
    root = clone.root(head)
    docs = root.documents if root is not None and root.note is None else ()
    if not docs:
        old = clone.file_at(head, "campaign.json") or b""
        if b'"format": 1' in old or b'"format":1' in old:
            raise Refused(f"{git.shown(clone.remote)} holds a campaign synced by an older ghcli (one file per "
                          "entry, sync format 1): this ghcli keeps the group's history in commits; start a new "
                          "empty remote from one machine whose database has every entry (`ghcli sync init "
                          "NEW-REMOTE`) and have the others join it")
        raise Refused(f"{git.shown(clone.remote)} holds commits but no ghcli campaign: give an empty remote, "
                      "or one made by `ghcli sync init`")
    try:
        return ledger.parse(docs[0]).id
    except ledger.Garbage:
        raise Refused(f"the first commit of {git.shown(clone.remote)} is not a ghcli campaign's") from None


def _open_campaign(db_path: Path) -> Store | None:
    """The campaign at db_path, or None where there is none yet (a machine that joins)."""
    from ghcli.journal.store import DatabaseError, UnusableDatabase

    if not db_path.exists() or db_path.stat().st_size == 0:
        return None
    try:
        store = Store.open(db_path)
    except UnusableDatabase:
        raise
    except DatabaseError:
        return None
    if not store.value("SELECT count(*) FROM campaign"):
        store.close()
        return None
    return store


# -- commands -----------------------------------------------------------------------

def init(db_path: Path, remote: str) -> Report:
    """``ghcli sync init REMOTE``: send this campaign to an empty remote, join the remote's, or
    reconnect when they are the same campaign; another campaign is refused. Nothing local is deleted."""
    remote = git.check_remote(remote)
    db_path = Path(db_path)
    store = _open_campaign(db_path)
    try:
        if store is not None and ledger.setting(store, "remote"):
            current = ledger.setting(store, "remote")
            if current != remote:
                raise Refused(f"this campaign is synced with {git.shown(current)} already (`ghcli sync` to sync)")
        clone = Clone.beside(db_path, remote)
        fresh_clone = not clone.exists()
        notes = clone.ensure()
        try:
            with clone.locked():
                head = clone.fetch()
                theirs = _remote_campaign(clone, head)
                if store is None:
                    if theirs is None:
                        raise Refused(f"{git.shown(remote)} holds no campaign, and there is none at {db_path} to "
                                      "send (`ghcli init` first, or give the group's remote)")
                    report = _join(db_path, clone, head)
                    report.notes[:0] = notes
                    return report
                ours = ledger.campaign_id(store)
                if theirs is not None and theirs != ours:
                    raise Refused(f"{git.shown(remote)} holds another campaign ({theirs[:8]}) than this one "
                                  f"({(ours or '?')[:8]}): give an empty remote, or join the group's campaign "
                                  "with a new --db")
                with store.batch():
                    ledger.set_settings(store, remote=remote, campaign=ours, **_recorded_identity())
                    if theirs is not None and not ledger.setting(store, "accepted"):
                        _reconnect(store, clone, head)
                report = _sync_locked(store, clone)
                report.created = theirs is None
                report.notes[:0] = notes
                return report
        except BaseException:
            if store is not None and not _pushed_any(store):
                with contextlib.suppress(Exception):
                    ledger.clear_settings(store)
            if fresh_clone:
                shutil.rmtree(clone.path, ignore_errors=True)
            raise
    finally:
        if store is not None:
            store.close()


def _reconnect(store: Store, clone: Clone, head: str) -> None:
    """This database holds the remote's campaign but has no record of what it pushed (it was never synced
    here, or its settings were lost, or it was restored from a backup): every entry from the first one the
    remote lacks becomes local again, so the sync puts it on top of the group's history (nothing is lost;
    an entry the remote has already is recognised by its nonce and stands as the remote has it)."""
    on_remote = {ledger.parse(d).id for c in clone.chain(None, head).commits if c.note is None
                 for d in c.documents if _is_entry(d)}
    ledger.localize_from_first_missing(store, on_remote)


def _is_entry(doc: bytes) -> bool:
    try:
        ledger.parse(doc)
        return True
    except ledger.Garbage:
        return False


def _pushed_any(store: Store) -> bool:
    return bool(ledger.setting(store, "accepted"))


def sync(db_path: Path, *, store: Store | None = None, snapshot: bool = False) -> Report:
    """``ghcli sync``: fetch, rebase the local entries on what came in, push them."""
    own = store is None
    store = store or Store.open(db_path)
    try:
        remote = ledger.setting(store, "remote")
        if not remote:
            raise Refused("this campaign is not synced: `ghcli sync init REMOTE` first")
        remote = git.check_remote(remote)       # a stored remote is checked as a typed one
        clone = Clone.beside(db_path, remote)
        notes = clone.ensure()
        with clone.locked():
            report = _sync_locked(store, clone, snapshot=snapshot)
        report.notes[:0] = notes
        return report
    finally:
        if own:
            store.close()


def _sync_locked(store: Store, clone: Clone, *, snapshot: bool = False) -> Report:
    campaign = ledger.setting(store, "campaign")
    report = Report(clone.remote)
    for _ in range(PUSH_TRIES):
        head = clone.fetch()
        accepted = ledger.setting(store, "accepted") or None
        if head != accepted and accepted is not None and (head is None or not clone.has(head)
                                                           or clone.is_ancestor(head, accepted)):
            # The remote lost commits this machine accepted (emptied, or restored from a backup).
            if clone.has(accepted) and clone.push(accepted):
                report.notes.append(f"the remote had lost the group's latest commits: pushed them back "
                                    f"(up to {accepted[:10]})")
                continue
            if not clone.has(accepted):
                raise SyncError(f"{git.shown(clone.remote)} no longer holds the group's history that this "
                                f"machine synced (commit {accepted[:10]} is gone, and so is this machine's clone): "
                                "send the campaign to a new empty remote with `ghcli sync init NEW-REMOTE`")
            continue
        chain = clone.chain(accepted, head)
        if not chain.linear and chain.commits:
            root = next((c for c in chain.commits if c.note is None and c.documents), None)
            try:
                theirs = ledger.parse(root.documents[0]).id if root is not None else None
            except ledger.Garbage:  # a history whose first line is no entry holds no ghcli campaign
                theirs = None
            if theirs != campaign:
                raise Refused(f"{git.shown(clone.remote)} now holds another campaign "
                              f"({(theirs or 'none')[:8]}): sync refused; nothing was changed")
        from ghcli import __version__

        # Held entries are tried again when entries come in, or once after ghcli changed (an upgrade).
        retry_held = ledger.counts(store)["held"] and ledger.setting(store, "held_tried") != __version__
        if chain.commits or retry_held:
            with store.batch():
                _integrate(store, _items(chain, report), report, linear=chain.linear, since=chain.since)
                ledger.set_settings(store, accepted=head or "", held_tried=__version__)
        # The first push to an empty remote sends the whole history (entries made before the campaign
        # was synced are accepted here already, and history rows kept from before a snapshot go too).
        locals_ = ledger.to_send(store) if head is None and accepted is None else ledger.local_entries(store)
        counts = ledger.counts(store)
        want_snapshot = bool(snapshot or (not chain.linear and chain.commits)
                             or (locals_ and ledger.since_snapshot(store) >= SNAPSHOT_EVERY))
        if want_snapshot and counts["held"]:
            report.notes.append(f"no snapshot pushed: {counts['held']} received entries are held here, and a "
                                "snapshot would leave them out")
            want_snapshot = False
        if not locals_ and not want_snapshot:
            break
        me, email = identity(store)
        parent = head
        for author, recs in _by_author(store, locals_):
            parent = clone.commit(parent, [r.document for r in recs], campaign, author, email,
                                  what=recs[0].summary)
        shot = ledger.snapshot_document(store) if want_snapshot else None
        if shot is not None:
            trailers = {"history": ledger.history_digest(ledger.accepted_ids(store))}
            parent = clone.commit(parent, [shot], campaign, me, email, what="snapshot", trailers=trailers)
        elif want_snapshot and snapshot:
            report.notes.append("this ghcli's log makes no snapshots yet: nothing pushed for it")
        if clone.push(parent):
            with store.batch():
                ledger.mark_accepted(store, locals_)
                if shot is not None:
                    rec = ledger.record_snapshot(store, shot, me)
                    report.notes.append(f"pushed a snapshot of the campaign (#{rec.seq}): new machines join from it")
                ledger.set_settings(store, accepted=parent)
            report.went_out += [info(r, state="accepted") for r in locals_]
            break
        report.notes.append("another machine pushed meanwhile: rebased again")
    else:
        raise SyncError(f"the remote kept moving: {PUSH_TRIES} pushes were refused because others pushed "
                        "meanwhile; your entries are safe here: sync again")
    from datetime import datetime, timezone

    ledger.set_settings(store, last_sync=datetime.now(timezone.utc).isoformat(timespec="seconds"))
    counts = ledger.counts(store)
    report.queued, report.waiting_held = counts["queued"], counts["held"]
    return report


def _by_author(store: Store, recs: list[ledger.Rec]) -> list[tuple[str, list[ledger.Rec]]]:
    """Consecutive local entries grouped by the player who made them (one commit each)."""
    me = identity(store)[0]
    out: list[tuple[str, list[ledger.Rec]]] = []
    for r in recs:
        who = r.player or me
        if out and out[-1][0] == who:
            out[-1][1].append(r)
        else:
            out.append((who, [r]))
    return out


Item = tuple  # (commit, document bytes, ledger.Parsed)


def _items(chain: Chain, report: Report) -> list[Item]:
    """The entries of the chain's commits in the history's order; what is no entry is reported, ignored."""
    out = []
    for commit in chain.commits:
        if commit.note is not None:
            report.ignored.append(commit.note)
            continue
        for n, doc in enumerate(commit.documents, 1):
            try:
                out.append((commit, doc, ledger.parse(doc)))
            except ledger.Garbage as e:
                report.ignored.append(f"commit {commit.short} line {n}: {e}: ignored")
    return out


def _integrate(store: Store, items: list[Item], report: Report, *, linear: bool = True,
               since: str | None = None) -> None:
    """The rebase, inside one transaction: local entries off, received ones on, local ones again on top."""
    locals_ = ledger.local_entries(store)
    before = {r.seq: ledger.touched(store, r) for r in locals_}
    taken = {}
    for r in reversed(locals_):
        taken[r.seq] = ledger.unapply(store, r)
    mine = {r.nonce: r for r in locals_}
    known = ledger.nonce_index(store) if items else {}
    received: list[tuple[ledger.Rec, set]] = []

    def take(rec: ledger.Rec) -> None:
        if rec.state == "held":
            report.held.append(info(rec))
        else:
            report.came_in.append(info(rec))
            received.append((rec, ledger.touched(store, rec)))

    for h in ledger.in_state(store, "held"):
        again = ledger.retry_held(store, h)
        if again is not None and again.state != "held":
            take(again)
    on_chain: set[str] = set()
    for commit, doc, p in items:
        on_chain.add(p.id)
        own = mine.pop(p.nonce, None)
        if own is not None:   # pushed by a sync that stopped before it recorded so: the pushed form stands
            locals_.remove(own)
            ledger.forget(store, taken.pop(own.seq))
        else:
            k = known.get(p.nonce)
            if k is not None:
                if k.id != p.id:
                    report.ignored.append(f"commit {commit.short} by {git.shown(commit.author, 40)} carries an "
                                          f"edited copy of #{k.seq} {k.summary} (by {k.player}): the entry as "
                                          "first accepted stands")
                elif linear:
                    report.ignored.append(f"commit {commit.short} repeats #{k.seq} {k.summary}: it stands once")
                continue
        rec = ledger.receive(store, doc, commit.author)
        known[p.nonce] = rec
        take(rec)
    if not linear:
        missing = sum(1 for r in ledger.in_state(store, "accepted") if r.id not in on_chain)
        report.notes.append(
            f"the remote's history was rewritten (commit {(since or '?')[:10]}, accepted here, is no longer on "
            f"it): {missing} entries accepted here are not in it (or differ); they stand here, and a snapshot "
            "of this campaign is pushed so that machines that join get what was accepted")
    ledger.settle_received(store)
    renames: dict = {}
    for r in locals_:
        out = ledger.reexecute(store, taken[r.seq], renames=renames)
        if out.ok:
            if out.was:
                report.changed.append(info(out.rec, was=out.was))
            continue
        hit = before.get(r.seq, set())
        blocker = next((rec for rec, t in reversed(received) if t & hit), received[0][0] if received else None)
        report.refused.append(info(out.rec, reason=out.reason,
                                   blocker=info(blocker) if blocker is not None else None))


def _join(db_path: Path, clone: Clone, head: str) -> Report:
    """Build the campaign at ``db_path`` from the remote's history (a new machine, or a lost database):
    from the latest snapshot, the entries before it kept as history rows, then the entries after it."""
    chain = clone.chain(None, head)
    tmp = db_path.with_name(f".{db_path.name}.joining")
    for suffix in ("", "-wal", "-shm"):
        Path(f"{tmp}{suffix}").unlink(missing_ok=True)
    report = Report(clone.remote, joined=True)
    items = _items(chain, report)
    shots = [i for i, (_, _, p) in enumerate(items) if p.snapshot] if ledger.SNAPSHOTS else []
    start = shots[-1] if shots else 0
    store = Store.create(tmp)
    try:
        with store.batch():
            if start:
                seen: set[str] = set()
                earlier = []
                for commit, doc, p in items[:start]:
                    if p.nonce not in seen:          # an edited copy or a repeat stands as it came first
                        seen.add(p.nonce)
                        earlier.append((commit, doc, p))
                ledger.add_metadata(store, [(doc, commit.author) for commit, doc, _ in earlier])
                commit = items[start][0]
                report.notes.append(f"joined from the snapshot of commit {commit.short} (by "
                                    f"{git.shown(commit.author, 40)}): the {len(earlier)} entries before it are "
                                    "history here, not replayed (they cannot be undone here)")
                said = commit.trailers.get("history")
                if said and said != ledger.history_digest([p.id for _, _, p in earlier]):
                    report.notes.append("the history before that snapshot is not the one its author accepted "
                                        "(an entry was edited or removed on the remote): the snapshot stands")
            _integrate(store, items[start:], report)
            if not ledger.campaign_id(store) or not ledger.has_campaign(store):
                first = report.held[0]["reason"] if report.held else "it is not there"
                raise SyncError(f"the remote's first entry, which creates the campaign, cannot be applied: {first}")
            ledger.set_settings(store, remote=clone.remote, campaign=ledger.campaign_id(store), accepted=head,
                                **_recorded_identity())
        counts = ledger.counts(store)
        report.queued, report.waiting_held = counts["queued"], counts["held"]
        store.checkpoint()
    except BaseException:
        store.close()
        for suffix in ("", "-wal", "-shm"):
            Path(f"{tmp}{suffix}").unlink(missing_ok=True)
        raise
    store.close()
    try:
        for suffix in ("-wal", "-shm"):
            Path(f"{db_path}{suffix}").unlink(missing_ok=True)
        os.replace(tmp, db_path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return report


def retry(db_path: Path, ref: str | None = None) -> dict:
    """``ghcli sync retry [ENTRY]``: re-apply queued entries on the campaign as it is now."""
    store = Store.open(db_path)
    try:
        queue = ledger.in_state(store, "queued")
        if ref is not None:
            rec = ledger.by_ref(store, ref)
            if rec.state != "queued":
                raise Refused(f"#{rec.seq} {rec.summary} is not in the retry queue ({rec.state})")
            queue = [rec]
        if not queue:
            raise Refused("the retry queue is empty")
        done, still = [], []
        with store.batch():
            for rec in queue:
                out = ledger.retry(store, rec)
                (done if out.ok else still).append(info(out.rec, **({"reason": out.reason} if not out.ok else {})))
        return {"applied": done, "still_queued": still}
    finally:
        store.close()


def drop(db_path: Path, ref: str) -> dict:
    """``ghcli sync drop ENTRY``: drop a queued (or held) entry; it stays in the history as dropped."""
    store = Store.open(db_path)
    try:
        rec = ledger.by_ref(store, ref)
        if rec.state not in ("queued", "held"):
            raise Refused(f"#{rec.seq} {rec.summary} is {rec.state}: only an entry in the retry queue, or a held "
                          "one, can be dropped (undo changes one in effect)")
        with store.batch():
            ledger.drop(store, rec)
        return {"dropped": info(rec, state="dropped")}
    finally:
        store.close()


def status(db_path: Path) -> dict:
    """``ghcli sync status``: remote, entries not pushed yet, queued and held ones, last sync."""
    store = Store.open(db_path)
    try:
        remote = ledger.setting(store, "remote")
        counts = ledger.counts(store)
        out = {"synced": bool(remote), "remote": remote or None, "campaign": ledger.setting(store, "campaign"),
               "clone": str(clone_path(db_path)) if remote else None,
               "last_sync": ledger.setting(store, "last_sync") or None,
               "accepted": ledger.setting(store, "accepted") or None,
               "unpushed": [info(r) for r in ledger.local_entries(store)] if remote else [],
               "queued": [info(r) for r in ledger.in_state(store, "queued")],
               "held": [info(r) for r in ledger.in_state(store, "held")],
               "counts": counts if remote else {"local": 0, "queued": 0, "held": 0}}
        return out
    finally:
        store.close()
