"""Issue 8: the walkthrough of `ghcli arkham` (docs/arkham.md) runs as written.

Every ``ghcli ...`` line of the ```sh blocks in the arkham section is
run in-process against a temporary ``--db``; a trailing ``# exit N`` comment
says the line must fail with that exit code (and change nothing).
"""

from __future__ import annotations

import json
import sqlite3

from helpers import arkham_walkthrough


def test_readme_walkthrough_runs(cli, tmp_path):
    steps = arkham_walkthrough()
    assert len(steps) >= 15
    used = {args[1] for args, _ in steps if args[0] == "arkham"}
    assert {"init", "investigator", "deck", "scenario", "xp", "buy", "upgrade", "defeat", "trauma", "log",
            "status", "weaknesses", "undo"} <= used
    db = tmp_path / "walk.db"
    outputs = []
    for args, code in steps:
        before = list(sqlite3.connect(db).iterdump()) if db.exists() else None
        r = cli("--db", db, *args)
        assert r.exit_code == code, (args, r.output)
        if code:
            assert r.stderr.startswith("error: ")
            assert list(sqlite3.connect(db).iterdump()) == before
        outputs.append((args, r.stdout))
    # what the walkthrough shows, worked out by hand: Roland earns 2 + 2 = 4,
    # pays 1 (a level 0 card) and 2 (upgrade 0 -> 2), leaving 1
    buy_out = next(out for args, out in outputs if args[1] == "buy")
    assert "level 0: at least 1 XP = 1" in buy_out and "unspent XP: 4 - 1 = 3" in buy_out
    up_out = next(out for args, out in outputs if args[1] == "upgrade")
    assert "level 2 - level 0 = 2" in up_out and "unspent XP: 3 - 2 = 1" in up_out
    assert json.loads(next(out for args, out in outputs if args[1] == "weaknesses")) == {"weaknesses": 2}
    status = json.loads(cli("--db", db, "arkham", "status", "--json").stdout)
    roland = next(i for i in status["investigators"] if i["name"] == "Roland Banks")
    daisy = next(i for i in status["investigators"] if i["name"] == "Daisy Walker")
    assert roland["xp"] == {"earned": 4, "spent": 3, "unspent": 1}
    assert (roland["starting_damage"], roland["starting_horror"]) == (1, 0)
    assert daisy["xp"]["unspent"] == 5 and daisy["mental_trauma"] == 1
    # the last line undid crossing out entry 1
    log = json.loads(cli("--db", db, "arkham", "log", "--json").stdout)
    assert [(e["text"], e["crossed"]) for e in log] == [
        ("The Ghoul Priest is still alive", False), ("Cultists interrogated", False)]
