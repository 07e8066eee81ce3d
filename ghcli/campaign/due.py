"""What is due now: the steps of the campaign loop the party has not taken yet (docs/between-sessions.md).

``due(store)`` lists them for ``status`` (and ``status --json``'s ``due``),
each a step, the character it is about (or None), what it says and the command
that takes it; the commands that would pass a step by say so (``travel``).

The steps, by the rules (docs/between-sessions.md, "Readings"):

- ``city-event``: the party came back to Gloomhaven (``return``) and has not
  drawn this visit's city event. The rule: on a visit to Gloomhaven the
  players may resolve at most one city event, and should whenever they can;
  so leaving town without it is allowed but asked (``travel`` confirms, or
  ``--yes``). Reading: the campaign's start and a new party's founding are
  no visit (the party has not come back from anywhere), so nothing is due
  there.
- ``resolve-event``: a city or road card was drawn and not resolved (the party
  cannot travel, or finish the scenario, until it is).
- ``road-event``: travel made a road event due and it is not drawn yet
  (``scenario finish`` refuses until it is resolved).
- ``level-up``: a character has the XP for its next level; it must level up on
  its next visit to Gloomhaven (the rule), and ``travel`` from town
  refuses until it has.
- ``perk``: a character has earned a perk it has not taken (levels,
  checkmarks, extra perks); taken in town with ``perk``.
- ``quest``: a character was dealt two personal quests and has kept neither
  (``character quest NAME N``); ``travel`` says so.
- ``retire``: a character's personal quest is fulfilled: it retires in town
  (``travel`` from town refuses until it has).
"""

from __future__ import annotations

from ghcli.campaign import catalog, lookup, tracks
from ghcli.campaign.kind import Store


def _q(name: str) -> str:
    import shlex  # (only when something is due: its import compiles a pattern, start-up of status)

    return shlex.quote(name)


def city_event_due(store: Store, party: dict | None = None) -> bool:
    """This town visit's city event is not drawn: the party came back to town (``return``),
    no city card waits to be resolved, and the deck is not empty."""
    if not catalog.edition().city_event_each_visit:
        return False
    party = party or lookup.current_party(store)
    if party["location"] != "town" or party["scenario"] is None:
        return False
    visit = store.one("SELECT * FROM visits WHERE party_id = ? AND open = 1 ORDER BY id DESC LIMIT 1", [party["id"]])
    if visit is None or visit["city_event"]:
        return False
    if store.value("SELECT 1 FROM pending_events WHERE deck = 'city'"):
        return False
    return bool(store.value("SELECT count(*) FROM event_decks WHERE deck = 'city'"))


def due(store: Store) -> list[dict]:
    """The steps due now, in the order the loop takes them: {step, character, text, command}."""
    party = lookup.current_party(store)
    out: list[dict] = []

    def add(step: str, text: str, command: str, character: str | None = None) -> None:
        out.append({"step": step, "character": character, "text": text, "command": command})

    for e in store.rows("SELECT deck, card FROM pending_events ORDER BY deck"):
        add("resolve-event", f"{e['deck']} event {e['card']} is drawn and not resolved yet",
            f"ghcli event resolve {e['deck']} --option A|B ... --return|--remove")
    if party["location"] == "road" and party["road_event_due"] and not any(e["step"] == "resolve-event" for e in out):
        add("road-event", f"a road event is due on the way to scenario {party['scenario']} and not drawn yet",
            "ghcli event draw road")
    if city_event_due(store, party):
        add("city-event", "this visit's city event is not drawn yet", "ghcli event draw city")
    for ch in lookup.party_characters(store, party["id"]):
        name = ch["name"]
        if ch["quest_fulfilled"]:
            add("retire", f"{name}'s personal quest is fulfilled: retire in town", f"ghcli retire {_q(name)}", name)
        if ch["quest"] is None and ch["quest_offer"]:
            import json

            offer = json.loads(ch["quest_offer"])
            add("quest", f"{name} has kept no personal quest ({' or '.join(map(str, offer))})",
                f"ghcli character quest {_q(name)} {'|'.join(map(str, offer))}", name)
        if ch["level"] < tracks.MAX_LEVEL and ch["xp"] >= catalog.xp_threshold(ch["level"] + 1):
            add("level-up", f"{name} has {ch['xp']} XP: level {ch['level'] + 1} is due",
                f"ghcli level-up {_q(name)} --card CARD --perk N", name)
        earned = tracks.perks_earned(ch["level"], ch["checkmarks"], ch["extra_perks"])
        taken = store.value("SELECT coalesce(sum(times), 0) FROM character_perks WHERE character_id = ?", [ch["id"]])
        if earned > taken:
            n = earned - taken
            add("perk", f"{name} has {n} perk{'s' if n > 1 else ''} to take", f"ghcli perk {_q(name)} N", name)
    return out


def before_leaving_town(store: Store) -> list[dict]:
    """The due steps that ``travel`` from town would pass by (it asks, or says so): this visit's
    city event, a personal quest not kept. (Level-ups, retirements and a drawn city card it refuses.)"""
    party = lookup.current_party(store)
    if party["location"] != "town":
        return []
    return [d for d in due(store) if d["step"] in ("city-event", "quest")]
