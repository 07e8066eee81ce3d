"""Unlocking by hand: a class (``campaign unlock-class``) or a scenario (``campaign unlock-scenario``)."""

from __future__ import annotations

from ghcli.campaign import catalog, effects, lookup
from ghcli.campaign.kind import Store, command
from ghcli.journal.store import Done
from ghcli.errors import Refused


def _scenario_key(store: Store, number: str) -> str:
    return lookup.resolved(lambda: str(catalog.find_scenario(number)["number"]), number)


@command("campaign unlock-class", keys={"name": lookup.any_class_key})
def unlock_class(store: Store, name: str) -> Done:
    """Unlock a character class for the campaign (refused if already unlocked)."""
    catalog.edition().require("class unlocks")
    cls = catalog.find_class(name)
    lookup.campaign_row(store)
    done = effects.unlock_class(store, cls["key"])
    if not done:
        raise Refused(f"{cls['name']} is already unlocked")
    return Done(done, {"class": cls["key"], "name": cls["name"], "done": done})


@command("campaign unlock-scenario", keys={"number": _scenario_key})
def unlock_scenario(store: Store, number: str) -> Done:
    """Unlock a scenario by number or name (refused if already unlocked)."""
    scen = catalog.find_scenario(number)
    lookup.campaign_row(store)
    done = effects.unlock_scenario(store, scen["number"])
    if not done:
        raise Refused(f"scenario {scen['number']} is already unlocked")
    done = f"{done} ({scen['name']})"
    return Done(done, {"number": scen["number"], "name": scen["name"], "done": done})
