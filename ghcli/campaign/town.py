"""A town visit, per character: the shop, levelling up, perks, donations.

Everything here but ``shop`` (a read) needs the party in town with its visit
open (``ghcli return`` opens one). Readings:

- Shop: the supply is what ``supply`` holds (items 1-14 at the start, seven
  more per prosperity level, item designs found, items sold back). Prices
  are the printed cost plus the reputation modifier. Items owned by
  characters outside the current party count as in the supply
  (docs/between-sessions.md, "Readings"): the party may buy such a copy, as long as its own characters do not
  hold every copy of the item (``supply_for``).
- An item not in the supply is named only by its number: "item 15 (not
  available)" (its name would be a spoiler).
- Sell: half the printed cost, rounded down (the reputation modifier does
  not apply); the copy goes back to the supply.
- Level-up: one level per command, when the XP reaches the next threshold
  (45, 95, 150, 210, 275, 345, 420, 500), or when the character is below the
  prosperity level (the rulebook's prosperity: it may level up to that level;
  its XP is raised to the new level's threshold). The card is one of the
  class's level 2+ cards, of a level at most the new level, not chosen
  before (level 1 and X cards are always in the pool). One perk comes with
  it. The new maximum HP is read from the class data.
- Perks: a character may hold (level - 1) + min(6, checkmarks // 3)
  + extra perks (from its player's retirements) perks in all; ``perk``
  takes one of those not taken yet. A perk with k boxes can be taken k times.
- Donations: 10 gold, once per character per visit; the character starts
  the next scenario with 2 bless cards. The campaign total opens envelope B
  when it reaches 100 gold, and adds one prosperity checkmark when it
  reaches each of DONATION_PROSPERITY: 100, 150, 200, 250, 300, 350 and 400,
  then every 100 gold up to 1000 (the count the campaign apps use;
  docs/between-sessions.md, "Readings").
"""

from __future__ import annotations

from ghcli.campaign import catalog, effects, lookup, tracks
from ghcli.campaign.amounts import counted
from ghcli.campaign.kind import Store, command
from ghcli.campaign.road import party_member, require_town
from ghcli.journal.store import Done
from ghcli.campaign.tracks import CHECKMARKS_PER_PERK, MAX_CHECKMARK_PERKS
from ghcli.errors import BadInput, Refused

DONATION = 10
DONATION_BLESSES = 2
ENVELOPE_B_AT = effects.ENVELOPE_B_AT
# Sanctuary donations in all that give a prosperity checkmark: every 50 gold from 100 to 400, then every
# 100 to 1000 (the count the campaign apps use; the first comes with envelope B).
DONATION_PROSPERITY = (*range(100, 401, 50), *range(500, 1001, 100))


def donation_marks(gold: int, before: int = 0) -> int:
    """Prosperity checkmarks the donation track gives between ``before`` and ``gold`` donated in all."""
    return sum(1 for mark in DONATION_PROSPERITY if before < mark <= gold)


# -- reads -----------------------------------------------------------------

def supply_for(store: Store, party_id: int) -> dict[int, int]:
    """Copies of each item the party may buy: the shop's supply plus the copies held by characters
    outside the party (they count as in the supply: docs/between-sessions.md), never more than the item's copies
    less those the party's own characters hold."""
    held = store.rows(
        "SELECT ci.item, c.party_id = ? AS own, count(*) AS n FROM character_items ci "
        "JOIN characters c ON c.id = ci.character_id WHERE c.retired = 0 GROUP BY ci.item, own", [party_id])
    own = {r["item"]: r["n"] for r in held if r["own"]}
    outside = {r["item"]: r["n"] for r in held if not r["own"]}
    shelf = {r["item"]: r["copies"] for r in store.rows("SELECT item, copies FROM supply")}
    out = {}
    item = catalog.item
    for number in sorted(set(shelf) | set(outside)):
        total = item(number)["count"]
        out[number] = max(0, min(total - own.get(number, 0), shelf.get(number, 0) + outside.get(number, 0)))
    return out


def stock(store: Store, party_id: int, number: int) -> tuple[int | None, int | None]:
    """(copies on the shelf, copies the party may buy) of one item: ``supply_for(...).get(number)``
    reading only that item's rows (None: no shelf row; not in the supply)."""
    shelf = store.value("SELECT copies FROM supply WHERE item = ?", [number])
    own = outside = 0
    for is_own, n in store.tuples(
            "SELECT c.party_id = ?, count(*) FROM character_items ci JOIN characters c ON c.id = ci.character_id "
            "WHERE c.retired = 0 AND ci.item = ? GROUP BY 1", [party_id, number]):
        if is_own:
            own += n
        else:
            outside += n
    if shelf is None and not outside:
        return None, None
    return shelf, max(0, min(catalog.item(number)["count"] - own, (shelf or 0) + outside))


def shop(store: Store) -> dict:
    """The supply with copies left and prices after the reputation modifier."""
    party = lookup.current_party(store)
    modifier = catalog.price_modifier(party["reputation"])
    designs = {r["item"] for r in store.rows("SELECT item FROM item_designs")}
    if catalog.edition().shop != "prosperity":  # every item comes as a design there: none is marked
        designs = set()
    rows = []
    for number, copies in supply_for(store, party["id"]).items():
        it = catalog.item(number)
        rows.append({
            "number": it["number"], "name": it["name"], "slot": it["slot"], "cost": it["cost"],
            "price": price(it, modifier), "copies": copies, "design": it["number"] in designs,
        })
    if not catalog.edition().has("reputation"):
        return {"reputation": None, "modifier": 0, "items": rows}
    return {"reputation": party["reputation"], "modifier": modifier, "items": rows}


def price(item: dict, modifier: int) -> int:
    return max(0, item["cost"] + modifier)


def perk_allowance(ch: dict) -> int:
    """Perks a character may hold: one per level above 1, one per 3 checkmarks (max 6), extra perks."""
    return tracks.perks_earned(ch["level"], ch["checkmarks"], ch["extra_perks"])


def perks_taken(store: Store, character_id: int) -> int:
    return store.value("SELECT coalesce(sum(times), 0) FROM character_perks WHERE character_id = ?",
                       [character_id]) or 0


# -- actions ---------------------------------------------------------------

@command("buy", keys={"name": lookup.character_key, "item_name": lookup.item_key})
def buy(store: Store, name: str, item_name: str) -> Done:
    it = lookup.find_item(store, item_name)
    with store.change("buy", f"{name} buys {it['name']}"):
        party, _ = require_town(store, "items are bought")
        ch = party_member(store, party, name)
        shelf, available = stock(store, party["id"], it["number"])
        if available is None:
            raise Refused(f"item {it['number']} (not available) is not in the shop's supply")
        if available < 1:
            raise Refused(f"no copy of {it['name']} is left in the supply"
                          + (" (the party's characters hold the others)"
                             if it["number"] in _held(store, party) else ""))
        shelf = shelf or 0
        if store.value("SELECT 1 FROM character_items WHERE character_id = ? AND item = ?", [ch["id"], it["number"]]):
            raise Refused(f"{ch['name']} already owns {it['name']} (a character owns one copy of an item)")
        cost = price(it, catalog.price_modifier(party["reputation"]))
        if ch["gold"] < cost:
            raise Refused(f"{ch['name']} has {ch['gold']} gold; {it['name']} costs {cost}")
        if shelf > 0:  # else the copy is one another party's character holds (it counts as in the supply)
            store.db.execute("UPDATE supply SET copies = copies - 1 WHERE item = ?", [it["number"]])
        store.db.execute("INSERT INTO character_items (character_id, item) VALUES (?, ?)", [ch["id"], it["number"]])
        store.db.execute("UPDATE characters SET gold = gold - ? WHERE id = ?", [cost, ch["id"]])
        summary = f"{ch['name']} bought item {it['number']} {it['name']} for {cost} gold"
    return Done(summary, {"character": ch["name"], "item": it["number"], "name": it["name"], "price": cost,
                          "gold": ch["gold"] - cost})


@command("sell", keys={"name": lookup.character_key, "item_name": lookup.item_key})
def sell(store: Store, name: str, item_name: str) -> Done:
    it = lookup.find_item(store, item_name)
    with store.change("sell", f"{name} sells {it['name']}"):
        party, _ = require_town(store, "items are sold")
        ch = party_member(store, party, name)
        if not store.value("SELECT 1 FROM character_items WHERE character_id = ? AND item = ?",
                           [ch["id"], it["number"]]):
            shown = it["name"] if it["number"] in lookup.known_items(store) else f"item {it['number']} (not available)"
            raise Refused(f"{ch['name']} does not own {shown}")
        gain = it["cost"] // 2
        return_to_supply(store, it["number"])
        store.db.execute("DELETE FROM character_items WHERE character_id = ? AND item = ?", [ch["id"], it["number"]])
        store.db.execute("UPDATE characters SET gold = gold + ? WHERE id = ?", [gain, ch["id"]])
        summary = f"{ch['name']} sold item {it['number']} {it['name']} for {gain} gold"
    return Done(summary, {"character": ch["name"], "item": it["number"], "name": it["name"], "price": gain,
                          "gold": ch["gold"] + gain})


def party_copies(store: Store, party_id: int) -> dict[int, int]:
    """Copies of each item the party's active characters hold."""
    return dict(store.tuples(
        "SELECT ci.item, count(*) FROM character_items ci JOIN characters c ON c.id = ci.character_id "
        "WHERE c.party_id = ? AND c.retired = 0 GROUP BY ci.item", [party_id]))


def _held(store: Store, party: dict) -> set[int]:
    return {r["item"] for r in store.rows(
        "SELECT ci.item FROM character_items ci JOIN characters c ON c.id = ci.character_id "
        "WHERE c.party_id = ? AND c.retired = 0", [party["id"]])}


def return_to_supply(store: Store, number: int) -> None:
    """One copy back into the shop's supply (never more copies than the item has)."""
    if store.value("SELECT 1 FROM supply WHERE item = ?", [number]):
        store.db.execute("UPDATE supply SET copies = min(copies + 1, ?) WHERE item = ?",
                         [catalog.item(number)["count"], number])
    else:
        store.db.execute("INSERT INTO supply (item, copies) VALUES (?, 1)", [number])


def _check_perk(store: Store, ch: dict, perk: int) -> dict:
    cls = catalog.find_class(ch["class"])
    perks = cls["perks"]
    if not 1 <= perk <= len(perks):
        raise BadInput(f"{cls['name']} perks are numbered 1-{len(perks)}, not {perk}")
    taken = store.value("SELECT times FROM character_perks WHERE character_id = ? AND perk = ?",
                        [ch["id"], perk]) or 0
    entry = perks[perk - 1]
    if taken >= entry["count"]:
        raise Refused(f"{ch['name']} has taken perk {perk} ({entry['text']}) {taken} of {entry['count']} times already")
    return entry


def _take_perk(store: Store, ch: dict, perk: int) -> None:
    if store.value("SELECT 1 FROM character_perks WHERE character_id = ? AND perk = ?", [ch["id"], perk]):
        store.db.execute("UPDATE character_perks SET times = times + 1 WHERE character_id = ? AND perk = ?",
                         [ch["id"], perk])
    else:
        store.db.execute("INSERT INTO character_perks (character_id, perk, times) VALUES (?, ?, 1)",
                         [ch["id"], perk])


@command("level-up", keys={"name": lookup.character_key})
def level_up(store: Store, name: str, card: str, perk: int) -> Done:
    with store.change("level-up", f"{name} levels up"):
        party, _ = require_town(store, "characters level up")
        ch = party_member(store, party, name)
        cls = catalog.find_class(ch["class"])
        new = ch["level"] + 1
        if new > tracks.MAX_LEVEL:
            raise Refused(f"{ch['name']} is already level {tracks.MAX_LEVEL}")
        need = catalog.xp_threshold(new)
        prosperity = (catalog.prosperity_level(lookup.campaign_row(store)["prosperity"])
                      if catalog.edition().level_up_to_prosperity else 0)
        if ch["xp"] < need and new > prosperity:
            raise Refused(f"{ch['name']} has {ch['xp']} XP; level {new} needs {need}")
        chosen = catalog.find_card(cls["key"], card)
        if not catalog.chosen_at_level_up(chosen):
            raise Refused(f"{catalog.pool_words(chosen)}: choose a card of level 2-{new}")
        if int(chosen["level"]) > new:
            raise Refused(f"{chosen['name']} is a level {chosen['level']} card; at level {new} the card's level "
                          f"must be at most {new}")
        if store.value("SELECT 1 FROM character_cards WHERE character_id = ? AND card = ?",
                       [ch["id"], chosen["number"]]):
            raise Refused(f"{ch['name']} already has {chosen['name']}")
        entry = _check_perk(store, ch, perk)
        xp = max(ch["xp"], need)
        store.db.execute("UPDATE characters SET level = ?, xp = ? WHERE id = ?", [new, xp, ch["id"]])
        store.db.execute("INSERT INTO character_cards (character_id, card, at_level) VALUES (?, ?, ?)",
                         [ch["id"], chosen["number"], new])
        _take_perk(store, ch, perk)
        hp = cls["hp"][new - 1]
        summary = (f"{ch['name']} to level {new}: card {chosen['number']} {chosen['name']}, "
                   f"perk {perk}, max HP {hp}")
    return Done(summary, {"character": ch["name"], "level": new, "xp": xp, "card": chosen["number"],
                          "card_name": chosen["name"], "perk": perk, "perk_text": entry["text"], "max_hp": hp})


@command("perk", keys={"name": lookup.character_key})
def take_perk(store: Store, name: str, perk: int) -> Done:
    with store.change("perk", f"{name} takes perk {perk}"):
        party, _ = require_town(store, "perks are taken")
        ch = party_member(store, party, name)
        allowed, taken = perk_allowance(ch), perks_taken(store, ch["id"])
        if taken >= allowed:
            next_at = (ch["checkmarks"] // CHECKMARKS_PER_PERK + 1) * CHECKMARKS_PER_PERK
            more = (f"; the next comes at {next_at} checkmarks"
                    if tracks.checkmark_perks(ch["checkmarks"]) < MAX_CHECKMARK_PERKS
                    else f"; checkmarks give at most {MAX_CHECKMARK_PERKS} perks")
            raise Refused(f"{ch['name']} has taken {'the 1 perk' if allowed == 1 else f'all {allowed} perks'} earned "
                          f"({counted(ch['checkmarks'], 'checkmark')}, level {ch['level']}, "
                          f"{ch['extra_perks']} extra){more}")
        entry = _check_perk(store, ch, perk)
        _take_perk(store, ch, perk)
        summary = f"{ch['name']} takes perk {perk}: {entry['text']}"
    return Done(summary, {"character": ch["name"], "perk": perk, "perk_text": entry["text"],
                          "perks_taken": taken + 1, "perks_allowed": allowed})


@command("donate", keys={"name": lookup.character_key})
def donate(store: Store, name: str) -> Done:
    catalog.edition().require("donations")
    with store.change("donate", f"{name} donates"):
        party, visit = require_town(store, "donations are made")
        ch = party_member(store, party, name)
        if store.value("SELECT 1 FROM visit_donations WHERE visit_id = ? AND character_id = ?",
                       [visit["id"], ch["id"]]):
            raise Refused(f"{ch['name']} has already donated on this town visit (once per visit)")
        if ch["gold"] < DONATION:
            raise Refused(f"{ch['name']} has {ch['gold']} gold; a donation is {DONATION}")
        before = lookup.campaign_row(store)["donations"]
        after = before + DONATION
        store.db.execute("UPDATE characters SET gold = gold - ? WHERE id = ?", [DONATION, ch["id"]])
        store.db.execute("UPDATE campaign SET donations = ? WHERE id = 1", [after])
        store.db.execute("INSERT INTO visit_donations (visit_id, character_id) VALUES (?, ?)",
                         [visit["id"], ch["id"]])
        done = [f"{ch['name']} donated {DONATION} gold ({DONATION_BLESSES} bless cards next scenario); "
                f"donations {after}"]
        envelope_b = before < ENVELOPE_B_AT <= after
        if envelope_b:
            done.append("open envelope B")
        marks = donation_marks(after, before)
        if marks:
            done.append(effects.add_prosperity(store, marks))
        summary = "; ".join(done)
    return Done(summary, {"character": ch["name"], "gold": ch["gold"] - DONATION, "donations": after,
                          "blesses": DONATION_BLESSES, "envelope_b": envelope_b, "prosperity": marks, "done": done})
