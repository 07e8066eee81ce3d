"""Issue 2, start-up: what `ghcli --help` and `ghcli status --json` import, and the lazy command index.

Not a timed test (benchmarks/startup_bench.py measures); these check the
things that keep start-up fast and stay true on any machine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

PROBE = """
import sys
sys.argv = ["ghcli", *sys.argv[1:]]
from ghcli.cli import main
try:
    main()
except SystemExit:
    pass
heavy = sorted(m for m in sys.modules if m.split(".")[0] in {"sqlite_utils", "tabulate", "pydantic", "rich"}
               or m.startswith(("ghcli.rules", "ghcli.boards", "ghcli.campaign")))
sys.stderr.write("LOADED " + " ".join(heavy) + "\\n")
"""


def loaded(*args: str) -> tuple[str, set[str]]:
    r = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=dict(os.environ),
                       timeout=120)
    line = next(x for x in r.stderr.splitlines() if x.startswith("LOADED"))
    return r.stdout, set(line.split()[1:])


def test_help_imports_nothing_heavy():
    out, mods = loaded("--help")
    assert "status" in out and "character" in out
    assert not mods, mods


def test_status_json_imports_nothing_heavy(cli):
    assert cli("init").exit_code == 0
    assert cli("character", "new", "Hilda", "--class", "brute").exit_code == 0
    out, mods = loaded("status", "--json")
    assert json.loads(out)["characters"][0]["name"] == "Hilda"
    assert not {m for m in mods if not m.startswith("ghcli.campaign")}, mods


def test_index_is_up_to_date():
    from ghcli.cli import _index, lazy

    assert lazy.scan() == _index.COMMANDS, "run `python -m ghcli.cli.make_index` and commit ghcli/cli/_index.py"


def test_root_help_lists_every_command(cli):
    from ghcli.cli import _index

    out = cli("--help").stdout
    for name, (_module, _help, hidden) in _index.COMMANDS.items():
        assert (f"  {name} " in out) != hidden, name


def test_command_missing_from_index_still_runs(cli, monkeypatch):
    from ghcli.cli import lazy

    monkeypatch.setattr(lazy, "_index", lambda: {})
    monkeypatch.setattr(lazy, "_groups", {})
    r = cli("init")
    assert r.exit_code == 0, r.output


def test_unknown_command_suggests():
    r = subprocess.run([sys.executable, "-m", "ghcli", "sttus"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "Did you mean 'status'?" in r.stderr


@pytest.mark.parametrize("args", [("history", "--limit", "-1"), ("history", "--limit", "x")])
def test_option_values_still_checked(cli, args):
    assert cli("init").exit_code == 0
    r = cli(*args)
    assert r.exit_code == 2 and "Traceback" not in r.output
