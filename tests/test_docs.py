"""Every command of the CLI has a row in a command table of the README or docs/*.md.

The commands come from the click tree that ``ghcli.cli.app`` builds (every
lazily loaded module loaded, every group walked); a command table is a
Markdown table whose first header cell is "command" or whose first column
holds ``ghcli ...`` code spans. In the first column, each code span names a
command path (``ghcli`` optional): ``ghcli party new NAME`` names ``party
new``; alternatives written ``add\\|remove\\|list`` name each of them.
Hidden commands need no row; a group that runs on its own (``arkham log``)
needs one like any command.
"""

from __future__ import annotations

import re
from pathlib import Path

import typer

from ghcli.cli import app

ROOT = Path(__file__).resolve().parent.parent
DOC_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _subcommands(group, ctx) -> dict:
    """{name: (command, its context)} of a click group, loading each (lazy groups too)."""
    out = {}
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is not None:
            out[name] = (cmd, type(ctx)(cmd, parent=ctx, info_name=name))
    return out


def command_tree() -> dict:
    """The CLI as nested dicts: {name: {sub-name: {...}}}, with ``None`` as the key of a
    command's own entry when it is one to document (not a hidden one, not a bare group)."""
    root = typer.main.get_command(app)

    def walk(group, ctx) -> dict:
        tree: dict = {}
        for name, (cmd, sub_ctx) in _subcommands(group, ctx).items():
            if cmd.hidden:
                continue
            node = walk(cmd, sub_ctx) if hasattr(cmd, "list_commands") else {}
            if not node or getattr(cmd, "invoke_without_command", False):
                node[None] = True
            tree[name] = node
        return tree

    return walk(root, root.context_class(root, info_name="ghcli"))


def command_paths(tree: dict, prefix: tuple = ()) -> set[tuple[str, ...]]:
    """Every command path to document, e.g. ("campaign", "achievement", "add")."""
    out = set()
    for name, node in tree.items():
        if name is None:
            out.add(prefix)
        else:
            out |= command_paths(node, prefix + (name,))
    return out


def _cells(line: str) -> list[str]:
    """The cells of a Markdown table row (``\\|`` inside a cell is not a separator)."""
    return [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]


def command_tables(text: str) -> list[list[str]]:
    """The first-column cells of each command table in a Markdown text."""
    tables, block = [], []
    for line in text.splitlines() + [""]:
        if line.lstrip().startswith("|"):
            block.append(_cells(line))
            continue
        if len(block) >= 2 and set(block[1][0]) <= set("-: "):
            header, rows = block[0], [row[0] for row in block[2:]]
            spans = [s for cell in rows for s in re.findall(r"`([^`]+)`", cell)]
            if header[0].lower() == "command" or any(s.startswith("ghcli ") for s in spans):
                tables.append(rows)
        block = []
    return tables


def documented(text: str, tree: dict) -> set[tuple[str, ...]]:
    """The command paths named by the code spans in the first column of the command tables."""
    out = set()
    for rows in command_tables(text):
        for cell in rows:
            for span in re.findall(r"`([^`]+)`", cell):
                words = span.replace("\\|", "|").split()
                if words[:1] == ["ghcli"]:
                    words = words[1:]
                out |= _named(words, tree, ())
    return out


def _named(words: list[str], tree: dict, prefix: tuple) -> set[tuple[str, ...]]:
    if not words:
        return {prefix} if None in tree else set()
    names = [w for w in words[0].split("|") if w in tree]
    if not names or names != words[0].split("|"):  # an argument, an option, or not a command
        return {prefix} if None in tree else set()
    out = set()
    for name in names:
        out |= _named(words[1:] if len(names) == 1 else [], tree[name], prefix + (name,))
    return out


def test_the_tree_is_walked_through_every_lazy_module():
    paths = command_paths(command_tree())
    assert {("init",), ("undo",), ("campaign", "achievement", "add"), ("rules", "board", "convert"),
            ("arkham", "log"), ("arkham", "log", "cross"), ("enhance", "cost")} <= paths
    assert ("campaign",) not in paths  # a bare group: its commands are documented instead


def test_table_rows_name_commands_and_their_alternatives():
    tree = {"party": {"new": {None: True}, "achievement": {"add": {None: True}, "list": {None: True}}},
            "shop": {None: True}, "log": {None: True, "add": {None: True}}}
    text = "\n".join([
        "| command | what |", "| --- | --- |",
        "| `ghcli party new NAME`, `party achievement add\\|list KEY` | ... |",
        "| `shop [--json]`, `log`, `log add TEXT` | ... |",
        "", "| line | meaning |", "| --- | --- |", "| `party new` | not a command table |",
    ])
    assert documented(text, tree) == {("party", "new"), ("party", "achievement", "add"),
                                      ("party", "achievement", "list"), ("shop",), ("log",), ("log", "add")}
    assert documented(text.split("\n\n")[1], tree) == set()


def test_every_command_has_a_row_in_a_command_table():
    tree = command_tree()
    text = "\n\n".join(path.read_text(encoding="utf-8") for path in DOC_FILES)
    missing = sorted(" ".join(p) for p in command_paths(tree) - documented(text, tree))
    assert not missing, "commands without a row in a README or docs/*.md command table: " + ", ".join(missing)


def test_every_command_but_the_two_the_readme_names_takes_json():
    """The README: every command takes --json (rules edit: when the editor closes)."""
    root = typer.main.get_command(app)
    without = []
    for path in sorted(command_paths(command_tree())):
        cmd, ctx = root, root.context_class(root, info_name="ghcli")
        for name in path:
            cmd = cmd.get_command(ctx, name)
            ctx = type(ctx)(cmd, parent=ctx, info_name=name)
        if "--json" not in {opt for param in cmd.params for opt in getattr(param, "opts", [])}:
            without.append(" ".join(path))
    assert without == []
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "Every command takes `--json`" in readme


def test_json_flag_declared_once():
    """Every command's --json is ghcli.cli.output's (output.JSON, output.CHANGE_JSON, or
    output.json_option(help) with a help of the command's own): no command declares the flag by hand,
    and no two commands repeat one help (a repeated one is a shared object in output.py)."""
    import ast

    helps: dict[str, list[str]] = {}
    for path in sorted((ROOT / "ghcli" / "cli").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        if where != "ghcli/cli/output.py":
            assert '"--json"' not in text, f"{where} declares --json by hand: use ghcli.cli.output's"
        for node in ast.walk(ast.parse(text)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "json_option" and node.args and isinstance(node.args[0], ast.Constant)):
                helps.setdefault(node.args[0].value, []).append(f"{where}:{node.lineno}")
    from ghcli.cli import output

    repeated = {h: w for h, w in helps.items() if len(w) > 1 or h in (output.JSON_OPTION_HELP, output.CHANGE_JSON_HELP)}
    assert not repeated, repeated
    assert len(helps) >= 5  # the commands that say what their JSON holds
