"""The test suite's own shape: helpers shared by test modules live in tests/helpers.py.

A test module that imports another (``from test_campaign_flow import Campaign``)
runs that module's tests' set-up on import and ties the two together; this
walks every test module's imports, nested ones included.
"""

from __future__ import annotations

import ast
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module.split(".")[0])
    return out


def test_no_test_module_imports_another():
    test_modules = {p.stem for p in HERE.glob("test_*.py")}
    offenders = {p.name: sorted(_imported(p) & test_modules) for p in sorted(HERE.glob("*.py"))}
    assert {name: found for name, found in offenders.items() if found} == {}

