"""`ghcli class show CLASS`: ability cards by level and numbered perks (issue 17), facts from the data files."""

from __future__ import annotations

import json

import pytest

from ghcli import data


def _class(key: str) -> dict:
    return next(c for c in data.load("classes") if c["key"] == key)


@pytest.mark.parametrize("key", [c["key"] for c in data.load("classes")])
def test_class_show_lists_every_card_and_perk(cli, key):
    r = cli("class", "show", key, "--json")
    assert r.exit_code == 0, r.output
    s = json.loads(r.stdout)
    cls = _class(key)
    cards = [c for c in data.load("ability_cards") if c["class"] == key]
    shown = {(c["number"], c["name"], g["level"]) for g in s["cards"] for c in g["cards"]}
    assert shown == {(c["number"], c["name"], str(c["level"])) for c in cards}
    # Levels in play order: 1, X, then 2..9.
    order = [g["level"] for g in s["cards"]]
    assert order[:2] == ["1", "X"] and order[2:] == sorted(order[2:], key=int)
    assert [(p["number"], p["count"]) for p in s["perks"]] == [(i, p["count"]) for i, p in enumerate(cls["perks"], 1)]
    assert s["hand_size"] == cls["hand_size"] and s["hp"] == cls["hp"]


def test_class_show_text_and_numbers_match_level_up(cli, db_file):
    out = cli("class", "show", "Brute").stdout
    assert "level 2: 14 Fatal Advance, 15 Juggernaut" in out
    assert "remove two -1 cards" in out
    # The numbers shown are the ones level-up and perk take.
    for args in (("init",), ("character", "new", "Hilda", "--class", "brute"),
                 ("character", "adjust", "Hilda", "--xp", "+45")):
        assert cli(*args).exit_code == 0
    r = cli("level-up", "Hilda", "--card", "14", "--perk", "3", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["card_name"] == "Fatal Advance"


def test_class_show_unknown_class(cli, db_file):
    r = cli("class", "show", "brut")
    assert r.exit_code == 2 and "did you mean 'brute'" in r.stderr
    # With a campaign, suggestions come only from its unlocked classes.
    assert cli("init").exit_code == 0
    r = cli("class", "show", "sunkeepr")
    assert r.exit_code == 2 and "unknown class" in r.stderr and "sunkeeper" not in r.stderr.lower()
