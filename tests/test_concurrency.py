"""Two shells at once: concurrent ghcli processes on one database neither
corrupt it nor lose a change (WAL and a busy timeout; BEGIN IMMEDIATE)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import threading

from helpers import run_ok

ROUNDS = 6


def ghcli(warm, db, *args) -> subprocess.CompletedProcess:
    """``ghcli`` as a process of its own: the warm ghcli's (tests/warm_ghcli.py; forked at once, so the two
    shells' commands overlap the more)."""
    return subprocess.run([str(warm / "ghcli"), "--db", str(db), *args], capture_output=True, text=True,
                          timeout=120)


def test_two_shells_adjusting_at_once(cli, db_file, warm):
    run_ok(cli, "init", "--seed", "3")
    run_ok(cli, "character", "new", "Hilda", "--class", "brute")
    run_ok(cli, "character", "new", "Quill", "--class", "spellweaver")
    failures: list[str] = []

    def shell(name: str) -> None:
        for _ in range(ROUNDS):
            r = ghcli(warm, db_file, "character", "adjust", name, "--gold", "+1", "--xp", "+2")
            if r.returncode != 0:
                failures.append(r.stderr)

    threads = [threading.Thread(target=shell, args=(n,)) for n in ("Hilda", "Quill")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    chars = {c["name"]: c for c in json.loads(run_ok(cli, "character", "list", "--json").stdout)}
    assert chars["Hilda"]["gold"] == 30 + ROUNDS and chars["Quill"]["xp"] == 2 * ROUNDS
    conn = sqlite3.connect(db_file)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # init + two characters + one entry per adjustment
    assert conn.execute("SELECT count(*) FROM journal").fetchone()[0] == 3 + 2 * ROUNDS
    conn.close()
