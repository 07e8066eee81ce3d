"""Jaws of the Lion campaigns to and from Gloomhaven Secretariat (issue 28).

- A campaign played by commands through its first five scenarios (items, level-ups, perks, a city
  event drawn) is exported to GHS, loaded by GHS's own code with no error, and GHS's view equals
  ghcli's values; GHS's save of it imports back equal.
- A file GHS wrote (tests/ghs_jotl/sleeping-lions, saved by GHS's code) imports with its characters,
  levels, XP, gold, perks, items, cards, completed and unlocked scenarios, shop and city deck equal to
  what GHS showed of it (view.json beside it).
- An older save GHS itself cannot load imports with the missing fields empty, each reported.

GHS's code runs where ../shared/ghs/real and node are present; elsewhere those tests skip and say why.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import ghs_real
from helpers import Campaign, run_ok

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "ghs_jotl"
REAL = HERE.parent.parent / "shared" / "ghs" / "real"
if not REAL.exists():  # a worktree beside the main checkout
    REAL = Path("/work/shared/ghs/real")
LOADER = REAL / "ghs-load.mjs"
GHS_DATA = REAL / "assets" / "data" / "jotl.json"


def ghs_missing() -> str | None:
    if not LOADER.exists():
        return f"GHS's own loading code is not here ({LOADER}: a fresh clone has no ../shared/ghs/real)"
    if shutil.which("node") is None:
        return "node is not installed: GHS's loading code runs under node"
    return None


needs_ghs = pytest.mark.skipif(ghs_missing() is not None, reason=ghs_missing() or "")


def ghs_load(path: Path, out: Path) -> tuple[str, dict, dict | None]:
    """GHS's Data management > Import of a file: (its one-line summary, view.json, saved-game.json)."""
    r = ghs_real.run_loader(path, out, loader=LOADER)  # node, or the answer it gave this session
    assert r.returncode == 0, r.stderr
    saved = out / "saved-game.json"
    return (r.stdout.strip(), json.loads((out / "view.json").read_text()),
            json.loads(saved.read_text()) if saved.exists() else None)


def js(cli, db: Path, *args) -> object:
    return json.loads(run_ok(cli, "--db", str(db), *args, "--json").stdout)


def ghcli_values(cli, db: Path) -> dict:
    """What ghcli holds, in the terms GHS's view uses."""
    st = js(cli, db, "status")
    chars = {}
    for c in st["characters"]:
        show = js(cli, db, "character", "show", c["name"])
        chars[c["name"]] = {
            "class": c["class"], "level": c["level"], "xp": c["xp"], "gold": c["gold"],
            "checkmarks": c["checkmarks"], "extra_perks": show["extra_perks"], "player": c["player"] or "",
            "perks": [(p["perk"], p["times"]) for p in show["perks"]],
            "items": sorted(i["number"] for i in show["items"]), "cards": len(show["cards"]),
            "perks_left": c["perks_earned"] - c["perks_taken"], "max_hp": show["max_hp"],
            "stickers": len(show["enhancements"]),
        }
    scen = js(cli, db, "scenario", "list")
    shop = js(cli, db, "shop")
    con_rows = js(cli, db, "export")["tables"]
    decks = sorted(con_rows["event_decks"]["rows"], key=lambda r: r[2])
    pending = [r[2] for r in con_rows["pending_events"]["rows"] if r[1] == "city"]
    return {
        "party": st["party"]["name"],
        "characters": chars,
        "completed": sorted(s["number"] for s in scen if s["state"] == "completed"),
        "available": sorted(s["number"] for s in scen if s["state"] == "available"),
        "blocked": sorted(s["number"] for s in scen if s["state"] == "blocked"),
        "shop": {i["number"]: i["copies"] for i in shop["items"]},
        "city": pending + [r[3] for r in decks if r[1] == "city"],
        "drawn": bool(pending),
    }


def ghs_values(view: dict) -> dict:
    """The same values as GHS's own code shows them (its view.json)."""
    assert view["loadError"] is None and view["viewError"] is None, (view["loadError"], view["viewError"])
    number = lambda name: int(name.split()[1])  # noqa: E731  ('jotl 9 Explosive Evolution')
    chars = {}
    for c in view["characters"]:
        assert c["classKnownToGHS"] and not c["errors"] and not c["perksOutOfRange"], c
        chars[c["title"]] = {
            "class": c["class"], "level": c["level"], "xp": c["xp"], "gold": c["gold"],
            "checkmarks": c["checkmarks"], "extra_perks": c["extraPerks"] + c["retirements"], "player": c["player"],
            "perks": [(p["perk"], p["ticks"]) for p in c["perks"]],
            "items": sorted(int(i["id"]) for i in c["items"]), "cards": c["deck"],
            "perks_left": c["availablePerks"], "max_hp": c["maxHealth"], "stickers": c["enhancements"],
        }
        assert all(i["edition"] == "jotl" and i["name"] != "UNKNOWN TO GHS" for i in c["items"]), c["items"]
    sc = view["scenarios"]
    city = view["eventDecks"].get("city", {"cards": [], "unknownToGHS": []})
    assert city["unknownToGHS"] == []
    return {
        "party": view["party"]["name"],
        "characters": chars,
        "completed": sorted(map(number, sc["completed"])),
        "available": sorted(map(number, sc["available"])),
        "blocked": sorted(map(number, sc["blocked"])),
        "shop": {int(k.split(":")[1]): v for k, v in view["shopCopiesLeft"].items()},
        "city": [int(c) for c in city["cards"]],
        "drawn": view["eventDraw"] == "city",
    }


# -- a campaign played by commands -------------------------------------------------------------------


def play_first_five(cli, db: Path) -> Campaign:
    c = Campaign(lambda *a, **k: cli("--db", str(db), *a, **k), db)
    c.ok("init", "--edition", "jotl", "--party", "Gloomy Gulls", "--seed", "11")
    for name, cls, player in (("Boom", "demolitionist", "Ana"), ("Axe", "hatchet", "Ben"),
                              ("Red", "red guard", "Cy"), ("Void", "voidwarden", None)):
        c.ok("character", "new", name, "--class", cls, *(["--player", player] if player else []))
    plays = {1: ["--xp", "Boom=3"], 2: ["--xp", "Boom=5", "--xp", "Axe=6", "--coins", "Red=3"],
             3: ["--xp", "Boom=8", "--xp", "Axe=6", "--xp", "Red=7", "--xp", "Void=9", "--checkmarks", "Red=2"],
             4: ["--item", "Void=14", "--xp", "Boom=10", "--xp", "Axe=12", "--xp", "Red=9", "--xp", "Void=8"],
             5: ["--xp", "Boom=6", "--coins", "Axe=8"]}
    for n, extra in plays.items():
        c.ok("travel", str(n))
        c.ok("scenario", "finish", str(n), "--won", *extra)
        c.ok("return")
        if n == 2:
            c.ok("buy", "Boom", "Iron Helmet")
            c.ok("buy", "Axe", "11")
            c.ok("buy", "Red", "Chain Armor")
        if n == 3:
            c.ok("event", "draw", "city")
            c.ok("event", "resolve", "city", "--option", "B", "--gold", "Boom=5", "--remove")
            c.ok("perk", "Boom", "1")
            c.ok("perk", "Red", "4")
    for name, card, perk in (("Boom", "94", "2"), ("Axe", "24", "9"), ("Red", "237", "2"), ("Void", "165", "3")):
        c.ok("level-up", name, "--card", card, "--perk", perk)
    c.ok("buy", "Void", "Weathered Boots")
    # 13 Center Mass: 30
    c.ok("enhance", "apply", "Axe", "--card", "13", "--action", "bottom", "--ability", "move", "--yes")
    c.ok("event", "draw", "city")  # drawn, not resolved: GHS's eventDraw
    return c


def test_the_export_holds_the_campaign_in_ghs_places(cli, tmp_path):
    db = tmp_path / "c.db"
    play_first_five(cli, db)
    out = tmp_path / "ghs.json"
    run_ok(cli, "--db", str(db), "export", "--format", "ghs", "-o", str(out))
    game = json.loads(out.read_text())
    party = game["party"]
    assert game["edition"] == party["edition"] == "jotl" and party == game["parties"][0]
    assert [s["index"] for s in party["scenarios"]] == ["1", "2", "3", "4", "5"]
    assert party["manualScenarios"] == [] and party["conclusions"] == [] and party["unlockedItems"] == []
    assert (party["reputation"], party["prosperity"], party["donations"]) == (0, 0, 0)
    assert game["eventDraw"] == "city" and len(party["eventDecks"]["city"]) == 21  # one removed, one drawn
    assert {c["title"]: c["name"] for c in game["characters"]} == {
        "Boom": "demolitionist", "Axe": "hatchet", "Red": "red-guard", "Void": "voidwarden"}
    void = next(c for c in game["characters"] if c["title"] == "Void")
    assert void["number"] == 4 and party["players"] == ["Ana", "Ben", "Cy", ""]  # a slot of its own, unnamed
    for c in game["characters"]:
        for key in ("personalQuestProgress", "scenarioStats", "deck"):  # what GHS 0.150 needs to load a file
            assert isinstance(c["progress"][key], list)
    boom = next(c for c in game["characters"] if c["title"] == "Boom")
    cards = [x for x in json.loads((HERE.parent / "ghcli/editions/jotl/ability_cards.json").read_text())
             if x["class"] == "demolitionist"]
    assert [cards[i]["number"] for i in boom["progress"]["deck"]] == [94]
    axe = next(c for c in game["characters"] if c["title"] == "Axe")
    slots = json.loads((HERE.parent / "ghcli/editions/jotl/ghs.json").read_text())["cards"]["hatchet"]["13"]
    (sticker,) = axe["progress"]["enhancements"]
    assert sticker["cardId"] == 13 and sticker["action"] == "plus1"
    # the first bottom slot of card 13 that takes a +1 Move, as GHS numbers it
    first = next(x for x in slots if x[0] == "bottom" and x[4] == "move")
    assert (sticker["actionIndex"], sticker["index"]) == (first[1], first[2])


@needs_ghs
def test_first_five_scenarios_load_in_ghs_with_every_value_equal_and_back(cli, tmp_path):
    db = tmp_path / "c.db"
    play_first_five(cli, db)
    out = tmp_path / "ghs.json"
    run_ok(cli, "--db", str(db), "export", "--format", "ghs", "-o", str(out))
    line, view, saved = ghs_load(out, tmp_path / "ghs")
    assert "loadError=none viewError=none console.errors=0 warnings=0" in line
    ours = ghcli_values(cli, db)
    assert ghs_values(view) == ours
    assert ours["completed"] == [1, 2, 3, 4, 5] and ours["available"] == [6] and ours["drawn"]
    # GHS's own save of it, back into ghcli
    back_file, back = tmp_path / "saved.json", tmp_path / "back.db"
    back_file.write_text(json.dumps(saved))
    report = js(cli, back, "import", str(back_file))
    assert report["imported"]["edition"] == "jotl"
    assert ghcli_values(cli, back) == ours
    progress = [d for d in report["dropped"] if "characters[" in d["path"] and "progress" in d["path"]]
    assert [d["path"] for d in progress] == ["characters[1].progress.enhancements (Axe: 1 stickers)"]
    assert "GHS keeps no price" in progress[0]["why"]
    for name in ("Boom", "Axe", "Red", "Void"):  # cards and stickers, with the price the calculator gives
        a, b = js(cli, db, "character", "show", name), js(cli, back, "character", "show", name)
        assert (a["cards"], a["enhancements"]) == (b["cards"], b["enhancements"]), name
    visits = [js(cli, x, "export")["tables"]["visits"] for x in (db, back)]
    column = visits[0]["columns"].index("city_event")
    # this town visit's city event is drawn: still one per visit after the trip (ghcli's mark in GHS's file)
    is_open = visits[0]["columns"].index("open")
    assert [[r[column + 1] for r in v["rows"] if r[is_open + 1]] for v in visits] == [[1], [1]]


@needs_ghs
def test_concluded_sections_and_unlocks_by_hand_reach_ghs(cli, tmp_path):
    db = tmp_path / "c.db"
    c = play_first_five(cli, db)
    c.ok("event", "resolve", "city", "--option", "A", "--return")
    for n in (6, 7):
        c.ok("travel", str(n))
        c.ok("scenario", "finish", str(n), "--won")
        c.ok("return")
    c.ok("campaign", "unlock-scenario", "20")  # as city event 17 does
    out = tmp_path / "ghs.json"
    run_ok(cli, "--db", str(db), "export", "--format", "ghs", "-o", str(out))
    party = json.loads(out.read_text())["party"]
    assert [x["index"] for x in party["conclusions"]] == ["9-7"]
    assert [x["index"] for x in party["manualScenarios"]] == ["20"]
    _, view, saved = ghs_load(out, tmp_path / "ghs")
    ours = ghcli_values(cli, db)
    assert ghs_values(view) == ours and ours["available"] == [9, 20] and ours["blocked"] == [8]
    (tmp_path / "saved.json").write_text(json.dumps(saved))
    js(cli, tmp_path / "back.db", "import", str(tmp_path / "saved.json"))
    assert ghcli_values(cli, tmp_path / "back.db") == ours


@needs_ghs
def test_a_party_on_its_way_reaches_ghs_with_the_scenarios_monsters_and_back(cli, tmp_path):
    db = tmp_path / "c.db"
    c = play_first_five(cli, db)
    c.ok("event", "resolve", "city", "--option", "A", "--return")
    c.ok("travel", "6")
    out = tmp_path / "ghs.json"
    run_ok(cli, "--db", str(db), "export", "--format", "ghs", "-o", str(out))
    game = json.loads(out.read_text())
    scenario = next(s for s in json.loads(GHS_DATA.read_text())["scenarios"] if s["index"] == "6")
    assert game["scenario"]["index"] == "6" and sorted(m["name"] for m in game["monsters"]) == sorted(
        scenario["monsters"])
    assert all(m["level"] == game["level"] == 1 for m in game["monsters"])  # four level-2 characters: level 1
    _, view, saved = ghs_load(out, tmp_path / "ghs")
    assert view["scenarioInPlay"] == "jotl 6 Corrupted Research" and view["loadError"] is None
    (tmp_path / "saved.json").write_text(json.dumps(saved))
    report = js(cli, tmp_path / "back.db", "import", str(tmp_path / "saved.json"))
    assert report["imported"]["location"] == "on the way to scenario 6"
    run_ok(cli, "--db", str(tmp_path / "back.db"), "scenario", "finish", "6", "--won")


# -- files GHS wrote ---------------------------------------------------------------------------------


def test_a_file_ghs_wrote_imports_equal_to_what_ghs_showed(cli, tmp_path):
    folder = FIXTURES / "sleeping-lions"
    db = tmp_path / "c.db"
    report = js(cli, db, "import", str(folder / "ghs-game.json"))
    view = json.loads((folder / "view.json").read_text())
    ours, theirs = ghcli_values(cli, db), ghs_values(view)
    assert ours == theirs
    assert ours["completed"] == [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 13, 15, 16]
    assert ours["available"] == [17, 19, 20] and ours["blocked"] == [8, 12]
    assert sorted(c["level"] for c in ours["characters"].values()) == [4, 5, 5, 6]
    dropped = " | ".join(f"{d['path']}: {d['why']}" for d in report["dropped"])
    assert "casualScenarios[0] (scenario 4)" in dropped and "progress.enhancements (Hush: 1 stickers)" in dropped
    hush = js(cli, db, "character", "show", "Hush")["enhancements"]
    assert [(e["card"], e["action"], e["sticker"]) for e in hush] == [(152, "top", "+1 range")]
    # +1 Range on a level-1 card, 30 in the first edition's table, doubled: 152 Close to the Abyss's top is a
    # Heal with Target 2 (GHS's jotl.json), an ability of several targets
    assert hush[0]["cost"] == 60
    assert "missing" not in dropped  # GHS wrote every field
    st = js(cli, db, "status")
    assert st["edition"]["key"] == "jotl" and st["campaign"]["name"] == "The Sleeping Lions"


@needs_ghs
def test_the_fixture_is_what_ghs_saves_and_shows(tmp_path):
    folder = FIXTURES / "sleeping-lions"
    line, view, saved = ghs_load(folder / "source.json", tmp_path / "ghs")
    assert "loadError=none" in line and "console.errors=0" in line
    assert saved == json.loads((folder / "ghs-game.json").read_text())
    assert {k: v for k, v in view.items() if k != "input"} == {
        k: v for k, v in json.loads((folder / "view.json").read_text()).items() if k != "input"}
    again = ghs_load(folder / "ghs-game.json", tmp_path / "again")  # GHS reads its own save back the same
    assert ghs_values(again[1]) == ghs_values(view)


def test_an_older_save_ghs_cannot_load_imports_with_the_missing_fields_reported(cli, tmp_path):
    db = tmp_path / "c.db"
    report = js(cli, db, "import", str(FIXTURES / "older-save" / "ghs-game.json"))
    missing = [d for d in report["dropped"] if d["path"].endswith(": missing")]
    assert len(missing) == 4 * 3
    for name in ("Kaboom", "Splitter", "Sunny", "Hush"):
        for field in ("personalQuestProgress", "scenarioStats", "deck"):
            assert any(f"progress.{field} ({name})" in d["path"] for d in missing), (name, field)
    assert all("cannot load" in d["why"] for d in missing)
    full = json.loads((FIXTURES / "sleeping-lions" / "view.json").read_text())
    ours, theirs = ghcli_values(cli, db), ghs_values(full)
    assert all(c["cards"] == 0 for c in ours["characters"].values())  # the cards were not in the file
    for c in theirs["characters"].values():
        c["cards"] = 0
    assert ours == theirs


@needs_ghs
def test_ghs_itself_cannot_load_the_older_save(tmp_path):
    line, view, _ = ghs_load(FIXTURES / "older-save" / "ghs-game.json", tmp_path / "ghs")
    assert "personalQuestProgress is not iterable" in (view["loadError"] or "")


def test_the_jotl_file_once_refused_now_imports(cli, db_file):
    r = cli("import", str(HERE / "ghs_refused" / "jotl-game.json"), "--json")
    assert r.exit_code == 0, r.output
    st = json.loads(cli("status", "--json").stdout)
    assert st["edition"]["key"] == "jotl" and [c["name"] for c in st["characters"]] == ["Boom"]


def test_a_sticker_on_a_tutorial_card_is_reported_not_kept(cli, tmp_path):
    game = json.loads((FIXTURES / "sleeping-lions" / "ghs-game.json").read_text())
    hush = game["characters"][3]
    hush["progress"]["enhancements"].append({"cardId": 143, "actionIndex": "0", "index": 0, "action": "plus1",
                                             "inherited": False})
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game))
    report = js(cli, tmp_path / "c.db", "import", str(path))
    assert any("card 143" in d["path"] and "tutorial card" in d["why"] for d in report["dropped"])
    assert len(js(cli, tmp_path / "c.db", "character", "show", "Hush")["enhancements"]) == 1


@pytest.mark.parametrize("edit, words", [
    (("characters", 0, "name"), "unknown Jaws of the Lion class 'brute'"),
    (("characters", 0, "progress", "items"), "is not a Jaws of the Lion item"),
    (("party", "scenarios", 0, "index"), "unknown Jaws of the Lion scenario '99'"),
    (("characters", 0, "progress", "perks", 0), "ticks, but perk 1 of the Demolitionist has 1 box(es)"),
])
def test_bad_values_are_refused_naming_the_field(cli, tmp_path, edit, words):
    game = json.loads((FIXTURES / "sleeping-lions" / "ghs-game.json").read_text())
    values = {"name": "brute", "items": [{"name": "1", "edition": "gh"}], "index": "99", 0: 3}
    target = game
    for key in edit[:-1]:
        target = target[key]
    target[edit[-1]] = values[edit[-1]]
    game["parties"][0] = game["party"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(game))
    r = cli("--db", str(tmp_path / "x.db"), "import", str(path))
    assert r.exit_code == 2 and words in r.stderr and r.stderr.count("\n") == 1, r.stderr
    assert not (tmp_path / "x.db").exists()


# -- what random campaigns found (tests/test_jotl_ghs_property.py), each alone and without node -------------


def _jotl(cli, db: Path, *commands: list) -> None:
    run_ok(cli, "--db", db, "init", "--edition", "jotl", "--party", "Gulls", "--seed", "1")
    for args in commands:
        run_ok(cli, "--db", db, *args)


def _through_ghcli_s_ghs_file(cli, tmp_path: Path, db: Path) -> tuple[dict, Path]:
    """The campaign's GHS export (and its report), and a campaign imported from that file."""
    out, back = tmp_path / "ghs.json", tmp_path / "back.db"
    report = json.loads(run_ok(cli, "--db", db, "export", "--format", "ghs", "-o", out, "--json").stdout)
    run_ok(cli, "--db", back, "import", out)
    return {"game": json.loads(out.read_text()), "not_carried": report["not_carried"]}, back


def _shop(cli, db: Path) -> dict[int, int]:
    return {i["number"]: i["copies"] for i in json.loads(run_ok(cli, "--db", db, "shop", "--json").stdout)["items"]}


def test_an_item_sold_back_before_its_scenario_reaches_ghs_s_shop_and_comes_back(cli, tmp_path):
    """Boots of Striding (23, one copy) given and sold: in ghcli's shop, though no scenario or design puts it
    there; GHS's unlocked items carry it with its copies (reported), and it comes back with them."""
    db = tmp_path / "a.db"
    _jotl(cli, db, ["character", "new", "Boom", "--class", "demolitionist"],
          ["character", "give", "Boom", "23", "--not-from-supply"], ["sell", "Boom", "23"])
    assert _shop(cli, db) == {23: 1}
    doc, back = _through_ghcli_s_ghs_file(cli, tmp_path, db)
    assert doc["game"]["party"]["unlockedItems"] == [{"name": "23", "edition": "jotl", "count": -1}]
    assert [n["what"] for n in doc["not_carried"] if n["what"].startswith("item")] == \
        ["item 23 Boots of Striding in the shop (1 of 1)"]
    assert _shop(cli, back) == {23: 1}


def test_a_design_s_count_is_kept_both_ways(cli, tmp_path):
    """An item of two copies (Iron Helmet, 2) in the shop once: GHS's ``count`` 1 goes out and comes back."""
    db = tmp_path / "a.db"
    _jotl(cli, db, ["character", "new", "Boom", "--class", "demolitionist"],
          ["character", "give", "Boom", "2", "--not-from-supply"], ["sell", "Boom", "2"])
    doc, back = _through_ghcli_s_ghs_file(cli, tmp_path, db)
    assert doc["game"]["party"]["unlockedItems"] == [{"name": "2", "edition": "jotl", "count": 1}]
    assert _shop(cli, back) == {2: 1}


def test_an_item_sold_before_its_scenario_then_has_all_its_copies(cli, tmp_path):
    """Scenario 2 puts items 1-13 in the shop with all their copies: an Iron Helmet sold back before then
    does not leave the shop with the sale's one copy."""
    db = tmp_path / "a.db"
    _jotl(cli, db, ["character", "new", "Boom", "--class", "demolitionist"],
          ["character", "give", "Boom", "2", "--not-from-supply"], ["sell", "Boom", "2"],
          ["scenario", "complete", "1"], ["scenario", "complete", "2"])
    from ghcli import editions
    from ghcli.campaign import catalog

    with editions.using("jotl"):
        printed = {n: catalog.item(n)["count"] for n in range(1, 14)}
    assert _shop(cli, db) == printed and printed[2] == 2


def test_the_order_cards_were_chosen_in_comes_back(cli, tmp_path):
    """Two level-2 cards, 166 taken at level 2 and 165 at level 3: back from the GHS file, the same."""
    db = tmp_path / "a.db"
    _jotl(cli, db, ["character", "new", "Void", "--class", "voidwarden"],
          ["character", "adjust", "Void", "--xp", "+95"], ["level-up", "Void", "--card", "166", "--perk", "1"],
          ["level-up", "Void", "--card", "165", "--perk", "2"])
    _, back = _through_ghcli_s_ghs_file(cli, tmp_path, db)
    cards = json.loads(run_ok(cli, "--db", back, "character", "show", "Void", "--json").stdout)["cards"]
    assert [(c["card"], c["at_level"]) for c in cards] == [(166, 2), (165, 3)]


def test_what_ghs_derives_from_a_completion_without_unlocks_is_reported(cli, tmp_path):
    """Scenario 2 completed with --no-unlocks: GHS unlocks 3 and stocks items 1-13 from its data; so is 8
    (which blocks 7): GHS blocks 7. The export says each."""
    db = tmp_path / "a.db"
    _jotl(cli, db, ["character", "new", "Boom", "--class", "demolitionist"], ["scenario", "complete", "1"],
          ["scenario", "complete", "2", "--no-unlocks"])
    doc, _ = _through_ghcli_s_ghs_file(cli, tmp_path, db)
    notes = {n["what"]: n["why"] for n in doc["not_carried"]}
    assert notes["scenario 3 The Black Ship"] == "GHS unlocks it (from its data), ghcli has it locked"
    assert [w for w in notes if w.startswith("item ")] == [f"item {n} {name}" for n, name in [
        (1, "Eagle-Eye Goggles"), (2, "Iron Helmet"), (3, "Chain Armor"), (4, "Studded Leather"),
        (5, "Weathered Boots"), (6, "Winged Shoes"), (7, "Heater Shield"), (8, "Throwing Hammer"),
        (9, "Poison Dagger"), (10, "Iron Spear"), (11, "Healing Potion"), (12, "Stamina Potion"),
        (13, "Power Potion")]]
    assert all(notes[w] == "GHS's shop has it (scenario 2 is completed), ghcli's does not"
               for w in notes if w.startswith("item "))
    db = tmp_path / "b.db"
    _jotl(cli, db, ["character", "new", "Boom", "--class", "demolitionist"],
          *[["scenario", "complete", str(n)] for n in range(1, 7)], ["scenario", "complete", "8", "--no-unlocks"])
    (tmp_path / "b").mkdir()
    doc, _ = _through_ghcli_s_ghs_file(cli, tmp_path / "b", db)
    notes = {n["what"]: n["why"] for n in doc["not_carried"]}
    assert notes["scenario 7 Sunken Tumor"] == "GHS blocks it (from its data), ghcli has it unlocked, not blocked"
    assert notes["scenario 9 Explosive Evolution"] == "GHS unlocks it (from its data), ghcli has it locked"


def _copies_sold_back_after_a_paper_completion(cli, db: Path) -> None:
    """Scenario 2 completed with --no-unlocks (its items stay out of ghcli's shop), then a Heater Shield (7,
    two copies) given and sold: ghcli's shop holds the one copy sold."""
    _jotl(cli, db, ["character", "new", "Boom", "--class", "demolitionist"], ["scenario", "complete", "1"],
          ["scenario", "complete", "2", "--no-unlocks"],
          ["character", "give", "Boom", "7", "--not-from-supply"], ["sell", "Boom", "7"])


def test_the_copies_ghs_counts_for_a_completed_scenario_s_item_are_reported(cli, tmp_path):
    """GHS counts every printed copy of a completed scenario's item less the party's characters' (its
    unlocked items' ``count`` does not apply then): ghcli's shop with one Heater Shield of two goes out
    reported with both counts."""
    db = tmp_path / "a.db"
    _copies_sold_back_after_a_paper_completion(cli, db)
    assert _shop(cli, db) == {7: 1}
    doc, _ = _through_ghcli_s_ghs_file(cli, tmp_path, db)
    notes = {n["what"]: n["why"] for n in doc["not_carried"]}
    assert notes["item 7 Heater Shield"] == ("GHS's shop has it (scenario 2 is completed), with 2 of its 2 copies "
                                            "(every printed one less the party's characters'), ghcli's with 1")
    assert notes["item 8 Throwing Hammer"] == "GHS's shop has it (scenario 2 is completed), ghcli's does not"


@needs_ghs
def test_ghs_shows_the_copies_the_export_reports(cli, tmp_path):
    db = tmp_path / "a.db"
    _copies_sold_back_after_a_paper_completion(cli, db)
    doc, _ = _through_ghcli_s_ghs_file(cli, tmp_path, db)
    line, view, _ = ghs_load(tmp_path / "ghs.json", tmp_path / "ghs")
    assert "console.errors=0 warnings=0" in line
    assert view["shopCopiesLeft"]["jotl:7"] == 2  # both, as reported, though ghcli's shop has one


def test_a_completed_scenario_ghs_blocks_is_reported(cli, tmp_path):
    """11 and 12 block each other. 11 completed on paper with --no-unlocks (12 stays open), then 12 completed
    (11 is blocked): GHS derives 11's block of 12 as well, so the file imported back holds 12 blocked; the
    export says so."""
    db = tmp_path / "a.db"
    _jotl(cli, db, ["character", "new", "Boom", "--class", "demolitionist"],
          *[["scenario", "complete", str(n)] for n in (1, 2, 3, 4, 5, 6, 7, 9, 10)],
          ["scenario", "complete", "11", "--no-unlocks"], ["scenario", "complete", "12"])
    doc, back = _through_ghcli_s_ghs_file(cli, tmp_path, db)
    notes = {n["what"]: n["why"] for n in doc["not_carried"]}
    assert notes["scenario 12 Beguiling Sewers"] == "GHS blocks it (from its data), ghcli has it completed, not blocked"
    assert "scenario 11 Defiled Sewers" not in notes  # blocked in ghcli too (by 12)
    listed = {s["number"]: s for s in js(cli, back, "scenario", "list")}
    # both won before they were blocked: completed on the map, blocked from a replay
    assert listed[12]["state"] == listed[11]["state"] == "completed"
    assert "blocked by scenario 11" in listed[12]["reasons"][-1] and "no replay" in listed[12]["reasons"][-1]
