"""Start-up speed of ghcli (issues 2 and 24): a script, not a timed test.

Times, as fresh processes, ``python -c "import typer"`` (the floor any Typer
app pays), ``ghcli --help`` and ``ghcli status --json`` on a campaign with 10
characters and 1,000 history entries, and prints each time and its ratio to
the floor. Targets: ``--help`` at most 1.3x, ``status --json`` at most 2x.

Issue 24's questions at the table, whole process through the ``ghcli``
console script, beside ``import typer`` in the same run: ``ghcli rules focus``
on the README tour's board and ``ghcli status`` (text) on a campaign of one
character; CPU time (user + system, what the machine's other work disturbs
least), the commands interleaved run by run, medians compared; targets 1.5x
each.

    python benchmarks/startup_bench.py [--runs N] [--keep DIR]

ghcli runs as ``python -m ghcli`` with this interpreter for the first part
(no shell shims in the measurement); the best of N runs is compared (the
least disturbed by other work on the machine), and the median is printed
too. Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGETS = {"ghcli --help": 1.3, "ghcli status --json": 2.0}
CPU_TARGETS = {"ghcli rules focus tour.txt": 1.5, "ghcli status": 1.5}
ROOT = Path(__file__).resolve().parent.parent
CLASSES = ["brute", "tinkerer", "spellweaver", "scoundrel", "cragheart", "mindthief",
           "sunkeeper", "quartermaster", "summoner", "nightshroud"]


def build_campaign(path: Path, characters: int = 10, history: int = 1000) -> None:
    """A campaign with `characters` characters and `history` journal entries, through ghcli's own code."""
    from ghcli.campaign import characters as chars, init, parties, unlocks
    from ghcli.campaign.tracks import MAX_PARTY
    from ghcli.campaign.kind import Store

    init.init(path, seed=1)
    store = Store.open(path)
    for key in CLASSES[6:characters]:
        unlocks.unlock_class(store, key)
    for i in range(characters):
        if i and i % MAX_PARTY == 0:  # a party holds at most four characters
            parties.new_party(store, f"Party {i // MAX_PARTY + 1}")
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


def cpu_seconds(argv: list[str], env: dict) -> float:
    """The user + system CPU time of one run of ``argv`` (a fresh process)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def questions_at_the_table(folder: Path, env: dict, runs: int) -> bool:
    """``rules focus`` on the tour's board and ``status`` beside ``import typer``: CPU medians, interleaved."""
    from ghcli.campaign import characters as chars, init

    board = folder / "tour.txt"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    board.write_text(re.search(r"```text\n(board: gloomhaven flat.*?)```", readme, re.S).group(1), encoding="utf-8")
    db = folder / "one.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    init.init(db, seed=7)
    from ghcli.campaign.kind import Store

    store = Store.open(db)
    chars.new(store, "Ann", "brute", quest=512)
    store.close()
    script = Path(sys.executable).parent / "ghcli"
    ghcli = [str(script)] if script.exists() else [sys.executable, "-m", "ghcli"]
    env = dict(env, GHCLI_DB=str(db))
    typer_cmd = [sys.executable, "-c", "import typer"]
    commands = {"ghcli rules focus tour.txt": [*ghcli, "rules", "focus", str(board)],
                "ghcli status": [*ghcli, "status"]}
    for argv_ in (typer_cmd, *commands.values()):
        cpu_seconds(argv_, env)  # warm: bytecode written, files cached
    times: dict[str, list[float]] = {"import typer": [], **{name: [] for name in commands}}
    for _ in range(runs):
        for name, argv_ in commands.items():
            times["import typer"].append(cpu_seconds(typer_cmd, env))
            times[name].append(cpu_seconds(argv_, env))
    floor = statistics.median(times["import typer"])
    ok = True
    print(f"\n{'CPU, whole process':<28} {'median ms':>10} {'ratio':>6} {'target':>7}")
    label = 'python -c "import typer"'
    print(f"{label:<28} {floor * 1000:10.1f} {1.0:5.2f}x")
    for name in commands:
        median = statistics.median(times[name])
        ratio = median / floor
        target = CPU_TARGETS[name]
        ok &= ratio <= target
        mark = "ok" if ratio <= target else "MISSED"
        print(f"{name:<28} {median * 1000:10.1f} {ratio:5.2f}x {target:.1f}x {mark}")
    return ok


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
    ok &= questions_at_the_table(folder, env, args.runs)
    if not args.keep:
        for name in ("one.db", "one.db-wal", "one.db-shm", "tour.txt"):
            (folder / name).unlink(missing_ok=True)
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        folder.rmdir()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
