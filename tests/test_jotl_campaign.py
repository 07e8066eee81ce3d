"""A Jaws of the Lion campaign (issue 28): the edition chosen at init, kept, shown; its rules followed;
what the box lacks refused with a sentence that says so.

Expected values come from the rules as the issue and docs/campaign.md state them (bonus XP 4 + 2L,
coin values, XP thresholds) and from the box's facts (ghcli/editions/jotl/, checked against GHS's
jotl.json by test_jotl_facts.py): the tests never read ghcli's code for an answer.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from helpers import COIN_VALUE, XP_THRESHOLDS, Campaign, bonus_xp, doc_section, run_ok

JOTL = Path(__file__).resolve().parent.parent / "ghcli" / "editions" / "jotl"


def facts(name: str):
    return json.loads((JOTL / f"{name}.json").read_text(encoding="utf-8"))


def scenario(n: int) -> dict:
    return next(s for s in facts("scenarios") if s["number"] == n)


def item(n: int) -> dict:
    return next(i for i in facts("items") if i["number"] == n)


CLASSES = ("demolitionist", "hatchet", "red-guard", "voidwarden")
PARTY = {"Boom": "demolitionist", "Axe": "hatchet", "Red": "red-guard", "Void": "voidwarden"}


@pytest.fixture
def camp(cli, db_file):
    c = Campaign(cli, db_file)
    c.ok("init", "--edition", "jotl", "--party", "Gloomy Gulls", "--seed", "5")
    return c


@pytest.fixture
def party(camp):
    for i, (name, cls) in enumerate(PARTY.items()):
        camp.ok("character", "new", name, "--class", cls, "--player", "ABCD"[i])
    return camp


def status(camp) -> dict:
    return camp.ok("status", "--json")


def play(camp, n: int, *extra: str) -> dict:
    camp.ok("travel", str(n))
    out = camp.ok("scenario", "finish", str(n), "--won", *extra, "--json")
    camp.ok("return")
    return out


# -- init, status, the database -------------------------------------------------


def test_init_keeps_the_edition_and_status_shows_it(camp):
    st = status(camp)
    assert st["edition"]["key"] == "jotl" and st["edition"]["name"] == "Jaws of the Lion"
    assert camp.v("SELECT edition FROM campaign") == "jotl"
    assert st["campaign"]["name"] == "Jaws of the Lion"  # the default name is the edition's
    assert st["prosperity"] is None and st["donations"] is None
    assert st["party"]["reputation"] is None and st["party"]["price_modifier"] is None
    assert sorted(st["unlocked_classes"]) == sorted(CLASSES)
    assert [s["number"] for s in st["available_scenarios"]] == [1]
    assert camp.q("SELECT * FROM supply") == [] and camp.q("SELECT * FROM event_decks") == []
    assert set(st["edition"]["lacks"]) == {"prosperity", "reputation", "donations", "achievements", "class unlocks",
                                           "road events", "personal quests", "retirement", "random dungeons",
                                           "solo scenarios"}
    text = camp.cli("status").stdout
    assert "Edition:      Jaws of the Lion" in text and "Prosperity" not in text and "Reputation" not in text


def test_gloomhaven_stays_the_default_and_says_so(cli, db_file):
    c = Campaign(cli, db_file)
    c.ok("init")
    st = status(c)
    assert st["edition"] == {"key": "gh", "name": "Gloomhaven with Forgotten Circles", "lacks": {}}
    assert c.v("SELECT edition FROM campaign") == "gh" and st["prosperity"]["level"] == 1
    assert "Edition:      Gloomhaven with Forgotten Circles" in cli("status").stdout


def test_an_unknown_edition_is_bad_input_naming_the_editions(cli, db_file):
    r = cli("init", "--edition", "fh")
    assert r.exit_code == 2 and "unknown edition 'fh'" in r.stderr and "jotl" in r.stderr and "--edition" in r.stderr
    assert not db_file.exists()


def test_a_campaign_made_before_editions_opens_as_gloomhaven(cli, db_file):
    run_ok(cli, "init", "--seed", "1")
    con = sqlite3.connect(db_file)  # as an older ghcli left it: no edition column, no migration recorded
    for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' "
                               "AND name LIKE 'journal_campaign%'"):
        con.execute(f'DROP TRIGGER "{name}"')
    con.execute("ALTER TABLE campaign DROP COLUMN edition")
    con.execute("DELETE FROM _sqlite_migrations WHERE name IN ('0007_edition', '0008_journal_triggers')")
    con.commit()
    con.close()
    st = json.loads(run_ok(cli, "status", "--json").stdout)
    assert st["edition"]["key"] == "gh" and st["prosperity"]["checkmarks"] == 0
    assert sqlite3.connect(db_file).execute("SELECT edition FROM campaign").fetchone() == ("gh",)
    run_ok(cli, "campaign", "prosperity", "+1")
    run_ok(cli, "undo")  # the undo triggers cover the new column
    assert json.loads(run_ok(cli, "status", "--json").stdout)["prosperity"]["checkmarks"] == 0


def test_the_editions_section_of_the_docs_runs_as_written(cli, db_file):
    import shlex

    section = doc_section("editions")
    walk, shown = section.split("```sh\n")[1].split("```")[0], section.split("```\n$ ")[1].split("```")[0]
    lines = [shlex.split(line) for line in walk.splitlines() if line.strip() and not line.startswith("export ")]
    assert lines[0][:3] == ["ghcli", "init", "--edition"]
    for words in lines:
        run_ok(cli, *words[1:])
    shown = ("$ " + shown).strip().splitlines()
    assert len(shown) == 4
    for command, error in zip(shown[::2], shown[1::2]):
        r = cli(*shlex.split(command.removeprefix("$ "))[1:])
        assert r.exit_code == 1 and r.stderr.strip() == error


# -- what the box lacks ----------------------------------------------------------

LACKING = [
    (("campaign", "prosperity", "+1"), "Jaws of the Lion has no prosperity"),
    (("party", "reputation", "+1"), "Jaws of the Lion has no reputation"),
    (("donate", "Boom"), "Jaws of the Lion has no Sanctuary donations"),
    (("campaign", "donations", "+10"), "Jaws of the Lion has no Sanctuary donations"),
    (("campaign", "achievement", "add", "first-steps"), "Jaws of the Lion has no global or party achievements"),
    (("campaign", "achievement", "list"), "Jaws of the Lion has no global or party achievements"),
    (("party", "achievement", "add", "first-steps"), "Jaws of the Lion has no global or party achievements"),
    (("party", "achievement", "list"), "Jaws of the Lion has no global or party achievements"),
    (("campaign", "unlock-class", "brute"), "four classes are all played from the start"),
    (("event", "draw", "road"), "Jaws of the Lion has no road events"),
    (("event", "deck", "set", "road", "1,2"), "Jaws of the Lion has no road events"),
    (("character", "quest", "Boom", "510"), "Jaws of the Lion has no personal quests"),
    (("character", "quest", "Boom"), "Jaws of the Lion has no personal quests"),
    (("character", "new", "Quinn", "--class", "hatchet", "--quest", "510"), "Jaws of the Lion has no personal quests"),
    (("character", "new", "Old", "--class", "hatchet", "--retired"), "Jaws of the Lion has no retirement"),
    (("retire", "Boom"), "Jaws of the Lion has no retirement"),
    (("solo", "list"), "a Jaws of the Lion campaign has none"),
    (("solo", "finish", "Boom", "--won"), "a Jaws of the Lion campaign has none"),
    (("dungeon", "finish", "--won"), "a Jaws of the Lion campaign has none"),
]


@pytest.mark.parametrize("args,words", LACKING, ids=[" ".join(a[:2]) + (f" {a[2]}" if len(a) > 2 else "")
                                                     for a, _ in LACKING])
def test_what_the_box_lacks_is_refused_with_a_sentence(camp, args, words):
    camp.ok("character", "new", "Boom", "--class", "demolitionist")
    camp.refused(*args, code=1, words=words)


def test_an_event_outcome_the_box_cannot_give_is_refused(party):
    play(party, 1)
    play(party, 2)
    play(party, 3)
    party.ok("event", "draw", "city")
    for flag, value, words in (("--reputation", "+1", "no reputation"), ("--prosperity", "1", "no prosperity"),
                               ("--achievement", "first-steps", "no global or party achievements")):
        party.refused("event", "resolve", "city", "--option", "A", flag, value, "--return", words=words)
    party.ok("event", "resolve", "city", "--option", "B", "--gold", "Boom=5", "--remove")


def test_jotl_facts_are_what_its_campaign_finds(camp):
    r = camp.cli("character", "new", "Hilda", "--class", "brute")
    assert r.exit_code == 2 and "unknown class 'brute'" in r.stderr
    show = camp.ok("class", "show", "red guard", "--json")
    red = next(c for c in facts("classes") if c["key"] == "red-guard")
    assert show["hand_size"] == red["hand_size"] and show["hp"] == red["hp"] and len(show["perks"]) == len(red["perks"])
    levels = [g["level"] for g in show["cards"]]
    assert levels[:4] == ["A", "B", "1", "X"] and levels[4:] == [str(n) for n in range(2, 10)]


# -- characters -----------------------------------------------------------------


def test_a_new_character_has_no_gold_no_quest_and_no_level_above_the_party(camp):
    c = camp.ok("character", "new", "Boom", "--class", "demolitionist", "--json")
    assert (c["level"], c["gold"], c["xp"], c["quest"], c["quest_offer"]) == (1, 0, 0, None, [])
    assert c["max_hp"] == next(x for x in facts("classes") if x["key"] == "demolitionist")["hp"][0]
    camp.refused("character", "new", "Axe", "--class", "hatchet", "--level", "2", "--card", "23",
                 words="at most at the level of the party's highest-level character (1)")
    camp.q("SELECT 1")
    con = sqlite3.connect(camp.path)
    con.execute("UPDATE characters SET level = 3, xp = 95 WHERE name = 'Boom'")
    con.commit()
    con.close()
    axe = camp.ok("character", "new", "Axe", "--class", "hatchet", "--level", "3", "--card", "23", "--card", "25",
                  "--json")
    assert (axe["level"], axe["xp"], axe["gold"]) == (3, XP_THRESHOLDS[3], 0)
    camp.refused("character", "new", "Red", "--class", "red guard", "--level", "4", "--card", "237", "--card", "239",
                 "--card", "241", words="(3), not 4")


# -- the first five scenarios, by commands ----------------------------------------


def test_the_tutorial_scenarios_follow_the_box(party):
    level = 1  # four level-1 characters: the recommended level is ceil(1 / 2)
    empty = party.cli("shop")  # before scenario 2 the supply is empty, and the text says so
    assert empty.exit_code == 0 and "no items yet" in empty.stdout and "#" not in empty.stdout
    # 1: no bonus XP and no gold for money tokens (its rules); unlocks 2
    r1 = play(party, 1, "--xp", "Boom=4", "--coins", "Boom=5")
    boom = next(c for c in r1["characters"] if c["name"] == "Boom")
    assert (boom["xp_gained"], boom["gold_gained"]) == (4, 0)
    assert scenario(1)["rewards"]["ignored_bonus"] == ["gold", "xp"]
    # 2: 25 gold each, no bonus XP, and items 1-13 enter the shop with all their copies
    r2 = play(party, 2, "--coins", "Red=3")
    gains = {c["name"]: (c["xp_gained"], c["gold_gained"]) for c in r2["characters"]}
    assert gains == {"Boom": (0, 25), "Axe": (0, 25), "Red": (0, 25 + 3 * COIN_VALUE[level]), "Void": (0, 25)}
    shop = party.ok("shop", "--json")
    assert shop["reputation"] is None and shop["modifier"] == 0
    assert {i["number"]: (i["price"], i["copies"]) for i in shop["items"]} == {
        n: (item(n)["cost"], item(n)["count"]) for n in range(1, 14)}
    # buying at the printed cost
    party.ok("buy", "Boom", "Iron Helmet")
    assert party.char("Boom")["gold"] == 25 - item(2)["cost"]
    # 3: the bonus XP, one extra perk each, and the city event deck 1-22, shuffled
    r3 = play(party, 3, "--xp", "Void=3")
    assert {c["name"]: c["xp_gained"] for c in r3["characters"]} == {
        "Boom": bonus_xp(level), "Axe": bonus_xp(level), "Red": bonus_xp(level), "Void": bonus_xp(level) + 3}
    assert all(c["extra_perks_gained"] == 1 for c in r3["characters"])
    assert sorted(party.deck("city")) == list(range(1, 23)) and party.deck("city") != list(range(1, 23))
    assert party.deck("road") == []
    st = status(party)
    assert all((c["perks_earned"], c["perks_taken"]) == (1, 0) for c in st["characters"])
    party.ok("perk", "Void", "1")
    drawn = party.ok("event", "draw", "city", "--json")
    assert drawn["card"] == party.q("SELECT card FROM pending_events")[0]["card"] and drawn["left"] == 21
    party.refused("event", "draw", "city", words="is drawn and not resolved")
    party.ok("event", "resolve", "city", "--option", "A", "--xp-each", "2", "--return")
    # 4: its reward item 14 to the character named
    r4 = play(party, 4, "--item", "Void=14")
    assert next(c for c in r4["characters"] if c["name"] == "Void")["items_gained"] == [14]
    # 5: 25 XP each on top of the bonus
    r5 = play(party, 5)
    assert all(c["xp_gained"] == bonus_xp(level) + 25 for c in r5["characters"])
    st = status(party)
    assert [s["number"] for s in st["available_scenarios"]] == [6]
    completed = [r["number"] for r in party.q("SELECT number FROM scenarios WHERE completed = 1 ORDER BY number")]
    assert completed == [1, 2, 3, 4, 5]
    xp = {c["name"]: c["xp"] for c in st["characters"]}
    expected = {"Boom": 4 + 3 * bonus_xp(level) + 2 + 25, "Axe": 3 * bonus_xp(level) + 2 + 25,
                "Red": 3 * bonus_xp(level) + 2 + 25, "Void": 3 + 3 * bonus_xp(level) + 2 + 25}
    assert xp == expected


def test_a_city_event_waits_for_scenario_3(party):
    party.refused("event", "draw", "city", words="not in play yet: scenario 3's conclusion adds it")
    play(party, 1)
    play(party, 2)
    party.refused("event", "draw", "city", words="not in play yet")
    play(party, 3)
    party.ok("event", "draw", "city")


def test_travel_never_makes_a_road_event_due(party):
    t = party.ok("travel", "1", "--json")
    assert t["road_event_due"] is False and "Jaws of the Lion" in t["reason"]
    assert status(party)["party"]["road_event_due"] is False
    party.ok("scenario", "finish", "1", "--won")


# -- level-ups, perks, enhancements ------------------------------------------------


def test_level_ups_by_xp_only_and_never_a_tutorial_card(party):
    set_xp(party, "Boom", XP_THRESHOLDS[2] - 1)
    party.refused("level-up", "Boom", "--card", "94", "--perk", "1", words=f"level 2 needs {XP_THRESHOLDS[2]}")
    set_xp(party, "Boom", XP_THRESHOLDS[2])
    party.refused("level-up", "Boom", "--card", "74", "--perk", "1", words="tutorial card (level A)")
    party.refused("level-up", "Boom", "--card", "80", "--perk", "1", words="tutorial card (level B)")
    party.refused("level-up", "Boom", "--card", "86", "--perk", "1", words="level 1 card, always in the pool")
    party.refused("level-up", "Boom", "--card", "96", "--perk", "1", words="level 3 card")
    r = party.ok("level-up", "Boom", "--card", "94", "--perk", "2", "--json")
    demo = next(c for c in facts("classes") if c["key"] == "demolitionist")
    assert (r["level"], r["card"], r["perk"], r["max_hp"]) == (2, 94, 2, demo["hp"][1])
    assert r["perk_text"] == demo["perks"][1]["text"]
    party.refused("perk", "Boom", "2", words="has taken the 1 perk earned")  # the level-up's perk is the one


def set_xp(camp, name, xp):
    con = sqlite3.connect(camp.path)
    con.execute("UPDATE characters SET xp = ? WHERE name = ?", [xp, name])
    con.commit()
    con.close()


def set_gold(camp, name, gold):
    con = sqlite3.connect(camp.path)
    con.execute("UPDATE characters SET gold = ? WHERE name = ?", [gold, name])
    con.commit()
    con.close()


def test_enhancing_is_open_from_the_start_at_the_first_editions_costs(party):
    set_gold(party, "Boom", 500)
    # 90 One-Two Punch is a level-1 card whose top prints two Attacks, a diamond beside each (GHS's jotl.json):
    # +1 Attack costs 50 (the first edition's table, which the box prints)
    r = party.ok("enhance", "apply", "Boom", "--card", "90", "--action", "top", "--ability", "attack", "--yes",
                 "--json")
    assert (r["cost"], r["gold"]) == (50, 450)
    again = party.ok("enhance", "apply", "Boom", "--card", "90", "--action", "top", "--ability", "attack", "--yes",
                     "--json")
    assert again["cost"] == 50 + 75  # one previous sticker on the action
    party.refused("enhance", "apply", "Boom", "--card", "90", "--action", "top", "--ability", "attack", "--yes",
                  words="every slot of One-Two Punch (top) that takes +1 Attack holds a sticker already")
    # 86 Implode's top prints an Attack with no slot
    party.refused("enhance", "apply", "Boom", "--card", "86", "--action", "top", "--ability", "attack", "--yes",
                  words="Implode (top) has no slot that takes +1 Attack")
    # 107 The Bigger One's top is an area Attack; GHS's jotl.json gives no card of the box a hex slot
    party.refused("enhance", "apply", "Boom", "--card", "107", "--action", "top", "--hex", "4", "--yes",
                  words="The Bigger One (top) has no slot that takes a hex")
    party.refused("enhance", "apply", "Boom", "--card", "74", "--action", "top", "--ability", "attack", "--yes",
                  words="tutorial card")
    quote = json.loads(party.cli("enhance", "cost", "--edition", "jotl", "--ability", "attack", "--json").stdout)
    assert quote["cost"] == 50


def test_a_sticker_goes_only_in_a_slot_the_card_prints(party, tmp_path):
    """162 Resigned Frenzy (level X) has one slot (GHS's jotl.json): a diamond beside its top's Attack 2;
    its bottom's Move 4 and Attack 2 have none. An element on the Attack costs 100 (level 1, no previous)."""
    set_gold(party, "Void", 500)
    sticker = ["enhance", "apply", "Void", "--card", "162", "--yes"]
    party.refused(*sticker, "--action", "bottom", "--effect", "light", "--on", "attack",
                  words="Resigned Frenzy (bottom) has no slot on its Attack that takes one element (light)")
    r = party.ok(*sticker, "--action", "top", "--effect", "light", "--on", "attack", "--json")
    assert (r["cost"], r["gold"], r["on"], r["several_targets"]) == (100, 400, "attack", False)
    party.refused(*sticker, "--action", "top", "--effect", "dark", "--on", "attack",
                  words="every slot of Resigned Frenzy (top) that takes one element (dark) holds a sticker already "
                        "(it prints Attack (diamond))")
    party.refused(*sticker, "--action", "top", "--ability", "heal",
                  words="Resigned Frenzy (top) prints no Heal")
    assert party.q("SELECT card, action, sticker, cost FROM enhancements") == [
        {"card": 162, "action": "top", "sticker": "light", "cost": 100}]
    assert party.char("Void")["gold"] == 400
    # GHS has the slot for the one sticker taken: the export carries it, and names nothing it lacks a slot for
    out = tmp_path / "ghs.json"
    r = party.cli("export", "--format", "ghs", "-o", str(out), "--json")
    assert r.exit_code == 0, r.output
    assert not [n for n in json.loads(r.stdout)["not_carried"] if "sticker" in n["what"]]
    void = next(c for c in json.loads(out.read_text())["characters"] if c["title"] == "Void")
    assert void["progress"]["enhancements"] == [
        {"cardId": 162, "actionIndex": "0-0", "index": 0, "action": "light", "inherited": False}]


# -- the log: undo, replay, files ---------------------------------------------------


def test_undo_replay_and_the_native_file_keep_the_edition(party, tmp_path, cli):
    play(party, 1)
    play(party, 2)
    from helpers import state_dump

    before = state_dump(party.path)
    party.ok("buy", "Axe", "11")
    party.ok("undo")
    assert state_dump(party.path) == before
    # a rebuild from the log (what a sync does) is the same campaign
    from ghcli.campaign.kind import Store
    from ghcli.journal import replay

    store = Store.open(party.path)
    items, next_seq = replay.items(store), replay.next_seq(store)
    rebuilt = replay.rebuild(tmp_path / "rebuilt.db", store.kind, items, next_seq_=next_seq)
    store.close()
    rebuilt.close()
    again = Campaign(cli, tmp_path / "rebuilt.db")
    assert again.v("SELECT edition FROM campaign") == "jotl"
    assert again.q("SELECT item, copies FROM supply ORDER BY item") == party.q(
        "SELECT item, copies FROM supply ORDER BY item")
    # ghcli's own file, out and back
    out = tmp_path / "c.json"
    run_ok(cli, "export", "-o", out)
    run_ok(cli, "--db", tmp_path / "back.db", "import", out)
    back = json.loads(run_ok(cli, "--db", tmp_path / "back.db", "status", "--json").stdout)
    assert back["edition"]["key"] == "jotl" and back["characters"] == status(party)["characters"]


def test_monster_stats_follow_the_edition(party, cli, tmp_path):
    zealot = next(m for m in facts("monsters")["monsters"] if m["key"] == "zealot")
    doc = party.ok("monster", "show", "zealot", "--level", "3", "--json")
    assert doc["normal"]["health"] == zealot["stats"]["normal"][3]["health"]
    away = cli("--db", tmp_path / "none.db", "monster", "show", "zealot")
    assert away.exit_code == 2  # with no campaign: Gloomhaven's monsters
    ok = json.loads(run_ok(cli, "--db", tmp_path / "none.db", "monster", "show", "zealot", "--edition", "jotl",
                           "--level", "3", "--json").stdout)
    assert ok == doc
