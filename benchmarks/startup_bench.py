"""Start-up speed of ghcli (issue 2): a script, not a timed test.

Times, as fresh processes, ``python -c "import typer"`` (the floor any Typer
app pays), ``ghcli --help`` and ``ghcli status --json`` on a campaign with 10
characters and 1,000 history entries, and prints each time and its ratio to
the floor. Targets: ``--help`` at most 1.3x, ``status --json`` at most 2x.

    python benchmarks/startup_bench.py [--runs N] [--keep DIR]

ghcli runs as ``python -m ghcli`` with this interpreter (no shell shims in
the measurement); the best of N runs is compared (the least disturbed by
other work on the machine), and the median is printed too. Exits 1 when a
target is missed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGETS = {"ghcli --help": 1.3, "ghcli status --json": 2.0}
CLASSES = ["brute", "tinkerer", "spellweaver", "scoundrel", "cragheart", "mindthief",
           "sunkeeper", "quartermaster", "summoner", "nightshroud"]


def build_campaign(path: Path, characters: int = 10, history: int = 1000) -> None:
    """A campaign with `characters` characters and `history` journal entries, through ghcli's own code."""
    from ghcli.campaign import characters as chars, core
    from ghcli.campaign.tracks import MAX_PARTY
    from ghcli.campaign.db import Store

    core.init(path, seed=1)
    store = Store.open(path)
    for key in CLASSES[6:characters]:
        core.unlock_class(store, key)
    for i in range(characters):
        if i and i % MAX_PARTY == 0:  # a party holds at most four characters
            core.new_party(store, f"Party {i // MAX_PARTY + 1}")
        chars.new(store, f"Hero{i}", CLASSES[i % len(CLASSES)], player=f"P{i}")
    done = store.value("SELECT count(*) FROM journal")
    for i in range(history - done):
        # spread the checkmarks: a sheet holds 18
        chars.adjust(store, f"Hero{i % characters}", xp=1, gold=1 if i % 2 else 0, checkmarks=1 if i % 51 == 0 else 0)
    assert store.value("SELECT count(*) FROM journal") == history
    assert store.value("SELECT count(*) FROM characters") == characters
    store.close()


def timed(argv: list[str], env: dict, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
        out.append(time.perf_counter() - t0)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15, help="runs of each command (default 15)")
    ap.add_argument("--keep", metavar="DIR", help="build the campaign in DIR and keep it")
    args = ap.parse_args(argv)

    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="ghcli-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "bench.db"
    if db.exists():
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
    build_campaign(db)

    env = dict(os.environ, GHCLI_DB=str(db), PYTHONDONTWRITEBYTECODE="")
    py = sys.executable
    commands = {
        'python -c "import typer"': [py, "-c", "import typer"],
        "ghcli --help": [py, "-m", "ghcli", "--help"],
        "ghcli status --json": [py, "-m", "ghcli", "status", "--json"],
    }
    for argv_ in commands.values():  # warm the caches (bytecode, disk)
        timed(argv_, env, 2)
    results = {name: timed(argv_, env, args.runs) for name, argv_ in commands.items()}

    floor = min(results['python -c "import typer"'])
    ok = True
    print(f"{'command':<28} {'best ms':>8} {'median ms':>10} {'ratio':>6} {'target':>7}")
    for name, times in results.items():
        best, median = min(times), statistics.median(times)
        ratio = best / floor
        target = TARGETS.get(name)
        mark = ""
        if target is not None:
            mark = f"{target:.1f}x " + ("ok" if ratio <= target else "MISSED")
            ok &= ratio <= target
        print(f"{name:<28} {best * 1000:8.1f} {median * 1000:10.1f} {ratio:5.2f}x {mark:>7}")
    if not args.keep:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        folder.rmdir()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
