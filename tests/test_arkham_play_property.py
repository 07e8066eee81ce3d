"""Issue 8, as a property: random Arkham campaigns played through the CLI keep to the rules.

Each seed plays a campaign (tests/arkham_play.py: a pool listed or not,
investigators joining, leaving, rejoining, killed and driven insane;
scenarios and XP; buying and upgrading, legal and not; the deck as a guide
changes it; trauma and defeats; the log; undo and redo; a standalone game
now and then), checking after every command the exit it must end with,
that a refusal is one line and changes nothing, that ``--json`` parses, and
the database against the rules' own model of the campaign; then undoes
every entry back to the init and redoes them, each state checked.

A few seeds run with the suite (``GHCLI_ARKHAM_CAMPAIGNS=N`` for more);
``python tests/test_arkham_play_property.py --count 500 [--start S]`` runs
many, printing each failing seed's commands.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from arkham_play import PlayFailure, played  # noqa: E402

COUNT = int(os.environ.get("GHCLI_ARKHAM_CAMPAIGNS", "3"))


@pytest.mark.parametrize("seed", range(COUNT))
def test_a_random_campaign_keeps_to_the_rules(tmp_path, seed):
    played(tmp_path / "arkham.db", seed)


def main(argv: list[str]) -> int:
    import argparse
    import tempfile

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--moves", type=int, default=40)
    opts = ap.parse_args(argv)
    failed = 0
    for seed in range(opts.start, opts.start + opts.count):
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["XDG_CONFIG_HOME"] = str(Path(tmp) / "config")
            os.environ["HOME"] = str(Path(tmp) / "home")
            try:
                played(Path(tmp) / "arkham.db", seed, opts.moves)
                print(f"seed {seed}: ok", flush=True)
            except PlayFailure as e:
                failed += 1
                print(f"seed {seed}: FAILED\n{e}\n", flush=True)
    print(f"{opts.count - failed} of {opts.count} campaigns kept to the rules")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
