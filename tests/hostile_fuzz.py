"""ghcli's own fuzzer for hostile files, arguments and remotes (issue 29): the harness.

Four kinds of case, each run in-process through the CLI (``typer.testing.CliRunner``) in a
folder of its own (the campaign's folder: its cwd, HOME and app folder are there too):

- **native**: a mutated ghcli export, run through ``import``. The seeds are exports of both
  format versions: version 2 (the journal's entries and the tables) of campaigns played through
  the CLI (a small one; with ``walkthroughs``, the docs' campaign, between-sessions and Arkham
  walkthroughs), of the 0.1 export imported (entries kept as history) and of a GHS import (an
  ``import`` entry carrying tables); version 1 (an older ghcli's tables, history and undo log):
  ``tests/journal_fixtures/ghcli-0.1-export.json``, and the same campaigns written in that form
  (their tables, their journal as old history rows, every migration named). Besides blind
  mutations (bytes, any value anywhere, keys removed or added), each version has mutations that
  reach past the first checks: in a version-2 file the fields of an entry that replay the same
  (its time, nonce, version: the document re-written canonically), its author, the rows kept as
  history only, the file's own fields; in a version-1 file the campaign's values within the
  game's bounds (and just outside them), its names, its rows, its history and undo-log rows and
  sync settings. So some files come in and the commands after them are fuzzed too;
- **ghs**: a mutated GHS file (``tests/ghs_fixtures``, ``tests/ghs_written``, ``tests/ghs_jotl``),
  run through ``import``; when an import takes the file, ``status``, ``history``, ``character list``
  and ``show``, ``scenario list``, ``shop``, ``undo``, ``redo`` (text and JSON), ``export`` (both
  formats) run on what got in, and the export must import again (a campaign that came in is a
  campaign like any other);
- **argv**: a fuzzed argument vector: a command of the whole tree (walked from the CLI itself, so
  a new command is fuzzed too) with options and arguments drawn from a palette of good and hostile
  values (names, numbers of 4,301 digits, escapes, surrogates, paths of 300 characters, a FIFO, a
  device, ``-``), on a campaign with characters;
- **sync**: hostile remote contents: a machine of a synced group (its campaign, its clone and the
  group's bare remote in the case's folder) runs ``sync`` after someone with push access added
  commits to the remote: real entries of the campaign with fields changed (re-written canonically,
  so each reaches the journal's checks), entries accepted already sent again or edited, lines that
  are no entry, hostile author names and subjects, trees of odd shapes, a rewritten or replaced
  history, merges. Then ``sync status``, ``status``, ``history`` and a second ``sync``; now and then
  the group's other machine syncs too and both must show the same campaign.

What a case must hold (anything else is a :class:`Finding`):

- no exception escapes a command (a traceback), and every exit code is 0, 1 or 2; an error is
  one line starting ``error: ``;
- every command returns within :data:`TIMEOUT_S` (a hang);
- text output holds no character that would act on a terminal (ESC, C1 controls, ...);
- nothing is written, moved or removed outside the case's folder (an audit hook sees every
  file the Python side opens for writing, renames, links or removes, and every process started;
  the folder around the case's is listed before and after for what SQLite itself might write);
- a refused import leaves its target as it was (absent, or the same bytes) and nothing beside it;
  an imported campaign exports, and its export imports again;
- a sync changes no entry accepted before it (each keeps its number, id and document), and two
  machines that synced the same remote show the same campaign.

``run(kinds, seed, base)`` runs cases and returns the findings and figures; ``benchmarks/fuzz_hostile.py``
runs the full 2,000 + 2,000 + 2,000 (+ sync cases) and prints the figures; ``tests/test_hostile_fuzz.py``
runs a few hundred.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

HERE = Path(__file__).resolve().parent
GHS_FIXTURES = sorted(
    [p for p in (HERE / "ghs_fixtures").glob("*/*.json") if p.name != "expected.json"]
    + [p for p in (HERE / "ghs_written").glob("*.json") if p.name != "made.json"]
    + sorted((HERE / "ghs_jotl").glob("*/ghs-game.json")))
V1_EXPORT = HERE / "journal_fixtures" / "ghcli-0.1-export.json"
TIMEOUT_S = 10.0
# Raw characters a text output must never hold (newlines and nothing else of C0 are fine).
RAW_UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
GIT_IDENTITY = {"GIT_AUTHOR_NAME": "fuzz", "GIT_AUTHOR_EMAIL": "fuzz@example.org",
                "GIT_COMMITTER_NAME": "fuzz", "GIT_COMMITTER_EMAIL": "fuzz@example.org"}


@dataclass
class Finding:
    kind: str          # traceback, hang, exit code, not one line, raw escape, wrote outside, target changed, ...
    case: str          # what was fed: the mutation or the argument vector
    command: list[str]
    detail: str

    def line(self) -> str:
        return f"[{self.kind}] {self.case[:300]} | ghcli {' '.join(self.command)[:160]} | {self.detail[:300]}"


@dataclass
class Stats:
    cases: int = 0
    commands: int = 0
    imported: int = 0
    refused: int = 0
    seconds: float = 0.0
    exits: dict = field(default_factory=dict)
    counts: dict = field(default_factory=dict)   # figures of a kind's own (a sync's entries in, held, ...)

    def count(self, key: str, n: int = 1) -> None:
        self.counts[key] = self.counts.get(key, 0) + n


# -- the guard: what a case may touch ------------------------------------------------------------

_GUARD: dict | None = None
_HOOKED = False
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


def _inside(path: Any, root: str) -> bool:
    if isinstance(path, int):
        return True  # an open descriptor: its opening was checked
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    p = os.path.abspath(os.fspath(path))
    return p == root or p.startswith(root + os.sep) or "__pycache__" in p or p in ("/dev/null", "/dev/tty")


def _hook(event: str, args: tuple) -> None:
    guard = _GUARD
    if guard is None:
        return
    root = guard["root"]
    try:
        if event == "open":
            path, mode, flags = args
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or bool((flags or 0) & _WRITE_FLAGS)
            if writing and path is not None and not _inside(path, root):
                guard["outside"].append(f"open {path!r} {mode!r}")
        elif event in ("os.rename", "os.replace", "os.link", "os.symlink"):
            for p in args[:2]:
                if not _inside(p, root):
                    guard["outside"].append(f"{event} {args[:2]!r}")
        elif event in ("os.remove", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.truncate", "os.utime",
                       "shutil.rmtree", "shutil.copyfile", "shutil.move"):
            target = args[0] if event != "shutil.copyfile" else args[1]
            if not _inside(target, root):
                guard["outside"].append(f"{event} {target!r}")
        elif event == "sqlite3.connect":
            db = args[0]
            if isinstance(db, (str, bytes, os.PathLike)):
                name = os.fsdecode(db) if isinstance(db, bytes) else os.fspath(db)
                if name != ":memory:" and name != "":
                    bare = name[5:].split("?")[0] if name.startswith("file:") else name
                    if not _inside(bare, root):
                        guard["outside"].append(f"sqlite3.connect {name!r}")
        elif event in ("subprocess.Popen", "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork"):
            exe = os.path.basename(os.fsdecode(args[0])) if args and isinstance(args[0], (str, bytes)) else str(args)
            if exe not in guard["programs"]:
                guard["outside"].append(f"{event} {args[:2]!r}")
    except Exception as e:  # the hook itself must never break the command
        guard["outside"].append(f"(guard could not read {event}: {e})")


@contextlib.contextmanager
def guarded(root: Path, programs: tuple[str, ...] = ()) -> Iterator[dict]:
    """Record every write, move, removal or process outside ``root`` while the block runs."""
    global _GUARD, _HOOKED
    if not _HOOKED:
        sys.addaudithook(_hook)
        _HOOKED = True
    guard = {"root": os.path.abspath(root), "outside": [], "programs": set(programs)}
    _GUARD = guard
    try:
        yield guard
    finally:
        _GUARD = None


class Hang(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def alarm(signum, frame):
        raise Hang(f"no answer within {seconds:g} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# -- running a command -------------------------------------------------------------------------

_BUILT: dict = {}


def _click_command(app):
    """ghcli's click command, built once (typer's runner builds it anew for every call)."""
    import typer.main

    if id(app) not in _BUILT:
        _BUILT[id(app)] = (app, typer.main.get_command(app))
    return _BUILT[id(app)][1]


class Runner:
    """Runs ghcli in-process in a case folder and turns what goes wrong into findings."""

    def __init__(self, findings: list[Finding], stats: Stats):
        from typer.testing import CliRunner

        from ghcli.cli import app

        self.app = app
        self.runner = CliRunner()
        self.findings = findings
        self.stats = stats

    def invoke(self, args: list[str], input: str | None = None, env: dict | None = None):
        import typer.testing

        built, real = _click_command(self.app), typer.testing._get_command
        typer.testing._get_command = lambda a: built if a is self.app else real(a)
        try:
            return self.runner.invoke(self.app, args, input=input, env=env, catch_exceptions=True, color=True)
        finally:
            typer.testing._get_command = real

    def __call__(self, case: str, args: list[str], *, check_text: bool = True, input: str | None = None,
                 env: dict | None = None):
        self.stats.commands += 1
        try:
            with time_limit(TIMEOUT_S):
                r = self.invoke(args, input=input, env=env)
        except Hang as e:
            self.findings.append(Finding("hang", case, args, str(e)))
            return None
        if isinstance(r.exception, Hang):
            self.findings.append(Finding("hang", case, args, str(r.exception)))
            return None
        self.stats.exits[r.exit_code] = self.stats.exits.get(r.exit_code, 0) + 1
        if r.exception is not None and not isinstance(r.exception, SystemExit):
            import traceback

            tb = "".join(traceback.format_exception(type(r.exception), r.exception, r.exception.__traceback__))
            where = [ln.strip() for ln in tb.splitlines() if ln.strip().startswith("File ") and "/ghcli/" in ln]
            self.findings.append(Finding("traceback", case, args,
                                         f"{type(r.exception).__name__}: {str(r.exception)[:200]} "
                                         f"at {where[-1] if where else '?'}"))
            return r
        if r.exit_code not in (0, 1, 2):
            self.findings.append(Finding("exit code", case, args, f"exit {r.exit_code}: {r.output[-200:]}"))
        if r.exit_code == 2 and "Commands:" in r.output and r.output.lstrip().startswith("Usage:"):
            return r  # a group alone shows its help (exit 2, as click does)
        if r.exit_code != 0:
            err = r.stderr.strip().splitlines()
            if len(err) != 1 or not err[0].startswith("error: "):
                self.findings.append(Finding("not one line", case, args, repr(r.stderr[-300:])))
        if check_text and "--json" not in args:
            m = RAW_UNSAFE.search(r.stdout + r.stderr)
            if m:
                self.findings.append(Finding("raw escape", case, args, f"U+{ord(m.group()):04X} printed as it is"))
        return r


def _tree_files(root: Path) -> dict[str, tuple]:
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in filenames + dirnames:
            p = Path(dirpath) / name
            try:
                st = p.lstat()
            except OSError:
                continue
            out[str(p.relative_to(root))] = (st.st_mode, st.st_size, st.st_mtime_ns)
    return out


ENV_KEYS = ("HOME", "XDG_CONFIG_HOME", "GHCLI_DB", "GHCLI_ARKHAM_DB", "COLUMNS", "GHCLI_PLAYER",
            "GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM", *GIT_IDENTITY)


@contextlib.contextmanager
def environment(folder: Path, db: Path) -> Iterator[None]:
    """The process's cwd, HOME, app folder and campaign in ``folder`` (git's identity a fixed one)."""
    old_cwd = os.getcwd()
    saved = {k: os.environ.get(k) for k in ENV_KEYS}
    os.environ.update(HOME=str(folder / "home"), XDG_CONFIG_HOME=str(folder / "home" / ".config"),
                      GHCLI_DB=str(db), GHCLI_ARKHAM_DB=str(db.with_name("arkham.db")), COLUMNS="200",
                      GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1", **GIT_IDENTITY)
    os.environ.pop("GHCLI_PLAYER", None)
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(old_cwd)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@contextlib.contextmanager
def case_folder(base: Path, n: int | str) -> Iterator[Path]:
    """A fresh folder for one case, the process's cwd, HOME and app folder inside it."""
    folder = base / f"case{n}"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "home").mkdir(parents=True)
    (folder / "camp").mkdir()
    (folder / "in").mkdir()
    try:
        with environment(folder, folder / "camp" / "campaign.db"):
            yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# -- seeds -------------------------------------------------------------------------------------


@dataclass
class Seed:
    """A file the mutations start from: what it is, its bytes, its format version (0: a GHS file)."""

    label: str
    data: bytes
    version: int


def _play(commands: list, db: Path, runner: Runner | None = None) -> None:
    """Play CLI commands into the campaign at ``db`` (those that fail are skipped: a seed, not a test)."""
    run = runner or Runner([], Stats())
    for args in commands:
        if isinstance(args, tuple):  # (arguments, exit code) of the Arkham walkthrough
            args = args[0]
        run.invoke(["--db", str(db), *args])


SMALL_CAMPAIGN = [["init"], ["character", "new", "Ann", "--class", "brute", "--player", "ann"],
                  ["character", "new", "Bob", "--class", "spellweaver"],
                  ["character", "adjust", "Ann", "--gold", "+20"],
                  ["buy", "Ann", "1"], ["travel", "1"], ["scenario", "finish", "1", "--won"], ["return"],
                  ["campaign", "prosperity", "+2"], ["character", "adjust", "Bob", "--xp", "+5"], ["undo"]]


def small_campaign(db: Path) -> None:
    _play(SMALL_CAMPAIGN, db)


def _export(runner: Runner, db: Path) -> bytes | None:
    r = runner.invoke(["--db", str(db), "export"])
    return r.stdout.encode("utf-8", "surrogatepass") if r.exit_code == 0 else None


def v1_form(doc: dict) -> dict:
    """A version-2 export written as a version-1 file would hold it: the campaign's tables with their rowids,
    the journal as the old ``history`` rows, an empty ``undo_log`` and ``sync_state``, and every migration of
    the kind named (the importer loads the tables into the schema the file names)."""
    from ghcli.campaign.exchange.native import kinds

    kind = kinds()[doc.get("kind", "ghcli")]
    names = kind.migration_names
    tables = {name: {"columns": t["columns"], "rowid": True, "rows": t["rows"]} for name, t in doc["tables"].items()}
    history = []
    for e in doc["journal"]["entries"]:
        d = json.loads(e["document"])
        history.append([e["seq"], e["seq"], d.get("at"), d.get("command"), e.get("summary") or d.get("command"),
                        (d.get("nonce") or "") * 2, f"{e['seq']:013d}-0000", e["player"], d.get("version"),
                        d.get("command"), json.dumps(d.get("args")), json.dumps(d.get("draws")), "ok", None])
    tables["history"] = {"columns": ["id", "at", "command", "summary", "uid", "clock", "player", "version", "op",
                                     "args", "draws", "status", "reason"], "rowid": True, "rows": history}
    tables["undo_log"] = {"columns": ["seq", "history_id", "sql"], "rowid": True, "rows": []}
    tables["sync_state"] = {"columns": ["key", "value"], "rowid": True, "rows": []}
    tables["_sqlite_migrations"] = {"columns": ["id", "migration_set", "name", "applied_at"], "rowid": True,
                                    "rows": [[i, i, kind.name, n, "2026-12-01 20:59:51.000000+00:00"]
                                             for i, n in enumerate(names, 1)]}
    return {"format": "ghcli-campaign", "version": 1, "kind": kind.name, "exported": doc.get("exported"),
            "migrations": names, "tables": tables}


def native_seeds(workdir: Path, walkthroughs: bool) -> list[Seed]:
    """ghcli exports of both versions: campaigns played through the CLI, the 0.1 export, a GHS import."""
    runner = Runner([], Stats())
    plays: list[tuple[str, Callable[[Path], None]]] = [("the small campaign", lambda db: _play(SMALL_CAMPAIGN, db))]
    if walkthroughs:
        import helpers

        plays += [("the campaign walkthrough", lambda db: _play(helpers.campaign_walkthrough(), db)),
                  ("the between-sessions walkthrough", lambda db: _play(helpers.between_walkthrough(), db)),
                  ("the Arkham walkthrough", lambda db: _play(helpers.arkham_walkthrough(), db))]
    seeds = [Seed("the 0.1 export (version 1)", V1_EXPORT.read_bytes(), 1)]
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "home").mkdir(exist_ok=True)
    with environment(workdir, workdir / "default.db"):
        for i, (label, play) in enumerate(plays):
            db = workdir / f"seed{i}.db"
            play(db)
            data = _export(runner, db)
            if data is not None:
                seeds.append(Seed(label, data, 2))
                seeds.append(Seed(f"{label} (version-1 form)", json.dumps(v1_form(json.loads(data))).encode(), 1))
        for label, source in (("the 0.1 export imported", V1_EXPORT), ("a GHS file imported", GHS_FIXTURES[0])):
            db = workdir / f"seed-{len(seeds)}.db"
            runner.invoke(["--db", str(db), "import", str(source)])
            chars = runner.invoke(["--db", str(db), "character", "list", "--json"])
            with contextlib.suppress(ValueError, KeyError, IndexError):
                first = json.loads(chars.stdout)[0]["name"]
                runner.invoke(["--db", str(db), "character", "adjust", first, "--gold", "+1"])
            data = _export(runner, db)
            if data is not None:
                seeds.append(Seed(f"{label}, then exported (version 2)", data, 2))
    return seeds


def ghs_seeds() -> list[Seed]:
    return [Seed(str(p.relative_to(HERE)), p.read_bytes(), 0) for p in GHS_FIXTURES]


# -- mutations ---------------------------------------------------------------------------------

BIG = "__BIGINT__"  # replaced by a 4,301-digit number in the JSON text (json.dumps cannot write one)
ESCAPES = ["\x1b[2J\x1b[H", "\x1b]0;pwned\x07", "\x1b[31mred\x1b[0m", "\x9b2J", "\u202eevil", "a\nb", "\x00", "\r",
           "\x1b", "\x07" * 3, "\ud800", "\udcff", "\u2028", "\ufeff"]
STRINGS = ["", " ", "x" * 1114, "y" * 100_000, "../../../outside", "/tmp/ghcli-fuzz-outside", "~/.bashrc",
           "-rf", "--db", "'; DROP TABLE characters; --", "\\", "%s%n", "NaN", "1e999", "Ann", "brute", "null",
           "ATTACH DATABASE 'outside.db' AS x", "ATTACH DATABASE '/tmp/ghcli-fuzz-outside.db' AS x", "🧌" * 50]
NUMBERS: list[Any] = [0, -1, 1, 7, 2**31, 2**63 - 1, 2**63, -(2**63) - 1, 10**30, 4_611_686_018_427_387_904,
                      float("nan"), float("inf"), float("-inf"), 1e308, -0.0, 0.5, BIG, True, False, None]
SHAPES: list[Any] = [[], {}, [[[[]]]], {"$blob": "00ff"}, {"$blob": "zz"}, [1, 2, 3], {"a": 1}, "[]"]
# Values a name may be given: what a player could type, and what an attacker would.
NAMES = ["Eve", "Zoë", "x" * 40, "x" * 41, "y" * 300, "\x1b[2J\x1b[H", "\x1b]0;pwned\x07", "a\x1b[31mred\x1b[0m",
         "\u202eevil", "  spaced   out  ", "tab\there", "line\nbreak", "\x00nul", "\ud800", "\u200dzwj", "",
         " ", "Ann", "ANN", "Bob", "-rf", "--db", "../x", "🧌" * 20, "\x9b2J", "null", "'; DROP TABLE x; --"]
# Entry times: the journal's own form (far in the future, long past), and what is not that form.
TIMES = ["9999-12-31T23:59:59+00:00", "1970-01-01T00:00:00+00:00", "0001-01-01T00:00:00Z", "2026-12-01T22:00:00Z",
         "2026-02-30T25:61:61+00:00", "2026-12-01T22:00:00", "2026-12-01 22:00:00+00:00", "", "x" * 40,
         "9999-12-31T23:59:59+14:00", "\x1b[2J"]
VERSIONS = ["99.0", "0", "0.1.0", "1" * 40, "9" * 41, "0.1.0\x1b[2J", "", "a-b+c.d", "../..", "0.1.0 "]
NONCES = ["0" * 16, "f" * 16, "ABCDEF0123456789", "0" * 15, "g" * 16, "", "0" * 17]


def _path_tree(doc: Any) -> tuple[list, list[int]]:
    """Every path to a value in the document (keys and indexes, depth first, bounded for big documents)
    as a tree: path ``i`` is path ``parents[i]`` and then ``keys[i]`` (the document itself is path 0).
    Only the path chosen is then spelled out."""
    keys: list = [None]
    parents = [-1]
    stack: list = []
    node, at = doc, 0
    while True:
        if type(node) is dict:
            stack.extend((v, at, k) for k, v in node.items())
        elif type(node) is list:
            stack.extend((v, at, i) for i, v in enumerate(node[:400]))
        if not stack or len(keys) >= 20_000:
            return keys, parents
        node, parent, key = stack.pop()
        at = len(keys)
        keys.append(key)
        parents.append(parent)


def _random_path(doc: Any, rng: random.Random) -> tuple:
    """``rng.choice(paths[1:] or paths)`` over the document's paths (the same draw, the same path)."""
    keys, parents = _path_tree(doc)
    i = rng.choice(range(1, len(keys)) or range(1))
    out = []
    while i > 0:
        out.append(keys[i])
        i = parents[i]
    return tuple(reversed(out))


def _get(doc: Any, path: tuple) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def _set(doc: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


def _hostile_value(rng: random.Random, old: Any) -> Any:
    roll = rng.random()
    if isinstance(old, str) and roll < 0.35:
        return rng.choice([old + rng.choice(ESCAPES), rng.choice(ESCAPES) + old, old * rng.choice([2, 300]),
                           rng.choice(ESCAPES)])
    if isinstance(old, (int, float)) and not isinstance(old, bool) and roll < 0.5:
        return rng.choice(NUMBERS + [old + 1, -old, old * 10**12])
    pool = rng.choice([ESCAPES, STRINGS, NUMBERS, SHAPES])
    return rng.choice(pool)


def _plausible(rng: random.Random, old: Any, column: str = "") -> Any:
    """A value a campaign's cell might hold: within the game's bounds mostly, at them or just past them."""
    if isinstance(old, bool) or old is None:
        return rng.choice([None, 0, 1, "", "x"])
    if isinstance(old, int):
        if rng.random() < 0.1:
            return rng.choice(["1", str(old), None, 1.5])
        return rng.choice([0, 1, 2, 3, 4, 5, 7, 9, 10, 12, 20, 40, 64, 65, 95, 99, 100, 150, 512, 999, 1000, 10**6,
                           10**9, 10**9 + 1, -1, -20, -21, old + 1, old - 1, old * 2, old + 100])
    if isinstance(old, str):
        pool = NAMES if rng.random() < 0.6 else ["brute", "spellweaver", "tinkerer", "mindthief", "diviner",
                                                 "demolitionist", "red-guard", "town", "road", "scenario", "city",
                                                 "none", "1", "0", "", old.upper(), old + old, old[:1],
                                                 "2026-12-01T22:00:00+00:00", "not a time"]
        return rng.choice(pool)
    return rng.choice([None, 0, "", old])


def _row_cells(doc: Any) -> list[tuple]:
    """The paths of the values in a ghcli export's rows (tables.NAME.rows[i][j]); none for other files."""
    tables = doc.get("tables") if isinstance(doc, dict) and doc.get("format") == "ghcli-campaign" else None
    if not isinstance(tables, dict):
        return []
    out = []
    for name, t in tables.items():
        rows = t.get("rows") if isinstance(t, dict) else None
        for i, row in enumerate(rows[:200] if isinstance(rows, list) else []):
            out += [("tables", name, "rows", i, j) for j in range(len(row))] if isinstance(row, list) else []
    return out


def _dotted(path: tuple) -> str:
    return ".".join(str(p) for p in path) or "(the document)"


def _short(v: Any) -> str:
    if v == BIG:
        return "<4,301 digits>"
    return repr(v) if not isinstance(v, str) or len(v) < 40 else repr(v[:30]) + f"...({len(v)} chars)"


def _dumps(doc: Any, rng: random.Random) -> bytes:
    text = json.dumps(doc, ensure_ascii=rng.random() < 0.5)
    text = text.replace(f'"{BIG}"', "9" * 4301)
    return text.encode("utf-8", "surrogatepass")


def _bytes_mutation(seed: bytes, rng: random.Random) -> tuple[bytes, str]:
    data = bytearray(seed)
    how = rng.choice(["truncate", "flip", "splice"])
    if how == "truncate":
        at = rng.randrange(len(data))
        return bytes(data[:at]), f"truncated at byte {at}"
    if how == "flip":
        spots = [rng.randrange(len(data)) for _ in range(rng.randint(1, 8))]
        for at in spots:
            data[at] = rng.randrange(256)
        return bytes(data), f"bytes changed at {spots}"
    at = rng.randrange(len(data))
    junk = rng.choice([b"\x1b[2J", b"\xff\xfe", b"99999999999999999999999", b"NaN", b"}", b"[", b"\\ud800"])
    return bytes(data[:at] + junk + data[at:]), f"{junk!r} spliced in at byte {at}"


def _blind_steps(doc: Any, rng: random.Random, steps: list[str]) -> Any:
    """One blind change anywhere in the document: a value replaced, removed, doubled or wrapped."""
    rows = _row_cells(doc)
    if rows and rng.random() < 0.7:  # a value in a table's rows: the file still has the export's shape
        path = rng.choice(rows)
    else:
        path = _random_path(doc, rng)
    kind = rng.random()
    parent = _get(doc, path[:-1]) if path else None
    if kind < 0.6 or not path:
        old = _get(doc, path) if path else doc
        value = _hostile_value(rng, old)
        doc = _set(doc, path, value)
        steps.append(f"{_dotted(path)} = {_short(value)}")
    elif kind < 0.75:
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
        steps.append(f"{_dotted(path)} removed")
    elif kind < 0.88 and isinstance(parent, list):
        parent.insert(path[-1], copy.deepcopy(parent[path[-1]]))
        steps.append(f"{_dotted(path)} doubled")
    else:
        extra = rng.choice(["__extra__", "sql", "../x", "\x1b[2J", "rowid"])
        node = _get(doc, path)
        if isinstance(node, dict):
            node[extra] = rng.choice(NUMBERS + STRINGS[:6])
            steps.append(f"{_dotted(path)}.{extra!r} added")
        else:
            doc = _set(doc, path, {extra: node})
            steps.append(f"{_dotted(path)} wrapped")
    return doc


def mutate(seed: bytes, rng: random.Random) -> tuple[bytes, str]:
    """One blind hostile variant of a JSON file and a description of what was done."""
    if rng.random() < 0.12:  # bytes: cut short, flipped, or spliced
        return _bytes_mutation(seed, rng)
    doc = json.loads(seed)
    steps: list[str] = []
    for _ in range(rng.choice([1, 1, 1, 2, 3, 5])):
        doc = _blind_steps(doc, rng, steps)  # the paths again after each step: one may have replaced a table
    return _dumps(doc, rng), "; ".join(steps)


# -- mutations that reach past the checks: a version-2 export --------------------------------------


def canonical(value: Any) -> str:
    """An entry's document as the journal writes it (keys sorted, no spaces, UTF-8; NaN written as JSON
    cannot hold it, so that a hostile number still reaches the reader)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def mutate_document(text: str, rng: random.Random, nonces: list[str] = ()) -> tuple[str, str]:
    """An entry's document with one field changed, written canonically again (mostly), so that it reaches the
    journal's checks of that field: its time, nonce or version (which replay the same), its command, an
    argument, a draw, its effect, its format, a key it does not have."""
    try:
        doc = json.loads(text)
    except ValueError:
        return text + rng.choice(ESCAPES), "an entry that is no JSON, changed"
    if not isinstance(doc, dict):
        return canonical(rng.choice(SHAPES)), "an entry that is no object, replaced"
    roll = rng.random()
    if roll < 0.22:
        key, value = "at", rng.choice(TIMES)
    elif roll < 0.34:
        key, value = "version", rng.choice(VERSIONS)
    elif roll < 0.46:
        key, value = "nonce", rng.choice(list(NONCES) + list(nonces)[:8] * 2)
    elif roll < 0.52:
        key, value = "command", rng.choice(["rm -rf /", "init", "undo", "import", "snapshot", "character new",
                                            "buy", "sync", "", "x" * 61, "\x1b[2J"])
    elif roll < 0.58:
        key, value = "format", rng.choice([1, 3, 99, "2", None, 2.0])
    elif roll < 0.62:
        key, value = "effect", rng.choice(["0" * 16, "x", None, doc.get("nonce")])
    elif roll < 0.66:
        key, value = rng.choice(["extra", "player", "author", "seq"]), rng.choice(NAMES + NUMBERS[:6])
    elif roll < 0.84 and isinstance(doc.get("args"), dict) and doc["args"]:
        path = _random_path(doc["args"], rng)
        old = _get(doc["args"], path) if path else doc["args"]
        value = _plausible(rng, old) if rng.random() < 0.5 else _hostile_value(rng, old)
        doc["args"] = _set(doc["args"], path, value)
        return _finish(doc, rng), f"args.{_dotted(path)} = {_short(value)}"
    elif isinstance(doc.get("draws"), list) and doc["draws"]:
        path = _random_path(doc["draws"], rng)
        old = _get(doc["draws"], path)
        value = _plausible(rng, old) if rng.random() < 0.5 else _hostile_value(rng, old)
        doc["draws"] = _set(doc["draws"], path, value)
        return _finish(doc, rng), f"draws.{_dotted(path)} = {_short(value)}"
    else:
        key, value = "args", rng.choice(SHAPES)
    if rng.random() < 0.05:
        doc.pop(key, None)
        return _finish(doc, rng), f"{key} removed"
    doc[key] = value
    return _finish(doc, rng), f"{key} = {_short(value)}"


def _finish(doc: dict, rng: random.Random) -> str:
    if rng.random() < 0.9:
        return canonical(doc)
    return json.dumps(doc, ensure_ascii=rng.random() < 0.5)  # not the canonical form


def _entries(doc: dict) -> list:
    journal = doc.get("journal") if isinstance(doc, dict) else None
    entries = journal.get("entries") if isinstance(journal, dict) else None
    return entries if isinstance(entries, list) else []


def _v2_step(doc: dict, rng: random.Random, steps: list[str]) -> dict:
    entries = _entries(doc)
    roll = rng.random()
    if entries and roll < 0.4:  # an entry's document: a field that replays the same, or not
        i = rng.randrange(len(entries))
        e = entries[i]
        if isinstance(e, dict) and isinstance(e.get("document"), str):
            nonces = [json.loads(x["document"]).get("nonce", "") for x in entries[:20]
                      if isinstance(x, dict) and isinstance(x.get("document"), str) and x["document"].startswith("{")]
            e["document"], what = mutate_document(e["document"], rng, nonces)
            steps.append(f"journal.entries[{i}].document: {what}")
            return doc
    if entries and roll < 0.7:  # an entry's own fields: its author, number, flags; a history row's text
        i = rng.randrange(len(entries))
        e = entries[i]
        if not isinstance(e, dict):
            return doc
        history_only = e.get("applied") is False
        keys = ["player"] * 4 + ["seq", "applied", "extra"]
        if history_only:
            keys += ["command", "summary", "at", "version", "state", "undone_by", "reason", "document"] * 2
        key = rng.choice(keys)
        if key == "player":
            value: Any = rng.choice(NAMES)
        elif key == "seq":
            others = [x.get("seq") for x in entries if isinstance(x, dict)]
            value = rng.choice([0, -1, 2**31, 10**6, e.get("seq", 0) + 1000, *others[:3], "1", None])
        elif key == "applied":
            value = rng.choice([not e.get("applied"), None, 1, "true"])
        elif key == "state":
            value = rng.choice(["local", "queued", "held", "dropped", "accepted", "\x1b[2J", None])
        elif key == "undone_by":
            others = [x.get("seq") for x in entries if isinstance(x, dict)]
            value = rng.choice([*others[:4], e.get("seq"), 0, 2**31, 10**6, "1", None])
        elif key == "document":
            value = rng.choice([mutate_document(e.get("document") or "{}", rng)[0], "not json", "[]",
                                '{"args":"\x1b[2J"}', "x" * 70_000, ""])
        elif key == "at":
            value = rng.choice(TIMES)
        elif key == "version":
            value = rng.choice(VERSIONS)
        else:
            value = rng.choice(NAMES + STRINGS[:6] + NUMBERS[:4])
        e[key] = value
        steps.append(f"journal.entries[{i}].{key} = {_short(value)}")
        return doc
    if entries and roll < 0.78:  # the entries' order or number
        i = rng.randrange(len(entries))
        how = rng.choice(["removed", "doubled", "moved last", "moved first", "swapped"])
        if how == "removed":
            entries.pop(i)
        elif how == "doubled":
            entries.insert(i, copy.deepcopy(entries[i]))
        elif how == "moved last":
            entries.append(entries.pop(i))
        elif how == "moved first":
            entries.insert(0, entries.pop(i))
        elif i + 1 < len(entries):
            entries[i], entries[i + 1] = entries[i + 1], entries[i]
        steps.append(f"journal.entries[{i}] {how}")
        return doc
    if roll < 0.9:  # the file's own fields
        key = rng.choice(["exported", "ghcli", "migrated", "next_seq", "kind", "version", "format", "migrations"])
        if key == "migrated" and isinstance(doc.get("migrated"), dict) and doc["migrated"] and rng.random() < 0.7:
            name = rng.choice(sorted(doc["migrated"]))
            value = rng.choice(TIMES + ["2026-12-01 20:59:51.314411+00:00", 5, None])
            doc["migrated"][name] = value
            steps.append(f"migrated.{name} = {_short(value)}")
            return doc
        value = {"exported": rng.choice(TIMES + NAMES[:6]), "ghcli": rng.choice(VERSIONS + NAMES[:4]),
                 "migrated": rng.choice([{}, {"9999_future": "2026-12-01T22:00:00+00:00"}, [], None]),
                 "next_seq": rng.choice([0, 1, 2**31 - 1, 2**31, -1, 10**6, "5", None]),
                 "kind": rng.choice(["arkham", "ghcli", "jotl", "", None, ["ghcli"], {"ghcli": 1}]),
                 "version": rng.choice([1, 2, 3, 0, "2", 2.0, None, True]),
                 "format": rng.choice(["ghcli-campaign", "ghs", "", None]),
                 "migrations": rng.choice([["0001_schema"], [], None])}[key]
        doc[key] = value
        steps.append(f"{key} = {_short(value)}")
        return doc
    return _blind_steps(doc, rng, steps)  # a table's value: the entries no longer make it


# -- mutations that reach past the checks: a version-1 export --------------------------------------

V1_BOOKKEEPING = ("history", "undo_log", "sync_state", "_sqlite_migrations")


def _v1_step(doc: dict, rng: random.Random, steps: list[str]) -> dict:
    tables = doc.get("tables")
    if not isinstance(tables, dict):
        return _blind_steps(doc, rng, steps)
    campaign = [n for n, t in tables.items() if n not in V1_BOOKKEEPING and isinstance(t, dict)
                and t.get("rows") and t.get("columns")]
    roll = rng.random()
    if campaign and roll < 0.55:  # a campaign value, within the bounds mostly
        name = rng.choice(campaign)
        t = tables[name]
        i = rng.randrange(len(t["rows"]))
        row = t["rows"][i]
        if not isinstance(row, list) or len(row) < 2:
            return doc
        j = rng.randrange(1, len(row))
        col = t["columns"][j - 1] if j - 1 < len(t["columns"]) else "?"
        value = _plausible(rng, row[j], col) if rng.random() < 0.85 else _hostile_value(rng, row[j])
        row[j] = value
        steps.append(f"tables.{name}.rows[{i}].{col} = {_short(value)}")
        return doc
    if campaign and roll < 0.68:  # a row removed, doubled, given another rowid
        name = rng.choice(campaign)
        rows = tables[name]["rows"]
        i = rng.randrange(len(rows))
        how = rng.choice(["removed", "doubled", "doubled with a new rowid", "rowid changed"])
        if how == "removed":
            rows.pop(i)
        elif how == "doubled":
            rows.insert(i, copy.deepcopy(rows[i]))
        elif isinstance(rows[i], list) and rows[i]:
            new = copy.deepcopy(rows[i])
            new[0] = rng.choice([max((r[0] for r in rows if isinstance(r, list) and isinstance(r[0], int)),
                                     default=0) + 1, 0, -1, 2**31, 10**6])
            if how == "rowid changed":
                rows[i] = new
            else:
                rows.append(new)
        steps.append(f"tables.{name}.rows[{i}] {how}")
        return doc
    if roll < 0.88:  # the old bookkeeping: history rows, SQL in the undo log, sync settings
        which = rng.choice(["history", "history", "undo_log", "sync_state"])
        t = tables.get(which)
        if not isinstance(t, dict) or not isinstance(t.get("rows"), list):
            return doc
        rows = t["rows"]
        if which == "undo_log":
            sql = rng.choice(["ATTACH DATABASE '/tmp/ghcli-fuzz-outside.db' AS x", "CREATE TABLE x.t (a)",
                              "CREATE TRIGGER t AFTER UPDATE ON characters BEGIN SELECT 1; END", "DELETE FROM history",
                              "UPDATE campaign SET name = 'pwned'", "DROP TABLE characters", "not sql"])
            last = max((r[2] for r in rows if isinstance(r, list) and len(r) > 2 and isinstance(r[2], int)),
                       default=1)
            rows.append([len(rows) + 1000, len(rows) + 1000, last, sql])
            steps.append(f"undo_log += {sql!r}")
        elif which == "sync_state":
            key = rng.choice(["remote", "player", "pushed", "\x1b[2J"])
            value = rng.choice(["--upload-pack=touch /tmp/ghcli-fuzz-outside", "/tmp/ghcli-fuzz-outside", "ext::sh",
                                "eve\x1b[2J", "0" * 64])
            rows.append([len(rows) + 1, key, value])
            steps.append(f"sync_state += {key!r}: {value!r}")
        elif rows:
            i = rng.randrange(len(rows))
            row = rows[i]
            if isinstance(row, list) and len(row) > 1:
                j = rng.randrange(1, len(row))
                col = t["columns"][j - 1] if j - 1 < len(t.get("columns", [])) else "?"
                value = rng.choice([rng.choice(NAMES), rng.choice(TIMES), "\x1b]0;pwned\x07", "{not json",
                                    '{"entry":"' + "0" * 32 + '"}', "undo", "rejected", 2**31, -1, None,
                                    rng.choice(VERSIONS), "x" * 70_000])
                row[j] = value
                steps.append(f"tables.history.rows[{i}].{col} = {_short(value)}")
        return doc
    if roll < 0.93:  # the migrations the file names
        names = doc.get("migrations")
        if isinstance(names, list) and names:
            how = rng.choice(["cut", "reversed", "unknown added", "one removed"])
            if how == "cut":
                doc["migrations"] = names[:rng.randrange(1, len(names) + 1)]
            elif how == "reversed":
                doc["migrations"] = names[::-1]
            elif how == "unknown added":
                doc["migrations"] = names + ["9999_future"]
            else:
                doc["migrations"] = names[:-1] if len(names) > 1 else names
            steps.append(f"migrations {how}")
        return doc
    return _blind_steps(doc, rng, steps)


def mutate_native(seed: Seed, rng: random.Random) -> tuple[bytes, str]:
    """A hostile variant of a ghcli export: blind (a fifth of them) or reaching past the first checks."""
    if rng.random() < 0.2:
        return mutate(seed.data, rng)
    doc = json.loads(seed.data)
    steps: list[str] = []
    step = _v2_step if seed.version == 2 else _v1_step
    for _ in range(rng.choice([1, 1, 1, 1, 2, 2, 3])):
        doc = step(doc, rng, steps)
    return _dumps(doc, rng), "; ".join(steps) or "unchanged"


# -- one import case ---------------------------------------------------------------------------

AFTER_IMPORT = (["status"], ["status", "--json"], ["history"], ["history", "--json", "--limit", "5"],
                ["character", "list"], ["character", "list", "--json"], ["scenario", "list"], ["shop"],
                ["undo"], ["redo"], ["history", "--limit", "3"])


def import_case(run: Runner, folder: Path, data: bytes, what: str, stats: Stats) -> None:
    """Import ``data``; a refusal leaves the target untouched; what got in survives the commands after it,
    exports, and its export imports again."""
    src = folder / "in" / "file.json"
    src.write_bytes(data)
    target = folder / "camp" / "campaign.db"
    existing = stats.cases % 7 == 3  # now and then a campaign is there already: the import must refuse it
    if existing:
        run(what, ["--db", str(target), "init"], check_text=False)
    before = target.read_bytes() if target.exists() else None
    camp_before = set(os.listdir(folder / "camp"))
    r = run(what, ["--db", str(target), "import", str(src)] + (["--json"] if stats.cases % 2 else []))
    if r is None or r.exit_code != 0:
        stats.refused += 1
        after = target.read_bytes() if target.exists() else None
        if after != before:
            run.findings.append(Finding("target changed", what, ["import"], "a refused import changed its target"))
        left = set(os.listdir(folder / "camp")) - camp_before - {"campaign.db-wal", "campaign.db-shm"}
        if left:
            run.findings.append(Finding("left behind", what, ["import"], f"a refused import left {sorted(left)}"))
        return
    stats.imported += 1
    db = ["--db", str(target)]
    for args in AFTER_IMPORT:
        run(what, db + args)
    chars = run(what, db + ["character", "list", "--json"])
    names = []
    with contextlib.suppress(ValueError, TypeError, KeyError, AttributeError):
        names = [c["name"] for c in json.loads(chars.stdout)] if chars is not None and chars.exit_code == 0 else []
    for name in names[:2]:
        run(what, db + ["character", "show", name])
    if names:  # a change on what came in, and its undo
        run(what, db + ["character", "adjust", names[0], "--gold", "+1"])
        run(what, db + ["undo"])
    run(what, db + ["export", "--format", "ghs", "-o", str(folder / "in" / "ghs.json")])
    again = folder / "in" / "again.json"
    r = run(what, db + ["export", "-o", str(again)])
    if r is not None and r.exit_code != 0:
        run.findings.append(Finding("no export", what, ["export"], f"an imported campaign does not export: "
                                    f"{r.stderr.strip()[:200]}"))
    elif r is not None:
        r = run(what, ["--db", str(folder / "camp" / "again.db"), "import", str(again)])
        if r is not None and r.exit_code != 0:
            run.findings.append(Finding("round trip", what, ["import", "(its export)"],
                                        f"an imported campaign's export does not import: {r.stderr.strip()[:200]}"))
    stray = [name for name in _tree_files(folder) if name.split(os.sep)[0] not in ("camp", "in", "home")]
    if stray:
        run.findings.append(Finding("wrote outside", what, ["import", "..."],
                                    f"{sorted(stray)} beside the campaign's folder"))


# -- argument vectors --------------------------------------------------------------------------


def command_tree() -> list[tuple[list[str], Any]]:
    """Every command of the CLI as (its words, its click command), walked from the root."""
    import typer

    from ghcli.cli import app

    root = typer.main.get_command(app)
    out = []

    def walk(cmd, words, ctx):
        sub = getattr(cmd, "list_commands", None)
        if sub is None:
            out.append((words, cmd))
            return
        import click

        for name in cmd.list_commands(ctx):
            child = cmd.get_command(ctx, name)
            if child is None or getattr(child, "hidden", False):
                continue
            walk(child, words + [name], click.Context(child, parent=ctx, info_name=name))
        if getattr(cmd, "invoke_without_command", False):
            out.append((words, cmd))

    try:
        from typer._click import Context
    except ImportError:
        from click import Context
    walk(root, [], Context(root, info_name="ghcli"))
    return out


# Absolute places the hostile values name: nothing may appear there.
OUTSIDE_PROBES = ("/tmp/ghcli-fuzz-outside", "/tmp/ghcli-fuzz-outside.db")


def palette(folder: Path) -> dict[str, list[str]]:
    """Values to draw arguments from: good ones (the campaign's names, items, scenarios) and hostile ones."""
    fifo = folder / "in" / "fifo"
    if not fifo.exists():
        os.mkfifo(fifo)
    device = folder / "in" / "null-device"
    if not device.exists() and os.geteuid() == 0:
        with contextlib.suppress(OSError):
            os.mknod(device, 0o600 | stat.S_IFCHR, os.makedev(1, 3))
    board = folder / "in" / "b.board"
    board.write_text(json.dumps({"format": 1, "hexes": [[0, 0], [1, 0], [2, 0]], "active": "g",
                                 "figures": [{"id": "g\x1b]0;pwned\x07", "side": "monster", "at": [0, 0]},
                                             {"id": "b", "side": "character", "at": [2, 0], "initiative": 10}],
                                 "action": {"move": 2, "attack": {"range": 0, "targets": 1}}}).replace(
        "g\\u001b]0;pwned\\u0007", "g"))
    long = "a" * 300
    paths = [str(folder / "in" / "out.json"), str(board), str(fifo), str(folder / long), long + "/x",
             str(folder / "camp"), "-", str(folder / "in" / "missing" / "x.db"), "out.svg",
             str(folder / "camp" / "campaign.db")]
    if device.exists():
        paths.append(str(device))
    return {
        "name": ["Ann", "Bob", "ann", "ANN", "Zoë", "nobody", "\x1b[2J", "\x1b]0;pwned\x07", "x" * 41, "",
                 "a\nb", "\udcff\udcfe", "-", "--", "../../etc/passwd", "Ann\u202e"],
        "number": ["0", "1", "2", "+3", "-2", "7", "99", "1000001", "-1000001", "9" * 20, "9" * 4301, "+" + "9" * 4301,
                   "1e5", "0x10", "nan", "", "1_000", "½", "٣"],
        "text": ["1", "brute", "spellweaver", "boots-of-striding", "city", "road", "A", "B", "1,0", "0,0", "g",
                 "all", "yes", "\x1b[31m", "x" * 1000, "%s", "{}", "[]", "null"],
        "path": paths,
    }


def _value_for(rng: random.Random, param: Any, pal: dict[str, list[str]]) -> str:
    name = (getattr(param, "name", "") or "").lower()
    type_name = type(getattr(param, "type", None)).__name__
    choices = getattr(getattr(param, "type", None), "choices", None)
    if choices and rng.random() < 0.7:
        return str(rng.choice(list(choices)))
    if type_name in ("IntParamType", "IntRange", "FloatParamType") or name in ("level", "number", "count", "limit"):
        return rng.choice(pal["number"])
    if any(w in name for w in ("file", "output", "board", "svg", "path", "db", "dir", "remote", "to")):
        return rng.choice(pal["path"] + pal["text"][:3])
    if any(w in name for w in ("name", "character", "player", "who", "party", "investigator")):
        return rng.choice(pal["name"])
    pool = rng.choice(["name", "number", "text", "text", "path"])
    return rng.choice(pal[pool])


def argv(rng: random.Random, words: list[str], cmd: Any, pal: dict[str, list[str]]) -> list[str]:
    """A fuzzed argument vector for one command: its words, some options, its arguments."""
    args = list(words)
    for param in getattr(cmd, "params", []):
        opts = getattr(param, "opts", [])
        if getattr(param, "param_type_name", "") == "argument":
            count = param.nargs if param.nargs > 0 else rng.choice([0, 1, 1, 2, 3])
            if not param.required and rng.random() < 0.3:
                count = 0
            args += [_value_for(rng, param, pal) for _ in range(count)]
            continue
        if not opts or opts[0] in ("--help",) or rng.random() < 0.45:
            continue
        flag = rng.choice(opts)
        if getattr(param, "is_flag", False) and not getattr(param, "secondary_opts", None):
            args.append(flag)
        elif getattr(param, "is_flag", False):
            args.append(rng.choice(opts + list(param.secondary_opts)))
        else:
            for _ in range(2 if getattr(param, "multiple", False) and rng.random() < 0.3 else 1):
                args += [flag, _value_for(rng, param, pal)]
    roll = rng.random()
    if rng.random() < 0.15:  # the root's --db, naming something odd now and then
        args = ["--db", rng.choice(pal["path"])] + args
    if roll < 0.05 and len(args) > 1:
        args.insert(rng.randrange(len(args) + 1), rng.choice(["--json", "--db", "-h", "--", "-x", "--nope"]))
    elif roll < 0.08:
        args = args[:rng.randrange(1, len(args) + 1)]
    return args


def argv_case(run: Runner, folder: Path, rng: random.Random, tree: list, campaign: bytes) -> None:
    """One fuzzed argument vector on a copy of a campaign with characters."""
    db = folder / "camp" / "campaign.db"
    db.write_bytes(campaign)
    pal = palette(folder)
    words, cmd = rng.choice(tree)
    args = argv(rng, words, cmd, pal)
    run(" ".join(args)[:200], args, check_text=not any(a.startswith("--show-completion") for a in args),
        input="n\n")




# -- hostile remotes ---------------------------------------------------------------------------


def _git(git_dir: Path, *args: str, input: bytes | None = None, env: dict | None = None) -> str:
    """git on the group's bare remote, as someone with push access (not through ghcli)."""
    r = subprocess.run(["git", f"--git-dir={git_dir}", *args], input=input, capture_output=True, timeout=60,
                       env={**os.environ, **GIT_IDENTITY, **(env or {})})
    if r.returncode != 0:
        raise RuntimeError(f"git {' '.join(args[:2])}: {r.stderr.decode('utf-8', 'replace').strip()[:200]}")
    return r.stdout.decode("utf-8", "replace").strip()


def _journal(db: Path, where: str = "state = 'accepted'") -> list[tuple]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return conn.execute(f"SELECT seq, id, document FROM journal WHERE {where} ORDER BY seq").fetchall()
    finally:
        conn.close()


class SyncWorld:
    """A group of two machines (ann, bob) synced through a bare remote, built once in a fixed folder and
    copied back into it for every case (the paths a campaign stores stay true); ``fresh``: documents of
    real entries made on a copy of bob's campaign, not pushed anywhere."""

    MACHINES = ("ann", "bob")

    def __init__(self, cases_dir: Path, template: Path, runner: Runner):
        self.root = cases_dir / "casesync"
        self.template = template
        self.remote = self.root / "group.git"
        self.db = {m: self.root / m / "campaign.db" for m in self.MACHINES}
        self.fresh: list[bytes] = []
        self.accepted: list[bytes] = []
        self._build(runner)

    def _build(self, runner: Runner) -> None:
        shutil.rmtree(self.root, ignore_errors=True)
        (self.root / "home").mkdir(parents=True)
        for m in self.MACHINES:
            self.db[m].parent.mkdir()
        with environment(self.root, self.db["bob"]):
            _git(self.remote, "init", "-q", "--bare")
            a, b = (["--db", str(self.db[m])] for m in self.MACHINES)
            steps = [(a, ["init", "--seed", "5"]),
                     (a, ["character", "new", "Ann", "--class", "brute", "--quest", "512"]),
                     (a, ["character", "new", "Bob", "--class", "tinkerer", "--quest", "514"]),
                     (a, ["character", "adjust", "Ann", "--gold", "+10"]), (a, ["sync", "init", str(self.remote)]),
                     (b, ["sync", "init", str(self.remote)]), (a, ["buy", "Ann", "1"]), (a, ["sync"]), (b, ["sync"])]
            for db, args in steps:
                who = "ann" if db is a else "bob"
                r = runner.invoke(db + args, env={"GHCLI_PLAYER": who})
                if r.exit_code != 0:
                    raise RuntimeError(f"the sync cases' group could not be made: {args}: {r.output[-300:]}")
            scratch = self.root / "scratch" / "campaign.db"
            scratch.parent.mkdir()
            conn = sqlite3.connect(self.db["bob"])
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.close()
            shutil.copy(self.db["bob"], scratch)
            last = max(seq for seq, _, _ in _journal(scratch, "1"))
            for args in (["character", "adjust", "Ann", "--gold", "+1"], ["character", "adjust", "Bob", "--xp", "+3"],
                         ["character", "new", "Eve", "--class", "spellweaver"], ["campaign", "prosperity", "+1"],
                         ["travel", "1"], ["scenario", "finish", "1", "--won"], ["return"], ["undo"],
                         ["character", "adjust", "Bob", "--gold", "+2"]):
                runner.invoke(["--db", str(scratch), *args])
            self.fresh = [doc.encode() for seq, _, doc in _journal(scratch, "1") if seq > last]
            self.accepted = [doc.encode() for _, _, doc in _journal(self.db["bob"])]
            shutil.rmtree(scratch.parent)
        shutil.rmtree(self.template, ignore_errors=True)
        shutil.copytree(self.root, self.template, symlinks=True)

    @contextlib.contextmanager
    def case(self) -> Iterator[Path]:
        shutil.rmtree(self.root, ignore_errors=True)
        shutil.copytree(self.template, self.root, symlinks=True)
        try:
            with environment(self.root, self.db["bob"]):
                yield self.root
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


GARBAGE_LINES = [b"{not json", b"[1, 2]", b"null", b"x" * 70_000, b"\x1b[2J\x1b]0;pwned\x07", b"\xff\xfe\x00",
                 b"ghcli-snapshot: " + b"0" * 64, b'{"format":2}', b'{"format":2,"command":"init"}',
                 b'{"at":' + b"9" * 4301 + b"}", b"NaN", b"{}" * 5000, b"   "]
SUBJECTS = [b"Merge branch 'main'", b"ghcli: 99999999999999999999 entries by x", b"ghcli: 1 entry by \x1b[2J",
            b"", b"ghcli: 0 entries", b"ghcli: 1 entries by bob: \x1b]0;pwned\x07", b"ghcli:"]


def _hostile_line(world: SyncWorld, rng: random.Random) -> tuple[bytes, str]:
    roll = rng.random()
    if roll < 0.5:
        doc = rng.choice(world.fresh)
        if rng.random() < 0.8:
            text, what = mutate_document(doc.decode(), rng)
            return text.encode("utf-8", "surrogatepass"), f"a new entry, {what}"
        return doc, "a new entry as made"
    if roll < 0.7 and world.accepted:
        doc = rng.choice(world.accepted)
        if rng.random() < 0.5:
            return doc, "an accepted entry sent again"
        text, what = mutate_document(doc.decode(), rng)
        return text.encode("utf-8", "surrogatepass"), f"an accepted entry edited: {what}"
    line = rng.choice(GARBAGE_LINES)
    return line, f"a line that is no entry ({_short(line.decode('utf-8', 'replace'))})"


def _hostile_commit(world: SyncWorld, rng: random.Random) -> str:
    """Someone with push access adds a commit to the remote's main (or replaces it); says what."""
    remote = world.remote
    lines, what = [], []
    for _ in range(rng.choice([1, 1, 2, 3, 4])):
        line, w = _hostile_line(world, rng)
        lines.append(line.replace(b"\n", b"\\n").replace(b"\r", b"\\r"))
        what.append(w)
    author = rng.choice(["mallory", "bob", "ann", "ann", *NAMES])
    subject = (rng.choice(SUBJECTS) if rng.random() < 0.12 else
               f"ghcli: {len(lines)} entr{'y' if len(lines) == 1 else 'ies'} by {author}".encode("utf-8", "replace"))
    tree = _git(remote, "rev-parse", "main^{tree}")
    parents = ["-p", _git(remote, "rev-parse", "main")]
    roll = rng.random()
    if roll < 0.08:
        tree = _odd_tree(remote, rng)
        what.append("a tree of an odd shape")
    elif roll < 0.13:
        parents = []
        what.append("a history replaced (a root commit)")
    elif roll < 0.18:
        with contextlib.suppress(RuntimeError):
            parents = ["-p", _git(remote, "rev-parse", "main~1")]
            what.append("a history rewritten (on main~1)")
    elif roll < 0.22:
        side = _git(remote, "commit-tree", tree, "-m", "side")
        parents += ["-p", side]
        what.append("a merge")
    body = subject + b"\n\n" + b"\n".join(lines) + b"\n"
    for name in (author, "mallory"):
        try:
            env = {"GIT_AUTHOR_NAME": name, "GIT_COMMITTER_NAME": name}
            sha = _git(remote, "commit-tree", tree, *parents, input=body, env=env)
            break
        except (RuntimeError, ValueError):  # a name git (or the environment) cannot hold
            continue
    else:
        return "no commit (git refused it)"
    _git(remote, "update-ref", "refs/heads/main", sha)
    return f"by {author!r}: " + "; ".join(what)


def _odd_tree(remote: Path, rng: random.Random) -> str:
    blob = _git(remote, "hash-object", "-w", "--stdin", input=b"#!/bin/sh\ntouch /tmp/ghcli-fuzz-outside\n")
    inner = _git(remote, "mktree", input=f"100644 blob {blob}\tx.json\n".encode())
    shape = rng.choice([f"040000 tree {inner}\tcampaign.json\n", f"120000 blob {blob}\tcampaign.json\n",
                        f"160000 commit {'1' * 40}\tcampaign.json\n", "",
                        f"100644 blob {blob}\tcampaign.json\n100644 blob {blob}\t..\x1b[2J\n",
                        f"100644 blob {blob}\tREADME\n040000 tree {inner}\tentries\n"])
    return _git(remote, "mktree", "--missing", input=shape.encode("utf-8"))


def _view(run: Runner, case: str, db: Path) -> tuple:
    out = []
    for args in (["status", "--json"], ["character", "list", "--json"]):
        r = run(case, ["--db", str(db), *args])
        try:
            data = json.loads(r.stdout) if r is not None and r.exit_code == 0 else None
        except ValueError:
            data = None
        if isinstance(data, dict):
            data.pop("journal", None)  # this machine's own counts
        out.append(data)
    return tuple(out)


def _difference(a: Any, b: Any, path: str = "") -> str:
    """Where two views first differ: 'PATH: ann A, bob B'."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return _difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _difference(x, y, f"{path}[{i}]")
    return f"{path or '(the view)'}: ann {str(a)[:100]}, bob {str(b)[:100]}"


def sync_case(run: Runner, world: SyncWorld, rng: random.Random, stats: Stats) -> str:
    """Hostile commits on the remote, then ``sync`` on bob's machine: no entry accepted before changes."""
    bob, ann = world.db["bob"], world.db["ann"]
    if rng.random() < 0.4:  # bob has an entry of his own not pushed yet: the sync takes it back and re-applies it
        run("(bob's own entry)", ["--db", str(bob), "character", "adjust", "Bob", "--gold", "+1"])
    what = "; ".join(_hostile_commit(world, rng) for _ in range(rng.choice([1, 1, 1, 2, 3])))
    before = _journal(bob)
    as_json = rng.random() < 0.5
    r = run(what, ["--db", str(bob), "sync", *(["--json"] if as_json else [])])
    if r is not None and r.exit_code == 0 and as_json:
        with contextlib.suppress(ValueError, TypeError, AttributeError):
            report = json.loads(r.stdout)
            for key in ("in", "held", "ignored"):
                stats.count(f"entries {key}" if key != "ignored" else "lines ignored", len(report.get(key) or []))
    if r is not None:
        stats.count(f"sync exit {r.exit_code}")
        if r.exit_code != 0:
            stats.count("sync refused: " + re.sub(r"[0-9a-f]{7,}|\d+", "N", r.stderr.strip())[:90])
    again = ["sync", *([] if as_json else ["--json"])]
    for args in (["sync", "status"], ["status"], ["history", "--limit", "8"], again, ["sync", "status", "--json"]):
        run(what, ["--db", str(bob), *args])
    after = {row[0]: row for row in _journal(bob)}
    changed = [seq for seq, eid, doc in before if after.get(seq) != (seq, eid, doc)]
    if changed:
        run.findings.append(Finding("accepted changed", what, ["sync"],
                                    f"entries accepted before the sync changed or left: #{changed[:5]}"))
    if rng.random() < 0.35:  # ann syncs the same remote: both machines show the same campaign
        synced = [run(what, ["--db", str(db), "sync"]) for db in (ann, bob)]
        if all(r is not None and r.exit_code == 0 for r in synced) and not _journal(bob, "state = 'local'"):
            views = [_view(run, what, db) for db in (ann, bob)]
            if views[0] != views[1]:
                run.findings.append(Finding("machines disagree", what, ["sync"], _difference(views[0], views[1])))
            stats.count("both machines compared")
        else:  # a remote refused (another campaign's now), or bob's entry not pushed: each keeps its own
            stats.count("both machines synced, not compared (a sync refused)")
    return what


# -- the whole run -----------------------------------------------------------------------------


def _outside_listing(folder: Path) -> dict:
    """The files beside the case folders (a write by SQLite itself, which no audit hook sees, lands there)."""
    return _tree_files(folder)


KINDS = ("native", "ghs", "argv", "sync")


def run(kinds: dict[str, int], seed: int, base: Path, *, walkthroughs: bool = False,
        progress: Callable[[str, int], None] | None = None) -> tuple[list[Finding], dict[str, Stats]]:
    """Run ``kinds`` ({"native": N, "ghs": N, "argv": N, "sync": N}) cases; returns the findings and each
    kind's figures (``Stats``; ``counts["seed: LABEL"]``, how many cases each seed began)."""
    base = Path(base).resolve()
    cases_dir = base / "cases"
    cases_dir.mkdir(parents=True, exist_ok=True)
    findings: list[Finding] = []
    all_stats: dict[str, Stats] = {}
    rng = random.Random(seed)
    outside_before = _outside_listing(base.parent) if base.parent != Path("/") else {}
    seeds = {"native": native_seeds(base / "seeds", walkthroughs) if kinds.get("native") else [],
             "ghs": ghs_seeds()}
    if kinds.get("argv"):
        db = base / "seeds" / "argv.db"
        if not db.exists():
            with environment(base / "seeds", db):
                (base / "seeds" / "home").mkdir(parents=True, exist_ok=True)
                small_campaign(db)
        campaign = db.read_bytes()
        tree = command_tree()
    world = None
    if kinds.get("sync"):
        if shutil.which("git") is None:
            kinds = {k: v for k, v in kinds.items() if k != "sync"}
        else:
            world = SyncWorld(cases_dir, base / "sync-template", Runner(findings, Stats()))
    n = 0
    for kind, count in kinds.items():
        stats = all_stats.setdefault(kind, Stats())
        t0 = time.perf_counter()
        runner = Runner(findings, stats)
        for i in range(count):
            n += 1
            folder_of = world.case() if kind == "sync" else case_folder(cases_dir, n)
            with folder_of as folder, guarded(folder, programs=("git",)) as guard:
                if kind == "argv":
                    argv_case(runner, folder, rng, tree, campaign)
                    what = "argv"
                elif kind == "sync":
                    what = "sync: " + sync_case(runner, world, rng, stats)
                else:
                    source = rng.choice(seeds[kind])
                    stats.count(f"seed: {source.label}")
                    data, what = mutate_native(source, rng) if kind == "native" else mutate(source.data, rng)
                    what = f"{kind} ({source.label}): {what}"
                    imported = stats.imported
                    import_case(runner, folder, data, what, stats)
                    if stats.imported > imported:
                        stats.count(f"imported: {source.label}")
                        stats.count(f"imported: version {source.version}" if source.version else "imported: GHS")
                stats.cases += 1
                for line in guard["outside"]:
                    findings.append(Finding("wrote outside", what, [], line))
            if progress and (i + 1) % 100 == 0:
                progress(kind, i + 1)
        stats.seconds = time.perf_counter() - t0
    after = _outside_listing(base.parent) if base.parent != Path("/") else {}
    for probe in OUTSIDE_PROBES:
        if os.path.lexists(probe):
            findings.append(Finding("wrote outside", "(the whole run)", [], f"{probe} appeared"))
    for name in sorted(set(after) - set(outside_before)):
        if not name.startswith(base.name):
            findings.append(Finding("wrote outside", "(the whole run)", [], f"{base.parent / name} appeared"))
    return findings, all_stats


def summary(findings: list[Finding]) -> dict[str, list[Finding]]:
    """Findings grouped by kind and place (one example each)."""
    groups: dict[str, list[Finding]] = {}
    for f in findings:
        key = f"{f.kind}: {f.detail.split(' at ')[-1] if f.kind == 'traceback' else f.detail[:70]}"
        groups.setdefault(key, []).append(f)
    return groups
