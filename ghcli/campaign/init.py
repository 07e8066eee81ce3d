"""A new campaign: ``init`` (the file) and ``create`` (its first entry, the starting state).

Readings (docs/campaign.md, "Commands"; the rulebook's campaign set-up):

- ``init`` is one ``change()`` with the history entry ``init``; ``undo``
  never reverts it (it says "nothing to undo": delete the file to start over).
- ``init`` unlocks the six starting classes and the Diviner (Forgotten
  Circles: usable at once, listed among the starting classes; docs/campaign.md,
  "Editions"), the Diviner like a starting class, with no events (its event 82
  joins the decks with scenario 96, as GHS and TD have it).
- The two starting decks are shuffled with ONE random stream, so a seeded
  campaign's city and road decks are not the same order.
"""

from __future__ import annotations

from pathlib import Path

from ghcli import editions
from ghcli.campaign import catalog, effects, lookup, names
from ghcli.campaign.kind import Store, command
from ghcli.journal.store import Done, MAX_SQLITE_INT
from ghcli.errors import BadInput, Refused

# The names `init` uses when the table gives none.
DEFAULT_CAMPAIGN_NAME = "Gloomhaven"
DEFAULT_PARTY_NAME = "Party"


# -- init ------------------------------------------------------------------


def _clean_name(text: str | None, what: str) -> str:
    return names.clean(text or "", f"{what} name")


def _check_seed(seed: int | None) -> None:
    if seed is not None and not -MAX_SQLITE_INT - 1 <= seed <= MAX_SQLITE_INT:
        raise BadInput(f"--seed {seed} is out of range ({-MAX_SQLITE_INT - 1} to {MAX_SQLITE_INT})")


def init(path: str | Path, *, name: str | None = None, party: str = DEFAULT_PARTY_NAME,
         seed: int | None = None, edition: str = editions.DEFAULT) -> dict:
    """Create a campaign database in the starting state; refuses an existing one.
    ``edition``: 'gh' (Gloomhaven with Forgotten Circles) or 'jotl' (Jaws of the Lion); the
    campaign's name defaults to the edition's."""
    ed = editions.get(edition)
    name = _clean_name(name or (DEFAULT_CAMPAIGN_NAME if ed.key == editions.DEFAULT else ed.name), "campaign")
    party = _clean_name(party, "party")
    _check_seed(seed)
    out: dict = {}

    def fill(store: Store) -> None:
        out.update(create(store, name=name, party=party, seed=seed, edition=ed.key))
        out["entry"] = store.last_entry

    # Built beside the target and moved into place whole (Store.create): never a half-made file.
    Store.create(path, fill=fill).close()
    return {"path": str(path), **out}


@command("init", creates=True)
def create(store: Store, name: str, party: str, seed: int | None = None, edition: str = editions.DEFAULT) -> Done:
    """The starting state in an empty database (the first entry of every campaign's log), in the
    edition's rules: its starting classes, shop, event decks and first scenario."""
    name = _clean_name(name, "campaign")
    party = _clean_name(party, "party")
    _check_seed(seed)
    if store.value("SELECT count(*) FROM campaign"):
        raise Refused("the campaign exists already: it is made once")
    ed = editions.activate(edition)
    facts = catalog.facts()
    db = store.db
    party_id = db.execute("INSERT INTO parties (name) VALUES (?)", [party]).lastrowid
    db.execute(
        "INSERT INTO campaign (id, name, prosperity, donations, current_party, seed, created, edition) "
        "VALUES (1, ?, 0, 0, ?, ?, ?, ?)",
        [name, party_id, seed, store.now(), ed.key],
    )
    db.execute("INSERT INTO visits (party_id, open) VALUES (?, 1)", [party_id])
    for key in facts["starting_classes"]:
        effects.unlock_class(store, key)
    for key in catalog.at_once_classes():  # the Diviner: unlocked like a starting class (no events)
        db.execute("INSERT OR IGNORE INTO unlocked_classes (class) VALUES (?)", [key])
    supply = catalog.shop_items_for_prosperity(1) if ed.shop == "prosperity" else []
    for number in supply:
        effects.add_to_supply(store, number)
    rng = lookup.rng(store)  # one stream for both decks
    decks = {}
    for deck in ("city", "road"):
        cards = list(facts.get(f"starting_{deck}_events") or [])
        if cards:
            rng.shuffle(cards)
        effects.set_deck(store, deck, cards)
        decks[deck] = len(cards)
    first = [s["number"] for s in catalog.scenarios() if s.get("initial")] or [1]
    for number in first:
        effects.unlock_scenario(store, number)
    kind = "" if ed.key == editions.DEFAULT else f" ({ed.name})"
    return Done(f"new campaign {name!r}, party {party!r}{kind}", {
        "name": name,
        "party": party,
        "seed": seed,
        "edition": ed.key,
        "edition_name": ed.title,
        "classes": catalog.starting_classes(),
        "supply": supply,
        "decks": decks,
        "scenarios": first,
    })
