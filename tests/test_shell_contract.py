"""Issue 14, the shell contract: --version, -h, completion, help text, --db after the command."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from helpers import run_ok

import ghcli


def ghcli_run(*args: str, env: dict | None = None, warm=None) -> subprocess.CompletedProcess:
    """ghcli as a process: ``python -m ghcli``, or the warm ghcli in the folder ``warm`` (tests/warm_ghcli.py)."""
    command = [str(warm / "ghcli")] if warm else [sys.executable, "-m", "ghcli"]
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, **(env or {})))


def test_version(cli):
    r = cli("--version")
    assert r.exit_code == 0 and r.stdout == f"ghcli {ghcli.__version__}\n"


def test_short_help_is_help(cli):
    assert cli("-h").stdout == cli("--help").stdout
    assert cli("character", "new", "-h").stdout == cli("character", "new", "--help").stdout


@pytest.mark.parametrize("shell, marker", [("bash", "complete -o default -F _ghcli_completion ghcli"),
                                           ("zsh", "#compdef ghcli"), ("fish", "complete --command ghcli")])
def test_show_completion(shell, marker):
    r = ghcli_run("--show-completion", shell)
    assert r.returncode == 0 and marker in r.stdout and "_GHCLI_COMPLETE" in r.stdout, r.stdout + r.stderr


def test_show_completion_unknown_shell():
    r = ghcli_run("--show-completion", "tcsh")
    assert r.returncode == 2 and "no completion for the shell 'tcsh'" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


@pytest.mark.parametrize("args", [("--install-completion", "bash"), ("--install-completion",)])
def test_install_completion(tmp_path, args):
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    r = ghcli_run(*args, env={"HOME": str(home), "SHELL": "/bin/bash"})
    assert r.returncode == 0 and r.stdout.startswith("bash completion installed in "), r.stdout + r.stderr
    assert "_GHCLI_COMPLETE" in (home / ".bash_completions" / "ghcli.sh").read_text()
    assert "source" in (home / ".bashrc").read_text()


def complete(warm, words: str, env: dict | None = None) -> list[str]:
    """What bash completion offers for the command line ``words`` (completing its last word): the answer of
    the warm ghcli's process (the protocol is the environment's, read as the command starts)."""
    parts = words.split(" ")
    r = ghcli_run(env={"_GHCLI_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(len(parts) - 1),
                       **(env or {})}, warm=warm)
    assert r.returncode == 0, r.stderr
    return r.stdout.split()


def test_completes_commands_and_data(cli, db_file, warm):
    run_ok(cli, "init")
    run_ok(cli, "character", "new", "Hilda", "--class", "brute")
    run_ok(cli, "character", "new", "Horst", "--class", "tinkerer")
    assert complete(warm, "ghcli st") == ["status"]
    assert complete(warm, "ghcli le") == ["level-up"]
    assert complete(warm, "ghcli character s") == ["show"]
    assert complete(warm, "ghcli character show H") == ["Hilda", "Horst"]
    # from the campaign (issue 24): the shop's stock, the unlocked classes, the scenarios open to travel
    assert complete(warm, "ghcli buy Hilda boots-of-s") == ["boots-of-striding"]
    assert complete(warm, "ghcli character new Ann --class s") == ["spellweaver", "scoundrel"]
    assert complete(warm, "ghcli travel ") == ["1"] and complete(warm, "ghcli travel 11") == []


def test_completion_uses_db_given_on_the_line(cli, db_file, tmp_path, warm):
    other = tmp_path / "other.db"
    run_ok(cli, "--db", str(other), "init")
    run_ok(cli, "--db", str(other), "character", "new", "Zed", "--class", "brute")
    assert complete(warm, f"ghcli --db {other} character show ") == ["Zed"]
    assert complete(warm, "ghcli character show ") == []  # no campaign at $GHCLI_DB: nothing, no error


def _leaves(cmd, path):
    subs = getattr(cmd, "commands", None)
    if subs:
        for name, sub in subs.items():
            yield from _leaves(sub, [*path, name])
    else:
        yield path


def all_commands() -> list[list[str]]:
    from ghcli.cli import COMMANDS, lazy

    out = []
    for module in dict.fromkeys(m for _, m, _ in COMMANDS):
        for name, cmd in lazy.module_group(module).commands.items():
            out.extend(_leaves(cmd, [name]))
    return out


PLACEHOLDER = re.compile(r"<[a-z][a-z \[\],]*>|\{[A-Za-z_.]+\}")


def test_help_has_no_type_placeholders_and_fits(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    for path in all_commands():
        out = cli(*path, "--help").stdout
        assert not PLACEHOLDER.search(out), (path, PLACEHOLDER.search(out).group())
        assert max(len(line) for line in out.splitlines()) <= 100, path


def test_db_after_the_command(cli, tmp_path):
    path = tmp_path / "late.db"
    run_ok(cli, "init", "--db", str(path))
    assert path.exists()
    out = run_ok(cli, "status", "--json", f"--db={path}").stdout
    assert '"name": "Gloomhaven"' in out
    run_ok(cli, "--db", str(path), "character", "new", "Ann", "--class", "brute")
    assert "Ann" in run_ok(cli, "character", "list", "--db", str(path)).stdout


def test_grammar_one_checkmark_one_wall(cli, tmp_path):
    from ghcli.campaign.amounts import counted

    assert (counted(1, "checkmark"), counted(0, "checkmark"), counted(2, "hex", "hexes")) == \
        ("1 checkmark", "0 checkmarks", "2 hexes")
    run_ok(cli, "init")
    run_ok(cli, "campaign", "prosperity", "+1")
    assert "Prosperity:   level 1 (1 checkmark; 3 to level 2)" in run_ok(cli, "status").stdout
    board = tmp_path / "b.json"
    board.write_text('{"format": 1, "hexes": [[0, 0], [1, 0], [2, 0]], "walls": [[[1, 0], [2, 0]]], "active": "g", '
                     '"figures": [{"id": "g", "side": "monster", "at": [0, 0]}, '
                     '{"id": "b", "side": "character", "at": [2, 0], "initiative": 10}], '
                     '"action": {"move": 2, "attack": {"range": 0, "targets": 1}}}')
    out = run_ok(cli, "rules", "board", "show", str(board)).stdout
    assert "3 hexes, 1 thin wall," in out, out


def test_tables_fit_100_columns_and_say_yes_no():
    from ghcli.cli.output import table

    long = "the party needs the global achievement City Rule: Militaristic and not Ancient Technology " * 2
    out = table([[1, "Black Barrow", long, True], [2, "Barrow Lair", "short", False]], ["#", "scenario", "why", "done"])
    assert max(len(line) for line in out.splitlines()) <= 100
    assert " ".join(out.split()).count("Militaristic") == 2  # wrapped, nothing cut
    assert "True" not in out and "False" not in out
    rows = [line.split() for line in out.splitlines()]
    assert rows[2][-1] == "yes" and [r for r in rows if r[:1] == ["2"]][0][-1] == "no"


def test_scenario_list_fits_100_columns(cli):
    run_ok(cli, "init")
    out = run_ok(cli, "scenario", "list").stdout
    assert max(len(line) for line in out.splitlines()) <= 100


def _leaf(path: list[str]):
    from ghcli.cli import lazy

    cmd = lazy.load(path[0])
    for word in path[1:]:
        cmd = cmd.commands[word]
    return cmd


def test_every_command_has_one_example_that_parses():
    import shlex

    from ghcli.cli.examples import EXAMPLES

    paths = [" ".join(p) for p in all_commands()]
    assert sorted(EXAMPLES) == sorted(paths), "one example per command in ghcli/cli/examples.py"
    for path, example in EXAMPLES.items():
        words = shlex.split(example)
        n = len(path.split())
        assert words[0] == "ghcli" and " ".join(words[1:n + 1]) == path, example
        leaf = _leaf(path.split())
        leaf.make_context(path.split()[-1], words[n + 1:])  # raises on a bad option or a missing value
        assert example in " ".join(leaf.get_help(leaf.make_context(path.split()[-1], ["--help"],
                                                                   resilient_parsing=True)).split())


def test_db_after_the_command_without_a_path(cli):
    r = cli("status", "--db")
    assert r.exit_code == 2 and r.stderr == "error: --db needs a PATH (ghcli --db PATH COMMAND ...)\n"


def test_status_fits_100_columns(cli):
    run_ok(cli, "init")
    for n in range(2, 20):
        run_ok(cli, "campaign", "unlock-scenario", str(n))
    out = run_ok(cli, "status").stdout
    assert max(len(line) for line in out.splitlines()) <= 100
    assert "17 Lost Island, 18 Abandoned Sewers" in " ".join(out.split())  # wrapped, nothing cut
