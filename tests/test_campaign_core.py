"""Issue 2: init, status, prosperity, achievements, reputation, parties, history and undo."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from ghcli.campaign import catalog
from ghcli.campaign.kind import Store
from helpers import run_ok, snapshot, state_dump



def status(cli) -> dict:
    return json.loads(run_ok(cli, "status", "--json").stdout)


@pytest.fixture
def camp(cli, db_file):
    run_ok(cli, "init", "--seed", "5")
    return db_file


# -- init ------------------------------------------------------------------


def test_init_starting_state(camp):
    s = Store.open(camp)
    c = s.one("SELECT * FROM campaign")
    assert c["prosperity"] == 0 and c["donations"] == 0 and c["seed"] == 5 and c["name"] == "Gloomhaven"
    party = s.one("SELECT * FROM parties")
    assert party["name"] == "Party" and party["reputation"] == 0 and party["location"] == "town"
    assert c["current_party"] == party["id"]
    assert s.rows("SELECT party_id, open FROM visits") == [{"party_id": party["id"], "open": 1}]
    # The six starting classes and the Diviner (issue 26: seed 000 lists it among the starting
    # classes; Forgotten Circles makes it usable at once), with no events of its own (below: 1-30).
    assert {r["class"] for r in s.rows("SELECT class FROM unlocked_classes")} == {
        "brute", "tinkerer", "spellweaver", "scoundrel", "cragheart", "mindthief", "diviner"}
    supply = {r["item"]: r["copies"] for r in s.rows("SELECT * FROM supply")}
    assert sorted(supply) == list(range(1, 15))
    assert all(supply[n] == catalog.item(n)["count"] for n in supply)
    for deck in ("city", "road"):
        cards = [r["card"] for r in s.rows("SELECT card FROM event_decks WHERE deck = ? ORDER BY position", [deck])]
        assert sorted(cards) == list(range(1, 31))
    city = [r["card"] for r in s.rows("SELECT card FROM event_decks WHERE deck = 'city' ORDER BY position")]
    road = [r["card"] for r in s.rows("SELECT card FROM event_decks WHERE deck = 'road' ORDER BY position")]
    # One seeded stream for both decks: city first, then road ("5:0" = seed and no history yet).
    rng = random.Random("5:0")
    expect_city, expect_road = list(range(1, 31)), list(range(1, 31))
    rng.shuffle(expect_city)
    rng.shuffle(expect_road)
    assert (city, road) == (expect_city, expect_road)
    assert city != road
    assert s.rows("SELECT number, unlocked, completed, blocked FROM scenarios") == [
        {"number": 1, "unlocked": 1, "completed": 0, "blocked": 0}]
    assert [h["command"] for h in s.history()] == ["init"]


def test_init_names(cli, db_file):
    run_ok(cli, "init", "--name", "Winter", "--party", "Lumberjacks")
    st = status(cli)
    assert st["campaign"]["name"] == "Winter" and st["party"]["name"] == "Lumberjacks"
    assert st["campaign"]["seed"] is None


def test_init_refuses_existing_campaign(cli, camp):
    before = snapshot(camp)
    r = cli("init")
    assert r.exit_code == 1 and "already exists" in r.stderr
    assert snapshot(camp) == before


def test_init_rejects_empty_party_name(cli, db_file):
    r = cli("init", "--party", "  ")
    assert r.exit_code == 2 and "must not be empty" in r.stderr
    assert not db_file.exists()


def test_db_option_and_env(cli, tmp_path, monkeypatch):
    other = tmp_path / "other.db"
    run_ok(cli, "--db", str(other), "init")
    assert other.exists()
    assert not (tmp_path / "campaign.db").exists()  # $GHCLI_DB was not used
    r = cli("status")
    assert r.exit_code == 1 and "ghcli init" in r.stderr  # $GHCLI_DB has no campaign
    assert run_ok(cli, "--db", str(other), "status", "--json")


def test_newer_database_refused_by_cli(cli, camp):
    conn = sqlite3.connect(camp)
    conn.execute("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES ('ghcli', '9999_x', 'now')")
    conn.commit()
    conn.close()
    r = cli("status")
    assert r.exit_code == 1 and "newer ghcli" in r.stderr and "Traceback" not in r.output


# -- status ----------------------------------------------------------------


def test_status_fresh(cli, camp):
    st = status(cli)
    assert st["prosperity"] == {"checkmarks": 0, "level": 1, "to_next_level": 4}
    assert st["party"]["reputation"] == 0 and st["party"]["price_modifier"] == 0
    assert st["party"]["location"] == "town"
    assert st["donations"] == 0
    assert st["achievements"] == {"global": [], "party": []}
    assert st["characters"] == []
    assert st["available_scenarios"] == [{"number": 1, "name": "Black Barrow", "location": "G-10"}]
    text = run_ok(cli, "status").stdout
    assert "level 1 (0 checkmarks; 4 to level 2)" in text
    assert "1 Black Barrow" in text


def test_status_after_changes(cli, camp):
    run_ok(cli, "character", "new", "Hilda", "--class", "brute")
    run_ok(cli, "character", "adjust", "Hilda", "--checkmarks", "+7", "--xp", "+20")
    run_ok(cli, "campaign", "prosperity", "+10")   # 10 checkmarks: levels start at 4 and 9 -> level 3, 5 to go
    run_ok(cli, "party", "reputation", "-7")       # -7..-10: prices +2
    run_ok(cli, "campaign", "achievement", "add", "ancient-technology")
    run_ok(cli, "campaign", "achievement", "add", "Ancient Technology")
    run_ok(cli, "party", "achievement", "add", "first steps")
    st = status(cli)
    assert st["prosperity"] == {"checkmarks": 10, "level": 3, "to_next_level": 5}
    assert st["party"]["reputation"] == -7 and st["party"]["price_modifier"] == 2
    assert st["achievements"]["global"] == [{"key": "ancient-technology", "name": "Ancient Technology", "count": 2}]
    assert st["achievements"]["party"] == [{"key": "first-steps", "name": "First Steps", "count": 1}]
    (hilda,) = st["characters"]
    assert (hilda["class"], hilda["level"], hilda["xp"], hilda["gold"], hilda["checkmarks"]) == ("brute", 1, 20, 30, 7)
    assert (hilda["perks_taken"], hilda["perks_earned"]) == (0, 2)  # 7 checkmarks // 3
    # First Steps makes scenario 2 playable once it is unlocked.
    run_ok(cli, "campaign", "unlock-scenario", "2")
    assert [s["number"] for s in status(cli)["available_scenarios"]] == [1, 2]
    text = run_ok(cli, "status").stdout
    assert "Ancient Technology x2" in text and "First Steps" in text and "+2" in text
    assert "Hilda" in text and "0/2" in text


# -- prosperity, reputation, achievements ----------------------------------


def test_prosperity_level_up_adds_shop_items(cli, camp):
    run_ok(cli, "campaign", "prosperity", "+4")
    s = Store.open(camp)
    assert sorted(r["item"] for r in s.rows("SELECT item FROM supply")) == list(range(1, 22))
    run_ok(cli, "campaign", "prosperity", "-1")
    assert status(cli)["prosperity"] == {"checkmarks": 3, "level": 1, "to_next_level": 1}


@pytest.mark.parametrize("args, code, message", [
    (("campaign", "prosperity", "-1"), 1, "end of its track"),
    (("campaign", "prosperity", "x"), 2, "whole number"),
    (("campaign", "prosperity", "0"), 2, "non-zero"),
    (("party", "reputation", "+0"), 2, "non-zero"),
    (("party", "reputation", "1.5"), 2, "whole number"),
    (("campaign", "achievement", "add", "first-steps"), 2, "party achievement"),
    (("party", "achievement", "add", "city-rule-economic"), 2, "global achievement"),
    (("campaign", "achievement", "add", "anceint technology"), 2, "did you mean 'ancient-technology'"),
    (("campaign", "achievement", "remove", "the-merchant-flees"), 1, "not held"),
    (("party", "achievement", "remove", "first-steps"), 1, "not held"),
    (("campaign", "unlock-class", "brute"), 1, "already unlocked"),
    (("campaign", "unlock-class", "sunkeepr"), 2, "did you mean 'sunkeeper'"),
    (("campaign", "unlock-scenario", "1"), 1, "already unlocked"),
    (("party", "switch", "Party"), 1, "already the current party"),
    (("party", "switch", "Partyy"), 2, "did you mean 'Party'"),
    (("party", "new", "party"), 1, "already exists"),
])
def test_refused_and_bad_commands_leave_database_unchanged(cli, camp, args, code, message):
    before = snapshot(camp)
    r = cli(*args)
    assert r.exit_code == code, r.output
    assert r.stderr.startswith("error: ") and message in r.stderr and "Traceback" not in r.output
    assert len(r.stderr.strip().splitlines()) == 1
    assert snapshot(camp) == before


def test_reputation_track_ends(cli, camp):
    run_ok(cli, "party", "reputation", "+25")
    assert status(cli)["party"]["reputation"] == 20
    assert status(cli)["party"]["price_modifier"] == -5
    before = snapshot(camp)
    r = cli("party", "reputation", "+1")
    assert r.exit_code == 1 and snapshot(camp) == before


def test_typed_achievements_replace_their_group(cli, camp):
    run_ok(cli, "campaign", "achievement", "add", "City Rule: Economic")
    run_ok(cli, "campaign", "achievement", "add", "city-rule-militaristic")
    assert [a["key"] for a in status(cli)["achievements"]["global"]] == ["city-rule-militaristic"]
    before = snapshot(camp)
    r = cli("campaign", "achievement", "add", "city rule militaristic")
    assert r.exit_code == 1 and "already held" in r.stderr and snapshot(camp) == before


def test_counted_achievement_counts_up_to_its_maximum(cli, camp):
    for _ in range(5):
        run_ok(cli, "campaign", "achievement", "add", "ancient-technology")
    before = snapshot(camp)
    r = cli("campaign", "achievement", "add", "ancient-technology")
    assert r.exit_code == 1 and "maximum of 5" in r.stderr and snapshot(camp) == before
    run_ok(cli, "campaign", "achievement", "remove", "ancient-technology")
    assert status(cli)["achievements"]["global"][0]["count"] == 4


def test_unlock_class_adds_its_event_to_both_decks(cli, camp):
    run_ok(cli, "campaign", "unlock-class", "sun")
    s = Store.open(camp)
    card = catalog.find_class("sunkeeper")["city_event_on_unlock"]
    for deck in ("city", "road"):
        cards = [r["card"] for r in s.rows("SELECT card FROM event_decks WHERE deck = ?", [deck])]
        assert sorted(cards) == sorted([*range(1, 31), card])
    assert "sunkeeper" in status(cli)["unlocked_classes"]


# -- parties ---------------------------------------------------------------


def test_parties(cli, camp):
    run_ok(cli, "character", "new", "Hilda", "--class", "brute")
    run_ok(cli, "party", "new", "Second Wind")
    st = status(cli)
    assert st["party"]["name"] == "Second Wind" and st["party"]["location"] == "town"
    assert st["characters"] == []  # status shows the current party's characters
    run_ok(cli, "character", "new", "Bolt", "--class", "brute")  # another party may play the same class
    run_ok(cli, "party", "reputation", "+3")
    rows = json.loads(run_ok(cli, "party", "list", "--json").stdout)
    assert [(p["name"], p["current"], p["reputation"], p["characters"]) for p in rows] == [
        ("Party", False, 0, ["Hilda"]), ("Second Wind", True, 3, ["Bolt"])]
    run_ok(cli, "party", "switch", "party")
    assert [c["name"] for c in status(cli)["characters"]] == ["Hilda"]
    s = Store.open(camp)
    assert s.value("SELECT count(*) FROM visits WHERE open = 1") == 2


# -- history and undo ------------------------------------------------------


def test_undo_reverts_exactly_and_repeats(cli, camp):
    states = [state_dump(camp)]
    steps = [
        ("character", "new", "Hilda", "--class", "brute", "--player", "Ana"),
        ("character", "adjust", "Hilda", "--gold", "-12", "--xp", "+30"),
        ("campaign", "prosperity", "+5"),
        ("campaign", "achievement", "add", "city-rule-economic"),
        ("campaign", "achievement", "add", "city-rule-demonic"),
        ("party", "achievement", "add", "first-steps"),
        ("party", "reputation", "-4"),
        ("party", "new", "B Team"),
        ("campaign", "unlock-class", "sunkeeper"),
    ]
    for step in steps:
        run_ok(cli, *step)
        states.append(state_dump(camp))
    hist = json.loads(run_ok(cli, "history", "--json").stdout)
    assert [h["command"] for h in hist] == [
        "campaign unlock-class", "party new", "party reputation", "party achievement add",
        "campaign achievement add", "campaign achievement add", "campaign prosperity",
        "character adjust", "character new", "init"]
    assert [h["seq"] for h in hist] == list(range(10, 0, -1))
    assert len({h["id"] for h in hist}) == 10 and all(len(h["id"]) == 64 for h in hist)
    assert "gold -12 (30 -> 18)" in hist[-3]["summary"]
    assert len(json.loads(run_ok(cli, "history", "--json", "--limit", "3").stdout)) == 3
    for n, expected in zip(range(10, 1, -1), reversed(states[:-1])):
        r = run_ok(cli, "undo")
        assert r.stdout.startswith(f"Undid #{n} ")
        assert state_dump(camp) == expected
    before = snapshot(camp)
    r = cli("undo")
    assert r.exit_code == 1 and r.stderr.strip() == "error: nothing to undo"
    assert snapshot(camp) == before
    # every undone entry stays in the history, marked; redo brings the last one undone back
    hist = json.loads(run_ok(cli, "history", "--json").stdout)
    assert len(hist) == 19 and [h["command"] for h in hist[:9]] == ["undo"] * 9
    assert [h["undone_by"] for h in hist[9:18]] == list(range(11, 20))  # #10 undone by #11 ... #2 by #19
    r = run_ok(cli, "redo")
    assert r.stdout.startswith("Redid #2 character new")
    assert state_dump(camp) == states[1]


def test_history_text(cli, camp):
    run_ok(cli, "party", "reputation", "+2")
    text = run_ok(cli, "history").stdout
    assert "party reputation" in text and "reputation +0 -> +2" in text and "init" in text


def test_failed_init_leaves_no_file(db_file, monkeypatch):
    from ghcli.campaign import effects, init

    def broken(store, number):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(effects, "unlock_scenario", broken)
    with pytest.raises(RuntimeError):
        init.init(db_file)
    assert not db_file.exists() and not Path(f"{db_file}-wal").exists()


def test_the_diviner_is_playable_from_init(cli, camp):
    # Issue 26: seed 000's starting classes include the Diviner (점술가), and the class note says it
    # is usable as soon as Forgotten Circles is added: a Diviner can be made at once.
    assert "diviner" in status(cli)["unlocked_classes"]
    out = json.loads(run_ok(cli, "character", "new", "Cy", "--class", "diviner", "--quest", 514, "--json").stdout)
    assert out["class"] == "diviner"


def test_init_reports_the_diviner_among_the_classes(cli, tmp_path):
    r = run_ok(cli, "--db", tmp_path / "other.db", "init", "--json")
    assert json.loads(r.stdout)["classes"][-1] == "diviner"
