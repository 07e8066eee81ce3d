"""Helpers shared by the campaign tests (imported as ``from helpers import ...``)."""

from __future__ import annotations

import contextlib
import functools
import json
import re
import shlex
import sqlite3
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
# The README and the reference pages: the walkthroughs and examples the tests run live in them.
DOC_FILES = [README, *sorted((ROOT / "docs").glob("*.md"))]


class Snapshot:
    """A database file as it lay: its bytes, after folding the WAL into the file (``snapshot[0]``), and
    its SQL dump (``snapshot[1]``). Two snapshots are equal when their bytes are (the same bytes are the
    same dump), so the dump is read (from the bytes kept) only when asked for: by ``[1]``, or by a failed
    comparison's message, which shows the dumps."""

    __slots__ = ("data", "_dump")

    def __init__(self, data: bytes):
        self.data = data
        self._dump: list[str] | None = None

    @property
    def dump(self) -> list[str]:
        if self._dump is None:
            data = bytearray(self.data)
            data[18:20] = b"\x01\x01"  # an in-memory copy has no WAL: read it as a rollback-journal file
            conn = sqlite3.connect(":memory:")
            try:
                conn.deserialize(bytes(data))
                self._dump = list(conn.iterdump())
            finally:
                conn.close()
        return self._dump

    def __getitem__(self, i: int):
        if i not in (0, 1, -1, -2):
            raise IndexError(i)
        return self.dump if i % 2 else self.data  # the bytes without reading the dump

    def __eq__(self, other) -> bool:
        return isinstance(other, Snapshot) and self.data == other.data

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "\n".join(["Snapshot:", *self.dump])


def snapshot(path) -> Snapshot:
    """The database file's bytes (after folding the WAL into the file) and its SQL dump: a :class:`Snapshot`."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return Snapshot(Path(path).read_bytes())


# The journal's own tables and this machine's bookkeeping: what ``state_dump`` leaves out.
JOURNAL_TABLES = ("journal", "changes", "current", "sync_state", "_sqlite_migrations", "sqlite_sequence")


def state_dump(path) -> list[str]:
    """The SQL dump of the campaign's own tables (not the journal): what an undo must give back exactly
    (the undo itself is an entry, so the journal grows)."""
    conn = sqlite3.connect(path)
    try:
        return [line for line in conn.iterdump()
                if not any(line.startswith(f'INSERT INTO "{t}"') for t in JOURNAL_TABLES)]
    finally:
        conn.close()


@contextlib.contextmanager
def direct(store):
    """Write straight into a campaign's tables for a test's set-up: one transaction, outside any entry
    (nothing is recorded; the CLI would reach the state only slowly)."""
    with store.batch():
        yield store.db


_BUILT: dict = {}


def invoke(args: list[str], **kwargs):
    """Run ghcli in-process through typer's CliRunner (``kwargs``: its ``invoke``'s), with ghcli's click
    command built once per test process, as the ``cli`` fixture does (typer builds it anew for every
    call otherwise: several ms, thousands of times)."""
    import typer.main
    import typer.testing

    from ghcli.cli import app

    if id(app) not in _BUILT:
        _BUILT[id(app)] = (app, typer.main.get_command(app))
    built, real = _BUILT[id(app)][1], typer.testing._get_command
    typer.testing._get_command = lambda a: built if a is app else real(a)
    try:
        return typer.testing.CliRunner().invoke(app, args, **kwargs)
    finally:
        typer.testing._get_command = real


def quick_pilot() -> None:
    """Textual's test pilot waits after every key until the app is idle: it sleeps a slice
    (``textual._wait.SLEEP_GRANULARITY``, 20 ms) until a slice passes in which the process used under
    ``SLEEP_IDLE`` of CPU. The editor does all its work on the event loop (no threads, no timers), so a
    5 ms slice with under 1 ms of CPU is idle as surely: the keys of a test then cost what the app
    does with them, not 40 ms each of sleep (a hundred-key test: 4 s of a core doing nothing)."""
    import textual._wait as wait

    wait.SLEEP_GRANULARITY, wait.SLEEP_IDLE = 0.005, 0.001


def parsed(path):
    """The syntax tree of a Python file (``ast.parse``), parsed once per test process while the file is
    unchanged: several tests walk every module of ghcli (the layering, the command log, the shapes).
    The tree is shared: read it, never change it."""
    import os

    st = os.stat(path)
    return _parsed(str(path), st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=None)
def _parsed(path: str, mtime_ns: int, size: int):
    import ast

    return ast.parse(Path(path).read_text(encoding="utf-8"), filename=path)


def walked(path) -> tuple:
    """Every node of the file's tree (:func:`parsed`), in ``ast.walk``'s order, listed once per test
    process while the file is unchanged: a dozen tests walk every module, and the walk, not the
    reading of its list, is what costs (some 5 s of CPU a run)."""
    import os

    st = os.stat(path)
    return _walked(str(path), st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=None)
def _walked(path: str, mtime_ns: int, size: int) -> tuple:
    import ast

    return tuple(ast.walk(_parsed(path, mtime_ns, size)))


def run_ok(cli, *args):
    """Run ghcli in-process and insist on success."""
    r = cli(*args)
    assert r.exit_code == 0, (args, r.output)
    return r


def set_sql(db_file, sql: str, *params) -> None:
    """Set up a state directly in the database (for cases the CLI reaches only slowly)."""
    con = sqlite3.connect(db_file)
    con.execute(sql, params)
    con.commit()
    con.close()


# The rules, as the issue states them (not read from ghcli's code).
COIN_VALUE = {0: 2, 1: 2, 2: 3, 3: 3, 4: 4, 5: 4, 6: 5, 7: 6}
XP_THRESHOLDS = {2: 45, 3: 95, 4: 150, 5: 210, 6: 275, 7: 345, 8: 420, 9: 500}


def bonus_xp(level: int) -> int:
    """Bonus XP for winning a scenario at this level: 4 + 2 x level (issue 3)."""
    return 4 + 2 * level


class Campaign:
    """A campaign driven through the CLI: ``ok`` runs a command that must succeed, ``refused``
    one that must fail with a one-line error and leave the database byte for byte as it was;
    ``q``/``v``/``char``/``deck``/``party``/``visit`` read the database directly."""

    def __init__(self, cli, path):
        self.cli, self.path = cli, path

    def ok(self, *args) -> dict | None:
        r = self.cli(*args)
        assert r.exit_code == 0, (args, r.output, r.stderr)
        return json.loads(r.stdout) if "--json" in args else None

    def refused(self, *args, code: int = 1, words: str = "") -> str:
        before = snapshot(self.path)
        r = self.cli(*args)
        assert r.exit_code == code, (args, r.output)
        err = r.stderr.strip()
        assert err.startswith("error: ") and "\n" not in err and "Traceback" not in r.output
        assert words.lower() in err.lower(), err
        assert snapshot(self.path) == before, f"{args} changed the database"
        return err

    def q(self, sql: str, *params):
        con = sqlite3.connect(self.path)
        con.row_factory = sqlite3.Row
        try:
            return [dict(r) for r in con.execute(sql, params).fetchall()]
        finally:
            con.close()

    def v(self, sql: str, *params):
        rows = self.q(sql, *params)
        return next(iter(rows[0].values())) if rows else None

    def char(self, name: str) -> dict:
        return self.q("SELECT * FROM characters WHERE name = ?", name)[0]

    def deck(self, deck: str) -> list[int]:
        return [r["card"] for r in self.q("SELECT card FROM event_decks WHERE deck = ? ORDER BY position", deck)]

    def party(self) -> dict:
        return self.q("SELECT p.* FROM parties p JOIN campaign c ON c.current_party = p.id")[0]

    def visit(self) -> dict | None:
        rows = self.q("SELECT * FROM visits WHERE open = 1")
        assert len(rows) <= 1
        return rows[0] if rows else None


# -- the walkthroughs of README.md and docs/*.md (run by test_readme_*.py, test_arkham_readme.py and others) --


def doc_sections() -> dict[str, tuple[Path, str]]:
    """Every ``<!-- section: NAME -->`` ... ``<!-- end section: ... -->`` of the README and
    docs/*.md: {NAME: (file, text between the markers)}. A name is used once across the files."""
    out: dict[str, tuple[Path, str]] = {}
    for path in DOC_FILES:
        text = path.read_text(encoding="utf-8")
        for name, body in re.findall(r"<!-- section: (.*?) -->(.*?)<!-- end section", text, flags=re.S):
            assert name not in out, f"section {name!r} in both {out[name][0].name} and {path.name}"
            out[name] = (path, body)
    return out


def doc_section(name: str) -> str:
    """The text of the section whose marker starts with ``name`` (``"rules core"`` finds
    ``<!-- section: rules core (issue 5) -->``), wherever it lives: README.md or docs/*.md."""
    found = [body for full, (_, body) in doc_sections().items() if full == name or full.startswith(name + " ")]
    assert len(found) == 1, f"section {name!r}: found {len(found)} times"
    return found[0]


# Shell lines of a walkthrough that are not ghcli commands: the file it keeps its campaign in
# (``export GHCLI_DB=...``: the tests give each walkthrough its own file anyway).
SHELL_ONLY = re.compile(r"^\s*(export|unset) GHCLI_DB\b")


def sh_commands(section: str) -> list[list[str]]:
    """The ``ghcli`` commands of a section's ```sh blocks, as argument lists: one per line, or per
    part of a line joined with ``&&`` (the README's set-up); ``pip``, ``pytest`` and GHCLI_DB lines
    are the shell's."""
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", section, flags=re.S):
        for line in block.splitlines():
            if SHELL_ONLY.match(line):
                continue
            for part in line.split(" && "):
                words = shlex.split(part, comments=True)
                if words and words[0] not in ("pip", "pytest"):
                    assert words[0] == "ghcli", line
                    commands.append(words[1:])
    return commands


def campaign_walkthrough() -> list[list[str]]:
    """The ``ghcli`` lines of the campaign section's ```sh blocks (docs/campaign.md), as argument lists."""
    return sh_commands(doc_section("campaign"))


def between_walkthrough() -> list[list[str]]:
    """The ``ghcli`` lines of the "between sessions" section's ```sh blocks, as argument lists."""
    return sh_commands(doc_section("between sessions"))


def arkham_walkthrough() -> list[tuple[list[str], int]]:
    """The ``ghcli`` lines of the arkham section's ```sh blocks: (arguments, expected exit code
    from a trailing ``# exit N``, else 0)."""
    section = doc_section("arkham")
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", section, re.S):
        for line in block.splitlines():
            if not line.strip().startswith("ghcli "):
                continue
            command, _, comment = line.partition("#")
            m = re.match(r"\s*exit (\d+)", comment)
            lines.append((shlex.split(command)[1:], int(m.group(1)) if m else 0))
    return lines


def tour_walkthrough() -> list[list[str]]:
    """The ``ghcli`` commands of the README's set-up and tour (between sessions), as argument lists."""
    return sh_commands(doc_section("tour"))


def sql_dump(path) -> list[str]:
    """The database's whole SQL dump (what 'lossless' and 'unchanged' compare)."""
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def dump(path) -> list[str]:
    """The database's SQL dump but for this machine's own bookkeeping (sync settings, when
    each migration ran): what must be equal on every machine of a group, and to a replay."""
    return [line for line in sql_dump(path)
            if '"sync_state"' not in line and not line.startswith('INSERT INTO "_sqlite_migrations"')]


def table_cells(text: str) -> list[list[str]]:
    """The rows of a plain (tabulate "simple") table whose long cells wrap onto more lines:
    each cell's pieces joined by a space, a row's continuation lines (empty first column) folded in."""
    lines = text.splitlines()
    rule = next(i for i, line in enumerate(lines) if line and set(line) <= {"-", " "})
    spans, col = [], 0
    for part in lines[rule].split("  "):
        if part:
            start = lines[rule].index(part, col)
            spans.append((start, start + len(part)))
            col = start + len(part)
    rows: list[list[str]] = []
    for line in lines[rule + 1:]:
        if not line.strip():
            break
        cells = [line[a:b + 2].strip() for a, b in spans[:-1]] + [line[spans[-1][0]:].strip()]
        if cells[0] or not rows:
            rows.append(cells)
        else:
            rows[-1] = [f"{old} {new}".strip() for old, new in zip(rows[-1], cells)]
    return rows
