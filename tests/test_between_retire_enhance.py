"""retire and enhance apply."""

from __future__ import annotations


import pytest

from ghcli import data
from helpers import Campaign, set_sql


def classes() -> dict[str, dict]:
    return {c["key"]: c for c in data.load("classes")}



@pytest.fixture
def c(cli, db_file) -> Campaign:
    c = Campaign(cli, db_file)
    c.ok("init", "--seed", "21")
    c.ok("character", "new", "Ann", "--class", "brute", "--player", "alice")
    c.ok("character", "new", "Bob", "--class", "tinkerer", "--player", "bob")
    return c


def keep_quest(c: Campaign, name: str, number: int, db_file) -> None:
    set_sql(db_file, "UPDATE characters SET quest = ?, quest_offer = NULL WHERE name = ?", number, name)


def test_retire_unlocks_the_quest_class(c, db_file):
    quest = next(q for q in data.load("personal_quests") if q["unlocks"] == "quartermaster")
    keep_quest(c, "Ann", quest["number"], db_file)
    c.refused("retire", "Ann", words="not fulfilled")
    c.ok("character", "quest", "Ann", "--fulfilled")
    c.ok("buy", "Ann", "3")
    r = c.ok("retire", "Ann", "--json")
    qm, brute = classes()["quartermaster"], classes()["brute"]
    assert r["class_unlocked"] == "quartermaster" and r["item_design"] is None and r["side_scenario"] is None
    assert c.v("SELECT 1 FROM unlocked_classes WHERE class = 'quartermaster'") == 1
    city = c.deck("city")
    # 30 + the Quartermaster's unlock event + the Brute's retirement event.
    assert len(city) == 32 and {qm["city_event_on_unlock"], brute["city_event_on_retire"]} <= set(city)
    assert c.v("SELECT copies FROM supply WHERE item = 3") == 2
    assert c.v("SELECT prosperity FROM campaign") == 1
    assert r["first_retirement"] and r["first_of_class"]
    # A second Brute retiring is not the class's first.
    c.ok("character", "new", "Dee", "--class", "brute", "--player", "alice")
    assert c.char("Dee")["extra_perks"] == 1
    keep_quest(c, "Dee", quest["number"], db_file)
    c.ok("character", "quest", "Dee", "--fulfilled")
    r2 = c.ok("retire", "Dee", "--json")
    assert not r2["first_retirement"] and not r2["first_of_class"]
    assert c.v("SELECT extra_perks FROM players WHERE name = 'alice'") == 2
    # The Quartermaster is unlocked already: a random item design and side scenario instead.
    randoms = [i["number"] for i in data.load("items") if (i["source"] or "").startswith("random item design")]
    assert r2["class_unlocked"] is None
    assert r2["item_design"] in randoms and c.v("SELECT 1 FROM item_designs WHERE item = ?", r2["item_design"]) == 1
    assert 63 <= r2["side_scenario"] <= 71
    assert c.v("SELECT unlocked FROM scenarios WHERE number = ?", r2["side_scenario"]) == 1
    assert len(c.deck("city")) == 32  # nothing more added


def test_retire_without_player_and_undo(c, db_file):
    from helpers import state_dump

    c.ok("character", "new", "Eve", "--class", "scoundrel")
    keep_quest(c, "Eve", 512, db_file)
    c.ok("character", "quest", "Eve", "--fulfilled")
    before = state_dump(db_file)
    r = c.ok("retire", "Eve", "--json")
    assert r["player_extra_perks"] is None and c.v("SELECT count(*) FROM players") == 0
    c.ok("undo")
    assert state_dump(db_file) == before


def test_enhance_apply(c, db_file):
    from ghcli.rules import enhance

    brute_cards = [x for x in data.load("ability_cards") if x["class"] == "brute"]
    card = next(x for x in brute_cards if x["level"] == 1)
    c.refused("enhance", "apply", "Ann", "--card", str(card["number"]), "--action", "top", "--ability", "attack",
              words="The Power of Enhancement")
    c.ok("campaign", "achievement", "add", "the-power-of-enhancement")
    c.ok("character", "adjust", "Ann", "--gold", "+400")
    gold = c.char("Ann")["gold"]
    r = c.ok("enhance", "apply", "Ann", "--card", card["name"], "--action", "top", "--ability", "attack", "--json",
             "--yes")
    # First edition: attack 50, level 1, no previous enhancement.
    assert r["cost"] == enhance.quote(edition="gh", ability="attack").cost == 50
    assert c.char("Ann")["gold"] == gold - 50
    # A second sticker on the same action (Trample's top prints Attack and Pierce, each with a slot)
    # counts one previous enhancement (+75); the top prints no Move, so +1 Move is refused.
    c.refused("enhance", "apply", "Ann", "--card", card["name"], "--action", "top", "--ability", "move", "--yes",
              words="prints no Move")
    r = c.ok("enhance", "apply", "Ann", "--card", card["name"], "--action", "top", "--ability", "pierce", "--json",
             "--yes")
    assert r["previous"] == 1 and r["cost"] == 30 + 75
    # Prosperity level 1: the Brute may have one enhanced card only.
    other = next(x for x in brute_cards if x["level"] == 1 and x["number"] != card["number"])
    c.refused("enhance", "apply", "Ann", "--card", str(other["number"]), "--action", "top", "--ability", "move",
              "--yes", words="prosperity level 1")
    # Placement refused by the calculator; the stickers stay with the class after retiring.
    c.refused("enhance", "apply", "Ann", "--card", card["name"], "--action", "bottom", "--effect", "jump",
              "--on", "attack", words="Jump")
    c.refused("enhance", "apply", "Ann", "--card", card["name"], "--action", "middle", "--ability", "move",
              code=2, words="top or bottom")
    c.ok("character", "adjust", "Bob", "--gold", "-30")
    tink = next(x for x in data.load("ability_cards") if x["class"] == "tinkerer" and x["level"] == 1)
    c.refused("enhance", "apply", "Bob", "--card", str(tink["number"]), "--action", "bottom", "--ability", "move",
              "--yes", words="0 gold")
    keep_quest(c, "Ann", 512, db_file)
    c.ok("character", "quest", "Ann", "--fulfilled")
    c.ok("retire", "Ann")
    assert c.v("SELECT count(*) FROM enhancements WHERE class = 'brute'") == 2


@pytest.fixture
def solo(cli, db_file) -> Campaign:
    """Solo play: one player, alice, plays two characters."""
    c = Campaign(cli, db_file)
    c.ok("init", "--seed", "21")
    c.ok("character", "new", "Ann", "--class", "brute", "--player", "alice")
    c.ok("character", "new", "Cat", "--class", "tinkerer", "--player", "alice")
    return c


def retire(c: Campaign, name: str, quest: int, db_file) -> dict:
    keep_quest(c, name, quest, db_file)
    c.ok("character", "quest", name, "--fulfilled")
    return c.ok("retire", name, "--json")


def test_solo_play_each_character_counts_as_a_separate_player(solo, db_file):
    # Seed 000 section 8.7 (issue 26): in solo play each character is as if played by another player:
    # two characters of one player do not pool their extra perks.
    c = solo
    r = retire(c, "Ann", 512, db_file)
    assert r["player_extra_perks"] == 1
    c.ok("character", "new", "Dee", "--class", "brute", "--player", "alice")  # in Ann's place
    assert c.char("Dee")["extra_perks"] == 1
    r = retire(c, "Cat", 513, db_file)
    assert r["player_extra_perks"] == 1 and "solo play" in " ".join(r["done"])
    c.ok("character", "new", "Eli", "--class", "tinkerer", "--player", "alice")  # in Cat's place
    assert c.char("Eli")["extra_perks"] == 1  # not 2: Ann's perk stays with Ann's seat
    r = retire(c, "Dee", 514, db_file)
    assert r["player_extra_perks"] == 2
    c.ok("character", "new", "Fay", "--class", "scoundrel", "--player", "alice")
    assert c.char("Fay")["extra_perks"] == 2


def test_solo_play_two_retirements_before_new_characters(solo, db_file):
    c = solo
    retire(c, "Ann", 512, db_file)
    retire(c, "Cat", 513, db_file)
    c.ok("character", "new", "Dee", "--class", "brute", "--player", "alice")
    c.ok("character", "new", "Eli", "--class", "tinkerer", "--player", "alice")
    assert (c.char("Dee")["extra_perks"], c.char("Eli")["extra_perks"]) == (1, 1)


def test_an_older_database_gives_solo_characters_their_seats(solo, db_file):
    import sqlite3

    # Undo the seats' migration by hand (the column dropped, its record removed): opening runs it again.
    con = sqlite3.connect(db_file)
    for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'journal_%'") \
            .fetchall():
        con.execute(f'DROP TRIGGER "{name}"')
    con.execute("ALTER TABLE characters DROP COLUMN seat")
    con.execute("DELETE FROM _sqlite_migrations WHERE name IN ('0006_perk_seats', '0007_edition', "
                "'0008_journal_triggers')")
    con.execute("ALTER TABLE campaign DROP COLUMN edition")
    con.commit()
    con.close()
    c = solo
    c.ok("status")
    assert (c.char("Ann")["seat"], c.char("Cat")["seat"]) == (None, 2)  # made in that order
    retire(c, "Cat", 513, db_file)
    assert c.v("SELECT count(*) FROM players WHERE extra_perks > 0") == 0  # Cat's perk is its seat's
