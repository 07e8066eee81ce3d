"""The campaign as a whole: init, status, prosperity, achievements, parties, history, undo.

Readings chosen where the issue is silent (issue 2; seeds 000 sections 7-8):

- ``init`` is one ``change()`` with the history entry ``init``; ``undo``
  never reverts it (it says "nothing to undo": delete the file to start over).
- ``init`` unlocks the six starting classes and the Diviner (Forgotten
  Circles: usable at once; seed 000 lists it among the starting classes;
  issue 26), the Diviner like a starting class, with no events (its event 82
  joins the decks with scenario 96, as GHS and TD have it).
- The two starting decks are shuffled with ONE random stream, so a seeded
  campaign's city and road decks are not the same order.
- Adding an achievement that is held already (and is not counted) is refused
  rather than recorded as a change that changes nothing; removing one that is
  not held is refused. Counted achievements count up to their maximum.
- A global achievement given to ``party achievement`` (or the reverse) is bad
  input naming the right command.
- ``party new NAME`` makes a party in town with an open visit and makes it the
  current party (the rulebook: a new party is made of new characters);
  ``party switch NAME`` changes the current party.
- Reputation and prosperity are kept on their tracks (-20..20, 0..64): a
  change that would pass an end is applied up to the end, and the result says
  so ("reputation +15 -> +20 (capped: +5 of +10)"); one that starts at the
  end is refused. What a change sets off (the Sunkeeper box at reputation
  +10, event cards at +20, a prosperity level's items, envelope A at the
  fifth Ancient Technology) is done at once and listed in the result.
"""

from __future__ import annotations

from pathlib import Path

from ghcli import editions
from ghcli.campaign import catalog, effects, names, state
from ghcli.campaign.db import MAX_SQLITE_INT, Store
from ghcli.campaign.log import Done, Later, command
from ghcli.campaign import tracks
from ghcli.errors import BadInput, NotFound, Refused

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
    rng = state.rng(store)  # one stream for both decks
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


# -- status ----------------------------------------------------------------


def _achievement_rows(rows: list[dict]) -> list[dict]:
    out = []
    for r in rows:
        try:
            name = catalog.achievement(r["key"])["name"]
        except NotFound:
            name = r["key"]
        out.append({"key": r["key"], "name": name, "count": r["count"]})
    return out


def global_achievements(store: Store) -> list[dict]:
    """The campaign's global achievements held (key, name, count), by key."""
    return _achievement_rows(store.rows("SELECT key, count FROM global_achievements ORDER BY key"))


def party_achievements(store: Store, party_id: int) -> list[dict]:
    """The party achievements one party holds (key, name, count), by key."""
    return _achievement_rows(
        store.rows("SELECT key, count FROM party_achievements WHERE party_id = ? ORDER BY key", [party_id]))


def list_global_achievements(store: Store) -> list[dict]:
    """``campaign achievement list``: refused in an edition without achievements."""
    catalog.edition().require("achievements")
    return global_achievements(store)


def list_party_achievements(store: Store) -> list[dict]:
    """``party achievement list`` (the current party's): refused in an edition without achievements."""
    catalog.edition().require("achievements")
    return party_achievements(store, state.current_party(store)["id"])


def prosperity(store: Store) -> dict:
    """The prosperity track: checkmarks, level and checkmarks to the next level (None at 9)."""
    checks = state.campaign_row(store)["prosperity"]
    return {
        "checkmarks": checks,
        "level": catalog.prosperity_level(checks),
        "to_next_level": catalog.prosperity_to_next(checks),
    }


def edition_info() -> dict:
    """The campaign's edition: key, name, and the features it lacks (each with the sentence that says so)."""
    ed = catalog.edition()
    return {"key": ed.key, "name": ed.title, "lacks": {f: ed.lacks[f] for f in editions.FEATURES if f in ed.lacks}}


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


def pending_events(store: Store) -> list[dict]:
    """Event cards drawn and not resolved yet (at most one per deck)."""
    return store.rows("SELECT deck, card FROM pending_events ORDER BY deck")


def status(store: Store) -> dict:
    """Everything the table wants to see at a glance (the ``status --json`` document)."""
    from ghcli.campaign import characters, due, scenarios

    camp = state.campaign_row(store)
    party = state.current_party(store)
    ed = catalog.edition()
    return {
        "campaign": {"name": camp["name"], "created": camp["created"], "seed": camp["seed"]},
        "edition": edition_info(),
        "prosperity": prosperity(store) if ed.has("prosperity") else None,
        "donations": camp["donations"] if ed.has("donations") else None,
        "party": party_info(store, party),
        "achievements": {
            "global": global_achievements(store),
            "party": party_achievements(store, party["id"]),
        },
        "characters": [characters.summary(store, c) for c in state.party_characters(store, party["id"])],
        "available_scenarios": [
            {"number": s["number"], "name": s["name"], "location": s["location"]}
            for s in scenarios.availability(store, party) if s["state"] == "available"
        ],
        "unlocked_classes": [r["class"] for r in store.rows("SELECT class FROM unlocked_classes ORDER BY rowid")],
        "pending_events": pending_events(store),
        "due": due.due(store),
        "journal": journal_counts(store),
    }


def journal_counts(store: Store) -> dict:
    """The journal at a glance, flat in its length (counted from indexes): its last entry's number and the
    entries not pushed yet (``local``), refused at a sync (``queued``: the retry queue) and ``held``."""
    from ghcli.journal import history

    return history.counts(store)


def campaign_show(store: Store) -> dict:
    """The campaign's own state (``campaign show``): tracks, global achievements, classes, envelopes
    opened, and each class's enhanced cards."""
    from ghcli.campaign import enhancing

    camp = state.campaign_row(store)
    ed = catalog.edition()
    return {
        "campaign": {"name": camp["name"], "created": camp["created"], "seed": camp["seed"]},
        "edition": edition_info(),
        "prosperity": prosperity(store) if ed.has("prosperity") else None,
        "donations": camp["donations"] if ed.has("donations") else None,
        "unlocked_classes": state.unlocked_classes(store),
        "achievements": global_achievements(store),
        "envelopes": effects.envelopes(store) if ed.has("achievements") or ed.has("donations") else {},
        "enhanced_cards": enhancing.class_enhancements(store),
    }


# -- prosperity, achievements ----------------------------------------------


@command("campaign prosperity")
def change_prosperity(store: Store, delta: int) -> Done:
    """Add (or remove) prosperity checkmarks; a new level stocks its items. Returns the track."""
    catalog.edition().require("prosperity")
    if delta == 0:
        raise BadInput("give a non-zero number of checkmarks, e.g. +1 or -1")
    before = state.campaign_row(store)["prosperity"]
    if (delta < 0 and before == 0) or (delta > 0 and before >= tracks.MAX_PROSPERITY_CHECKMARKS):
        raise Refused(f"prosperity is already at the end of its track ({before} checkmarks)")
    done = effects.add_prosperity(store, delta)
    return Done(done, {**prosperity(store), "done": done})


def _achievement_of_kind(key: str, kind: str) -> dict:
    catalog.edition().require("achievements")
    try:
        return catalog.find_achievement(key, kind)
    except NotFound:
        try:
            other = catalog.find_achievement(key)
        except NotFound:
            raise
        noun = "campaign" if other["kind"] == "global" else "party"
        raise BadInput(
            f"{other['name']} is a {other['kind']} achievement: use `ghcli {noun} achievement`") from None


def _check_add(ach: dict, held: dict | None) -> None:
    if held is None:
        return
    if ach.get("max_count"):
        if held["count"] >= ach["max_count"]:
            raise Refused(f"{ach['name']} is already at its maximum of {ach['max_count']}")
        return
    raise Refused(f"{ach['name']} is already held")


def _achievement_key(store: Store, key: str) -> str:
    return state.resolved(lambda: catalog.find_achievement(key)["key"], key)


def _scenario_key(store: Store, number: str) -> str:
    return state.resolved(lambda: str(catalog.find_scenario(number)["number"]), number)


@command("campaign achievement add", keys={"key": _achievement_key})
def add_global_achievement(store: Store, key: str) -> Done:
    """Give the campaign a global achievement (a typed one, e.g. City Rule, replaces its group's previous one);
    refused if held already, or if counted and at its maximum."""
    ach = _achievement_of_kind(key, "global")
    state.campaign_row(store)
    _check_add(ach, store.one("SELECT count FROM global_achievements WHERE key = ?", [ach["key"]]))
    done = effects.add_global_achievement(store, ach["key"])
    return Done(done, {"achievement": ach["key"], "name": ach["name"], "done": done,
                       "global": global_achievements(store)})


@command("campaign achievement remove", keys={"key": _achievement_key})
def remove_global_achievement(store: Store, key: str) -> Done:
    """Take a global achievement (one count of a counted one) from the campaign; refused if not held."""
    ach = _achievement_of_kind(key, "global")
    state.campaign_row(store)
    done = effects.remove_global_achievement(store, ach["key"])
    return Done(done, {"achievement": ach["key"], "name": ach["name"], "done": done,
                       "global": global_achievements(store)})


@command("party achievement add", keys={"key": _achievement_key})
def add_party_achievement(store: Store, key: str) -> Done:
    """Give the current party a party achievement (refused if held, or counted at its maximum)."""
    ach = _achievement_of_kind(key, "party")
    party = state.current_party(store)
    _check_add(ach, store.one("SELECT count FROM party_achievements WHERE party_id = ? AND key = ?",
                              [party["id"], ach["key"]]))
    done = f"{party['name']}: " + effects.add_party_achievement(store, party["id"], ach["key"])
    return Done(done, {"achievement": ach["key"], "name": ach["name"], "party": party["name"], "done": done,
                       "achievements": party_achievements(store, party["id"])})


@command("party achievement remove", keys={"key": _achievement_key})
def remove_party_achievement(store: Store, key: str) -> Done:
    """Take a party achievement (one count of a counted one) from the current party; refused if not held."""
    ach = _achievement_of_kind(key, "party")
    party = state.current_party(store)
    done = f"{party['name']}: " + effects.remove_party_achievement(store, party["id"], ach["key"])
    return Done(done, {"achievement": ach["key"], "name": ach["name"], "party": party["name"], "done": done,
                       "achievements": party_achievements(store, party["id"])})


@command("party reputation")
def change_reputation(store: Store, delta: int) -> Done:
    """Move the current party's reputation (stopping at -20/+20); returns the party at a glance."""
    catalog.edition().require("reputation")
    if delta == 0:
        raise BadInput("give a non-zero change, e.g. +1 or -1")
    party = state.current_party(store)
    if ((delta < 0 and party["reputation"] <= tracks.REPUTATION_MIN)
            or (delta > 0 and party["reputation"] >= tracks.REPUTATION_MAX)):
        raise Refused(f"reputation is already at the end of its track ({party['reputation']:+d})")
    done = effects.change_reputation(store, party["id"], delta)
    return Done(f"{party['name']}: " + done,
                Later(lambda: {**party_info(store, state.current_party(store)), "done": done.split("; ")}))


@command("campaign unlock-class", keys={"name": state.any_class_key})
def unlock_class(store: Store, name: str) -> Done:
    """Unlock a character class for the campaign (refused if already unlocked)."""
    catalog.edition().require("class unlocks")
    cls = catalog.find_class(name)
    state.campaign_row(store)
    done = effects.unlock_class(store, cls["key"])
    if not done:
        raise Refused(f"{cls['name']} is already unlocked")
    return Done(done, {"class": cls["key"], "name": cls["name"], "done": done})


@command("campaign unlock-scenario", keys={"number": _scenario_key})
def unlock_scenario(store: Store, number: str) -> Done:
    """Unlock a scenario by number or name (refused if already unlocked)."""
    scen = catalog.find_scenario(number)
    state.campaign_row(store)
    done = effects.unlock_scenario(store, scen["number"])
    if not done:
        raise Refused(f"scenario {scen['number']} is already unlocked")
    done = f"{done} ({scen['name']})"
    return Done(done, {"number": scen["number"], "name": scen["name"], "done": done})


# -- parties ---------------------------------------------------------------


def find_party(store: Store, name: str) -> dict:
    """The party row with this name (any case); NotFound listing the parties otherwise."""
    row = store.one("SELECT * FROM parties WHERE name_key(name) = name_key(?)", [name])
    if row is None:
        raise NotFound("party", name, [r["name"] for r in store.rows("SELECT name FROM parties")])
    return row


def list_parties(store: Store) -> list[dict]:
    """Every party at a glance, with ``current`` and its characters' names, oldest first."""
    current = state.campaign_row(store)["current_party"]
    out = []
    for p in store.rows("SELECT * FROM parties ORDER BY id"):
        info = party_info(store, p)
        info["current"] = p["id"] == current
        info["characters"] = [c["name"] for c in state.party_characters(store, p["id"])]
        out.append(info)
    return out


@command("party new")
def new_party(store: Store, name: str) -> Done:
    """Start a new party in town with an open visit and make it current; returns it at a glance."""
    name = _clean_name(name, "party")
    db = store.db
    state.campaign_row(store)
    if store.one("SELECT 1 FROM parties WHERE name_key(name) = name_key(?)", [name]):
        raise Refused(f"a party named {name!r} already exists")
    party_id = db.execute("INSERT INTO parties (name) VALUES (?)", [name]).lastrowid
    db.execute("INSERT INTO visits (party_id, open) VALUES (?, 1)", [party_id])
    db.execute("UPDATE campaign SET current_party = ? WHERE id = 1", [party_id])
    return Done(f"new party {name!r}", party_info(store, state.current_party(store)))


@command("party switch")
def switch_party(store: Store, name: str) -> Done:
    """Make another party the current one; returns it at a glance."""
    party = find_party(store, name)
    if party["id"] == state.campaign_row(store)["current_party"]:
        raise Refused(f"{party['name']} is already the current party")
    store.db.execute("UPDATE campaign SET current_party = ? WHERE id = 1", [party["id"]])
    return Done(f"current party {party['name']!r}", party_info(store, party))


# -- history, undo, redo ---------------------------------------------------
# (the journal's: ``ghcli.journal.run``; these read and name entries for the CLI)


def history(store: Store, limit: int | None = None) -> list[dict]:
    """Every entry of the journal, newest first, one row each (undone, queued and held ones marked)."""
    state.campaign_row(store)
    return store.history(limit)


def synced(store: Store) -> bool:
    return bool(store.sync_setting("remote"))


def undo(store: Store, ref: str | None = None) -> dict:
    """Add an ``undo`` entry reverting one earlier entry: ``ref`` (a number or an id), by default this
    player's own last entry in effect. Returns the entry undone (never the one that made the campaign)."""
    from ghcli.journal import history as journal_history, run

    state.campaign_row(store)
    target = journal_history.find(store, ref) if ref is not None else run.default_undo(store)
    store.kind.commands.undo(store, target["id"])
    return target


def redo(store: Store, ref: str | None = None) -> dict:
    """Add a ``redo`` entry reverting an undo: ``ref``, by default this player's last undo in effect.
    Returns the entry that is in effect again."""
    from ghcli.journal import history as journal_history, run

    state.campaign_row(store)
    target = journal_history.find(store, ref) if ref is not None else run.default_redo(store)
    store.kind.commands.redo(store, target["id"])
    inner = run._target_of(store, target)
    return inner or target


def undo_plan(store: Store, ref: str) -> list[dict]:
    """The entries ``undo --to REF`` reverts, newest first (REF itself stays)."""
    from ghcli.journal import run

    state.campaign_row(store)
    return run.undo_plan(store, ref)


def undo_to(store: Store, ref: str) -> list[dict]:
    """Undo every change in effect after entry REF, newest first (one undo entry each), as one transaction."""
    plan = undo_plan(store, ref)
    if not plan:
        raise Refused(f"nothing to undo after entry {ref}")
    with store.batch():
        for row in plan:
            store.kind.commands.undo(store, row["id"])
    return plan
