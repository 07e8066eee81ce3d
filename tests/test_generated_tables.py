"""The generated sight tables (``ghcli/rules/_corner_programs.py``, ``_sight_trees.py``) are
what ``tools/gen_tables.py`` builds today from the geometry (``ghcli.rules.los_tables``),
byte for byte, and the rules core loads them only when sight is first asked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_shipped_tables_are_the_generated_ones():
    r = subprocess.run([sys.executable, "tools/gen_tables.py", "--check"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_tables_load_on_the_first_sight_question():
    code = (
        "import sys\n"
        "from ghcli.rules.board import Board\n"
        "from ghcli.rules.monster import decide\n"
        "tables = ('ghcli.rules._corner_programs', 'ghcli.rules._sight_trees', 'ghcli.rules.los_tables')\n"
        "doc = {'format': 1, 'hexes': [[q, 0] for q in range(6)], 'active': 'g', 'action': {'move': 1},\n"
        "       'figures': [{'id': 'g', 'side': 'monster', 'at': [0, 0]}]}\n"
        "decide(Board.from_dict(doc))\n"
        "print(sorted(t for t in tables if t in sys.modules))\n"
        "from ghcli.rules.los import Sight\n"
        "Sight([(q, 0) for q in range(6)], []).visible((0, 0), (4, 0))\n"
        "print(sorted(t for t in tables if t in sys.modules))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    before, after = r.stdout.splitlines()
    assert before == "[]"  # no enemy, no attack: no sight asked, no table loaded
    assert after == "['ghcli.rules._corner_programs']"  # the corner rule's table only; never the builders
