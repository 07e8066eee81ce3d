"""The rules core's types: `mypy` with the settings in pyproject.toml ([tool.mypy]: ghcli/rules/,
strict) finds nothing. .ci/run also runs it on its own before the tests; skipped only when mypy
(in the `test` extra) is not installed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_nothing_in_the_rules_core():
    pytest.importorskip("mypy")
    r = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
