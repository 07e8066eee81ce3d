"""Solo scenarios (issue 18; seed 000 section 10): eligibility, results, the reward item, undo."""

from __future__ import annotations

import json
import sqlite3

import pytest
from helpers import run_ok, set_sql, snapshot, sql_dump, state_dump


@pytest.fixture
def camp(cli, db_file):
    run_ok(cli, "init", "--seed", 5)
    run_ok(cli, "character", "new", "Ann", "--class", "brute", "--quest", 512)
    run_ok(cli, "character", "new", "Bo", "--class", "tinkerer", "--quest", 513)
    return db_file


def make_eligible(db_file, *names):
    set_sql(db_file, "UPDATE campaign SET prosperity = 9")  # level 3
    for n in ("Old1", "Old2"):
        set_sql(db_file, "INSERT INTO characters (class, name, retired) VALUES ('cragheart', ?, 1)", n)
    for name in names:
        set_sql(db_file, "UPDATE characters SET level = 5, xp = 200 WHERE name = ?", name)


def solo_list(cli):
    r = run_ok(cli, "solo", "list", "--json")
    return {e["character"]: e for e in json.loads(r.stdout)}


def test_list_names_what_is_missing(cli, camp):
    rows = solo_list(cli)
    ann = rows["Ann"]
    assert ann["scenario"] == "Return to the Black Barrow"
    assert ann["reward_item"] == {"number": 134, "name": "Imposing Blade"}
    assert ann["eligible"] is False
    assert ann["missing"] == ["prosperity level 3 (now 1)", "2 retired characters in the campaign (now 0)",
                              "character level 5 (Ann is level 1)"]
    assert rows["Bo"]["scenario"] == "An Unfortunate Intrusion" and rows["Bo"]["reward_item"]["number"] == 135
    set_sql(camp, "UPDATE campaign SET prosperity = 8")  # one short of level 3
    assert solo_list(cli)["Ann"]["missing"][0] == "prosperity level 3 (now 2)"
    make_eligible(camp, "Ann")
    rows = solo_list(cli)
    assert rows["Ann"]["eligible"] is True and rows["Ann"]["missing"] == []
    assert rows["Bo"]["missing"] == ["character level 5 (Bo is level 1)"]
    from helpers import table_cells

    text = " | ".join(" | ".join(row) for row in table_cells(run_ok(cli, "solo", "list").stdout))
    assert "Return to the Black Barrow" in text and "needs character level 5 (Bo is level 1)" in text


def test_a_locked_class_is_named(cli, camp):
    make_eligible(camp, "Ann")
    set_sql(camp, "DELETE FROM unlocked_classes WHERE class = 'brute'")
    assert solo_list(cli)["Ann"]["missing"] == ["the Brute class unlocked"]


def test_the_diviner_follows_the_gloomhaven_rule_unconfirmed(cli, camp):
    run_ok(cli, "character", "new", "Cy", "--class", "diviner", "--quest", 514)  # unlocked from init
    cy = solo_list(cli)["Cy"]
    assert cy["scenario"] == "Forecast of the Inevitable" and cy["reward_item"]["number"] == 164
    assert cy["eligibility_confirmed"] is False and cy["missing"][-1] == "character level 5 (Cy is level 1)"
    assert solo_list(cli)["Ann"]["eligibility_confirmed"] is True
    assert "rule not confirmed" in run_ok(cli, "solo", "list").stdout


def test_finish_refused_while_not_eligible_leaves_the_database(cli, camp):
    before = snapshot(camp)
    r = cli("solo", "finish", "Ann", "--won")
    assert r.exit_code == 1
    assert r.stderr == ("error: Ann may not play Return to the Black Barrow yet: needs prosperity level 3 (now 1), "
                        "2 retired characters in the campaign (now 0), character level 5 (Ann is level 1)\n")
    assert snapshot(camp) == before


def test_first_win_gives_the_reward_item_not_from_the_supply(cli, camp):
    make_eligible(camp, "Ann")
    supply_before = sqlite3.connect(camp).execute("SELECT * FROM supply ORDER BY item").fetchall()
    r = json.loads(run_ok(cli, "solo", "finish", "Ann", "--won", "--xp", 12, "--coins", 4, "--checkmarks", 1,
                          "--json").stdout)
    # Level 5: scenario level ceil(5/2) = 3: coin value 3, bonus XP 4 + 2x3 = 10.
    assert (r["level"], r["coin_value"], r["bonus_xp"]) == (3, 3, 10)
    assert (r["xp_gained"], r["gold_gained"], r["checkmarks_gained"]) == (22, 12, 1)
    assert (r["xp"], r["gold"], r["checkmarks"]) == (222, 30 + 12, 1)
    assert r["reward_item"] == {"number": 134, "name": "Imposing Blade"}
    ann = json.loads(run_ok(cli, "character", "show", "Ann", "--json").stdout)
    assert [i["number"] for i in ann["items"]] == [134]
    assert ann["solo"] == {"scenario": "Return to the Black Barrow", "played": 1, "won": 1, "completed": True,
                           "reward_item": 134}
    assert "Solo scenario: Return to the Black Barrow, won 1 of 1" in run_ok(cli, "character", "show", "Ann").stdout
    assert sqlite3.connect(camp).execute("SELECT * FROM supply ORDER BY item").fetchall() == supply_before
    bo = json.loads(run_ok(cli, "character", "show", "Bo", "--json").stdout)
    assert bo["solo"]["played"] == 0 and bo["solo"]["completed"] is False

    # A second win: XP and gold, no second copy.
    again = json.loads(run_ok(cli, "solo", "finish", "Ann", "--won", "--level", 2, "--coins", 1, "--json").stdout)
    assert again["reward_item"] is None and "one copy" in again["note"]
    assert (again["xp_gained"], again["gold_gained"]) == (8, 3)
    hist = json.loads(run_ok(cli, "history", "--json").stdout)
    assert [h["command"] for h in hist[:2]] == ["solo finish", "solo finish"]


def test_a_loss_gives_xp_and_gold_only_and_no_item(cli, camp):
    make_eligible(camp, "Ann")
    r = json.loads(run_ok(cli, "solo", "finish", "Ann", "--lost", "--xp", 7, "--coins", 2, "--level", 4,
                          "--json").stdout)
    assert (r["xp_gained"], r["gold_gained"], r["bonus_xp"], r["reward_item"]) == (7, 8, 0, None)
    ann = json.loads(run_ok(cli, "character", "show", "Ann", "--json").stdout)
    assert ann["items"] == [] and ann["solo"]["played"] == 1 and ann["solo"]["completed"] is False
    # A later win is still the class's first: the item comes then.
    won = json.loads(run_ok(cli, "solo", "finish", "Ann", "--won", "--json").stdout)
    assert won["reward_item"]["number"] == 134


def test_undo_reverts_a_solo_finish_exactly(cli, camp):
    make_eligible(camp, "Ann")
    before = state_dump(camp)
    run_ok(cli, "solo", "finish", "Ann", "--won", "--xp", 5, "--coins", 3, "--checkmarks", 2)
    assert "Undid" in run_ok(cli, "undo").stdout
    assert state_dump(camp) == before


@pytest.mark.parametrize("args, code, message", [
    (["Ann"], 2, "say how it ended: --won or --lost"),
    (["Ann", "--won", "--lost"], 2, "say how it ended: --won or --lost"),
    (["Ann", "--lost", "--checkmarks", "1"], 2, "a lost scenario gives XP and gold only: drop --checkmarks"),
    (["Ann", "--won", "--level", "8"], 2, "scenario level 8 is not between 0 and 7"),
    (["Ann", "--won", "--xp", "-3"], 2, "--xp -3: the count cannot be negative"),
    (["Ann", "--won", "--coins", "2000000"], 2, "--coins: 2000000 is too large (at most 1000000)"),
    (["Zed", "--won"], 2, "unknown character 'Zed'"),
])
def test_bad_input(cli, camp, args, code, message):
    make_eligible(camp, "Ann")
    before = snapshot(camp)
    r = cli("solo", "finish", *args)
    assert r.exit_code == code and r.stderr.startswith(f"error: {message}") and r.stderr.count("\n") == 1
    assert snapshot(camp) == before


def test_an_older_database_gets_the_solo_table(cli, db_file):
    """A file of ghcli's first schema (before solo scenarios and the journal) opens: migrated, its history kept."""
    from ghcli.campaign.kind import GHCLI_MIGRATIONS, Store

    Store.create(db_file, migrations=GHCLI_MIGRATIONS[:1]).close()
    for sql in ("INSERT INTO parties (id, name) VALUES (1, 'Party')",
                "INSERT INTO campaign (id, name, current_party, created) "
                "VALUES (1, 'Old', 1, '2024-01-01T00:00:00+00:00')",
                "INSERT INTO visits (party_id, open) VALUES (1, 1)",
                "INSERT INTO unlocked_classes (class) VALUES ('brute')",
                "INSERT INTO characters (party_id, class, name, quest) VALUES (1, 'brute', 'Ann', 512)",
                "INSERT INTO history (at, command, summary) VALUES ('2024-01-01T00:00:00+00:00', 'init', 'new')"):
        set_sql(db_file, sql)
    assert "solo_results" not in "\n".join(sql_dump(db_file))
    assert solo_list(cli)["Ann"]["played"] == 0
    make_eligible(db_file, "Ann")
    run_ok(cli, "solo", "finish", "Ann", "--won")
    run_ok(cli, "undo")
    assert json.loads(run_ok(cli, "character", "show", "Ann", "--json").stdout)["items"] == []
    hist = json.loads(run_ok(cli, "history", "--json").stdout)
    assert [h["command"] for h in hist] == ["undo", "solo finish", "snapshot", "init"]


def test_the_reward_item_follows_the_retirement_rule_like_any_item(cli, camp):
    make_eligible(camp, "Ann")
    run_ok(cli, "solo", "finish", "Ann", "--won")
    run_ok(cli, "character", "quest", "Ann", "--fulfilled")
    run_ok(cli, "retire", "Ann")
    shop = sqlite3.connect(camp).execute("SELECT copies FROM supply WHERE item = 134").fetchone()
    assert shop == (1,)  # back to the supply, as any item of a retiring character
    run_ok(cli, "character", "new", "Dag", "--class", "brute", "--quest", 515)
    set_sql(camp, "UPDATE characters SET level = 5 WHERE name = 'Dag'")
    again = json.loads(run_ok(cli, "solo", "finish", "Dag", "--won", "--json").stdout)
    assert again["reward_item"] is None and "already won" in again["note"]
    assert json.loads(run_ok(cli, "character", "show", "Ann", "--json").stdout)["solo"]["completed"] is True


def test_no_second_copy_when_the_item_is_already_in_play_without_a_recorded_win(cli, camp):
    make_eligible(camp, "Ann")
    set_sql(camp, "INSERT INTO supply (item, copies) VALUES (134, 1)")  # e.g. a campaign kept by hand
    r = json.loads(run_ok(cli, "solo", "finish", "Ann", "--won", "--json").stdout)
    assert r["reward_item"] is None and r["note"] == "Imposing Blade is already in play (one copy): no reward item"


@pytest.mark.parametrize("level, ok", [(1, False), (2, True), (3, True), (5, True), (6, False), (7, False)])
def test_the_level_is_the_solo_recommended_level_minus_1_to_plus_2(cli, camp, level, ok):
    # Issue 26, seed 000 section 2: a level-5 character's solo level is ceil(5/2) = 3 (the solo
    # scenarios' own formula); the players may play it at 2-5, not at 7 (a level-1 party was paid at 7).
    make_eligible(camp, "Ann")
    before = snapshot(camp)
    r = cli("solo", "finish", "Ann", "--won", "--coins", 1, "--level", level, "--json")
    if ok:
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout)["level"] == level
    else:
        assert r.exit_code == 1 and r.stderr == (f"error: scenario level {level} is outside the allowed range 2-5 "
                                                 "(recommended level 3, -1 to +2)\n")
        assert snapshot(camp) == before
