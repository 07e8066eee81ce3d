"""The editions' facts and switches (issue 28).

- Every edition names real switches: a monster rule set the rules core has, enhancement costs the
  calculator has, features from the one list, a facts folder holding the files it ships.
- Gloomhaven's edition reads ghcli/data (the files stay where they were).
- Jaws of the Lion's facts (ghcli/editions/jotl/) equal GHS's jotl.json where it is beside the project
  (../shared/ghs/real/assets/data/jotl.json; a fresh clone skips those, saying so), read here
  field by field on their own (not through the code that built the files); the counts and
  hand-checked values below hold everywhere.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ghcli import data, editions
from ghcli.rules import enhance, rulesets
from helpers import walked

HERE = Path(__file__).resolve().parent
JOTL = HERE.parent / "ghcli" / "editions" / "jotl"
GHS = HERE.parent.parent / "shared" / "ghs" / "real" / "assets" / "data" / "jotl.json"
if not GHS.exists():
    GHS = Path("/work/shared/ghs/real/assets/data/jotl.json")


def shipped(name: str):
    return json.loads((JOTL / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def ghs():
    if not GHS.exists():
        pytest.skip(f"GHS's jotl.json is not here ({GHS}: a fresh clone has no ../shared): the counts still run")
    return json.loads(GHS.read_text(encoding="utf-8"))


# -- the editions --------------------------------------------------------------------------


@pytest.mark.parametrize("key", editions.keys())
def test_every_edition_names_real_switches_and_ships_its_files(key):
    ed = editions.get(key)
    assert ed.rule_set in rulesets.RULE_SETS
    assert ed.enhancement_costs in enhance.EDITIONS
    assert set(ed.lacks) <= set(editions.FEATURES)
    assert ed.shop in ("prosperity", "scenarios") and ed.start_level in ("prosperity", "party")
    for name in ed.facts:
        assert (ed.facts_dir / f"{name}.json").is_file(), (key, name)
    for name in ("classes", "items", "scenarios", "ability_cards", "campaign", "monsters"):
        assert name in ed.facts, (key, name)


def test_gloomhaven_reads_ghcli_data_where_it_always_was():
    gh = editions.get("gh")
    assert gh.facts_dir == HERE.parent / "ghcli" / "data" and gh.lacks == {}
    for name in gh.facts:
        assert gh.load(name) is data.load(name)


def test_the_active_edition_follows_use_and_falls_back_to_gloomhaven():
    from ghcli.campaign import catalog

    assert catalog.edition().key == "gh"
    with editions.using("jotl"):
        assert catalog.find_class("hatchet")["hand_size"] == 10
        assert catalog.item(1)["name"] == "Eagle-Eye Goggles" and catalog.achievements() == []
    assert catalog.item(1)["name"] == "Boots of Striding"


# -- Jaws of the Lion, everywhere ------------------------------------------------------------


def test_jotl_counts():
    assert [c["key"] for c in shipped("classes")] == ["demolitionist", "hatchet", "red-guard", "voidwarden"]
    assert [s["number"] for s in shipped("scenarios")] == list(range(1, 26))
    assert [i["number"] for i in shipped("items")] == list(range(1, 37))
    assert len(shipped("monsters")["monsters"]) == 25 and len(shipped("battle_goals")) == 32
    for c in shipped("classes"):
        assert sum(p["count"] for p in c["perks"]) == 15  # a sheet's perk boxes
        cards = [x for x in shipped("ability_cards") if x["class"] == c["key"]]
        assert sum(1 for x in cards if x["level"] == 1) == c["hand_size"]
        assert sum(1 for x in cards if x["level"] == "X") == 3
        assert sum(1 for x in cards if x["level"] == "A") == 6 and sum(1 for x in cards if x["level"] == "B") == 2


def test_jotl_hand_checked_values():
    demo = next(c for c in shipped("classes") if c["key"] == "demolitionist")
    assert (demo["hand_size"], demo["hp"][0], demo["hp"][8]) == (9, 8, 20)
    s2, s3 = shipped("scenarios")[1], shipped("scenarios")[2]
    assert s2["rewards"]["gold"] == 25 and s2["rewards"]["item_designs"] == list(range(1, 14))
    assert s3["rewards"]["perks_each"] == 1 and [e["card"] for e in s3["rewards"]["events"]] == list(range(1, 23))
    assert shipped("scenarios")[6]["conclusion_sections"] == {"9-7": [9]}
    assert next(i for i in shipped("items") if i["number"] == 23)["unlock_scenario"] == 15


# -- Jaws of the Lion against GHS's own data ---------------------------------------------------


def test_classes_equal_ghs(ghs):
    ours = {c["key"]: c for c in shipped("classes")}
    assert list(ours) == [c["name"] for c in ghs["characters"]]
    for c in ghs["characters"]:
        mine = ours[c["name"]]
        assert mine["hand_size"] == c["handSize"]
        assert mine["hp"] == [s["health"] for s in sorted(c["stats"], key=lambda s: s["level"])]
        assert [p["count"] for p in mine["perks"]] == [p["count"] for p in c["perks"]]
        label = ghs["label"]["en"]["character"]["jotl"][c["name"]]
        assert mine["name"] == (label[""] if isinstance(label, dict) else label)


def test_ability_cards_equal_ghs_in_ghs_deck_order(ghs):
    ours = shipped("ability_cards")
    for deck in (d for d in ghs["decks"] if d.get("character")):
        mine = [x for x in ours if x["class"] == deck["name"]]
        # the order is GHS's: a GHS file's progress.deck indexes it
        assert [x["number"] for x in mine] == [a["cardId"] for a in deck["abilities"]]
        assert [(x["level"], x["initiative"]) for x in mine] == [
            (a["level"], a["initiative"]) for a in deck["abilities"]]
        renamed = [(a["name"], x["name"]) for a, x in zip(deck["abilities"], mine) if a["name"] != x["name"]]
        assert renamed in ([], [("Ones-Two Punch", "One-Two Punch")])  # GHS's one typo, fixed (SOURCES.md)


def test_items_equal_ghs(ghs):
    ours = {i["number"]: i for i in shipped("items")}
    slots = {"onehand": "one-hand", "twohand": "two-hands"}
    for it in ghs["items"]:
        mine = ours[it["id"]]
        assert (mine["name"], mine["cost"], mine["count"]) == (it["name"], it["cost"], it["count"])
        assert mine["slot"] == slots.get(it["slot"], it["slot"])
        assert mine["unlock_scenario"] == (int(it["unlockScenario"]["name"]) if it.get("unlockScenario") else None)
        assert mine["usage"] == ("consumed" if it.get("consumed") else "spent" if it.get("spent") else "none")


def test_scenarios_equal_ghs(ghs):
    ours = {s["number"]: s for s in shipped("scenarios")}
    sections = {int(s["parent"]): [int(u) for u in s["unlocks"]] for s in ghs["sections"] if s.get("conclusion")}
    for s in ghs["scenarios"]:
        mine, r = ours[int(s["index"])], s.get("rewards") or {}
        assert mine["name"] == s["name"] and mine["initial"] == bool(s.get("initial"))
        assert mine["unlocks"] == [int(u) for u in s.get("unlocks", [])] + sections.get(int(s["index"]), [])
        assert mine["blocks"] == [int(b) for b in s.get("blocks", [])]
        got = mine["rewards"]
        assert (got["gold"], got["xp"], got["checkmarks_each"], got["perks_each"]) == (
            r.get("gold"), r.get("experience"), r.get("battleGoals"), r.get("perks"))
        assert got["items"] == [int(i) for i in r.get("items", [])]
        designs = []
        for span in r.get("itemDesigns", []):
            a, _, b = span.partition("-")
            designs += range(int(a), int(b or a) + 1)
        assert got["item_designs"] == designs
        # every item GHS puts in the shop with this scenario is among its designs (GHS: unlockScenario)
        assert {i["id"] for i in ghs["items"] if (i.get("unlockScenario") or {}).get("name") == int(s["index"])} \
            <= set(designs)


def test_monsters_equal_ghs(ghs):
    ours = {m["key"]: m for m in shipped("monsters")["monsters"]}
    assert set(ours) == {m["name"] for m in ghs["monsters"]}
    for m in ghs["monsters"]:
        mine = ours[m["name"]]
        assert mine["boss"] == bool(m.get("boss")) and mine["standee_count"] == m["count"]
        assert mine["variant"] == bool(m.get("hidden"))
        for row in m["stats"]:
            kind = row.get("type", "boss" if m.get("boss") else "normal")
            got = mine["stats"][kind][row["level"]]
            assert got["level"] == row["level"]
            assert got["health"] == row.get("health", m["baseStat"].get("health"))
            assert got["move"] == row.get("movement", m["baseStat"].get("movement", 0))
            assert got["attack"] == row.get("attack", 0) and got["range"] == row.get("range", 0)


def test_battle_goals_equal_ghs(ghs):
    assert [(b["number"], b["name"], b["checkmarks"]) for b in shipped("battle_goals")] == [
        (int(b["cardId"]), b["name"], b["checks"]) for b in ghs["battleGoals"]]


def test_city_events_are_ghs_deck(ghs):
    cities = sorted(int(e["cardId"]) for e in ghs["events"] if e["type"] == "city")
    assert cities == list(range(1, shipped("campaign")["max_city_event"] + 1))
    assert not [e for e in ghs["events"] if e["type"] != "city"]  # no road events in the box


def test_the_ghs_numbering_equals_ghs(ghs):
    """ghcli/editions/jotl/ghs.json: GHS's decks, enhancement slots and areas, read as ghcli/data/ghs.json is."""
    from ghs_real import _area_targets, _monsters, _slots

    shipped_ghs = shipped("ghs")
    editions_of = {m["name"]: m["edition"] for m in ghs["monsters"]}
    assert shipped_ghs["scenarios"] == {s["index"]: {"monsters": _monsters(s, editions_of)} for s in ghs["scenarios"]}
    for deck in (d for d in ghs["decks"] if d.get("character")):
        key = deck["name"]
        assert shipped_ghs["classes"][key] == {"id": key, "edition": "jotl",
                                               "deck": [a["cardId"] for a in deck["abilities"]]}
        for a in deck["abilities"]:
            slots = _slots(a.get("actions"), "", "top") + _slots(a.get("bottomActions"), "bottom", "bottom")
            assert shipped_ghs["cards"][key].get(str(a["cardId"]), []) == slots
            hexes = {**_area_targets(a.get("actions"), ""), **_area_targets(a.get("bottomActions"), "bottom")}
            assert shipped_ghs["areas"][key].get(str(a["cardId"]), {}) == hexes


def test_the_editions_package_imports_no_campaign_and_no_cli():
    """ghcli/editions is facts and switches: the standard library, ghcli.errors, ghcli.data, ghcli.records
    (@record), itself."""
    import ast
    import sys

    allowed = ("ghcli.errors", "ghcli.data", "ghcli.records", "ghcli.editions")
    package = HERE.parent / "ghcli" / "editions"
    found = []
    for path in sorted(package.rglob("*.py")):
        for node in walked(path):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
            found += [(path.name, n) for n in names]
    assert found, "the walk saw no import"
    bad = [(f, n) for f, n in found if n.split(".")[0] not in sys.stdlib_module_names | {"__future__"}
           and n != "ghcli" and not n.startswith(allowed)]
    assert bad == []
