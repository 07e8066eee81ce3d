"""Issue 2: which scenarios are available, and why the others are not."""

from __future__ import annotations

import json

import pytest

from ghcli.campaign import catalog, effects, init, lookup, parties, scenarios
from ghcli.campaign.kind import Store
from helpers import direct


@pytest.fixture
def store(db_file):
    init.init(db_file, seed=3)
    s = Store.open(db_file)
    yield s
    s.close()


def do(store, fn, *args):
    with direct(store):
        fn(store, *args)


def by_number(store, party=None) -> dict[int, dict]:
    return {r["number"]: r for r in scenarios.availability(store, party)}


def test_fresh_campaign(store):
    assert scenarios.availability(store) == [
        {"number": 1, "name": "Black Barrow", "location": "G-10", "state": "available", "reasons": []}]
    a = scenarios.is_available(store, None, 2)
    assert not a and a.state == "locked" and a.reasons == ("not unlocked",)


def test_party_achievement_requirement(store):
    assert catalog.scenario(2)["requires"]["party"] == ["first-steps"]
    do(store, effects.unlock_scenario, 2)
    assert by_number(store)[2]["state"] == "locked"
    assert by_number(store)[2]["reasons"] == ["needs party achievement First Steps"]
    party = lookup.current_party(store)
    do(store, effects.add_party_achievement, party["id"], "first-steps")
    assert by_number(store)[2]["state"] == "available"
    assert scenarios.is_available(store, party, 2)
    assert scenarios.is_available(store, party["id"], 2)
    # Another party does not hold First Steps.
    parties.new_party(store, "Others")
    assert by_number(store)[2]["state"] == "locked"
    assert by_number(store, party)[2]["state"] == "available"


def test_global_achievement_must_not_be_held(store):
    assert "the-merchant-flees" in catalog.scenario(3)["requires"]["not_global"]
    do(store, effects.unlock_scenario, 3)
    assert by_number(store)[3]["state"] == "available"
    do(store, effects.add_global_achievement, "the-merchant-flees")
    assert by_number(store)[3] == {"number": 3, "name": catalog.scenario(3)["name"],
                                   "location": catalog.scenario(3)["location"],
                                   "state": "locked", "reasons": ["global achievement The Merchant Flees is held"]}


def test_counted_requirement(store):
    assert catalog.scenario(51)["requires"]["min_counts"] == {"end-of-corruption": 3}
    do(store, effects.unlock_scenario, 51)
    assert by_number(store)[51]["reasons"] == ["needs global achievement End of Corruption x3"]
    do(store, effects.add_global_achievement, "end-of-corruption")
    do(store, effects.add_global_achievement, "end-of-corruption")
    assert by_number(store)[51]["reasons"] == ["needs global achievement End of Corruption x3 (have 2)"]
    do(store, effects.add_global_achievement, "end-of-corruption")
    assert by_number(store)[51]["state"] == "available"


def test_alternative_requirements(store):
    alternatives = catalog.scenario(22)["requires_any"]
    assert [alt["party"] for alt in alternatives] == [["a-demons-errand"], ["following-clues"]]
    do(store, effects.unlock_scenario, 22)
    assert by_number(store)[22]["reasons"] == [
        "needs one of: party achievement A Demon's Errand | party achievement Following Clues"]
    do(store, effects.add_party_achievement, lookup.current_party(store)["id"], "following-clues")
    assert by_number(store)[22]["state"] == "available"


def test_blocked_by_a_completed_scenario(store):
    assert 9 in catalog.scenario(8)["blocks"]
    do(store, effects.unlock_scenario, 9)
    do(store, effects.complete_scenario, 8)
    do(store, effects.block_scenario, 9)
    row = by_number(store)[9]
    assert row["state"] == "blocked"
    assert row["reasons"] == [f"blocked by scenario 8 ({catalog.scenario(8)['name']})"]
    a = scenarios.is_available(store, None, 9)
    assert not a and a.state == "blocked" and "scenario 8" in a.why()


def test_won_before_it_was_blocked_stays_completed_without_a_replay(store):
    # 9 won first, then 8 (which blocks 9): the map shows 9 completed; it may not be replayed.
    do(store, effects.complete_scenario, 9)
    do(store, effects.complete_scenario, 8)
    do(store, effects.block_scenario, 9)
    row = by_number(store)[9]
    assert row["state"] == "completed"
    assert row["reasons"] == ["completed", f"blocked by scenario 8 ({catalog.scenario(8)['name']}): no replay"]
    replay = scenarios.is_available(store, None, 9, replay=True)
    assert not replay and replay.state == "completed" and "blocked by scenario 8" in replay.why()


def test_blocked_but_never_unlocked_is_not_listed(store):
    do(store, effects.block_scenario, 12)
    assert 12 not in by_number(store)
    assert scenarios.is_available(store, None, 12).reasons == ("not unlocked",)


def test_completed_and_replay(store):
    do(store, effects.complete_scenario, 1)
    assert by_number(store)[1]["state"] == "completed"
    a = scenarios.is_available(store, None, 1)
    assert not a and a.state == "completed"
    assert scenarios.is_available(store, None, 1, replay=True)
    # A replay still needs the requirements.
    do(store, effects.complete_scenario, 2)
    assert not scenarios.is_available(store, None, 2, replay=True)


def test_scenario_list_cli(cli, db_file, store):
    do(store, effects.unlock_scenario, 2)
    do(store, effects.unlock_scenario, 3)
    do(store, effects.complete_scenario, 1)
    rows = json.loads(cli("scenario", "list", "--json").stdout)
    assert [(r["number"], r["state"]) for r in rows] == [(1, "completed"), (2, "locked"), (3, "available")]
    rows = json.loads(cli("scenario", "list", "--available", "--json").stdout)
    assert [r["number"] for r in rows] == [3]
    text = cli("scenario", "list").stdout
    assert "needs party achievement First Steps" in text and "Black Barrow" in text
