"""A Jaws of the Lion campaign to Gloomhaven Secretariat (GHS edition ``jotl``); :mod:`.ghs_jotl` reads one back.

ghcli -> GHS (:func:`export`): the current party as GHS's current party, with
everything above in GHS's places (the concluded sections written as GHS
writes them when 7 or 8 is completed, unlocks GHS would not derive in
``manualScenarios``, items no completed scenario puts in the shop in
``unlockedItems``, a scenario the party is on its way to with its monsters
at the scenario level, as GHS sets it up), and ``not_carried``: what GHS has
no place for (the campaign's name, other parties, a sticker or card GHS has
no slot or index for).
"""

from __future__ import annotations

from ghcli.campaign.exchange.ghs_jotl import EDITION, derived
from ghcli.rules import level as levels

PERK_SLOTS = 15


# Neutral values of the table-state keys GHS's own saves carry (it fills in the rest).
CHARACTER_DEFAULTS = {
    "marker": False, "initiative": 0, "lootCards": [], "treasures": [], "exhausted": False, "off": False,
    "active": False, "entityConditions": [], "summons": [], "absent": False, "experience": 0, "loot": 0,
}


def _ref(n: int) -> dict:
    return {"index": str(n), "edition": EDITION, "isCustom": False, "custom": ""}


def _placed(store) -> dict[int, tuple[str, int]]:
    from ghcli.campaign.exchange.ghs_export import placed_stickers

    return placed_stickers(store)


def _export_character(store, ch: dict, players: list[str], notes: list[dict], placed: dict) -> dict:
    from ghcli.campaign import catalog
    from ghcli.campaign.exchange import ghs_map

    cls = catalog.find_class(ch["class"])
    perks = [0] * max(PERK_SLOTS, len(cls["perks"]))
    for r in store.rows("SELECT perk, times FROM character_perks WHERE character_id = ?", [ch["id"]]):
        perks[r["perk"] - 1] = r["times"]
    deck = []
    for r in store.rows("SELECT card FROM character_cards WHERE character_id = ? ORDER BY at_level, rowid",
                        [ch["id"]]):
        index = ghs_map.deck_index(cls["key"], r["card"])
        if index is None:
            notes.append({"what": f"{ch['name']}'s card {r['card']}", "why": f"not in GHS's {cls['name']} deck"})
        else:
            deck.append(index)
    enhancements = []
    for r in store.rows("SELECT * FROM enhancements WHERE character_id = ? ORDER BY id", [ch["id"]]):
        place, action = placed.get(r["id"]), ghs_map.sticker_action(r["sticker"])
        if place is None or action is None:
            notes.append({"what": f"{ch['name']}'s sticker {r['sticker']!r} on card {r['card']} ({r['action']})",
                          "why": "GHS has no slot for it on that card half"})
            continue
        enhancements.append({"cardId": r["card"], "actionIndex": place[0], "index": place[1], "action": action[0],
                             "inherited": False})
    hp = cls["hp"][ch["level"] - 1]
    return {
        **CHARACTER_DEFAULTS,
        "name": cls["key"], "edition": EDITION, "title": ch["name"], "level": ch["level"],
        "number": players.index(ch["player"]) + 1 if ch["player"] in players else len(players) + 1,
        "health": hp, "maxHealth": hp,
        "progress": {
            "experience": ch["xp"], "gold": ch["gold"], "loot": {}, "itemNotes": "",
            "items": [{"name": str(r["item"]), "edition": EDITION} for r in store.rows(
                "SELECT item FROM character_items WHERE character_id = ? ORDER BY item", [ch["id"]])],
            "equippedItems": [], "personalQuest": "", "personalQuestProgress": [], "battleGoals": ch["checkmarks"],
            "notes": "", "retired": bool(ch["retired"]), "retirements": 0, "extraPerks": ch["extra_perks"],
            "perks": perks, "masteries": [], "donations": 0, "scenarioStats": [], "deck": deck,
            "enhancements": enhancements,
        },
    }


def _unlocked_items(store, party_id: int, designs: list[int], by_scenario: set[int], notes: list[dict]) -> list[dict]:
    """GHS's ``unlockedItems``: the designs no completed scenario puts in GHS's shop, and every other item in
    ghcli's shop that GHS would not list by itself (an item sold back before its scenario, one another
    party's character holds: it counts as in the supply), reported (imported back, it is a design). ``count``
    is the copies GHS then counts (the shop's and the party's characters'), -1 for all the printed ones."""
    from ghcli.campaign import catalog, town

    held = town.party_copies(store, party_id)
    shop = town.supply_for(store, party_id)
    extra = {n for n, copies in shop.items() if copies and n not in by_scenario and n not in designs}
    out = []
    for n in sorted(set(designs) | extra):
        item = catalog.item(n)
        if n in extra:
            notes.append({"what": f"item {n} {item['name']} in the shop ({shop[n]} of {item['count']})",
                          "why": "no completed scenario and no design puts it in GHS's shop (sold back, or held "
                                 "outside the party): written to GHS's unlocked items, so GHS's shop has it; "
                                 "imported back it is an item design"})
        copies = shop.get(n, 0) + held.get(n, 0)
        out.append({"name": str(n), "edition": EDITION, "count": -1 if copies >= item["count"] else copies})
    return out


def _derived_notes(store, party_id: int, completed: list[int], unlocked: list[int], unlocked_by_ghs: set[int],
                   shop_by_scenario: set[int], notes: list[dict]) -> None:
    """What GHS derives from the completions that ghcli has not (a paper completion with --no-unlocks):
    a scenario GHS unlocks or blocks, a scenario's item in GHS's shop, and its copies there (GHS counts
    every printed copy less the party's characters' once the scenario is completed, whatever the shop held:
    after a paper completion ghcli's may hold only the copies sold back)."""
    from ghcli.campaign import catalog, town
    from ghcli.campaign.exchange import ghs_map

    for n in sorted(set(unlocked_by_ghs) - set(unlocked) - set(completed)):
        notes.append({"what": f"scenario {n} {catalog.scenario(n)['name']}",
                      "why": "GHS unlocks it (from its data), ghcli has it locked"})
    for n, why in ghs_map.blocks_by_ghs(store, {b for c in completed for b in catalog.scenario(c).get("blocks") or []}):
        notes.append({"what": f"scenario {n} {catalog.scenario(n)['name']}", "why": why})
    stocked = {r["item"] for r in store.rows("SELECT item FROM supply")}
    shop, held = town.supply_for(store, party_id), town.party_copies(store, party_id)
    for n in sorted(shop_by_scenario):
        item = catalog.item(n)
        theirs = max(0, item["count"] - held.get(n, 0))
        if n not in stocked:
            why = "ghcli's does not"
        elif shop.get(n, 0) != theirs:
            why = (f"with {theirs} of its {item['count']} copies (every printed one less the party's characters'), "
                   f"ghcli's with {shop.get(n, 0)}")
        else:
            continue
        notes.append({"what": f"item {n} {item['name']}",
                      "why": f"GHS's shop has it (scenario {item['unlock_scenario']} is completed), " + why})


def export(store) -> dict:
    """{"game": the campaign's current party as a GHS GameModel (edition jotl), "not_carried": [{what, why}]}."""
    from ghcli.campaign import catalog, lookup

    notes: list[dict] = []
    camp = lookup.campaign_row(store)
    party = lookup.current_party(store)
    completed = [r["number"] for r in store.rows("SELECT number FROM scenarios WHERE completed = 1 ORDER BY number")]
    unlocked = lookup.unlocked_scenarios(store)
    unlocked_by_ghs = derived(completed)
    chars = store.rows("SELECT * FROM characters WHERE party_id = ? ORDER BY id", [party["id"]])
    players = [r["name"] for r in store.rows("SELECT name FROM players ORDER BY rowid")]
    players += [p for p in dict.fromkeys(c["player"] for c in chars if c["player"]) if p not in players]
    for c in chars:  # a character with no player gets a slot of its own (GHS would name another's player)
        if not c["player"]:
            players.append("")
    slots = list(players)
    free = [i for i, p in enumerate(slots) if p == ""]
    active, retired = [], []
    placed = _placed(store)
    for c in chars:
        model = _export_character(store, c, players, notes, placed)
        if not c["player"]:
            model["number"] = free.pop(0) + 1
        (retired if c["retired"] else active).append(model)
    city = [r["card"] for r in store.rows("SELECT card FROM event_decks WHERE deck = 'city' ORDER BY position")]
    pending = store.value("SELECT card FROM pending_events WHERE deck = 'city'")
    if pending is not None:
        city.insert(0, pending)
    shop_by_scenario = {i["number"] for i in catalog.items() if i.get("unlock_scenario") in completed}
    designs = [r["item"] for r in store.rows("SELECT item FROM item_designs ORDER BY item")
               if r["item"] not in shop_by_scenario]
    unlocked_items = _unlocked_items(store, party["id"], designs, shop_by_scenario, notes)
    _derived_notes(store, party["id"], completed, unlocked, unlocked_by_ghs, shop_by_scenario, notes)
    conclusions = [{**_ref(0), "index": sec} for n in completed
                   for sec in (catalog.scenario(n).get("conclusion_sections") or {})]
    party_model = {
        "id": 0, "name": party["name"], "edition": EDITION, "location": "", "notes": "", "achievements": "",
        "achievementsList": [], "reputation": 0, "prosperity": 0,
        "scenarios": [_ref(n) for n in completed], "conclusions": conclusions, "casualScenarios": [],
        "manualScenarios": [_ref(n) for n in unlocked if n not in unlocked_by_ghs],
        "campaignMode": True, "globalAchievements": "", "globalAchievementsList": [], "treasures": [],
        "donations": 0, "players": slots, "characters": [], "availableCharacters": [], "retirements": retired,
        "unlockedItems": unlocked_items, "unlockedCharacters": [],
        "eventDecks": {"city": [f"{c:02d}" for c in city]} if city or completed else {}, "eventCards": [],
    }
    level = levels.recommended_level(c["level"] for c in chars if not c["retired"]) if active else 1
    scenario, monsters = _in_play_model(party, level, notes)
    visit = store.one("SELECT * FROM visits WHERE party_id = ? AND open = 1", [party["id"]])
    if visit is not None and party["location"] == "town":
        from ghcli.campaign.exchange.ghs_export import TOWN_VISIT_KEY

        party_model[TOWN_VISIT_KEY] = {"cityEvent": bool(visit["city_event"]), "scenarios": len(completed)}
    game = {
        "revision": 1, "revisionOffset": 0, "edition": EDITION, "conditions": [],
        "figures": [f"{EDITION}-{c['name']}" for c in active] + [f"{m['edition']}-{m['name']}" for m in monsters],
        "characters": active, "monsters": monsters,
        "state": "draw", "level": level, "round": 0, "playSeconds": 0, "totalSeconds": 0,
        "party": party_model, "parties": [party_model], "unlockedCharacters": [],
    }
    if scenario is not None:
        game["scenario"] = scenario
    if pending is not None:
        game["eventDraw"] = "city"
    if camp["name"] != party["name"]:
        notes.append({"what": f"the campaign's name {camp['name']!r}", "why": "GHS names the party only"})
    others = [r["name"] for r in store.rows("SELECT name FROM parties WHERE id != ? ORDER BY id", [party["id"]])]
    if others:
        notes.append({"what": f"the other parties ({', '.join(others)})",
                      "why": "GHS keeps one party per file here: export each after `ghcli party switch NAME`"})
    return {"game": game, "not_carried": notes}


def _in_play_model(party: dict, level: int, notes: list[dict]) -> tuple[dict | None, list[dict]]:
    """GHS's ``scenario`` and its monsters (as GHS sets them up) for a party on its way to a scenario."""
    from ghcli.campaign.exchange import ghs_map

    n = party["scenario"]
    if party["location"] == "scenario":
        notes.append({"what": f"the party at scenario {n}'s site (played, not back in town)",
                      "why": "GHS has no such place: imported back, the party is in town"})
    if party["location"] != "road" or n is None:
        return None, []
    monsters = [{"name": name, "edition": edition, "level": max(0, min(7, level + offset)), "off": True,
                 "active": False, "drawExtra": False, "lastDraw": 0, "ability": -1, "abilities": [], "entities": [],
                 "isAlly": bool(ally), "isAllied": False, "tags": []}
                for name, edition, offset, ally in ghs_map.facts()["scenarios"][str(n)]["monsters"]]
    return {**_ref(n), "revealedRooms": [], "additionalSections": []}, monsters
