"""Random dungeons (issue 18; seed 000 section 9): the drawing rule on decks of our own, and the command."""

from __future__ import annotations

import json
import random

import pytest

from ghcli.errors import BadInput
from ghcli.rules import dungeon as rules


def room(number, name, entrances, exits, tiles=("A1a",)):
    return rules.RoomCard(number, name, tuple(tiles), tuple(entrances), tuple(exits))


def monsters(number, name, placements=(), **kw):
    fields = dict(trap_spaces=(), trap_tile=None, trap_effects=(), difficult=(), hazardous=(), coins=(), treasures=())
    fields.update(kw)
    return rules.MonsterCard(number, name, tuple(sorted({p.monster for p in placements})), tuple(placements),
                             **fields)


class Stacked(random.Random):
    """A 'random' stream whose shuffle leaves each deck in the order given (the top card first)."""

    def shuffle(self, x):  # noqa: D102
        pass


M = [monsters(900 + i, f"Adj{i}") for i in range(3)]


def test_first_room_is_any_card_and_each_next_must_fit_the_previous_exit():
    deck = [room(1, "Hall", "B", "A"), room(2, "Pit", "B", "B"), room(3, "Den", "A", "B"),
            room(4, "Bog", "A", "A"), room(5, "Cave", "B", "A")]
    d = rules.draw(deck, M, Stacked(), 2)
    # Hall (exit A); Pit has only a B entrance: set aside; Den fits (A); then Bog (entrance A) does not
    # fit Den's exit B: set aside; Cave (entrance B) fits.
    assert [r.room.number for r in d.rooms] == [1, 3, 5]
    assert d.set_aside == (2, 4)
    assert [(r.entrance, r.exit) for r in d.rooms] == [("B", "A"), ("A", "B"), ("B", None)]


def test_set_aside_cards_do_not_come_back_for_a_later_room():
    deck = [room(1, "Hall", "A", "A"), room(2, "Pit", "B", "A"), room(3, "Den", "A", "B"),
            room(4, "Bog", "B", "B")]
    d = rules.draw(deck, M, Stacked(), 2)
    # Pit (B) set aside for room 2; Den fits; room 3 needs a B entrance: Bog, not Pit again.
    assert [r.room.number for r in d.rooms] == [1, 3, 4]
    assert d.set_aside == (2,)


def test_a_deck_that_cannot_make_three_rooms_is_an_error():
    deck = [room(1, "Hall", "A", "A"), room(2, "Pit", "B", "B"), room(3, "Den", "B", "A")]
    with pytest.raises(BadInput, match="ran out"):
        rules.draw(deck, M, Stacked(), 2)


def test_two_exits_use_the_one_the_next_room_can_enter_and_choices_are_listed():
    deck = [room(1, "Tunnel", "B", "AB"), room(2, "Trail", "B", "B"), room(3, "Road", "AB", "A")]
    d = rules.draw(deck, M, Stacked(), 2)
    first, second, third = d.rooms
    assert (first.exit, first.exit_choices) == ("B", ("B",))  # Trail has only a B entrance
    assert (second.entrance, second.exit) == ("B", "B")
    assert third.entrance == "B"  # Road has A and B entrances; the previous exit was B
    deck = [room(1, "Tunnel", "AB", "AB"), room(2, "Road", "AB", "A"), room(3, "Sewer", "A", "A")]
    d = rules.draw(deck, M, Stacked(), 2)
    assert d.rooms[0].entrance_choices == ("A", "B") and d.rooms[0].entrance == "A"
    assert d.rooms[0].exit_choices == ("A", "B") and d.rooms[0].exit == "A"
    assert d.rooms[1].entrance_choices == ("A",)


def test_names_penalties_and_spaces_for_the_player_count():
    ph = [rules.Placement(1, "imp", {2: None, 3: "normal", 4: "elite"}),
          rules.Placement(2, "ooze", {2: "normal", 3: "normal", 4: "normal"})]
    cards = [monsters(901, "Drowned", ph, trap_spaces=(5,), trap_effects=("stun", "damage"), trap_tile="spike-pit",
                      difficult=(("water", (6, 7)),), coins=(8,), treasures=(12,)),
             monsters(902, "Foggy"), monsters(903, "Wild")]
    deck = [room(534, "Sewer", "A", "A"), room(535, "Den", "A", "A"), room(536, "Cave", "A", "A")]
    for players, ranks in ((2, ["absent", "normal"]), (3, ["normal", "normal"]), (4, ["elite", "normal"])):
        d = rules.draw(deck, cards, Stacked(), players)
        assert [r.name for r in d.rooms] == ["Drowned Sewer", "Foggy Den", "Wild Cave"]
        assert [r.penalty for r in d.rooms] == ["none", "minor", "major"]
        assert [s.rank for s in d.rooms[0].spaces] == ranks
    doc = rules.as_dict(d, {"imp": "Imp"})["rooms"][0]
    assert doc["totals"] == {"imp": {"normal": 0, "elite": 1}, "ooze": {"normal": 1, "elite": 0}}
    assert doc["traps"] == {"spaces": [5], "effects": ["stun", "damage"], "tile": "spike-pit"}
    assert doc["difficult_terrain"] == {"water": [6, 7]} and doc["coins"] == [8] and doc["treasures"] == [12]
    assert doc["monsters"][0] == {"space": 1, "monster": "imp", "name": "Imp", "rank": "elite"}


@pytest.mark.parametrize("players", [0, 1, 5])
def test_only_two_to_four_players(players):
    deck = [room(1, "Hall", "A", "A")] * 3
    with pytest.raises(BadInput, match="2, 3 or 4"):
        rules.draw(deck, M, Stacked(), players)


def test_the_same_seed_draws_the_same_dungeon_and_others_differ():
    from ghcli.campaign import dungeon

    assert dungeon.draw(3, 7) == dungeon.draw(3, 7)
    assert len({json.dumps(dungeon.draw(3, s)["rooms"]) for s in range(10)}) > 5


def test_many_draws_chain_and_use_the_shipped_cards(cli, db_file):
    from ghcli import data

    facts = data.load("random_dungeons")
    rooms = {r["number"]: r for r in facts["rooms"]}
    cards = {m["number"]: m for m in facts["monsters"]}
    seen_fc = set()
    for seed in range(60):
        r = cli("dungeon", "draw", "--players", "4", "--seed", seed, "--json", "--forgotten-circles")
        assert r.exit_code == 0, r.output
        doc = json.loads(r.stdout)
        assert doc["seed"] == seed and doc["players"] == 4 and len(doc["rooms"]) == 3
        for prev, nxt in zip(doc["rooms"], doc["rooms"][1:]):
            assert prev["exit"] == nxt["entrance"]
            assert prev["exit"] in rooms[prev["room_card"]]["exits"]
            assert nxt["entrance"] in rooms[nxt["room_card"]]["entrances"]
        assert doc["rooms"][-1]["exit"] is None
        assert len({x["room_card"] for x in doc["rooms"]}) == 3 and len({x["monster_card"] for x in doc["rooms"]}) == 3
        for x in doc["rooms"]:
            card = cards[x["monster_card"]]
            assert x["name"] == f"{card['name']} {rooms[x['room_card']]['name']}"
            assert x["tiles"] == rooms[x["room_card"]]["tiles"]
            placed = {k: v for k, v in x["totals"].items() if v["normal"] or v["elite"]}
            want = {k: v for k, v in card["totals"]["4"].items() if v["normal"] or v["elite"]}
            assert placed == want
            seen_fc |= {x["monster_card"]} & {622, 623}
        assert not set(doc["set_aside"]) & {x["room_card"] for x in doc["rooms"]}
    assert seen_fc == {622, 623}
    assert not db_file.exists()  # casual play: no campaign read or made


def test_without_forgotten_circles_its_monster_cards_never_come(cli):
    for seed in range(40):
        doc = json.loads(cli("dungeon", "draw", "--seed", seed, "--json").stdout)
        assert doc["players"] == 2  # the default
        assert all(554 <= x["monster_card"] <= 573 for x in doc["rooms"])


def test_with_a_campaign_open_nothing_changes(cli, db_file):
    from helpers import snapshot

    assert cli("init", "--seed", 3).exit_code == 0
    before = snapshot(db_file)
    r = cli("dungeon", "draw", "--players", "3")
    assert r.exit_code == 0 and "Room 3:" in r.stdout and "suggested penalty: major" in r.stdout
    assert snapshot(db_file) == before


@pytest.mark.parametrize("args, message", [
    (["--players", "5"], "a random dungeon is for 2, 3 or 4 players, not 5 (--players)"),
    (["--players", "1"], "a random dungeon is for 2, 3 or 4 players, not 1 (--players)"),
    (["--seed", "x"], "invalid value for '--seed'"),
])
def test_bad_input_is_one_line_and_exit_2(cli, args, message):
    r = cli("dungeon", "draw", *args)
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1 and message in r.stderr and "Traceback" not in r.output


def test_finish_records_a_dungeon_as_casual_play_and_undo_reverts_it(cli, db_file):
    from helpers import run_ok, state_dump

    run_ok(cli, "init", "--seed", 2)
    run_ok(cli, "character", "new", "Ann", "--class", "brute", "--quest", 512)
    run_ok(cli, "character", "new", "Bo", "--class", "tinkerer", "--quest", 513)
    before = state_dump(db_file)
    status_before = json.loads(cli("status", "--json").stdout)
    r = json.loads(run_ok(cli, "dungeon", "finish", "--won", "--level", "2", "--xp", "Ann=8", "--coins", "Bo=3",
                          "--checkmarks", "Ann=1", "--seed", "11", "--json").stdout)
    # Level 2: coin value 3, bonus XP 4 + 2x2 = 8 each.
    assert (r["coin_value"], r["bonus_xp"], r["casual"]) == (3, 8, True)
    got = {c["name"]: (c["xp_gained"], c["gold_gained"], c["checkmarks_gained"]) for c in r["characters"]}
    assert got == {"Ann": (16, 0, 1), "Bo": (8, 9, 0)}
    status = json.loads(cli("status", "--json").stdout)
    for key in ("party", "prosperity", "achievements", "available_scenarios"):
        assert status[key] == status_before[key]  # nothing but the characters changed
    assert json.loads(cli("history", "--json").stdout)[0]["summary"] == \
        "random dungeon (seed 11) won at level 2 (casual)"
    lost = json.loads(run_ok(cli, "dungeon", "finish", "--lost", "--coins", "Ann=1", "--json").stdout)
    assert lost["level"] == 1 and lost["bonus_xp"] == 0 and lost["characters"][0]["gold_gained"] == 2
    run_ok(cli, "undo")
    run_ok(cli, "undo")
    assert state_dump(db_file) == before


@pytest.mark.parametrize("args, code, message", [
    ([], 2, "say how it ended: --won or --lost"),
    (["--lost", "--checkmarks", "Ann=1"], 2, "a lost dungeon gives XP and gold only: drop --checkmarks"),
    (["--won", "--level", "8"], 2, "scenario level 8 is not between 0 and 7"),
    (["--won", "--xp", "Zed=3"], 2, "unknown character 'Zed'"),
    (["--won", "--xp", "Ann=-3"], 2, "--xp Ann=-3: the count cannot be negative"),
])
def test_finish_bad_input_leaves_the_database(cli, db_file, args, code, message):
    from helpers import run_ok, snapshot

    run_ok(cli, "init")
    run_ok(cli, "character", "new", "Ann", "--class", "brute", "--quest", 512)
    before = snapshot(db_file)
    r = cli("dungeon", "finish", *args)
    assert r.exit_code == code and r.stderr.startswith(f"error: {message}") and r.stderr.count("\n") == 1
    assert snapshot(db_file) == before


def test_level_adds_the_trap_and_hazardous_damage(cli):
    doc = json.loads(cli("dungeon", "draw", "--seed", "4", "--level", "3", "--json").stdout)
    assert (doc["level"], doc["trap_damage"], doc["hazardous_damage"]) == (3, 5, 2)  # 2 + 3, half rounded down
    plain = json.loads(cli("dungeon", "draw", "--seed", "4", "--json").stdout)
    assert "trap_damage" not in plain and plain["rooms"] == doc["rooms"]
    r = cli("dungeon", "draw", "--level", "8")
    assert r.exit_code == 2 and r.stderr == "error: scenario level 8 is not between 0 and 7\n"


@pytest.mark.parametrize("levels, level, ok", [
    ((1, 1), 7, False), ((1, 1), 4, False), ((1, 1), 3, True), ((1, 1), 0, True),
    ((5, 6), 1, False), ((5, 6), 2, True), ((5, 6), 5, True), ((5, 6), 6, False),
])
def test_finish_level_is_the_recommended_level_minus_1_to_plus_2(cli, db_file, levels, level, ok):
    # Issue 26, seed 000 section 2: recommended = ceil(average level / 2) (1 and 1 -> 1; 5 and 6 -> 3),
    # then -1 to +2; a level-1 party is not paid at level 7.
    from helpers import run_ok, set_sql, snapshot

    run_ok(cli, "init")
    run_ok(cli, "character", "new", "Ann", "--class", "brute", "--quest", 512)
    run_ok(cli, "character", "new", "Bo", "--class", "tinkerer", "--quest", 513)
    for name, lv in zip(("Ann", "Bo"), levels):
        set_sql(db_file, "UPDATE characters SET level = ? WHERE name = ?", lv, name)
    before = snapshot(db_file)
    r = cli("dungeon", "finish", "--won", "--coins", "Ann=1", "--level", str(level), "--json")
    if ok:
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout)["level"] == level
    else:
        allowed = {(1, 1): "0-3 (recommended level 1", (5, 6): "2-5 (recommended level 3"}[levels]
        assert r.exit_code == 1 and r.stderr == (f"error: scenario level {level} is outside the allowed range "
                                                 f"{allowed}, -1 to +2)\n")
        assert snapshot(db_file) == before


def test_the_set_up_says_the_characters_start_within_2_hexes_of_the_entrance(cli):
    # Issue 26, seed 000 section 9: the players choose starting hexes within 2 hexes of the entrance.
    doc = json.loads(cli("dungeon", "draw", "--seed", "11", "--players", "3", "--json").stdout)
    assert doc["setup"] == {"room": 1, "entrance": doc["rooms"][0]["entrance"], "start_within_hexes": 2}
    text = cli("dungeon", "draw", "--seed", "11", "--players", "3").stdout
    assert "set-up: the characters start in hexes within 2 hexes of room 1's entrance (A)" in text
