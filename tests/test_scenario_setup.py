"""`ghcli scenario setup N --players P [--level L]` against GHS's own data (issue 25).

The shipped facts (ghcli/data/scenario_rooms.json, monster_decks.json, and
Jaws of the Lion's beside its switches in ghcli/editions/jotl/) are built
from Gloomhaven Secretariat's game data by tests/ghs_data.py; where that data
is here (../shared/ghs, as in CI) the files must be exactly what it builds,
and each room of Gloomhaven's scenarios 1, 8 and 42 at 2, 3 and 4 characters
must hold the standees GHS's data gives, counted here straight from GHS's
file. Scenario 1 is also checked against numbers written out by hand, for a
clone without ../shared. Jaws of the Lion's set-ups: tests/test_jotl_setup.py.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import ghs_data
from ghcli import data
from ghcli.campaign import monster_stats
from ghcli.campaign.scenario_setup import setup

NEEDS_GHS = pytest.mark.skipif(ghs_data.GHS is None, reason="../shared/ghs (GHS's data) is not here")


@NEEDS_GHS
@pytest.mark.parametrize("edition", sorted(ghs_data.EDITIONS))
def test_the_shipped_files_are_what_ghs_data_gives(edition):
    doc = ghs_data.load_ghs(edition)
    for name in ghs_data.FILES:
        shipped = ghs_data.shipped_path(edition, name).read_text(encoding="utf-8")
        assert shipped == ghs_data.build(edition, name, doc), \
            f"{edition}'s {name}.json: rebuild it with python tests/ghs_data.py"


def test_every_edition_ships_its_rooms_and_decks():
    # (a fresh clone has no ../shared: the files are at least there, where each edition reads them)
    assert ghs_data.shipped_path("gh", "scenario_rooms") == ghs_data.ROOT / "ghcli" / "data" / "scenario_rooms.json"
    for edition in ghs_data.EDITIONS:
        for name in ghs_data.FILES:
            assert ghs_data.shipped_path(edition, name).is_file(), (edition, name)


def _ghs_rooms(number: int, players: int) -> dict:
    """{room number: Counter of (monster, kind)} straight from GHS's scenario file."""
    gh = ghs_data.load_ghs()
    (s,) = [x for x in gh["scenarios"] if x["index"] == str(number) and not x.get("group")]
    out = {}
    for r in s["rooms"]:
        got = Counter()
        for m in r.get("monster", []):
            kind = m.get("type") or m.get(f"player{players}")
            if kind:
                got[(m["name"].split(":")[0], kind)] += 1
        out[r["roomNumber"]] = got
    return out


def _ours(number: int, players: int, level: int = 1) -> dict:
    out = setup(number, players, level)
    return {r["room"]: Counter({(s["monster"], s["kind"]): s["count"] for s in r["standees"]}) for r in out["rooms"]}


@NEEDS_GHS
@pytest.mark.parametrize("number", [1, 8, 42])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_room_holds_the_standees_of_ghs_data(number, players):
    assert _ours(number, players) == _ghs_rooms(number, players)


@NEEDS_GHS
@pytest.mark.parametrize("number", [1, 8, 42])
def test_the_decks_are_ghs_decks(number):
    gh = ghs_data.load_ghs()
    (s,) = [x for x in gh["scenarios"] if x["index"] == str(number) and not x.get("group")]
    deck_of = {m["name"]: m.get("deck", m["name"]) for m in gh["monsters"]}
    cards = {d["name"]: sorted(c["cardId"] for c in d["abilities"]) for d in gh["decks"]
             if all("cardId" in c for c in d["abilities"])}
    want = {deck_of[m.split(":")[0]] for m in s["monsters"]}
    got = setup(number, 2, 1)["decks"]
    assert {d["deck"] for d in got} == want
    for d in got:
        assert sorted(d["cards"]) == cards[d["deck"]]


def test_scenario_1_by_hand():
    # Black Barrow, room 1 (L1a): 2 characters: 2 normal and 1 elite Bandit Guard; 3: 6 normal;
    # 4: 4 normal and 2 elite. Room 3: Bandit Archers and Living Bones.
    assert _ours(1, 2)[1] == Counter({("bandit-guard", "normal"): 2, ("bandit-guard", "elite"): 1})
    assert _ours(1, 3)[1] == Counter({("bandit-guard", "normal"): 6})
    assert _ours(1, 4)[1] == Counter({("bandit-guard", "normal"): 4, ("bandit-guard", "elite"): 2})
    out = setup(1, 2, 1)
    assert [(r["room"], r["tile"], r["initial"], r["opens"]) for r in out["rooms"]] == [
        (1, "L1a", True, [2]), (2, "G1b", False, [3]), (3, "I1b", False, [])]
    guard = next(s for s in out["rooms"][0]["standees"] if s["kind"] == "normal")
    # the stat card at level 1: Bandit Guard normal 6 health, move 3, attack 2 (monsters.json)
    assert (guard["stats"]["health"], guard["stats"]["move"], guard["stats"]["attack"]) == (6, 3, 2)
    assert {d["deck"]: (d["cards"][0], d["cards"][-1]) for d in out["decks"]} == {
        "guard": (524, 531), "archer": (532, 539), "living-bones": (516, 523)}


@pytest.mark.parametrize("level", [0, 3, 7])
def test_stats_are_the_stat_card_at_the_level(level):
    out = setup(42, 4, level)
    for r in out["rooms"]:
        for s in r["standees"]:
            assert s["level"] == level
            assert s["stats"] == monster_stats.at_level(monster_stats.find(s["monster"]), level, 4)[s["kind"]]


def test_a_level_offset_and_a_boss():
    # 28: GHS's 'living-corpse:+2': two levels above the scenario's, within 0-7; 8: the Inox
    # Bodyguard boss of room 3, its health worked out for the characters (C)
    out = setup(28, 4, 6)
    corpses = [s for r in out["rooms"] for s in r["standees"] if s["monster"] == "living-corpse"]
    assert corpses and all(s["level"] == 7 for s in corpses)
    boss = next(s for r in setup(8, 3, 2)["rooms"] for s in r["standees"] if s["kind"] == "boss")
    facts = next(m for m in data.load("monsters")["monsters"] if m["key"] == "inox-bodyguard")
    formula = next(row["health"] for row in facts["stats"]["boss"] if row["level"] == 2)
    assert boss["stats"]["health"] == monster_stats.at_level(facts, 2, 3)["boss"]["health"] != formula


def test_the_command_takes_the_campaign_level_or_says_what_it_needs(cli, tmp_path, monkeypatch):
    none = tmp_path / "none.db"
    r = cli("--db", none, "scenario", "setup", "1", "--players", "3", "--json")
    out = json.loads(r.stdout)
    assert r.exit_code == 0 and (out["level"], out["level_from"]) == (1, "no campaign: a new party's")
    assert not none.exists()  # no campaign is made by asking
    r = cli("--db", none, "scenario", "setup", "1")
    assert r.exit_code == 2 and "--players" in r.stderr
    r = cli("--db", none, "scenario", "setup", "1", "-p", "5")
    assert r.exit_code == 2 and "2, 3 or 4" in r.stderr
    r = cli("--db", none, "scenario", "setup", "96", "-p", "2")
    assert r.exit_code == 2 and "1-95" in r.stderr
    db = tmp_path / "c.db"
    for args in (("init",), ("character", "new", "Hilda", "--class", "brute", "--player", "Ana"),
                 ("character", "new", "Quill", "--class", "spellweaver", "--player", "Ben")):
        assert cli("--db", db, *args).exit_code == 0
    out = json.loads(cli("--db", db, "scenario", "setup", "8", "--json").stdout)
    assert (out["players"], out["level"], out["level_from"]) == (2, 1, "the campaign's party")
    out = json.loads(cli("--db", db, "scenario", "setup", "8", "--level", "4", "--json").stdout)
    assert out["level"] == 4 and out["level_from"] == "--level"
    text = cli("--db", db, "scenario", "setup", "8").stdout
    assert "room 1 (I1a, the first), opens 2:" in text and "ability decks: " in text
