"""The group's history in git: a linear chain of commits on the remote's branch ``main``.

Layout (format 2; see docs/sync.md "How it works"):

- every commit ghcli pushes carries a batch of entries **in its commit
  message**: a one-line subject (``ghcli: 3 entries by ann``), a blank line,
  then one entry document per line (the canonical JSON bytes whose sha256 is
  the entry's id);
- its tree is constant: ``campaign.json`` = ``{"campaign": ID, "format": 2}``
  (the campaign's id is its first entry's id), so a push adds one git object,
  the commit;
- the author of a commit is the author of its entries (the name git
  recorded, not anything an entry says).

The clone beside the database (``campaign.db`` -> ``campaign.db.sync/``) is a
*bare* repository: git plumbing only (``fetch``, ``hash-object``, ``mktree``,
``commit-tree``, ``push``, ``rev-list``, ``cat-file --batch``), no working
tree that could get out of shape, no named remote (the URL is passed, after
``--``, on every call). Its ref ``refs/remotes/origin/main`` is the remote's
``main`` as last fetched or pushed. Trees are never read for entries: files in
a remote's tree other than ghcli's own are ignored, and a tree of an
unexpected shape (a directory named campaign.json, links, submodules, other
files) cannot stop a sync. A commit whose message is not ghcli's layout is
reported and skipped.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

from ghcli.errors import Refused
from ghcli.sync import git
from ghcli.sync.git import SyncError

BRANCH = "main"
TRACKING = f"refs/remotes/origin/{BRANCH}"
FORMAT = 2
MARKER = "ghcli-clone"
SUBJECT_RE = re.compile(rb"^ghcli: \d+ entr(y|ies)\b")
TRAILER_RE = re.compile(rb"^ghcli-([a-z]+): ([0-9a-f]{64})$")
AUTHOR_RE = re.compile(rb"^(.*?) <([^<>]*)> (\d+) ([+-]\d{4})$")
MAX_COMMIT_BYTES = 32 * 1024 * 1024   # a commit object larger than this is skipped unread
MAX_NAME = 100


@dataclass(frozen=True)
class Commit:
    """One commit of the group's history, as read from git's raw object."""

    sha: str
    parents: tuple[str, ...]
    author: str             # the author's name as git recorded it (control characters kept: shown escaped)
    email: str
    time: int               # the author time (seconds), shown only
    documents: tuple[bytes, ...] = ()
    note: str | None = None  # why its message is not read (not ghcli's layout, too large)
    trailers: dict = field(default_factory=dict)  # ghcli-NAME: HEX lines (a snapshot's history digest)

    @property
    def short(self) -> str:
        return self.sha[:10]


@dataclass
class Chain:
    """The commits of the remote's first-parent chain after ``since``, oldest first."""

    head: str | None
    since: str | None
    commits: list[Commit] = field(default_factory=list)
    linear: bool = True     # ``since`` is on the chain (the remote moved forward from it)
    behind: bool = False    # the remote's head is an ancestor of ``since``


def campaign_file(campaign: str) -> bytes:
    return json.dumps({"campaign": campaign, "format": FORMAT}, sort_keys=True).encode() + b"\n"


def _git_hash(kind: str, data: bytes) -> str:
    return hashlib.sha1(f"{kind} {len(data)}\0".encode() + data).hexdigest()


def tree_sha(campaign: str) -> str:
    """The sha of ghcli's constant tree for a campaign (computed, the same on every machine)."""
    blob = _git_hash("blob", campaign_file(campaign))
    return _git_hash("tree", b"100644 campaign.json\0" + bytes.fromhex(blob))


def message(documents: list[bytes], author: str, what: str = "", trailers: dict | None = None) -> bytes:
    """A commit message: the subject, a blank line, ``ghcli-NAME: HEX`` lines, one document per line."""
    n = len(documents)
    subject = f"ghcli: {n} entr{'y' if n == 1 else 'ies'} by {git.shown(author, 40)}"
    if what:
        subject += f": {git.shown(what, 60)}"
    for d in documents:
        if b"\n" in d or b"\r" in d:
            raise ValueError("an entry document spans lines")
    head = b"".join(f"ghcli-{k}: {v}\n".encode() for k, v in sorted((trailers or {}).items()))
    return subject.encode() + b"\n\n" + head + b"".join(d + b"\n" for d in documents)


def parse_commit(sha: str, raw: bytes) -> Commit:
    """A raw commit object (``cat-file``) as a :class:`Commit`; the documents are the message's lines."""
    head, _, body = raw.partition(b"\n\n")
    parents, author, email, when = [], "unknown", "", 0
    for line in head.split(b"\n"):
        if line.startswith(b"parent "):
            parents.append(line[7:].decode("ascii", "replace"))
        elif line.startswith(b"author "):
            m = AUTHOR_RE.match(line[7:])
            if m:
                author = m.group(1).decode("utf-8", "replace")[:MAX_NAME] or "unknown"
                email = m.group(2).decode("utf-8", "replace")[:200]
                when = int(m.group(3)[:12])
    lines = body.split(b"\n")
    if not SUBJECT_RE.match(lines[0]):
        return Commit(sha, tuple(parents), author, email, when, (),
                      note=f"commit {sha[:10]} by {git.shown(author, 40)} is not a ghcli commit (its message "
                           "is not ghcli's): ignored")
    docs, trailers = [], {}
    for ln in lines[1:]:
        m = TRAILER_RE.match(ln)
        if m:
            trailers[m.group(1).decode()] = m.group(2).decode()
        elif ln.strip():
            docs.append(ln)
    return Commit(sha, tuple(parents), author, email, when, tuple(docs), trailers=trailers)


class Clone:
    """The bare clone of the group's remote beside a database."""

    def __init__(self, path: Path, remote: str):
        self.path = Path(path)
        self.remote = remote

    @classmethod
    def beside(cls, db_path: Path, remote: str) -> "Clone":
        db_path = Path(db_path)
        return cls(db_path.with_name(db_path.name + ".sync"), remote)

    # -- the repository itself -------------------------------------------------

    def git(self, *args: str, **kw):
        return git.run(self.path, *args, **kw)

    def exists(self) -> bool:
        return (self.path / MARKER).is_file() and (self.path / "objects").is_dir()

    def ensure(self) -> list[str]:
        """Make the bare clone if there is none; returns notes for the report.

        Something else at its place (a clone of ghcli's earlier sync layout, any
        folder) is moved aside, never deleted: it may hold work not pushed yet.
        """
        notes = []
        if self.exists():
            return notes
        if self.path.exists() or self.path.is_symlink():
            aside = self.path.with_name(f"{self.path.name}.old-{time.strftime('%Y%m%d-%H%M%S')}")
            os.replace(self.path, aside)
            notes.append(f"moved {self.path.name} (not ghcli's clone of this layout) aside to {aside.name}: "
                         "nothing in it was deleted")
        tmp = self.path.with_name(self.path.name + ".partial")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        try:
            git.run(tmp, "init", "-q", "--bare")
            git.run(tmp, "symbolic-ref", "HEAD", f"refs/heads/{BRANCH}")
            with contextlib.suppress(OSError):
                shutil.rmtree(tmp / "hooks")   # only samples, and never run; nothing to read there
            (tmp / MARKER).write_text("the bare clone ghcli keeps beside a synced campaign database "
                                      "(see docs/sync.md); ghcli rebuilds it when it is removed\n")
            os.replace(tmp, self.path)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        return notes

    @contextlib.contextmanager
    def locked(self):
        """One sync at a time per clone; git's lock files left by a killed sync are removed."""
        import fcntl

        with open(self.path / "ghcli.lock", "a") as fh:
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise Refused("another sync of this campaign is running; try again when it ends") from None
            for lock in [*self.path.glob("*.lock"), *(self.path / "refs").rglob("*.lock")]:
                if lock.name != "ghcli.lock":
                    lock.unlink(missing_ok=True)  # no git of ours runs: a killed sync left it
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    # -- talking to the remote -------------------------------------------------

    def fetch(self) -> str | None:
        """Fetch the remote's ``main``; its commit, or None when the remote has no ``main`` (empty)."""
        r = self.git("fetch", "-q", "--no-tags", "--no-write-fetch-head", "--", self.remote,
                     f"+refs/heads/{BRANCH}:{TRACKING}", check=False, remote=self.remote)
        if r.returncode != 0:
            err = r.stderr.decode("utf-8", "replace").lower()
            if f"couldn't find remote ref refs/heads/{BRANCH}" in err:
                if self.tracking() is not None:
                    self.git("update-ref", "-d", TRACKING)
                return None
            raise git.failure(r, "fetch", self.remote)
        return self.tracking()

    def tracking(self) -> str | None:
        r = self.git("rev-parse", "--verify", "-q", f"{TRACKING}^{{commit}}", check=False)
        return git.text(r) or None if r.returncode == 0 else None

    def push(self, sha: str) -> bool:
        """Push ``sha`` as the remote's ``main``; False when the remote moved meanwhile (fetch again)."""
        r = self.git("push", "-q", "--no-verify", "--", self.remote, f"{sha}:refs/heads/{BRANCH}",
                     check=False, remote=self.remote)
        if r.returncode == 0:
            self.git("update-ref", TRACKING, sha)
            return True
        err = r.stderr.decode("utf-8", "replace").lower()
        if any(k in err for k in ("rejected", "fetch first", "non-fast-forward", "failed to update ref",
                                  "cannot lock ref", "stale info")):
            return False
        raise git.failure(r, "push", self.remote)

    # -- writing commits -------------------------------------------------------

    def commit(self, parent: str | None, documents: list[bytes], campaign: str, author: str, email: str,
               what: str = "", trailers: dict | None = None) -> str:
        """A commit of ``documents`` on ``parent`` (None: the first), with ghcli's constant tree."""
        tree = tree_sha(campaign)
        if self.git("cat-file", "-e", f"{tree}^{{tree}}", check=False).returncode != 0:
            blob = git.text(self.git("hash-object", "-w", "--stdin", input=campaign_file(campaign)))
            made = git.text(self.git("mktree", input=f"100644 blob {blob}\tcampaign.json\n".encode()))
            if made != tree:
                raise SyncError(f"git made tree {made[:10]} where ghcli expects {tree[:10]} (a git with "
                                "another object format?)")
        args = ["commit-tree", tree, *(["-p", parent] if parent else []), "-F", "-"]
        ident = {"GIT_AUTHOR_NAME": author or "unknown", "GIT_AUTHOR_EMAIL": email or "",
                 "GIT_COMMITTER_NAME": author or "unknown", "GIT_COMMITTER_EMAIL": email or ""}
        r = self.git(*args, input=message(documents, author, what, trailers), extra_env=ident)
        return git.text(r)

    # -- reading the history ---------------------------------------------------

    def chain(self, since: str | None, head: str | None) -> Chain:
        """The commits on ``head``'s first-parent chain after ``since`` (all of them for None), oldest first.

        ``linear`` is False when ``since`` is not on that chain (the remote's
        history was rewritten, or replaced): then ``commits`` is the whole chain;
        ``behind`` is True when ``head`` is an ancestor of ``since`` (the remote
        lost commits this machine has: a remote restored from a backup)."""
        if head is None or since == head:
            return Chain(head, since, [], True)
        if since is not None and not self.has(since):
            return Chain(head, since, self.read(self.rev_list(head, None)), False)
        commits = self.read(self.rev_list(head, since))
        if since is None or (commits and commits[0].parents[:1] == (since,)):
            return Chain(head, since, commits, True)
        if not commits and self.is_ancestor(head, since):
            return Chain(head, since, [], False, behind=True)
        return Chain(head, since, self.read(self.rev_list(head, None)), False)

    def rev_list(self, head: str, since: str | None) -> list[str]:
        args = ["rev-list", "--first-parent", "--reverse", head]
        if since is not None:
            args.append(f"^{since}")
        return [ln for ln in git.text(self.git(*args)).splitlines() if ln]

    def has(self, sha: str) -> bool:
        return self.git("cat-file", "-e", f"{sha}^{{commit}}", check=False).returncode == 0

    def is_ancestor(self, older: str, newer: str) -> bool:
        return self.git("merge-base", "--is-ancestor", older, newer, check=False).returncode == 0

    def read(self, shas: list[str]) -> list[Commit]:
        """The commits, read in one ``cat-file --batch``."""
        if not shas:
            return []
        r = self.git("cat-file", "--batch", input="".join(s + "\n" for s in shas).encode())
        data, pos, out = r.stdout, 0, []
        for sha in shas:
            end = data.index(b"\n", pos)
            header = data[pos:end].split(b" ")
            pos = end + 1
            if len(header) != 3:
                raise SyncError(f"git could not read commit {sha[:10]} of the remote")
            size = int(header[2])
            raw = data[pos:pos + size]
            pos += size + 1
            if header[1] != b"commit":
                raise SyncError(f"{sha[:10]} in the remote's history is a {header[1].decode()}, not a commit")
            if size > MAX_COMMIT_BYTES:
                out.append(Commit(sha, (), "unknown", "", 0, (), note=f"commit {sha[:10]} is larger than "
                                  f"{MAX_COMMIT_BYTES >> 20} MiB: ignored"))
                continue
            out.append(parse_commit(sha, raw))
        return out

    def file_at(self, sha: str, name: str, limit: int = 4096) -> bytes | None:
        """A small file of a commit's tree (None when it is not a plain file there)."""
        r = self.git("cat-file", "-t", f"{sha}:{name}", check=False)
        if r.returncode != 0 or git.text(r) != "blob":
            return None
        r = self.git("cat-file", "blob", f"{sha}:{name}", check=False)
        return r.stdout[:limit] if r.returncode == 0 else None

    def root(self, head: str) -> Commit | None:
        shas = git.text(self.git("rev-list", "--first-parent", "--max-parents=0", head)).splitlines()
        return self.read(shas[-1:])[0] if shas else None
