"""Writing a Gloomhaven import's :class:`~.ghs.Plan` into a new campaign's work copy (one transaction):
the campaign, its achievements, classes, scenarios (as GHS derives them from its data), event decks,
players, characters, the shop, the special conditions already passed, solo results and where the party is."""

from __future__ import annotations

import datetime

from ghcli.campaign import tracks
from ghcli.campaign.exchange.ghs import Plan


# The Sun and Eclipse boxes, the reputation +-20 events, The Drake Aided (effects.milestone keys).
REPUTATION_MILESTONES = ((tracks.SUN_BOX_REPUTATION, "sun-box"), (tracks.ECLIPSE_BOX_REPUTATION, "eclipse-box"),
                         *((end, f"reputation{end:+d}") for end in (tracks.REPUTATION_MAX, tracks.REPUTATION_MIN)))


def _starting_decks(store, plan: Plan) -> dict[str, list[int]]:
    from ghcli.campaign import catalog
    from ghcli.campaign.lookup import rng

    facts = catalog.facts()
    decks = {}
    stream = rng(store)
    for deck in ("city", "road"):
        cards = list(facts[f"starting_{deck}_events"])
        for key in plan.classes:
            cls = catalog.find_class(key)
            for event in (cls.get(f"{deck}_event_on_unlock"), cls.get(f"{deck}_event_on_retire") if key in
                          plan.retired_classes else None):
                if event and event not in cards:
                    cards.append(event)
        stream.shuffle(cards)
        decks[deck] = cards
    return decks


def write_plan(store, plan: Plan) -> dict:
    """Write the plan into a new, empty campaign database (one transaction, the first history entry)."""
    from ghcli.campaign import catalog

    summary = (f"imported GHS party {plan.party!r}: {len(plan.characters)} characters, "
               f"{len(plan.completed)} scenarios completed")
    with store.change("import", summary) as db:
        party_id = _write_campaign(store, plan)
        _write_scenarios(store, plan)
        decks = _write_decks(store, plan)
        ids, owned = _write_characters(store, plan, party_id)
        _write_shop(store, plan, owned)
        for key in _milestones(plan):
            db.execute("INSERT INTO milestones (key) VALUES (?)", [key])
        _write_solo(store, plan, ids)
        location = _write_location(store, plan, party_id, ids)
    return {
        "party": plan.party,
        "edition": plan.edition,
        "other_parties": plan.other_parties,
        "prosperity_checkmarks": plan.prosperity,
        "prosperity_level": catalog.prosperity_level(plan.prosperity),
        "reputation": plan.reputation,
        "donations_gold": plan.donations_gold,
        "global_achievements": sum(plan.global_achievements.values()),
        "party_achievements": sum(plan.party_achievements.values()),
        "unlocked_classes": len(plan.classes),
        "retired_classes": len(plan.retired_classes),
        "completed_scenarios": len(plan.completed),
        "manually_unlocked_scenarios": len(plan.manual),
        "item_designs": len(plan.designs),
        "event_cards": {deck: len(cards) for deck, cards in decks.items()},
        "pending_events": len(plan.pending),
        "players": len(plan.players),
        "characters": sum(1 for ch in plan.characters if not ch.retired),
        "retired_characters": sum(1 for ch in plan.characters if ch.retired),
        "items": sum(len(ch.items) for ch in plan.characters),
        "perks": sum(t for ch in plan.characters for _, t in ch.perks),
        "location": location,
    }


def _write_campaign(store, plan: Plan) -> int:
    """The campaign and its party (returns the party's id), achievements, unlocked and retired classes."""
    db = store.db
    party_id = db.execute("INSERT INTO parties (name, reputation) VALUES (?, ?)",
                          [plan.party, plan.reputation]).lastrowid
    db.execute("INSERT INTO campaign (id, name, prosperity, donations, current_party, seed, created) "
               "VALUES (1, ?, ?, ?, ?, NULL, ?)",
               [plan.party, plan.prosperity, plan.donations_gold, party_id,
                datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")])
    for key, n in plan.global_achievements.items():
        db.execute("INSERT INTO global_achievements (key, count) VALUES (?, ?)", [key, n])
    for key, n in plan.party_achievements.items():
        db.execute("INSERT INTO party_achievements (party_id, key, count) VALUES (?, ?, ?)", [party_id, key, n])
    for key in plan.classes:
        db.execute("INSERT INTO unlocked_classes (class) VALUES (?)", [key])
    for key in plan.retired_classes:
        db.execute("INSERT INTO retired_classes (class) VALUES (?)", [key])
    return party_id


def _write_decks(store, plan: Plan) -> dict[str, list[int]]:
    """The event decks (the file's, else the starting ones) and the pending draws."""
    from ghcli.campaign import effects

    decks = plan.decks if plan.decks is not None else _starting_decks(store, plan)
    if plan.decks is None:
        plan.drop("party.eventDecks", "not in the file (GHS's event feature unused): the starting decks with the "
                                      "cards of the unlocked and retired classes, shuffled")
    for deck, cards in decks.items():
        effects.set_deck(store, deck, cards)
    for deck, card in plan.pending.items():
        store.db.execute("INSERT INTO pending_events (deck, card) VALUES (?, ?)", [deck, card])
    return decks


def _write_characters(store, plan: Plan, party_id: int) -> tuple[dict[str, int], dict[int, int]]:
    """The players (each with the extra perks of their retired characters) and the characters; returns
    ({name: character id}, {item: copies owned})."""
    db = store.db
    retirements: dict[str, int] = {}
    for ch in plan.characters:
        if ch.retired and ch.player and ch.seat == 1:  # a later seat's perk is that seat's (solo play)
            retirements[ch.player] = retirements.get(ch.player, 0) + 1
    for name in plan.players:
        db.execute("INSERT INTO players (name, extra_perks) VALUES (?, ?)", [name, retirements.get(name, 0)])
    owned: dict[int, int] = {}
    ids: dict[str, int] = {}
    for ch in plan.characters:
        cid = db.execute(
            "INSERT INTO characters (party_id, player, class, name, level, xp, gold, checkmarks, extra_perks, "
            "quest, quest_fulfilled, retired, seat) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [party_id, ch.player, ch.cls, ch.name, ch.level, ch.xp, ch.gold, ch.checkmarks, ch.extra_perks,
             ch.quest, int(ch.retired and ch.quest is not None), int(ch.retired),
             ch.seat if ch.seat > 1 else None]).lastrowid
        write_progress(store, cid, ch, owned)
        ids[ch.name] = cid
    return ids, owned


def write_progress(store, cid: int, ch, owned: dict[int, int]) -> None:
    """A character's items (counted into ``owned``), perks, level-up cards and stickers (``ch``: a
    :class:`~.ghs.CharacterPlan` or a Jaws of the Lion import's member: both hold these)."""
    db = store.db
    for item in ch.items:
        db.execute("INSERT INTO character_items (character_id, item) VALUES (?, ?)", [cid, item])
        owned[item] = owned.get(item, 0) + 1
    for perk, times in ch.perks:
        db.execute("INSERT INTO character_perks (character_id, perk, times) VALUES (?, ?, ?)", [cid, perk, times])
    for card, at in ch.cards:
        db.execute("INSERT INTO character_cards (character_id, card, at_level) VALUES (?, ?, ?)", [cid, card, at])
    for st in ch.stickers:
        db.execute("INSERT INTO enhancements (class, card, action, sticker, cost, character_id, slot) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?)", [ch.cls, st.card, st.half, st.label, st.cost, cid, st.slot])


def _write_shop(store, plan: Plan, owned: dict[int, int]) -> None:
    """The item designs, and the supply: the prosperity level's items and the designs, each with its printed
    copies (a design's ``count`` when GHS gives one) less the copies the characters own."""
    from ghcli.campaign import catalog

    db = store.db
    supply = {n: catalog.item(n)["count"] for n in catalog.shop_items_for_prosperity(
        catalog.prosperity_level(plan.prosperity))}
    for n, copies in plan.designs.items():
        db.execute("INSERT INTO item_designs (item) VALUES (?)", [n])
        if n not in supply:  # GHS's ``count`` limits an item only beyond the prosperity level's
            supply[n] = catalog.item(n)["count"] if copies is None else copies
    for n, copies in sorted(supply.items()):
        db.execute("INSERT INTO supply (item, copies) VALUES (?, ?)", [n, max(0, copies - owned.get(n, 0))])
        if owned.get(n, 0) > copies:
            plan.drop(f"item {n} ({owned[n]} owned)",
                      f"more copies than the {copies} printed: the shop has none left")


def _write_scenarios(store, plan: Plan) -> None:
    """What GHS derives from the file (its scenario data, in ghcli/data/ghs.json): the start (1, and 96
    in a Forgotten Circles game), the completed scenarios' unlocks and blocks (13 unlocks none: its
    choice is in ``manualScenarios``), the concluded sections' unlocks, the scenarios unlocked by hand."""
    from ghcli.campaign import effects
    from ghcli.campaign.exchange import ghs_map

    for n, f in ghs_map.facts()["scenarios"].items():
        if f["initial"] and (f["edition"] == "gh" or plan.edition == "fc"):
            effects.unlock_scenario(store, int(n))
    for n in plan.completed:
        f = ghs_map.scenario_facts(n)
        effects.complete_scenario(store, n)
        for other in f["unlocks"]:
            effects.unlock_scenario(store, other)
        for other in f["blocks"]:
            effects.block_scenario(store, other)
    for key in plan.conclusions:
        f = ghs_map.facts()["conclusions"][key]
        for other in f["unlocks"]:
            effects.unlock_scenario(store, other)
        for other in f["blocks"]:
            effects.block_scenario(store, other)
    for n in plan.manual:
        effects.unlock_scenario(store, n)


def _write_solo(store, plan: Plan, ids: dict[str, int]) -> None:
    """A solo scenario completed in GHS: won by the class's character (the active one, else a retired
    one), at its recommended level, with the reward item if a character holds it."""
    from ghcli.campaign import solo
    from ghcli.rules import level as levels

    for key in plan.solo:
        chars = sorted((c for c in plan.characters if c.cls == key), key=lambda c: c.retired)
        sc = solo.scenario_for(key)
        if not chars:
            plan.drop(f"the {sc['scenario_name']} solo scenario (completed)",
                      f"no {key} character in the file to have won it: not recorded")
            continue
        ch = chars[0]
        item = sc["reward_item"]["number"]
        held = store.value("SELECT character_id FROM character_items WHERE item = ?", [item])
        store.db.execute("INSERT INTO solo_results (character_id, class, won, level, item) VALUES (?, ?, 1, ?, ?)",
                         [ids[ch.name], key, levels.recommended_level([ch.level]), item if held else None])
        plan.drop(f"the {sc['scenario_name']} solo scenario (completed)",
                  f"recorded as won by {ch.name} at level {levels.recommended_level([ch.level])} "
                  "(GHS keeps no level or winner)")


def _milestones(plan: Plan) -> list[str]:
    keys = [key for level, key in REPUTATION_MILESTONES
            if (plan.reputation >= level if level > 0 else plan.reputation <= level)]
    if {"the-drakes-command", "the-drakes-treasure"} <= set(plan.party_achievements):
        keys.append("the-drake-aided")
    return keys


def _write_location(store, plan: Plan, party_id: int, ids: dict[str, int]) -> str:
    db = store.db
    n = plan.in_play
    if n is not None:
        row = store.one("SELECT unlocked, completed FROM scenarios WHERE number = ?", [n])
        if row and row["unlocked"]:
            db.execute("UPDATE parties SET location = 'road', scenario = ?, road_event_due = ?, casual = ? "
                       "WHERE id = ?",
                       [n, int(plan.road_event_due), int(bool(row["completed"])), party_id])
            return f"on the road to scenario {n}" + (" (its road event due)" if plan.road_event_due
                                                      else " (its road event resolved)")
        plan.drop(f"scenario {n}", "in play in GHS but not unlocked in ghcli's reading: the party is in town")
        if plan.road_event_due:
            card = store.value("SELECT card FROM event_decks WHERE deck = 'road' AND position = "
                               "(SELECT min(position) FROM event_decks WHERE deck = 'road')")
            if card is not None:
                from ghcli.campaign import effects

                cards = [r["card"] for r in store.rows("SELECT card FROM event_decks WHERE deck = 'road' "
                                                       "ORDER BY position")]
                effects.set_deck(store, "road", cards[1:])
                db.execute("INSERT INTO pending_events (deck, card) VALUES ('road', ?)", [card])
    visit = db.execute("INSERT INTO visits (party_id, open, city_event) VALUES (?, 1, ?)",
                       [party_id, int(plan.city_event or "city" in plan.pending)]).lastrowid
    for ch in plan.characters:
        if ch.donated:
            db.execute("INSERT INTO visit_donations (visit_id, character_id) VALUES (?, ?)", [visit, ids[ch.name]])
    return "in town"
