"""The facts shipped for issue 18 (random dungeons, solo scenarios, monsters).

Counts and hand-checked values are asserted on the shipped copies in
ghcli/data; where the project's checked facts are present (/work/shared/facts,
not in a fresh clone) the shipped files must equal them.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from ghcli import data

SHARED = Path("/work/shared/facts")
FILES = ("random_dungeons", "solo_scenarios", "monsters")


def with_overrides(facts: dict, overrides: dict) -> dict:
    """The facts with ghcli's recorded overrides applied: each must find the facts' own value."""
    out = copy.deepcopy(facts)
    rows = {m["key"]: m for m in out["monsters"]}
    for v in overrides["values"]:
        row = rows[v["monster"]]["stats"][v["type"]][v["level"]]
        assert row["level"] == v["level"] and row[v["field"]] == v["facts"], v
        row[v["field"]] = v["value"]
    out["overrides"] = overrides
    return out


@pytest.mark.parametrize("name", FILES)
def test_shipped_copy_equals_the_checked_facts(name):
    """Equal, except monsters.json's recorded overrides (issue 26: doubts decided by the majority of sources)."""
    shared = SHARED / f"{name}.json"
    if not shared.exists():
        pytest.skip("no /work/shared/facts here (a fresh clone): the hard checks below still run")
    facts = json.loads(shared.read_text(encoding="utf-8"))
    shipped = data.load(name)
    if name == "monsters":
        facts = with_overrides(facts, shipped["overrides"])
    assert shipped == facts


def test_the_monster_overrides_are_the_decided_doubts():
    """Issue 26: exactly these values differ from the facts, each doubt decided is one of the facts'."""
    m = data.load("monsters")
    ov = m["overrides"]
    changed = {(v["monster"], v["type"], v["level"], v["field"]): (v["facts"], v["value"]) for v in ov["values"]}
    savvas = [("savvas-icestorm", "elite", 7), ("avatar-of-thelija", "elite", 7),
              ("icestorm-guardian-of-the-firmament", "elite", 7)]
    for key, kind, lv in savvas:
        before, after = changed[(key, kind, lv, "attributes")]
        assert "pierce 3" in before and "pierce 4" in after and set(before) - {"pierce 3"} == set(after) - {"pierce 4"}
    assert changed[("manifestation-of-corruption", "boss", 7, "health")] == ("56xC", "65xC")
    assert all(changed[("sraka-the-wise", "boss", lv, "move")] == (0, 3) for lv in range(8))
    bears = {(k, t, lv) for k, t, lv, f in changed if k == "cave-bear-scenario-54"}
    assert bears == {("cave-bear-scenario-54", "normal", lv) for lv in (5, 6, 7)} | \
        {("cave-bear-scenario-54", "elite", lv) for lv in (4, 5, 6, 7)}
    assert len(changed) == 3 + 1 + 8 + 7
    decided = {d["doubt"] for d in ov["decisions"]}
    assert decided <= set(m["summary"]["doubts"]) and len(decided) == 4
    assert {k for d in ov["decisions"] for k in d["monsters"]} == {v["monster"] for v in ov["values"]}


def test_random_dungeon_cards():
    d = data.load("random_dungeons")
    rooms = {r["number"]: r for r in d["rooms"]}
    cards = {m["number"]: m for m in d["monsters"]}
    assert sorted(rooms) == list(range(534, 554))
    assert sorted(cards) == list(range(554, 574)) + [622, 623]
    assert {cards[n]["expansion"] for n in (622, 623)} == {"forgotten-circles"}
    # The seed's example: the Drowned Sewer.
    sewer, drowned = rooms[534], cards[555]
    assert (sewer["name"], sewer["tiles"], sewer["entrances"], sewer["exits"]) == ("Sewer", ["H1b"], ["A"], ["A"])
    assert drowned["name"] == "Drowned" and drowned["monster_keys"] == ["lurker", "living-spirit"]
    assert drowned["difficult_terrain"] == {"water": [5, 11]} and drowned["treasure_positions"] == [12]
    assert drowned["traps"]["effects"] == ["stun", "damage"]
    # Doors: every card has an entrance and an exit, A or B; the Tunnel has both exits.
    assert all(set(r["entrances"]) | set(r["exits"]) <= {"A", "B"} and r["entrances"] and r["exits"]
               for r in rooms.values())
    assert rooms[550]["name"] == "Tunnel" and rooms[550]["exits"] == ["A", "B"]
    assert rooms[543]["tiles"] == ["A3b", "B2b"]
    # Every placement names a monster of its card and a rank (or nothing) for 2, 3 and 4.
    monsters = {m["key"] for m in data.load("monsters")["monsters"]}
    for card in cards.values():
        assert set(card["monster_keys"]) <= monsters
        for p in card["placements"]:
            assert p["monster"] in card["monster_keys"] and set(p["players"]) == {"2", "3", "4"}
            assert set(p["players"].values()) <= {None, "normal", "elite"}
    # Facts only: no penalty or treasure text (the card fields are numbers, names and keywords).
    allowed = {"number", "key", "name", "expansion", "tiles", "entrances", "exits", "entrance_count", "exit_count",
               "back", "monsters", "monster_keys", "placements", "totals", "traps", "difficult_terrain",
               "hazardous_terrain", "coin_positions", "treasure_positions"}
    assert all(set(c) <= allowed for c in [*rooms.values(), *cards.values()])


def test_solo_scenarios():
    s = data.load("solo_scenarios")
    e = s["eligibility"]
    assert (e["min_prosperity_level"], e["min_retired_characters"], e["min_character_level"]) == (3, 2, 5)
    by_class = {x["class_key"]: x for x in s["scenarios"]}
    assert len(by_class) == 19
    assert [by_class[k]["reward_item"]["number"] for k in ("brute", "tinkerer", "beast-tyrant", "diviner")] == \
        [134, 135, 150, 164]
    assert by_class["brute"]["scenario_name"] == "Return to the Black Barrow"
    items = {i["number"]: i for i in data.load("items")}
    classes = {c["key"] for c in data.load("classes")}
    for x in s["scenarios"]:
        it = items[x["reward_item"]["number"]]
        assert it["name"] == x["reward_item"]["name"] and it["count"] == 1 and it["prosperity"] is None
        assert (x["class_key"] in classes) == x["in_classes_json"]
    assert set(classes) <= set(by_class)


def test_monsters():
    m = data.load("monsters")
    ms = {x["key"]: x for x in m["monsters"]}
    assert len(ms) == 104
    assert sum(x["edition"] == "gh" for x in ms.values()) == 77
    assert sum(not x["variant"] for x in ms.values()) == 34 + 4 + 13 + 3
    for x in ms.values():
        kinds = ["boss"] if x["boss"] else ["normal", "elite"]
        assert sorted(x["stats"]) == sorted(kinds)
        for kind in kinds:
            assert [r["level"] for r in x["stats"][kind]] == list(range(8))
    guard = ms["bandit-guard"]["stats"]
    assert [(r["health"], r["move"], r["attack"]) for r in guard["normal"][:2]] == [(5, 2, 2), (6, 3, 2)]
    assert (guard["elite"][0]["health"], guard["elite"][0]["attack"]) == (9, 3)
    assert ms["bandit-commander"]["stats"]["boss"][0]["health"] == "8xC"
    assert ms["inox-bodyguard"]["stats"]["boss"][0]["attack"] == "C"
    # A doubt decided by the majority of sources (issue 26): Savvas Icestorm elite level 7 pierce 4
    # (GHS 3; X-haven and gloomycompanion 4), its Forgotten Circles copies too.
    for key in ("savvas-icestorm", "avatar-of-thelija", "icestorm-guardian-of-the-firmament"):
        assert "pierce 4" in ms[key]["stats"]["elite"][7]["attributes"]
        assert "pierce 3" in ms[key]["stats"]["elite"][6]["attributes"]
    assert any(d.startswith("savvas-icestorm") for d in m["summary"]["doubts"])
    # Manifestation of Corruption level 7: 65xC; Sraka the Wise moves 3.
    assert ms["manifestation-of-corruption"]["stats"]["boss"][7]["health"] == "65xC"
    assert {r["move"] for r in ms["sraka-the-wise"]["stats"]["boss"]} == {3}
    # Scenario 54's cave bears: poison at every level, wound where the Cave Bear's card has it.
    bears, card = ms["cave-bear-scenario-54"]["stats"], ms["cave-bear"]["stats"]
    for kind in ("normal", "elite"):
        for row, plain in zip(bears[kind], card[kind]):
            assert row["attributes"] == sorted({"poison", *plain["attributes"]}), (kind, row["level"])
    assert bears["normal"][5]["attributes"] == ["poison", "wound"] and bears["elite"][3]["attributes"] == ["poison"]
