"""Jaws of the Lion at the table (issue 28): `scenario setup` and a board's `card:` read the box's own facts.

Before, a Jaws of the Lion campaign set up Gloomhaven's scenario 1 (Black Barrow) and failed on its
Bandit Guards. Expected values come from Gloomhaven Secretariat's jotl.json, counted here straight
from GHS's file where it is beside the project (../shared/ghs; a fresh clone skips those, saying
so), and from numbers written out by hand from that file for scenarios 1 and 5 and for the ability
cards (the card's +N/-N on the stat card's numbers, as tests/test_board_card.py does for Gloomhaven).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import ghs_data
import ghs_slots
from ghcli import data, editions
from ghcli.boards import textboard as tb
from ghcli.campaign import monster_stats as monsters
from ghcli.campaign.monster_deck import resolve
from ghcli.campaign.scenario_setup import setup
from ghcli.errors import BadInput, NotFound
from ghcli.rules.board import Board
from ghcli.rules.monster import decide

NEEDS_GHS = pytest.mark.skipif(ghs_data.DATA is None or not (ghs_data.DATA / "jotl.json").exists(),
                               reason="../shared/ghs (GHS's jotl.json) is not here")


def _jotl_setup(number: int, players: int, level: int = 1) -> dict:
    with editions.using("jotl"):
        return setup(number, players, level)


def _ours(number: int, players: int, level: int = 1) -> dict:
    out = _jotl_setup(number, players, level)
    return {r["room"]: Counter({(s["monster"], s["kind"]): s["count"] for s in r["standees"]}) for r in out["rooms"]}


def _ghs_scenario(number: int) -> dict:
    (s,) = [x for x in ghs_data.load_ghs("jotl")["scenarios"] if x["index"] == str(number)]
    return s


def _ghs_rooms(number: int, players: int) -> dict:
    """{room number: Counter of (monster, kind)} straight from GHS's jotl.json."""
    out = {}
    for r in _ghs_scenario(number)["rooms"]:
        got: Counter = Counter()
        for m in r.get("monster", []):
            kind = m.get("type") or m.get(f"player{players}")
            if kind:
                got[(m["name"].split(":")[0], kind)] += 1
        out[r["roomNumber"]] = got
    return out


# -- the rooms and standees ---------------------------------------------------

SCENARIOS = [1, 3, 5, 11, 21, 25]  # the tutorial's first three, a boss, a spawning one, a later one, the last


@NEEDS_GHS
@pytest.mark.parametrize("number", SCENARIOS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_room_holds_the_standees_of_ghs_jotl_data(number, players):
    assert _ours(number, players) == _ghs_rooms(number, players)


@NEEDS_GHS
@pytest.mark.parametrize("number", range(1, 26))
def test_every_scenario_has_ghs_rooms_tiles_and_the_monsters_its_rules_bring(number):
    s = _ghs_scenario(number)
    out = _jotl_setup(number, 3)
    assert out["name"] == s["name"]
    assert [(r["room"], r["tile"], r["initial"], r["opens"]) for r in out["rooms"]] == [
        (r["roomNumber"], r.get("ref"), bool(r.get("initial")), r.get("rooms", [])) for r in s["rooms"]]
    placed = {m["name"] for r in s["rooms"] for m in r.get("monster", [])}
    # 9's living corpses, 16's rats and imps, 18's golems ...: by the scenario's rules, no room places them
    assert sorted(o["monster"] for o in out["others"]) == sorted(set(s["monsters"]) - placed)


@NEEDS_GHS
@pytest.mark.parametrize("number", SCENARIOS + [16, 22])
def test_the_decks_are_ghs_jotl_decks(number):
    gh = ghs_data.load_ghs("jotl")
    deck_of = {m["name"]: m.get("deck", m["name"]) for m in gh["monsters"]}
    cards = {d["name"]: sorted(c["cardId"] for c in d["abilities"]) for d in gh["decks"] if not d.get("character")}
    got = _jotl_setup(number, 2)["decks"]
    assert {d["deck"] for d in got} == {deck_of[m] for m in _ghs_scenario(number)["monsters"]}
    for d in got:
        assert sorted(d["cards"]) == cards[d["deck"]]


@NEEDS_GHS
def test_the_shipped_scenario_monsters_are_ghs_jotl_data():
    # (derived from the edition's ghs.json at load time, not shipped twice)
    derived = data.scenario_monsters(editions.get("jotl").load("ghs"))
    assert derived == ghs_slots.build_scenario_monsters(ghs_slots.GHS, "jotl")["scenarios"]


def test_scenario_1_by_hand():
    # Roadside Ambush, one room (the book's map jotl01-1): six Common Vermling Raider entries, two
    # normal and one elite always, then (2: normal, 3: normal, 4: elite) and twice (3: normal, 4: elite)
    assert _ours(1, 2) == {1: Counter({("common-vermling-raider", "normal"): 3,
                                       ("common-vermling-raider", "elite"): 1})}
    assert _ours(1, 3) == {1: Counter({("common-vermling-raider", "normal"): 5,
                                       ("common-vermling-raider", "elite"): 1})}
    assert _ours(1, 4) == {1: Counter({("common-vermling-raider", "normal"): 2,
                                       ("common-vermling-raider", "elite"): 4})}
    out = _jotl_setup(1, 2, 1)
    assert (out["name"], out["others"]) == ("Roadside Ambush", [])
    assert [(r["room"], r["tile"], r["initial"], r["opens"]) for r in out["rooms"]] == [(1, "jotl01-1", True, [])]
    raider = next(s for s in out["rooms"][0]["standees"] if s["kind"] == "normal")
    # its stat card at level 1: 5 health, move 1, attack 2 (normal); elite 10, 1, 2
    assert (raider["name"], raider["stats"]["health"], raider["stats"]["move"], raider["stats"]["attack"]) == (
        "Common Vermling Raider", 5, 1, 2)
    # the tutorial's deck: one card, 375
    assert out["decks"] == [{"deck": "common-vermling-raider", "monsters": ["Common Vermling Raider"], "cards": [375]}]


def test_scenario_5_by_hand_its_boss_for_the_characters():
    # A Deeper Understanding: room 1 chaos demons; room 2 chaos demons and an elite zealot; room 3
    # the Blood Tumor (boss, 10 x C health at level 1) and two zealots
    want = {
        2: {1: {("chaos-demon", "normal"): 2},
            2: {("chaos-demon", "normal"): 1, ("zealot", "elite"): 1},
            3: {("blood-tumor", "boss"): 1, ("zealot", "normal"): 2}},
        3: {1: {("chaos-demon", "normal"): 3},
            2: {("chaos-demon", "normal"): 2, ("zealot", "elite"): 1},
            3: {("blood-tumor", "boss"): 1, ("zealot", "normal"): 1, ("zealot", "elite"): 1}},
        4: {1: {("chaos-demon", "normal"): 2, ("chaos-demon", "elite"): 1},
            2: {("chaos-demon", "normal"): 1, ("chaos-demon", "elite"): 1, ("zealot", "elite"): 1},
            3: {("blood-tumor", "boss"): 1, ("zealot", "elite"): 2}},
    }
    for players, rooms in want.items():
        assert _ours(5, players) == {n: Counter(r) for n, r in rooms.items()}, players
        boss = next(s for r in _jotl_setup(5, players, 1)["rooms"] for s in r["standees"] if s["kind"] == "boss")
        assert (boss["name"], boss["stats"]["health"]) == ("Blood Tumor", 10 * players)
    decks = {d["deck"]: d["cards"] for d in _jotl_setup(5, 2)["decks"]}
    assert decks == {"boss": list(range(468, 476)), "chaos-demon": list(range(412, 420)),
                     "zealot": list(range(384, 392))}


@pytest.mark.parametrize("level", [0, 4, 7])
def test_stats_are_the_jotl_stat_card_at_the_level(level):
    with editions.using("jotl"):
        out = setup(11, 4, level)
        for r in out["rooms"]:
            for s in r["standees"]:
                assert s["stats"] == monsters.at_level(monsters.find(s["monster"]), level, 4)[s["kind"]]


def test_a_scenario_jotl_does_not_have():
    with editions.using("jotl"), pytest.raises(NotFound, match="scenario"):
        setup(26, 2, 1)


# -- the command: the campaign's edition, or --edition ------------------------

def test_a_jotl_campaign_sets_up_its_own_scenarios(cli, tmp_path):
    db = tmp_path / "j.db"
    assert cli("--db", db, "init", "--edition", "jotl", "--name", "T").exit_code == 0
    for args in (("--players", "2"), ("--players", "2", "--level", "1")):  # (with --level: no party asked)
        r = cli("--db", db, "scenario", "setup", "1", *args, "--json")
        assert r.exit_code == 0, r.stderr
        out = json.loads(r.stdout)
        assert out["name"] == "Roadside Ambush"
        assert {s["monster"] for room in out["rooms"] for s in room["standees"]} == {"common-vermling-raider"}
    for name, cls in (("Boom", "demolitionist"), ("Axe", "hatchet"), ("Red", "red-guard")):
        assert cli("--db", db, "character", "new", name, "--class", cls, "--player", name).exit_code == 0
    out = json.loads(cli("--db", db, "scenario", "setup", "5", "--json").stdout)
    assert (out["name"], out["players"], out["level_from"]) == ("A Deeper Understanding", 3, "the campaign's party")
    text = cli("--db", db, "scenario", "setup", "1", "-p", "2").stdout
    assert "room 1 (jotl01-1, the first):" in text
    assert "common-vermling-raider (Common Vermling Raider): 1 card 375." in text
    r = cli("--db", db, "scenario", "setup", "26", "-p", "2")
    assert r.exit_code == 2 and "26" in r.stderr and "Traceback" not in r.stderr


def test_without_a_campaign_edition_says_which_box(cli, tmp_path):
    none = tmp_path / "none.db"
    out = json.loads(cli("--db", none, "scenario", "setup", "1", "-p", "4", "--edition", "jotl", "--json").stdout)
    assert out["name"] == "Roadside Ambush" and not none.exists()
    out = json.loads(cli("--db", none, "scenario", "setup", "1", "-p", "4", "--json").stdout)
    assert out["name"] == "Black Barrow"  # Gloomhaven's, as before
    r = cli("--db", none, "scenario", "setup", "1", "-p", "4", "--edition", "fh")
    assert r.exit_code == 2 and "--edition" in r.stderr and "unknown edition 'fh'" in r.stderr
    gh = tmp_path / "gh.db"
    assert cli("--db", gh, "init").exit_code == 0
    assert json.loads(cli("--db", gh, "scenario", "setup", "1", "-p", "2", "--json").stdout)["name"] == "Black Barrow"
    # --edition over a campaign's, as monster show --edition: the other box's facts
    out = json.loads(cli("--db", gh, "scenario", "setup", "1", "-p", "2", "--edition", "jotl", "--json").stdout)
    assert out["name"] == "Roadside Ambush"


# -- a board's card: ------------------------------------------------------------

MAP = """map: 0,0
 a       .       .       .       .
     .       .       .       .
 .       .       .       .       b
     .       .       .       .
 .       c       .       .       .
figures:
a = mon monster{elite}
b = boom character 20
c = void character 40
"""


def _board(head: str, elite: bool = False, rules: str = "jaws-of-the-lion") -> str:
    return f"board: {rules} flat\nactive: a\n" + head + "\n" + MAP.format(elite=" elite" if elite else "")


# (monster, elite, level, card, the move and attack typed by hand) from jotl.json's stat cards and decks
CARDS = [
    # Zealot normal L1: move 2, attack 2, melee. Card 385: move +1, attack -1.
    ("zealot", False, 1, 385, "move: 3\nattack: melee"),
    # Zealot elite L1: move 2, attack 3, melee. Card 391: no move; attack +1, range 3 (the card's own).
    ("zealot", True, 1, 391, "move: 0\nattack: range 3"),
    # Vermling Scout normal L1: move 3, attack 1, melee. Card 466: no move; attack -1, range 4, target 2.
    ("vermling-scout", False, 1, 466, "move: 0\nattack: range 4 targets 2"),
    # Giant Viper normal L1: move 2, melee. Card 396: move +1 jump; attack +0, target 2.
    ("giant-viper", False, 1, 396, "move: 3 jump\nattack: melee targets 2"),
]


@pytest.mark.parametrize("monster, elite, level, card, typed", CARDS, ids=lambda v: str(v))
def test_a_jotl_board_reads_the_jotl_monsters_card(monster, elite, level, card, typed):
    resolved, why = resolve(tb.load(_board(f"card: {card} {monster} level {level}", elite)))
    by_hand = tb.load(_board(typed, elite))
    assert resolved["action"] == by_hand["action"]
    assert decide(Board.from_dict(resolved)).to_dict() == decide(Board.from_dict(by_hand)).to_dict()
    assert why[0].startswith(f"the action: ability card {card} ")


def test_the_board_not_the_campaign_says_whose_decks():
    # Gloomhaven's Giant Viper card 687 is not in Jaws of the Lion's viper deck (396-403), and back
    with pytest.raises(BadInput, match=r"card 687 is not in Giant Viper's deck \(giant-viper: cards 396-403\)"):
        resolve(tb.load(_board("card: 687 giant-viper level 0")))
    assert resolve(tb.load(_board("card: 687 giant-viper level 0", rules="gloomhaven")))[0]["action"]["jump"]
    with pytest.raises(NotFound, match="zealot"):
        resolve(tb.load(_board("card: 385 zealot level 1", rules="gloomhaven")))
    with editions.using("jotl"):  # the active edition (a Jaws of the Lion campaign) does not change a gh board
        assert resolve(tb.load(_board("card: 534 bandit-archer level 1", rules="gloomhaven")))[0]["action"]


def test_rules_focus_on_a_jotl_board(cli, tmp_path):
    card, hand = tmp_path / "card.txt", tmp_path / "hand.txt"
    card.write_text(_board("card: 385 zealot level 1"), encoding="utf-8")
    hand.write_text(_board("move: 3\nattack: melee"), encoding="utf-8")
    db = tmp_path / "j.db"
    assert cli("--db", db, "init", "--edition", "jotl").exit_code == 0
    for where in (("--db", db), ("--db", tmp_path / "none.db")):
        r = cli(*where, "rules", "focus", card, "--json")
        assert r.exit_code == 0, r.stderr
        assert json.loads(r.stdout) == json.loads(cli("rules", "focus", hand, "--json").stdout)
    text = cli("rules", "focus", card, "--why").stdout
    assert "ability card 385 (initiative 35) on the stat card of Zealot (normal, level 1)" in text
