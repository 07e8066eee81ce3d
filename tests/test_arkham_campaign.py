"""Issue 8: the Arkham campaign log through the CLI (its own database file)."""

from __future__ import annotations

import json

import pytest
from helpers import sql_dump, state_dump


@pytest.fixture
def adb(tmp_path, monkeypatch):
    path = tmp_path / "arkham.db"
    monkeypatch.setenv("GHCLI_ARKHAM_DB", str(path))
    return path


dump = sql_dump  # the whole SQL dump (tests/helpers.py)


def ok(cli, *args):
    r = cli("arkham", *args)
    assert r.exit_code == 0, (args, r.output)
    return r


def js(cli, *args):
    return json.loads(ok(cli, *args, "--json").stdout)


def refused(cli, adb, *args, code=1, match=None):
    """The command fails with ``code`` and leaves the database exactly as it was."""
    before = dump(adb)
    r = cli("arkham", *args)
    assert r.exit_code == code, (args, r.output)
    assert r.stderr.startswith("error: ") and len(r.stderr.strip().splitlines()) == 1
    if match:
        assert match in r.stderr, r.stderr
    assert dump(adb) == before
    return r


@pytest.fixture
def camp(cli, adb):
    """Roland (Ann) and Daisy (Ben) playing, Agnes available; Roland's deck partly recorded."""
    ok(cli, "init", "--name", "Night of the Zealot")
    ok(cli, "investigator", "add", "Agnes Baker", "--health", "6", "--sanity", "8")
    ok(cli, "investigator", "join", "Roland Banks", "--player", "Ann", "--health", "9", "--sanity", "5")
    ok(cli, "investigator", "join", "Daisy Walker", "--player", "Ben", "--health", "5", "--sanity", "9")
    ok(cli, "deck", "add", "Roland", "Knife", "--copies", "2")
    ok(cli, "deck", "add", "Roland", "Beat Cop", "--copies", "2")
    ok(cli, "deck", "add", "Roland", "Cover Up", "--weakness")
    ok(cli, "deck", "add", "Roland", "Roland's .38 Special", "--required")
    ok(cli, "deck", "add", "Roland", "Duke", "--permanent")
    return adb


def inv(cli, name):
    return js(cli, "investigator", "show", name)


def cards(cli, name):
    return {(c["title"], c["level"]): c["copies"] for c in js(cli, "deck", "show", name)["cards"]}


# -- the database file -----------------------------------------------------

def test_db_path_env_then_db_option(cli, adb, tmp_path):
    ok(cli, "init")
    assert adb.exists()
    other = tmp_path / "other.db"
    r = cli("--db", other, "arkham", "init", "--name", "Other")
    assert r.exit_code == 0 and other.exists()
    assert json.loads(cli("--db", other, "arkham", "status", "--json").stdout)["name"] == "Other"
    assert js(cli, "status")["name"] == "Arkham campaign"


def test_default_db_in_app_folder(cli, monkeypatch):
    monkeypatch.delenv("GHCLI_ARKHAM_DB", raising=False)
    from ghcli.cli.settings import app_dir

    ok(cli, "init")
    assert (app_dir() / "arkham.db").exists()
    # the Gloomhaven database is a different file, untouched
    import os
    assert not os.path.exists(os.environ["GHCLI_DB"])


def test_no_campaign_yet_and_init_twice(cli, adb):
    r = cli("arkham", "status")
    assert r.exit_code == 1 and "ghcli arkham init" in r.stderr
    ok(cli, "init")
    refused(cli, adb, "init", match="already exists")


def test_weaknesses_needs_no_database(cli, adb):
    assert json.loads(cli("arkham", "weaknesses", "23", "--json").stdout) == {"weaknesses": 2}
    assert json.loads(cli("arkham", "weaknesses", "49", "--json").stdout) == {"weaknesses": 4}
    assert json.loads(cli("arkham", "weaknesses", "50", "--json").stdout) == {"weaknesses": 4}
    r = cli("arkham", "weaknesses", "51")
    assert r.exit_code == 1 and "at most 50" in r.stderr
    assert "1 extra random basic weakness" in cli("arkham", "weaknesses", "10").stdout
    assert not adb.exists()


# -- investigators ---------------------------------------------------------

def test_join_new_starts_with_nothing(cli, camp):
    agnes = js(cli, "investigator", "join", "Agnes", "--player", "Cy")
    assert agnes["name"] == "Agnes Baker" and agnes["status"] == "active"
    assert agnes["xp"] == {"earned": 0, "spent": 0, "unspent": 0}
    assert (agnes["physical_trauma"], agnes["mental_trauma"]) == (0, 0)


def test_join_rules(cli, camp):
    refused(cli, camp, "investigator", "join", "Roland", match="already playing")
    refused(cli, camp, "investigator", "join", "Agnes", "--player", "Ann", match="Ann already plays Roland Banks")
    refused(cli, camp, "investigator", "join", "Wendy Adams", "--player", "Cy", code=2, match="--health")
    refused(cli, camp, "investigator", "join", "Agnes", "--player", "Cy", "--health", "7", code=2)
    refused(cli, camp, "investigator", "add", "Daisy Walker", "--health", "5", "--sanity", "9", match="already")
    refused(cli, camp, "investigator", "show", "Dasy Walker", code=2, match="did you mean 'Daisy Walker'")


def test_leave_keeps_the_log_and_rejoin(cli, camp):
    ok(cli, "scenario", "The Gathering", "--victory", "2", "--bonus", "1")
    ok(cli, "trauma", "Daisy", "--mental", "1")
    left = js(cli, "investigator", "leave", "Daisy")
    assert left["status"] == "left"
    # a scenario without her: she earns nothing
    ok(cli, "scenario", "The Midnight Masks", "--victory", "4")
    daisy = inv(cli, "Daisy")
    assert daisy["xp"]["unspent"] == 3 and daisy["mental_trauma"] == 1
    assert [a["scenario"] for a in daisy["xp_awards"]] == ["The Gathering"]
    assert inv(cli, "Roland")["xp"]["unspent"] == 3 + 4
    refused(cli, camp, "xp", "Daisy", "--victory", "1", match="has left")
    refused(cli, camp, "investigator", "join", "Daisy", "--player", "Cy", match="not yet used")
    back = js(cli, "investigator", "join", "Daisy")
    assert back["rejoined"] and back["player"] == "Ben"
    assert back["xp"]["unspent"] == 3 and back["mental_trauma"] == 1


def test_list_json(cli, camp):
    rows = js(cli, "investigator", "list")
    assert [(r["name"], r["status"]) for r in rows] == [
        ("Agnes Baker", "available"), ("Roland Banks", "active"), ("Daisy Walker", "active")]
    assert "Agnes Baker" in ok(cli, "investigator", "list").stdout


# -- experience ------------------------------------------------------------

def test_xp_earned_spent_carried_over(cli, camp):
    out = js(cli, "scenario", "The Gathering", "--victory", "3", "--bonus", "2")
    assert [(a["investigator"], a["earned"]) for a in out["awards"]] == [("Roland Banks", 5), ("Daisy Walker", 5)]
    r = ok(cli, "xp", "Daisy", "--bonus", "-2")
    assert "victory display 0 - penalty 2 = -2" in r.stdout and "unspent 5 - 2 = 3" in r.stdout
    ok(cli, "buy", "Roland", "Beat Cop", "--level", "2", "--remove", "Knife")
    ok(cli, "scenario", "The Midnight Masks", "--victory", "1", "--bonus", "1", "-i", "Roland")
    assert inv(cli, "Roland")["xp"] == {"earned": 7, "spent": 2, "unspent": 5}
    assert inv(cli, "Daisy")["xp"] == {"earned": 3, "spent": 0, "unspent": 3}
    # a later award to Daisy for the named (earlier) scenario
    assert js(cli, "xp", "Daisy", "--victory", "1", "--scenario", "the gathering")["scenario"] == "The Gathering"
    assert js(cli, "status")["scenarios"] == ["The Gathering", "The Midnight Masks"]


def test_xp_refusals(cli, camp):
    refused(cli, camp, "xp", "Roland", "--victory", "1", match="no scenario recorded")
    refused(cli, camp, "scenario", "The Gathering", "--victory", "-1", code=2)
    ok(cli, "scenario", "The Gathering")
    refused(cli, camp, "xp", "Roland", "--scenario", "Gatherin", code=2, match="did you mean")


# -- buying and upgrading --------------------------------------------------

def test_buy_costs_level_and_removes_a_card(cli, camp):
    ok(cli, "scenario", "The Gathering", "--victory", "5")
    r = ok(cli, "buy", "Roland", "Beat Cop", "--level", "2", "--remove", "Knife")
    assert "level 2: 2 XP" in r.stdout and "unspent XP: 5 - 2 = 3" in r.stdout
    assert "removed: 1 x Knife (level 0)" in r.stdout
    assert cards(cli, "Roland")[("Knife", 0)] == 1 and cards(cli, "Roland")[("Beat Cop", 2)] == 1
    r = ok(cli, "buy", "Roland", "Guts", "--level", "0", "--remove", "Knife")
    assert "level 0: at least 1 XP = 1" in r.stdout and "unspent XP: 3 - 1 = 2" in r.stdout
    assert ("Knife", 0) not in cards(cli, "Roland")


def test_deck_size_kept(cli, camp):
    ok(cli, "scenario", "The Gathering", "--victory", "9")
    size = js(cli, "deck", "show", "Roland")["size"]
    assert size == 4  # 2 Knife + 2 Beat Cop; the weakness, required (counted separately) and permanent are not
    refused(cli, camp, "buy", "Roland", "Guts", "--level", "0", match="--remove")
    refused(cli, camp, "buy", "Roland", "Guts", "--level", "0", "--copies", "2", "--remove", "Knife",
            match="name 2 card(s)")
    refused(cli, camp, "buy", "Roland", "Guts", "--level", "0", "--remove", "Cover Up", match="weakness")
    refused(cli, camp, "buy", "Roland", "Guts", "--level", "0", "--remove", "Roland's .38 Special",
            match="required")
    refused(cli, camp, "buy", "Roland", "Guts", "--level", "0", "--remove", "Duke", match="permanent")
    refused(cli, camp, "buy", "Roland", "Guts", "--level", "0", "--remove", "Machete", code=2, match="unknown card")
    refused(cli, camp, "buy", "Roland", "Guts", "--level", "0", "--copies", "3",
            "--remove", "Knife", "--remove", "Knife", "--remove", "Knife", match="only 2 Knife")
    # each copy separately: 2 copies, 2 removals, 2 x 1 XP
    out = js(cli, "buy", "Roland", "Guts", "--level", "0", "--copies", "2", "--remove", "Knife", "--remove", "Knife")
    assert out["xp"] == 2
    assert js(cli, "deck", "show", "Roland")["size"] == size
    # permanent: nothing removed, deck size unchanged, cost still its level
    out = js(cli, "buy", "Roland", "Charisma", "--level", "3", "--permanent")
    assert out["xp"] == 3 and out["removed"] == ""
    assert js(cli, "deck", "show", "Roland")["size"] == size
    refused(cli, camp, "buy", "Roland", "Relic", "--level", "1", "--permanent", "--remove", "Guts", code=2)


def test_exceptional_and_myriad(cli, camp):
    ok(cli, "scenario", "The Gathering", "--victory", "10")
    r = ok(cli, "buy", "Roland", "Ace in the Hole", "--level", "3", "--exceptional", "--remove", "Knife")
    assert "Exceptional: 3 x 2 = 6" in r.stdout and "unspent XP: 10 - 6 = 4" in r.stdout
    r = ok(cli, "buy", "Roland", "Ammo Pouch", "--level", "2", "--myriad", "--copies", "3",
           "--remove", "Knife", "--remove", "Beat Cop", "--remove", "Beat Cop")
    assert "Myriad: 3 copies paid once = 2" in r.stdout and "unspent XP: 4 - 2 = 2" in r.stdout
    assert cards(cli, "Roland")[("Ammo Pouch", 2)] == 3
    r = ok(cli, "upgrade", "Roland", "Ammo Pouch", "--from", "2", "--to", "4", "--myriad", "--copies", "3")
    assert "Myriad: 3 copies paid once = 2" in r.stdout and "unspent XP: 2 - 2 = 0" in r.stdout


def test_not_enough_xp(cli, camp):
    ok(cli, "scenario", "The Gathering", "--victory", "2")
    refused(cli, camp, "buy", "Roland", "Lightning Gun", "--level", "5", "--remove", "Knife",
            match="2 unspent XP; Lightning Gun costs 5")
    refused(cli, camp, "buy", "Roland", "Guts", "--level", "1", "--exceptional", "--copies", "2",
            "--remove", "Knife", "--remove", "Knife", match="costs 4")


def test_upgrade_costs_difference(cli, camp):
    ok(cli, "scenario", "The Gathering", "--victory", "5")
    r = ok(cli, "upgrade", "Roland", "Beat Cop", "--from", "0", "--to", "2")
    assert "level 2 - level 0 = 2" in r.stdout and "unspent XP: 5 - 2 = 3" in r.stdout
    assert cards(cli, "Roland")[("Beat Cop", 0)] == 1 and cards(cli, "Roland")[("Beat Cop", 2)] == 1
    size = js(cli, "deck", "show", "Roland")["size"]
    out = js(cli, "upgrade", "Roland", "Knife", "--from", "0", "--to", "1", "--copies", "2")
    assert out["xp"] == 2 and out["unspent"] == 1
    assert js(cli, "deck", "show", "Roland")["size"] == size
    refused(cli, camp, "upgrade", "Roland", "Beat Cop", "--from", "2", "--to", "2", match="higher level")
    refused(cli, camp, "upgrade", "Roland", "Beat Cop", "--from", "2", "--to", "3", "--exceptional",
            match="1 unspent XP")
    refused(cli, camp, "upgrade", "Roland", "Beat Cop", "--from", "1", "--to", "3", code=2)
    refused(cli, camp, "upgrade", "Roland", "Cover Up", "--from", "0", "--to", "1", match="weakness")
    refused(cli, camp, "upgrade", "Roland", "Beat Cop", "--from", "0", "--to", "1", "--copies", "2", match="holds 1")
    history = inv(cli, "Roland")["purchases"]
    assert [(p["action"], p["title"], p["xp"]) for p in history] == [("upgrade", "Beat Cop", 2),
                                                                      ("upgrade", "Knife", 2)]


def test_deck_remove_by_guide(cli, camp):
    d = js(cli, "deck", "remove", "Roland", "Cover Up")
    assert ("Cover Up", 0) not in {(c["title"], c["level"]) for c in d["cards"]}
    ok(cli, "deck", "add", "Roland", "Knife@1")
    refused(cli, camp, "deck", "remove", "Roland", "Knife", code=2, match="Knife@0, Knife@1")
    ok(cli, "deck", "remove", "Roland", "Knife@1")


# -- trauma ----------------------------------------------------------------

def test_trauma_start_damage_horror_and_killed(cli, camp):
    out = js(cli, "trauma", "Roland", "--physical", "1", "--mental", "2")
    assert (out["starting_damage"], out["starting_horror"], out["outcome"]) == (1, 2, None)
    out = js(cli, "trauma", "Roland", "--physical", "7")
    assert out["physical_trauma"] == 8 and out["status"] == "active"
    out = js(cli, "trauma", "Roland", "--physical", "1")
    assert out["outcome"] == "killed" and out["status"] == "killed" and not out["campaign_lost"]
    assert js(cli, "status")["players_needing_investigator"] == ["Ann"]
    refused(cli, camp, "trauma", "Roland", "--physical", "1", match="was killed")
    refused(cli, camp, "buy", "Roland", "Guts", "--level", "0", match="was killed")
    refused(cli, camp, "investigator", "join", "Roland", match="cannot be used")
    ok(cli, "investigator", "join", "Agnes", "--player", "Ann")
    assert js(cli, "status")["players_needing_investigator"] == []


def test_insane_at_printed_sanity(cli, camp):
    out = js(cli, "trauma", "Roland", "--mental", "4")
    assert out["status"] == "active"
    out = js(cli, "trauma", "Roland", "--mental", "1")
    assert out["outcome"] == "insane" and out["status"] == "insane"


def test_defeat(cli, camp):
    assert js(cli, "defeat", "Daisy", "--by", "damage")["physical_trauma"] == 1
    assert js(cli, "defeat", "Daisy", "--by", "horror")["mental_trauma"] == 1
    refused(cli, camp, "defeat", "Daisy", "--by", "both", code=2, match="--choose")
    out = js(cli, "defeat", "Daisy", "--by", "both", "--choose", "mental")
    assert (out["physical_trauma"], out["mental_trauma"]) == (1, 2)


def test_campaign_lost_when_no_investigator_left(cli, camp):
    ok(cli, "log", "add", "before")
    out = js(cli, "trauma", "Daisy", "--physical", "5")  # health 5: killed; Agnes remains
    assert out["campaign_lost"] is False and out["available_investigators"] == 1
    out = js(cli, "trauma", "Roland", "--mental", "5")  # sanity 5: insane; two players, one left
    assert out["campaign_lost"] is True
    assert js(cli, "status")["lost"] is True
    refused(cli, camp, "log", "add", "after", match="campaign is lost")
    refused(cli, camp, "investigator", "join", "Agnes", "--player", "Ann", match="campaign is lost")
    ok(cli, "undo")
    assert js(cli, "status")["lost"] is False


# -- the campaign log ------------------------------------------------------

def test_log_notes_counts_crossed_out(cli, camp):
    ok(cli, "log", "add", "The Ghoul Priest is still alive")
    assert js(cli, "log", "count", "Cultists interrogated", "+2")["value"] == 2
    assert js(cli, "log", "count", "cultists interrogated", "1")["value"] == 3
    assert json.loads(ok(cli, "log", "count", "--json", "Cultists interrogated", "--", "-1").stdout)["value"] == 2
    refused(cli, camp, "log", "count", "Cultists interrogated", "-3", match="below 0")
    refused(cli, camp, "log", "count", "Cultists interrogated", "lots", code=2)
    crossed = js(cli, "log", "cross", "1")
    assert crossed["crossed"] is True
    refused(cli, camp, "log", "cross", "1", match="already crossed out")
    refused(cli, camp, "log", "cross", "9", code=2)
    ok(cli, "log", "cross", "2")
    assert js(cli, "log", "count", "Cultists interrogated", "+1")["id"] == 3
    entries = js(cli, "log")
    assert [(e["id"], e["kind"], e["text"], e["value"], e["crossed"]) for e in entries] == [
        (1, "note", "The Ghoul Priest is still alive", None, True),
        (2, "count", "Cultists interrogated", 2, True),
        (3, "count", "Cultists interrogated", 1, False),
    ]
    text = ok(cli, "log").stdout
    assert "~~The Ghoul Priest is still alive~~" in text
    assert js(cli, "status")["counts"] == {"Cultists interrogated": 1}


# -- history and undo ------------------------------------------------------

def test_every_change_is_one_history_entry_and_undo_is_exact(cli, camp):
    ok(cli, "scenario", "The Gathering", "--victory", "4")
    n = len(js(cli, "history"))
    before = state_dump(camp)
    ok(cli, "buy", "Roland", "Guts", "--level", "0", "--copies", "2", "--remove", "Knife", "--remove", "Knife")
    hist = js(cli, "history")
    assert len(hist) == n + 1 and hist[0]["command"] == "arkham buy"
    assert "bought 2 x Guts" in hist[0]["summary"]
    assert "undid" in ok(cli, "undo").stdout
    assert state_dump(camp) == before  # the campaign exactly as it was; the undo is an entry of its own
    undo, buy = js(cli, "history")[:2]
    assert undo["command"] == "undo" and buy["undone_by"] == undo["seq"] and not buy["in_effect"]
    assert "redid" in ok(cli, "redo").stdout
    assert js(cli, "history")[1]["undone_by"] is not None and js(cli, "history")[2]["in_effect"]
    while cli("arkham", "undo").exit_code == 0:
        pass
    hist = js(cli, "history")
    assert hist[-1]["command"] == "arkham init" and hist[-1]["in_effect"]
    assert all(not h["in_effect"] for h in hist if h["command"] not in ("undo", "redo", "arkham init"))
    refused(cli, camp, "undo", match="nothing to undo")
    assert js(cli, "status")["name"] == "Night of the Zealot"


def test_status_text(cli, camp):
    ok(cli, "scenario", "The Gathering", "--victory", "2")
    ok(cli, "trauma", "Roland", "--physical", "1")
    text = ok(cli, "status").stdout
    assert "Night of the Zealot" in text and "Roland Banks" in text
    assert "available to join (the pool): Agnes Baker" in text
    show = ok(cli, "investigator", "show", "Roland").stdout
    assert "starts each scenario with 1 damage and 0 horror" in show


def test_cli_module_imports_little():
    import subprocess
    import sys

    # The Arkham noun's module loads typer and the CLI plumbing, never the domain (of either game) or storage.
    code = ("import sys, ghcli.arkham.cli; "
            "print(sorted(m for m in sys.modules if m.startswith(('sqlite_utils', 'tabulate', 'ghcli.campaign', "
            "'ghcli.rules', 'ghcli.journal', 'ghcli.arkham.')) and m != 'ghcli.arkham.cli'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_standalone_records_no_trauma_from_defeat(cli, adb):
    # Seed 001: in a standalone game a defeat during play gives no trauma; a resolution's trauma does.
    ok(cli, "init", "--name", "The Gathering alone", "--standalone")
    ok(cli, "investigator", "join", "Roland Banks", "--player", "Ann", "--health", "9", "--sanity", "5")
    out = js(cli, "defeat", "Roland", "--by", "damage")
    assert out["standalone"] is True and out["physical_trauma"] == 0 and out["mental_trauma"] == 0
    assert "no trauma" in ok(cli, "defeat", "Roland", "--by", "horror").stdout
    assert js(cli, "investigator", "show", "Roland")["physical_trauma"] == 0
    js(cli, "trauma", "Roland", "--mental", "1")
    assert js(cli, "investigator", "show", "Roland")["mental_trauma"] == 1
    assert js(cli, "status")["standalone"] is True


def test_campaign_defeat_still_gives_trauma(cli, camp):
    out = js(cli, "defeat", "Roland", "--by", "damage")
    assert out["standalone"] is False and out["physical_trauma"] == 1
    assert js(cli, "status")["standalone"] is False


def test_old_arkham_file_is_migrated_to_standalone_column(cli, adb):
    # A file made before the standalone column (and before the journal): opening it adds the column
    # (a campaign, not standalone) and keeps its history.
    import sqlite3

    from ghcli.arkham.kind import ARKHAM, ARKHAM_MIGRATIONS
    from ghcli.journal.store import Store

    Store.create(adb, ARKHAM, migrations=ARKHAM_MIGRATIONS[:1]).close()
    con = sqlite3.connect(adb)
    con.execute("INSERT INTO campaign (id, name, created) VALUES (1, 'Old', '2024-01-01T00:00:00+00:00')")
    con.execute("INSERT INTO history (at, command, summary) VALUES ('2024-01-01T00:00:00+00:00', 'arkham init', "
                "'new campaign Old')")
    con.commit()
    con.close()
    assert js(cli, "status")["standalone"] is False
    hist = js(cli, "history")
    assert [h["command"] for h in hist] == ["snapshot", "arkham init"] and not hist[1]["applied"]


def test_standalone_deck_holds_at_most_50_xp(cli, adb):
    ok(cli, "init", "--standalone")
    ok(cli, "investigator", "join", "Roland Banks", "--player", "Ann", "--health", "9", "--sanity", "5")
    ok(cli, "deck", "add", "Roland", "Lightning Gun", "--level", "5", "--copies", "2")   # 10 XP
    ok(cli, "deck", "add", "Roland", "Ace in the Hole", "--level", "3", "--exceptional")  # 3 x 2 = 6
    ok(cli, "deck", "add", "Roland", "Ammo Pouch", "--level", "2", "--myriad", "--copies", "3")  # once: 2
    d = js(cli, "deck", "show", "Roland")
    assert d["xp"] == 18 and d["standalone_weaknesses"] == 1
    ok(cli, "deck", "add", "Roland", "Shrivelling", "--level", "5", "--copies", "6")   # +30: 48
    ok(cli, "deck", "add", "Roland", "Guts", "--level", "2")                            # 50: allowed
    d = js(cli, "deck", "show", "Roland")
    assert d["xp"] == 50 and d["standalone_weaknesses"] == 4
    refused(cli, adb, "deck", "add", "Roland", "Knife", "--level", "1", match="at most 50")
    ok(cli, "deck", "add", "Roland", "Knife", "--level", "0", "--copies", "2")          # level 0: no XP


# -- issue 26 --------------------------------------------------------------

def test_a_group_that_never_listed_its_pool_is_not_lost_at_the_first_death(cli, adb):
    # Seed 001: the players pick any investigator not yet used; only when none is left is the
    # campaign lost. A group that never listed its pool has not said none is left.
    ok(cli, "init", "--name", "Night of the Zealot")
    ok(cli, "investigator", "join", "Roland Banks", "--player", "Ann", "--health", "9", "--sanity", "5")
    out = js(cli, "trauma", "Roland", "--physical", "9")
    assert out["status"] == "killed" and out["campaign_lost"] is False and out["pool_listed"] is False
    st = js(cli, "status")
    assert st["lost"] is False and st["players_needing_investigator"] == ["Ann"]
    ok(cli, "log", "add", "Roland died at the Lodge")  # later changes are not refused
    ok(cli, "investigator", "join", "Agnes Baker", "--player", "Ann", "--health", "6", "--sanity", "8")
    assert js(cli, "status")["players_needing_investigator"] == []


def test_a_listed_pool_that_runs_out_still_loses_the_campaign(cli, adb):
    ok(cli, "init")
    ok(cli, "investigator", "add", "Agnes Baker", "--health", "6", "--sanity", "8")
    ok(cli, "investigator", "join", "Agnes", "--player", "Ann")
    assert js(cli, "status")["pool_listed"] is True
    out = js(cli, "trauma", "Agnes", "--mental", "8")  # insane; the listed pool is used up
    assert out["campaign_lost"] is True and js(cli, "status")["lost"] is True


def test_an_older_file_with_a_listed_pool_counts_as_listed(cli, adb):
    from ghcli.arkham.kind import ARKHAM, ARKHAM_MIGRATIONS
    from ghcli.journal.store import Store

    import sqlite3

    Store.create(adb, ARKHAM, migrations=ARKHAM_MIGRATIONS[:2]).close()  # before the pool's flag
    con = sqlite3.connect(adb)
    con.execute("INSERT INTO campaign (id, name, created) VALUES (1, 'Old', '2024-01-01T00:00:00+00:00')")
    con.execute("INSERT INTO investigators (name, health, sanity) VALUES ('Agnes Baker', 6, 8)")
    con.execute("INSERT INTO history (at, command, summary) VALUES ('2024-01-01T00:00:00+00:00', 'arkham init', "
                "'new campaign Old')")
    con.commit()
    con.close()
    assert js(cli, "status")["pool_listed"] is True


def test_a_standalone_game_awards_no_xp(cli, adb):
    # Seed 001: a standalone game records the earlier resolutions as in a campaign, except experience.
    ok(cli, "init", "--name", "The Gathering alone", "--standalone")
    ok(cli, "investigator", "join", "Roland Banks", "--player", "Ann", "--health", "9", "--sanity", "5")
    out = js(cli, "scenario", "The Gathering")
    assert out["standalone"] is True and out["awards"] == []
    assert "no experience" in ok(cli, "scenario", "The Midnight Masks").stdout
    assert js(cli, "investigator", "show", "Roland")["xp"] == {"earned": 0, "spent": 0, "unspent": 0}
    assert js(cli, "status")["scenarios"] == ["The Gathering", "The Midnight Masks"]
    refused(cli, adb, "scenario", "The Devourer Below", "--victory", "3", match="awards no experience")
    refused(cli, adb, "scenario", "The Devourer Below", "--bonus", "2", match="awards no experience")
    refused(cli, adb, "xp", "Roland", "--victory", "2", match="awards no experience")


def test_a_defeat_by_a_card_ability_is_recorded(cli, camp):
    # Seed 001: an investigator may be defeated by a card's ability: eliminated; the card says what follows.
    out = js(cli, "defeat", "Roland", "--by", "card")
    assert out["defeated_by"] == "card" and (out["physical_trauma"], out["mental_trauma"]) == (0, 0)
    assert out["status"] == "active"
    assert js(cli, "history")[0]["summary"].startswith("defeated by a card")
    text = ok(cli, "defeat", "Daisy", "--by", "card").stdout
    assert "card's ability" in text and "arkham trauma" in text
    refused(cli, camp, "defeat", "Daisy", "--by", "card", "--choose", "mental", match="card says")
    ok(cli, "undo")
    hist = js(cli, "history")
    assert [h["command"] for h in hist][:2] == ["undo", "arkham defeat"] and hist[1]["undone_by"] == hist[0]["seq"]
