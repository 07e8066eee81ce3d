"""Issues 12 and 23: GHS files into a campaign, checked against each fixture's expected.json and against
the files GHS itself wrote.

The fixtures in tests/ghs_fixtures/: a- and c- are the shared ones (copied
from the project's GHS notes, with their expected.json). tests/ghs_written/
holds files GHS 0.150.6's own code wrote (its save and its data dump of a-
and c-, and of a Forgotten Circles campaign with a solo scenario completed,
a random dungeon in play and every Forgotten Circles item): see its README.
tests/ghs_refused/ holds editions ghcli does not keep.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from exchange_helpers import campaign_facts
import ghs_real

HERE = Path(__file__).parent
WRITTEN = HERE / "ghs_written"
FIXTURES = sorted(p.parent for p in (HERE / "ghs_fixtures").glob("*/expected.json"))
STARTING_EVENTS = list(range(1, 31))


def source(folder: Path) -> Path:
    return next(p for p in folder.glob("*.json") if p.name != "expected.json")


def do_import(cli, path, *extra):
    r = cli("import", str(path), "--json", *extra)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def check_campaign(db, want: dict) -> dict:
    got = campaign_facts(db)
    camp, c = want["campaign"], got["campaign"]
    for key in ("party_name", "prosperity_checkmarks", "prosperity_level", "donations_gold", "reputation",
                "completed_scenarios", "item_designs"):
        if key in camp:
            assert c[key] == camp[key], key
    for key in ("unlocked_classes", "retired_classes"):
        if key in camp:
            assert c[key] == sorted(camp[key]), key
    for key in ("global_achievements", "party_achievements", "players"):
        if key in camp:
            field = "name" if key == "players" else "key"
            assert c[key] == sorted(camp[key], key=lambda x: x[field]), key
    derived = camp.get("derived_from_scenario_data", {})
    for key in ("unlocked", "blocked", "available"):
        if key in derived:
            assert c[key] == derived[key], key
    if "manually_unlocked_scenarios" in camp:
        completed_unlocks = set(c["completed_scenarios"])
        assert set(camp["manually_unlocked_scenarios"]) <= set(c["unlocked"])
        assert completed_unlocks <= set(c["unlocked"])
    if "event_decks_top_first" in camp:
        assert c["event_decks_top_first"] == camp["event_decks_top_first"]
    if "event_decks_shuffled_from" in camp:
        for deck, cards in camp["event_decks_shuffled_from"].items():
            assert sorted(c["event_decks_top_first"][deck]) == cards, deck
    if "pending_events" in camp:
        assert c["pending_events"] == camp["pending_events"]
    chars = {ch["name"]: ch for ch in got["characters"]}
    assert sorted(chars) == sorted(ch["name"] for ch in want["characters"])
    for ch in want["characters"]:
        for key in ("class", "player", "level", "xp", "gold", "checkmarks", "items", "perks", "extra_perks", "quest",
                    "quest_fulfilled", "retired"):
            assert chars[ch["name"]][key] == ch[key], (ch["name"], key)
    return got


@pytest.mark.parametrize("folder", FIXTURES, ids=[f.name for f in FIXTURES])
def test_fixture_imports_as_expected(cli, db_file, folder):
    want = json.loads((folder / "expected.json").read_text())
    report = do_import(cli, source(folder))
    check_campaign(db_file, want)
    imp = report["imported"]
    assert imp["party"] == want["campaign"]["party_name"]
    assert imp["prosperity_checkmarks"] == want["campaign"]["prosperity_checkmarks"]
    assert imp["characters"] == sum(1 for c in want["characters"] if not c["retired"])
    assert imp["retired_characters"] == sum(1 for c in want["characters"] if c["retired"])
    assert all(set(d) == {"path", "why"} and d["why"] for d in report["dropped"])
    paths = [d["path"] for d in report["dropped"]]
    for path in want.get("dropped_paths", []):
        assert any(path in p for p in paths), path


def _dropped(report) -> str:
    return "\n".join(f"{d['path']}: {d['why']}" for d in report["dropped"])


def test_shared_fixture_reports(cli, tmp_path):
    """Every field expected.json says to report, drop or ignore is named in the report."""
    a = do_import(cli, source(HERE / "ghs_fixtures" / "a-gh-bare-export"))
    text = _dropped(a)
    for needle in ("party.casualScenarios[0] (scenario 1)", "party.treasures (gh 7, gh 67, gh 26)",
                   "party.retirements[0].progress.items (Vex: 11, 13, 14)", "Hilda L2, Quill L2, Rook L1, Vex L2",
                   "revision, revisionOffset, server", "gameClock", "party.eventCards", "party.notes",
                   "progress.equippedItems", "progress.donations", "personalQuestProgress", "party.weeks"):
        assert needle in text, needle
    r = cli("--db", str(tmp_path / "c.db"), "import", str(source(HERE / "ghs_fixtures" / "c-fc-bare-export")), "--json")
    assert r.exit_code == 0, r.output
    c = json.loads(r.stdout)
    text = _dropped(c)
    for needle in ("scenario {index 97, edition fc}", "parties: 'Weekday Group' (id 1)",
                   "party.eventDecks.rift (9 cards)", "party.availableCharacters[0] Ledger",
                   "party.treasures (gh 7, gh 26, gh 51, fc 91)", "Sable L6, Hilda L5", "characters[3].absent (Wick)"):
        assert needle in text, needle
    assert c["imported"]["other_parties"] == ["Weekday Group"]
    assert c["imported"]["location"].startswith("on the road to scenario 97")


def test_scenario_in_play_is_not_completed(cli, db_file):
    do_import(cli, source(HERE / "ghs_fixtures" / "c-fc-bare-export"))
    status = json.loads(cli("status", "--json").stdout)
    assert status["party"]["location"] == "road" and status["party"]["scenario"] == 97
    assert not status["party"]["road_event_due"]
    facts = campaign_facts(db_file)["campaign"]
    assert 97 not in facts["completed_scenarios"]
    # the table finishes it in ghcli: its rewards are paid once, now
    r = cli("scenario", "finish", "97", "--won", "--level", "4", "--json")
    assert r.exit_code == 0, r.output
    assert 97 in campaign_facts(db_file)["campaign"]["completed_scenarios"]


def _sorted_facts(db) -> dict:
    facts = campaign_facts(db)
    facts["characters"].sort(key=lambda c: c["name"])
    return facts


@pytest.mark.parametrize("written, original, extra", [
    ("lumberjacks-game.json", "a-gh-bare-export", ()),
    ("lumberjacks-data-dump.json", "a-gh-bare-export", ()),
    ("circle-of-ash-game.json", "c-fc-bare-export", ()),
    ("circle-of-ash-game.json", "c-fc-bare-export", ("--party", "weekday group")),
])
def test_what_ghs_wrote_imports_like_what_it_read(cli, tmp_path, written, original, extra):
    """GHS's own save (and data dump) of a fixture is the same campaign as the fixture."""
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    ra = cli("--db", str(a), "import", str(source(HERE / "ghs_fixtures" / original)), "--json", *extra)
    rb = cli("--db", str(b), "import", str(WRITTEN / written), "--json", *extra)
    assert ra.exit_code == 0 and rb.exit_code == 0, (ra.output, rb.output)
    assert _sorted_facts(a) == _sorted_facts(b)


def test_a_ghs_data_dump_s_other_stores_are_reported(cli, db_file):
    report = do_import(cli, WRITTEN / "lumberjacks-data-dump.json")
    assert any(d["path"] == "undo, redo, undo-infos, game-backup" for d in report["dropped"])


def test_solo_random_dungeon_and_every_fc_item_from_ghs(cli, db_file):
    """A file GHS wrote: Brute's solo scenario completed, a random dungeon in play, items 152-165 owned and
    as designs."""
    report = do_import(cli, WRITTEN / "solo-random-fc-game.json")
    text = _dropped(report)
    assert "random dungeon in play" in text and "`ghcli dungeon finish`" in text
    assert report["imported"]["location"] == "in town"
    facts = campaign_facts(db_file)
    items = {c["name"]: c["items"] for c in facts["characters"]}
    assert items == {"Vera": list(range(152, 159)), "Bram": list(range(159, 166))}
    assert facts["campaign"]["item_designs"] == list(range(152, 166))
    solo = json.loads(cli("solo", "list", "--json").stdout)
    bram = next(s for s in solo if s["character"] == "Bram")
    assert bram["won"] == 1 and bram["scenario"] == "Return to the Black Barrow"
    # the solo scenario is not main scenario 16 (Mountain Pass), nor did it unlock 24 and 25
    assert 16 not in facts["campaign"]["completed_scenarios"] and 24 not in facts["campaign"]["unlocked"]
    assert sorted(facts["campaign"]["unlocked"]) == [1, 96]


def test_forgotten_circles_event_cards_from_ghs(cli, db_file):
    """A file GHS wrote whose decks hold Forgotten Circles' event cards (city 82 and 86-90, road 82: past
    Gloomhaven's city 81 and road 69): imported as GHS saved them, and drawn and added again by ghcli."""
    saved = json.loads((WRITTEN / "fc-event-cards-game.json").read_text())
    do_import(cli, WRITTEN / "fc-event-cards-game.json")
    decks = campaign_facts(db_file)["campaign"]["event_decks_top_first"]
    assert decks == {deck: [int(c) for c in saved["party"]["eventDecks"][deck]] for deck in ("city", "road")}
    assert {82, 86, 87, 88, 89, 90} <= set(decks["city"]) and 82 in decks["road"]
    # the cards are the edition's: the sheet's order may name them (the Diviner's road 83 too)
    assert cli("event", "deck", "set", "road", ",".join(map(str, [83, *decks["road"]]))).exit_code == 0
    assert campaign_facts(db_file)["campaign"]["event_decks_top_first"]["road"] == [83, *decks["road"]]
    r = cli("event", "deck", "set", "road", "75")
    assert r.exit_code == 2 and r.stderr.strip() == \
        "error: there is no road event 75: road events are numbered 1-69 and 82-83"


@pytest.mark.parametrize("written", sorted(json.loads((WRITTEN / "made.json").read_text())))
def test_the_written_files_are_what_ghs_writes(tmp_path, written):
    """Each file of tests/ghs_written is GHS's output for its source, byte for byte (run where GHS is)."""
    if ghs_real.skip_reason():
        pytest.skip(ghs_real.skip_reason())
    made = json.loads((WRITTEN / "made.json").read_text())[written]
    loaded_dir = tmp_path / "ghs"
    ghs_real.load(HERE / made["source"], loaded_dir)
    assert (loaded_dir / made["output"]).read_bytes() == (WRITTEN / written).read_bytes()


def test_party_option_picks_another_campaign(cli, db_file):
    report = do_import(cli, WRITTEN / "circle-of-ash-game.json", "--party", "Weekday Group")
    assert report["imported"]["party"] == "Weekday Group"
    assert any("parties: 'Circle of Ash'" in d["path"] for d in report["dropped"])


def test_unknown_party_names_the_parties(cli, db_file):
    r = cli("import", str(WRITTEN / "circle-of-ash-game.json"), "--party", "Gamma")
    assert r.exit_code == 2
    assert "'Circle of Ash', 'Weekday Group'" in r.stderr
    assert not db_file.exists()


@pytest.mark.parametrize("name, words", [
    ("fh-data-dump.json", "a Frosthaven campaign (GHS edition 'fh')"),
    ("gh2e-game.json", "a Gloomhaven Second Edition campaign (GHS edition 'gh2e')"),
])
def test_other_editions_refused(cli, db_file, name, words):
    r = cli("import", str(HERE / "ghs_refused" / name))
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1 and words in r.stderr
    assert "Traceback" not in r.output
    assert not db_file.exists() and not Path(f"{db_file}-wal").exists()


def test_import_refuses_an_existing_campaign(cli, db_file):
    assert cli("init").exit_code == 0
    before = db_file.read_bytes()
    r = cli("import", str(source(HERE / "ghs_fixtures" / "a-gh-bare-export")))
    assert r.exit_code == 1 and "already exists" in r.stderr
    assert db_file.read_bytes() == before


def test_import_is_the_first_history_entry(cli, db_file):
    do_import(cli, source(HERE / "ghs_fixtures" / "a-gh-bare-export"))
    history = json.loads(cli("history", "--json").stdout)
    assert [h["command"] for h in history] == ["import"]
    assert cli("undo").exit_code == 1  # like init: nothing to undo


def test_ghs_round_trip(cli, tmp_path):
    """export --format ghs, import that file: the same tracks, achievements, classes, scenarios, characters."""
    for folder in FIXTURES:
        first, second, out = (tmp_path / f"{folder.name}-1.db", tmp_path / f"{folder.name}-2.db",
                              tmp_path / f"{folder.name}.json")  # export -o refuses an existing file
        assert cli("--db", str(first), "import", str(source(folder))).exit_code == 0
        r = cli("--db", str(first), "export", "--format", "ghs", "-o", str(out))
        assert r.exit_code == 0, r.output
        doc = json.loads(out.read_text())
        assert isinstance(doc["revision"], int) and doc["party"]["name"] == doc["parties"][0]["name"]
        assert cli("--db", str(second), "import", str(out)).exit_code == 0
        a, b = campaign_facts(first), campaign_facts(second)
        assert a["characters"] == b["characters"], folder.name
        for key, value in a["campaign"].items():
            assert b["campaign"][key] == value, (folder.name, key)


def test_import_from_standard_input(cli, db_file):
    text = source(HERE / "ghs_fixtures" / "a-gh-bare-export").read_text()
    r = cli("import", "-", "--json", input=text)
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["imported"]["party"] == "The Lumberjacks"


def test_a_taken_name_is_renamed_and_reported(cli, db_file, tmp_path):
    doc = json.loads(source(HERE / "ghs_fixtures" / "a-gh-bare-export").read_text())
    doc["party"]["retirements"][0]["title"] = "hilda"  # the same name as the active Brute, in other case
    path = tmp_path / "renamed.json"
    path.write_text(json.dumps(doc))
    report = do_import(cli, path)
    names = [c["name"] for c in campaign_facts(db_file)["characters"]]
    assert "Hilda" in names and "hilda 2" in names
    assert any("party.retirements[0].title 'hilda'" in d["path"] and "'hilda 2'" in d["why"]
               for d in report["dropped"])


def test_more_perks_than_ghcli_counts_are_kept_and_reported(cli, db_file, tmp_path):
    doc = json.loads(source(HERE / "ghs_fixtures" / "a-gh-bare-export").read_text())
    perks = doc["characters"][0]["progress"]["perks"]  # Hilda: level 4, 8 checkmarks: 3 + 2 = 5 earned
    perks[5], perks[6] = 1, 1
    path = tmp_path / "perks.json"
    path.write_text(json.dumps(doc))
    report = do_import(cli, path)
    hilda = next(c for c in campaign_facts(db_file)["characters"] if c["name"] == "Hilda")
    assert sum(p["times"] for p in hilda["perks"]) == 7
    assert any(d["path"] == "characters[0].progress.perks (Hilda: 7 taken)" and "5 ghcli counts" in d["why"]
               for d in report["dropped"])


def test_envelope_b_unticked_adds_no_donation_marks(cli, db_file, tmp_path):
    doc = json.loads((WRITTEN / "lumberjacks-game.json").read_text())
    doc["party"]["envelopeB"], doc["party"]["donations"], doc["party"]["prosperity"] = False, 10, 2
    path = tmp_path / "no-envelope.json"
    path.write_text(json.dumps(doc))
    report = do_import(cli, path)
    assert report["imported"]["prosperity_checkmarks"] == 2  # as GHS shows it: no tick while B is unticked
    assert any(d["path"].startswith("party.envelopeB false (100 gold donated)") for d in report["dropped"])


def test_a_character_marked_retired_in_the_party_comes_in_retired(cli, db_file, tmp_path):
    doc = json.loads((WRITTEN / "lumberjacks-game.json").read_text())
    doc["characters"][0]["progress"]["retired"] = True
    name = doc["characters"][0]["title"]
    path = tmp_path / "retired.json"
    path.write_text(json.dumps(doc))
    report = do_import(cli, path)
    ch = next(c for c in campaign_facts(db_file)["characters"] if c["name"] == name)
    assert ch["retired"] and ch["items"] == []
    assert any(d["path"] == f"characters[0].progress.retired ({name})" for d in report["dropped"])


def test_the_export_names_what_ghs_has_no_place_for(cli, db_file, tmp_path):
    for args in (["init", "--name", "Two Tables", "--party", "Early", "--seed", "3"],
                 ["character", "new", "Ana", "--class", "brute", "--player", "Zoe"], ["party", "new", "Late"],
                 ["character", "new", "Bo", "--class", "scoundrel"]):
        assert cli(*args).exit_code == 0
    out = tmp_path / "g.json"
    r = cli("export", "--format", "ghs", "-o", str(out), "--json")
    assert r.exit_code == 0, r.output
    notes = {n["what"]: n["why"] for n in json.loads(r.stdout)["not_carried"]}
    assert "GHS keeps prosperity, achievements and retirements per party" in notes["the party 'Early' (Ana)"]
    assert "one name: the party's, 'Late'" in notes["the campaign's name 'Two Tables'"]
    game = json.loads(out.read_text())
    bo = game["characters"][0]
    assert (bo["title"], bo["number"], game["party"]["players"]) == ("Bo", 1, [])  # no player: a slot past them
    r = cli("export", "--format", "ghs")  # the document on standard output, the report on standard error
    assert json.loads(r.stdout)["party"]["name"] == "Late" and "the party 'Early' (Ana)" in r.stderr
