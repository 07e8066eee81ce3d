"""A paper campaign entered by hand, without replaying its history (docs/exchange.md, "A paper campaign, by hand").

Each function is one normal campaign change (one transaction, one history
entry, undoable) and refuses, with the reason, what the rules do not allow.

- :func:`complete_scenario` (``scenario complete N [--no-unlocks] [--choose N]``):
  the scenario is marked completed; its achievements (gained and lost), its
  unlocks (scenarios, classes, event cards, item designs) and its blocks
  apply; no gold, XP, checkmarks, reputation, prosperity or items (the
  sheets already hold those: enter them with ``character adjust``,
  ``campaign prosperity``, ``party reputation``, ``character give``).
  ``--no-unlocks`` skips the unlocks where the table has already opened
  them. Refused: a scenario not unlocked, already completed, or blocked.
  Requirements are not checked: they held when the group played it.
- :func:`give_item` (``character give NAME ITEM [--not-from-supply]``): the
  character owns the item without paying; it leaves the shop's supply
  unless it came from elsewhere (an event, a reward). Refused: owned
  already, not in the supply, no copy left.
- :func:`new_retired` (``character new NAME --class C --retired``): a
  retired character on record (for the Town Records, its player's extra
  perk and its class's retirement events and enhancements): level L with
  the XP of level L, no gold or items, its personal quest fulfilled.
  The class must be unlocked; the name free; the quest not held by an active
  character. Its player gains one extra perk; the class's first retirement
  adds its retirement events to both decks (shuffled, as the rules say; set
  the sheet's order afterwards with ``event deck set``). Prosperity and the
  quest's reward are the sheet's business (``campaign prosperity``,
  ``campaign unlock-class``).
- :func:`add_donations` (``campaign donations +N``): gold already given to
  the Sanctuary (a multiple of 10), with the donation track's prosperity
  marks it passes (:func:`ghcli.campaign.town.donation_marks`).
- :func:`set_event_deck` (``event deck set city|road N,N,...``): the deck's
  order as written on the sheet, top first. Refused: a repeated card, a card
  that is drawn and not resolved.
"""

from __future__ import annotations


from ghcli.campaign import catalog, effects, lookup
from ghcli.campaign.amounts import amount
from ghcli.campaign.kind import Store, command
from ghcli.journal.store import Done
from ghcli.campaign.effects import ENVELOPE_B_AT
from ghcli.campaign.town import DONATION as DONATION_GOLD, donation_marks
from ghcli.campaign.tracks import MAX_EVENT_CARD, MAX_LEVEL
from ghcli.errors import BadInput, Refused


def _must_choose(sc: dict) -> bool:
    return bool(sc["rewards"].get("unlock_one"))


@command("scenario complete", keys={"number": lookup.scenario_number})
def complete_scenario(store: Store, number: int | str, *, unlocks: bool = True, choose: int | None = None) -> Done:
    """Mark a scenario completed as the paper sheet says: achievements and unlocks, no rewards."""
    sc = catalog.find_scenario(number)
    n = sc["number"]
    if choose is not None and choose not in sc["unlocks"]:
        raise BadInput(f"--choose {choose}: scenario {n} unlocks {', '.join(map(str, sc['unlocks'])) or 'nothing'}")
    with store.change("scenario complete", f"scenario {n} completed by hand"):
        party = lookup.current_party(store)
        row = store.one("SELECT unlocked, completed, blocked FROM scenarios WHERE number = ?", [n])
        if row is None or not row["unlocked"]:
            raise Refused(f"scenario {n} is not unlocked: complete the scenario that unlocks it first, "
                          f"or `ghcli campaign unlock-scenario {n}`")
        if row["completed"]:
            raise Refused(f"scenario {n} {sc['name']} is already completed")
        if row["blocked"]:
            raise Refused(f"scenario {n} {sc['name']} is blocked: a blocked scenario cannot be completed")
        if unlocks and choose is None and _must_choose(sc):
            raise BadInput(f"scenario {n} unlocks only one of {', '.join(map(str, sc['unlocks']))}: "
                           "say which with --choose N (or --no-unlocks)")
        done, notes = _apply(store, party, sc, unlocks=unlocks, choose=choose)
        done.append(effects.complete_scenario(store, n))
        summary = f"scenario {n} {sc['name']} completed by hand; " + "; ".join(d for d in done if d)
    return Done(summary, {"scenario": n, "name": sc["name"], "unlocks": unlocks, "done": [d for d in done if d],
                          "notes": notes})


def _apply(store: Store, party: dict, sc: dict, *, unlocks: bool, choose: int | None) -> tuple[list[str], list[str]]:
    """The scenario's achievements, and (unless the table opened them already) its unlocks; no gold, XP or tracks."""
    from ghcli.campaign import results

    done = results.apply_achievements(store, party, sc)
    notes = [f"not applied (enter by hand if the sheet lacks it): {what}" for what in _rewards_in_words(sc["rewards"])]
    if unlocks:
        done += results.apply_unlocks(store, sc, choose)
    return done, notes


def _rewards_in_words(rewards: dict) -> list[str]:
    out = []
    for key, words in (("gold", "{} gold each"), ("xp", "{} XP each"), ("reputation", "reputation {:+d}"),
                       ("prosperity", "prosperity {:+d}")):
        if rewards.get(key):
            out.append(words.format(rewards[key]))
    for number in rewards.get("items") or []:
        out.append(f"item {number} {catalog.item(number)['name']}")
    if rewards.get("checkmarks_each"):
        out.append(f"{rewards['checkmarks_each']} checkmarks each")
    if rewards.get("perks_each"):
        out.append(f"{rewards['perks_each']} extra perk each")
    return out


@command("character give", keys={"name": lookup.character_key, "item_name": lookup.item_key})
def give_item(store: Store, name: str, item_name: str, *, from_supply: bool = True) -> Done:
    """A character owns an item without paying (from the supply, or from an event with from_supply=False)."""
    it = catalog.find_item(item_name)
    with store.change("character give", f"{name} gets {it['name']}"):
        ch = lookup.find_character(store, name)
        if store.value("SELECT 1 FROM character_items WHERE character_id = ? AND item = ?", [ch["id"], it["number"]]):
            raise Refused(f"{ch['name']} already owns {it['name']} (a character owns one copy of an item)")
        if from_supply:
            row = store.one("SELECT copies FROM supply WHERE item = ?", [it["number"]])
            if row is None:
                raise Refused(f"{it['name']} (item {it['number']}) is not in the shop's supply "
                              "(--not-from-supply for an item from an event or a reward)")
            if row["copies"] < 1:
                raise Refused(f"no copy of {it['name']} is left in the supply")
            store.db.execute("UPDATE supply SET copies = copies - 1 WHERE item = ?", [it["number"]])
        store.db.execute("INSERT INTO character_items (character_id, item) VALUES (?, ?)", [ch["id"], it["number"]])
        summary = (f"{ch['name']} gets item {it['number']} {it['name']}"
                   + (" from the supply" if from_supply else " (not from the supply)"))
    return Done(summary, {"character": ch["name"], "item": it["number"], "name": it["name"],
                          "from_supply": from_supply})


@command("character new retired", keys={"class_name": lookup.any_class_key})
def new_retired(store: Store, name: str, class_name: str, *, player: str | None = None, level: int = 1,
                quest: int | str | None = None) -> Done:
    """A retired character on record, as the Town Records list it."""
    catalog.edition().require("retirement")
    name = (name or "").strip()
    if not name:
        raise BadInput("the character name must not be empty")
    if not 1 <= int(level) <= MAX_LEVEL:
        raise BadInput(f"level {level} is not between 1 and {MAX_LEVEL}")
    cls = catalog.find_class(class_name)
    kept = catalog.personal_quest(quest)["number"] if quest is not None else None
    player = player.strip() if player and player.strip() else None
    with store.change("character new", f"retired {cls['name']} {name} on record") as db:
        party = lookup.current_party(store)
        if not store.value("SELECT 1 FROM unlocked_classes WHERE class = ?", [cls["key"]]):
            raise Refused(f"the {cls['name']} class is not unlocked: no character of it can have retired "
                          f"(`ghcli campaign unlock-class {cls['key']}` first if the sheet has it)")
        same = store.one("SELECT name FROM characters WHERE name_key(name) = name_key(?)", [name])
        if same:
            raise Refused(f"a character named {same['name']!r} already exists")
        if kept is not None and store.value(
                "SELECT name FROM characters WHERE retired = 0 AND quest = ?", [kept]):
            raise Refused(f"personal quest {kept} is held by an active character")
        db.execute(
            "INSERT INTO characters (party_id, player, class, name, level, xp, gold, quest, quest_fulfilled, retired) "
            "VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, 1)",
            [party["id"], player, cls["key"], name, int(level), catalog.xp_threshold(int(level)), kept,
             int(kept is not None)])
        done = [f"retired {cls['name']} {name} (level {level}) on record"]
        if player:
            store.db.execute(
                "INSERT INTO players (name, extra_perks) VALUES (?, 1) "
                "ON CONFLICT(name) DO UPDATE SET extra_perks = extra_perks + 1", [player])
            perks = store.value("SELECT extra_perks FROM players WHERE name = ?", [player])
            done.append(f"player {player} has {perks} extra perk{'s' if perks != 1 else ''}")
        if not store.value("SELECT 1 FROM retired_classes WHERE class = ?", [cls["key"]]):
            store.db.execute("INSERT INTO retired_classes (class) VALUES (?)", [cls["key"]])
            for deck in ("city", "road"):
                card = cls.get(f"{deck}_event_on_retire")
                if card:
                    done.append(effects.add_events(store, deck, [card]))
        summary = "; ".join(d for d in done if d)
    from ghcli.campaign import characters

    out = characters.show(store, name)
    out["done"] = [d for d in done if d]
    return Done(summary, out)


@command("campaign donations")
def add_donations(store: Store, gold: int) -> Done:
    """Gold already given to the Sanctuary, with the donation track's prosperity marks."""
    catalog.edition().require("donations")
    amount("donations", gold)
    if gold <= 0:
        raise BadInput(f"give the gold donated as +N (N > 0), not {gold}")
    if gold % DONATION_GOLD:
        raise BadInput(f"donations are {DONATION_GOLD} gold each: {gold} is not a multiple of {DONATION_GOLD}")
    with store.change("campaign donations"):
        before = lookup.campaign_row(store)["donations"]
        after = before + gold
        store.db.execute("UPDATE campaign SET donations = ? WHERE id = 1", [after])
        done = [f"donations {before} -> {after} gold"]
        if before < ENVELOPE_B_AT <= after:
            done.append("open envelope B")
        marks = donation_marks(after, before)
        if marks:
            done.append(effects.add_prosperity(store, marks))
        summary = "; ".join(done)
    return Done(summary, {"donations": after, "added": gold, "prosperity_marks": marks,
                          "envelope_b": before < ENVELOPE_B_AT <= after, "done": done})


def parse_cards(text: str) -> list[int]:
    """'17,12,28' -> [17, 12, 28]; a bad or repeated card is bad input."""
    cards: list[int] = []
    for part in [p.strip() for p in str(text).split(",")]:
        if not part.isdigit() or not 1 <= int(part) <= MAX_EVENT_CARD:
            raise BadInput(f"{part!r} is not an event card number (1-{MAX_EVENT_CARD}); give N,N,... top first")
        if int(part) in cards:
            raise BadInput(f"card {int(part)} is given twice: a deck holds each card once")
        cards.append(int(part))
    return cards


@command("event deck set")
def set_event_deck(store: Store, deck: str, text: str) -> Done:
    """The deck's order as written on the sheet (top first)."""
    deck = deck.strip().lower()
    if deck not in ("city", "road"):
        raise BadInput(f"unknown event deck {deck!r}; choose city or road")
    catalog.edition().require(f"{deck} events")
    cards = parse_cards(text)
    known = catalog.event_cards(deck)
    unknown = [c for c in cards if c not in known]
    if unknown:
        raise BadInput(f"there is no {deck} event {unknown[0]}: {catalog.event_numbering(deck)}")
    with store.change("event deck set", f"{deck} deck set"):
        lookup.campaign_row(store)
        pending = store.value("SELECT card FROM pending_events WHERE deck = ?", [deck])
        if pending is not None and pending in cards:
            raise Refused(f"{deck} event {pending} is drawn and not resolved: it is not in the deck "
                          f"(`ghcli event resolve {deck}` first, or leave it out)")
        before = [r["card"] for r in store.rows(
            "SELECT card FROM event_decks WHERE deck = ? ORDER BY position", [deck])]
        effects.set_deck(store, deck, cards)
        added = [c for c in cards if c not in before]
        removed = [c for c in before if c not in cards]
        summary = (f"{deck} deck set: {len(cards)} cards, top {cards[0]}" if cards else f"{deck} deck emptied")
        for word, cards_ in (("added", added), ("removed", removed)):
            if cards_:
                summary += f"; {word} {', '.join(map(str, cards_))}"
    return Done(summary, {"deck": deck, "cards": cards, "added": added, "removed": removed})
