"""Speed of the rules core (issue 5): `python benchmarks/rules_bench.py`.

Prints, in one run, the median and worst time per case over every shared
rules case (tests/rules_cases/*.json: reading the board, validating it,
deciding the monster's turn), and the time for one big open board (30 x 30
hexes, 8 characters, 10 monsters, walls, a 2-target ranged attack with
movement 4), each beside its target. Each case is timed as the best of a few
runs, so other work on the machine disturbs the numbers less; each run starts
cold (the geometry tables that line of sight shares between boards are
cleared first), as a single command would.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ghcli.rules.board import Board  # noqa: E402
from ghcli.rules.monster import decide  # noqa: E402
from ghcli.rules.los import clear_caches  # noqa: E402

TARGETS = {"median case": 0.002, "worst case": 0.050, "big board": 1.0}


def big_board(seed: int = 5) -> dict:
    """30 x 30 hexes (offset rectangle), walls, 8 characters, 10 monsters."""
    rng = random.Random(seed)
    hexes = [(q, r - q // 2) for q in range(30) for r in range(30)]
    cells = set(hexes)
    # a few wall hexes (taken off the map) and thin walls in lines
    for _ in range(40):
        cells.discard(rng.choice(hexes))
    walls = []
    for x in range(5, 25, 6):
        for r in range(0, 24):
            a, b = (x, r - x // 2), (x + 1, r - x // 2)
            if a in cells and b in cells and rng.random() < 0.7:
                walls.append([list(a), list(b)])
    free = sorted(cells)
    rng.shuffle(free)
    figures = []
    for i in range(8):
        h = free.pop()
        figures.append({"id": f"c{i + 1}", "side": "character", "at": list(h), "initiative": 10 + 7 * i})
    for i in range(10):
        h = free.pop()
        figures.append({"id": f"m{i + 1}", "side": "monster", "at": list(h)})
    return {
        "format": 1,
        "rules": "gloomhaven",
        "hexes": [list(h) for h in sorted(cells)],
        "terrain": {"obstacle": [list(free.pop()) for _ in range(30)], "trap": [list(free.pop()) for _ in range(10)]},
        "walls": walls,
        "figures": figures,
        "active": "m1",
        "action": {"move": 4, "attack": {"range": 4, "targets": 2, "area": []}},
    }


def timed(doc: dict, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        clear_caches()
        t = time.perf_counter()
        decide(Board.from_dict(doc))
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    cases = sorted((ROOT / "tests" / "rules_cases").glob("*.json"))
    times = []
    for p in cases:
        doc = json.loads(p.read_text())
        times.append((timed(doc, 3), p.stem))
    times.sort()
    median = statistics.median(t for t, _ in times)
    worst, worst_name = times[-1]
    big = timed(big_board(), 3)
    rows = [
        ("median case", median, f"{len(times)} cases"),
        ("worst case", worst, worst_name),
        ("big board", big, "30x30, 8 characters, 10 monsters, range 4 x2, move 4"),
    ]
    print(f"{'measure':<12} {'time':>10} {'target':>10}  ok   note")
    for name, t, note in rows:
        target = TARGETS[name]
        ok = "yes" if t <= target else "NO"
        print(f"{name:<12} {t * 1000:>8.2f}ms {target * 1000:>8.0f}ms  {ok:<4} {note}")
    slow = [(n, round(t * 1000, 1)) for t, n in times if t > TARGETS["worst case"]]
    if slow:
        print("cases over the worst-case target (ms):", ", ".join(f"{n} {t}" for n, t in slow))


if __name__ == "__main__":
    main()
