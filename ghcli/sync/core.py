"""Sync a campaign's command log with a group's git remote.

The clone lives beside the database (``campaign.db`` -> ``campaign.db.sync/``)
on branch ``main``:

- ``campaign.json``: ``{"format": 1, "campaign": UID}``, the id of the entry
  that created the campaign (its identity: another campaign is refused);
- ``entries/UID.json``: one file per log entry (``log.Entry.document``), never
  changed once written, so merges of two machines' commits never conflict.

``sync`` commits this machine's new entries, fetches, merges, replays the new
entries in the total order (the creating entry, then clock, then id) and
pushes. Replaying takes the database back to the first place where the
merged order differs from its own (each entry's exact undo), then applies
the entries from there, in one transaction: an entry the rules refuse there
is kept, marked rejected with the reason, alike on every machine. Files are
only ever written inside the clone, and the database only through the
campaign's own commands.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from ghcli.campaign import log
from ghcli.campaign.db import Store
from ghcli.errors import BadInput, Refused
from ghcli.sync import git
from ghcli.sync.git import SyncError

BRANCH = "main"
MARKER = "ghcli-clone"
PUSH_TRIES = 5


@dataclass
class Report:
    """What a sync did."""

    remote: str
    came_in: list[dict] = field(default_factory=list)
    went_out: list[dict] = field(default_factory=list)
    rejected: list[dict] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    joined: bool = False
    created: bool = False

    def as_dict(self) -> dict:
        return {"remote": self.remote, "in": self.came_in, "out": self.went_out, "rejected": self.rejected,
                "ignored": self.ignored, "joined": self.joined, "created": self.created}


def clone_path(db_path: Path) -> Path:
    """Where the clone of a database's remote lives: beside it."""
    db_path = Path(db_path)
    return db_path.with_name(db_path.name + ".sync")


def _info(e: log.Entry, reason: str | None = None) -> dict:
    out = {"uid": e.uid, "clock": e.clock, "player": e.player, "at": e.at, "command": e.command,
           "what": e.describe()}
    if reason is not None:
        out["reason"] = reason
    return out


# -- the clone ---------------------------------------------------------------------


def _identity(clone: Path) -> tuple[str, str] | None:
    """user.name/user.email for commits when git has none configured."""
    email = git.run(clone, "config", "user.email", check=False).stdout.strip()
    return None if email else (log.player(), "ghcli@localhost")


@contextlib.contextmanager
def _locked(clone: Path):
    """One sync at a time per clone; git's lock files left by a killed sync are removed."""
    import fcntl

    gitdir = clone / ".git"
    with open(gitdir / "ghcli.lock", "a") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Refused("another sync of this campaign is running; try again when it ends") from None
        for lock in [*gitdir.glob("*.lock"), *(gitdir / "refs").rglob("*.lock")]:
            if lock.name != "ghcli.lock":
                lock.unlink(missing_ok=True)  # no git of ours runs: a killed sync left it
        if (gitdir / "MERGE_HEAD").exists():
            git.run(clone, "merge", "--abort", check=False)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _make_clone(clone: Path, remote: str) -> None:
    """A fresh clone of ``remote`` (fetched, ``main`` checked out when the remote has it).

    Made beside as ``NAME.partial`` and moved into place, so a killed sync never
    leaves half a clone where the next one looks."""
    if clone.exists():
        if not (clone / ".git" / MARKER).exists():
            raise Refused(f"{clone} exists and is not ghcli's clone: move it away first")
        shutil.rmtree(clone)
    tmp = clone.with_name(clone.name + ".partial")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        git.run(tmp, "init", "-q")
        (tmp / ".git" / MARKER).write_text("the clone ghcli keeps beside a synced campaign database\n")
        git.run(tmp, "symbolic-ref", "HEAD", f"refs/heads/{BRANCH}")
        git.run(tmp, "remote", "add", "origin", remote)
        _fetch(tmp, remote)
        if _has_remote_branch(tmp):
            git.run(tmp, "checkout", "-q", "-B", BRANCH, f"origin/{BRANCH}")
        os.replace(tmp, clone)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _fetch(clone: Path, remote: str) -> None:
    r = git.run(clone, "fetch", "-q", "origin", check=False)
    if r.returncode != 0:
        raise SyncError(f"cannot fetch from {remote}: {git.last_line(r)}")


def _has_remote_branch(clone: Path) -> bool:
    return git.ok(clone, "rev-parse", "--verify", "-q", f"refs/remotes/origin/{BRANCH}")


def _has_head(clone: Path) -> bool:
    return git.ok(clone, "rev-parse", "--verify", "-q", "HEAD")


def _remote_campaign(clone: Path) -> str | None:
    """The campaign id in the clone's campaign.json; None for an empty remote."""
    path = clone / "campaign.json"
    if not path.exists() and not path.is_symlink():
        files = [p for p in clone.iterdir() if p.name != ".git"]
        if files:
            raise Refused("the remote holds files but no ghcli campaign (no campaign.json): give an empty "
                          "remote or one made by `ghcli sync init`")
        return None
    try:
        if path.is_symlink() or path.stat().st_size > 4096:
            raise ValueError
        doc = json.loads(path.read_text(encoding="utf-8"))
        uid = doc["campaign"]
        if doc.get("format") != log.FORMAT or not isinstance(uid, str) or not log.UID_RE.match(uid):
            raise ValueError
    except (ValueError, KeyError, TypeError, OSError):
        raise Refused("the remote's campaign.json is not a ghcli campaign file") from None
    return uid


def _campaign_at(clone: Path, ref: str) -> str | None:
    """The campaign id in campaign.json at a commit (None: no such commit or file)."""
    r = git.run(clone, "show", f"{ref}:campaign.json", check=False)
    if r.returncode != 0:
        return None
    try:
        uid = json.loads(r.stdout[:4096])["campaign"]
    except (ValueError, KeyError, TypeError):
        return "not a campaign"
    return uid if isinstance(uid, str) and log.UID_RE.match(uid) else "not a campaign"


def _changed_entries(clone: Path, before: str | None) -> list[str]:
    """Entry files the merge changed after they were written: entries never change, so the
    database keeps the entry it has and the change is reported."""
    if before is None:
        return []
    r = git.run(clone, "diff", "--name-only", "--diff-filter=MD", before, "HEAD", "--", "entries", check=False)
    return [f"{name} (changed or deleted after it was written: the entry stands as first received)"
            for name in r.stdout.splitlines() if name]


def _entry_files(clone: Path) -> tuple[dict[str, Path], list[str]]:
    """The entry files by id, and the names of files in entries/ that are not entries."""
    folder = clone / "entries"
    found, ignored = {}, []
    if not folder.is_dir() or folder.is_symlink():
        return found, ([] if not folder.exists() else ["entries"])
    for p in sorted(folder.iterdir()):
        uid = p.name[:-5] if p.name.endswith(".json") else None
        if uid and log.UID_RE.match(uid):
            found[uid] = p
        else:
            ignored.append(f"entries/{p.name[:100]} (not a log entry)")
    return found, ignored


def _read_entry(path: Path, uid: str) -> log.Entry:
    if path.is_symlink() or not path.is_file():
        return log.Entry(uid, "", "", "", "", "?", None, [], invalid="the entry is not a plain file")
    with open(path, "rb") as fh:
        data = fh.read(log.MAX_ENTRY_BYTES + 1)
    return log.parse_entry(data, uid)


def _write_file(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _export(store: Store, clone: Path, campaign: str) -> list[log.Entry]:
    """Write this database's entries that the clone lacks; returns them."""
    (clone / "entries").mkdir(exist_ok=True)
    if not (clone / "campaign.json").exists():
        _write_file(clone / "campaign.json", json.dumps({"format": log.FORMAT, "campaign": campaign}) + "\n")
    have, _ = _entry_files(clone)
    out = []
    for e in log.entries(store):
        if e.uid in have or e.args is None or e.invalid:
            continue
        _write_file(clone / "entries" / f"{e.uid}.json", log.canonical(e.document()) + "\n")
        out.append(e)
    return out


def _commit(clone: Path, identity, count: int) -> None:
    git.run(clone, "add", "-A", "campaign.json", "entries")
    if git.ok(clone, "diff", "--cached", "--quiet"):
        return
    git.run(clone, "commit", "-q", "-m", f"ghcli: {count} entr{'y' if count == 1 else 'ies'}",
            identity=identity)


def _merge(clone: Path, identity) -> None:
    if not _has_remote_branch(clone):
        return
    if not _has_head(clone):
        git.run(clone, "checkout", "-q", "-B", BRANCH, f"origin/{BRANCH}")
        return
    r = git.run(clone, "merge", "-q", "--no-edit", "--allow-unrelated-histories", "-X", "ours", f"origin/{BRANCH}",
                check=False, identity=identity)
    if r.returncode != 0:
        git.run(clone, "merge", "--abort", check=False)
        raise SyncError(f"cannot merge the remote's log: {git.last_line(r)}")


def _push(clone: Path) -> bool:
    """Push main; False when the remote moved on meanwhile (fetch and merge again)."""
    if not _has_head(clone):
        return True
    if _has_remote_branch(clone) and git.out(clone, "rev-parse", "HEAD") == git.out(
            clone, "rev-parse", f"origin/{BRANCH}"):
        return True
    r = git.run(clone, "push", "-q", "origin", f"{BRANCH}:{BRANCH}", check=False)
    if r.returncode == 0:  # the push moved refs/remotes/origin/main too
        return True
    text = (r.stderr or "").lower()
    if "rejected" in text or "fetch first" in text or "non-fast-forward" in text:
        return False
    raise SyncError(f"cannot push to the remote: {git.last_line(r)}")


# -- merging entries into the database ------------------------------------------------


def _merge_into(store: Store, new: list[log.Entry], campaign: str) -> list[tuple[log.Entry, str]]:
    """Replay ``new`` entries with the database's own in the total order (one transaction).

    Returns the entries newly rejected (not rejected here before) with their reasons.
    """
    if not new:
        return []
    key = lambda e: e.key(campaign)  # noqa: E731
    first = min(key(e) for e in new)
    before: dict[str, str] = {}
    replay: list[log.Entry] = list(new)
    rejected = []
    with store.batch():
        while True:
            row = store.one("SELECT uid, clock, op, command, status FROM history ORDER BY id DESC LIMIT 1")
            if row is None or log.order_key(row["uid"], row["clock"], row["op"] or row["command"], campaign) < first:
                break
            before[row["uid"]] = row["status"]
            replay.append(log.entry_from_row(store.rewind_last()))
        for e in sorted(replay, key=key):
            reason = log.apply_entry(store, e)
            if reason is not None and before.get(e.uid) != "rejected":
                rejected.append((e, reason))
        if store.value("SELECT count(*) FROM campaign") == 0:
            raise SyncError("the campaign's first entry is rejected: the remote's log is damaged")
    return rejected


def _set(store: Store, **values: str) -> None:
    store.set_sync_settings(**values)


# -- commands -----------------------------------------------------------------------


def init(db_path: Path, remote: str) -> Report:
    """``ghcli sync init REMOTE``: send this campaign to an empty remote, join the remote's, or both
    when they are the same campaign; another campaign is refused."""
    remote = (remote or "").strip()
    if not remote or remote.startswith("-"):
        raise BadInput("give the git remote: a URL or a path to a (bare) repository")
    if log.CONTROL_RE.search(remote) or len(remote) > 1000:
        raise BadInput("the remote's URL has control characters or is too long")
    db_path = Path(db_path)
    if Path(remote).exists() and not Path(remote).is_absolute():
        remote = str(Path(remote).resolve())  # the clone runs git in its own folder
    store = _open_campaign(db_path)
    if store is not None and store.sync_setting("remote"):
        current = store.sync_setting("remote")
        store.close()
        raise Refused(f"this campaign is synced with {current} already (`ghcli sync` to sync)")
    if store is not None:
        early = log.not_replayable(store)
        if early:
            store.close()
            raise Refused(f"{len(early)} history entries (#{early[0]['id']} {early[0]['command']} ...) were made "
                          "before ghcli kept a command log and cannot be shared: start the group's campaign anew")
    clone = clone_path(db_path)
    _make_clone(clone, remote)
    try:
        theirs = _remote_campaign(clone)
        if store is None:
            if theirs is None:
                raise Refused(f"{remote} holds no campaign, and there is none at {db_path} to send "
                              "(`ghcli init` first, or give the group's remote)")
            return _join(db_path, clone, remote, theirs)
        ours = log.campaign_uid(store)
        if theirs is not None and theirs != ours:
            raise Refused(f"{remote} holds another campaign ({theirs[:8]}) than this one ({ours[:8]}): "
                          "give an empty remote, or join the group's campaign with a new --db")
        _set(store, remote=remote, campaign=ours)
        report = sync(db_path, store=store)
        report.created = theirs is None
        return report
    except BaseException:
        if store is not None:
            with contextlib.suppress(Exception):
                store.clear_sync_settings()
        shutil.rmtree(clone, ignore_errors=True)
        raise
    finally:
        if store is not None:
            store.close()


def _open_campaign(db_path: Path) -> Store | None:
    """The campaign at db_path, or None where there is none yet (a machine that joins)."""
    from ghcli.campaign.db import DatabaseError, UnusableDatabase

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


def _join(db_path: Path, clone: Path, remote: str, campaign: str) -> Report:
    files, ignored = _entry_files(clone)
    entries = [_read_entry(p, uid) for uid, p in files.items()]
    entries.sort(key=lambda e: e.key(campaign))
    if not entries or entries[0].uid != campaign:
        raise SyncError(f"{remote} lacks the entry that created its campaign ({campaign[:8]})")
    tmp = db_path.with_name(f".{db_path.name}.joining")
    for suffix in ("", "-wal", "-shm"):
        Path(f"{tmp}{suffix}").unlink(missing_ok=True)
    store, rejected = log.rebuild(tmp, entries)
    try:
        _set(store, remote=remote, campaign=campaign, last_sync=store.now())
        store.checkpoint()
    finally:
        store.close()
    for suffix in ("-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)
    os.replace(tmp, db_path)
    return Report(remote, came_in=[_info(e) for e in entries],
                  rejected=[_info(e, r) for e, r in rejected], ignored=ignored, joined=True)


def sync(db_path: Path, *, store: Store | None = None) -> Report:
    """``ghcli sync``: commit new entries, fetch, merge, replay, push."""
    own = store is None
    store = store or Store.open(db_path)
    try:
        remote = store.sync_setting("remote")
        campaign = store.sync_setting("campaign")
        if not remote:
            raise Refused("this campaign is not synced: `ghcli sync init REMOTE` first")
        clone = clone_path(db_path)
        if not (clone / ".git" / MARKER).exists():
            _make_clone(clone, remote)
        report = Report(remote)
        with _locked(clone):
            identity = _identity(clone)
            if _has_head(clone):
                git.run(clone, "reset", "-q", "--hard")  # tracked files as committed (a killed sync)
            for _ in range(PUSH_TRIES):
                sent = _export(store, clone, campaign)
                report.went_out += [_info(e) for e in sent]
                _commit(clone, identity, len(sent))
                _fetch(clone, remote)
                theirs = _campaign_at(clone, f"origin/{BRANCH}")
                if theirs not in (None, campaign):
                    raise Refused(f"{remote} now holds another campaign ({theirs[:8]}): sync refused")
                head = git.out(clone, "rev-parse", "HEAD") if _has_head(clone) else None
                _merge(clone, identity)
                files, report.ignored = _entry_files(clone)
                report.ignored += _changed_entries(clone, head)
                known = {r["uid"] for r in store.rows("SELECT uid FROM history")}
                new = [_read_entry(p, uid) for uid, p in files.items() if uid not in known]
                rejected = _merge_into(store, new, campaign)
                report.came_in += [_info(e) for e in sorted(new, key=lambda e: e.key(campaign))]
                report.rejected += [_info(e, r) for e, r in rejected]
                if _push(clone):
                    break
            else:
                raise SyncError(f"the remote kept moving: {PUSH_TRIES} pushes refused; sync again")
        _set(store, last_sync=store.now())
        return report
    finally:
        if own:
            store.close()


def status(db_path: Path) -> dict:
    """``ghcli sync status``: remote, entries not pushed yet, last sync."""
    store = Store.open(db_path)
    try:
        remote = store.sync_setting("remote")
        if not remote:
            return {"synced": False, "remote": None, "unpushed": [], "last_sync": None,
                    "entries": store.value("SELECT count(*) FROM history")}
        clone = clone_path(db_path)
        pushed: set[str] = set()
        if (clone / ".git").is_dir() and _has_remote_branch(clone):
            names = git.out(clone, "ls-tree", "-r", "--name-only", f"origin/{BRANCH}", "entries")
            pushed = {Path(n).name[:-5] for n in names.splitlines() if n.endswith(".json")}
        unpushed = [_info(e) for e in log.entries(store) if e.uid not in pushed and e.args is not None]
        rejected = store.rows("SELECT id, command, summary, player, reason FROM history "
                              "WHERE status = 'rejected' ORDER BY id")
        return {"synced": True, "remote": remote, "campaign": store.sync_setting("campaign"),
                "clone": str(clone), "unpushed": unpushed, "last_sync": store.sync_setting("last_sync"),
                "entries": store.value("SELECT count(*) FROM history"), "rejected": rejected}
    finally:
        store.close()
