"""The lint (issue 16): `ruff check` with the settings in pyproject.toml finds nothing.

The README's test command runs this test, so linting is part of `pytest -q`;
.ci/run also runs ruff on its own before the tests. Skipped only when ruff
(in the `test` extra) is not installed.

It checks the whole tree that .ci/run lints: ghcli, tests, benchmarks and tools.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CHECKED = ["ghcli", "tests", "benchmarks", "tools"]


def test_checked_paths_exist():
    assert [p for p in CHECKED if not (ROOT / p).exists()] == []


def test_ruff_finds_nothing():
    pytest.importorskip("ruff")
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", *CHECKED],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
