"""Primitive changes of campaign state, shared by every command.

Call these only inside a change (a logged command, ``with store.change(...)``):
they write SQL through ``store.db``, the Database the change yields, so the
command's transaction, history entry and undo cover them. Each returns a short description of what
it did (for summaries).
"""

from __future__ import annotations

from ghcli.campaign import catalog
from ghcli.campaign.amounts import counted
from ghcli.campaign.kind import Store
from ghcli.campaign.lookup import rng
from ghcli.campaign.tracks import MAX_PROSPERITY_CHECKMARKS, REPUTATION_MAX, REPUTATION_MIN
from ghcli.campaign.tracks import ECLIPSE_BOX_REPUTATION, SUN_BOX_REPUTATION
from ghcli.errors import Refused

ANCIENT_TECHNOLOGY = "ancient-technology"
ENVELOPE_A_AT = 5  # Ancient Technology achievements (the rulebook's envelope A)
ENVELOPE_B_AT = 100  # gold donated in all
#: Forgotten Circles: the third Pieces of an Artifact unlocks scenario 112 (GHS section 49; 106 and
#: 107 only link to it; ghcli/data/SOURCES.md)
PIECES_OF_AN_ARTIFACT, PIECES_UNLOCK_AT, PIECES_UNLOCK = "pieces-of-an-artifact", 3, 112


def capped(delta: int, applied: int) -> str:
    """' (capped: +5 of +10)' when a track's end stopped a change short; '' otherwise."""
    return f" (capped: {applied:+d} of {delta:+d})" if applied != delta else ""


def add_prosperity(store: Store, n: int) -> str:
    """Move the prosperity track by n checkmarks (kept within 0..64; a change stopped by an end
    says so, "(capped: +2 of +5)").

    When the level rises, the new level's items enter the shop supply with
    all their copies (items already there keep their copies).
    """
    before = store.value("SELECT prosperity FROM campaign WHERE id = 1")
    after = max(0, min(MAX_PROSPERITY_CHECKMARKS, before + n))
    store.db.execute("UPDATE campaign SET prosperity = ? WHERE id = 1", [after])
    old_level, new_level = catalog.prosperity_level(before), catalog.prosperity_level(after)
    cap = capped(n, after - before)
    if new_level > old_level:
        for number in catalog.shop_items_for_prosperity(new_level):
            add_to_supply(store, number)
        return f"prosperity {before} -> {counted(after, 'checkmark')}{cap} (level {new_level}: its items join the shop)"
    return f"prosperity {before} -> {counted(after, 'checkmark')}{cap}"


def add_to_supply(store: Store, number: int) -> None:
    """Put an item into the supply with all its copies. One there already keeps its copies (those bought
    are held), but never has fewer than the copies no character holds: an item that was there only because
    a copy was sold back (found, or given, before its design or scenario) gets the others too."""
    printed = catalog.item(number)["count"]
    if store.db.execute("INSERT OR IGNORE INTO supply (item, copies) VALUES (?, ?)", [number, printed]).rowcount:
        return
    held = store.value("SELECT count(*) FROM character_items ci JOIN characters c ON c.id = ci.character_id "
                       "WHERE c.retired = 0 AND ci.item = ?", [number])
    free = max(0, printed - held)
    store.db.execute("UPDATE supply SET copies = ? WHERE item = ? AND copies < ?", [free, number, free])


def add_item_design(store: Store, number: int) -> str:
    store.db.execute("INSERT OR IGNORE INTO item_designs (item) VALUES (?)", [number])
    add_to_supply(store, number)
    if catalog.edition().shop != "prosperity":  # the shop fills only this way (Jaws of the Lion)
        return f"item {number} ({catalog.item(number)['name']}) joins the shop"
    return f"item design {number} ({catalog.item(number)['name']})"


def _where(where: dict) -> tuple[str, list]:
    """A WHERE clause over the given columns and ``key``."""
    return " AND ".join([*(f"{k} = ?" for k in where), "key = ?"]), list(where.values())


def _add_achievement(store: Store, table: str, where: dict, ach: dict) -> str:
    """Typed achievements replace their group's previous one; counted ones count up to their maximum."""
    cond, params = _where(where)
    if ach.get("group"):
        for other in catalog.achievements():
            if other.get("group") == ach["group"] and other["key"] != ach["key"]:
                store.db.execute(f"DELETE FROM {table} WHERE {cond}", [*params, other["key"]])
    row = store.one(f"SELECT count FROM {table} WHERE {cond}", [*params, ach["key"]])
    if row is None:
        cols = ", ".join([*where, "key", "count"])
        marks = ", ".join("?" for _ in range(len(where) + 2))
        store.db.execute(f"INSERT INTO {table} ({cols}) VALUES ({marks})", [*params, ach["key"], 1])
        return f"achievement {ach['name']}"
    if ach.get("max_count"):
        if row["count"] >= ach["max_count"]:
            raise Refused(f"{ach['name']} is already at its maximum of {ach['max_count']}")
        store.db.execute(f"UPDATE {table} SET count = count + 1 WHERE {cond}", [*params, ach["key"]])
        return f"achievement {ach['name']} x{row['count'] + 1}"
    return f"achievement {ach['name']} (already held)"


def _remove_achievement(store: Store, table: str, where: dict, ach: dict) -> str:
    """Counted achievements count down; others are removed."""
    cond, params = _where(where)
    row = store.one(f"SELECT count FROM {table} WHERE {cond}", [*params, ach["key"]])
    if row is None:
        raise Refused(f"{ach['name']} is not held")
    if row["count"] > 1:
        store.db.execute(f"UPDATE {table} SET count = count - 1 WHERE {cond}", [*params, ach["key"]])
    else:
        store.db.execute(f"DELETE FROM {table} WHERE {cond}", [*params, ach["key"]])
    return f"lost achievement {ach['name']}"


def add_global_achievement(store: Store, key: str) -> str:
    """Typed achievements (City Rule, Artifact) replace their group's previous one; counted ones count up."""
    done = _add_achievement(store, "global_achievements", {}, catalog.find_achievement(key, "global"))
    count = store.value("SELECT count FROM global_achievements WHERE key = ?", [ANCIENT_TECHNOLOGY]) or 0
    if count >= ENVELOPE_A_AT:
        opened = milestone(store, "envelope-a", lambda: "open envelope A")
        done = "; ".join(d for d in (done, opened) if d)
    pieces = store.value("SELECT count FROM global_achievements WHERE key = ?", [PIECES_OF_AN_ARTIFACT]) or 0
    if pieces >= PIECES_UNLOCK_AT:
        done = "; ".join(d for d in (done, unlock_scenario(store, PIECES_UNLOCK)) if d)
    return done


def envelopes(store: Store) -> dict[str, bool]:
    """Envelopes the campaign has opened: A (five Ancient Technology) and B (100 gold donated)."""
    return {
        "A": bool(store.value("SELECT 1 FROM milestones WHERE key = 'envelope-a'")),
        "B": (store.value("SELECT donations FROM campaign WHERE id = 1") or 0) >= ENVELOPE_B_AT,
    }


def remove_global_achievement(store: Store, key: str) -> str:
    """Counted achievements count down; others are removed."""
    return _remove_achievement(store, "global_achievements", {}, catalog.find_achievement(key, "global"))


def add_party_achievement(store: Store, party_id: int, key: str) -> str:
    """A party achievement; holding both The Drake's Command and The Drake's
    Treasure also gives The Drake Aided and city event 75 and road event 66, once."""
    done = _add_achievement(store, "party_achievements", {"party_id": party_id}, catalog.find_achievement(key, "party"))
    held = {r["key"] for r in store.rows("SELECT key FROM party_achievements WHERE party_id = ?", [party_id])}
    if {"the-drakes-command", "the-drakes-treasure"} <= held:
        extra = milestone(store, "the-drake-aided", lambda: "; ".join(d for d in (
            add_global_achievement(store, "the-drake-aided"),
            add_events(store, "city", [75]), add_events(store, "road", [66])) if d))
        done = "; ".join(d for d in (done, extra) if d)
    return done


def remove_party_achievement(store: Store, party_id: int, key: str) -> str:
    ach = catalog.find_achievement(key, "party")
    return _remove_achievement(store, "party_achievements", {"party_id": party_id}, ach)


def change_reputation(store: Store, party_id: int, delta: int) -> str:
    """Reputation moves by delta, kept within -20..20 (the track's ends); a change stopped by an
    end says so: "reputation +15 -> +20 (capped: +5 of +10)".

    The track's special conditions fire once per campaign (campaign facts):
    at +10 the Sunkeeper box opens, at -10 the Nightshroud box; at +20 city
    event 76 and road event 67 join the decks, at -20 city 77 and road 68.
    """
    before = store.value("SELECT reputation FROM parties WHERE id = ?", [party_id])
    after = max(REPUTATION_MIN, min(REPUTATION_MAX, before + delta))
    store.db.execute("UPDATE parties SET reputation = ? WHERE id = ?", [after, party_id])
    done = [f"reputation {before:+d} -> {after:+d}{capped(delta, after - before)}"]
    if after >= SUN_BOX_REPUTATION:
        done.append(milestone(store, "sun-box", lambda: open_class_box(store, "sunkeeper")))
    if after <= ECLIPSE_BOX_REPUTATION:
        done.append(milestone(store, "eclipse-box", lambda: open_class_box(store, "nightshroud")))
    for level, city, road in ((REPUTATION_MAX, 76, 67), (REPUTATION_MIN, 77, 68)):
        if after == level:
            done.append(milestone(store, f"reputation{level:+d}", lambda c=city, r=road: "; ".join(
                d for d in (add_events(store, "city", [c]), add_events(store, "road", [r])) if d)))
    return "; ".join(d for d in done if d)


def milestone(store: Store, key: str, fire) -> str:
    """Run ``fire()`` the first time the campaign reaches ``key``; nothing afterwards."""
    if store.value("SELECT 1 FROM milestones WHERE key = ?", [key]):
        return ""
    store.db.execute("INSERT INTO milestones (key) VALUES (?)", [key])
    return fire()


RANDOM_SIDE_SCENARIOS = tuple(range(63, 72))


def random_design_and_side_scenario(store: Store) -> tuple[int | None, int | None, list[str]]:
    """What opening an already-opened box or envelope gives instead (campaign facts):
    a random item design (from the random item design deck, not yet found) and a
    random side scenario (63-71, not yet unlocked); nothing from a spent deck."""
    stream = rng(store)
    done: list[str] = []
    found = {r["item"] for r in store.rows("SELECT item FROM item_designs")}
    designs = [i["number"] for i in catalog.items()
               if (i.get("source") or "").startswith("random item design") and i["number"] not in found]
    design = side = None
    if designs:
        design = stream.choice(designs)
        done.append("random " + add_item_design(store, design))
    else:
        done.append("the random item design deck is spent")
    known = {r["number"] for r in store.rows("SELECT number FROM scenarios WHERE unlocked = 1")}
    sides = [n for n in RANDOM_SIDE_SCENARIOS if n not in known]
    if sides:
        side = stream.choice(sides)
        done.append("random side " + unlock_scenario(store, side))
    else:
        done.append("the random side scenario deck is spent")
    return design, side, done


def open_class_box(store: Store, class_key: str) -> str:
    """Open a class's box: the class unlocks, or if it already is, a random design and side scenario."""
    if store.value("SELECT 1 FROM unlocked_classes WHERE class = ?", [class_key]):
        return "; ".join(random_design_and_side_scenario(store)[2])
    return unlock_class(store, class_key)


def add_events(store: Store, deck: str, cards: list[int]) -> str:
    """Add event cards to the city or road deck, then shuffle that deck (rulebook)."""
    current = [r["card"] for r in store.rows("SELECT card FROM event_decks WHERE deck = ? ORDER BY position", [deck])]
    new = [c for c in cards if c not in current]
    if not new:
        return ""
    set_deck(store, deck, shuffled(store, current + new))
    return f"{deck} events {', '.join(map(str, new))} added, deck shuffled"


def shuffled(store: Store, cards: list[int]) -> list[int]:
    cards = list(cards)
    rng(store).shuffle(cards)
    return cards


def set_deck(store: Store, deck: str, cards: list[int]) -> None:
    """Replace a deck's order (position 0 is the top card)."""
    db = store.db
    db.execute("DELETE FROM event_decks WHERE deck = ?", [deck])
    for i, c in enumerate(cards):
        db.execute("INSERT INTO event_decks (deck, position, card) VALUES (?, ?, ?)", [deck, i, c])


def unlock_class(store: Store, class_key: str) -> str:
    """Unlock a class; its unlock events join both decks, which are shuffled."""
    cls = catalog.find_class(class_key)
    if store.value("SELECT 1 FROM unlocked_classes WHERE class = ?", [cls["key"]]):
        return ""
    store.db.execute("INSERT INTO unlocked_classes (class) VALUES (?)", [cls["key"]])
    done = [f"class {cls['name']} unlocked"]
    for deck in ("city", "road"):
        card = cls.get(f"{deck}_event_on_unlock")
        if card:
            done.append(add_events(store, deck, [card]))
    return "; ".join(d for d in done if d)


def unlock_scenario(store: Store, number: int) -> str:
    catalog.scenario(number)
    row = store.one("SELECT unlocked FROM scenarios WHERE number = ?", [number])
    if row is None:
        store.db.execute("INSERT INTO scenarios (number, unlocked) VALUES (?, 1)", [number])
    elif not row["unlocked"]:
        store.db.execute("UPDATE scenarios SET unlocked = 1 WHERE number = ?", [number])
    else:
        return ""
    return f"scenario {number} unlocked"


def block_scenario(store: Store, number: int) -> str:
    row = store.one("SELECT blocked FROM scenarios WHERE number = ?", [number])
    if row is None:
        store.db.execute("INSERT INTO scenarios (number, unlocked, blocked) VALUES (?, 0, 1)", [number])
    elif not row["blocked"]:
        store.db.execute("UPDATE scenarios SET blocked = 1 WHERE number = ?", [number])
    else:
        return ""
    return f"scenario {number} blocked"


def complete_scenario(store: Store, number: int) -> str:
    unlock_scenario(store, number)
    store.db.execute("UPDATE scenarios SET completed = 1 WHERE number = ?", [number])
    return f"scenario {number} completed"
