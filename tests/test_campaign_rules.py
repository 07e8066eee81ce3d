"""Issue 17's campaign rules, each worked out from the seeds (000, 002) and the issue.

Expected values come from the rules as the issue and the seeds state them,
not from ghcli's code: coin values, bonus XP 4 + 2L, half the item's cost.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from ghcli import data
from helpers import set_sql, snapshot

BONUS_XP = {lv: 4 + 2 * lv for lv in range(8)}
COIN = (2, 2, 3, 3, 4, 4, 5, 6)


def item(number: int) -> dict:
    return next(i for i in data.load("items") if i["number"] == number)


class Table:
    """A campaign driven through the CLI."""

    def __init__(self, cli, path):
        self.cli, self.path = cli, path

    def ok(self, *args):
        r = self.cli(*args)
        assert r.exit_code == 0, (args, r.output)
        return json.loads(r.stdout) if "--json" in args else r.stdout

    def refused(self, *args, code: int = 1, words: str = "") -> str:
        before = snapshot(self.path)
        r = self.cli(*args)
        assert r.exit_code == code, (args, r.output)
        err = r.stderr.strip()
        assert err.startswith("error: ") and "\n" not in err, err
        assert words.lower() in err.lower(), err
        assert snapshot(self.path) == before, f"{args} changed the database"
        return err

    def v(self, sql: str, *params):
        con = sqlite3.connect(self.path)
        try:
            row = con.execute(sql, params).fetchone()
        finally:
            con.close()
        return row[0] if row else None

    def char(self, name: str) -> dict:
        con = sqlite3.connect(self.path)
        con.row_factory = sqlite3.Row
        try:
            return dict(con.execute("SELECT * FROM characters WHERE name = ?", [name]).fetchone())
        finally:
            con.close()

    def deck(self, deck: str) -> list[int]:
        con = sqlite3.connect(self.path)
        try:
            return [r[0] for r in con.execute(
                "SELECT card FROM event_decks WHERE deck = ? ORDER BY position", [deck])]
        finally:
            con.close()

    def to(self, n: int, *flags: str) -> None:
        trip = self.ok("travel", str(n), *flags, "--json")
        if trip["road_event_due"]:
            self.ok("event", "draw", "road")
            self.ok("event", "resolve", "road", "--option", "A", "--return")


@pytest.fixture
def t(cli, db_file) -> Table:
    t = Table(cli, db_file)
    t.ok("init", "--seed", "5")
    t.ok("character", "new", "Ann", "--class", "brute", "--player", "ann", "--quest", "512")
    t.ok("character", "new", "Bob", "--class", "tinkerer", "--player", "bob", "--quest", "514")
    return t


# -- scenario level: recommended -1 to +2 ------------------------------------

@pytest.mark.parametrize("levels, allowed", [
    ((1, 1), range(0, 4)),     # recommended 1: 0-3
    ((3, 4), range(1, 5)),     # ceil(3.5 / 2) = 2: 1-4
    ((9, 9), range(4, 8)),     # ceil(9 / 2) = 5: 4-7 (7 is the top)
    ((1, 2), range(0, 4)),     # ceil(1.5 / 2) = 1: 0-3
])
def test_scenario_level_range(t, db_file, levels, allowed):
    set_sql(db_file, "UPDATE characters SET level = ? WHERE name = 'Ann'", levels[0])
    set_sql(db_file, "UPDATE characters SET level = ? WHERE name = 'Bob'", levels[1])
    t.to(1)
    low, high = allowed[0], allowed[-1]
    for lv in range(8):
        if lv in allowed:
            continue
        err = t.refused("scenario", "finish", "1", "--lost", "--level", str(lv), words=f"{low}-{high}")
        assert f"scenario level {lv}" in err
    r = t.ok("scenario", "finish", "1", "--lost", "--level", str(high), "--json")
    assert r["level"] == high


# -- absent characters -------------------------------------------------------

def test_absent_character_gains_nothing(t, db_file):
    set_sql(db_file, "UPDATE characters SET level = 5 WHERE name = 'Bob'")
    t.to(1)
    r = t.ok("scenario", "finish", "1", "--won", "--absent", "Bob", "--coins", "Ann=2", "--xp", "Ann=3", "--json")
    # Only Ann (level 1) played: recommended level ceil(1 / 2) = 1, not ceil(3 / 2) = 2.
    assert r["level"] == 1 and r["absent"] == ["Bob"]
    assert t.char("Ann")["xp"] == 3 + BONUS_XP[1] and t.char("Ann")["gold"] == 30 + 2 * COIN[1]
    bob = t.char("Bob")
    assert (bob["xp"], bob["gold"], bob["checkmarks"]) == (0, 30, 0)
    assert [c["name"] for c in r["characters"]] == ["Ann"]


def test_absent_cannot_be_given_gains(t):
    t.to(1)
    t.refused("scenario", "finish", "1", "--won", "--absent", "Bob", "--xp", "Bob=3", code=2, words="absent")
    t.refused("scenario", "finish", "1", "--won", "--absent", "Bob", "--absent", "Ann", words="absent")
    t.refused("scenario", "finish", "1", "--won", "--absent", "Nobody", code=2, words="unknown character")


def test_absent_gets_no_scenario_reward(t):
    t.to(1)
    t.ok("scenario", "finish", "1", "--won", "--level", "1")
    t.ok("travel", "2")
    gold = t.char("Bob")["gold"]
    reward = next(s for s in data.load("scenarios") if s["number"] == 2)["rewards"]["gold"]
    t.ok("scenario", "finish", "2", "--won", "--level", "1", "--absent", "Bob")
    assert t.char("Bob")["gold"] == gold and t.char("Ann")["gold"] == 30 + reward


# -- a duplicate item is sold at once for half ---------------------------------

def test_duplicate_item_from_a_scenario_is_sold(t):
    t.ok("buy", "Ann", "1")  # Boots of Striding, cost 20
    supply = t.v("SELECT copies FROM supply WHERE item = 1")
    gold = t.char("Ann")["gold"]
    t.to(1)
    r = t.ok("scenario", "finish", "1", "--won", "--level", "1", "--item", "Ann=Boots of Striding", "--json")
    ann = next(c for c in r["characters"] if c["name"] == "Ann")
    assert ann["items_sold"] == [1] and ann["items_gained"] == []
    assert t.char("Ann")["gold"] == gold + item(1)["cost"] // 2
    assert t.v("SELECT count(*) FROM character_items WHERE item = 1") == 1
    assert t.v("SELECT copies FROM supply WHERE item = 1") == supply + 1
    assert any("sold for 10 gold" in d for d in r["done"])


def test_same_item_twice_in_one_finish(t):
    t.to(1)
    r = t.ok("scenario", "finish", "1", "--won", "--level", "1", "--item", "Bob=2", "--item", "Bob=2", "--json")
    bob = next(c for c in r["characters"] if c["name"] == "Bob")
    assert bob["items_gained"] == [2] and bob["items_sold"] == [2]
    assert t.char("Bob")["gold"] == 30 + item(2)["cost"] // 2


def test_duplicate_item_from_an_event_is_sold(t):
    t.ok("buy", "Bob", "3")
    gold = t.char("Bob")["gold"]
    t.ok("event", "draw", "city")
    r = t.ok("event", "resolve", "city", "--option", "A", "--item", "Bob=3", "--return", "--json")
    assert t.char("Bob")["gold"] == gold + item(3)["cost"] // 2
    assert t.v("SELECT count(*) FROM character_items WHERE item = 3") == 1
    assert any("sold for" in d for d in r["done"])


# -- checkmarks: at most 18 -----------------------------------------------------

def test_checkmarks_stop_at_18(t, db_file):
    set_sql(db_file, "UPDATE characters SET checkmarks = 17 WHERE name = 'Ann'")
    t.to(1)
    r = t.ok("scenario", "finish", "1", "--won", "--level", "1", "--checkmarks", "Ann=2", "--json")
    assert t.char("Ann")["checkmarks"] == 18
    assert next(c for c in r["characters"] if c["name"] == "Ann")["checkmarks_gained"] == 1
    assert any("capped: +1 of +2" in d for d in r["done"])
    t.refused("character", "adjust", "Ann", "--checkmarks", "+1", words="18")


# -- structured rewards ------------------------------------------------------

def test_reward_checkmarks_each_and_events_from_data(t, db_file):
    # Scenario 91's reward is 2 checkmarks each; 21's adds city event 78 (rewards in ghcli/data, not words).
    set_sql(db_file, "INSERT INTO scenarios (number, unlocked) VALUES (91, 1)")
    set_sql(db_file, "INSERT INTO scenarios (number, unlocked) VALUES (21, 1)")
    t.to(91)
    r = t.ok("scenario", "finish", "91", "--won", "--level", "1", "--checkmarks", "Bob=1", "--json")
    assert (t.char("Ann")["checkmarks"], t.char("Bob")["checkmarks"]) == (2, 3)
    assert r["notes"] == []
    t.ok("return")
    t.to(21, "--yes")  # this visit's city event left undrawn
    assert 78 not in [row for row in t.deck("city")]
    r = t.ok("scenario", "finish", "21", "--won", "--level", "1", "--json")
    assert 78 in t.deck("city")
    assert r["notes"] == ["also gain global artifact-recovered if artifact-lost is complete"]


def test_reward_events_both_decks(t, db_file):
    # Scenario 115 adds city event 83 and road event 83 (one note in words before, now two records).
    set_sql(db_file, "INSERT INTO scenarios (number, unlocked) VALUES (115, 1)")
    t.to(115)
    t.ok("scenario", "finish", "115", "--won", "--level", "1")
    assert 83 in t.deck("city") and 83 in t.deck("road")


# -- a character made above level 1 ------------------------------------------------

def test_new_character_above_level_1_takes_a_card_per_level(t, db_file):
    # Prosperity 15 checkmarks = level 4 (thresholds 4, 9, 15).
    t.ok("campaign", "prosperity", "+15")
    t.ok("party", "new", "Second")
    # Cards given in any order are matched to levels 2, 3, 4 from the lowest card level up.
    c = t.ok("character", "new", "Vex", "--class", "mindthief", "--level", "4",
             "--card", "Pilfer", "--card", "Brain Leech", "--card", "Wretched Creature", "--json")
    assert [(x["name"], x["at_level"]) for x in c["cards"]] == [
        ("Wretched Creature", 2), ("Brain Leech", 3), ("Pilfer", 4)]
    assert c["perks_earned"] == 3 and c["perks_taken"] == 0
    t.ok("perk", "Vex", "1")  # the level-ups' perks are taken as usual


@pytest.mark.parametrize("cards, code, words", [
    ((), 2, "takes 2 ability cards (one for each level above 1), not 0 (--card)"),
    (("Wretched Creature",), 2, "not 1"),
    (("Wretched Creature", "Hostile Takeover", "Brain Leech"), 2, "not 3"),
    (("Brain Leech", "Silent Scream"), 1, "taken at level 2 must be at most level 2"),
    (("Wretched Creature", "Pilfer"), 1, "Pilfer is a level 4 card"),
    (("Wretched Creature", "Scurry"), 1, "always in the pool"),
    (("Wretched Creature", "Wretched Creature"), 1, "twice"),
])
def test_new_character_cards_checked(t, cards, code, words):
    t.ok("campaign", "prosperity", "+9")  # level 3
    t.ok("party", "new", "Second")
    args = [a for c in cards for a in ("--card", c)]
    t.refused("character", "new", "Vex", "--class", "mindthief", "--level", "3", *args, code=code, words=words)


def test_party_holds_four_active_characters(t):
    t.ok("character", "new", "Cy", "--class", "spellweaver")
    t.ok("character", "new", "Di", "--class", "scoundrel")
    err = t.refused("character", "new", "Ed", "--class", "cragheart", words="4 active characters")
    assert "Ann" in err
    t.ok("party", "new", "Second")
    t.ok("character", "new", "Ed", "--class", "cragheart")


# -- a character with the XP must level up before travelling ----------------------

def test_travel_refused_until_level_up(t):
    t.to(1)
    t.ok("scenario", "finish", "1", "--won", "--level", "1", "--xp", "Ann=39")  # 39 + 6 = 45: level 2
    # Straight on to scenario 2 from the scenario is not a town visit: allowed.
    t.ok("return")
    err = t.refused("travel", "2", words="must level up")
    assert "Ann" in err and "Bob" not in err
    t.ok("level-up", "Ann", "--card", "Fatal Advance", "--perk", "1")
    t.ok("travel", "2", "--yes")  # without this visit's city event


def test_travel_from_a_scenario_needs_no_level_up(t):
    t.to(1)
    t.ok("scenario", "finish", "1", "--won", "--level", "1", "--xp", "Ann=39", "--xp", "Bob=50")
    trip = t.ok("travel", "2", "--json")
    assert trip["road_event_due"] is False


# -- items of characters outside the current party count as in the supply ---------------

def test_other_partys_items_count_as_in_the_supply(t, db_file):
    # Item 10 has 2 copies (items.json); both bought by the first party leave the shelf empty.
    assert item(10)["count"] == 2
    t.ok("character", "adjust", "Ann", "--gold", "+100")
    t.ok("character", "adjust", "Bob", "--gold", "+100")
    t.ok("buy", "Ann", "10")
    t.ok("buy", "Bob", "10")
    assert t.v("SELECT copies FROM supply WHERE item = 10") == 0
    t.ok("party", "new", "Second")
    t.ok("character", "new", "Cy", "--class", "spellweaver")
    t.ok("character", "new", "Di", "--class", "scoundrel")
    t.ok("character", "adjust", "Cy", "--gold", "+100")
    t.ok("character", "adjust", "Di", "--gold", "+100")
    shop = {i["number"]: i for i in t.ok("shop", "--json")["items"]}
    assert shop[10]["copies"] == 2  # both copies are held outside this party
    t.ok("buy", "Cy", "10")
    t.ok("buy", "Di", "10")
    assert t.v("SELECT count(*) FROM character_items WHERE item = 10") == 4
    # Back in the first party, its own characters hold both copies: none to buy.
    t.ok("party", "switch", "Party")
    t.ok("character", "new", "Ed", "--class", "cragheart")
    t.ok("character", "adjust", "Ed", "--gold", "+100")
    assert {i["number"]: i for i in t.ok("shop", "--json")["items"]}[10]["copies"] == 0
    t.refused("buy", "Ed", "10", words="no copy")
    # Selling never puts more copies on the shelf than the item has.
    t.ok("sell", "Ann", "10")
    t.ok("party", "switch", "Second")
    t.ok("sell", "Cy", "10")
    t.ok("sell", "Di", "10")
    assert t.v("SELECT copies FROM supply WHERE item = 10") == 2


# -- errors never name what is not unlocked -----------------------------------

def test_item_not_in_the_supply_is_named_by_number(t):
    # Item 22 enters the shop at prosperity level 2: its name is not shown before.
    name = item(22)["name"]
    err = t.refused("buy", "Ann", name, words="item 22 (not available)")
    assert name.lower() not in err.lower()
    err = t.refused("sell", "Ann", "22", words="item 22 (not available)")
    assert name.lower() not in err.lower()


def test_suggestions_only_from_what_is_unlocked(t):
    # "Sunkeepr" is closest to the locked Sunkeeper: no suggestion names it.
    err = t.refused("character", "new", "X", "--class", "sunkeepr", code=2, words="unknown class")
    assert "sunkeeper" not in err.lower()
    err = t.refused("character", "new", "X", "--class", "sun", words="not unlocked")
    assert "sunkeeper" not in err.lower()
    err = t.refused("character", "new", "X", "--class", "spellweavr", code=2, words="did you mean 'spellweaver'")
    # Items: a near-miss of a supply item is suggested; one outside the supply is not.
    err = t.refused("buy", "Ann", "Boots of Stridng", code=2, words="did you mean 'Boots of Striding'")
    far = item(22)["name"][:-1]
    err = t.refused("buy", "Ann", far, code=2, words="unknown item")
    assert item(22)["name"].lower() not in err.lower()
    # Scenarios: only unlocked names are suggested.
    err = t.refused("travel", "Barrow Lairr", code=2, words="unknown scenario")
    assert "did you mean 'barrow lair'" not in err.lower()
    t.refused("travel", "Black Barow", code=2, words="did you mean 'Black Barrow'")


# -- donations, envelopes, track caps, side effects -------------------------------

# The Sanctuary track (issue 17): a checkmark at 100, 150, ..., 400, then 500, ..., 1000.
MARKS = [100, 150, 200, 250, 300, 350, 400, 500, 600, 700, 800, 900, 1000]


def test_donation_track(t, db_file):
    t.ok("character", "adjust", "Ann", "--gold", "+2000")
    for before in range(0, 1100, 10):  # every donation from 0 to 1100 gold in all
        set_sql(db_file, "DELETE FROM visit_donations")
        set_sql(db_file, "UPDATE campaign SET donations = ?, prosperity = 0", before)
        r = t.ok("donate", "Ann", "--json")
        assert r["prosperity"] == (1 if before + 10 in MARKS else 0), before
        assert r["envelope_b"] is (before + 10 == 100)
        assert t.v("SELECT prosperity FROM campaign") == r["prosperity"]


def test_envelope_a_at_the_fifth_ancient_technology(t):
    for n in range(1, 5):
        out = t.ok("campaign", "achievement", "add", "Ancient Technology")
        assert "envelope A" not in out
    assert t.ok("campaign", "show", "--json")["envelopes"] == {"A": False, "B": False}
    out = t.ok("campaign", "achievement", "add", "Ancient Technology")
    assert "open envelope A" in out
    shown = t.ok("campaign", "show", "--json")
    assert shown["envelopes"]["A"] is True
    assert "Envelopes opened: A" in t.ok("campaign", "show")
    t.ok("undo")
    assert t.ok("campaign", "show", "--json")["envelopes"]["A"] is False


def test_envelope_b_shown_after_100_gold(t, db_file):
    set_sql(db_file, "UPDATE campaign SET donations = 90")
    t.ok("donate", "Ann")
    assert t.ok("campaign", "show", "--json")["envelopes"] == {"A": False, "B": True}


def test_reputation_capped_at_the_track_end(t, db_file):
    set_sql(db_file, "UPDATE parties SET reputation = 15")
    set_sql(db_file, "INSERT INTO milestones (key) VALUES ('sun-box')")  # the box at +10 opened earlier
    out = t.ok("party", "reputation", "+10")
    assert "reputation +15 -> +20 (capped: +5 of +10)" in out
    assert t.v("SELECT reputation FROM parties") == 20
    # +20 adds city event 76 and road event 67: said by the command that caused it.
    assert "city events 76 added" in out and "road events 67 added" in out
    t.refused("party", "reputation", "+1", words="end of its track")
    set_sql(db_file, "UPDATE parties SET reputation = -18")
    out = t.ok("party", "reputation", "--", "-5")
    assert "(capped: -2 of -5)" in out


def test_reputation_side_effect_class_box(t):
    out = t.ok("party", "reputation", "+10")
    assert "class Sunkeeper unlocked" in out
    assert t.v("SELECT 1 FROM unlocked_classes WHERE class = 'sunkeeper'") == 1


def test_prosperity_capped_and_level_items(t, db_file):
    out = t.ok("campaign", "prosperity", "+4")  # level 2 at 4 checkmarks
    assert "level 2" in out and "items join the shop" in out
    set_sql(db_file, "UPDATE campaign SET prosperity = 62")
    out = t.ok("campaign", "prosperity", "+5")
    assert "(capped: +2 of +5)" in out and t.v("SELECT prosperity FROM campaign") == 64


# -- enhancements listed ---------------------------------------------------

def test_enhancements_on_character_and_campaign_show(t):
    t.ok("campaign", "achievement", "add", "The Power of Enhancement")
    t.ok("character", "adjust", "Ann", "--gold", "+200")
    # First edition, a level 1 card, no sticker yet on either action: +1 attack 50, +1 move 30.
    t.ok("enhance", "apply", "Ann", "--card", "Trample", "--action", "top", "--ability", "attack", "--yes")
    t.ok("enhance", "apply", "Ann", "--card", "Trample", "--action", "bottom", "--ability", "move", "--yes")
    c = t.ok("character", "show", "Ann", "--json")
    assert [(e["card"], e["card_name"], e["action"], e["sticker"], e["cost"]) for e in c["enhancements"]] == [
        (1, "Trample", "top", "+1 attack", 50), (1, "Trample", "bottom", "+1 move", 30)]
    assert "Trample top: +1 attack (50 gold)" in t.ok("character", "show", "Ann")
    assert t.ok("character", "show", "Bob", "--json")["enhancements"] == []
    shown = t.ok("campaign", "show", "--json")["enhanced_cards"]
    assert shown == [{"class": "brute", "class_name": "Brute", "cards": [
        {"card": 1, "name": "Trample", "stickers": [
            {"action": "top", "sticker": "+1 attack", "cost": 50, "character": "Ann"},
            {"action": "bottom", "sticker": "+1 move", "cost": 30, "character": "Ann"}]}]}]
    text = t.ok("campaign", "show")
    assert "Enhanced cards:" in text and "1 Trample" in text


@pytest.mark.parametrize("unlocked_before", [False, True])
def test_reward_class_box(t, db_file, unlocked_before):
    # Scenario 44 opens the Doomstalker box (rewards.class_boxes); when the class is unlocked already,
    # a random item design and a random side scenario (63-71) come instead (seed 000 7.2).
    set_sql(db_file, "INSERT INTO scenarios (number, unlocked) VALUES (44, 1)")
    set_sql(db_file, "INSERT INTO party_achievements (party_id, key, count) VALUES (1, 'redthorns-aid', 1)")
    if unlocked_before:
        t.ok("campaign", "unlock-class", "doomstalker")
    t.to(44)
    r = t.ok("scenario", "finish", "44", "--won", "--level", "1", "--json")
    assert t.v("SELECT 1 FROM unlocked_classes WHERE class = 'doomstalker'") == 1
    sides = t.v("SELECT count(*) FROM scenarios WHERE number BETWEEN 63 AND 71 AND unlocked = 1")
    designs = t.v("SELECT count(*) FROM item_designs")
    if unlocked_before:
        assert (sides, designs) == (1, 1) and any("random item design" in d for d in r["done"])
    else:
        assert (sides, designs) == (0, 0) and any(d.startswith("class Doomstalker unlocked") for d in r["done"])


# -- issue 26: scenario data decided against the notes ------------------------

def test_scenario_54_adds_city_and_road_event_59_as_rewards(t, db_file):
    # Scenario 54's city and road event 59 are ordinary rewards (issue 26), not a note applied by hand.
    set_sql(db_file, "INSERT INTO scenarios (number, unlocked) VALUES (54, 1)")
    t.to(54)
    assert 59 not in t.deck("city") and 59 not in t.deck("road")
    r = t.ok("scenario", "finish", "54", "--won", "--level", "1", "--json")
    assert 59 in t.deck("city") and 59 in t.deck("road")
    assert not any(n.startswith("add city event 59") for n in r["notes"]), r["notes"]


@pytest.mark.parametrize("number", [106, 107])
def test_fc_106_and_107_link_to_112_but_do_not_unlock_it(t, db_file, number):
    # Issue 26 (GHS: 106 and 107 have links [112] and no unlocks; 112 opens with the third Pieces of
    # an Artifact, GHS section 49).
    sc = next(s for s in data.load("scenarios") if s["number"] == number)
    assert sc["links"] == [112] and 112 not in sc["unlocks"]
    set_sql(db_file, f"INSERT INTO scenarios (number, unlocked) VALUES ({number}, 1)")
    set_sql(db_file, "INSERT INTO global_achievements (key, count) VALUES ('knowledge-is-power', 2)")
    t.to(number)
    t.ok("scenario", "finish", str(number), "--won", "--level", "1")
    assert not t.v("SELECT unlocked FROM scenarios WHERE number = 112")


def test_the_third_pieces_of_an_artifact_unlocks_112(t, db_file):
    for _ in range(2):
        t.ok("campaign", "achievement", "add", "pieces-of-an-artifact")
    assert not t.v("SELECT unlocked FROM scenarios WHERE number = 112")
    out = t.ok("campaign", "achievement", "add", "pieces-of-an-artifact")
    assert "scenario 112 unlocked" in out
    assert t.v("SELECT unlocked FROM scenarios WHERE number = 112") == 1
    t.ok("undo")
    assert not t.v("SELECT unlocked FROM scenarios WHERE number = 112")
