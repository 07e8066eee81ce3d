"""City and road events: draw the top card, then record what it gave.

ghcli never holds event text: ``draw`` names the card on top of the deck
(players read their physical card), ``resolve`` records the outcome the card
gives and puts the card on the bottom of its deck (``--return``) or out of the
game (``--remove``). Decks keep their order; only adding cards shuffles them
(``effects.add_events``).

Readings:

- A drawn card leaves the deck at once and waits in ``pending_events`` until
  it is resolved; while it waits the party cannot travel (city) or finish the
  scenario (road), and no second card of that deck can be drawn.
- City: one per town visit (``visits.city_event``), only in town. Road: only
  when ``travel`` made one due, before the scenario is played.
- Gold: ``gold_each`` is paid to or by every character of the party; money the
  card gives or takes collectively is split by the players and recorded per
  character (``gold``). When every character must pay and one cannot, it pays
  what it has (the rulebook's events: pay as much as possible); a named character who
  cannot pay the amount named is refused. XP and checkmarks never drop below 0;
  checkmarks stop at 18 (a character sheet's boxes).
- Items a card gives go to the named character (not taken from the shop
  supply); one it already owns is sold to the town at once for half its cost
  (the rule for a duplicate item). Item designs go into the supply. Achievements are global or party
  according to the achievement. Reputation through ``effects.change_reputation``,
  prosperity through ``effects.add_prosperity``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ghcli.campaign import catalog, effects, lookup
from ghcli.campaign.amounts import amount, amounts
from ghcli.campaign.kind import Store, command
from ghcli.campaign.road import open_visit, party_member
from ghcli.journal.store import Done
from ghcli.campaign.tracks import MAX_CHECKMARKS
from ghcli.errors import BadInput, Refused

DECKS = ("city", "road")


@dataclass
class Outcome:
    """What an event card gave (all optional)."""

    gold_each: int = 0
    gold: dict[str, int] = field(default_factory=dict)
    xp_each: int = 0
    xp: dict[str, int] = field(default_factory=dict)
    checkmarks_each: int = 0
    checkmarks: dict[str, int] = field(default_factory=dict)
    reputation: int = 0
    prosperity: int = 0
    items: list[tuple[str, str]] = field(default_factory=list)
    item_designs: list[str] = field(default_factory=list)
    achievements: list[str] = field(default_factory=list)
    lose_achievements: list[str] = field(default_factory=list)
    unlock_scenarios: list[int] = field(default_factory=list)
    add_events: list[tuple[str, int]] = field(default_factory=list)


def _deck(deck: str) -> str:
    """A deck's name, checked: city or road (bad input otherwise); a deck the campaign's edition does not
    have (Jaws of the Lion's road events) is refused with the edition's sentence."""
    d = deck.strip().lower()
    if d not in DECKS:
        raise BadInput(f"unknown event deck {deck!r}; choose city or road")
    catalog.edition().require(f"{d} events")
    return d


def event_card(deck: str, card: int) -> int:
    """A city or road event card's number, checked against the edition's decks (``catalog.event_cards``:
    Gloomhaven's city 1-90, road 1-69 and 82-83, Forgotten Circles' cards included)."""
    deck = _deck(deck)
    if card not in catalog.event_cards(deck):
        ed = catalog.edition()
        raise BadInput(f"there is no {deck} event {card}: {ed.name + ' ' if ed.key != 'gh' else ''}"
                       f"{catalog.event_numbering(deck)}")
    return card


def check_outcome(out: Outcome) -> None:
    """Bad input in an outcome (a huge amount, an event card that does not exist), before anything is written."""
    for label, n in (("--gold-each", out.gold_each), ("--xp-each", out.xp_each),
                     ("--checkmarks-each", out.checkmarks_each), ("--reputation", out.reputation),
                     ("--prosperity", out.prosperity)):
        amount(label, n)
    for label, mapping in (("--gold", out.gold), ("--xp", out.xp), ("--checkmarks", out.checkmarks)):
        amounts(label, mapping)
    for deck, card in out.add_events:
        event_card(deck, card)
    ed = catalog.edition()  # what the card gives must be something the edition has
    if out.reputation:
        ed.require("reputation")
    if out.prosperity:
        ed.require("prosperity")
    if out.achievements or out.lose_achievements:
        ed.require("achievements")


def deck_cards(store: Store, deck: str) -> list[int]:
    return [r["card"] for r in store.rows("SELECT card FROM event_decks WHERE deck = ? ORDER BY position", [deck])]


def pending(store: Store, deck: str) -> int | None:
    return store.value("SELECT card FROM pending_events WHERE deck = ?", [deck])


@command("event draw")
def draw(store: Store, deck: str) -> dict:
    """Take the top card of the city or road deck; it waits to be resolved."""
    deck = _deck(deck)
    party = lookup.current_party(store)
    waiting = pending(store, deck)
    if waiting is not None:
        raise Refused(f"{deck} event {waiting} is drawn and not resolved yet (`ghcli event resolve {deck}`)")
    if deck == "city":
        visit = open_visit(store, party)
        if party["location"] != "town" or visit is None:
            raise Refused("city events are drawn only in town")
        if visit["city_event"]:
            raise Refused("a city event was already drawn on this town visit (one per visit)")
        store.db.execute("UPDATE visits SET city_event = 1 WHERE id = ?", [visit["id"]])
    else:
        if party["location"] != "road" or not party["road_event_due"]:
            if party["location"] == "road":
                raise Refused(f"no road event is due on the way to scenario {party['scenario']}")
            raise Refused("no road event is due: road events come with `ghcli travel` to an unlinked scenario")
    cards = deck_cards(store, deck)
    if not cards:
        if not catalog.facts().get(f"starting_{deck}_events"):  # a deck a scenario brings (Jaws of the Lion's)
            opened_by = [s["number"] for s in catalog.scenarios()
                         if any(e["deck"] == deck for e in s["rewards"].get("events") or [])]
            done = {r["number"] for r in store.rows("SELECT number FROM scenarios WHERE completed = 1")}
            if opened_by and not done & set(opened_by):
                raise Refused(f"the {deck} event deck is not in play yet: scenario {opened_by[0]}'s conclusion adds it")
        raise Refused(f"the {deck} event deck is empty")
    top, rest = lookup.saw(store, f"top card of the {deck} deck", cards[0]), cards[1:]
    effects.set_deck(store, deck, rest)
    store.db.execute("INSERT INTO pending_events (deck, card) VALUES (?, ?)", [deck, top])
    summary = f"drew {deck} event {top}"
    return Done(summary, {"deck": deck, "card": top, "left": len(rest)})


@command("event resolve")
def resolve(store: Store, deck: str, option: str, outcome: Outcome, *, remove: bool) -> dict:
    """Record the outcome of the drawn card, then return it to the bottom or remove it."""
    deck = _deck(deck)
    opt = option.strip().upper()
    if opt not in ("A", "B"):
        raise BadInput(f"option must be A or B, not {option!r}")
    check_outcome(outcome)
    done: list[str] = []
    party = lookup.current_party(store)
    card = pending(store, deck)
    if card is None:
        raise Refused(f"no {deck} event is drawn (`ghcli event draw {deck}` first)")
    members = lookup.party_characters(store, party["id"])
    done += _apply_outcome(store, party, members, outcome)
    store.db.execute("DELETE FROM pending_events WHERE deck = ?", [deck])
    if remove:
        done.append(f"card {card} removed from the game")
    else:
        cards = deck_cards(store, deck)
        effects.set_deck(store, deck, cards + [card])
        done.append(f"card {card} returned to the bottom")
    if deck == "road":
        store.db.execute("UPDATE parties SET road_event_due = 0 WHERE id = ?", [party["id"]])
    summary = f"{deck} event {card} option {opt}: " + "; ".join(done)
    return Done(summary, {"deck": deck, "card": card, "option": opt, "removed": remove, "done": done})


def _kept(n: int, top: int | None) -> int:
    """A count kept at 0 or more (and at most ``top``: a sheet's 18 checkmarks)."""
    return max(0, n if top is None else min(top, n))


def sell_duplicate(store: Store, ch: dict, it: dict) -> str:
    """A character gains an item it already owns: the new copy is sold to the town at once for half its
    cost (the rule for a duplicate item: docs/between-sessions.md); the copy goes to the shop's supply."""
    from ghcli.campaign.town import return_to_supply

    gain = it["cost"] // 2
    store.db.execute("UPDATE characters SET gold = gold + ? WHERE id = ?", [gain, ch["id"]])
    return_to_supply(store, it["number"])
    return f"{ch['name']} already owns item {it['number']} {it['name']}: the new copy is sold for {gain} gold"


def _apply_outcome(store: Store, party: dict, members: list[dict], out: Outcome) -> list[str]:
    done: list[str] = []
    by_id = {m["id"]: dict(m) for m in members}

    def named(mapping: dict[str, int]) -> list[tuple[dict, int]]:
        pairs = []
        for name, n in mapping.items():
            ch = party_member(store, party, name)
            pairs.append((by_id[ch["id"]], n))
        return pairs

    # Gold
    if out.gold_each:
        short = []
        for m in by_id.values():
            if m["gold"] + out.gold_each < 0:
                short.append(f"{m['name']} paid {m['gold']}, all they had" if m["gold"] else f"{m['name']} had none")
            m["gold"] = max(0, m["gold"] + out.gold_each)
        done.append(f"{out.gold_each:+d} gold each" + (f" ({'; '.join(short)})" if short else ""))
    for m, n in named(out.gold):
        if m["gold"] + n < 0:
            raise Refused(f"{m['name']} has {m['gold']} gold and cannot pay {-n}")
        m["gold"] += n
        done.append(f"{m['name']} {n:+d} gold")
    # XP and checkmarks
    for col, each, mapping in (("xp", out.xp_each, out.xp), ("checkmarks", out.checkmarks_each, out.checkmarks)):
        top = MAX_CHECKMARKS if col == "checkmarks" else None
        if each:
            for m in by_id.values():
                m[col] = _kept(m[col] + each, top)
            done.append(f"{each:+d} {'XP' if col == 'xp' else col} each")
        for m, n in named(mapping):
            m[col] = _kept(m[col] + n, top)
            done.append(f"{m['name']} {n:+d} {'XP' if col == 'xp' else col}")
    for m in by_id.values():
        store.db.execute("UPDATE characters SET gold = ?, xp = ?, checkmarks = ? WHERE id = ?",
                         [m["gold"], m["xp"], m["checkmarks"], m["id"]])
    # Items
    for name, item_name in out.items:
        ch = party_member(store, party, name)
        it = catalog.find_item(item_name)
        if store.value("SELECT 1 FROM character_items WHERE character_id = ? AND item = ?", [ch["id"], it["number"]]):
            done.append(sell_duplicate(store, ch, it))
            continue
        store.db.execute("INSERT INTO character_items (character_id, item) VALUES (?, ?)", [ch["id"], it["number"]])
        done.append(f"{ch['name']} gains item {it['number']} {it['name']}")
    for item_name in out.item_designs:
        done.append(effects.add_item_design(store, catalog.find_item(item_name)["number"]))
    # Party and campaign
    if out.reputation:
        done.append(effects.change_reputation(store, party["id"], out.reputation))
    if out.prosperity:
        done.append(effects.add_prosperity(store, out.prosperity))
    for key in out.achievements:
        ach = catalog.find_achievement(key)
        done.append(effects.add_global_achievement(store, ach["key"]) if ach["kind"] == "global"
                    else effects.add_party_achievement(store, party["id"], ach["key"]))
    for key in out.lose_achievements:
        ach = catalog.find_achievement(key)
        done.append(effects.remove_global_achievement(store, ach["key"]) if ach["kind"] == "global"
                    else effects.remove_party_achievement(store, party["id"], ach["key"]))
    for number in out.unlock_scenarios:
        sc = catalog.find_scenario(number)
        done.append(effects.unlock_scenario(store, sc["number"]) or f"scenario {sc['number']} already unlocked")
    for deck, card in out.add_events:
        done.append(effects.add_events(store, _deck(deck), [card]) or f"{deck} event {card} already in the deck")
    return [d for d in done if d]
