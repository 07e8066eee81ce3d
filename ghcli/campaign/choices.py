"""What the players may name now, from the campaign: the values shell completion offers
(docs/shell.md, "Shell completion").

Each function is a read and returns ``[(value, description)]``, the value in the
form the command takes (names of game things in their kebab-case form,
``eye-for-an-eye``, which needs no quoting in a shell). Only what the players have unlocked and may choose now:
unlocked classes, the shop's items in stock, the scenarios they may travel to,
the deck they may draw, their own characters, cards and perks ... never a name
the campaign has not shown them (a locked class is offered only as its box's
symbol, which is printed on the box).
"""

from __future__ import annotations

import json

from ghcli.campaign import catalog, lookup
from ghcli.campaign.kind import Store

Choices = list[tuple[str, str]]


def _norm(name: str) -> str:
    return catalog._norm(name)


def unlocked_classes(store: Store | None) -> Choices:
    """Class keys the campaign has unlocked (no campaign: the six starting classes)."""
    keys = lookup.unlocked_classes(store) if store is not None else [c["key"] for c in catalog.classes()
                                                                    if c.get("starting")]
    names = {c["key"]: c["name"] for c in catalog.classes()}
    return [(k, names.get(k, k)) for k in keys]


def locked_class_boxes(store: Store) -> Choices:
    """The boxes of the classes still locked, by the symbol on the box (what `unlock-class` takes)."""
    unlocked = set(lookup.unlocked_classes(store))
    return [(c["spoiler_code"], "a locked class box") for c in catalog.classes()
            if c["key"] not in unlocked and c.get("spoiler_code")]


def characters(store: Store, *, party_only: bool = False, retired: bool = False) -> Choices:
    """Active characters (of the current party, or all), with level and class."""
    sql = "SELECT name, class, level, party_id FROM characters WHERE retired = ?"
    rows = store.rows(sql + " ORDER BY id", [1 if retired else 0])
    if party_only:
        party = lookup.current_party(store)
        rows = [r for r in rows if r["party_id"] == party["id"]]
    names = {c["key"]: c["name"] for c in catalog.classes()}
    return [(r["name"], f"level {r['level']} {names.get(r['class'], r['class'])}") for r in rows]


def _character(store: Store, name: str | None) -> dict | None:
    if not name:
        return None
    try:
        return lookup.find_character(store, name)
    except Exception:
        return None


def shop_items(store: Store, character: str | None = None) -> Choices:
    """Items with a copy in stock for the current party, less those ``character`` owns already."""
    from ghcli.campaign import town

    party = lookup.current_party(store)
    modifier = catalog.price_modifier(party["reputation"])
    ch = _character(store, character)
    owned = {r["item"] for r in store.rows("SELECT item FROM character_items WHERE character_id = ?",
                                           [ch["id"]])} if ch else set()
    out = []
    for number, copies in town.supply_for(store, party["id"]).items():
        if copies <= 0 or number in owned:
            continue
        it = catalog.item(number)
        out.append((_norm(it["name"]), f"item {number}, {town.price(it, modifier)} gold, {copies} left"))
    return out


def held_items(store: Store, character: str | None) -> Choices:
    """The items ``character`` owns (what `sell` takes)."""
    ch = _character(store, character)
    if ch is None:
        return []
    return [(_norm(catalog.item(r["item"])["name"]), f"item {r['item']}") for r in store.rows(
        "SELECT item FROM character_items WHERE character_id = ? ORDER BY item", [ch["id"]])]


def known_items(store: Store) -> Choices:
    """Items the players have seen (in the shop, found as designs, held)."""
    return [(_norm(catalog.item(n)["name"]), f"item {n}") for n in sorted(lookup.known_items(store))]


def travel_scenarios(store: Store, *, replay: bool = False, casual: bool = False) -> Choices:
    """Scenarios the party may travel to: available ones; with --replay the completed ones; casual: any unlocked."""
    from ghcli.campaign import scenarios

    party = lookup.current_party(store)
    out = []
    for s in scenarios.availability(store, party):
        if casual or (s["state"] == "completed" if replay else s["state"] == "available"):
            out.append((str(s["number"]), s["name"]))
    return out


def scenario_to_finish(store: Store) -> Choices:
    """The scenario the party travelled to (what `scenario finish` takes)."""
    party = lookup.current_party(store)
    if party["location"] != "road" or party["scenario"] is None:
        return []
    return [(str(party["scenario"]), catalog.scenario(party["scenario"])["name"])]


def scenarios_to_complete(store: Store) -> Choices:
    """Unlocked scenarios not completed (a paper campaign's `scenario complete`)."""
    rows = store.rows("SELECT number FROM scenarios WHERE unlocked = 1 AND completed = 0 ORDER BY number")
    return [(str(r["number"]), catalog.scenario(r["number"])["name"]) for r in rows]


def drawable_decks(store: Store) -> Choices:
    """The event decks that may be drawn now: city once a visit in town, road when travel made one due."""
    party = lookup.current_party(store)
    pending = {r["deck"] for r in store.rows("SELECT deck FROM pending_events")}
    out = []
    if party["location"] == "town" and "city" not in pending:
        visit = store.one("SELECT city_event FROM visits WHERE party_id = ? AND open = 1 ORDER BY id DESC LIMIT 1",
                          [party["id"]])
        if visit is not None and not visit["city_event"]:
            out.append(("city", "this visit's city event"))
    if party["location"] == "road" and party["road_event_due"] and "road" not in pending:
        out.append(("road", f"the road event on the way to scenario {party['scenario']}"))
    return out


def pending_decks(store: Store) -> Choices:
    """Decks with a drawn card waiting to be resolved."""
    return [(r["deck"], f"{r['deck']} event {r['card']}") for r in store.rows(
        "SELECT deck, card FROM pending_events ORDER BY deck")]


def parties(store: Store, *, others: bool = True) -> Choices:
    """The parties (the others than the current one, for `party switch`)."""
    current = lookup.current_party(store)["id"]
    return [(r["name"], f"reputation {r['reputation']:+d}") for r in store.rows(
        "SELECT id, name, reputation FROM parties ORDER BY id") if not (others and r["id"] == current)]


def _scenario_achievements(store: Store) -> set[str]:
    """Achievement keys the unlocked scenarios name (as rewards or requirements)."""
    keys: set[str] = set()
    for number in lookup.unlocked_scenarios(store):
        s = catalog.scenario(number)
        req, rew = s.get("requires") or {}, s.get("rewards") or {}
        for k in ("global", "party", "not_global", "not_party"):
            keys.update(req.get(k) or [])
        for alt in s.get("requires_any") or []:
            for k in ("global", "party", "not_global", "not_party"):
                keys.update(alt.get(k) or [])
        for k in ("global_achievements", "party_achievements", "lose_global_achievements",
                  "lose_party_achievements"):
            keys.update(rew.get(k) or [])
    return keys


def achievements(store: Store, kind: str, *, held: bool) -> Choices:
    """Global or party achievements: those held (``held``: what `remove` takes), or those the unlocked
    scenarios name and the campaign may still gain (what `add` takes)."""
    if kind == "global":
        rows = store.rows("SELECT key, count FROM global_achievements")
    else:
        rows = store.rows("SELECT key, count FROM party_achievements WHERE party_id = ?",
                          [lookup.current_party(store)["id"]])
    have = {r["key"]: r["count"] for r in rows}
    out = []
    for a in catalog.achievements():
        if a["kind"] != kind:
            continue
        if held:
            if a["key"] in have:
                out.append((a["key"], a["name"]))
        elif a["key"] in _scenario_achievements(store) and (
                a["key"] not in have or (a.get("max_count") and have[a["key"]] < a["max_count"])):
            out.append((a["key"], a["name"]))
    return out


def _pool(store: Store, ch: dict) -> tuple[dict, list[dict], set[int]]:
    cls = catalog.find_class(ch["class"])
    chosen = {r["card"] for r in store.rows("SELECT card FROM character_cards WHERE character_id = ?", [ch["id"]])}
    return cls, catalog.ability_cards(cls["key"]), chosen


def level_up_cards(store: Store, character: str | None) -> Choices:
    """The cards ``character`` may take at its next level-up: level 2 to the new level, not taken before."""
    ch = _character(store, character)
    if ch is None:
        return []
    _, cards, chosen = _pool(store, ch)
    new = ch["level"] + 1
    return [(_norm(c["name"]), f"card {c['number']}, level {c['level']}") for c in cards
            if c["level"] not in ("X", 1) and int(c["level"]) <= new and c["number"] not in chosen]


def creation_cards(store: Store, class_name: str | None, level: int) -> Choices:
    """The cards a new character of ``class_name`` made at ``level`` may name (levels 2 to ``level``)."""
    if not class_name:
        return []
    cls = lookup.find_class(store, class_name)
    return [(_norm(c["name"]), f"card {c['number']}, level {c['level']}") for c in catalog.ability_cards(cls["key"])
            if c["level"] not in ("X", 1) and int(c["level"]) <= int(level)]


def pool_cards(store: Store, character: str | None) -> Choices:
    """``character``'s ability cards: level 1 and X, and those taken at level-ups."""
    ch = _character(store, character)
    if ch is None:
        return []
    _, cards, chosen = _pool(store, ch)
    return [(_norm(c["name"]), f"card {c['number']}, level {c['level']}") for c in cards
            if c["level"] in ("X", 1) or c["number"] in chosen]


def perks(store: Store, character: str | None) -> Choices:
    """The perks ``character`` may still take (each as often as its boxes)."""
    ch = _character(store, character)
    if ch is None:
        return []
    cls = catalog.find_class(ch["class"])
    taken = {r["perk"]: r["times"] for r in store.rows(
        "SELECT perk, times FROM character_perks WHERE character_id = ?", [ch["id"]])}
    return [(str(i), p["text"]) for i, p in enumerate(cls["perks"], 1) if taken.get(i, 0) < p["count"]]


def quest_offer(store: Store, character: str | None) -> Choices:
    """The two personal quests ``character`` was dealt and has not chosen between."""
    ch = _character(store, character)
    if ch is None or ch["quest"] is not None or not ch["quest_offer"]:
        return []
    return [(str(n), catalog.personal_quest(n)["name"]) for n in json.loads(ch["quest_offer"])]


def history_entries(store: Store, limit: int = 40) -> Choices:
    """History entries to undo back to (`undo --to`), newest first."""
    return [(str(r["seq"]), f"{r['command']}: {r['summary']}") for r in store.rows(
        "SELECT seq, command, summary FROM journal ORDER BY seq DESC LIMIT ?", [limit])]


def monsters(store: Store | None) -> Choices:
    """Monster types of the unlocked scenarios (no campaign: every monster type)."""
    from ghcli import editions
    from ghcli import data
    from ghcli.campaign import monster_stats as mons

    every = {m["key"]: m for m in mons.base_monsters()}
    if store is None:
        keys = sorted(every)
    else:
        table = data.scenario_monsters(editions.current().load("ghs"))  # the campaign's edition's
        keys = sorted({k for n in lookup.unlocked_scenarios(store) for k in table.get(str(n), []) if k in every})
    return [(k, every[k]["name"]) for k in keys]
