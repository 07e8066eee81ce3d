"""Arkham campaign bugs found by the random player (tests/arkham_play.py), each pinned by a test.

Every test names the seed that found it and states the rule (docs/arkham.md, seed 001) it checks.
"""

from __future__ import annotations

import json

import pytest
from helpers import sql_dump


@pytest.fixture
def adb(tmp_path, monkeypatch):
    path = tmp_path / "arkham.db"
    monkeypatch.setenv("GHCLI_ARKHAM_DB", str(path))
    return path


def ok(cli, *args):
    r = cli("arkham", *args)
    assert r.exit_code == 0, (args, r.output)
    return r


def js(cli, *args):
    return json.loads(ok(cli, *args, "--json").stdout)


def refused(cli, adb, *args, code=1, match=None):
    """The command fails with ``code``, one line, and leaves the database exactly as it was."""
    before = sql_dump(adb)
    r = cli("arkham", *args)
    assert r.exit_code == code, (args, r.output)
    assert r.stderr.startswith("error: ") and len(r.stderr.strip().splitlines()) == 1, r.stderr
    if match:
        assert match in r.stderr, r.stderr
    assert sql_dump(adb) == before
    return r


@pytest.fixture
def roland(cli, adb):
    ok(cli, "init")
    ok(cli, "investigator", "join", "Roland Banks", "--player", "Ann", "--health", "9", "--sanity", "5")
    return adb


def cards(cli, name):
    return {(c["title"], c["level"]): c["copies"] for c in js(cli, "deck", "show", name)["cards"]}


def test_deck_add_refuses_a_card_whose_level_is_given_twice(cli, roland):
    # seed 1 (and 11, 17, 22, ...): `deck add Roland "Beat Cop@2" --level 4` recorded Beat Cop at level 2
    # without a word; a card written TITLE@LEVEL names its level, and another --level contradicts it.
    refused(cli, roland, "deck", "add", "Roland", "Beat Cop@2", "--level", "4", code=2, match="given twice")
    ok(cli, "deck", "add", "Roland", "Beat Cop@2")
    ok(cli, "deck", "add", "Roland", "Knife@1", "--level", "1")
    assert cards(cli, "Roland") == {("Beat Cop", 2): 1, ("Knife", 1): 1}


def test_one_who_left_rejoins_with_the_same_player_however_the_name_is_typed(cli, adb):
    # seed 146: Jim Culver left, and `join "Jim Culver" --player weiss` was refused as a new player's pick
    # though Weiß and WEISS are one name (docs/campaign.md: names compare by Unicode case folding; the
    # same player is found playing under either spelling).
    ok(cli, "init")
    ok(cli, "investigator", "join", "Jim Culver", "--player", "Weiß", "--health", "7", "--sanity", "8")
    ok(cli, "investigator", "leave", "Jim")
    back = js(cli, "investigator", "join", "Jim", "--player", "weiss")
    assert back["rejoined"] and back["status"] == "active"
    refused(cli, adb, "investigator", "join", "Agnes Baker", "--player", "WEISS", "--health", "6", "--sanity", "8",
            match="already plays Jim Culver")


def test_a_copy_with_other_keywords_than_the_card_in_the_deck_is_refused(cli, roland):
    # seeds 2, 4, 9, 16 ...: `buy Roland Knife --level 0 --permanent` with 2 Knife in the deck removed
    # nothing (permanent) and merged into the Knife there, not permanent: the deck grew from 2 cards to 3
    # though a purchase keeps the deck size (docs/arkham.md, Deck size); buying a permanent card's title
    # without --permanent shrank it; a Myriad or Exceptional flag was lost the same way.
    ok(cli, "deck", "add", "Roland", "Knife", "--copies", "2")
    ok(cli, "deck", "add", "Roland", "Charisma", "--permanent")
    ok(cli, "deck", "add", "Roland", "Ammo Pouch", "--myriad", "--copies", "2")
    ok(cli, "scenario", "The Gathering", "--victory", "9")
    size = js(cli, "deck", "show", "Roland")["size"]
    refused(cli, roland, "buy", "Roland", "Knife", "--level", "0", "--permanent", match="not permanent")
    refused(cli, roland, "buy", "Roland", "Charisma", "--level", "0", "--remove", "Knife", match="permanent")
    refused(cli, roland, "buy", "Roland", "Ammo Pouch", "--level", "0", "--remove", "Knife", match="myriad")
    refused(cli, roland, "deck", "add", "Roland", "Knife", "--exceptional", match="not exceptional")
    ok(cli, "buy", "Roland", "Knife", "--level", "2", "--exceptional", "--remove", "Knife")
    refused(cli, roland, "upgrade", "Roland", "Knife", "--from", "0", "--to", "2", match="exceptional")
    ok(cli, "upgrade", "Roland", "Knife", "--from", "0", "--to", "2", "--exceptional")
    assert js(cli, "deck", "show", "Roland")["size"] == size
    assert cards(cli, "Roland")[("Knife", 2)] == 2


def test_a_change_whose_typed_arguments_would_not_replay_is_refused(cli, roland, tmp_path):
    # Found beside the random player: `arkham trauma $'Roland\n' --mental 1` found Roland (the name is
    # trimmed) and recorded the name as typed, newline and all; a 600-character log note was kept as
    # well. Both files exported, and neither imported ("does not replay: argument name: text too long or
    # with control characters"): a change the journal records must replay (on import, on another machine).
    refused(cli, roland, "trauma", "Roland\n", "--mental", "1", code=2, match="must replay")
    refused(cli, roland, "log", "add", "x" * 600, code=2, match="at most 500 characters")
    refused(cli, roland, "trauma", "Rolandx\n", "--mental", "1", code=2, match="unknown investigator")
    ok(cli, "log", "add", "y" * 500)
    ok(cli, "trauma", "Roland", "--mental", "1")
    out = tmp_path / "out.json"
    assert cli("--db", roland, "export", "-o", out).exit_code == 0
    r = cli("--db", tmp_path / "back.db", "import", out)
    assert r.exit_code == 0, r.output


def test_the_gloomhaven_journal_refuses_an_entry_that_would_not_replay_too(cli, tmp_path):
    # The same check is the journal's, for every kind: `party switch $'Owls\n'` switched parties and made
    # an export that did not import.
    for args in (["init"], ["party", "new", "Owls"], ["party", "new", "Bats"]):
        assert cli(*args).exit_code == 0, args
    before = sql_dump(tmp_path / "campaign.db")
    r = cli("party", "switch", "Owls\n")
    assert r.exit_code == 2 and "must replay" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert sql_dump(tmp_path / "campaign.db") == before
    assert cli("party", "switch", "Owls").exit_code == 0
    out = tmp_path / "out.json"
    assert cli("export", "-o", out).exit_code == 0
    assert cli("--db", tmp_path / "back.db", "import", out).exit_code == 0
