"""ghcli's own fuzzer for hostile files and arguments (issue 29), the full run: a script, not a test.

    python benchmarks/fuzz_hostile.py [--native 2000] [--ghs 2000] [--argv 2000] [--sync 200] [--seed 29] [--small]

Mutated ghcli exports of both format versions (version 2 of the docs' walkthrough campaigns, a small
one, the 0.1 export and a GHS file once imported; version 1: the 0.1 export and the same campaigns in
that form; ``--small``: no walkthroughs) and mutated GHS files (``tests/ghs_fixtures``,
``tests/ghs_written``, ``tests/ghs_jotl``) run through ``import``, then ``status``, ``history``,
``character list``/``show``, ``undo``, ``redo``, a change, ``export`` and the export imported again on
what got in; fuzzed argument vectors run over every command; hostile remote contents run against
``sync`` on a campaign of a synced group (needs git). What each case must hold is in
``tests/hostile_fuzz.py`` (the harness, shared with ``tests/test_hostile_fuzz.py``, which runs a few
hundred cases). Prints the figures and every kind of finding with one example, and exits 1 when
there is any.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--native", type=int, default=2000, help="mutated ghcli exports")
    ap.add_argument("--ghs", type=int, default=2000, help="mutated GHS files")
    ap.add_argument("--argv", type=int, default=2000, help="fuzzed argument vectors")
    ap.add_argument("--sync", type=int, default=200, help="hostile remotes synced (skipped without git)")
    ap.add_argument("--seed", type=int, default=29)
    ap.add_argument("--small", action="store_true", help="seed the exports with the small campaign only")
    ap.add_argument("--keep", metavar="DIR", help="work in DIR and keep it (default: a temporary folder)")
    opts = ap.parse_args()

    import hostile_fuzz as hf

    # A private folder whose parent is private too: the run checks that nothing appears beside its cases.
    work = Path(opts.keep) if opts.keep else Path(tempfile.mkdtemp(prefix="ghcli-fuzz-"))
    base = work / "fuzz"
    t0 = time.perf_counter()

    def progress(kind: str, n: int) -> None:
        print(f"  {kind}: {n} cases ({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)

    try:
        findings, stats = hf.run({"native": opts.native, "ghs": opts.ghs, "argv": opts.argv, "sync": opts.sync},
                                 opts.seed, base,
                                 walkthroughs=not opts.small, progress=progress)
    finally:
        if not opts.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"seed {opts.seed}, {time.perf_counter() - t0:.0f} s")
    for kind, s in stats.items():
        exits = ", ".join(f"exit {k}: {v}" for k, v in sorted(s.exits.items()))
        extra = f", {s.imported} imported, {s.refused} refused" if kind in ("native", "ghs") else ""
        print(f"{kind:>6}: {s.cases} cases, {s.commands} commands in {s.seconds:.0f} s{extra} ({exits})")
        for key, v in sorted(s.counts.items()):
            print(f"        {key}: {v}")
    groups = hf.summary(findings)
    print(f"findings: {len(findings)} in {len(groups)} kinds")
    for key, fs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print(f"- {len(fs)} x {key}")
        print(f"    e.g. {fs[0].line()[:600]}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
