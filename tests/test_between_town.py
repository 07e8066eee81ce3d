"""The town visit: shop prices, buy, sell, level-up, perks, donations."""

from __future__ import annotations


import pytest

from ghcli import data
from helpers import XP_THRESHOLDS, Campaign, set_sql

# The reputation table, written out band by band.
BANDS = [((19, 20), -5), ((15, 18), -4), ((11, 14), -3), ((7, 10), -2), ((3, 6), -1), ((-2, 2), 0),
         ((-6, -3), 1), ((-10, -7), 2), ((-14, -11), 3), ((-18, -15), 4), ((-20, -19), 5)]


def items() -> dict[int, dict]:
    return {i["number"]: i for i in data.load("items")}



@pytest.fixture
def c(cli, db_file) -> Campaign:
    c = Campaign(cli, db_file)
    c.ok("init", "--seed", "9")
    c.ok("character", "new", "Ann", "--class", "brute", "--player", "alice")
    c.ok("character", "new", "Bob", "--class", "tinkerer", "--player", "bob")
    return c


@pytest.mark.parametrize("rep", [20, 19, 18, 15, 14, 11, 10, 7, 6, 3, 2, 0, -2, -3, -6, -7, -10, -11, -14, -15,
                                 -18, -19, -20])
def test_shop_prices_follow_reputation(c, rep, db_file):
    set_sql(db_file, "UPDATE parties SET reputation = ?", rep)
    mod = next(m for (lo, hi), m in BANDS if lo <= rep <= hi)
    shop = c.ok("shop", "--json")
    assert shop["modifier"] == mod
    for i in shop["items"]:
        assert i["price"] == items()[i["number"]]["cost"] + mod


def test_shop_grows_with_prosperity(c):
    c.ok("campaign", "prosperity", "+4")  # level 2
    numbers = [i["number"] for i in c.ok("shop", "--json")["items"]]
    assert numbers == list(range(1, 22))
    text = c.cli("shop").stdout
    assert "Boots of Striding" in text and "price" in text


def test_buy_and_sell_rules(c):
    c.ok("character", "adjust", "Ann", "--gold", "+100")
    c.refused("buy", "Ann", "22", words="not in the shop")
    c.refused("buy", "Ann", "Bootz of Striding", code=2, words="Boots of Striding")
    c.refused("sell", "Ann", "1", words="does not own")
    c.ok("buy", "Ann", "1")
    c.ok("character", "adjust", "Bob", "--gold", "+100")
    c.ok("buy", "Bob", "1")
    assert c.v("SELECT copies FROM supply WHERE item = 1") == 0
    c.ok("character", "new", "Cid", "--class", "cragheart")
    c.refused("buy", "Cid", "1", words="no copy")
    sold = c.ok("sell", "Bob", "1", "--json")
    assert sold["price"] == items()[1]["cost"] // 2
    assert c.v("SELECT copies FROM supply WHERE item = 1") == 1


def test_sell_rounds_half_down(c, db_file):
    odd = next(i for i in data.load("items") if i["cost"] % 2 == 1 and i["number"] <= 14 + 7 * 8)
    set_sql(db_file, "INSERT INTO character_items (character_id, item) SELECT id, ? FROM characters WHERE name = 'Ann'",
            odd["number"])
    before = c.char("Ann")["gold"]
    c.ok("sell", "Ann", str(odd["number"]))
    assert c.char("Ann")["gold"] == before + odd["cost"] // 2
    assert c.v("SELECT copies FROM supply WHERE item = ?", odd["number"]) == 1


def test_level_up_rules(c):
    brute = {c_["number"]: c_ for c_ in data.load("ability_cards") if c_["class"] == "brute"}
    level1 = next(n for n, x in brute.items() if x["level"] == 1)
    level2 = [n for n, x in brute.items() if x["level"] == 2]
    level3 = [n for n, x in brute.items() if x["level"] == 3]
    c.ok("character", "adjust", "Ann", "--xp", f"+{XP_THRESHOLDS[2] - 1}")
    c.refused("level-up", "Ann", "--card", str(level2[0]), "--perk", "1", words="needs 45")
    c.ok("character", "adjust", "Ann", "--xp", "+1")
    c.refused("level-up", "Ann", "--card", str(level1), "--perk", "1", words="always in the pool")
    c.refused("level-up", "Ann", "--card", str(level3[0]), "--perk", "1", words="at most 2")
    c.refused("level-up", "Ann", "--card", "1", "--perk", "99", words="always in the pool")
    c.refused("level-up", "Ann", "--card", str(level2[0]), "--perk", "99", code=2, words="1-11")
    c.refused("level-up", "Ann", "--card", "Spinning Top", "--perk", "1", code=2, words="unknown brute ability card")
    c.ok("level-up", "Ann", "--card", str(level2[0]), "--perk", "1")
    c.ok("character", "adjust", "Ann", "--xp", f"+{XP_THRESHOLDS[3] - XP_THRESHOLDS[2]}")
    c.refused("level-up", "Ann", "--card", str(level2[0]), "--perk", "2", words="already has")
    # Perk 1 of the Brute has one box: taken already.
    c.refused("level-up", "Ann", "--card", str(level2[1]), "--perk", "1", words="1 of 1 times")
    up = c.ok("level-up", "Ann", "--card", str(level2[1]), "--perk", "3", "--json")
    assert up["level"] == 3 and up["max_hp"] == next(
        x for x in data.load("classes") if x["key"] == "brute")["hp"][2]


def test_level_up_to_prosperity_level(c):
    """A character below the prosperity level may level up to it (its XP rises to the threshold)."""
    c.ok("campaign", "prosperity", "+4")  # prosperity level 2
    card = next(x for x in data.load("ability_cards") if x["class"] == "tinkerer" and x["level"] == 2)
    c.ok("level-up", "Bob", "--card", card["name"], "--perk", "1")
    assert (c.char("Bob")["level"], c.char("Bob")["xp"]) == (2, XP_THRESHOLDS[2])
    other = next(x for x in data.load("ability_cards") if x["class"] == "tinkerer" and x["level"] == 3)
    c.refused("level-up", "Bob", "--card", other["name"], "--perk", "2", words="needs 95")


def test_perks_from_checkmarks(c):
    brute = next(x for x in data.load("classes") if x["key"] == "brute")
    two_box = next(i + 1 for i, p in enumerate(brute["perks"]) if p["count"] == 2)
    c.refused("perk", "Ann", "1", words="all 0 perks")
    c.ok("character", "adjust", "Ann", "--checkmarks", "+2")
    c.refused("perk", "Ann", "1", words="next comes at 3 checkmarks")
    c.ok("character", "adjust", "Ann", "--checkmarks", "+16")  # 18 checkmarks (a full sheet): 6 perks
    for _ in range(2):
        c.ok("perk", "Ann", str(two_box))
    c.refused("perk", "Ann", str(two_box), words="2 of 2 times")
    for n in (1, 2, 5, 7):
        c.ok("perk", "Ann", str(n))
    c.refused("perk", "Ann", "10", words="at most 6")
    assert c.v("SELECT sum(times) FROM character_perks") == 6


def test_donations(c, db_file):
    c.ok("donate", "Ann")
    c.ok("donate", "Bob")
    assert c.v("SELECT donations FROM campaign") == 20
    c.ok("character", "adjust", "Bob", "--gold", "-20")
    # Next visit: Bob has 0 gold.
    c.ok("travel", "1", "--casual")
    c.ok("scenario", "finish", "1", "--lost")
    c.ok("return")
    c.refused("donate", "Bob", words="a donation is 10")
    # Envelope B and the first prosperity checkmark at 100 gold, the next at 150 (issue 17).
    set_sql(db_file, "UPDATE campaign SET donations = 90")
    r = c.ok("donate", "Ann", "--json")
    assert r["envelope_b"] is True and r["prosperity"] == 1 and r["donations"] == 100
    set_sql(db_file, "UPDATE campaign SET donations = 140")
    c.ok("character", "adjust", "Bob", "--gold", "+10")
    r = c.ok("donate", "Bob", "--json")
    assert r["envelope_b"] is False and r["prosperity"] == 1
    assert c.v("SELECT prosperity FROM campaign") == 2


def test_town_actions_need_town(c):
    c.ok("travel", "1")
    for args in (("buy", "Ann", "1"), ("sell", "Ann", "1"), ("donate", "Ann"), ("perk", "Ann", "1"),
                 ("level-up", "Ann", "--card", "14", "--perk", "1"), ("retire", "Ann")):
        c.refused(*args, words="only in town")
    assert "Boots of Striding" in c.cli("shop").stdout  # reading the shop is fine anywhere
