"""Reading a campaign database back in the terms of the GHS fixtures' expected.json."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from helpers import sql_dump

HERE = Path(__file__).parent
GAME_A = HERE / "ghs_fixtures" / "a-gh-bare-export" / "ghs-game_The Lumberjacks.json"


def game_a() -> dict:
    """Fixture a's GHS export, parsed."""
    return json.loads(GAME_A.read_text())


def _edit(doc: dict, path: str, value) -> dict:
    """A copy of ``doc`` with the value at a dotted path (``"characters.0.name"``) replaced."""
    doc = copy.deepcopy(doc)
    *parents, last = path.split(".")
    node = doc
    for part in parents:
        node = node[int(part)] if part.isdigit() else node[part]
    if last.isdigit():
        node[int(last)] = value
    else:
        node[last] = value
    return doc


dump = sql_dump  # the whole SQL dump (tests/helpers.py)


def campaign_facts(path) -> dict:
    """The campaign at ``path`` as expected.json's ``campaign`` and ``characters`` describe it."""
    from ghcli.campaign import catalog, lookup, scenarios
    from ghcli.campaign.kind import Store

    store = Store.open(path)
    try:
        camp = lookup.campaign_row(store)
        party = lookup.current_party(store)
        rows = lambda sql, *p: store.rows(sql, list(p))  # noqa: E731
        avail = scenarios.availability(store, party)
        decks = {d: [r["card"] for r in rows("SELECT card FROM event_decks WHERE deck = ? ORDER BY position", d)]
                 for d in ("city", "road")}
        chars = []
        for ch in rows("SELECT * FROM characters ORDER BY id"):
            chars.append({
                "name": ch["name"], "class": ch["class"], "player": ch["player"], "level": ch["level"],
                "xp": ch["xp"], "gold": ch["gold"], "checkmarks": ch["checkmarks"],
                "items": [r["item"] for r in rows(
                    "SELECT item FROM character_items WHERE character_id = ? ORDER BY item", ch["id"])],
                "perks": rows("SELECT perk, times FROM character_perks WHERE character_id = ? ORDER BY perk", ch["id"]),
                "extra_perks": ch["extra_perks"], "quest": ch["quest"],
                "quest_fulfilled": bool(ch["quest_fulfilled"]), "retired": bool(ch["retired"]),
            })
        return {
            "campaign": {
                "party_name": party["name"],
                "prosperity_checkmarks": camp["prosperity"],
                "prosperity_level": catalog.prosperity_level(camp["prosperity"]),
                "donations_gold": camp["donations"],
                "reputation": party["reputation"],
                "global_achievements": rows("SELECT key, count FROM global_achievements ORDER BY key"),
                "party_achievements": rows("SELECT key, count FROM party_achievements WHERE party_id = ? ORDER BY key",
                                           party["id"]),
                "unlocked_classes": sorted(r["class"] for r in rows("SELECT class FROM unlocked_classes")),
                "retired_classes": sorted(r["class"] for r in rows("SELECT class FROM retired_classes")),
                "completed_scenarios": [r["number"] for r in rows(
                    "SELECT number FROM scenarios WHERE completed = 1 ORDER BY number")],
                "unlocked": [r["number"] for r in rows(
                    "SELECT number FROM scenarios WHERE unlocked = 1 ORDER BY number")],
                "blocked": [r["number"] for r in rows(
                    "SELECT number FROM scenarios WHERE blocked = 1 ORDER BY number")],
                "available": sorted(s["number"] for s in avail if s["state"] == "available"),
                "item_designs": [r["item"] for r in rows("SELECT item FROM item_designs ORDER BY item")],
                "players": rows("SELECT name, extra_perks FROM players ORDER BY name"),
                "event_decks_top_first": decks,
                "pending_events": rows("SELECT deck, card FROM pending_events ORDER BY deck"),
                "location": party["location"], "scenario": party["scenario"],
            },
            "characters": chars,
        }
    finally:
        store.close()


def ghs_summary(db) -> dict:
    """What both apps hold, read back from ghcli: the campaign, its characters, their cards and stickers,
    the town visit, the party's place, solo wins."""
    from ghcli.campaign import lookup
    from ghcli.campaign.kind import Store

    facts = campaign_facts(db)
    store = Store.open(db)
    try:
        party = lookup.current_party(store)
        # other parties' characters are not exported (reported by name): the current party's are compared
        members = {r["name"] for r in store.rows("SELECT name FROM characters WHERE party_id = ?", [party["id"]])}
        facts["characters"] = [c for c in facts["characters"] if c["name"] in members]
        for ch in facts["characters"]:
            cid = store.value("SELECT id FROM characters WHERE name = ?", [ch["name"]])
            ch["cards"] = [tuple(r.values()) for r in store.rows(
                "SELECT card, at_level FROM character_cards WHERE character_id = ? ORDER BY card", [cid])]
            ch["stickers"] = [tuple(r.values()) for r in store.rows(
                "SELECT card, action, sticker, cost FROM enhancements WHERE character_id = ? ORDER BY card, id",
                [cid])]
        visit = store.one("SELECT * FROM visits WHERE open = 1 AND party_id = ?", [party["id"]])
        facts["town_visit"] = None if visit is None else {
            "city_event": visit["city_event"],
            "donated": sorted(r["name"] for r in store.rows(
                "SELECT c.name FROM visit_donations d JOIN characters c ON c.id = d.character_id "
                "WHERE d.visit_id = ?", [visit["id"]]))}
        road_card = store.value("SELECT card FROM pending_events WHERE deck = 'road'")
        facts["place"] = (party["location"], party["scenario"] if party["location"] != "town" else None,
                          bool(party["road_event_due"]) or road_card is not None)
        # ghcli records a player when a character of theirs retires; an import records every player of the file
        facts["campaign"]["players"] = [p for p in facts["campaign"]["players"] if p["extra_perks"]]
        if party["location"] == "town":  # the scenario last played: only where the party stands counts
            facts["campaign"]["scenario"] = None
        if road_card is not None:  # drawn or due: GHS has one state for both (its eventDraw, the card on top)
            facts["campaign"]["event_decks_top_first"]["road"].insert(0, road_card)
            facts["campaign"]["pending_events"] = [p for p in facts["campaign"]["pending_events"]
                                                   if p["deck"] != "road"]
        facts["solo"] = sorted(r["class"] for r in store.rows("SELECT DISTINCT class FROM solo_results WHERE won = 1"))
    finally:
        store.close()
    return facts
