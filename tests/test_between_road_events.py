"""travel, return, and city/road events."""

from __future__ import annotations

import json

import pytest

from helpers import Campaign


@pytest.fixture
def c(cli, db_file) -> Campaign:
    c = Campaign(cli, db_file)
    c.ok("init", "--seed", "5")
    c.ok("character", "new", "Ann", "--class", "brute", "--player", "alice")
    c.ok("character", "new", "Bob", "--class", "tinkerer")
    return c


def test_where_the_party_can_go(c):
    c.refused("return", words="already in town")
    c.refused("travel", "999", code=2, words="unknown scenario")
    c.ok("travel", "1")
    c.refused("travel", "1", words="already on the road")
    c.refused("return", words="play it first")
    c.ok("event", "draw", "road")
    c.ok("event", "resolve", "road", "--option", "a", "--return")
    c.ok("scenario", "finish", "1", "--lost")
    v = c.ok("return", "--json")
    assert c.visit()["id"] == v["visit"] and c.visit()["city_event"] == 0


def test_pending_city_event_and_fulfilled_quest_hold_the_party(c):
    c.ok("event", "draw", "city")
    c.refused("travel", "1", words="not resolved")
    c.ok("event", "resolve", "city", "--option", "A", "--return")
    offer = json.loads(c.char("Ann")["quest_offer"])
    c.ok("character", "quest", "Ann", str(offer[0]))
    c.ok("character", "quest", "Ann", "--fulfilled")
    c.refused("travel", "1", words="must retire")


def test_one_city_event_per_visit(c):
    first = c.deck("city")[0]
    c.ok("event", "draw", "city")
    c.ok("event", "resolve", "city", "--option", "B", "--return")
    assert c.deck("city")[-1] == first
    c.refused("event", "draw", "city", words="one per visit")
    # A new visit allows another.
    c.ok("travel", "1", "--casual")
    c.ok("scenario", "finish", "1", "--lost")
    c.ok("return")
    top = c.deck("city")[0]
    drawn = c.ok("event", "draw", "city", "--json")
    assert drawn["card"] == top


def test_resolve_needs_a_drawn_card_and_a_destination(c):
    c.refused("event", "resolve", "city", "--option", "A", "--return", words="no city event is drawn")
    c.ok("event", "draw", "city")
    c.refused("event", "resolve", "city", "--option", "A", code=2, words="--return")
    c.refused("event", "resolve", "city", "--option", "A", "--return", "--remove", code=2, words="--remove")
    c.refused("event", "resolve", "city", "--option", "C", "--return", code=2, words="A or B")
    c.refused("event", "resolve", "rift", "--option", "A", "--return", code=2, words="city or road")
    c.refused("event", "draw", "road", words="no road event is due")


def test_outcomes(c):
    c.ok("character", "adjust", "Bob", "--gold", "-27")  # Bob has 3 gold
    c.ok("event", "draw", "city")
    c.refused("event", "resolve", "city", "--option", "A", "--gold", "Bob=-5", "--return", words="cannot pay")
    city_before = set(c.deck("city"))
    r = c.ok("event", "resolve", "city", "--option", "A", "--gold-each", "-5", "--gold", "Ann=10",
             "--xp-each", "2", "--checkmarks", "Bob=1", "--reputation", "-2", "--prosperity", "2",
             "--item", "Ann=Iron Helmet", "--item-design", "75", "--achievement", "first-steps",
             "--achievement", "The Power of Enhancement", "--unlock", "4", "--add-event", "city:31", "--remove",
             "--json")
    assert "-5 gold each (Bob paid 3, all they had)" in r["done"], r  # the short payment is said
    ann, bob = c.char("Ann"), c.char("Bob")
    assert ann["gold"] == 30 - 5 + 10 and bob["gold"] == 0  # Bob pays what he has
    assert ann["xp"] == bob["xp"] == 2 and bob["checkmarks"] == 1
    assert c.party()["reputation"] == -2
    assert c.v("SELECT prosperity FROM campaign") == 2
    assert c.q("SELECT item FROM character_items WHERE character_id = ?", ann["id"]) == [{"item": 7}]
    assert c.v("SELECT copies FROM supply WHERE item = 75") >= 1
    assert c.v("SELECT 1 FROM party_achievements WHERE key = 'first-steps'") == 1
    assert c.v("SELECT 1 FROM global_achievements WHERE key = 'the-power-of-enhancement'") == 1
    assert c.v("SELECT unlocked FROM scenarios WHERE number = 4") == 1
    assert set(c.deck("city")) == city_before | {31}


def test_unknown_names_in_outcomes(c):
    c.ok("event", "draw", "city")
    c.refused("event", "resolve", "city", "--option", "A", "--xp", "Zed=1", "--return", code=2, words="Zed")
    c.refused("event", "resolve", "city", "--option", "A", "--achievement", "frist-steps", "--return", code=2,
              words="first-steps")
    c.refused("event", "resolve", "city", "--option", "A", "--add-event", "city-3", "--return", code=2)


def test_empty_deck_refused(c, db_file):
    import sqlite3

    con = sqlite3.connect(db_file)
    con.execute("DELETE FROM event_decks WHERE deck = 'city'")
    con.commit()
    con.close()
    c.refused("event", "draw", "city", words="empty")
