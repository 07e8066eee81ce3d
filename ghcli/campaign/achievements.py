"""Achievements: the campaign's global ones and each party's (``campaign achievement``, ``party achievement``).

Readings (docs/campaign.md, "Commands"; the rulebook's achievements):

- Adding an achievement that is held already (and is not counted) is refused
  rather than recorded as a change that changes nothing; removing one that is
  not held is refused. Counted achievements count up to their maximum.
- A typed global achievement (City Rule, ...) replaces its group's previous one.
- A global achievement given to ``party achievement`` (or the reverse) is bad
  input naming the right command.
- What an achievement sets off (envelope A at the fifth Ancient Technology)
  is done at once and listed in the result.
"""

from __future__ import annotations

from ghcli.campaign import catalog, effects, lookup
from ghcli.campaign.kind import Store, command
from ghcli.journal.store import Done
from ghcli.errors import BadInput, NotFound, Refused


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
    return party_achievements(store, lookup.current_party(store)["id"])


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
    return lookup.resolved(lambda: catalog.find_achievement(key)["key"], key)


@command("campaign achievement add", keys={"key": _achievement_key})
def add_global_achievement(store: Store, key: str) -> Done:
    """Give the campaign a global achievement (a typed one, e.g. City Rule, replaces its group's previous one);
    refused if held already, or if counted and at its maximum."""
    ach = _achievement_of_kind(key, "global")
    lookup.campaign_row(store)
    _check_add(ach, store.one("SELECT count FROM global_achievements WHERE key = ?", [ach["key"]]))
    done = effects.add_global_achievement(store, ach["key"])
    return Done(done, {"achievement": ach["key"], "name": ach["name"], "done": done,
                       "global": global_achievements(store)})


@command("campaign achievement remove", keys={"key": _achievement_key})
def remove_global_achievement(store: Store, key: str) -> Done:
    """Take a global achievement (one count of a counted one) from the campaign; refused if not held."""
    ach = _achievement_of_kind(key, "global")
    lookup.campaign_row(store)
    done = effects.remove_global_achievement(store, ach["key"])
    return Done(done, {"achievement": ach["key"], "name": ach["name"], "done": done,
                       "global": global_achievements(store)})


@command("party achievement add", keys={"key": _achievement_key})
def add_party_achievement(store: Store, key: str) -> Done:
    """Give the current party a party achievement (refused if held, or counted at its maximum)."""
    ach = _achievement_of_kind(key, "party")
    party = lookup.current_party(store)
    _check_add(ach, store.one("SELECT count FROM party_achievements WHERE party_id = ? AND key = ?",
                              [party["id"], ach["key"]]))
    done = f"{party['name']}: " + effects.add_party_achievement(store, party["id"], ach["key"])
    return Done(done, {"achievement": ach["key"], "name": ach["name"], "party": party["name"], "done": done,
                       "achievements": party_achievements(store, party["id"])})


@command("party achievement remove", keys={"key": _achievement_key})
def remove_party_achievement(store: Store, key: str) -> Done:
    """Take a party achievement (one count of a counted one) from the current party; refused if not held."""
    ach = _achievement_of_kind(key, "party")
    party = lookup.current_party(store)
    done = f"{party['name']}: " + effects.remove_party_achievement(store, party["id"], ach["key"])
    return Done(done, {"achievement": ach["key"], "name": ach["name"], "party": party["name"], "done": done,
                       "achievements": party_achievements(store, party["id"])})
