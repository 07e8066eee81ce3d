"""Issue 12: GHS files into a campaign, checked against each fixture's expected.json.

The fixtures in tests/ghs_fixtures/: a- and c- are the shared ones (copied
from the project's GHS notes, with their expected.json); d- and e- are
ghcli's own data dumps, built from FORMAT.md (IndexedDB and localStorage
forms). tests/ghs_refused/ holds editions ghcli does not keep.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from exchange_helpers import campaign_facts

HERE = Path(__file__).parent
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


def test_data_dump_supply(cli, db_file):
    folder = HERE / "ghs_fixtures" / "d-gh-data-dump"
    want = json.loads((folder / "expected.json").read_text())
    do_import(cli, source(folder))
    shop = {str(i["number"]): i["copies"] for i in json.loads(cli("shop", "--json").stdout)["items"]}
    for item, copies in want["campaign"]["supply"].items():
        assert shop[item] == copies, item
    assert "22" not in shop  # prosperity level 2 stops at item 21


def test_party_option_picks_another_campaign(cli, db_file):
    folder = HERE / "ghs_fixtures" / "e-gh-localstorage-dump"
    want = json.loads((folder / "expected.json").read_text())["party_Beta"]
    report = do_import(cli, source(folder), "--party", "beta")
    check_campaign(db_file, want)
    assert any(p in d["path"] for d in report["dropped"] for p in want["dropped_paths"])


def test_unknown_party_names_the_parties(cli, db_file):
    r = cli("import", str(source(HERE / "ghs_fixtures" / "e-gh-localstorage-dump")), "--party", "Gamma")
    assert r.exit_code == 2
    assert "'Alpha', 'Beta'" in r.stderr
    assert not db_file.exists()


@pytest.mark.parametrize("name, words", [
    ("jotl-game.json", "a Jaws of the Lion campaign (GHS edition 'jotl')"),
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
