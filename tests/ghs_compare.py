"""What a GHS round trip may change, and how two campaigns are compared: shared by the random-campaign
round trips of both editions (tests/test_exchange_ghs_property.py, tests/test_jotl_ghs_property.py).

- :func:`differences`: every value that differs between two nested dicts, by its path;
- :func:`summary`: a campaign read back from ghcli for the ghcli -> GHS -> ghcli comparison;
- the export's and the import's reports (``not_carried``, ``dropped``) turned into what each side then
  holds: :func:`expected_in_ghs`, :func:`expected_from_ghs`, :func:`expected_back`.
"""

from __future__ import annotations

import copy
import re
import sqlite3
from pathlib import Path


def differences(a: dict, b: dict, path: str = "") -> list[str]:
    """Every value that differs between two nested dicts, by its path."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                out.append(f"{path}{k}: only in {'GHS' if k in b else 'ghcli'}")
            else:
                out += differences(a[k], b[k], f"{path}{k}.")
        return out
    return [] if a == b else [f"{path[:-1]}: ghcli {a!r}, GHS {b!r}"]


def summary(db: Path) -> dict:
    """The campaign read back from ghcli for the ghcli -> GHS -> ghcli comparison: test_exchange_ghs_real's
    summary, with the shop; sticker costs aside (GHS keeps no price: reported on every export with
    stickers) and only the active characters' donations of this visit (a retired one's bless cards go
    nowhere)."""
    from exchange_helpers import ghs_summary as full

    from ghcli.campaign import town
    from ghcli.campaign.kind import Store

    facts = full(db)
    facts["characters"] = {c["name"]: c for c in facts["characters"]}
    for ch in facts["characters"].values():
        ch["stickers"] = sorted(s[:3] for s in ch["stickers"])
    if facts["town_visit"]:
        facts["town_visit"]["donated"] = [n for n in facts["town_visit"]["donated"]
                                          if not facts["characters"][n]["retired"]]
    store = Store.open(db)
    try:
        facts["shop"] = {i["number"]: i["copies"] for i in town.shop(store)["items"] if i["copies"]}
    finally:
        store.close()
    return facts


# -- what the reports allow ----------------------------------------------------------------------------

STICKER = re.compile(r"(.+)'s sticker '(.+)' on card (\d+) \((top|bottom)\)")
CARD = re.compile(r"(.+)'s card (\d+)")
UNLOCKED_IN_GHS = re.compile(r"scenario (\d+) ")
SHOP_ITEM = re.compile(r"item (\d+) .* in the shop")
SOLO_ELSEWHERE = re.compile(r"the (\S+) solo scenario won \(by another party's character\)")
DESIGN = re.compile(r"item design (\d+) ")
OTHER_PARTY = re.compile(r"the party '(.+)' \((.+)\)")
REMAINDER = re.compile(r"(\d+) of the (\d+) gold donated")


def expected_in_ghs(mine: dict, theirs: dict, notes: list[dict]) -> dict:
    """ghcli's values less what the export reported GHS has no place for (or keeps elsewhere)."""
    out = copy.deepcopy(mine)
    for n in notes:
        what = n["what"]
        if m := STICKER.fullmatch(what):
            out["characters"][m[1]]["stickers"].remove((int(m[3]), m[4], m[2]))
        elif m := CARD.fullmatch(what):
            out["characters"][m[1]]["cards"].remove(int(m[2]))
        elif (m := UNLOCKED_IN_GHS.match(what)) and "GHS unlocks it" in n["why"]:
            if int(m[1]) in theirs["available"]:
                out["available"] = sorted({*out["available"], int(m[1])})
        elif (m := UNLOCKED_IN_GHS.match(what)) and "GHS blocks it" in n["why"]:
            out["available"] = [x for x in out["available"] if x != int(m[1])]
            if int(m[1]) in theirs["blocked"]:  # GHS's menu lists the blocked ones it has unlocked
                out["blocked"] = sorted({*out["blocked"], int(m[1])})
        elif m := SHOP_ITEM.match(what):
            out["designs"] = sorted({*out["designs"], m[1]}, key=int)
            if "only in a Forgotten Circles game" in n["why"]:
                out["shop"].pop(m[1], None)
        elif (m := DESIGN.match(what)) and "only in a Forgotten Circles game" in n["why"]:
            out["shop"].pop(m[1], None)
    return out


def expected_from_ghs(theirs: dict, dropped: list[dict], saved: dict, back: Path) -> dict:
    """GHS's view as ghcli should hold it after the import (on ``back``), less what the import reported."""
    from ghcli.campaign import catalog

    out = copy.deepcopy(theirs)
    for d in dropped:
        if (m := re.search(r"\.unlockedItems\[(\d+)\] \(item (\d+)\)", d["path"])) and "Forgotten Circles" in d["why"]:
            count = next(i for i in saved["party"]["unlockedItems"] if i["name"] == m[2]).get("count", -1)
            held = sum(1 for c in saved["characters"] for i in c["progress"]["items"] if i["name"] == m[2])
            left = (count if count > 0 else catalog.item(int(m[2]))["count"]) - held
            if left > 0:  # GHS's shop has no Forgotten Circles item in a Gloomhaven game, ghcli's has
                out["shop"][m[2]] = left
        if m := re.fullmatch(r"scenario (\d+)", d["path"]):  # GHS hides it (its data's ``requires``)
            if _listed_back(back, int(m[1])):
                out["available"] = sorted({*out["available"], int(m[1])})
    return out


def _listed_back(db: Path, number: int) -> bool:
    """A scenario GHS hides by its data's ``requires``, imported back: it is unlocked, and ghcli lists it as
    available unless one of the rules' own requirements is unmet (28: the party's Dark Bounty, after a paper
    completion of 20 with --no-unlocks)."""
    from ghcli.campaign import lookup, scenarios
    from ghcli.campaign.kind import Store

    store = Store.open(db)
    try:
        row = store.one("SELECT unlocked, blocked, completed FROM scenarios WHERE number = ?", [number])
        assert row is not None and row["unlocked"], f"scenario {number}: reported unlocked, not unlocked back"
        state = next(s for s in scenarios.availability(store, lookup.current_party(store)) if s["number"] == number)
    finally:
        store.close()
    if state["state"] == "available":
        return True
    assert not row["blocked"] and not row["completed"] and any(r.startswith("needs") or "requires" in r or "held" in r
                                                               for r in state["reasons"]), (number, state)
    return False


def expected_back(a: dict, notes: list[dict], db: Path) -> dict:
    """The campaign as it comes back from GHS: the original less what the export reported."""
    out = copy.deepcopy(a)
    camp = out["campaign"]
    for n in notes:
        what = n["what"]
        if m := OTHER_PARTY.fullmatch(what):  # its retired characters' player perks and class retirements
            gone = [x[len("retired "):] for x in m[2].split(", ") if x.startswith("retired ")]
            con = sqlite3.connect(db)
            marks = ",".join("?" * len(gone))
            rows = con.execute(f"SELECT player, seat, class FROM characters WHERE name IN ({marks})", gone).fetchall()
            stay = {r[0] for r in con.execute("SELECT class FROM characters WHERE retired = 1 AND party_id = "
                                              "(SELECT current_party FROM campaign)")}
            con.close()
            for player, seat, cls in rows:
                if player and (seat or 1) == 1:
                    p = next(p for p in camp["players"] if p["name"] == player)
                    p["extra_perks"] -= 1
                if cls not in stay and cls in camp["retired_classes"]:
                    camp["retired_classes"].remove(cls)
            camp["players"] = [p for p in camp["players"] if p["extra_perks"]]
        if m := STICKER.fullmatch(what):
            out["characters"][m[1]]["stickers"].remove((int(m[3]), m[4], m[2]))
        elif m := CARD.fullmatch(what):
            out["characters"][m[1]]["cards"] = [c for c in out["characters"][m[1]]["cards"] if c[0] != int(m[2])]
        elif (m := UNLOCKED_IN_GHS.match(what)) and "GHS unlocks it" in n["why"]:
            camp["unlocked"] = sorted({*camp["unlocked"], int(m[1])})
        elif (m := UNLOCKED_IN_GHS.match(what)) and "GHS blocks it" in n["why"]:  # blocked, back from GHS
            camp["blocked"] = sorted({*camp["blocked"], int(m[1])})
            camp["available"] = [x for x in camp["available"] if x != int(m[1])]
        elif m := SHOP_ITEM.match(what):
            camp["item_designs"] = sorted({*camp["item_designs"], int(m[1])})
        elif what.endswith("'s personal quest fulfilled"):
            out["characters"][what[:-len("'s personal quest fulfilled")]]["quest_fulfilled"] = False
        elif m := REMAINDER.fullmatch(what):
            camp["donations_gold"] -= int(m[1])
        elif (m := SOLO_ELSEWHERE.fullmatch(what)):
            out["solo"].remove(m[1])
        elif what.endswith("drawn on another party's town visit"):
            out["town_visit"]["city_event"] = 1
        elif what.startswith("the party at scenario "):
            camp["location"], camp["scenario"] = "town", None  # GHS has no such place: the party is in town
            out["place"] = ("town", None, False)
            out["town_visit"] = {"city_event": 0, "donated": []}
    return out


def available_as_unlocked(want: dict, a: dict, b: dict) -> None:
    """A scenario the export reported GHS unlocks (in ``want``'s unlocked, not in the original ``a``'s) may be
    available back from GHS: where ``b`` has it available, ``want`` does too."""
    camp = want["campaign"]
    if camp["unlocked"] != a["campaign"]["unlocked"]:
        camp["available"] = sorted({*camp["available"], *(
            set(b["campaign"]["available"]) & (set(camp["unlocked"]) - set(a["campaign"]["unlocked"])))})
