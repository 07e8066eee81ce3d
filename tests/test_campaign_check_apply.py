"""Issue 16: checking is separate from applying in results.finish and retirement.retire.

``check_*`` reads the campaign and raises when the rules refuse, writing
nothing; ``apply_*`` writes the plan it is given.
"""

from __future__ import annotations

import pytest

from ghcli.campaign import characters, init, results, retirement, road
from ghcli.campaign.kind import Store
from ghcli.errors import Refused
from helpers import direct, snapshot


@pytest.fixture
def store(db_file):
    init.init(db_file, seed=8)
    s = Store.open(db_file)
    characters.new(s, "Ann", "brute", player="ann", quest=512)
    characters.new(s, "Bob", "tinkerer", quest=514)
    yield s
    s.close()


def test_check_finish_writes_nothing_and_plans_the_gains(store, db_file):
    road.travel(store, 1)
    store.conn.execute("UPDATE parties SET road_event_due = 0")
    before = snapshot(db_file)
    plan = results.check_finish(store, 1, won=True, level=1, coins={"Ann": 3}, xp={"Bob": 2}, absent=[])
    assert snapshot(db_file) == before
    gains = {g.name: g for g in plan.gains}
    # Level 1: coin value 2, bonus XP 6.
    assert (gains["Ann"].gold, gains["Ann"].xp) == (6, 6) and (gains["Bob"].gold, gains["Bob"].xp) == (0, 8)
    assert plan.campaign_win and plan.level == 1
    with pytest.raises(Refused, match="0-3"):
        results.check_finish(store, 1, won=True, level=4)
    assert snapshot(db_file) == before


def test_apply_finish_writes_the_plan(store, db_file):
    road.travel(store, 1)
    store.conn.execute("UPDATE parties SET road_event_due = 0")
    with direct(store):
        plan = results.check_finish(store, 1, won=False, level=0, coins={"Ann": 1})
        out = results.apply_finish(store, plan)
    assert out["characters"][0]["gold"] == 32  # 30 + 1 token x 2
    assert store.value("SELECT location FROM parties") == "scenario"


def test_check_retire_refuses_and_writes_nothing(store, db_file):
    before = snapshot(db_file)
    with pytest.raises(Refused, match="not fulfilled"):
        retirement.check_retire(store, "Ann")
    characters.fulfil_quest(store, "Ann")
    mid = snapshot(db_file)
    plan = retirement.check_retire(store, "Ann")
    assert snapshot(db_file) == mid != before
    # Quest 512's class is not unlocked yet: the plan unlocks it; the campaign's first retirement.
    assert plan.unlock_class is not None and plan.first_ever and plan.first_of_class
    with direct(store):
        out = retirement.apply_retire(store, plan)
    assert out["class_unlocked"] == plan.unlock_class
    assert store.value("SELECT retired FROM characters WHERE name = 'Ann'") == 1
