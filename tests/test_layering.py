"""The layering, proven by walking every module's imports (issue 16, issue 27).

:data:`LAYERS` is the one table of what each package may import: a package
not in it fails (a new package must be placed). Imports go one way::

    cli -> campaign -> rules          the Gloomhaven game: the shell, the campaign, the rules core
           campaign -> journal        storage below the campaign: handed a kind, it imports none
    sync -> journal                   the journal replicated through git (of the Gloomhaven file)
    cli, editor -> boards -> rules    board files and pictures, the board editor
    cli -> arkham                     the Arkham game: its own rules, campaign and noun, sharing
           arkham -> journal, cli's plumbing      only the storage and the CLI plumbing

- ``ghcli/rules`` and ``ghcli/arkham/rules.py`` are pure: the standard library
  and ``ghcli.errors`` only (``ghcli/rules`` also ``ghcli.records``, whose ``@record`` is
  ``@dataclass`` made faster); they never open files, print, read input or exit.
- ``ghcli/boards`` does no I/O either: callers hand it text and get text back.
- No Gloomhaven package imports ``ghcli.arkham``; only the CLI reaches the
  Arkham noun's module, ``ghcli.arkham.cli`` (the root's command table names
  it; ``export --arkham`` asks it for the Arkham file's path).
- typer and click are the CLI's alone (and the Arkham noun's), textual and rich
  the editor's, sqlite_utils the journal's.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest
from helpers import walked

PACKAGE = Path(__file__).resolve().parent.parent / "ghcli"
STDLIB = set(sys.stdlib_module_names) | {"__future__"}

# What each package (or module) of ghcli may import besides the standard library, ``ghcli`` itself
# (its version) and its own modules: (ghcli packages and modules, a name covering what is below it;
# third-party distributions). A module answers to the most specific entry ("arkham.rules" before
# "arkham"), and "its own modules" are those that answer to the same entry.
#: the CLI's plumbing (settings, output, error handling) that another game's noun may use; not its nouns
CLI_PLUMBING = {"ghcli.cli.settings", "ghcli.cli.output", "ghcli.cli.arguments", "ghcli.cli.failures",
                "ghcli.cli.files"}
LAYERS: dict[str, tuple[set[str], set[str]]] = {
    "__init__": (set(), set()),                                       # ghcli/__init__.py: the version
    "__main__": ({"ghcli.cli"}, set()),
    "errors": (set(), set()),                                          # the named errors every layer raises
    # @record (typing_extensions: for the type checker only), and its methods compiled ahead (generated)
    "records": ({"ghcli._records_code"}, {"typing_extensions"}),
    "_records_code": (set(), set()),
    "data": (set(), set()),                                            # the shipped facts, read lazily
    # -- the Gloomhaven game, from the bottom
    "rules": ({"ghcli.errors", "ghcli.records"}, set()),               # pure (and no I/O: below)
    "boards": ({"ghcli.errors", "ghcli.records", "ghcli.rules"}, set()),  # no I/O: text in, text out
    "editions": ({"ghcli.errors", "ghcli.records", "ghcli.data"}, set()),
    "journal": ({"ghcli.errors", "ghcli.records"}, {"sqlite_utils"}),  # the file: handed a kind, imports none
    "campaign": ({"ghcli.errors", "ghcli.records", "ghcli.data", "ghcli.rules", "ghcli.editions", "ghcli.journal"},
                 set()),
    # the Gloomhaven file's journal through git: its store (campaign.kind picks the kind), never its commands
    "sync": ({"ghcli.errors", "ghcli.journal", "ghcli.campaign.kind"}, set()),
    "editor": ({"ghcli.errors", "ghcli.rules", "ghcli.boards"}, {"textual", "rich"}),
    # -- the Arkham game: the storage and the CLI plumbing shared, the Gloomhaven game not
    #    (names people type and bounds on typed numbers live in campaign/ today: the two helpers it shares)
    "arkham": ({"ghcli.errors", "ghcli.journal", "ghcli.arkham.rules", "ghcli.campaign.names",
                "ghcli.campaign.amounts", "ghcli.data"}, set()),      # ghcli.data: history.sql, every kind's
    "arkham.rules": ({"ghcli.errors"}, set()),                         # pure, like ghcli/rules
    "arkham.cli": ({"ghcli.errors", "ghcli.arkham", "ghcli.journal.history", *CLI_PLUMBING}, {"typer"}),
    # -- the shell: every layer's commands (and the Arkham noun's module, never its domain)
    "cli": ({"ghcli.errors", "ghcli.rules", "ghcli.boards", "ghcli.editions", "ghcli.journal", "ghcli.campaign",
             "ghcli.sync", "ghcli.editor", "ghcli.arkham.cli", "ghcli.records"}, {"typer", "click"}),
}
PURE = ("rules", "arkham.rules")   # standard library only, and no I/O
NO_IO = (*PURE, "boards")


def modules(folder: str = "") -> list[Path]:
    return sorted((PACKAGE / folder).rglob("*.py"))


def dotted(path: Path) -> str:
    """A module's name below ghcli: 'arkham.rules', 'cli' (ghcli/cli/__init__.py), 'errors'."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" and len(parts) > 1 else parts)


def _is_module(name: str) -> bool:
    """Whether the absolute name ``name`` is a module or package of the tree at PACKAGE."""
    where = PACKAGE.parent.joinpath(*name.split("."))
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import statement of a file, nested ones included;
    ``from ghcli.arkham import rules`` is the module ``ghcli.arkham.rules``."""
    found = []
    for node in walked(path):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against the file's package
                package = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-node.level]
                base = ".".join([*package, *(node.module.split(".") if node.module else [])])
            else:
                base = node.module
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append((node.lineno, sub if base.startswith("ghcli") and _is_module(sub) else base))
    return list(dict.fromkeys(found))


def calls(path: Path) -> list[tuple[int, str]]:
    """(line, called name) for every call of a bare name or an attribute."""
    found = []
    for node in walked(path):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            found.append((node.lineno, name))
    return found


def rel(path: Path) -> str:
    return str(path.relative_to(PACKAGE.parent))


def layer(name: str) -> str | None:
    """The LAYERS entry a module below ghcli answers to ('arkham.rules', 'arkham', 'cli'), or None."""
    parts = name.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in LAYERS:
            return ".".join(parts[:n])
    return None


def _covers(allowed: str, name: str) -> bool:
    return name == allowed or name.startswith(allowed + ".")


def offences(path: Path) -> list[tuple[int, str]]:
    """The imports of ``path`` that its LAYERS entry does not allow (a module of no entry: line 0)."""
    own = layer(dotted(path))
    if own is None:
        return [(0, f"{dotted(path)} is in no LAYERS entry")]
    packages, third_party = LAYERS[own]
    bad = []
    for line, name in imports(path):
        top = name.split(".")[0]
        if top in STDLIB or name == "ghcli":
            continue
        if top != "ghcli":
            ok = top in third_party
        else:
            ok = layer(name[len("ghcli."):]) == own or any(_covers(a, name) for a in packages)
        if not ok:
            bad.append((line, name))
    return bad


IO_CALLS = {"open", "print", "input", "exit", "read_text", "write_text", "read_bytes", "write_bytes", "system",
            "popen", "connect"}
IO_MODULES = {"sqlite3", "subprocess", "os", "shutil", "socket", "pathlib", "io", "tempfile", "sys"}


def io(path: Path) -> list[tuple[int, str]]:
    bad = [(line, name) for line, name in calls(path) if name in IO_CALLS]
    return bad + [(line, name) for line, name in imports(path) if name.split(".")[0] in IO_MODULES]


def test_every_package_is_placed_in_the_table():
    # Every package and top-level module of ghcli has its entry (or answers to its parent's), and
    # every entry names something that exists: the table is the whole map.
    here = {p.name if p.is_dir() else p.stem for p in PACKAGE.iterdir()
            if (p / "__init__.py").is_file() or p.suffix == ".py"}
    assert sorted(name for name in here if layer(name) is None) == []
    assert {entry.split(".")[0] for entry in LAYERS} == here
    assert all(_is_module(f"ghcli.{entry}") for entry in LAYERS)
    for entries, _ in LAYERS.values():
        assert all(_is_module(name) for name in entries), entries


def test_the_walk_sees_every_layer():
    # The walk itself must see modules and imports, or the checks below pass vacuously.
    for folder in ("rules", "boards", "campaign", "cli", "journal", "sync", "editor", "arkham"):
        assert len(modules(folder)) >= 2, folder
    assert {layer(dotted(p)) for p in modules()} == set(LAYERS)
    assert any(name == "ghcli.errors" for p in modules("rules") for _, name in imports(p))
    assert any(name.startswith("ghcli.rules") for p in modules("campaign") for _, name in imports(p))
    assert any(name == "ghcli.arkham.rules" for p in modules("arkham") for _, name in imports(p))
    assert any(name == "ghcli.sync.git" for p in modules("sync") for _, name in imports(p))


@pytest.mark.parametrize("path", modules(), ids=rel)
def test_every_module_imports_only_what_its_layer_allows(path):
    bad = offences(path)
    assert not bad, f"{rel(path)} ({layer(dotted(path))}) imports {bad}"


@pytest.mark.parametrize("path", [p for p in modules() if layer(dotted(p)) in NO_IO], ids=rel)
def test_the_rules_and_boards_never_open_files_print_or_exit(path):
    assert not io(path), f"{rel(path)} does I/O: {io(path)}"


def test_no_gloomhaven_package_imports_arkham():
    # Said by the table already; said again so that a widened entry cannot let it in unnoticed.
    bad = [(rel(p), line, name) for p in modules() if layer(dotted(p)).split(".")[0] not in ("arkham", "cli")
           for line, name in imports(p) if _covers("ghcli.arkham", name)]
    bad += [(rel(p), line, name) for p in modules("cli") for line, name in imports(p)
            if _covers("ghcli.arkham", name) and name != "ghcli.arkham.cli"]
    assert not bad


def test_the_checks_catch_a_bad_import(tmp_path, monkeypatch):
    # A rules module that imports the CLI and the campaign, and sqlite3, and prints, is caught by the same
    # functions; so is a module of a package the table does not place.
    root = tmp_path / "ghcli"
    for package in ("rules", "campaign", "plugins"):
        (root / package).mkdir(parents=True)
        (root / package / "__init__.py").write_text("", encoding="utf-8")
    (root / "cli.py").write_text("app = None\n", encoding="utf-8")
    bad = root / "rules" / "bad.py"
    bad.write_text("import sqlite3\nfrom ..cli import app\nfrom ghcli import campaign, __version__\nprint(1)\n",
                   encoding="utf-8")
    stray = root / "plugins" / "x.py"
    stray.write_text("import typer\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", root)
    assert [name for _, name in imports(bad)] == ["sqlite3", "ghcli.cli", "ghcli.campaign", "ghcli"]
    assert offences(bad) == [(2, "ghcli.cli"), (3, "ghcli.campaign")]  # sqlite3: the standard library ...
    assert (1, "sqlite3") in io(bad) and (4, "print") in io(bad)     # ... that the I/O check refuses
    assert offences(stray) == [(0, "plugins.x is in no LAYERS entry")]


def test_the_schema_has_one_source():
    # The design asks for schema.sql at the top level; the package ships it (ghcli/data/schema.sql), and the
    # top-level one is a link to it (git keeps the link), so there is no second copy to drift.
    top = PACKAGE.parent / "schema.sql"
    if not top.exists() and not top.is_symlink():
        pytest.skip("no top-level schema.sql here (an installed copy of the package, not a checkout)")
    assert top.is_symlink() and top.resolve() == (PACKAGE / "data" / "schema.sql").resolve()


def test_the_journal_tables_are_made_once_for_every_kind(tmp_path):
    # The journal (ghcli/journal/schema.py) is one schema for both campaign kinds: the same tables,
    # made by each kind's journal migration; the old history and undo_log are gone from both.
    from ghcli.arkham import campaign as arkham
    from ghcli.campaign.kind import Store

    for schema in (PACKAGE / "data" / "schema.sql", PACKAGE / "arkham" / "data" / "arkham_schema.sql"):
        assert "CREATE TABLE journal" not in schema.read_text(encoding="utf-8"), schema
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


