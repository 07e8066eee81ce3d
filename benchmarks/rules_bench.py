"""Speed of the rules core (issues 5 and 15): `python benchmarks/rules_bench.py [--clock cpu] [--whole-files]`.

Options: ``--repeat N`` runs per case, ``--slow K`` worst ratios listed.

Prints, in one run:

* every shared rules case (tests/rules_cases/*.json) timed the way
  ``gloom-times.json`` says gloom's solver was timed: JSON load,
  ``Board.from_dict``, ``decide``, ``to_dict``, in one process; each case
  beside gloom's time for it and the ratio (ours / gloom's; the target is at
  most 0.5), the slowest ratios listed;
* the median and the worst case;
* a big board: 40 x 40 hexes, 4 characters, 18 monsters, thin walls,
  obstacles and traps, a 3-target ranged attack (range 4, move 4).

The machine is shared, so each figure is the best (minimum) of N runs
(default 15) interleaved case by case: contention only ever adds time, and
the minimum is the run least disturbed. Each run starts cold: the geometry
tables line of sight keeps between boards are cleared first, as a single
command would start.

``gloom-times.json`` (copied here from the shared data) is gloom's solver
timed per case on a machine like this one: its ``what`` key says how.

What is timed is each case's board document (the keys of board format 1,
``BOARD_KEYS``, re-serialised): the case files also carry test data (the
expected answer, the source, and in 182 of them a ``los`` list of sight
checks that is often most of the file's bytes), whose JSON parsing is no part
of answering a board and which gloom's timing never read (its scenarios are
Python code, built by ``init_from_test_scenario``). ``--whole-files`` times
the files as they are, test data included, for comparison.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ghcli.rules.board import Board  # noqa: E402
from ghcli.rules.los import clear_caches  # noqa: E402
from ghcli.rules.monster import decide  # noqa: E402

#: seconds; the ratio target is ours / gloom's per case
TARGETS = {"median case": 0.0006, "worst case": 0.020, "big board": 0.005}
RATIO_TARGET = 0.5
#: The keys of board format 1: what is timed of each case file (all of it with ``--whole-files``).
BOARD_KEYS = ("format", "rules", "orientation", "hexes", "terrain", "walls", "figures", "active", "action")


def big_board(seed: int = 7) -> dict:
    """40 x 40 hexes (offset rectangle), thin walls, 4 characters, 18 monsters, a 3-target ranged attack."""
    rng = random.Random(seed)
    hexes = [(q, r - q // 2) for q in range(40) for r in range(40)]
    cells = set(hexes)
    for _ in range(60):  # wall hexes: off the map
        cells.discard(rng.choice(hexes))
    walls = []
    for x in range(6, 36, 8):
        for r in range(0, 32):
            a, b = (x, r - x // 2), (x + 1, r - x // 2)
            if a in cells and b in cells and rng.random() < 0.7:
                walls.append([list(a), list(b)])
    free = sorted(cells)
    rng.shuffle(free)
    figures = []
    for i in range(4):
        figures.append({"id": f"c{i + 1}", "side": "character", "at": list(free.pop()), "initiative": 10 + 17 * i})
    for i in range(18):
        figures.append({"id": f"m{i + 1}", "side": "monster", "at": list(free.pop())})
    return {
        "format": 1,
        "rules": "gloomhaven",
        "hexes": [list(h) for h in sorted(cells)],
        "terrain": {"obstacle": [list(free.pop()) for _ in range(50)], "trap": [list(free.pop()) for _ in range(15)]},
        "walls": walls,
        "figures": figures,
        "active": "m1",
        "action": {"move": 4, "attack": {"range": 4, "targets": 3, "area": []}},
    }


def once(text: str, clock=time.perf_counter) -> float:
    """One cold run: JSON load, Board.from_dict, decide, to_dict."""
    clear_caches()
    t = clock()
    decide(Board.from_dict(json.loads(text))).to_dict()
    return clock() - t


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15, help="runs per case; the minimum is kept")
    ap.add_argument("--slow", type=int, default=10, help="how many of the worst ratios to list")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall: elapsed time (as gloom was timed); cpu: this thread's CPU time, which"
                    " waiting for a busy machine's cores does not inflate")
    ap.add_argument("--whole-files", action="store_true",
                    help="time each case file as it is, with the test data it also carries (expected"
                    " answers, 'los' lists of sight checks: often most of a file's bytes), which gloom's"
                    " timing never read; by default each case's board document alone is timed")
    args = ap.parse_args(argv)
    clock = time.perf_counter if args.clock == "wall" else time.thread_time
    gloom = json.loads((Path(__file__).parent / "gloom-times.json").read_text())["cases"]
    texts = {p.stem: p.read_text() for p in sorted((ROOT / "tests" / "rules_cases").glob("*.json"))}
    if not args.whole_files:
        texts = {name: json.dumps({k: v for k, v in json.loads(text).items() if k in BOARD_KEYS})
                 for name, text in texts.items()}
    big = json.dumps(big_board())
    best = {name: float("inf") for name in texts}
    best_big = float("inf")
    for _ in range(args.repeat):  # interleaved: a busy spell touches one run of many cases
        for name, text in texts.items():
            best[name] = min(best[name], once(text, clock))
        best_big = min(best_big, once(big, clock))
    times = sorted((t, n) for n, t in best.items())
    median = statistics.median(t for t, _ in times)
    worst, worst_name = times[-1]
    ratios = sorted(((best[n] / (gloom[n] / 1000), n) for n in best if n in gloom), reverse=True)
    over = [n for r, n in ratios if r > RATIO_TARGET]

    print(f"{'case':<8} {'ghcli':>9} {'gloom':>9} {'ratio':>6}")
    for name in sorted(best):
        g = gloom.get(name)
        print(f"{name:<8} {best[name] * 1000:>7.3f}ms {g if g is not None else float('nan'):>7.3f}ms"
              f" {best[name] / (g / 1000) if g else float('nan'):>6.2f}")
    print()
    rows = [
        ("median case", median, f"{len(times)} cases"),
        ("worst case", worst, worst_name),
        ("big board", best_big, "40x40, 4 characters, 18 monsters, range 4 x3, move 4"),
    ]
    print(f"{'measure':<12} {'time':>10} {'target':>10}  ok   note")
    for name, t, note in rows:
        target = TARGETS[name]
        print(f"{name:<12} {t * 1000:>8.3f}ms {target * 1000:>8.2f}ms  {'yes' if t <= target else 'NO':<4} {note}")
    r_med = statistics.median(r for r, _ in ratios)
    print(f"{'ratio':<12} median {r_med:.2f}, worst {ratios[0][0]:.2f} ({ratios[0][1]}); target <= {RATIO_TARGET}:"
          f" {'yes' if not over else f'NO, {len(over)} cases over'}"
          f" (best of {args.repeat} runs each, {args.clock} clock"
          f"{', whole case files' if args.whole_files else ', board documents'})")
    print("worst ratios:", ", ".join(f"{n} {r:.2f}" for r, n in ratios[: args.slow]))


if __name__ == "__main__":
    main()
