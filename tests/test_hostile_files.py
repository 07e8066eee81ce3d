"""Hostile files and arguments (issue 29): ghcli's own corpus, each refused or neutralised, a test each.

The corpus is ``tests/hostile_files/`` (GHS files and boards, described in its README) and the
exports this module builds from a campaign it plays (a ghcli export's shape follows the schema).
Each case checks what its probe is about and that nothing was written outside the case's folder;
where it is refused, that the target is untouched.

What is tested elsewhere: undo data, the import's table checks and migrations (the journal's);
remotes, sync entries, authors (sync's); the bounds of GHS numbers (the GHS bridge's).
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import run_ok, set_sql, snapshot

CORPUS = Path(__file__).resolve().parent / "hostile_files"
# What must never reach a terminal raw (text output keeps newlines only).
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
ESCAPES = {"csi": "\x1b[2J\x1b[H", "osc": "\x1b]0;pwned\x07", "c1": "\x9b31m", "bidi": "\u202eadliH",
           "nul": "a\x00b", "only": "\x1b[2J"}
# How text output shows each: the characters written out, as \x1b or \u202e.
SHOWN = {"csi": r"\x1b[2J\x1b[H", "osc": r"\x1b]0;pwned\x07", "c1": r"\x9b31m", "bidi": r"\u202eadliH",
         "nul": r"a\x00b", "only": r"\x1b[2J"}


def tree(root: Path) -> dict[str, int]:
    """Every file under ``root`` and its size (the check that nothing appeared elsewhere)."""
    return {str(p.relative_to(root)): p.lstat().st_size for p in root.rglob("*")}


def clean_text(r) -> str:
    """The command's whole text output, insisting that nothing in it acts on a terminal."""
    out = r.stdout + r.stderr
    m = RAW.search(out)
    assert m is None, f"U+{ord(m.group()):04X} printed raw: {out[max(0, m.start() - 40):m.end() + 40]!r}"
    return out


def one_line_error(r, code: int = 2) -> str:
    assert r.exit_code == code, (r.exit_code, r.output)
    err = r.stderr.strip()
    assert err.startswith("error: ") and "\n" not in err and "Traceback" not in r.output, r.output
    return err


@pytest.fixture
def campaign(cli, db_file):
    run_ok(cli, "init")
    run_ok(cli, "character", "new", "Ann", "--class", "brute", "--player", "ann")
    run_ok(cli, "character", "new", "Bob", "--class", "spellweaver")
    return db_file


def _export(cli) -> dict:
    return json.loads(run_ok(cli, "export").stdout)


def _set_cell(doc: dict, table: str, row: int, column: str, value) -> None:
    t = doc["tables"][table]
    t["rows"][row][(1 if t.get("rowid", True) else 0) + t["columns"].index(column)] = value  # rows: [rowid, ...]


# -- names printed: escaped in text, exact in JSON ----------------------------------------------


@pytest.mark.parametrize("kind", sorted(ESCAPES))
def test_escapes_in_stored_names_are_shown_escaped(cli, campaign, kind):
    """Names written into the database by hand or by an older import: text shows them escaped,
    JSON exactly; no command raises (a name that is only an escape sequence included)."""
    name = ESCAPES[kind]
    set_sql(campaign, "UPDATE characters SET name = ?, player = ? WHERE name = 'Ann'", name, name)
    set_sql(campaign, "UPDATE campaign SET name = ?", name)
    set_sql(campaign, "UPDATE parties SET name = ?", name)
    for args in (["status"], ["character", "list"], ["party", "list"], ["campaign", "show"], ["history"],
                 ["character", "show", "Bob"]):
        r = cli(*args)
        assert r.exit_code == 0, (args, r.output)
        clean_text(r)
    out = run_ok(cli, "status").stdout
    assert f"Campaign:     {SHOWN[kind]}" in out and f"Party:        {SHOWN[kind]} (in town)" in out
    data = json.loads(run_ok(cli, "status", "--json").stdout)
    assert data["campaign"]["name"] == name and name in [c["name"] for c in data["characters"]]
    assert data["party"]["name"] == name


def test_json_output_escapes_what_a_terminal_would_act_on(cli, campaign):
    """--json is exact, yet holds no raw C1 control or bidi override (written as \\uXXXX)."""
    set_sql(campaign, "UPDATE characters SET name = ? WHERE name = 'Ann'", "\x9b2J\u202e\u2028x")
    r = run_ok(cli, "character", "list", "--json")
    assert not RAW.search(r.stdout) and "\u2028" not in r.stdout
    assert "\\u009b2J\\u202e\\u2028x" in r.stdout
    assert json.loads(r.stdout)[0]["name"] == "\x9b2J\u202e\u2028x"


def test_a_name_only_an_escape_sequence_in_a_table_that_wraps():
    """tabulate raised (TypeError) on a cell that was only an escape sequence once the table wrapped."""
    from ghcli.cli.output import table

    out = table([["\x1b[2J", "x" * 60, "y" * 60], ["z" * 60, "w" * 30, "\x1b[0m"]], ["character", "player", "party"])
    assert "\\x1b[2J" in out and "\\x1b[0m" in out and not RAW.search(out)


def test_long_names_are_shown_cut(cli, campaign):
    long = "Evil " + "x" * 1109  # 1,114 characters, as in the issue
    set_sql(campaign, "UPDATE characters SET name = ? WHERE name = 'Ann'", long)
    set_sql(campaign, "UPDATE campaign SET name = ?", long)
    out = run_ok(cli, "status").stdout
    assert len(out) < 2500 and "Evil xxx" in out and "x" * 60 not in out.replace("\n", "")
    assert "…" in out
    assert run_ok(cli, "character", "list").stdout.count("x") < 100
    data = json.loads(run_ok(cli, "status", "--json").stdout)
    assert data["campaign"]["name"] == long and long in [c["name"] for c in data["characters"]]


def test_every_character_shown_escaped_is_unprintable():
    # shown() and json_text() return an all-printable text as it is, without their patterns: that is
    # safe only because every character the patterns escape is one str.isprintable refuses.
    from ghcli.cli import shown as S

    every = "".join(map(chr, range(0x110000)))
    for kind in S._CLASSES:
        unsafe = S._unsafe(kind).findall(every)
        assert len(unsafe) > 2000 and not [c for c in unsafe if c.isprintable()], kind
    # and the shortcut changes no answer: escaped, kept, and the allowed unprintable ones (a joiner, NBSP)
    for text in ["Hilda", "a\nb", "a\u202eb", "tab\there", "z\u200dw\u00a0j", "\x1b[2J", "é…", "\ud800", ""]:
        for lines in (True, False):
            pattern = S._unsafe("lines" if lines else "one line")
            assert S.shown(text, lines=lines) == pattern.sub(S._escape, text), (text, lines)
    assert S.json_text({"a": "b\u202e\nc", "d": "\u00a0"}) == '{\n  "a": "b\\u202e\\nc",\n  "d": "\u00a0"\n}'


def test_a_lone_surrogate_in_an_error_message(capsys):
    """The error printer itself raised UnicodeEncodeError on a '\\ud800' (from a JSON file)."""
    from ghcli.cli.failures import _Failure

    _Failure("unknown figure \ud800 in a\nb", 2).show()
    err = capsys.readouterr().err
    assert err == "error: unknown figure \\ud800 in a\\x0ab\n"


def test_a_lone_surrogate_reaching_the_database_is_named(cli, campaign):
    from ghcli.cli.failures import _not_utf8

    try:
        "x\ud800".encode("utf-8")
    except UnicodeEncodeError as e:
        assert "lone surrogate (\\ud800)" in _not_utf8(e)
    try:
        "x\udcff".encode("utf-8")
    except UnicodeEncodeError as e:
        assert _not_utf8(e).startswith("an argument is not valid UTF-8")


@pytest.mark.parametrize("name", ["ghs-escapes.json", "ghs-path-like-names.json"])
def test_ghs_names_are_neutralised(cli, tmp_path, name, monkeypatch):
    """A GHS file's party and character names with escapes, a 1,114-character name, player names
    with control characters, path-like names: refused, or shown escaped and cut; nothing written
    outside the campaign's folder (a name is never a path)."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    db = tmp_path / "camp" / "c.db"
    before = tree(tmp_path)
    r = cli("--db", db, "import", CORPUS / name)
    clean_text(r)
    if r.exit_code != 0:
        one_line_error(r, r.exit_code)
        assert not db.exists()
    else:
        for args in (["status"], ["character", "list"], ["history"], ["party", "list"]):
            out = clean_text(run_ok(cli, "--db", db, *args))
            assert "C" * 60 not in out.replace("\n", "")
    appeared = set(tree(tmp_path)) - set(before)
    assert {p for p in appeared if not p.startswith(("camp", "config", "home"))} == set(), appeared
    assert not Path("/tmp/ghcli-hostile-outside").exists()


def test_escapes_in_a_ghcli_export_are_refused_or_neutralised(cli, campaign, tmp_path):
    doc = _export(cli)
    _set_cell(doc, "characters", 0, "name", ESCAPES["osc"] + ESCAPES["csi"] + "Ann" + "x" * 1100)
    _set_cell(doc, "campaign", 0, "name", ESCAPES["c1"])
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc))
    db = tmp_path / "imported.db"
    r = cli("--db", db, "import", path)
    clean_text(r)
    if r.exit_code != 0:
        one_line_error(r, r.exit_code)
        assert not db.exists()
        return
    for args in (["status"], ["character", "list"], ["history"], ["undo"], ["history"]):
        clean_text(cli("--db", db, *args))


# -- boards: figure ids with escapes, pictures, labels ----------------------------------------


def test_escapes_through_a_boards_figure_id(cli, tmp_path):
    board = CORPUS / "board-escape-ids.json"
    r = run_ok(cli, "rules", "focus", board)
    out = clean_text(r)
    assert "a: focus \\x1b]0;pwned\\x07c1" in out
    for args in (["rules", "board", "show", board], ["rules", "board", "convert", board, "--to", "text"],
                 ["rules", "los", board, "--from", "0,0"]):
        clean_text(run_ok(cli, *args))
    answer = json.loads(run_ok(cli, "rules", "focus", board, "--json").stdout)
    assert answer["focus"] == ["\x1b]0;pwned\x07c1"]
    # converted to the text format and back, on standard output: nothing raw, the id exact
    text = tmp_path / "b.txt"
    text.write_text(clean_text(run_ok(cli, "rules", "board", "convert", board, "--to", "text")))
    back = json.loads(clean_text(run_ok(cli, "rules", "board", "convert", text, "--to", "json")))
    assert [f["id"] for f in back["figures"]] == ["a", "\x1b]0;pwned\x07c1"]


@pytest.mark.parametrize("name", ["board-escape-ids.json", "board-control-character-id.json",
                                  "board-surrogate-id.json", "board-id-only-an-escape.json"])
def test_pictures_are_well_formed_xml(cli, tmp_path, name):
    svg = tmp_path / "b.svg"
    r = cli("rules", "focus", CORPUS / name, "--svg", svg)
    clean_text(r)
    assert r.exit_code == 0, r.output
    ET.parse(svg)  # raises on a character XML refuses
    text = svg.read_text(encoding="utf-8")
    assert "\x1b" not in text and "\x01" not in text


def test_two_figures_with_one_label_are_refused(cli):
    err = one_line_error(cli("rules", "focus", CORPUS / "board-duplicate-labels.json"))
    assert "'c1' and 'c2' have one label, 'c'" in err
    text = "board: gloomhaven\nactive: a\nmap: 0,0\n a       c\nfigures:\na monster\nc = c1 character 10\n" \
           "c = c2 character 20\n"
    from ghcli.boards import textboard
    from ghcli.errors import BadInput

    with pytest.raises(BadInput, match="used twice"):
        textboard.load(text)


def test_a_fifo_board_nobody_writes_does_not_hang(cli, tmp_path):
    fifo = tmp_path / "board"
    os.mkfifo(fifo)
    t = time.perf_counter()
    err = one_line_error(cli("rules", "board", "show", fifo))
    assert time.perf_counter() - t < 5 and "empty" in err


# -- numbers -------------------------------------------------------------------------------------


BIG = "9" * 4301


@pytest.mark.parametrize("args", [
    ["character", "adjust", "Ann", "--gold", "+" + BIG], ["character", "adjust", "Ann", "--xp", BIG],
    ["campaign", "prosperity", "+" + BIG], ["party", "reputation", "-" + BIG], ["history", "--limit", BIG],
    ["scenario", "finish", BIG, "--won"], ["buy", "Ann", BIG], ["character", "new", "Cy", "--class", "brute",
                                                                 "--quest", BIG],
    ["scenario", "finish", "1", "--won", "--coins", f"Ann={BIG}"], ["enhance", "cost", "--ability", "move",
                                                                     "--level", BIG],
])
def test_a_4301_digit_argument_is_one_line(cli, campaign, args):
    before = snapshot(campaign)
    r = cli(*args)
    assert r.exit_code == 2, (args, r.output)
    err = one_line_error(r)
    assert len(err) < 300, err
    assert snapshot(campaign) == before


def test_a_4301_digit_number_in_an_import_is_one_line(cli, campaign, tmp_path):
    doc = _export(cli)
    _set_cell(doc, "characters", 0, "gold", "__BIG__")
    path = tmp_path / "big.json"
    path.write_text(json.dumps(doc).replace('"__BIG__"', BIG))
    for file in (path, CORPUS / "ghs-4301-digit-xp.json"):
        db = tmp_path / f"{file.stem}.db"
        err = one_line_error(cli("--db", db, "import", file))
        assert "more than 4,300 digits" in err and not db.exists()


@pytest.mark.parametrize("name", ["ghs-nan-and-infinity.json", "ghs-huge-numbers.json"])
def test_nan_and_huge_numbers_in_a_ghs_file(cli, tmp_path, name):
    """Refused with a line naming the problem, or brought in bounded (the GHS bridge bounds them);
    never a traceback, never NaN in the campaign."""
    db = tmp_path / "g.db"
    r = cli("--db", db, "import", CORPUS / name)
    clean_text(r)
    if r.exit_code:
        one_line_error(r, r.exit_code)
        assert not db.exists()
    else:
        con = sqlite3.connect(db)
        odd = con.execute("SELECT count(*) FROM characters WHERE typeof(xp) != 'integer' "
                          "OR typeof(gold) != 'integer' OR abs(xp) > 1000000 OR abs(gold) > 1000000").fetchone()[0]
        assert odd == 0


# -- files that are not files ------------------------------------------------------------------


def _specials(tmp_path: Path) -> dict[str, Path]:
    out = {"fifo": tmp_path / "fifo"}
    os.mkfifo(out["fifo"])
    sock = tmp_path / "sock"
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(sock))
    s.close()  # the socket file stays
    out["socket"] = sock
    if os.geteuid() == 0:
        dev = tmp_path / "null"
        os.mknod(dev, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        out["device"] = dev
    return out


@pytest.mark.parametrize("args", [["init"], ["status"], ["character", "new", "A", "--class", "brute"],
                                  ["import", "EXPORT"], ["arkham", "init", "--name", "X"], ["backup"]])
def test_db_naming_something_that_is_not_a_file_is_refused(cli, tmp_path, args, campaign):
    export = tmp_path / "e.json"
    export.write_text(run_ok(cli, "export").stdout)
    args = [str(export) if a == "EXPORT" else a for a in args]
    (tmp_path / "specials").mkdir()
    for kind, path in _specials(tmp_path / "specials").items():
        mode = path.lstat().st_mode
        err = one_line_error(cli("--db", path, *args))
        assert "not a campaign file" in err or "not a regular file" in err, (kind, err)
        assert path.lstat().st_mode == mode and stat.S_IFMT(mode) != stat.S_IFREG, f"{kind} was replaced"


def test_dev_null_is_never_replaced(cli, campaign, tmp_path):
    export = tmp_path / "e.json"
    export.write_text(run_ok(cli, "export").stdout)
    before = os.stat("/dev/null")
    for args in (["init"], ["status"], ["import", str(export)]):
        err = one_line_error(cli("--db", "/dev/null", *args), 2)
        assert "/dev/null is a device" in err
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


@pytest.mark.parametrize("what", ["/dev/zero", "fifo", "socket", "folder"])
def test_import_refuses_what_is_not_a_regular_file_without_hanging(cli, tmp_path, what):
    specials = _specials(tmp_path)
    specials["folder"] = tmp_path
    path = specials.get(what, Path(what))
    t = time.perf_counter()
    err = one_line_error(cli("--db", tmp_path / "c.db", "import", path))
    assert time.perf_counter() - t < 5
    assert "not a campaign file" in err or "No such device" in err, err
    assert not (tmp_path / "c.db").exists()


def test_export_to_a_fifo_nobody_reads_is_refused_at_once(cli, campaign, tmp_path):
    """Opening a FIFO for writing waits for a reader: ghcli refuses one with none (the fuzzer's hang)."""
    import threading

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    done = threading.Event()

    def unblock() -> None:  # should ghcli wait after all, a reader comes after 10 s: the test fails, not hangs
        if not done.wait(10):
            os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # left open: what ghcli writes fits the pipe's buffer

    threading.Thread(target=unblock, daemon=True).start()
    t = time.perf_counter()
    for extra in ((), ("--force",)):
        err = one_line_error(cli("export", "-o", fifo, *extra))
        assert err == f"error: cannot write {fifo}: it is a FIFO that no process is reading (start its reader " \
                      "first, or write to standard output with -o -)"
    done.set()
    assert time.perf_counter() - t < 5
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_export_to_a_pipe_with_its_reader_writes_the_document(cli, campaign, tmp_path):
    """A FIFO being read, and a pipe named /dev/fd/N (what the shell's ``>(gzip > x)`` gives), get the
    document without --force: neither is a file to overwrite, and neither is replaced."""
    want = run_ok(cli, "export").stdout.encode()
    assert len(want) < 65536  # a pipe's buffer holds it all: read once ghcli has written and closed it
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # open before ghcli opens it
    try:
        run_ok(cli, "export", "-o", fifo)
        assert os.read(reader, 1 << 17) == want
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    r, w = os.pipe()
    try:
        run_ok(cli, "export", "-o", f"/dev/fd/{w}")
        os.close(w)
        assert os.read(r, 1 << 17) == want
    finally:
        os.close(r)


def test_export_to_dev_stdout_is_the_document_alone(campaign, tmp_path):
    """``-o /dev/stdout`` is standard output: the document alone, read by a pipe or kept in the file the
    shell redirected it to (not replaced, not refused as existing), the report on standard error as for
    ``-o -`` (the "Exported ..." line was mixed into the document)."""
    def export(*args: str, **streams) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "ghcli", "--db", str(campaign), "export", *args],
                              timeout=120, env=dict(os.environ, COLUMNS="200"), **streams)

    def timeless(text: str) -> dict:
        return {k: v for k, v in json.loads(text).items() if k != "exported"}

    want = timeless(export(capture_output=True, text=True).stdout)
    r = export("-o", "/dev/stdout", capture_output=True, text=True)
    assert r.returncode == 0 and timeless(r.stdout) == want and r.stderr == "", r.stderr
    r = export("--format", "ghs", "-o", "/dev/fd/1", capture_output=True, text=True)
    assert r.returncode == 0 and json.loads(r.stdout)["edition"] == "gh"
    assert "not carried to GHS" in r.stderr and "Exported" not in r.stdout + r.stderr
    kept = tmp_path / "redirected.json"
    kept.write_text("old")
    with open(kept, "w") as f:  # the shell's > FILE: the file is standard output, truncated, not replaced
        inode = os.fstat(f.fileno()).st_ino
        r = export("-o", "/dev/stdout", stdout=f, stderr=subprocess.PIPE, text=True)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert timeless(kept.read_text()) == want and kept.stat().st_ino == inode


def test_a_picture_to_dev_stdout_is_the_picture_alone():
    """``rules board show --svg /dev/stdout`` is ``--svg -``: the SVG alone (the summary was printed after it)."""
    board = str(Path(__file__).resolve().parent.parent / "docs" / "board-example.txt")
    r = subprocess.run([sys.executable, "-m", "ghcli", "rules", "board", "show", board, "--svg", "/dev/stdout"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and ET.fromstring(r.stdout).tag.endswith("svg"), r.stderr


def test_import_reads_at_most_the_limit(cli, tmp_path, monkeypatch):
    from ghcli.campaign.exchange import files

    monkeypatch.setattr(files, "MAX_BYTES", 1000)
    big = tmp_path / "big.json"
    big.write_text('{"format": "ghcli-campaign", "pad": "' + "x" * 5000 + '"}')
    err = one_line_error(cli("--db", tmp_path / "c.db", "import", big))
    assert "larger than" in err
    err = one_line_error(cli("--db", tmp_path / "c.db", "import", "-", input="x" * 5000))
    assert "standard input is larger than" in err


LONG = "a" * 300


@pytest.mark.parametrize("args", [["--db", LONG, "status"], ["--db", LONG, "init"], ["--db", f"{LONG}/x", "status"],
                                  ["backup", LONG], ["backup", f"/tmp/{LONG}/x"], ["rules", "edit", LONG],
                                  ["export", "-o", LONG], ["import", LONG], ["arkham", "--db", LONG, "status"],
                                  ["rules", "focus", "BOARD", "--svg", LONG]])
def test_a_file_name_too_long_is_one_line(cli, campaign, args, tmp_path):
    args = [str(CORPUS / "board-escape-ids.json") if a == "BOARD" else a for a in args]
    before = snapshot(campaign)
    err = one_line_error(cli(*args), 2)
    assert "too long" in err.lower(), err
    assert snapshot(campaign) == before


# -- a full disk, a damaged schema, an immutable file ----------------------------------------


def test_full_disk_without_shm_says_so(tmp_path, monkeypatch):
    """SQLite answers "disk I/O error" when it cannot make the -shm on a full disk."""
    from ghcli.journal import store as storemod

    monkeypatch.setattr(storemod, "_folder_full", lambda path: True)
    err = storemod.explain(sqlite3.OperationalError("disk I/O error"), tmp_path / "c.db")
    assert isinstance(err, storemod.StorageError) and str(err).startswith("the disk is full: ")


def test_export_on_a_full_disk_leaves_no_partial_file(cli, campaign, tmp_path, monkeypatch):
    out = tmp_path / "e.json"
    out.write_text("the old export\n")
    real = Path.write_text

    def half(self, text, *a, **k):
        real(self, text[:100], *a, **k)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", half)
    err = one_line_error(cli("export", "-o", out, "--force"), 1)
    assert err.startswith("error: the disk is full: ") and str(out) in err
    monkeypatch.undo()
    assert out.read_text() == "the old export\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_backup_on_a_full_disk_blames_the_backup(cli, campaign, tmp_path, monkeypatch):
    from ghcli.campaign.kind import Store

    def full(self, dest, pages=256):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(Store, "copy_to", full)
    err = one_line_error(cli("backup", tmp_path / "b.db"), 1)
    assert err == (f"error: the disk is full: the backup {tmp_path / 'b.db'} could not be written "
                   "(the campaign is as it was)")
    assert not (tmp_path / "b.db").exists() and not [p for p in tmp_path.iterdir() if "ghcli-backup" in p.name]


def test_on_a_real_full_disk(tmp_path):
    """A 1 MiB tmpfs filled up (root only): reads without a -shm, export -o, backup say the disk is full."""
    if os.geteuid() != 0:
        pytest.skip("mounting a file system needs root")
    mnt = tmp_path / "full"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)], capture_output=True).returncode:
        pytest.skip("cannot mount a tmpfs here")
    env = dict(os.environ, GHCLI_DB=str(mnt / "c.db"))

    def ghcli(*args):
        return subprocess.run([sys.executable, "-m", "ghcli", *args], capture_output=True, text=True, env=env,
                              timeout=120)
    try:
        assert ghcli("init").returncode == 0
        (mnt / "e.json").write_text("old\n")
        fd = os.open(mnt / "fill", os.O_WRONLY | os.O_CREAT)
        try:  # fill the disk
            while os.write(fd, b"\0" * 4096):
                pass
        except OSError:
            pass
        finally:
            os.close(fd)
        r = ghcli("status")
        assert r.returncode == 1 and r.stderr.startswith("error: the disk is full: "), r.stderr
        r = ghcli("backup", str(mnt / "b.db"))
        assert r.returncode == 1 and "the disk is full" in r.stderr, r.stderr
        os.truncate(mnt / "fill", os.path.getsize(mnt / "fill") - 64 * 1024)
        reader = sqlite3.connect(mnt / "c.db")  # keeps a -shm there: reading needs no room, writing does
        reader.execute("SELECT count(*) FROM journal").fetchone()
        try:
            with open(mnt / "fill", "ab") as f:
                try:
                    while True:
                        f.write(b"\0" * 4096)
                        f.flush()
                except OSError:
                    pass
        except OSError:
            pass
        r = ghcli("export", "-o", str(mnt / "e.json"), "--force")
        reader.close()
        assert r.returncode == 1 and "the disk is full" in r.stderr, r.stderr
        assert (mnt / "e.json").read_text() == "old\n"
        assert not [p.name for p in mnt.iterdir() if p.name.startswith(".")]
    finally:
        subprocess.run(["umount", str(mnt)], capture_output=True)


def test_damage_in_sqlite_master_gets_a_true_message(cli, campaign):
    con = sqlite3.connect(campaign)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    data = bytearray(campaign.read_bytes())
    at = data.find(b"CREATE TABLE characters")
    while at >= 0:  # every copy (a migration's ALTER TABLE leaves the old text in a free page)
        data[at + 7] = 0xFF  # the schema's text is no longer UTF-8
        at = data.find(b"CREATE TABLE characters", at + 1)
    campaign.write_bytes(bytes(data))
    for args in (["status"], ["character", "new", "Cy", "--class", "brute"]):
        err = one_line_error(cli(*args), 1)
        assert "is damaged" in err and "UTF-8" in err and "an argument" not in err, err


def test_reading_a_campaign_nobody_can_write_leaves_no_wal(cli, campaign, monkeypatch):
    """A file ghcli cannot write (immutable, another user's): reads make no -wal or -shm beside it."""
    from ghcli.campaign.kind import Store

    for suffix in ("-wal", "-shm"):
        Path(f"{campaign}{suffix}").unlink(missing_ok=True)
    monkeypatch.setattr(Store, "_cannot_write", staticmethod(lambda path: True))
    for args in (["status"], ["export"], ["history"], ["character", "list"]):
        run_ok(cli, *args)
    one_line_error(cli("character", "new", "Cy", "--class", "brute"), 1)
    assert sorted(p.name for p in campaign.parent.iterdir() if p.name.startswith("campaign")) == ["campaign.db"]


def test_reading_an_immutable_campaign(cli, campaign):
    """chattr +i (root, a file system that has the flag): status, export read it and leave nothing beside."""
    if os.geteuid() != 0 or subprocess.run(["chattr", "+i", str(campaign)], capture_output=True).returncode:
        pytest.skip("chattr +i needs root and a file system with the flag")
    try:
        for suffix in ("-wal", "-shm"):
            Path(f"{campaign}{suffix}").unlink(missing_ok=True)
        for args in (["status"], ["export"], ["export", "--format", "ghs"]):
            run_ok(cli, *args)
        assert sorted(p.name for p in campaign.parent.iterdir() if p.name.startswith("campaign")) == ["campaign.db"]
    finally:
        subprocess.run(["chattr", "-i", str(campaign)], capture_output=True)


# -- kill -9: no temporary file outlives the next run --------------------------------------------


def _killed_in_working_folder(target: Path, what: str) -> None:
    """A process that made its working folder beside ``target`` and was killed (kill -9) in it."""
    code = ("import os, signal, sys\nfrom ghcli.campaign import beside\n"
            f"with beside.working_folder({str(target)!r}, {what!r}) as f:\n"
            "    (f / 'half.db').write_bytes(b'half'); os.kill(os.getpid(), signal.SIGKILL)\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60)
    assert r.returncode == -signal.SIGKILL, r.stderr


def _hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def test_a_killed_import_leaves_nothing_after_the_next(cli, campaign, tmp_path):
    export = tmp_path / "e.json"
    export.write_text(run_ok(cli, "export").stdout)
    target = tmp_path / "new" / "c.db"
    target.parent.mkdir()
    _killed_in_working_folder(target, "import")
    assert len(_hidden(target.parent)) == 1
    run_ok(cli, "--db", target, "import", export)
    assert _hidden(target.parent) == []
    _killed_in_working_folder(target, "import")
    one_line_error(cli("--db", target, "import", export), 1)  # refused (a campaign is there): still swept
    assert _hidden(target.parent) == []


def test_a_killed_backup_leaves_nothing_after_the_next(cli, campaign, tmp_path):
    _killed_in_working_folder(tmp_path / "b1.db", "backup")
    assert len([n for n in _hidden(tmp_path) if "ghcli-backup" in n]) == 1
    run_ok(cli, "backup", tmp_path / "b3.db")
    assert [n for n in _hidden(tmp_path) if "ghcli-backup" in n] == []
    _killed_in_working_folder(tmp_path / "b1.db", "backup")
    one_line_error(cli("backup", tmp_path / "b3.db"), 1)  # refused (b3.db exists): still swept
    assert [n for n in _hidden(tmp_path) if "ghcli-backup" in n] == []


def test_a_running_commands_folder_is_left_alone(tmp_path):
    """The sweep takes only folders whose lock it can take: one held by a live command stays."""
    from ghcli.campaign import beside

    code = ("import sys, time\nfrom ghcli.campaign import beside\n"
            f"with beside.working_folder({str(tmp_path / 'c.db')!r}, 'import'):\n"
            "    print('in', flush=True); time.sleep(30)\n")
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "in"
        assert beside.sweep(tmp_path, "import") == [] and len(_hidden(tmp_path)) == 1
    finally:
        p.kill()
        p.wait()
    assert len(beside.sweep(tmp_path, "import")) == 1 and _hidden(tmp_path) == []


def test_import_killed_at_random_moments(tmp_path, cli, campaign, warm):
    """The real thing, a few times: kill -9 during `import`, then `import` again: nothing hidden is left.
    (The `import` killed is the installed script; the one after it is the warm ghcli's process.)"""
    export = tmp_path / "e.json"
    export.write_text(run_ok(cli, "export").stdout)
    folder = tmp_path / "k"
    folder.mkdir()
    env = dict(os.environ, GHCLI_DB=str(folder / "c.db"))
    for i in range(6):
        for p in folder.iterdir():
            p.unlink()
        p = subprocess.Popen([sys.executable, "-m", "ghcli", "import", str(export)], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.1 + 0.06 * i)
        p.kill()
        p.wait()
        r = subprocess.run([str(warm / "ghcli"), "import", str(export)], env=env, capture_output=True, text=True,
                           timeout=120)
        assert r.returncode in (0, 1), r.stderr
        assert _hidden(folder) == [], (i, _hidden(folder))
