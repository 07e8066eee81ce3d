"""Issue 2: character new/show/list/adjust and personal quests."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from ghcli.campaign import catalog
from ghcli.campaign.kind import Store
from helpers import direct, run_ok, snapshot



def show(cli, name: str) -> dict:
    return json.loads(run_ok(cli, "character", "show", name, "--json").stdout)


@pytest.fixture
def camp(cli, db_file):
    run_ok(cli, "init", "--seed", "11")
    return db_file


ALL_QUESTS = [q["number"] for q in catalog.personal_quests()]


def test_new_level_one(cli, camp):
    c = json.loads(run_ok(cli, "character", "new", "Hilda", "--class", "BRUTE", "--player", "Ana", "--json").stdout)
    assert (c["class"], c["level"], c["xp"], c["gold"], c["checkmarks"]) == ("brute", 1, 0, 30, 0)
    assert c["player"] == "Ana" and c["party"] == "Party"
    assert c["max_hp"] == 10 and c["hand_size"] == 10 and c["next_level_xp"] == 45
    # Two quests drawn with the seeded stream: "11:1" (seed, one history entry so far).
    expect = sorted(random.Random("11:1").sample(ALL_QUESTS, 2))
    assert [q["number"] for q in c["quest_offer"]] == expect
    assert c["quest"] is None and c["extra_perks"] == 0


def test_show_says_a_level_up_is_due(cli, camp):
    run_ok(cli, "character", "new", "Hilda", "--class", "brute")
    assert "XP 0 (next level at 45), gold 30" in run_ok(cli, "character", "show", "Hilda").stdout
    run_ok(cli, "character", "adjust", "Hilda", "--xp", "45")  # the threshold of level 2 (45 XP)
    line = run_ok(cli, "character", "show", "Hilda").stdout.splitlines()[1]
    assert line.startswith("XP 45 (next level at 45: level 2 is due, `ghcli level-up` in town)"), line


@pytest.mark.parametrize("checkmarks, level", [(4, 2), (15, 4), (64, 9)])
def test_new_up_to_prosperity_level(cli, camp, checkmarks, level):
    run_ok(cli, "campaign", "prosperity", f"+{checkmarks}")
    # One card per level above 1: the first mindthief card of each level 2..L (levels from the data).
    cards = [next(c["name"] for c in catalog.ability_cards("mindthief") if c["level"] == lv)
             for lv in range(2, level + 1)]
    args = [a for name in cards for a in ("--card", name)]
    c = json.loads(run_ok(cli, "character", "new", "Vex", "--class", "mindthief", "--level", level, *args,
                          "--json").stdout)
    assert c["level"] == level
    assert [(x["name"], x["at_level"]) for x in c["cards"]] == list(zip(cards, range(2, level + 1)))
    assert c["gold"] == 15 * (level + 1)
    assert c["xp"] == [0, 45, 95, 150, 210, 275, 345, 420, 500][level - 1]
    assert c["max_hp"] == catalog.find_class("mindthief")["hp"][level - 1]
    assert c["perks_earned"] == level - 1


def test_quests_drawn_are_distinct_from_those_in_use(cli, camp):
    taken: set[int] = set()
    # 24 quests: 12 characters draw 2 each and none may share one.
    classes = ["brute", "tinkerer", "spellweaver", "scoundrel", "cragheart", "mindthief"]
    for i in range(12):
        if i % 4 == 0 and i:  # a party holds at most four characters
            run_ok(cli, "party", "new", f"Party {i}")
        c = json.loads(run_ok(cli, "character", "new", f"C{i}", "--class", classes[i % 6], "--json").stdout)
        offer = {q["number"] for q in c["quest_offer"]}
        assert len(offer) == 2 and not offer & taken
        taken |= offer
    assert taken == set(ALL_QUESTS)
    run_ok(cli, "party", "new", "Latecomers")
    c = json.loads(run_ok(cli, "character", "new", "Late", "--class", "brute", "--json").stdout)
    assert c["quest_offer"] == []  # none left


def test_keep_quest_returns_the_other(cli, camp):
    c = show(cli, run_ok(cli, "character", "new", "Hilda", "--class", "brute") and "Hilda")
    kept, other = [q["number"] for q in c["quest_offer"]]
    not_offered = next(n for n in ALL_QUESTS if n not in (kept, other))
    before = snapshot(camp)
    r = cli("character", "quest", "Hilda", not_offered)
    assert r.exit_code == 1 and "not offered" in r.stderr and snapshot(camp) == before
    q = json.loads(run_ok(cli, "character", "quest", "hilda", kept, "--json").stdout)
    assert q["quest"]["number"] == kept and q["offer"] == [] and not q["fulfilled"]
    s = Store.open(camp)
    assert s.one("SELECT quest, quest_offer FROM characters") == {"quest": kept, "quest_offer": None}
    # The unkept quest is free again: --quest may take it for a new character.
    run_ok(cli, "character", "new", "Quill", "--class", "spellweaver", "--quest", other)
    assert show(cli, "Quill")["quest"]["number"] == other
    r = cli("character", "new", "Third", "--class", "tinkerer", "--quest", kept)
    assert r.exit_code == 1 and "held by or offered" in r.stderr
    r = cli("character", "quest", "Hilda", other)
    assert r.exit_code == 1 and "already keeps" in r.stderr


def test_quest_fulfilled(cli, camp):
    run_ok(cli, "character", "new", "Hilda", "--class", "brute")
    before = snapshot(camp)
    r = cli("character", "quest", "Hilda", "--fulfilled")
    assert r.exit_code == 1 and "not kept" in r.stderr and snapshot(camp) == before
    offer = show(cli, "Hilda")["quest_offer"]
    run_ok(cli, "character", "quest", "Hilda", offer[0]["number"])
    q = json.loads(run_ok(cli, "character", "quest", "Hilda", "--fulfilled", "--json").stdout)
    assert q["fulfilled"] is True
    assert Store.open(camp).value("SELECT quest_fulfilled FROM characters") == 1
    assert "(fulfilled)" in run_ok(cli, "character", "quest", "Hilda").stdout
    r = cli("character", "quest", "Hilda", "--fulfilled")
    assert r.exit_code == 1 and "already fulfilled" in r.stderr
    r = cli("character", "quest", "Hilda", "3", "--fulfilled")
    assert r.exit_code == 2


def test_player_extra_perks_copied_at_creation(cli, camp):
    conn = sqlite3.connect(camp)
    conn.execute("INSERT INTO players (name, extra_perks) VALUES ('Ana', 2)")
    conn.commit()
    conn.close()
    run_ok(cli, "character", "new", "Hilda", "--class", "brute", "--player", "Ana")
    run_ok(cli, "character", "new", "Quill", "--class", "spellweaver", "--player", "Ben")
    assert show(cli, "Hilda")["extra_perks"] == 2 and show(cli, "Hilda")["perks_earned"] == 2
    assert show(cli, "Quill")["extra_perks"] == 0


@pytest.mark.parametrize("args, code, message", [
    (("character", "new", "X", "--class", "sunkeeper"), 1, "not unlocked"),
    (("character", "new", "X", "--class", "brut"), 2, "did you mean 'brute'"),
    (("character", "new", "X", "--class", "brute", "--level", "2"), 1, "prosperity level (1)"),
    (("character", "new", "X", "--class", "brute", "--level", "10"), 2, "between 1 and 9"),
    (("character", "new", "X", "--class", "brute", "--level", "two"), 2, "two"),
    (("character", "new", "X", "--class", "brute", "--quest", "999"), 2, "personal quest"),
    (("character", "new", "hilda", "--class", "tinkerer"), 1, "already exists"),
    (("character", "new", "X", "--class", "brute"), 1, "already plays the Brute"),
    (("character", "new", " ", "--class", "tinkerer"), 2, "must not be empty"),
    (("character", "adjust", "Hilda", "--gold", "-31"), 1, "would leave -1"),
    (("character", "adjust", "Hilda", "--xp", "+5", "--checkmarks", "-1"), 1, "would leave -1"),
    (("character", "adjust", "Hilda"), 2, "nothing to adjust"),
    (("character", "adjust", "Hilda", "--gold", "ten"), 2, "whole number"),
    (("character", "adjust", "Hilds", "--gold", "+1"), 2, "did you mean 'Hilda'"),
    (("character", "show", "Hilds"), 2, "did you mean 'Hilda'"),
    (("character", "quest", "Hilda", "9999"), 2, "personal quest"),
])
def test_refused_and_bad_character_commands_leave_database_unchanged(cli, camp, args, code, message):
    run_ok(cli, "character", "new", "Hilda", "--class", "brute")
    before = snapshot(camp)
    r = cli(*args)
    assert r.exit_code == code, r.output
    assert message in r.stderr and "Traceback" not in r.output
    assert snapshot(camp) == before


def test_new_only_in_town(cli, camp):
    conn = sqlite3.connect(camp)
    conn.execute("UPDATE parties SET location = 'road', scenario = 1")
    conn.commit()
    conn.close()
    before = snapshot(camp)
    r = cli("character", "new", "X", "--class", "brute")
    assert r.exit_code == 1 and "not in town" in r.stderr and snapshot(camp) == before


def test_adjust(cli, camp):
    run_ok(cli, "character", "new", "Hilda", "--class", "brute")
    r = run_ok(cli, "character", "adjust", "Hilda", "--xp", "+50", "--gold", "-30", "--checkmarks", "3")
    assert "XP 50, gold 0, checkmarks 3" in r.stdout
    c = show(cli, "Hilda")
    assert (c["level"], c["xp"], c["gold"], c["checkmarks"], c["perks_earned"]) == (1, 50, 0, 3, 1)
    hist = json.loads(run_ok(cli, "history", "--json").stdout)[0]
    assert hist["command"] == "character adjust"
    assert hist["summary"] == "Hilda: xp +50 (0 -> 50), gold -30 (30 -> 0), checkmarks +3 (0 -> 3)"


def test_show_items_perks_cards(cli, camp):
    run_ok(cli, "character", "new", "Hilda", "--class", "brute", "--player", "Ana")
    s = Store.open(camp)
    cid = s.value("SELECT id FROM characters")
    card = next(c for c in catalog.ability_cards("brute") if c["level"] == 2)
    with direct(s) as db:
        db.execute("INSERT INTO character_items (character_id, item) VALUES (?, 1)", [cid])
        db.execute("INSERT INTO character_perks (character_id, perk, times) VALUES (?, 3, 2)", [cid])
        db.execute("INSERT INTO character_cards (character_id, card, at_level) VALUES (?, ?, 2)", [cid, card["number"]])
    c = show(cli, "Hilda")
    assert c["items"] == [{"number": 1, "name": catalog.item(1)["name"]}]
    assert c["perks"] == [{"perk": 3, "times": 2, "text": catalog.find_class("brute")["perks"][2]["text"]}]
    assert c["perks_taken"] == 2
    assert c["cards"] == [{"card": card["number"], "name": card["name"], "at_level": 2}]
    text = run_ok(cli, "character", "show", "hilda").stdout
    assert "level 1 Brute, played by Ana" in text and catalog.item(1)["name"] in text and card["name"] in text


def test_list(cli, camp):
    run_ok(cli, "character", "new", "Hilda", "--class", "brute", "--player", "Ana")
    run_ok(cli, "character", "new", "Quill", "--class", "spellweaver")
    conn = sqlite3.connect(camp)
    conn.execute("UPDATE characters SET retired = 1 WHERE name = 'Quill'")
    conn.commit()
    conn.close()
    rows = json.loads(run_ok(cli, "character", "list", "--json").stdout)
    assert [c["name"] for c in rows] == ["Hilda"]
    rows = json.loads(run_ok(cli, "character", "list", "--all", "--json").stdout)
    assert [(c["name"], c["retired"]) for c in rows] == [("Hilda", False), ("Quill", True)]
    text = run_ok(cli, "character", "list").stdout
    assert "Hilda" in text and "Brute" in text and "Ana" in text and "Quill" not in text
    # A retired character's name stays taken; adjusting it is refused.
    r = cli("character", "adjust", "Quill", "--gold", "+1")
    assert r.exit_code == 1 and "retired" in r.stderr
