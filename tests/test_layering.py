"""The layering, proven by walking every module's imports (issue 16).

- ``ghcli/rules`` imports only the standard library, ``ghcli.rules`` and
  ``ghcli.errors``; it never opens files, prints, reads input or exits.
- ``ghcli/campaign`` never imports ``ghcli.cli`` (data flows cli -> campaign -> rules).
- Nothing below ``ghcli/cli`` imports typer or click.
- ``ghcli/journal`` (the file, entries, undo, replay) imports neither ``ghcli.campaign``
  nor the CLI; ``ghcli/sync`` never imports the CLI; ``ghcli/editor`` imports neither.
- ``ghcli/boards`` (board files and pictures) imports the standard library,
  ``ghcli.rules``, ``ghcli.errors`` and itself, and does no I/O: callers hand
  it text and get text back.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest
from helpers import parsed

PACKAGE = Path(__file__).resolve().parent.parent / "ghcli"
STDLIB = set(sys.stdlib_module_names) | {"__future__"}


def modules(folder: str) -> list[Path]:
    return sorted((PACKAGE / folder).rglob("*.py"))


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import statement of a file, nested ones included."""
    tree = parsed(path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the file's package
                package = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-node.level]
                found.append((node.lineno, ".".join([*package, *(node.module.split(".") if node.module else [])])))
            else:
                found.append((node.lineno, node.module))
    return found


def calls(path: Path) -> list[tuple[int, str]]:
    """(line, called name) for every call of a bare name or an attribute."""
    tree = parsed(path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            found.append((node.lineno, name))
    return found


def rel(path: Path) -> str:
    return str(path.relative_to(PACKAGE.parent))


def test_the_walk_sees_every_layer():
    # The walk itself must see modules and imports, or the checks below pass vacuously.
    for folder in ("rules", "boards", "campaign", "cli"):
        assert len(modules(folder)) >= 3, folder
    assert any(name == "ghcli.errors" for p in modules("rules") for _, name in imports(p))
    assert any(name.startswith("ghcli.rules") for p in modules("campaign") for _, name in imports(p))


@pytest.mark.parametrize("path", modules("rules"), ids=rel)
def test_rules_import_only_the_standard_library_and_themselves(path):
    bad = [(line, name) for line, name in imports(path)
           if name.split(".")[0] not in STDLIB and not (name == "ghcli.errors" or name.startswith("ghcli.rules"))
           and name != "ghcli"]
    assert not bad, f"{rel(path)} imports {bad}"


IO_CALLS = {"open", "print", "input", "exit", "read_text", "write_text", "read_bytes", "write_bytes", "system",
            "popen", "connect"}
IO_MODULES = {"sqlite3", "subprocess", "os", "shutil", "socket", "pathlib", "io", "tempfile", "sys"}


@pytest.mark.parametrize("path", modules("rules"), ids=rel)
def test_rules_never_open_files_print_or_exit(path):
    bad = [(line, name) for line, name in calls(path) if name in IO_CALLS]
    bad += [(line, name) for line, name in imports(path) if name.split(".")[0] in IO_MODULES]
    assert not bad, f"{rel(path)} does I/O: {bad}"


@pytest.mark.parametrize("path", modules("boards"), ids=rel)
def test_boards_import_only_the_rules_and_do_no_io(path):
    allowed = ("ghcli.rules", "ghcli.boards")
    bad = [(line, name) for line, name in imports(path)
           if name.split(".")[0] not in STDLIB and name not in ("ghcli", "ghcli.errors")
           and not name.startswith(allowed)]
    bad += [(line, name) for line, name in imports(path) if name.split(".")[0] in IO_MODULES]
    bad += [(line, name) for line, name in calls(path) if name in IO_CALLS]
    assert not bad, f"{rel(path)} imports or does {bad}"


@pytest.mark.parametrize("path", modules("campaign"), ids=rel)
def test_campaign_never_imports_the_cli(path):
    bad = [(line, name) for line, name in imports(path)
           if name.startswith("ghcli.cli") or name.split(".")[0] in {"typer", "click"}]
    assert not bad, f"{rel(path)} imports {bad}"


def test_the_checks_catch_a_bad_import(tmp_path, monkeypatch):
    # A rules module that imports sqlite3 and prints is caught by the same functions.
    bad = tmp_path / "ghcli" / "rules" / "bad.py"
    bad.parent.mkdir(parents=True)
    bad.write_text("import sqlite3\nfrom ..cli import app\nprint(1)\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path / "ghcli")
    names = [name for _, name in imports(bad)]
    assert names == ["sqlite3", "ghcli.cli"]
    assert ("print" in [n for _, n in calls(bad)])


def test_the_two_schema_files_are_one():
    # The design asks for schema.sql at the top level; the package ships its copy.
    top = PACKAGE.parent / "schema.sql"
    assert top.read_text(encoding="utf-8") == (PACKAGE / "data" / "schema.sql").read_text(encoding="utf-8")


def test_the_journal_tables_are_made_once_for_every_kind(tmp_path):
    # The journal (ghcli/journal/schema.py) is one schema for both campaign kinds: the same tables,
    # made by each kind's journal migration; the old history and undo_log are gone from both.
    from ghcli.campaign import arkham
    from ghcli.campaign.db import Store

    data = PACKAGE / "data"
    for schema in ("schema.sql", "arkham_schema.sql"):
        assert "CREATE TABLE journal" not in (data / schema).read_text(encoding="utf-8"), schema
    sql = ("SELECT name, sql FROM sqlite_master WHERE name IN ('journal', 'changes', 'current', 'history', "
           "'undo_log') ORDER BY name")
    ghcli_store = Store.create(tmp_path / "g.db")
    arkham_store = arkham.create(tmp_path / "a.db", "A")
    try:
        tables = [[tuple(r) for r in s.tuples(sql)] for s in (ghcli_store, arkham_store)]
    finally:
        ghcli_store.close()
        arkham_store.close()
    assert [name for name, _ in tables[0]] == ["changes", "current", "journal"]
    assert tables[0] == tables[1]


def _below(path: Path, banned: tuple[str, ...]) -> list[tuple[int, str]]:
    return [(line, name) for line, name in imports(path)
            if name.startswith(banned) or name.split(".")[0] in {"typer", "click"}]


@pytest.mark.parametrize("path", modules("journal"), ids=rel)
def test_the_journal_imports_neither_the_campaign_nor_the_cli(path):
    """The journal owns the file, history, revert and replay; a campaign kind is handed to it (issue 30)."""
    bad = _below(path, ("ghcli.campaign", "ghcli.cli", "ghcli.sync", "ghcli.editor"))
    assert not bad, f"{rel(path)} imports {bad}"


@pytest.mark.parametrize("path", modules("sync"), ids=rel)
def test_sync_never_imports_the_cli_and_reaches_the_campaign_through_its_store(path):
    # sync talks to git and to the campaign's journal (the store and the journal's functions); never to
    # the CLI or the editor, never to the rules or the campaign's commands directly.
    allowed = ("ghcli.sync", "ghcli.journal", "ghcli.campaign.db", "ghcli.campaign.log", "ghcli.errors")
    bad = [(line, name) for line, name in imports(path)
           if name.startswith("ghcli.") and not name.startswith(allowed)
           or name.split(".")[0] in {"typer", "click", "textual", "rich"}]
    assert not bad, f"{rel(path)} imports {bad}"


@pytest.mark.parametrize("path", modules("editor"), ids=rel)
def test_the_editor_never_imports_the_cli_or_the_campaign(path):
    bad = [(line, name) for line, name in imports(path) if name.startswith(("ghcli.cli", "ghcli.campaign",
                                                                             "ghcli.journal", "ghcli.sync"))]
    bad += [(line, name) for line, name in imports(path) if name.split(".")[0] in {"typer", "click"}]
    assert not bad, f"{rel(path)} imports {bad}"


def test_the_journal_walk_sees_its_modules():
    names = {p.name for p in modules("journal")}
    assert {"store.py", "run.py", "entries.py", "snapshot.py", "replay.py", "migrate.py"} <= names
    assert any(name.startswith("ghcli.journal") for p in modules("campaign") for _, name in imports(p))


def test_the_walk_sees_sync_and_the_editor():
    assert len(modules("sync")) >= 4 and len(modules("editor")) >= 2
    assert any(name == "ghcli.sync.git" for p in modules("sync") for _, name in imports(p))
