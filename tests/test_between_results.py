"""scenario finish: gold, XP, checkmarks, rewards, casual and lost play."""

from __future__ import annotations

import math

import pytest

from ghcli import data
from helpers import COIN_VALUE, Campaign, bonus_xp


def scenario(n: int) -> dict:
    return next(s for s in data.load("scenarios") if s["number"] == n)


@pytest.fixture
def c(cli, db_file) -> Campaign:
    c = Campaign(cli, db_file)
    c.ok("init", "--seed", "3")
    c.ok("character", "new", "Ann", "--class", "brute", "--player", "alice")
    c.ok("character", "new", "Bob", "--class", "tinkerer", "--player", "bob")
    return c


def to_scenario(c: Campaign, n: int, *flags: str) -> None:
    trip = c.ok("travel", str(n), *flags, "--json")
    if trip["road_event_due"]:
        c.ok("event", "draw", "road")
        c.ok("event", "resolve", "road", "--option", "A", "--return")


@pytest.mark.parametrize("level", range(8))
def test_gold_and_bonus_xp_by_scenario_level(c, db_file, level):
    # Character levels 2L (at most 9) make L a level the party may choose (recommended -1 to +2).
    from helpers import set_sql

    set_sql(db_file, "UPDATE characters SET level = ?", min(9, max(1, 2 * level)))
    to_scenario(c, 1)
    r = c.ok("scenario", "finish", "1", "--won", "--level", str(level), "--coins", "Ann=4", "--xp", "Bob=3", "--json")
    assert r["coin_value"] == COIN_VALUE[level]
    assert c.char("Ann")["gold"] == 30 + 4 * COIN_VALUE[level]
    assert c.char("Ann")["xp"] == bonus_xp(level)
    assert c.char("Bob")["xp"] == 3 + bonus_xp(level) and c.char("Bob")["gold"] == 30


def test_default_level_is_recommended(c, db_file):
    # Levels 3 and 4 (set by hand in the database): ceil(3.5 / 2) = 2.
    import sqlite3

    con = sqlite3.connect(db_file)
    con.execute("UPDATE characters SET level = 3 WHERE name = 'Ann'")
    con.execute("UPDATE characters SET level = 4 WHERE name = 'Bob'")
    con.commit()
    con.close()
    to_scenario(c, 1)
    r = c.ok("scenario", "finish", "1", "--lost", "--coins", "Ann=1", "--json")
    expected = math.ceil((3 + 4) / 2 / 2)
    assert r["level"] == expected == 2
    assert c.char("Ann")["gold"] == 30 + COIN_VALUE[expected]
    assert c.char("Ann")["xp"] == 0  # lost: no bonus XP


def test_lost_gives_xp_and_gold_only(c):
    to_scenario(c, 1)
    c.refused("scenario", "finish", "1", "--lost", "--checkmarks", "Ann=1", code=2, words="XP and gold only")
    c.refused("scenario", "finish", "1", "--lost", "--item", "Ann=1", code=2, words="XP and gold only")
    c.ok("scenario", "finish", "1", "--lost", "--xp", "Ann=9", "--coins", "Bob=2", "--level", "1")
    assert c.char("Ann")["xp"] == 9 and c.char("Bob")["gold"] == 30 + 2 * COIN_VALUE[1]
    assert c.v("SELECT completed FROM scenarios WHERE number = 1") == 0
    assert c.v("SELECT count(*) FROM party_achievements") == 0
    assert c.v("SELECT unlocked FROM scenarios WHERE number = 2") is None
    # Lost scenario 1: the party may try again from where it stands (no road event).
    trip = c.ok("travel", "1", "--json")
    assert trip["road_event_due"] is False


def test_won_applies_rewards_unlocks_and_links(c):
    to_scenario(c, 1)
    c.ok("scenario", "finish", "1", "--won", "--level", "1")
    # Scenario 2 is linked to 1: no road event when travelling on directly.
    trip = c.ok("travel", "2", "--json")
    assert trip["road_event_due"] is False and trip["reason"] == "linked from scenario 1"
    s2 = scenario(2)
    gold_before = c.char("Ann")["gold"]
    c.ok("scenario", "finish", "2", "--won", "--level", "0")
    assert c.char("Ann")["gold"] == gold_before + s2["rewards"]["gold"]
    assert c.v("SELECT prosperity FROM campaign") == s2["rewards"]["prosperity"]
    for n in s2["unlocks"]:
        assert c.v("SELECT unlocked FROM scenarios WHERE number = ?", n) == 1
    assert c.v("SELECT completed FROM scenarios WHERE number = 2") == 1


def test_casual_gives_xp_gold_checkmarks_only(c):
    # Casual play ignores requirements (scenario 2 is not even unlocked) and has no road event.
    trip = c.ok("travel", "2", "--casual", "--json")
    assert trip["road_event_due"] is False and trip["casual"] is True
    c.ok("scenario", "finish", "2", "--won", "--level", "2", "--checkmarks", "Ann=2", "--coins", "Ann=1")
    assert c.char("Ann")["checkmarks"] == 2
    assert c.char("Ann")["gold"] == 30 + COIN_VALUE[2]  # no reward gold
    assert c.char("Ann")["xp"] == bonus_xp(2)
    assert c.v("SELECT prosperity FROM campaign") == 0
    assert c.v("SELECT completed FROM scenarios WHERE number = 2") is None


def test_replay_of_completed_scenario(c):
    to_scenario(c, 1)
    c.ok("scenario", "finish", "1", "--won", "--level", "1")
    c.ok("return")
    c.refused("travel", "1", words="--replay")
    trip = c.ok("travel", "1", "--replay", "--json")
    assert trip["road_event_due"] is False and trip["casual"] is True
    c.ok("scenario", "finish", "1", "--won", "--level", "1")
    # First Steps is not gained twice, nothing new unlocked.
    assert c.v("SELECT count FROM party_achievements WHERE key = 'first-steps'") == 1
    assert c.char("Ann")["xp"] == 2 * bonus_xp(1)


def test_finish_needs_travel_and_known_names(c):
    c.refused("scenario", "finish", "1", "--won", words="travel 1")
    to_scenario(c, 1)
    c.refused("scenario", "finish", "2", "--won", words="not travelled to scenario 2")
    c.refused("scenario", "finish", "1", "--won", "--lost", code=2, words="--won or --lost")
    c.refused("scenario", "finish", "1", code=2, words="--won or --lost")
    err = c.refused("scenario", "finish", "1", "--won", "--xp", "Anne=3", code=2, words="unknown character")
    assert "Ann" in err
    c.refused("scenario", "finish", "1", "--won", "--xp", "Ann", code=2, words="NAME=VALUE")
    c.refused("scenario", "finish", "1", "--won", "--level", "8", code=2, words="between 0 and 7")
    # A second copy of an item is sold at once (issue 17): tests/test_campaign_rules.py.


def test_item_found_and_undo_is_exact(c, db_file):
    from helpers import state_dump

    to_scenario(c, 1)
    before = state_dump(db_file)
    c.ok("scenario", "finish", "1", "--won", "--item", "Bob=Boots of Striding", "--level", "1")
    assert c.q("SELECT item FROM character_items") == [{"item": 1}]
    c.ok("undo")
    assert state_dump(db_file) == before


def test_choice_of_unlocks(c, db_file):
    """Scenario 13 unlocks only one of 15, 17, 20: --choose says which."""
    c.ok("campaign", "unlock-scenario", "13")
    to_scenario(c, 13)
    c.refused("scenario", "finish", "13", "--won", code=2, words="--choose")
    c.refused("scenario", "finish", "13", "--won", "--choose", "16", code=2, words="unlocks 15, 17, 20")
    c.ok("scenario", "finish", "13", "--won", "--choose", "17", "--level", "1")
    assert c.v("SELECT unlocked FROM scenarios WHERE number = 17") == 1
    assert c.v("SELECT count(*) FROM scenarios WHERE number IN (15, 20)") == 0
