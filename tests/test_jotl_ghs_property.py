"""Random legal Jaws of the Lion campaigns round-trip through GHS's own code (../shared/ghs/real).

Each seed plays a campaign of the box through the CLI (tests/ghs_play_jotl.py:
the four classes, the scenarios in the box's order won and lost with the
tutorial's rules, level-ups with cards and perks, checkmark and extra perks,
the shop the completed scenarios fill, enhancements, city events once
scenario 3 brought the deck, paper completions, unlocks by hand, items given,
a second party ...), exports it to GHS (``export --format ghs``), loads it
with GHS's loading code, and compares GHS's view with ghcli's values on
every value both hold; then GHS's save is imported into a second database
and the two campaigns compared. The only differences allowed are the ones
the export or the import reports by name.

A few seeds run with the suite (``GHCLI_JOTL_CAMPAIGNS=N``, default 3);
``python tests/test_jotl_ghs_property.py --count 300 [--start S]`` runs many,
printing each failing seed's commands. Skipped, saying so, where
../shared/ghs/real or node is missing (a user's clone).
"""

from __future__ import annotations

import copy
import json
import re
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import ghs_real  # noqa: E402
from ghs_play_jotl import JotlPlay  # noqa: E402
from ghs_compare import CARD, STICKER, available_as_unlocked, differences, expected_back, summary  # noqa: E402

REASON = ghs_real.skip_reason()
COUNT = int(os.environ.get("GHCLI_JOTL_CAMPAIGNS", "3"))
needs_ghs = pytest.mark.skipif(REASON is not None, reason=str(REASON))


# -- ghcli's values and GHS's view, in the same terms ------------------------------------------------


def ghcli_side(db: Path) -> dict:
    """What ghcli holds of the current party, in the terms of GHS's view (view.json)."""
    from ghcli.campaign import catalog, lookup, scenarios, town
    from ghcli.campaign.exchange import ghs_map
    from ghcli.campaign.kind import Store

    store = Store.open(db)  # makes the campaign's edition (jotl) the active one
    try:
        party = lookup.current_party(store)
        chars = {}
        for c in store.rows("SELECT * FROM characters WHERE party_id = ? ORDER BY id", [party["id"]]):
            cls = catalog.find_class(c["class"])
            chars[c["name"]] = {
                "class": ghs_map.class_ref(c["class"]), "level": c["level"], "xp": c["xp"], "gold": c["gold"],
                "checkmarks": c["checkmarks"], "extra_perks": c["extra_perks"], "player": c["player"] or "",
                "perks": [(r["perk"], r["times"]) for r in store.rows(
                    "SELECT perk, times FROM character_perks WHERE character_id = ? ORDER BY perk", [c["id"]])],
                "items": sorted(str(r["item"]) for r in store.rows(
                    "SELECT item FROM character_items WHERE character_id = ?", [c["id"]])),
                "perks_left": town.perk_allowance(c) - town.perks_taken(store, c["id"]),
                "max_health": cls["hp"][c["level"] - 1],
                "cards": sorted(r["card"] for r in store.rows(
                    "SELECT card FROM character_cards WHERE character_id = ?", [c["id"]])),
                "stickers": sorted((r["card"], r["action"], r["sticker"]) for r in store.rows(
                    "SELECT card, action, sticker FROM enhancements WHERE character_id = ?", [c["id"]])),
            }
        rows = store.rows("SELECT * FROM scenarios")
        city = [r["card"] for r in store.rows("SELECT card FROM event_decks WHERE deck = 'city' ORDER BY position")]
        pending = store.value("SELECT card FROM pending_events WHERE deck = 'city'")
        if pending is not None:
            city.insert(0, pending)
        shop = town.shop(store)
        return {
            "party": party["name"], "characters": chars,
            "completed": sorted(r["number"] for r in rows if r["completed"]),
            "available": sorted(s["number"] for s in scenarios.availability(store, party) if s["state"] == "available"),
            "blocked": sorted(r["number"] for r in rows if r["blocked"] and r["unlocked"] and not r["completed"]),
            "in_play": party["scenario"] if party["location"] == "road" else None,
            "shop": {str(i["number"]): i["copies"] for i in shop["items"] if i["copies"]},
            "city": [f"{c:02d}" for c in city], "draw": "city" if pending is not None else None,
        }
    finally:
        store.close()


def _number(label: str) -> int:
    return int(label.split()[1])  # 'jotl 9 Explosive Evolution'


def ghs_side(view: dict, saved: dict) -> dict:
    """GHS's view (and, for the cards and stickers it shows only as counts, its own save) in ghcli's terms."""
    from ghcli import editions
    from ghcli.campaign.exchange import ghs_map

    assert view["gameEdition"] == "jotl" and view["party"]["edition"] == "jotl", (view["gameEdition"], view["party"])
    with editions.using("jotl"):
        keys = {tuple(ghs_map.class_ref(k)): k for k in ghs_map.facts()["classes"]}
        progress = {c["title"]: c["progress"] for c in [*saved["characters"], *saved["party"]["retirements"]]}
        chars = {}
        assert view["retirements"] == [], view["retirements"]  # the box has no retirement
        for c in view["characters"]:
            assert c["classKnownToGHS"] and not c["errors"] and not c["perksOutOfRange"], c
            assert all(i["edition"] == "jotl" and i["name"] != "UNKNOWN TO GHS" for i in c["items"]), c["items"]
            key = keys[(c["class"], c["edition"])]
            p = progress[c["title"]]
            assert len(p["deck"]) == c["deck"] and len(p["enhancements"]) == c["enhancements"]
            stickers = []
            for e in p["enhancements"]:
                slot = ghs_map.slot_at(key, e["cardId"], e["actionIndex"], e["index"])
                assert slot is not None, (c["title"], e)
                label = ghs_map.sticker_label(e["action"], slot[4], ghs_map.area_hexes(key, e["cardId"],
                                                                                     e["actionIndex"]))
                stickers.append((e["cardId"], slot[0], label))
            chars[c["title"]] = {
                "class": (c["class"], c["edition"]), "level": c["level"], "xp": c["xp"], "gold": c["gold"],
                "checkmarks": c["checkmarks"], "extra_perks": c["extraPerks"] + c["retirements"],
                "player": c["player"], "perks": [(x["perk"], x["ticks"]) for x in c["perks"]],
                "items": sorted(i["id"] for i in c["items"]), "perks_left": c["availablePerks"],
                "max_health": c["maxHealth"],
                "cards": sorted(ghs_map.deck_card(key, i) for i in p["deck"]),
                "stickers": sorted(stickers),
            }
    sc = view["scenarios"]
    city = view["eventDecks"].get("city", {"cards": [], "unknownToGHS": []})
    assert city["unknownToGHS"] == [] and set(view["eventDecks"]) <= {"city"}, view["eventDecks"]
    return {
        "party": view["party"]["name"], "characters": chars,
        "completed": sorted(_number(s) for s in sc["completed"]),
        "available": sorted(_number(s) for s in sc["available"]),
        "blocked": sorted(_number(s) for s in sc["blocked"]),
        "in_play": _number(view["scenarioInPlay"]) if view["scenarioInPlay"] else None,
        "shop": {k.split(":")[1]: n for k, n in view["shopCopiesLeft"].items() if n},
        "city": city["cards"], "draw": view["eventDraw"],
    }


GHS_UNLOCKS = re.compile(r"scenario (\d+) .+")
GHS_STOCKS = re.compile(r"item (\d+) .+")


def expected_in_ghs(mine: dict, notes: list[dict]) -> dict:
    """ghcli's values less what the export reported GHS has no place for, with what it reported GHS derives
    by itself from the completed scenarios (a paper completion with --no-unlocks): a scenario unlocked (then
    available), a scenario's items in the shop (every printed copy less those the party's characters hold)."""
    from ghcli import editions
    from ghcli.campaign import catalog

    out = copy.deepcopy(mine)
    for n in notes:
        if m := STICKER.fullmatch(n["what"]):
            out["characters"][m[1]]["stickers"].remove((int(m[3]), m[4], m[2]))
        elif m := CARD.fullmatch(n["what"]):
            out["characters"][m[1]]["cards"].remove(int(m[2]))
        elif (m := GHS_UNLOCKS.fullmatch(n["what"])) and "GHS unlocks it" in n["why"]:
            out["available"] = sorted({*out["available"], int(m[1])} - set(out["blocked"]))
        elif (m := GHS_UNLOCKS.fullmatch(n["what"])) and "GHS blocks it" in n["why"]:
            if int(m[1]) in out["completed"]:  # GHS's menu lists a completed scenario as completed only
                continue
            out["blocked"] = sorted({*out["blocked"], int(m[1])})
            out["available"] = [x for x in out["available"] if x != int(m[1])]
        elif (m := GHS_STOCKS.fullmatch(n["what"])) and n["why"].startswith("GHS's shop has it"):
            with editions.using("jotl"):
                printed = catalog.item(int(m[1]))["count"]
            held = sum(c["items"].count(m[1]) for c in out["characters"].values())
            if printed > held:
                out["shop"][m[1]] = printed - held
    return out


# -- one campaign ------------------------------------------------------------------------------------


OVER_HELD = "More items assigend than available"  # GHS's words (sic)


def _known(play: JotlPlay, *sides: dict) -> None:
    """Leave out of the comparison what the bugs reported when this test was written touch (``main
    --skip-known``, to look past one): an item held beyond its printed copies (``character give
    --not-from-supply`` does not check the printed count: GHS warns, its shop has -1 copies; still open),
    and, fixed since (so --skip-known would hide their return): the shop's copies of an item neither a
    completed scenario nor a design puts there, of an item sold before its scenario added it, after a
    paper completion with --no-unlocks the scenarios and the shop, and the level each card was taken at."""
    import sqlite3

    from ghcli import editions
    from ghcli.campaign import catalog

    con = sqlite3.connect(play.db)
    completed = {r[0] for r in con.execute("SELECT number FROM scenarios WHERE completed = 1")}
    designs = {r[0] for r in con.execute("SELECT item FROM item_designs")}
    con.close()
    sold = {int(s.args[2]) for s in play.steps if s.args[0] == "sell" and s.code == 0 and s.args[2].isdigit()}
    with editions.using("jotl"):  # an item sold before its scenario put it in the shop keeps the sale's copies
        placed = {i["number"] for i in catalog.items() if i.get("unlock_scenario") in completed} | designs
        placed -= sold
    no_unlocks = any(s.args[:2] == ["scenario", "complete"] and "--no-unlocks" in s.args and s.code == 0
                     for s in play.steps)
    for side in sides:
        if no_unlocks:  # GHS derives a completed scenario's unlocks and shop items: unreported on export
            for d in (side, side.get("campaign", {})):
                for key in ("available", "unlocked", "blocked", "item_designs", "shop"):
                    if key in d:
                        d[key] = None
        if side.get("shop"):  # GHS counts a copy held beyond the printed ones: -1 left
            side["shop"] = {k: v for k, v in side["shop"].items()
                            if not isinstance(v, int) or (int(k) in placed and v > 0)}
        for ch in side.get("characters", {}).values():
            if ch.get("cards") and isinstance(ch["cards"][0], tuple):
                ch["cards"] = sorted(c for c, _ in ch["cards"])


def _stocked_back(mine: dict, notes: list[dict]) -> dict[int, int]:
    """The shop's copies, back from GHS, of the items the export reported GHS's shop has from a completed
    scenario (ghcli's has not): every printed copy less those the party's characters hold."""
    from ghcli import editions
    from ghcli.campaign import catalog

    out = {}
    for n in notes:
        m = GHS_STOCKS.fullmatch(n["what"])
        if m and n["why"].startswith("GHS's shop has it"):
            with editions.using("jotl"):
                printed = catalog.item(int(m[1]))["count"]
            held = sum(c["items"].count(m[1]) for c in mine["characters"].values())
            if printed > held:
                out[int(m[1])] = printed - held
    return out


def check(cli, tmp: Path, play: JotlPlay, skip_known: bool = False) -> JotlPlay:
    """Round-trip the played campaign (on ``play.db``) through GHS and assert; returns the play.
    ``skip_known``: leave out what the bugs already reported touch (:func:`_known`)."""
    first, second = play.db, tmp / "second.db"
    out = tmp / "ghs-game.json"
    r = cli("--db", str(first), "export", "--format", "ghs", "-o", str(out), "--json")
    assert r.exit_code == 0, play.failure(f"export: {r.output}")
    notes = json.loads(r.stdout)["not_carried"]
    loaded = ghs_real.load(out, tmp / "ghs")
    # a warning too: GHS warns of what it cannot hold as given ("More items assigend than available")
    warned = [c for c in loaded.console if c.get("level") == "warn"]
    if skip_known and warned and all(c["text"].startswith(OVER_HELD) for c in warned):
        loaded.line = loaded.line.replace(f"warnings={len(warned)}", "warnings=0")
    assert "loadError=none viewError=none console.errors=0 warnings=0" in loaded.line, play.failure(
        f"GHS: {loaded.line} {loaded.console}")
    mine, theirs = ghcli_side(first), ghs_side(loaded.view, loaded.saved)
    if skip_known:
        _known(play, mine, theirs)
    want = expected_in_ghs(mine, notes)
    if not loaded.view["characters"]:  # GHS's shop throws with nobody in the party (ItemManager.assigned)
        assert all(str(n).startswith("GHS error") for n in theirs["shop"].values())
        want["shop"] = theirs["shop"]  # after the items GHS stocks by itself are added (the export reports them)
    diff = differences(want, theirs)
    assert not diff, play.failure("GHS shows another campaign:\n  " + "\n  ".join(diff)
                                  + "\nreported: " + json.dumps(notes))
    saved = tmp / "saved.json"
    saved.write_text(json.dumps(loaded.saved))
    r = cli("--db", str(second), "import", str(saved), "--json")
    assert r.exit_code == 0, play.failure(f"import of GHS's save: {r.output}")
    dropped = json.loads(r.stdout)["dropped"]
    back = ghcli_side(second)
    if not loaded.view["characters"]:
        back["shop"] = theirs["shop"] = None
    if skip_known:
        _known(play, back)
    diff = differences(theirs, back)
    assert not diff, play.failure("imported from GHS, ghcli shows another campaign:\n  " + "\n  ".join(diff)
                                  + "\nreported: " + json.dumps(dropped))
    a, b = summary(first), summary(second)
    want = expected_back(a, notes, first)
    available_as_unlocked(want, a, b)
    stocked = _stocked_back(mine, notes)
    if want.get("shop") is not None:
        want["shop"].update(stocked)
    camp = want["campaign"]
    camp["item_designs"] = sorted({*camp["item_designs"], *(int(m[1]) for n in notes if (
        m := GHS_STOCKS.fullmatch(n["what"])) and n["why"].startswith("GHS's shop has it"))})
    for n in notes:  # a scenario GHS blocks, back from GHS, is blocked
        if (m := GHS_UNLOCKS.fullmatch(n["what"])) and "GHS blocks it" in n["why"]:
            camp["blocked"] = sorted({*camp["blocked"], int(m[1])})
            camp["available"] = [x for x in camp["available"] if x != int(m[1])]
    if skip_known:
        _known(play, want, b)
    diff = [d for key in ("campaign", "characters", "town_visit", "place", "shop")
            for d in differences(want[key], b[key], key + ".")]
    assert not diff, play.failure("back from GHS, the campaign differs:\n  " + "\n  ".join(diff)
                                  + "\nreported: " + json.dumps(notes) + "\ndropped: " + json.dumps(dropped))
    return play


@needs_ghs
@pytest.mark.parametrize("seed", range(COUNT))
def test_random_jotl_campaign_round_trips_through_ghs(cli, tmp_path, seed):
    check(cli, tmp_path, JotlPlay(cli, tmp_path / "first.db", seed).play())


# What the played campaigns did (commands that ran, exit 0): ``main`` prints how many seeds did each.
COVERED = {
    "a level-up": lambda a: a[0] == "level-up", "a checkmark or extra perk": lambda a: a[0] == "perk",
    "a character above level 1": lambda a: a[:2] == ["character", "new"] and "--level" in a,
    "a scenario won": lambda a: a[:2] == ["scenario", "finish"] and "--won" in a,
    "a scenario lost": lambda a: a[:2] == ["scenario", "finish"] and "--lost" in a,
    "scenario 3 won": lambda a: a[:3] == ["scenario", "finish", "3"] and "--won" in a,
    "an item found": lambda a: a[:2] == ["scenario", "finish"] and "--item" in a,
    "a paper completion": lambda a: a[:2] == ["scenario", "complete"],
    "a city event resolved": lambda a: a[:3] == ["event", "resolve", "city"],
    "a scenario unlocked by an event": lambda a: a[:2] == ["event", "resolve"] and "--unlock" in a,
    "a purchase": lambda a: a[0] == "buy", "a sale": lambda a: a[0] == "sell",
    "an enhancement": lambda a: a[:2] == ["enhance", "apply"],
    "an item given": lambda a: a[:2] == ["character", "give"],
    "a second party": lambda a: a[:2] == ["party", "new"], "an undo": lambda a: a[0] == "undo",
    "the city deck set": lambda a: a[:3] == ["event", "deck", "set"],
}


def main(argv: list[str]) -> int:
    import argparse
    import tempfile
    import traceback

    from typer.testing import CliRunner

    from ghcli.cli import app

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--moves", type=int, default=45)
    ap.add_argument("--skip-known", action="store_true", help="leave out what the bugs already reported touch")
    opts = ap.parse_args(argv)
    if REASON:
        print(f"skipped: {REASON}")
        return 0
    runner = CliRunner()

    def cli(*args):
        return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)

    failed = 0
    seen = dict.fromkeys(COVERED, 0)
    for seed in range(opts.start, opts.start + opts.count):
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["GHCLI_DB"] = str(Path(tmp) / "campaign.db")
            os.environ["XDG_CONFIG_HOME"] = str(Path(tmp) / "config")
            play = JotlPlay(cli, Path(tmp) / "first.db", seed)
            try:
                check(cli, Path(tmp), play.play(opts.moves), opts.skip_known)
                print(f"seed {seed}: ok", flush=True)
            except AssertionError as e:
                failed += 1
                print(f"seed {seed}: FAILED\n{e}\n", flush=True)
            except Exception:  # a traceback out of a command: the commands so far replay it
                failed += 1
                print(f"seed {seed}: FAILED\n{play.failure(traceback.format_exc())}\n", flush=True)
            for what, match in COVERED.items():
                seen[what] += any(s.code == 0 and match(s.args) for s in play.steps)
    print("seeds that did each: " + ", ".join(f"{what} {n}" for what, n in seen.items()))
    print(f"{opts.count - failed} of {opts.count} Jaws of the Lion campaigns round-trip")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
