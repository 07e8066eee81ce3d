"""ghcli's own fuzzer for hostile files and arguments (issue 29): the harness.

Three kinds of case, each run in-process through the CLI (``typer.testing.CliRunner``) in a
folder of its own (the campaign's folder: its cwd, HOME and app folder are there too):

- **a mutated ghcli export** (from the exports of campaigns played through the CLI: the
  walkthroughs of the docs, or a small one), or
- **a mutated GHS file** (from ``tests/ghs_fixtures``), run through ``import``; when the import
  takes it, ``status``, ``history``, ``character list`` (text and JSON) and ``undo`` run on what
  got in;
- **a fuzzed argument vector**: a command of the whole tree (walked from the CLI itself, so a new
  command is fuzzed too) with options and arguments drawn from a palette of good and hostile
  values (names, numbers of 4,301 digits, escapes, surrogates, paths of 300 characters, a FIFO,
  a device, ``-``), on a campaign with characters.

What a case must hold (anything else is a :class:`Finding`):

- no exception escapes a command (a traceback), and every exit code is 0, 1 or 2; an error is
  one line starting ``error: ``;
- every command returns within :data:`TIMEOUT_S` (a hang);
- text output holds no character that would act on a terminal (ESC, C1 controls, ...);
- nothing is written, moved or removed outside the case's folder (an audit hook sees every
  file the Python side opens for writing, renames, links or removes, and every process started;
  the folder around the case's is listed before and after for what SQLite itself might write);
- a refused import leaves its target as it was (absent, or the same bytes) and nothing beside it.

``run(kinds, n, seed)`` runs cases and returns the findings; ``benchmarks/fuzz_hostile.py`` runs
the full 2,000 + 2,000 (+ argument vectors) and prints the figures; ``tests/test_hostile_fuzz.py``
runs a few hundred.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import re
import signal
import stat
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

HERE = Path(__file__).resolve().parent
GHS_FIXTURES = sorted(p for p in (HERE / "ghs_fixtures").glob("*/*.json") if p.name != "expected.json")
TIMEOUT_S = 10.0
# Raw characters a text output must never hold (newlines and nothing else of C0 are fine).
RAW_UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


@dataclass
class Finding:
    kind: str          # traceback, hang, exit code, two-line error, raw escape, wrote outside, target changed
    case: str          # what was fed: the mutation or the argument vector
    command: list[str]
    detail: str

    def line(self) -> str:
        return f"[{self.kind}] {self.case} | ghcli {' '.join(self.command)[:160]} | {self.detail[:300]}"


@dataclass
class Stats:
    cases: int = 0
    commands: int = 0
    imported: int = 0
    refused: int = 0
    seconds: float = 0.0
    exits: dict = field(default_factory=dict)


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


class Runner:
    """Runs ghcli in-process in a case folder and turns what goes wrong into findings."""

    def __init__(self, findings: list[Finding], stats: Stats):
        from typer.testing import CliRunner

        from ghcli.cli import app

        self.app = app
        self.runner = CliRunner()
        self.findings = findings
        self.stats = stats

    def __call__(self, case: str, args: list[str], *, check_text: bool = True, input: str | None = None):
        self.stats.commands += 1
        try:
            with time_limit(TIMEOUT_S):
                r = self.runner.invoke(self.app, args, input=input, catch_exceptions=True, color=True)
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


@contextlib.contextmanager
def case_folder(base: Path, n: int) -> Iterator[Path]:
    """A fresh folder for one case, the process's cwd, HOME and app folder inside it."""
    import shutil

    folder = base / f"case{n}"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "home").mkdir(parents=True)
    (folder / "camp").mkdir()
    (folder / "in").mkdir()
    old_cwd = os.getcwd()
    saved = {k: os.environ.get(k) for k in ("HOME", "XDG_CONFIG_HOME", "GHCLI_DB", "GHCLI_ARKHAM_DB", "COLUMNS",
                                               "GHCLI_PLAYER")}
    os.environ.update(HOME=str(folder / "home"), XDG_CONFIG_HOME=str(folder / "home" / ".config"),
                      GHCLI_DB=str(folder / "camp" / "campaign.db"),
                      GHCLI_ARKHAM_DB=str(folder / "camp" / "arkham.db"), COLUMNS="200")
    os.chdir(folder)
    try:
        yield folder
    finally:
        os.chdir(old_cwd)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        shutil.rmtree(folder, ignore_errors=True)


# -- seeds -------------------------------------------------------------------------------------


def _play(commands: list[list[str]], db: Path) -> None:
    """Play CLI commands into the campaign at ``db`` (those that fail are skipped: a seed, not a test)."""
    from typer.testing import CliRunner

    from ghcli.cli import app

    runner = CliRunner()
    for args in commands:
        runner.invoke(app, ["--db", str(db), *args])


def small_campaign(db: Path) -> None:
    _play([["init"], ["character", "new", "Ann", "--class", "brute", "--player", "ann"],
           ["character", "new", "Bob", "--class", "spellweaver"], ["character", "adjust", "Ann", "--gold", "+20"],
           ["buy", "Ann", "1"], ["travel", "1"], ["scenario", "finish", "1", "--won"], ["return"],
           ["campaign", "prosperity", "+2"]], db)


def native_seeds(workdir: Path, walkthroughs: bool) -> list[bytes]:
    """Exports of campaigns played through the CLI: a small one, and the docs' walkthroughs."""
    from typer.testing import CliRunner

    from ghcli.cli import app

    plays: list[Callable[[Path], None]] = [small_campaign]
    if walkthroughs:
        import helpers

        def campaign_doc(db: Path) -> None:
            _play(helpers.campaign_walkthrough(), db)

        def between_doc(db: Path) -> None:
            _play(helpers.between_walkthrough(), db)

        plays += [campaign_doc, between_doc]
    seeds = []
    env = {k: os.environ.get(k) for k in ("HOME", "XDG_CONFIG_HOME", "GHCLI_DB")}
    workdir.mkdir(parents=True, exist_ok=True)
    for i, play in enumerate(plays):
        db = workdir / f"seed{i}.db"
        os.environ.update(HOME=str(workdir), XDG_CONFIG_HOME=str(workdir / ".config"), GHCLI_DB=str(db))
        try:
            play(db)
            r = CliRunner().invoke(app, ["--db", str(db), "export"])
        finally:
            for k, v in env.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
        if r.exit_code == 0:
            seeds.append(r.stdout.encode())
    return seeds


def ghs_seeds() -> list[bytes]:
    return [p.read_bytes() for p in GHS_FIXTURES]


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


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value in the document (keys and indexes), bounded for big documents."""
    out = []
    stack = [(doc, prefix)]
    while stack and len(out) < 20_000:
        node, p = stack.pop()
        out.append(p)
        if isinstance(node, dict):
            stack.extend((v, p + (k,)) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, p + (i,)) for i, v in enumerate(node[:400]))
    return out


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


def mutate(seed: bytes, rng: random.Random) -> tuple[bytes, str]:
    """One hostile variant of a JSON file and a description of what was done."""
    roll = rng.random()
    if roll < 0.12:  # bytes: cut short, flipped, or spliced
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
    doc = json.loads(seed)
    steps = []
    for _ in range(rng.choice([1, 1, 1, 2, 3, 5])):
        rows = _row_cells(doc)  # again after each step: a step may have replaced a table or a row
        if rows and rng.random() < 0.7:  # a value in a table's rows: the file still has the export's shape
            path = rng.choice(rows)
        else:
            paths = _paths(doc)
            path = rng.choice(paths[1:] or paths)
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
    text = json.dumps(doc, ensure_ascii=rng.random() < 0.5)
    text = text.replace(f'"{BIG}"', "9" * 4301)
    return text.encode("utf-8", "surrogatepass"), "; ".join(steps)


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
    s = repr(v) if not isinstance(v, str) or len(v) < 40 else repr(v[:30]) + f"...({len(v)} chars)"
    return s if v != BIG else "<4,301 digits>"


# -- one import case ---------------------------------------------------------------------------


def import_case(run: Runner, folder: Path, data: bytes, what: str, stats: Stats) -> None:
    """Import ``data``; a refusal leaves the target untouched; what got in survives status, undo, history."""
    src = folder / "in" / "file.json"
    src.write_bytes(data)
    target = folder / "camp" / "campaign.db"
    existing = stats.cases % 7 == 3  # now and then a campaign is there already: the import must refuse it
    if existing:
        small = Path(os.environ["GHCLI_DB"])
        run(what, ["--db", str(small), "init"], check_text=False)
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
    for args in (["status"], ["status", "--json"], ["history"], ["history", "--json", "--limit", "5"],
                 ["character", "list"], ["character", "list", "--json"], ["undo"], ["history", "--limit", "3"],
                 ["export"]):
        run(what, db + args, check_text=args != ["export"])
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


# -- the whole run -----------------------------------------------------------------------------


def _outside_listing(folder: Path) -> dict:
    """The files beside the case folders (a write by SQLite itself, which no audit hook sees, lands there)."""
    return _tree_files(folder)


def run(kinds: dict[str, int], seed: int, base: Path, *, walkthroughs: bool = False,
        progress: Callable[[str, int], None] | None = None) -> tuple[list[Finding], dict[str, Stats]]:
    """Run ``kinds`` ({"native": N, "ghs": N, "argv": N}) cases; returns the findings and each kind's figures."""
    base = Path(base).resolve()
    cases_dir = base / "cases"
    cases_dir.mkdir(parents=True, exist_ok=True)
    findings: list[Finding] = []
    all_stats: dict[str, Stats] = {}
    rng = random.Random(seed)
    seeds = {"native": native_seeds(base / "seeds", walkthroughs), "ghs": ghs_seeds()}
    campaign = None
    if kinds.get("argv"):
        db = base / "seeds" / "argv.db"
        if not db.exists():
            small_campaign(db)
        campaign = db.read_bytes()
        tree = command_tree()
    outside_before = _outside_listing(base.parent) if base.parent != Path("/") else {}
    n = 0
    for kind, count in kinds.items():
        stats = all_stats.setdefault(kind, Stats())
        t0 = time.perf_counter()
        runner = Runner(findings, stats)
        for i in range(count):
            n += 1
            with case_folder(cases_dir, n) as folder, guarded(folder, programs=("git",)) as guard:
                if kind == "argv":
                    argv_case(runner, folder, rng, tree, campaign)
                    what = "argv"
                else:
                    data, what = mutate(rng.choice(seeds[kind]), rng)
                    what = f"{kind}: {what}"
                    import_case(runner, folder, data, what, stats)
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
