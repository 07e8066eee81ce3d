"""Where the party is: travelling to a scenario, and returning to town.

The party's place is ``parties.location``:

- ``town``: in Gloomhaven, with one open row in ``visits`` (a town visit);
- ``road``: it has travelled to ``parties.scenario`` and not yet played it;
- ``scenario``: it has played ``parties.scenario`` and stands at its location.

Readings (docs/between-sessions.md, "Readings"):

- ``travel N`` needs N available (``scenarios.is_available``):
  unlocked, its requirements met, not blocked and not completed. A
  completed scenario needs ``--replay``; a replay is played
  as casual play (scenario rewards are not given twice). ``--casual`` ignores
  requirements and the unlocked state (the rulebook's casual play).
- A road event is due unless the scenario is linked from where the party
  stands, or it is a replay or casual play. Links are read both ways (the
  shipped data lists each link on one side only); the scenario just played
  counts as linked to itself. Gloomhaven itself is linked to nothing, so
  travel from town always makes a road event due.
- Leaving town closes the visit. It is refused while a city event is drawn
  and unresolved, while a character whose personal quest is fulfilled has
  not retired (the rule: such a character must retire when in town), and
  while a character has the XP for its next level and has not levelled up
  (the rule: it must level up when it visits Gloomhaven).
- Travelling is refused while the party is on the road (finish the scenario
  first); returning is refused unless a scenario has been played.
"""

from __future__ import annotations

from ghcli.campaign import catalog, lookup, scenarios, tracks
from ghcli.campaign.kind import Store, command
from ghcli.journal.store import Done
from ghcli.errors import Refused


# -- reads shared by the other between-sessions modules -------------------

def open_visit(store: Store, party: dict) -> dict | None:
    return store.one("SELECT * FROM visits WHERE party_id = ? AND open = 1 ORDER BY id DESC LIMIT 1", [party["id"]])


def require_town(store: Store, what: str) -> tuple[dict, dict]:
    """The current party and its open town visit; Refused unless it is in town."""
    party = lookup.current_party(store)
    visit = open_visit(store, party)
    if party["location"] != "town" or visit is None:
        where = _where(party)
        raise Refused(f"{what} only in town; the party is {where} (`ghcli return` first)")
    return party, visit


def party_member(store: Store, party: dict, name: str) -> dict:
    """An active character of the current party, by name."""
    ch = lookup.find_character(store, name)
    if ch["party_id"] != party["id"]:
        raise Refused(f"{ch['name']} is not in the party {party['name']}")
    return ch


def _where(party: dict) -> str:
    if party["location"] == "road":
        return f"on the road to scenario {party['scenario']}"
    if party["location"] == "scenario":
        return f"at scenario {party['scenario']}"
    return "in town"


def linked(a: int, b: int) -> bool:
    """Two scenarios are linked (either lists the other, or they are the same)."""
    return a == b or b in catalog.scenario(a)["links"] or a in catalog.scenario(b)["links"]


def unavailable_reasons(store: Store, party: dict, number: int, *, replay: bool = False) -> list[str]:
    """Why scenario N cannot be travelled to in campaign play (empty: it is available).

    The check itself is ``scenarios.is_available``.
    """
    a = scenarios.is_available(store, party, number, replay=replay)
    if a:
        return []
    if a.state == "completed" and not replay:
        return [f"scenario {number} is completed (use --replay to play it again)",
                *[r for r in a.reasons if not r.startswith("completed")]]
    return list(a.reasons)


def must_level_up(characters: list[dict]) -> list[str]:
    """Names of the characters whose XP reaches their next level (they must level up in town)."""
    return [ch["name"] for ch in characters
            if ch["level"] < tracks.MAX_LEVEL and ch["xp"] >= catalog.xp_threshold(ch["level"] + 1)]


# -- commands --------------------------------------------------------------

def check_travel(store: Store, number: int | str, *, replay: bool = False, casual: bool = False) -> None:
    """Refuse a travel the rules do not allow (what ``travel`` checks first; a read: the CLI asks
    its questions only about a travel that can happen)."""
    _check_travel(store, lookup.current_party(store), lookup.find_scenario(store, number)["number"], replay, casual)


def _check_travel(store: Store, party: dict, number: int, replay: bool, casual: bool) -> None:
    if party["location"] == "road":
        raise Refused(
            f"the party is already on the road to scenario {party['scenario']}: "
            f"finish it first (`ghcli scenario finish {party['scenario']} --won|--lost`)")
    if not lookup.party_characters(store, party["id"]):
        raise Refused(f"{party['name']} has no characters to travel with: make one in town first "
                      "(`ghcli character new NAME --class CLASS`)")
    if party["location"] == "town":
        pending = store.value("SELECT card FROM pending_events WHERE deck = 'city'")
        if pending is not None:
            raise Refused(f"city event {pending} is drawn and not resolved: `ghcli event resolve city` first")
        for ch in lookup.party_characters(store, party["id"]):
            if ch["quest_fulfilled"]:
                raise Refused(f"{ch['name']} has fulfilled their personal quest and must retire in town "
                              f"(`ghcli retire {ch['name']}`)")
        due = must_level_up(lookup.party_characters(store, party["id"]))
        if due:
            import shlex  # (a refusal's words only)

            who = shlex.quote(due[0]) if len(due) == 1 else "NAME"
            raise Refused(f"{', '.join(due)} {'has' if len(due) == 1 else 'have'} the XP for the next level "
                          f"and must level up in town first (`ghcli level-up {who} --card CARD --perk N`)")
    completed = bool(store.value("SELECT completed FROM scenarios WHERE number = ?", [number]))
    if replay and not completed:
        raise Refused(f"scenario {number} is not completed: --replay is only for completed scenarios")
    if not casual:
        reasons = unavailable_reasons(store, party, number, replay=replay)
        if reasons:
            raise Refused(f"cannot travel to scenario {number}: {'; '.join(reasons)}")


@command("travel", keys={"number": lookup.scenario_number})
def travel(store: Store, number: int, *, replay: bool = False, casual: bool = False) -> Done:
    """Travel to scenario N; says whether a road event is due."""
    sc = lookup.find_scenario(store, number)
    number = sc["number"]
    with store.change("travel", f"travel to scenario {number}"):
        party = lookup.current_party(store)
        _check_travel(store, party, number, replay, casual)
        here = party["scenario"] if party["location"] == "scenario" else None
        is_linked = here is not None and linked(here, number)
        play_casual = casual or replay
        road_events = catalog.edition().has("road events")  # Jaws of the Lion: never one due
        due = road_events and not (play_casual or is_linked)
        if party["location"] == "town":
            store.db.execute("UPDATE visits SET open = 0 WHERE party_id = ? AND open = 1", [party["id"]])
        store.db.execute(
            "UPDATE parties SET location = 'road', scenario = ?, road_event_due = ?, casual = ? WHERE id = ?",
            [number, int(due), int(play_casual), party["id"]])
        why = ("casual play" if casual else "a replay" if replay
               else f"linked from scenario {here}" if is_linked
               else f"{catalog.edition().name} has none" if not road_events else None)
        summary = (f"travel to scenario {number} {sc['name']}"
                   + ("; road event due" if due else f"; no road event ({why})"))
    return Done(summary, {
        "scenario": number, "name": sc["name"], "from": "town" if party["location"] == "town" else f"scenario {here}",
        "road_event_due": due, "casual": play_casual, "replay": replay,
        "reason": why,
    })


@command("return")
def return_to_town(store: Store) -> Done:
    """Back to Gloomhaven: a new town visit opens."""
    with store.change("return", "return to town"):
        party = lookup.current_party(store)
        if party["location"] == "town":
            raise Refused("the party is already in town")
        if party["location"] == "road":
            raise Refused(f"the party is on the road to scenario {party['scenario']}: "
                          f"play it first (`ghcli scenario finish {party['scenario']} --won|--lost`)")
        store.db.execute("UPDATE visits SET open = 0 WHERE party_id = ? AND open = 1", [party["id"]])
        store.db.execute("INSERT INTO visits (party_id, open, city_event) VALUES (?, 1, 0)", [party["id"]])
        store.db.execute(
            "UPDATE parties SET location = 'town', road_event_due = 0, casual = 0 WHERE id = ?", [party["id"]])
        visit = open_visit(store, party)
        summary = f"return to town from scenario {party['scenario']} (visit {visit['id']})"
    return Done(summary, {"location": "town", "from_scenario": party["scenario"], "visit": visit["id"]})
