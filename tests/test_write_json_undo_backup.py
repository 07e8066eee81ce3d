"""Issue 14: every change prints what it did as JSON; `undo --to ENTRY`; `backup [FILE]`."""

from __future__ import annotations

import json
import sqlite3
import threading

from helpers import run_ok, state_dump

WRITES = [
    ["character", "new", "Hilda", "--class", "brute", "--quest", "512"],
    ["character", "new", "Rook", "--class", "tinkerer", "--quest", "514"],
    ["character", "adjust", "Hilda", "--gold", "+20"],
    ["campaign", "prosperity", "+1"],
    ["campaign", "achievement", "add", "city-rule-economic"],
    ["campaign", "achievement", "remove", "city-rule-economic"],
    ["campaign", "unlock-class", "Sunkeeper"],
    ["campaign", "unlock-scenario", "3"],
    ["party", "reputation", "+2"],
    ["party", "achievement", "add", "first-steps"],
    ["party", "achievement", "remove", "first-steps"],
    ["buy", "Hilda", "Boots of Striding"],
    ["sell", "Hilda", "Boots of Striding"],
    ["donate", "Rook"],
    ["party", "new", "Second"],
    ["party", "switch", "Party"],
    ["travel", "1"],
]


def test_every_change_prints_its_history_entry_and_values_as_json(cli):
    r = json.loads(run_ok(cli, "init", "--seed", "2", "--json").stdout)
    assert r["entry"]["command"] == "init" and r["scenarios"] == [1]
    for args in WRITES:
        out = json.loads(run_ok(cli, *args, "--json").stdout)
        entry = out["entry"]
        last = json.loads(run_ok(cli, "history", "--json", "-n", "1").stdout)[0]
        assert entry == last, args                      # the entry just written, whole
        assert len(out) > 1, args                       # and the changed values beside it
    rep = json.loads(run_ok(cli, "party", "reputation", "-1", "--json").stdout)
    assert rep["reputation"] == 1 and rep["entry"]["args"] == {"delta": -1}
    assert rep["entry"]["summary"] == "Party: reputation +2 -> +1"


def test_reads_print_no_entry(cli):
    run_ok(cli, "init")
    assert "entry" not in json.loads(run_ok(cli, "status", "--json").stdout)


def test_undo_to_shows_what_it_undoes_and_asks(cli, db_file):
    run_ok(cli, "init", "--seed", "2")
    run_ok(cli, "character", "new", "Hilda", "--class", "brute", "--quest", "512")
    before = state_dump(db_file)
    for delta in ("+1", "+2", "+3"):
        run_ok(cli, "party", "reputation", delta)
    r = cli("undo", "--to", "2", input="n\n")
    assert r.exit_code == 1 and "nothing undone" in r.stderr
    assert "This undoes 3 entries, newest first:" in r.stdout and "#5 party reputation" in r.stdout
    r = cli("undo", "--to", "2", input="y\n")
    assert r.exit_code == 0 and "Undid #3 party reputation" in r.stdout
    assert state_dump(db_file) == before
    r = cli("undo", "--to", "2", "--yes")
    assert r.exit_code == 1 and r.stderr.strip() == "error: nothing to undo after entry 2"
    run_ok(cli, "party", "reputation", "+1")
    entry_id = json.loads(run_ok(cli, "history", "--json").stdout)[1]["id"]  # the last undo of the three
    out = json.loads(run_ok(cli, "undo", "--to", entry_id[:8], "--yes", "--json").stdout)
    assert [e["command"] for e in out["undone"]] == ["party reputation"]
    assert state_dump(db_file) == before
    r = cli("undo", "--to", "99", "--yes")
    assert r.exit_code == 2 and "no history entry '99'" in r.stderr


def test_backup_is_a_consistent_copy_while_others_write(cli, db_file, tmp_path):
    run_ok(cli, "init", "--seed", "2")
    run_ok(cli, "character", "new", "Hilda", "--class", "brute", "--quest", "512")
    stop = threading.Event()

    def writer():
        con = sqlite3.connect(db_file, timeout=10)
        while not stop.is_set():
            con.execute("UPDATE characters SET gold = gold + 1")
            con.commit()
        con.close()

    t = threading.Thread(target=writer)
    t.start()
    try:
        out = json.loads(run_ok(cli, "backup", str(tmp_path / "copy.db"), "--json").stdout)
    finally:
        stop.set()
        t.join()
    assert out["path"] == str(tmp_path / "copy.db") and out["entries"] == 2
    con = sqlite3.connect(tmp_path / "copy.db")
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert con.execute("SELECT name FROM characters").fetchall() == [("Hilda",)]
    con.close()
    r = cli("backup", str(tmp_path / "copy.db"))
    assert r.exit_code == 1 and "exists already" in r.stderr
    r = run_ok(cli, "backup")
    assert "Backed up 2 history entries to " in r.stdout and "campaign-backup-" in r.stdout
