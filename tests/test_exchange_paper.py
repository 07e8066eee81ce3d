"""Issue 12 point 5: a paper campaign by hand. Each command is one change, undone exactly, refused where
the rules say no (the database untouched)."""

from __future__ import annotations

import json

import pytest

from exchange_helpers import dump
from helpers import set_sql, state_dump


@pytest.fixture
def camp(cli, db_file):
    assert cli("init", "--seed", "11").exit_code == 0
    assert cli("character", "new", "Ann", "--class", "brute", "--player", "Zoe", "--quest", "528").exit_code == 0
    return db_file


def _changes_once(cli, db, *args) -> dict:
    """Run a change: one new history entry, and undo (an entry of its own) gives back exactly the campaign before."""
    before = state_dump(db)
    history = len(json.loads(cli("history", "--json").stdout))
    r = cli(*args, "--json")
    assert r.exit_code == 0, r.output
    assert len(json.loads(cli("history", "--json").stdout)) == history + 1
    after = dump(db)
    assert cli("undo").exit_code == 0
    assert state_dump(db) == before
    # and again, to leave it done
    assert cli(*args).exit_code == 0
    return {"result": json.loads(r.stdout), "dump": after}


def _refused(cli, db, code, message, *args):
    before = dump(db)
    r = cli(*args)
    assert r.exit_code == code, r.output
    assert message in r.stderr, r.stderr
    assert dump(db) == before


def _status(cli):
    return json.loads(cli("status", "--json").stdout)


def _scenarios(db):
    import sqlite3

    con = sqlite3.connect(db)
    try:
        return {n: (u, c, b)
                for n, u, c, b in con.execute("SELECT number, unlocked, completed, blocked FROM scenarios")}
    finally:
        con.close()


def test_scenario_complete_applies_achievements_and_unlocks_not_rewards(cli, camp):
    ann = json.loads(cli("character", "show", "Ann", "--json").stdout)
    r = _changes_once(cli, camp, "scenario", "complete", "1")["result"]
    assert r["scenario"] == 1
    sc = _scenarios(camp)
    assert sc[1] == (1, 1, 0) and sc[2] == (1, 0, 0)
    assert [a["key"] for a in _status(cli)["achievements"]["party"]] == ["first-steps"]
    after = json.loads(cli("character", "show", "Ann", "--json").stdout)
    assert (after["xp"], after["gold"]) == (ann["xp"], ann["gold"])
    # scenario 2's rewards (10 gold each, prosperity +1) are not paid: the sheet holds them
    r = _changes_once(cli, camp, "scenario", "complete", "2")["result"]
    assert any("10 gold each" in n for n in r["notes"]) and any("prosperity +1" in n for n in r["notes"])
    assert _status(cli)["prosperity"]["checkmarks"] == 0
    assert _scenarios(camp)[3][0] == 1 and _scenarios(camp)[4][0] == 1


def test_scenario_complete_refusals(cli, camp):
    _refused(cli, camp, 1, "scenario 5 is not unlocked", "scenario", "complete", "5")
    assert cli("scenario", "complete", "1").exit_code == 0
    _refused(cli, camp, 1, "already completed", "scenario", "complete", "1")
    set_sql(camp, "INSERT INTO scenarios (number, unlocked, blocked) VALUES (9, 1, 1)")
    _refused(cli, camp, 1, "blocked", "scenario", "complete", "9")
    _refused(cli, camp, 2, "unknown scenario", "scenario", "complete", "Nowhere")


def test_scenario_complete_no_unlocks_and_choose(cli, camp):
    assert cli("scenario", "complete", "1", "--no-unlocks").exit_code == 0
    assert 2 not in _scenarios(camp)  # the table opened it by hand already (or will)
    assert [a["key"] for a in _status(cli)["achievements"]["party"]] == ["first-steps"]
    set_sql(camp, "INSERT INTO scenarios (number, unlocked) VALUES (13, 1)")
    _refused(cli, camp, 2, "--choose", "scenario", "complete", "13")
    from ghcli.campaign import catalog

    options = catalog.scenario(13)["unlocks"]
    assert cli("scenario", "complete", "13", "--choose", str(options[0])).exit_code == 0
    sc = _scenarios(camp)
    assert sc[options[0]][0] == 1 and options[1] not in sc


def test_character_give(cli, camp):
    copies = lambda: {i["number"]: i["copies"] for i in json.loads(cli("shop", "--json").stdout)["items"]}  # noqa: E731
    before = copies()[1]
    gold = json.loads(cli("character", "show", "Ann", "--json").stdout)["gold"]
    _changes_once(cli, camp, "character", "give", "Ann", "Boots of Striding")
    assert copies()[1] == before - 1
    ann = json.loads(cli("character", "show", "Ann", "--json").stdout)
    assert ann["gold"] == gold and [i["number"] for i in ann["items"]] == [1]
    _refused(cli, camp, 1, "already owns", "character", "give", "Ann", "1")
    _refused(cli, camp, 1, "not in the shop's supply", "character", "give", "Ann", "90")
    _changes_once(cli, camp, "character", "give", "Ann", "90", "--not-from-supply")
    assert 90 not in copies()
    set_sql(camp, "UPDATE supply SET copies = 0 WHERE item = 2")
    _refused(cli, camp, 1, "no copy", "character", "give", "Ann", "2")
    _refused(cli, camp, 2, "unknown character", "character", "give", "Nobody", "3")


def test_character_new_retired(cli, camp):
    _changes_once(cli, camp, "character", "new", "Tusk", "--class", "scoundrel", "--player", "Yan",
                  "--level", "4", "--quest", "512", "--retired")
    tusk = json.loads(cli("character", "show", "Tusk", "--json").stdout)
    assert tusk["retired"] and tusk["quest_fulfilled"] and tusk["level"] == 4 and tusk["xp"] == 150
    assert tusk["gold"] == 0 and tusk["items"] == []
    assert [c["name"] for c in _status(cli)["characters"]] == ["Ann"]  # not in play
    # the player's extra perk reaches the next character, and the Scoundrel's retirement events the decks
    # (Yan plays no other character: Zoe, who plays Ann, would be in solo play, her second seat its own)
    assert cli("character", "new", "Bea", "--class", "tinkerer", "--player", "Yan", "--quest", "514").exit_code == 0
    assert json.loads(cli("character", "show", "Bea", "--json").stdout)["extra_perks"] == 1
    import sqlite3

    con = sqlite3.connect(camp)
    retired = [r[0] for r in con.execute("SELECT class FROM retired_classes")]
    decks = {d: [r[0] for r in con.execute("SELECT card FROM event_decks WHERE deck = ?", [d])]
             for d in ("city", "road")}
    con.close()
    from ghcli.campaign import catalog

    cls = catalog.find_class("scoundrel")
    assert retired == ["scoundrel"]
    assert cls["city_event_on_retire"] in decks["city"] and cls["road_event_on_retire"] in decks["road"]
    _refused(cli, camp, 1, "already exists", "character", "new", "tusk", "--class", "brute", "--retired")
    _refused(cli, camp, 1, "not unlocked", "character", "new", "Sunny", "--class", "sunkeeper", "--retired")
    _refused(cli, camp, 1, "held by an active character", "character", "new", "Old", "--class", "brute",
             "--quest", "528", "--retired")


def test_campaign_donations(cli, camp):
    r = _changes_once(cli, camp, "campaign", "donations", "+90")["result"]
    assert r["prosperity_marks"] == 0 and not r["envelope_b"]
    r = json.loads(cli("campaign", "donations", "+20", "--json").stdout)  # 110: the mark at 100
    assert r["prosperity_marks"] == 1 and r["envelope_b"]
    r = json.loads(cli("campaign", "donations", "+290", "--json").stdout)  # 400: 150, 200, ..., 400
    assert r["prosperity_marks"] == 6
    r = json.loads(cli("campaign", "donations", "+1000", "--json").stdout)  # 1400: 500 ... 1000, then none
    assert r["prosperity_marks"] == 6
    st = _status(cli)
    assert st["donations"] == 1400 and st["prosperity"]["checkmarks"] == 13
    _refused(cli, camp, 2, "not a multiple of 10", "campaign", "donations", "+15")
    _refused(cli, camp, 2, "N > 0", "campaign", "donations", "--", "-10")


def test_event_deck_set(cli, camp):
    r = _changes_once(cli, camp, "event", "deck", "set", "road", "7,3,1,2")["result"]
    assert r["cards"] == [7, 3, 1, 2]
    import sqlite3

    con = sqlite3.connect(camp)
    road = [c for (c,) in con.execute("SELECT card FROM event_decks WHERE deck = 'road' ORDER BY position")]
    con.close()
    assert road == [7, 3, 1, 2]
    _refused(cli, camp, 2, "given twice", "event", "deck", "set", "city", "1,2,1")
    _refused(cli, camp, 2, "not an event card number", "event", "deck", "set", "city", "1,x")
    _refused(cli, camp, 2, "unknown event deck", "event", "deck", "set", "rift", "1,2")
    set_sql(camp, "INSERT INTO pending_events (deck, card) VALUES ('city', 5)")
    _refused(cli, camp, 1, "drawn and not resolved", "event", "deck", "set", "city", "5,6")
    assert cli("event", "deck", "set", "city", "6,7").exit_code == 0
