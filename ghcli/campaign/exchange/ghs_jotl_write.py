"""Writing a Jaws of the Lion import's plan (:mod:`.ghs_jotl`) into a new campaign's work copy (one
transaction): the campaign of edition ``jotl``, its scenarios, players, characters, shop, city deck and
where the party is."""

from __future__ import annotations

import datetime

from ghcli import editions
from ghcli.campaign.exchange.ghs_jotl import EDITION, Plan, derived


def write_plan(store, plan: Plan) -> dict:
    """Write the plan into a new, empty campaign database (one transaction, the first history entry)."""
    from ghcli.campaign import catalog, lookup

    summary = (f"imported GHS party {plan.party!r} ({editions.current().name}): {len(plan.members)} characters, "
               f"{len(plan.completed)} scenarios completed")
    with store.change("import", summary) as db:
        party_id = db.execute("INSERT INTO parties (name) VALUES (?)", [plan.party]).lastrowid
        db.execute("INSERT INTO campaign (id, name, prosperity, donations, current_party, seed, created, edition) "
                   "VALUES (1, ?, 0, 0, ?, NULL, ?, ?)",
                   [plan.party, party_id, datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                    EDITION])
        for key in catalog.facts()["starting_classes"]:
            db.execute("INSERT INTO unlocked_classes (class) VALUES (?)", [key])
        _write_scenarios(store, plan)
        owned = _write_members(store, plan, party_id)
        shop = _write_shop(store, plan, owned)
        city = _write_city_deck(store, plan)
        location = _write_location(store, plan, party_id)
    return {
        "party": plan.party,
        "edition": EDITION,
        "other_parties": plan.other_parties,
        "completed_scenarios": len(plan.completed),
        "unlocked_scenarios": len(lookup.unlocked_scenarios(store)),
        "shop_items": len(shop),
        "city_events": len(city) + (plan.pending is not None),
        "pending_events": int(plan.pending is not None),
        "players": len(plan.players),
        "characters": sum(1 for m in plan.members if not m.retired),
        "retired_characters": sum(1 for m in plan.members if m.retired),
        "items": sum(len(m.items) for m in plan.members),
        "perks": sum(t for m in plan.members for _, t in m.perks),
        "cards": sum(len(m.cards) for m in plan.members),
        "stickers": sum(len(m.stickers) for m in plan.members),
        "location": location,
    }


def _write_scenarios(store, plan: Plan) -> None:
    """The scenarios GHS unlocks by itself, the completed ones with their unlocks (not a conclusion's: those
    come with the conclusions read) and blocks, and those unlocked by hand or by events."""
    from ghcli.campaign import catalog, effects

    for n in sorted(derived([])):
        effects.unlock_scenario(store, n)
    for n in plan.completed:
        sc = catalog.scenario(n)
        effects.complete_scenario(store, n)
        for other in sc.get("unlocks") or []:
            if not any(other in u for u in (sc.get("conclusion_sections") or {}).values()):
                effects.unlock_scenario(store, other)
        for other in sc.get("blocks") or []:
            effects.block_scenario(store, other)
    for n in plan.unlocked:
        effects.unlock_scenario(store, n)


def _write_members(store, plan: Plan, party_id: int) -> dict[int, int]:
    """The players and characters; returns {item: copies owned}."""
    from ghcli.campaign.exchange.ghs_write import write_progress

    db = store.db
    for name in plan.players:
        db.execute("INSERT INTO players (name, extra_perks) VALUES (?, 0)", [name])
    owned: dict[int, int] = {}
    for m in plan.members:
        cid = db.execute(
            "INSERT INTO characters (party_id, player, class, name, level, xp, gold, checkmarks, extra_perks, "
            "retired) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [party_id, m.player, m.cls, m.name, m.level, m.xp, m.gold, m.checkmarks, m.extra_perks,
             int(m.retired)]).lastrowid
        write_progress(store, cid, m, owned)
    return owned


def _write_shop(store, plan: Plan, owned: dict[int, int]) -> list[int]:
    """The shop: the items whose scenario is completed and the designs, each with its printed copies (a
    design's ``count`` when GHS gives one) less those the characters own. Returns the items."""
    from ghcli.campaign import catalog

    db = store.db
    shop = [i["number"] for i in catalog.items() if i.get("unlock_scenario") in plan.completed]
    by_scenario = set(shop)
    shop += [n for n in plan.designs if n not in shop]
    for n in sorted(shop):
        db.execute("INSERT INTO item_designs (item) VALUES (?)", [n])
        copies = catalog.item(n)["count"] if n in by_scenario else plan.counts.get(n, catalog.item(n)["count"])
        db.execute("INSERT INTO supply (item, copies) VALUES (?, ?)", [n, max(0, copies - owned.get(n, 0))])
        if owned.get(n, 0) > copies:
            plan.drop(f"item {n} ({owned[n]} owned)", f"more copies than the {copies} printed: the shop has none")
    return shop


def _write_city_deck(store, plan: Plan) -> list[int]:
    """The city deck (the file's; else the cards the completed scenarios add, shuffled) and its pending draw."""
    from ghcli.campaign import catalog, effects, lookup

    city = plan.city
    if city is None:
        city = []
        opened = {e["card"] for s in catalog.scenarios() if s["number"] in plan.completed
                  for e in s["rewards"].get("events") or [] if e["deck"] == "city"}
        if opened:
            city = sorted(opened)
            lookup.rng(store).shuffle(city)
            plan.drop(f"party.eventDecks.city: not in the file (scenario {min(plan.completed)} and on completed)",
                      "GHS's event feature unused: the city deck the completed scenarios add, shuffled")
    effects.set_deck(store, "city", city)
    if plan.pending is not None:
        store.db.execute("INSERT INTO pending_events (deck, card) VALUES ('city', ?)", [plan.pending])
    return city


def _write_location(store, plan: Plan, party_id: int) -> str:
    """On the way to the scenario in play (when ghcli has it unlocked), else in town with a visit open."""
    db = store.db
    row = store.one("SELECT unlocked FROM scenarios WHERE number = ?", [plan.in_play]) if plan.in_play else None
    if row and row["unlocked"]:
        done = bool(store.value("SELECT completed FROM scenarios WHERE number = ?", [plan.in_play]))
        db.execute("UPDATE parties SET location = 'road', scenario = ?, road_event_due = 0, casual = ? "
                   "WHERE id = ?", [plan.in_play, int(done), party_id])
        return f"on the way to scenario {plan.in_play}"
    if plan.in_play:
        plan.drop(f"scenario {plan.in_play}", "in play in GHS but not unlocked: the party is in town")
    db.execute("INSERT INTO visits (party_id, open, city_event) VALUES (?, 1, ?)", [party_id, int(plan.city_event)])
    return "in town"
