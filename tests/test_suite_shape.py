"""The test suite's own shape: helpers shared by test modules live in tests/helpers.py.

A test module that imports another (``from test_campaign_flow import Campaign``)
runs that module's tests' set-up on import and ties the two together; this
walks every test module's imports, nested ones included.
"""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import walked

HERE = Path(__file__).resolve().parent


def _imported(path: Path) -> set[str]:
    out = set()
    for node in walked(path):
        if isinstance(node, ast.Import):
            out |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module.split(".")[0])
    return out


def test_no_test_module_imports_another():
    test_modules = {p.stem for p in HERE.glob("test_*.py")}
    offenders = {p.name: sorted(_imported(p) & test_modules) for p in sorted(HERE.glob("*.py"))}
    assert {name: found for name, found in offenders.items() if found} == {}



def test_an_init_is_a_copy_of_its_template_unless_a_patch_is_in_force(cli, monkeypatch, tmp_path):
    """tests/conftest.py's template campaign is used (pytest's own patches at configure time do not
    count as a test's), and a test's ``monkeypatch.setattr`` makes the next ``init`` a real one."""
    import conftest

    first = cli("--db", tmp_path / "a.db", "init", "--seed", "5")
    assert isinstance(first, conftest._Copied) and first.exit_code == 0
    assert (tmp_path / "a.db").is_file() and str(tmp_path / "a.db") in first.output
    import ghcli

    monkeypatch.setattr(ghcli, "_suite_probe", 1, raising=False)
    second = cli("--db", tmp_path / "b.db", "init", "--seed", "5")
    assert not isinstance(second, conftest._Copied) and second.exit_code == 0
