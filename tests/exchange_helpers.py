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
    from ghcli.campaign import catalog, scenarios, state
    from ghcli.campaign.db import Store

    store = Store.open(path)
    try:
        camp = state.campaign_row(store)
        party = state.current_party(store)
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
