"""Issue 29 for GHS files: every number bounded by the game, NaN and infinities refused with the field's
path, huge integers a one-line error, names cut to the typed-name limits with a report of what was cut."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from exchange_helpers import campaign_facts

WRITTEN = Path(__file__).parent / "ghs_written" / "lumberjacks-game.json"


def game() -> dict:
    return json.loads(WRITTEN.read_text())


def refused(cli, tmp_path, text: str) -> str:
    path = tmp_path / "hostile.json"
    path.write_text(text)
    db = tmp_path / "c.db"
    r = cli("--db", str(db), "import", str(path))
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    assert "Traceback" not in r.output and not db.exists()
    return r.stderr


@pytest.mark.parametrize("where, value, words", [
    (("characters", 0, "progress", "experience"), 4_611_686_018_427_387_904,
     "characters[0].progress.experience: 4611686018427387904 is too large (at most 1000000)"),
    (("characters", 0, "progress", "gold"), -5, "characters[0].progress.gold: -5 is too small (at least 0)"),
    (("characters", 0, "level"), 10, "characters[0].level: 10 is not a level (1-9)"),
    (("party", "donations"), 10**12, "party.donations: 1000000000000 is too large (at most 100000)"),
    (("party", "unlockedItems", 0, "count"), 10**12, "party.unlockedItems[0].count: 1000000000000 is too large"),
    (("characters", 0, "progress", "perks", 0), 10**9, "characters[0].progress.perks[0]: 1000000000 is too large"),
    (("party", "eventDecks", "city", 0), "9" * 25, "party.eventDecks.city[0]: '9999999999999999999"),
    (("characters", 0, "progress", "deck"), [10**7], "characters[0].progress.deck[0]: 10000000 is too large"),
])
def test_numbers_beyond_the_game_are_refused_with_their_path(cli, tmp_path, where, value, words):
    doc = game()
    node = doc
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    assert words in refused(cli, tmp_path, json.dumps(doc))


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinities_are_refused_with_their_path(cli, tmp_path, constant):
    doc = game()
    doc["characters"][0]["progress"]["experience"] = "@@"
    text = json.dumps(doc).replace('"@@"', constant)
    assert "characters[0].progress.experience: " in refused(cli, tmp_path, text)


def test_a_huge_integer_is_a_one_line_error(cli, tmp_path):
    text = json.dumps(game()).replace('"revision": ', '"revision": 1' + "0" * 5000 + ', "was": ', 1)
    assert "a whole number of 5001 digits" in refused(cli, tmp_path, text)


def test_names_are_cut_to_the_typed_name_limits_and_reported(cli, tmp_path, db_file):
    doc = game()
    doc["party"]["name"] = "\x1b]0;pwned\x07Lumber\x1b[2Jjacks" + " of the Long Road and Beyond the Hills"
    doc["characters"][0]["title"] = "\x1b[31m"  # only an escape sequence: the class's name
    doc["party"]["players"][0] = "Ana\u0000\ud800"
    path = tmp_path / "names.json"
    path.write_text(json.dumps(doc))
    r = cli("import", str(path), "--json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    facts = campaign_facts(db_file)
    assert facts["campaign"]["party_name"] == "Lumberjacks of the Long Road and Beyond"
    names = {c["class"]: c["name"] for c in facts["characters"]}
    assert names["brute"] == "Brute"
    assert "Ana" in [p["name"] for p in facts["campaign"]["players"]]
    why = {d["path"].split(" ")[0]: d["why"] for d in report["dropped"]}
    assert "escape sequences removed" in why["party.name"] and "cut to 40" in why["party.name"]
    assert "imported as 'Brute'" in why["characters[0].title"]
    assert "party.players[0]" in why
    for ch in facts["characters"]:
        assert all(c.isprintable() for c in ch["name"]) and len(ch["name"]) <= 40
