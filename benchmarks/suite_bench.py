"""How long the test suite takes on this machine, and where the time goes (issue 24: at most 90 s).

Runs the README's test command (``pytest -q``, with ``--durations=0`` added so
the time can be split) once from the repository's root and reports

- the wall time against the target, and the CPU seconds of pytest and of every
  process it started (user + sys, from ``getrusage(RUSAGE_CHILDREN)``): the
  suite is CPU-bound when CPU / wall is near the machine's cores;
- the machine: its cores and a calibration loop (pure Python, the same work on
  every run), so runs on hosts of different speed can be compared: the suite's
  wall time in calibration units is what a change to the suite moves;
- the test files that took longest (each file's set-up, call and tear-down
  summed over its tests, as pytest measured them in its workers);
- with ``--subprocesses``: how many ``node`` (GHS's loading code) and ``git``
  (group sync) processes the suite ran and their CPU, through shims put first
  on ``PATH`` that run the real program and record the shell's ``times``
  (each shim adds a small shell of its own to every run).

    python benchmarks/suite_bench.py [--top N] [--subprocesses] [--target S] [-- PYTEST ARGS]

Exits 1 when the wall time is over the target (or the suite failed).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ghcli.cli.tables import simple as table  # noqa: E402  ghcli's own tables (display width, whole words)
TARGET_S = 90.0
DURATION = re.compile(r"^(\d+(?:\.\d+)?)s (setup|call|teardown)\s+(\S+?)::")
SHIMMED = ("node", "git")


def calibration() -> float:
    """Seconds for a fixed pure-Python loop: how fast this host runs Python now (best of three)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        sum(i * i for i in range(10**7))
        best = min(best, time.perf_counter() - start)
    return best


def by_file(output: str) -> dict[str, tuple[float, int]]:
    """{test file: (seconds summed over its set-ups, calls and tear-downs, tests)} from --durations=0."""
    seconds: dict[str, float] = defaultdict(float)
    tests: dict[str, set[str]] = defaultdict(set)
    for line in output.splitlines():
        m = DURATION.match(line.strip())
        if m:
            seconds[m[3]] += float(m[1])
            tests[m[3]].add(line.split("::", 1)[1])
    return {f: (seconds[f], len(tests[f])) for f in seconds}


def write_shims(folder: Path) -> dict[str, Path]:
    """A shim per program in SHIMMED that runs the real one and appends its CPU (``times``) to a log."""
    logs = {}
    for name in SHIMMED:
        real = shutil.which(name)
        if real is None:
            continue
        log = folder / f"{name}.times"
        shim = folder / name
        shim.write_text(f'#!/bin/sh\n"{real}" "$@"\nrc=$?\ntimes >> "{log}"\nexit $rc\n')
        shim.chmod(0o755)
        logs[name] = log
    return logs


def shim_totals(log: Path) -> tuple[int, float]:
    """(runs, CPU seconds of the real program) from a shim's log: ``times`` prints the shell's own
    line, then its children's (``0m0.012s 0m0.004s``)."""
    if not log.exists():
        return 0, 0.0
    lines = [ln.split() for ln in log.read_text().splitlines() if ln.strip()]
    children = lines[1::2]
    cpu = sum(int(m[1]) * 60 + float(m[2]) for fields in children for field in fields
              if (m := re.fullmatch(r"(\d+)m(\d+(?:\.\d+)?)s", field)))
    return len(children), cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--top", type=int, default=15, help="test files to list (default 15)")
    ap.add_argument("--subprocesses", action="store_true", help="count node and git runs and their CPU")
    ap.add_argument("--target", type=float, default=TARGET_S, help=f"wall seconds allowed (default {TARGET_S:g})")
    ap.add_argument("pytest_args", nargs="*", help="more arguments for pytest (after --)")
    args = ap.parse_args(argv)

    calib = calibration()
    env = dict(os.environ)
    scratch = Path(tempfile.mkdtemp(prefix="ghcli-suite-bench-"))
    logs: dict[str, Path] = {}
    try:
        if args.subprocesses:
            logs = write_shims(scratch)
            env["PATH"] = f"{scratch}{os.pathsep}{env.get('PATH', '')}"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--durations=0",
                   "--durations-min=0", *args.pytest_args]
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        spawned = {name: shim_totals(log) for name, log in logs.items()}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    summary = next((ln for ln in reversed(done.stdout.splitlines()) if " in " in ln and ln.strip()), "")
    if done.returncode != 0:
        print(done.stdout[-3000:], done.stderr[-2000:], sep="\n", file=sys.stderr)
    cores = os.cpu_count() or 1
    print(table([
        ["wall", f"{wall:.1f} s", f"target {args.target:g} s: " + ("ok" if wall <= args.target else "MISSED")],
        ["CPU (user + sys)", f"{cpu:.1f} s", f"{cpu / wall:.2f} of {cores} cores busy"],
        ["calibration loop", f"{calib:.2f} s", f"wall = {wall / calib:.0f} calibration loops"],
        ["pytest", summary.strip("= "), f"exit {done.returncode}"],
    ], ["suite", "measured", ""]))
    if spawned:
        print()
        print(table([[name, runs, f"{cpu_s:.1f}", f"{100 * cpu_s / cpu:.0f}%" if cpu else "-"]
                     for name, (runs, cpu_s) in spawned.items()],
                    ["program", "runs", "CPU s", "of the suite's CPU"]))
    files = sorted(by_file(done.stdout).items(), key=lambda kv: -kv[1][0])
    total = sum(s for _, (s, _) in files)
    print()
    print(table([[f, n, f"{s:.1f}", f"{100 * s / total:.0f}%" if total else "-"] for f, (s, n) in files[:args.top]],
                ["test file", "tests", "seconds", "of all"]))
    return 0 if done.returncode == 0 and wall <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
