"""The "between sessions" walkthrough (docs/between-sessions.md) runs as written."""

from __future__ import annotations

import sqlite3
from helpers import between_walkthrough


def test_walkthrough_runs_as_written(cli, db_file):
    commands = between_walkthrough()
    assert len(commands) >= 20
    outputs = {}
    for args in commands:
        r = cli(*args)
        assert r.exit_code == 0, (args, r.output, r.stderr)
        outputs[" ".join(args[:2])] = r.stdout
    con = sqlite3.connect(db_file)
    con.row_factory = sqlite3.Row
    hilda = dict(con.execute("SELECT * FROM characters WHERE name = 'Hilda'").fetchone())
    rook = dict(con.execute("SELECT * FROM characters WHERE name = 'Rook'").fetchone())
    # What the walkthrough says happened.
    assert hilda["retired"] == 1 and hilda["level"] == 2 and hilda["gold"] == 0
    assert con.execute("SELECT prosperity FROM campaign").fetchone()[0] == 2      # scenario 2 + retirement
    assert con.execute("SELECT donations FROM campaign").fetchone()[0] == 10
    assert con.execute("SELECT reputation FROM parties").fetchone()[0] == 3
    assert con.execute("SELECT extra_perks FROM players WHERE name = 'ana'").fetchone()[0] == 1
    assert con.execute("SELECT 1 FROM unlocked_classes WHERE class = 'quartermaster'").fetchone()
    assert con.execute("SELECT copies FROM supply WHERE item = 7").fetchone()[0] == 2   # the helmet is back
    assert rook["gold"] == 30 - 5 + 2 * 2 - 10 + 10   # road event, 2 tokens at level 1, donation, reward
    assert con.execute("SELECT completed FROM scenarios WHERE number = 2").fetchone()[0] == 1
    # XP: scenario 1 at level 1 (bonus 6): Hilda 40 + 6, Rook 12 + 6; scenario 2: Hilda 6 + 6, Rook 6.
    assert (hilda["xp"], rook["xp"]) == (46 + 12, 18 + 6)
    assert "Town Records" in outputs["retire Hilda"]
    con.close()
