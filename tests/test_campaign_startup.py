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


def _apps_reached(typer_app, seen: set[int]) -> None:
    seen.add(id(typer_app))
    for group in typer_app.registered_groups:
        _apps_reached(group.typer_instance, seen)


def test_command_table_is_true():
    """ghcli.cli.COMMANDS names every top-level command of every module, with the command's own summary."""
    import importlib
    import pkgutil

    import typer

    import ghcli.cli
    from ghcli.cli import COMMANDS, lazy

    table = {name: (module, summary) for name, module, summary in COMMANDS}
    assert len(table) == len(COMMANDS), "a command is listed twice"
    found, reached = {}, set()
    for module in dict.fromkeys(m for _, m, _ in COMMANDS):
        _apps_reached(importlib.import_module(lazy.module_name(module)).app, reached)
        for name, cmd in lazy.module_group(module).commands.items():
            found[name] = (module, cmd.get_short_help_str(limit=10_000))
    assert found == table
    # A module with commands that no listed module reaches would be unreachable from `ghcli`
    # (the parts of a noun's package too: ghcli/cli/rules/board.py, ...).
    for info in pkgutil.walk_packages(ghcli.cli.__path__, "ghcli.cli."):
        app = getattr(importlib.import_module(info.name), "app", None)
        if isinstance(app, typer.Typer):
            assert id(app) in reached, f"{info.name}'s commands are in no COMMANDS entry"
    assert "ghcli.cli.rules.board" in {info.name for info in pkgutil.walk_packages(ghcli.cli.__path__, "ghcli.cli.")}


def test_the_rules_parts_table_is_true():
    """ghcli.cli.rules.PARTS names every part of the noun's package and each part's own commands,
    in the noun's order; app_for builds the one part holding a command (the whole noun otherwise)."""
    import importlib
    import pkgutil

    import ghcli.cli.rules as rules
    from ghcli.cli import lazy

    parts = [info.name for info in pkgutil.iter_modules(rules.__path__)]
    assert sorted(part for part, _ in rules.PARTS) == sorted(parts)
    every = []
    for part, commands in rules.PARTS:
        app = importlib.import_module(f"ghcli.cli.rules.{part}").app
        own = [lazy._name(c) for c in app.registered_commands] + [lazy._name(g) for g in app.registered_groups]
        assert own == list(commands), part
        every += own
        for command in commands:
            assert [g.typer_instance for g in rules.app_for(command).registered_groups] == [app]
    whole = rules.app
    assert whole.info.name == rules.NAME and [g.typer_instance for g in whole.registered_groups] == [
        importlib.import_module(f"ghcli.cli.rules.{part}").app for part, _ in rules.PARTS]
    assert rules.app_for("no such command") is whole and rules.app is whole
    assert list(lazy.module_group("rules").commands["rules"].commands) == every


def test_a_rules_command_imports_its_part_alone(tmp_path):
    board = tmp_path / "tour.txt"  # the README tour's board
    board.write_text("board: gloomhaven flat\nactive: g\nmove: 2\nattack: range 2\nmap: 0,0\n"
                     " g       .       .\n___  .       .\n b       .       s\n     .       .\n .       .       .\n"
                     "figures:\ng = guard monster\nb = brute character 20\ns = spellweaver character 40\n")
    probe = PROBE.replace('or m.startswith(("ghcli.rules"', 'or m.startswith(("ghcli.cli.rules.", "ghcli.rules"')
    r = subprocess.run([sys.executable, "-c", probe, "rules", "focus", str(board)], capture_output=True, text=True,
                       env=dict(os.environ), timeout=120)
    mods = set(next(x for x in r.stderr.splitlines() if x.startswith("LOADED")).split()[1:])
    assert r.returncode == 0 and r.stdout.startswith("guard: focus brute"), (r.stdout, r.stderr)
    assert {m for m in mods if m.startswith("ghcli.cli.rules.")} == {"ghcli.cli.rules.board"}


def test_root_help_lists_every_command(cli):
    from ghcli.cli import COMMANDS

    out = cli("--help").stdout
    for name, _module, _summary in COMMANDS:
        assert f"  {name} " in out, name


def test_help_summaries_are_whole(cli):
    """Summaries are wrapped, never cut with an ellipsis (at 80 columns too)."""
    import os

    env = dict(os.environ, COLUMNS="80")
    for args in (["--help"], ["rules", "--help"], ["character", "--help"], ["arkham", "--help"]):
        r = subprocess.run([sys.executable, "-m", "ghcli", *args], capture_output=True, text=True, env=env,
                           timeout=120)
        commands = r.stdout.split("Commands:")[1]
        assert r.returncode == 0 and "..." not in commands, (args, r.stdout)
        assert max(len(line) for line in r.stdout.splitlines()) <= 80


def test_unknown_command_suggests():
    r = subprocess.run([sys.executable, "-m", "ghcli", "sttus"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "Did you mean 'status'?" in r.stderr


@pytest.mark.parametrize("args", [("history", "--limit", "-1"), ("history", "--limit", "x")])
def test_option_values_still_checked(cli, args):
    assert cli("init").exit_code == 0
    r = cli(*args)
    assert r.exit_code == 2 and "Traceback" not in r.output


COERCION_PROBE = """
import sys, typer
{setup}
sys.argv = ["ghcli", "enhance", "cost", "--ability", "move", "--level", sys.argv[1], "--json"]
from ghcli.cli import lazy, main
try:
    main()
except SystemExit as e:
    code = e.code
import typer.core
sys.stderr.write("RESULT %s %s %s\\n" % (code, getattr(typer.core.build_runtime_param, "ghcli_fast", False),
                                           "pydantic" in sys.modules))
"""


def _coercion(setup: str, level: str) -> tuple[int, bool, bool, str, str]:
    r = subprocess.run([sys.executable, "-c", COERCION_PROBE.format(setup=setup), level], capture_output=True,
                       text=True, timeout=120)
    code, fast, pydantic = next(x for x in r.stderr.splitlines() if x.startswith("RESULT")).split()[1:]
    return int(code), fast == "True", pydantic == "True", r.stdout, r.stderr


# Each path of install_fast_coercion: the tested typer (fast, no pydantic), an untested
# version and changed internals (typer's own coercion). Values are converted and checked the same.
COERCION_PATHS = {
    "tested typer": ("", True),
    "untested typer version": ("typer.__version__ = '0.99.0'", False),
    "changed internals": ("import typer._coercion as c; c.RuntimeParam = type('RuntimeParam', (), {})", False),
}


@pytest.mark.parametrize("path", list(COERCION_PATHS))
def test_fast_coercion_and_its_fallback(cli, path):
    from ghcli.cli import lazy

    setup, fast = COERCION_PATHS[path]
    if fast and not lazy.typer_is_tested():
        pytest.skip("this typer is not one install_fast_coercion is tested with")
    code, installed, pydantic, out, err = _coercion(setup, "2")
    assert (code, installed) == (0, fast), err
    assert json.loads(out)["cost"] == 55  # +1 move: 30 gold, and 25 more on a level 2 card
    if fast:
        assert not pydantic
    code, installed, _, out, err = _coercion(setup, "x")
    assert code == 2 and "Traceback" not in err and "'--level'" in err and not out, err


def test_typer_versions_tested():
    from ghcli.cli import lazy

    assert lazy.typer_is_tested("0.29.2") and not lazy.typer_is_tested("0.30.0")


def test_typer_pinned_to_the_tested_minor():
    """pyproject.toml requires exactly the typer minor(s) the fast path was tested with."""
    import re
    from pathlib import Path

    from ghcli.cli import lazy

    text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    pins = re.findall(r'"typer([^"]*)"', text)
    assert len(pins) == 1, pins
    low, high = re.fullmatch(r">=(\d+\.\d+),<(\d+\.\d+)", pins[0]).groups()
    major, minor = map(int, low.split("."))
    assert (low,) == lazy.TESTED_TYPER and high == f"{major}.{minor + 1}", pins[0]
