"""The campaign facts' special conditions: the reputation track's boxes and
events, and The Drake Aided. Each fires once per campaign, and undo reverts it."""

from __future__ import annotations

import json

import pytest

from ghcli.campaign import catalog
from ghcli.campaign.kind import Store

from helpers import run_ok, state_dump


@pytest.fixture
def camp(cli, db_file):
    run_ok(cli, "init", "--seed", "9")
    return db_file


def deck(path, name):
    s = Store.open(path)
    cards = [r["card"] for r in s.rows("SELECT card FROM event_decks WHERE deck = ? ORDER BY position", [name])]
    s.close()
    return cards


def unlocked(cli):
    return json.loads(run_ok(cli, "status", "--json").stdout)["unlocked_classes"]


def test_reputation_ten_opens_the_sun_box_once(cli, camp):
    run_ok(cli, "party", "reputation", "+9")
    assert "sunkeeper" not in unlocked(cli)
    run_ok(cli, "party", "reputation", "+1")
    assert "sunkeeper" in unlocked(cli)
    sun_event = catalog.find_class("sunkeeper")["city_event_on_unlock"]
    assert sun_event in deck(camp, "city") and sun_event in deck(camp, "road")
    # Down and up again: the box is not opened a second time (nothing new in the shop or scenarios).
    run_ok(cli, "party", "reputation", "-1")
    before = state_dump(camp)
    run_ok(cli, "party", "reputation", "+1")
    after = state_dump(camp)
    changed = [line for line in after if line not in before]
    assert all("parties" in line for line in changed), changed


def test_sun_box_when_class_already_unlocked_gives_design_and_side_scenario(cli, camp):
    run_ok(cli, "campaign", "unlock-class", "sunkeeper")
    run_ok(cli, "party", "reputation", "+10")
    s = Store.open(camp)
    designs = [r["item"] for r in s.rows("SELECT item FROM item_designs")]
    sides = [r["number"] for r in s.rows("SELECT number FROM scenarios WHERE number BETWEEN 63 AND 71")]
    assert len(designs) == 1 and catalog.item(designs[0])["source"].startswith("random item design")
    assert designs[0] in [r["item"] for r in s.rows("SELECT item FROM supply")]
    assert len(sides) == 1


def test_reputation_minus_ten_opens_the_eclipse_box_and_minus_twenty_adds_events(cli, camp):
    run_ok(cli, "party", "reputation", "-10")
    assert "nightshroud" in unlocked(cli)
    assert 77 not in deck(camp, "city")
    run_ok(cli, "party", "reputation", "-10")
    assert 77 in deck(camp, "city") and 68 in deck(camp, "road")


def test_reputation_twenty_adds_events_and_undo_removes_them(cli, camp):
    run_ok(cli, "party", "reputation", "+19")
    before = state_dump(camp)
    run_ok(cli, "party", "reputation", "+1")
    assert 76 in deck(camp, "city") and 67 in deck(camp, "road")
    run_ok(cli, "undo")
    assert state_dump(camp) == before  # the same content (the file's pages may differ)


def test_both_drake_achievements_give_the_drake_aided(cli, camp):
    run_ok(cli, "party", "achievement", "add", "The Drake's Command")
    assert 75 not in deck(camp, "city")
    run_ok(cli, "party", "achievement", "add", "the-drakes-treasure")
    st = json.loads(run_ok(cli, "status", "--json").stdout)
    assert "the-drake-aided" in [a["key"] for a in st["achievements"]["global"]]
    assert 75 in deck(camp, "city") and 66 in deck(camp, "road")
