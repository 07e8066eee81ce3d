"""Parties: one at a glance, the list, ``party new``, ``party switch`` and ``party reputation``.

Readings (docs/campaign.md, "Commands"; the rulebook's parties and reputation):

- ``party new NAME`` makes a party in town with an open visit and makes it the
  current party (the rulebook: a new party is made of new characters);
  ``party switch NAME`` changes the current party.
- Reputation is kept on its track (-20..20): a change that would pass an end
  is applied up to the end, and the result says so ("reputation +15 -> +20
  (capped: +5 of +10)"); one that starts at the end is refused. What a change
  sets off (the Sunkeeper box at reputation +10, event cards at +20) is done
  at once and listed in the result.
"""

from __future__ import annotations

from ghcli.campaign import catalog, effects, lookup, names, tracks
from ghcli.campaign.kind import Store, command
from ghcli.journal.store import Done, Later
from ghcli.errors import BadInput, NotFound, Refused


def party_info(store: Store, party: dict) -> dict:
    """A party at a glance; ``where`` says it in words: "in town", "on the road to
    scenario 1 Black Barrow" (``road_event_due``: its road event not drawn yet),
    "at scenario 1 Black Barrow" (played, not yet back in town)."""
    number = party["scenario"] if party["location"] != "town" else None
    name = None
    if number is not None:
        try:
            name = catalog.scenario(number)["name"]
        except NotFound:
            pass
    label = f"scenario {number}" + (f" {name}" if name else "")
    where = {"town": "in town", "road": f"on the road to {label}", "scenario": f"at {label}"}[party["location"]]
    reputation = catalog.edition().has("reputation")  # Jaws of the Lion has none: null
    return {
        "id": party["id"],
        "name": party["name"],
        "reputation": party["reputation"] if reputation else None,
        "price_modifier": catalog.price_modifier(party["reputation"]) if reputation else None,
        "location": party["location"],
        "scenario": party["scenario"],
        "scenario_name": name,
        "where": where,
        "road_event_due": bool(party["road_event_due"]),
        "casual": bool(party["casual"]) and party["location"] != "town",
    }


@command("party reputation")
def change_reputation(store: Store, delta: int) -> Done:
    """Move the current party's reputation (stopping at -20/+20); returns the party at a glance."""
    catalog.edition().require("reputation")
    if delta == 0:
        raise BadInput("give a non-zero change, e.g. +1 or -1")
    party = lookup.current_party(store)
    if ((delta < 0 and party["reputation"] <= tracks.REPUTATION_MIN)
            or (delta > 0 and party["reputation"] >= tracks.REPUTATION_MAX)):
        raise Refused(f"reputation is already at the end of its track ({party['reputation']:+d})")
    done = effects.change_reputation(store, party["id"], delta)
    return Done(f"{party['name']}: " + done,
                Later(lambda: {**party_info(store, lookup.current_party(store)), "done": done.split("; ")}))


def find_party(store: Store, name: str) -> dict:
    """The party row with this name (any case); NotFound listing the parties otherwise."""
    row = store.one("SELECT * FROM parties WHERE name_key(name) = name_key(?)", [name])
    if row is None:
        raise NotFound("party", name, [r["name"] for r in store.rows("SELECT name FROM parties")])
    return row


def list_parties(store: Store) -> list[dict]:
    """Every party at a glance, with ``current`` and its characters' names, oldest first."""
    current = lookup.campaign_row(store)["current_party"]
    out = []
    for p in store.rows("SELECT * FROM parties ORDER BY id"):
        info = party_info(store, p)
        info["current"] = p["id"] == current
        info["characters"] = [c["name"] for c in lookup.party_characters(store, p["id"])]
        out.append(info)
    return out


@command("party new")
def new_party(store: Store, name: str) -> Done:
    """Start a new party in town with an open visit and make it current; returns it at a glance."""
    name = names.clean(name or "", "party name")
    db = store.db
    lookup.campaign_row(store)
    if store.one("SELECT 1 FROM parties WHERE name_key(name) = name_key(?)", [name]):
        raise Refused(f"a party named {name!r} already exists")
    party_id = db.execute("INSERT INTO parties (name) VALUES (?)", [name]).lastrowid
    db.execute("INSERT INTO visits (party_id, open) VALUES (?, 1)", [party_id])
    db.execute("UPDATE campaign SET current_party = ? WHERE id = 1", [party_id])
    return Done(f"new party {name!r}", party_info(store, lookup.current_party(store)))


@command("party switch")
def switch_party(store: Store, name: str) -> Done:
    """Make another party the current one; returns it at a glance."""
    party = find_party(store, name)
    if party["id"] == lookup.campaign_row(store)["current_party"]:
        raise Refused(f"{party['name']} is already the current party")
    store.db.execute("UPDATE campaign SET current_party = ? WHERE id = 1", [party["id"]])
    return Done(f"current party {party['name']!r}", party_info(store, party))
