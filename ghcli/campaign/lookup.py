"""Lookups in the campaign (used by every campaign module): its row, the current party, a character, an item,
a class or a scenario by name, the key resolvers a command records, and the entry's random stream."""

from __future__ import annotations

from ghcli.campaign.kind import Store
from ghcli.errors import NotFound, Refused


def campaign_row(store: Store) -> dict:
    row = store.one("SELECT * FROM campaign WHERE id = 1")
    if row is None:
        raise Refused("the database holds no campaign: run `ghcli init`")
    return row


def current_party(store: Store) -> dict:
    """The party commands act on (campaign.current_party)."""
    row = store.one("SELECT p.* FROM parties p JOIN campaign c ON c.current_party = p.id")
    if row is None:
        raise Refused("the campaign has no party: create one with `ghcli party new NAME`")
    return row


def find_character(store: Store, name: str, *, include_retired: bool = False) -> dict:
    """A character by name (case-insensitive); unknown names suggest the closest."""
    row = store.one("SELECT * FROM characters WHERE name_key(name) = name_key(?)", [name])
    if row is not None and (include_retired or not row["retired"]):
        return row
    known = [r["name"] for r in store.rows(
        "SELECT name FROM characters" + ("" if include_retired else " WHERE retired = 0"))]
    if row is not None:
        raise Refused(f"{row['name']} has retired")
    raise NotFound("character", name, known)


def party_characters(store: Store, party_id: int) -> list[dict]:
    """Active (not retired) characters of a party, in creation order."""
    return store.rows("SELECT * FROM characters WHERE party_id = ? AND retired = 0 ORDER BY id", [party_id])


# -- keys: a name as typed resolved to what the command log records ----------
# (``ghcli.campaign.kind.command(keys=...)``); an unknown name stays as typed, so
# the command itself refuses it with its own message.


def resolved(find, typed):
    """``find()``, or what was typed when it finds nothing."""
    from ghcli.errors import GhcliError

    try:
        return find()
    except GhcliError:
        return typed


def character_key(store: Store, name: str) -> str:
    """A character's name as the campaign spells it ('hilda' -> 'Hilda')."""
    row = store.one("SELECT name FROM characters WHERE name_key(name) = name_key(?)", [str(name).strip()])
    return row["name"] if row else name


def item_key(store: Store, name: str) -> str:
    """An item's number, as text ('Boots of Striding' -> '1')."""
    from ghcli.campaign import catalog

    return resolved(lambda: str(catalog.find_item(name)["number"]), name)


def any_class_key(store: Store, name: str) -> str:
    """A class's key, locked or not ('Brute' -> 'brute'), for commands that unlock one."""
    from ghcli.campaign import catalog

    return resolved(lambda: catalog.find_class(name)["key"], name)


def class_key(store: Store, name: str) -> str:
    """An unlocked class's key ('Brute' -> 'brute'); a locked one stays as typed, so that
    the command's refusal never names a class the players have not unlocked."""
    from ghcli.campaign import catalog

    key = resolved(lambda: catalog.find_class(name)["key"], name)
    if store.value("SELECT 1 FROM unlocked_classes WHERE class = ?", [key]):
        return key
    return name


def scenario_number(store: Store, number) -> int:
    """A scenario's number ('1', 'Black Barrow' -> 1)."""
    from ghcli.campaign import catalog

    return resolved(lambda: catalog.find_scenario(number)["number"], number)


def rng(store: Store):
    """The random stream for this command's draws and shuffles.

    Inside an entry (``store`` is then the entry's ``ghcli.journal.context.Context``)
    it is the entry's recording stream: every outcome goes into the entry, and a
    replay feeds the recorded outcomes back. Seeded campaigns (``ghcli init
    --seed N``) draw from a stream seeded by the seed and the entry's number.
    Outside an entry (a conversion's work copy) it is plain system randomness.
    """
    from ghcli.journal.context import Context

    if isinstance(store, Context):
        return store.rng
    import random

    return random.Random()


def saw(store: Store, what: str, value):
    """Record an outcome the player sees that comes from the state (the event card on top of the deck):
    replayed, the entry must see the same (else it is refused, naming ``what``)."""
    from ghcli.journal.context import Context

    if isinstance(store, Context):
        return store.rng.saw(what, value)
    return value


# -- lookups that never name what the players have not unlocked ---------------

def known_items(store: Store) -> set[int]:
    """Items the players have seen: in the supply, designs found, or held by a character."""
    return {r["item"] for r in store.rows(
        "SELECT item FROM supply UNION SELECT item FROM item_designs UNION SELECT item FROM character_items")}


def unlocked_classes(store: Store) -> list[str]:
    return [r["class"] for r in store.rows("SELECT class FROM unlocked_classes ORDER BY rowid")]


def unlocked_scenarios(store: Store) -> list[int]:
    return [r["number"] for r in store.rows("SELECT number FROM scenarios WHERE unlocked = 1 ORDER BY number")]


# (the suggestions are read from the campaign only when the name is unknown: a command that finds its
# item reads nothing for them)

def find_item(store: Store, name: str) -> dict:
    """An item by number or name, suggesting only items the players have seen."""
    from ghcli.campaign import catalog

    try:
        return catalog.find_item(name, among=())
    except NotFound:
        return catalog.find_item(name, among=sorted(known_items(store)))


def find_class(store: Store, name: str) -> dict:
    """A class by name, suggesting only unlocked classes."""
    from ghcli.campaign import catalog

    try:
        return catalog.find_class(name, among=())
    except NotFound:
        return catalog.find_class(name, among=unlocked_classes(store))


def find_scenario(store: Store, name: str | int) -> dict:
    """A scenario by number or name, suggesting only unlocked scenarios."""
    from ghcli.campaign import catalog

    try:
        return catalog.find_scenario(name, among=())
    except NotFound:
        return catalog.find_scenario(name, among=unlocked_scenarios(store))
