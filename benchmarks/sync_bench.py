"""Speed and size of the command log and of group sync (issues 19, 30): a script, not a timed test.

Builds campaigns through ghcli's own code, then reports

- **replay**: rebuilding a campaign's database from its log, for 2,000 and
  20,000 entries (target: 20,000 in at most 2 s);
- **no-op sync**: ``sync`` with nothing new against a local bare remote, split
  into git's time and ghcli's own (target: ghcli's own under 0.3 s beyond git);
- **join**: a new machine joining a 2,000-entry campaign (from the latest
  snapshot and the entries after it);
- **remote size** of a 2,000-entry campaign pushed the way a group plays
  (a sync every ``--batch`` entries; target under 2 MB, ``du -sb`` and
  ``du -sk`` both), and the worst case of one entry per push.

    python benchmarks/sync_bench.py [--entries N] [--big N] [--batch N] [--runs N] [--quick] [--keep DIR]

``--quick`` skips the 20,000-entry replay and the one-entry-per-push remote.
Exits 1 when a target is missed. (The replay figures are the journal's: ``build`` without a remote and
``time_replay``; the others are the sync's.)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

REPLAY_TARGET_S = 2.0          # for 20,000 entries
SYNC_OVERHEAD_TARGET_S = 0.3   # beyond git
REMOTE_TARGET_BYTES = 2 * 1024 * 1024


def steps(store):
    """The commands a long campaign repeats: purchases, sales, XP, reputation."""
    from ghcli.campaign import characters, parties, town

    return [lambda: town.buy(store, "Ann", "Boots of Striding"),
            lambda: town.sell(store, "Ann", "Boots of Striding"),
            lambda: characters.adjust(store, "Bob", xp=1),
            lambda: parties.change_reputation(store, 1),
            lambda: parties.change_reputation(store, -1)]


def build(path: Path, entries: int, *, every: int = 0, remote: Path | None = None) -> int:
    """A campaign whose journal has ``entries`` entries; with ``remote``, synced to it every ``every``
    entries (the way a group plays: a session's worth per push), else made in one transaction (the
    build is not what is measured). Returns the number of syncs."""
    from ghcli.campaign import characters, init
    from ghcli.campaign.kind import Store
    from ghcli.sync import engine as sync

    init.init(path, seed=1)
    store = Store.open(path)
    if remote is None:
        with store.batch():
            characters.new(store, "Ann", "brute", quest=512)
            characters.new(store, "Bob", "tinkerer", quest=514)
            characters.adjust(store, "Ann", gold=10**6)
            n = store.value("SELECT count(*) FROM journal")
            todo = steps(store)
            i = 0
            while n < entries:
                todo[i % len(todo)]()
                i += 1
                n += 1
        store.close()
        return 0
    characters.new(store, "Ann", "brute", quest=512)
    characters.new(store, "Bob", "tinkerer", quest=514)
    characters.adjust(store, "Ann", gold=10**6)
    n = store.value("SELECT count(*) FROM journal")
    store.close()
    sync.init(path, str(remote))
    store = Store.open(path)
    syncs = 1
    todo = steps(store)
    i = 0
    while n < entries:
        todo[i % len(todo)]()
        i += 1
        n += 1
        if every and n % every == 0:
            sync.sync(path, store=store)
            syncs += 1
    sync.sync(path, store=store)
    store.close()
    return syncs + 1


def time_replay(path: Path, folder: Path, runs: int) -> float:
    """The fastest of ``runs`` rebuilds of the campaign at ``path`` from its journal alone
    (``ghcli.journal.replay.rebuild``: every entry re-executed from its document, its draws fed back,
    its effect and document checked)."""
    from ghcli.campaign.kind import Store
    from ghcli.journal import replay

    store = Store.open(path)
    items, next_seq, kind = replay.items(store), replay.next_seq(store), store.kind
    store.close()
    best = float("inf")
    for k in range(runs):
        target = folder / f"replayed-{path.stem}-{k}.db"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{target}{suffix}").unlink(missing_ok=True)
        t = time.perf_counter()
        replay.rebuild(target, kind, items, next_seq_=next_seq).close()
        best = min(best, time.perf_counter() - t)
    return best


def new_remote(folder: Path, name: str) -> Path:
    remote = folder / name
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    return remote


def time_sync(path: Path, runs: int) -> tuple[float, float]:
    """(total, in git) of the fastest ``sync`` with nothing new, run in this process."""
    from ghcli.sync import engine, git

    spent = [0.0]
    real = git.run

    def timed(*args, **kw):
        t = time.perf_counter()
        try:
            return real(*args, **kw)
        finally:
            spent[0] += time.perf_counter() - t

    git.run = timed
    best = (float("inf"), 0.0)
    try:
        for _ in range(runs):
            spent[0] = 0.0
            t = time.perf_counter()
            report = engine.sync(path)
            total = time.perf_counter() - t
            assert not report.came_in and not report.went_out
            if total - spent[0] < best[0] - best[1]:
                best = (total, spent[0])
    finally:
        git.run = real
    return best


def time_join(remote: Path, folder: Path, runs: int) -> float:
    from ghcli.sync import engine

    best = float("inf")
    for k in range(runs):
        db = folder / f"joiner-{k}" / "campaign.db"
        db.parent.mkdir(parents=True, exist_ok=True)
        t = time.perf_counter()
        engine.init(db, str(remote))
        best = min(best, time.perf_counter() - t)
    return best


def size(path: Path) -> tuple[int, int]:
    """(``du -sb`` bytes, ``du -sk`` KiB) of a folder."""
    b = int(subprocess.run(["du", "-sb", str(path)], capture_output=True, text=True, check=True).stdout.split()[0])
    k = int(subprocess.run(["du", "-sk", str(path)], capture_output=True, text=True, check=True).stdout.split()[0])
    return b, k


def worst_case_remote(folder: Path, source: Path) -> tuple[int, int, int]:
    """The remote when every entry is its own push: the source remote's entries re-pushed one a commit."""
    from ghcli.sync.remote import Clone

    src = Clone(source, str(source))
    docs = [(c.author, d) for c in src.read(src.rev_list("main", None)) for d in c.documents]
    remote = new_remote(folder, "worst.git")
    clone = Clone(folder / "worst.sync", str(remote))
    clone.ensure()
    from ghcli.sync import ledger

    campaign = ledger.parse(docs[0][1]).id
    parent = None
    for author, doc in docs:
        parent = clone.commit(parent, [doc], campaign, author, "")
        if not clone.push(parent):
            raise SystemExit("the worst-case push was refused")
    b, k = size(remote)
    return len(docs), b, k


def mb(n: float) -> str:
    return f"{n / 1024 / 1024:.2f} MB"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--entries", type=int, default=2000)
    ap.add_argument("--big", type=int, default=20000, help="The larger replay (0: skip).")
    ap.add_argument("--batch", type=int, default=15, help="Entries per push while building the remote.")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="Skip the big replay and the worst-case remote.")
    ap.add_argument("--keep", type=Path, default=None, help="Build in this folder and keep it.")
    args = ap.parse_args()
    os.environ.setdefault("GHCLI_PLAYER", "bench")
    folder = args.keep or Path(tempfile.mkdtemp(prefix="ghcli-sync-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    ok = True

    remote = new_remote(folder, "group.git")
    path = folder / "campaign.db"
    t = time.perf_counter()
    syncs = build(path, args.entries, every=args.batch, remote=remote)
    print(f"built a {args.entries}-entry campaign in {time.perf_counter() - t:.1f} s, pushed in {syncs} syncs "
          f"of about {args.batch} entries")

    replay = time_replay(path, folder, args.runs)
    print(f"replay {args.entries} entries: {replay:.2f} s ({replay / args.entries * 1e6:.0f} us an entry)")
    if args.big and not args.quick:
        big = folder / "big.db"
        t = time.perf_counter()
        build(big, args.big)
        print(f"built a {args.big}-entry log in {time.perf_counter() - t:.1f} s")
        replay_big = time_replay(big, folder, max(1, args.runs - 1))
        hit = replay_big <= REPLAY_TARGET_S * args.big / 20000
        ok &= hit
        print(f"replay {args.big} entries: {replay_big:.2f} s (target {REPLAY_TARGET_S * args.big / 20000:.1f} s)"
              + ("" if hit else "  MISSED"))

    total, in_git = time_sync(path, args.runs)
    own = total - in_git
    hit = own <= SYNC_OVERHEAD_TARGET_S
    ok &= hit
    print(f"sync, nothing new: {total:.3f} s, of which git {in_git:.3f} s; ghcli's own {own:.3f} s "
          f"(target {SYNC_OVERHEAD_TARGET_S} s beyond git)" + ("" if hit else "  MISSED"))

    join = time_join(remote, folder, max(1, args.runs - 1))
    print(f"join a {args.entries}-entry campaign (latest snapshot + the entries after it): {join:.2f} s")

    b, k = size(remote)
    hit = b <= REMOTE_TARGET_BYTES and k * 1024 <= REMOTE_TARGET_BYTES
    ok &= hit
    print(f"remote of {args.entries} entries in {syncs} pushes: du -sb {mb(b)}, du -sk {mb(k * 1024)} "
          f"(target {mb(REMOTE_TARGET_BYTES)}, no git gc)" + ("" if hit else "  MISSED"))
    if not args.quick:
        n, b, k = worst_case_remote(folder, remote)
        print(f"worst case, one entry per push ({n} pushes): du -sb {mb(b)}, du -sk {mb(k * 1024)} "
              "(loose objects: a file, and a disk block, each)")
    print("targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
