"""Issue 14, the database file: atomic init, read-only campaigns, a damaged file, a full disk, a stranded party."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import run_ok, snapshot

from ghcli.campaign.kind import Store
from ghcli.journal import store as storemod
from ghcli.errors import GhcliError


def _beside(path: Path) -> list[str]:
    """Every file in the campaign's folder but the campaign itself."""
    return sorted(p.name for p in path.parent.iterdir() if p.name != path.name)


def test_init_leaves_only_the_campaign(cli, db_file):
    run_ok(cli, "init")
    assert (_beside(db_file) == ["config", "home"]
            or not [n for n in _beside(db_file) if n.startswith((".", "campaign"))])
    assert oct(db_file.stat().st_mode & 0o077) != "0o0", "the campaign file keeps the usual permissions"


def test_refused_init_leaves_nothing(cli, db_file):
    run_ok(cli, "init")
    before = snapshot(db_file)
    for suffix in ("-wal", "-shm"):
        Path(f"{db_file}{suffix}").unlink(missing_ok=True)
    r = cli("init")
    assert r.exit_code == 1 and "already exists" in r.stderr
    assert not [n for n in _beside(db_file) if n.startswith((".campaign.db", "campaign.db-"))]
    assert snapshot(db_file) == before


def test_failed_init_leaves_no_file(cli, db_file, monkeypatch):
    from ghcli.campaign import effects

    def boom(*_a, **_k):
        raise sqlite3.OperationalError("database or disk is full")

    with monkeypatch.context() as m:
        m.setattr(effects, "unlock_scenario", boom)
        r = cli("init")
    assert r.exit_code == 1 and r.stderr.startswith("error: the disk is full:"), r.stderr
    assert not db_file.exists()
    assert not [n for n in _beside(db_file) if n.startswith((".campaign.db", "campaign.db-"))]
    run_ok(cli, "init")


def test_init_killed_part_way_never_sticks(tmp_path, warm):
    """kill -9 at any moment of `init`: afterwards `status` or `init` works, nothing deleted by hand.
    (The `init` killed is the installed script; the commands after it, processes of their own too, are
    the warm ghcli's: tests/warm_ghcli.py.)"""
    after = [str(warm / "ghcli")]
    for i in range(12):
        path = tmp_path / f"k{i}.db"
        env = dict(os.environ, GHCLI_DB=str(path))
        p = subprocess.Popen([sys.executable, "-m", "ghcli", "init"], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        time.sleep(0.02 * i)
        p.send_signal(signal.SIGKILL)
        p.wait()
        status = subprocess.run([*after, "status"], env=env, capture_output=True, timeout=120)
        if status.returncode != 0:
            assert not path.exists(), "a file that status refuses"
            assert subprocess.run([*after, "init"], env=env, capture_output=True, timeout=120).returncode == 0


@pytest.fixture
def read_only(monkeypatch):
    """ghcli sees the campaign file as one it cannot write (as on a read-only file system)."""
    monkeypatch.setattr(storemod.Store, "_cannot_write", staticmethod(lambda path: True))


READS = [("status", "--json"), ("history", "--json"), ("character", "show", "Ann", "--json"), ("shop", "--json"),
         ("scenario", "list", "--json")]
WRITES = [("character", "adjust", "Ann", "--gold", "+5"), ("undo",), ("travel", "1"), ("party", "new", "B")]


def _campaign(cli):
    run_ok(cli, "init")
    run_ok(cli, "character", "new", "Ann", "--class", "brute")


@pytest.mark.parametrize("args", READS)
def test_read_only_campaign_reads(cli, db_file, args, monkeypatch):
    _campaign(cli)
    expected = run_ok(cli, *args).stdout
    with monkeypatch.context() as m:
        m.setattr(storemod.Store, "_cannot_write", staticmethod(lambda path: True))
        assert run_ok(cli, *args).stdout == expected


@pytest.mark.parametrize("args", WRITES)
def test_read_only_campaign_refuses_changes(cli, db_file, args, monkeypatch):
    _campaign(cli)
    before = snapshot(db_file)
    with monkeypatch.context() as m:
        m.setattr(storemod.Store, "_cannot_write", staticmethod(lambda path: True))
        r = cli(*args)
    assert r.exit_code == 1 and r.stderr == (f"error: the campaign file is read-only ({db_file}): "
                                             "it can be read, not changed\n"), r.stderr
    assert snapshot(db_file) == before


def test_read_only_file_system(tmp_path, cli, db_file):
    """A real read-only mount (needs root to mount a tmpfs; skipped elsewhere)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a file system needs root")
    _campaign(cli)
    snapshot(db_file)  # the WAL folded in, as after any ghcli run
    mnt = tmp_path / "ro"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mnt)], capture_output=True).returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        subprocess.run(["cp", str(db_file), str(mnt / "c.db")], check=True)
        subprocess.run(["mount", "-o", "remount,ro", str(mnt)], check=True)
        env = dict(os.environ, GHCLI_DB=str(mnt / "c.db"))
        ghcli = [sys.executable, "-m", "ghcli"]
        r = subprocess.run([*ghcli, "status", "--json"], capture_output=True, text=True, env=env, timeout=120)
        assert r.returncode == 0 and json.loads(r.stdout)["characters"][0]["name"] == "Ann", r.stderr
        r = subprocess.run([*ghcli, "character", "adjust", "Ann", "--gold", "+1"], capture_output=True, text=True,
                           env=env, timeout=120)
        assert r.returncode == 1 and "the campaign file is read-only" in r.stderr, r.stderr
    finally:
        subprocess.run(["umount", str(mnt)], capture_output=True)


def _damage(db_file: Path, table: str) -> None:
    """Overwrite the root page of ``table`` with zeros, as a failing disk might."""
    conn = sqlite3.connect(db_file)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", [table]).fetchone()[0]
    conn.close()
    with open(db_file, "r+b") as f:
        f.seek((root - 1) * page_size)
        f.write(b"\0" * page_size)


@pytest.mark.parametrize("args", WRITES[:2])
def test_damaged_database_refuses_writes(cli, db_file, args):
    _campaign(cli)
    run_ok(cli, "character", "adjust", "Ann", "--gold", "+1")
    _damage(db_file, "event_decks" if "event_decks" in _tables(db_file) else "supply")
    before = db_file.read_bytes()
    r = cli(*args)
    assert r.exit_code == 1 and "is damaged" in r.stderr and "PRAGMA integrity_check" in r.stderr, r.stderr
    assert "ghcli --db COPY export" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert db_file.read_bytes() == before


def _tables(db_file: Path) -> set[str]:
    conn = sqlite3.connect(db_file)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        conn.close()


def test_damaged_database_read_names_the_damage(cli, db_file):
    _campaign(cli)
    _damage(db_file, "characters")
    r = cli("status")
    assert r.exit_code == 1 and "is damaged (database disk image is malformed)" in r.stderr, r.stderr


def _real_error(tmp_path: Path, kind: str) -> sqlite3.Error:
    """A real SQLite error of each kind the database module names."""
    path = tmp_path / f"{kind}.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    try:
        if kind == "full":
            conn = sqlite3.connect(path)
            conn.execute("PRAGMA max_page_count = 2")
            conn.execute("INSERT INTO t VALUES (randomblob(100000))")
        elif kind == "read-only":
            conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            conn.execute("INSERT INTO t VALUES (1)")
        elif kind == "not a database":
            path.write_bytes(b"x" * 4096)
            sqlite3.connect(path).execute("SELECT * FROM t")
    except sqlite3.Error as e:
        return e
    raise AssertionError(f"no {kind} error")


@pytest.mark.parametrize("kind, message", [
    ("full", "the disk is full: {path} could not be written, nothing was changed"),
    ("read-only", "the campaign file is read-only ({path}): it can be read, not changed"),
    ("not a database", "{path} is not a ghcli database (file is not a database)"),
])
def test_sqlite_errors_get_true_messages(tmp_path, kind, message):
    err = storemod.explain(_real_error(tmp_path, kind), tmp_path / "c.db")
    assert isinstance(err, GhcliError) and str(err) == message.format(path=tmp_path / "c.db")


def test_io_error_message():
    err = storemod.explain(sqlite3.OperationalError("disk I/O error"))
    assert str(err) == "an I/O error on the campaign file (the disk or file system failed): nothing was changed"


def test_full_disk_during_a_change(cli, db_file, monkeypatch):
    """A write that runs out of room: the true message, and the campaign exactly as it was."""
    _campaign(cli)
    configure = storemod.Store._configure

    def tiny(conn):
        conn = configure(conn)
        conn.execute("PRAGMA max_page_count = 1")  # SQLite keeps it at the current size: no page more
        return conn

    with monkeypatch.context() as m:
        m.setattr(storemod.Store, "_configure", staticmethod(tiny))
        for i in range(200):  # fill the free room of the last pages until a write needs a new one
            before = snapshot(db_file)
            r = cli("party", "new", f"{i:03d}" + "x" * 37)
            if r.exit_code != 0:
                break
    assert r.exit_code == 1 and r.stderr.startswith("error: the disk is full:"), r.stderr
    assert snapshot(db_file) == before  # the failed command changed nothing: its transaction rolled back
    assert "Ann" in run_ok(cli, "party", "list").stdout


def test_party_without_characters_cannot_travel(cli, db_file):
    run_ok(cli, "init")
    before = snapshot(db_file)
    r = cli("travel", "1")
    assert r.exit_code == 1 and r.stderr == ("error: Party has no characters to travel with: make one in town "
                                             "first (`ghcli character new NAME --class CLASS`)\n")
    assert snapshot(db_file) == before


def test_init_on_a_full_disk(tmp_path):
    """A real full file system (a 64 KiB tmpfs; needs root to mount, skipped elsewhere)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a file system needs root")
    mnt = tmp_path / "full"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mnt)], capture_output=True).returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        r = subprocess.run([sys.executable, "-m", "ghcli", "init"], capture_output=True, text=True, timeout=120,
                           env=dict(os.environ, GHCLI_DB=str(mnt / "c.db")))
        assert r.returncode == 1 and r.stderr == (f"error: the disk is full: {mnt / 'c.db'} could not be written, "
                                                  "nothing was changed\n"), r.stderr
        assert list(mnt.iterdir()) == []
    finally:
        subprocess.run(["umount", str(mnt)], capture_output=True)


def test_leftovers_of_a_killed_init_are_swept(tmp_path):
    """The hidden file of an init that died is removed by a later init once it is old; a fresh one is left."""
    path = tmp_path / "c.db"
    old, fresh = tmp_path / ".c.db.abc123.new", tmp_path / ".c.db.def456.new"
    for f in (old, fresh, Path(f"{old}-wal")):
        f.write_bytes(b"half")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    os.utime(f"{old}-wal", (time.time() - 3600, time.time() - 3600))
    Store.create(path).close()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".c.db.def456.new", "c.db"]
