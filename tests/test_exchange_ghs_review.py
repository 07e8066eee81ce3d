"""Issue 23, what the random campaigns of test_exchange_ghs_property.py found: each fix, as a test.

The node-free ones check ghcli's GHS file and its import against GHS's rules
as read from its code (named with each); the ones marked ``needs_ghs`` load
the file in GHS's own code (../shared/ghs/real) and skip, saying so, where it
or node is missing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import ghs_real
from helpers import run_ok

REASON = ghs_real.skip_reason()
needs_ghs = pytest.mark.skipif(REASON is not None, reason=str(REASON))


def export(cli, tmp_path: Path, name: str = "g.json") -> tuple[dict, dict[str, str], Path]:
    out = tmp_path / name
    r = run_ok(cli, "export", "--format", "ghs", "-o", str(out), "--json")
    return json.loads(out.read_text()), {n["what"]: n["why"] for n in json.loads(r.stdout)["not_carried"]}, out


def import_back(cli, path: Path, db: Path) -> dict:
    r = run_ok(cli, "--db", str(db), "import", str(path), "--json")
    return json.loads(r.stdout)


def rows(db: Path, sql: str, *params) -> list[tuple]:
    import sqlite3

    con = sqlite3.connect(db)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


# -- stickers -----------------------------------------------------------------------------------------


def test_a_jump_goes_on_the_move_s_circle_slot():
    """GHS's Move slots are circles (data/gh: every ``move`` has ``enhancementTypes: ["circle"]``); Jump goes
    only on a Move (seed 000 8.6.1). Before: no shape but the diamond took a Jump, so it went on an attack's
    diamond, or nowhere."""
    from ghcli.campaign.exchange import ghs_map

    # the Brute's Trample (card 1): bottom Move 0 circle; Leaping Cleave (9): top attack diamond, bottom move
    assert ghs_map.place("brute", 1, "bottom", "jump", set()) == ("bottom-0", 0)
    assert ghs_map.place("brute", 3, "top", "jump", set()) is None  # Sweeping Blow's top: an attack, no move
    assert all(s[4] == "move" for s in ghs_map.slots("brute", 9)
               if ghs_map.takes(s[3], "jump", s[4], None))
    # the Mindthief's card 150: one bottom Move circle; an element goes there, a negative condition never
    assert ghs_map.place("mindthief", 150, "bottom", "jump", set()) == ("bottom-0", 0)
    assert ghs_map.place("mindthief", 150, "bottom", "fire", set()) == ("bottom-0", 0)
    assert ghs_map.place("mindthief", 150, "bottom", "poison", set()) is None


def test_a_jump_sticker_reaches_ghs_and_comes_back(cli, tmp_path):
    for args in (["init", "--seed", "1"], ["campaign", "achievement", "add", "The Power of Enhancement"],
                 ["character", "new", "Ana", "--class", "brute", "--player", "Zoe"],
                 ["character", "adjust", "Ana", "--gold", "+100"],
                 ["enhance", "apply", "Ana", "--card", "Trample", "--action", "bottom", "--effect", "jump", "--yes"]):
        run_ok(cli, *args)
    game, notes, path = export(cli, tmp_path)
    assert game["characters"][0]["progress"]["enhancements"] == [
        {"cardId": 1, "actionIndex": "bottom-0", "index": 0, "action": "jump", "inherited": False}]
    assert not any("sticker" in w and "slot" in notes[w] for w in notes)
    back = tmp_path / "back.db"
    import_back(cli, path, back)
    assert rows(back, "SELECT card, action, sticker, slot FROM enhancements") == [(1, "bottom", "jump", "bottom-0/0")]


# -- solo play: each of one player's characters a separate player --------------------------------------


SOLO = [["init", "--seed", "4"], ["character", "new", "Sable", "--class", "spellweaver", "--player", "Eli"],
        ["character", "new", "Nim", "--class", "mindthief", "--player", "Eli", "--quest", "526"],
        ["character", "quest", "Nim", "--fulfilled"], ["retire", "Nim"],
        ["character", "new", "Rook", "--class", "brute", "--player", "Eli"]]


def test_a_later_seat_is_a_ghs_player_slot_of_its_own(cli, tmp_path):
    """Seed 000 8.7: in solo play each character counts as a separate player for retirement perks. GHS keeps
    players as slots (``number``; CharacterManager counts a slot's retirements for its next character), so
    Eli's second seat is a slot of its own with Eli's name again; imported back, the seat is the slot's place
    among the slots of that name and its retirement is not in Eli's pool."""
    for args in SOLO:
        run_ok(cli, *args)
    assert rows(tmp_path / "campaign.db", "SELECT name, seat, extra_perks FROM characters ORDER BY id") == [
        ("Sable", None, 0), ("Nim", 2, 0), ("Rook", 2, 1)]
    game, _, path = export(cli, tmp_path)
    assert game["party"]["players"] == ["Eli", "Eli"]
    numbers = {c["title"]: c["number"] for c in [*game["characters"], *game["party"]["retirements"]]}
    assert numbers == {"Sable": 1, "Nim": 2, "Rook": 2}
    back = tmp_path / "back.db"
    import_back(cli, path, back)
    assert rows(back, "SELECT name, seat, extra_perks, retired FROM characters ORDER BY name") == [
        ("Nim", 2, 0, 1), ("Rook", 2, 1, 0), ("Sable", None, 0, 0)]
    assert rows(back, "SELECT name, extra_perks FROM players") == [("Eli", 0)]  # before: Eli 1, pooled
    # the next character of seat 1 gets nothing from Nim; one in a new seat 3 starts fresh
    run_ok(cli, "--db", str(back), "character", "new", "Wren", "--class", "cragheart", "--player", "Eli")
    assert rows(back, "SELECT seat, extra_perks FROM characters WHERE name = 'Wren'") == [(3, 0)]


@needs_ghs
def test_ghs_shows_both_seats_with_their_player(cli, tmp_path):
    for args in SOLO:
        run_ok(cli, *args)
    _, _, path = export(cli, tmp_path)
    view = ghs_real.load(path, tmp_path / "ghs").view
    seen = {c["title"]: (c["player"], c["availablePerks"]) for c in view["characters"]}
    assert seen == {"Sable": ("Eli", 0), "Rook": ("Eli", 1)}


# -- the shop -------------------------------------------------------------------------------------------


SOLD_BACK = [["init", "--seed", "8"], ["character", "new", "Ana", "--class", "brute", "--player", "Zoe"],
             ["character", "give", "Ana", "103", "--not-from-supply"], ["sell", "Ana", "103"]]


def test_an_item_sold_back_goes_to_ghs_s_unlocked_items(cli, tmp_path):
    """Seed 000 8.3: a sold item joins the supply. GHS's shop is the prosperity level's items and
    ``unlockedItems`` (ItemManager.getItems): Drakescale Armor sold back goes there with its copies, reported,
    and comes back a design."""
    for args in SOLD_BACK:
        run_ok(cli, *args)
    game, notes, path = export(cli, tmp_path)
    assert {"name": "103", "edition": "gh", "count": -1} in game["party"]["unlockedItems"]
    assert "written to GHS's unlocked items" in notes["item 103 Drakescale Armor in the shop (1 of 1)"]
    back = tmp_path / "back.db"
    import_back(cli, path, back)
    assert rows(back, "SELECT copies FROM supply WHERE item = 103") == [(1,)]


@needs_ghs
def test_ghs_s_shop_has_the_item_sold_back(cli, tmp_path):
    for args in SOLD_BACK:
        run_ok(cli, *args)
    _, _, path = export(cli, tmp_path)
    view = ghs_real.load(path, tmp_path / "ghs").view
    assert view["shopCopiesLeft"]["gh:103"] == 1


def test_ghs_s_item_count_of_zero_is_every_copy(cli, tmp_path):
    """ItemManager.countAvailable: an unlocked item's ``count`` limits it only when above 0, and only when the
    prosperity level does not list it. Before: count 0 imported as no copies, a count on a prosperity item
    cut the shop."""
    doc = json.loads((Path(__file__).parent / "ghs_written" / "lumberjacks-game.json").read_text())
    doc["party"]["unlockedItems"] = [{"name": "103", "edition": "gh", "count": 0},
                                     {"name": "6", "edition": "gh", "count": 1}]
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc))
    db = tmp_path / "c.db"
    import_back(cli, path, db)
    owned = {n for (n,) in rows(db, "SELECT item FROM character_items")}
    assert 6 not in owned and 103 not in owned
    assert rows(db, "SELECT item, copies FROM supply WHERE item IN (6, 103) ORDER BY item") == [(6, 2), (103, 1)]


# -- scenarios: GHS's ``requires`` ---------------------------------------------------------------------


def test_a_scenario_ghs_would_hide_is_written_to_manual_scenarios(cli, tmp_path):
    """ScenarioManager.scenarioData lists a scenario its data unlocks only when one of its ``requires``
    sets is completed: 19 (unlocked by 5) waits for 14. ghcli unlocks it by the rules, so the export puts it
    in manualScenarios, which GHS always lists."""
    for args in (["init", "--seed", "2"], ["campaign", "achievement", "add", "The Power of Enhancement"],
                 *[["scenario", "complete", str(n)] for n in (1, 2, 4, 5)]):
        run_ok(cli, *args)
    game, _, _ = export(cli, tmp_path)
    assert {"index": "19", "edition": "gh"}.items() <= next(
        m for m in game["party"]["manualScenarios"] if m["index"] == "19").items()
    assert not any(m["index"] in ("10", "14") for m in game["party"]["manualScenarios"])  # GHS derives those


def test_what_ghs_unlocks_and_blocks_after_a_completion_without_unlocks_is_reported(cli, tmp_path):
    """A paper completion with --no-unlocks applies no unlock and no block; GHS derives both from its data
    (8 unlocks 13 and 14, blocks 3 and 9), and so does ghcli from GHS's file: each is reported, 3 (unlocked
    by hand) and 9 (locked) by what ghcli holds, and all of them are so back from GHS."""
    for args in (["init", "--seed", "1"], ["campaign", "unlock-scenario", "8"], ["campaign", "unlock-scenario", "3"],
                 ["scenario", "complete", "8", "--no-unlocks"]):
        run_ok(cli, *args)
    _, notes, path = export(cli, tmp_path)
    assert notes["scenario 13 Temple of the Seer"] == "GHS unlocks it (from its data), ghcli has it locked"
    assert notes["scenario 3 Inox Encampment"] == "GHS blocks it (from its data), ghcli has it unlocked, not blocked"
    assert notes["scenario 9 Diamond Mine"] == "GHS blocks it (from its data), ghcli has it locked, not blocked"
    back = tmp_path / "back.db"
    import_back(cli, path, back)
    assert rows(back, "SELECT number, unlocked, blocked FROM scenarios WHERE number IN (3, 9, 13, 14) "
                "ORDER BY number") == [(3, 1, 1), (9, 0, 1), (13, 1, 0), (14, 1, 0)]


def test_a_scenario_ghs_unlocks_and_hides_is_reported(cli, tmp_path):
    """20 unlocks 28, which GHS lists only once 6 is completed (its ``requires``): after 20 with --no-unlocks
    ghcli has 28 locked, GHS's file unlocks it (imported back, unlocked): reported with GHS's condition."""
    for args in (["init", "--seed", "1"], *[["scenario", "complete", str(n)] for n in (1, 2, 3, 8, 7)],
                 ["scenario", "complete", "20", "--no-unlocks"]):
        run_ok(cli, *args)
    _, notes, path = export(cli, tmp_path)
    assert notes["scenario 28 Outer Ritual Chamber"] == (
        "GHS unlocks it (from its data; it lists it once scenario 6 is completed), ghcli has it locked")
    back = tmp_path / "back.db"
    import_back(cli, path, back)
    assert rows(back, "SELECT unlocked FROM scenarios WHERE number = 28") == [(1,)]


# -- other parties ---------------------------------------------------------------------------------------


def test_the_report_names_another_party_s_retirees_and_solo_wins(cli, tmp_path):
    for args in (["init", "--name", "Two", "--party", "Owls", "--seed", "3"],
                 ["campaign", "prosperity", "+30"],
                 ["character", "new", "Sable", "--class", "cragheart", "--player", "Ana", "--level", "5",
                  "--card", "131", "--card", "130", "--card", "134", "--card", "136"],
                 ["character", "new", "Old", "--class", "brute", "--player", "Ben", "--retired"],
                 ["character", "new", "Older", "--class", "tinkerer", "--player", "Ben", "--retired"],
                 ["solo", "finish", "Sable", "--won"],
                 ["party", "new", "Larks"], ["character", "new", "Fen", "--class", "scoundrel", "--player", "Cy"]):
        run_ok(cli, *args)
    _, notes, _ = export(cli, tmp_path)
    assert "retirements per party" in notes["the party 'Owls' (Sable, retired Old, retired Older)"]
    assert "no character of the class" in notes["the cragheart solo scenario won (by another party's character)"]


def test_a_city_event_drawn_on_another_party_s_visit_is_named(cli, tmp_path):
    for args in (["init", "--seed", "5"], ["character", "new", "Ana", "--class", "brute"],
                 ["event", "draw", "city"], ["party", "new", "Larks"]):
        run_ok(cli, *args)
    game, notes, _ = export(cli, tmp_path)
    assert game["eventDraw"] == "city"
    assert any(w.endswith("drawn on another party's town visit") for w in notes)
