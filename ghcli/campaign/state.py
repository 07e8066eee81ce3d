"""Small shared reads of the campaign state (used by every campaign module)."""

from __future__ import annotations

from ghcli.campaign.db import Store
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


def rng(store: Store):
    """The random.Random for this command's draws and shuffles (one stream per open store).

    Seeded from the campaign's seed (``ghcli init --seed N``) and the number of
    history entries when first asked for, so a seeded campaign replays
    exactly; unseeded campaigns use fresh system randomness. Every draw in one
    command comes from the same stream, so two shuffles differ.
    """
    import random

    cached = getattr(store, "_rng", None)
    if cached is not None:
        return cached
    seed = store.value("SELECT seed FROM campaign WHERE id = 1")
    if seed is None:
        stream = random.Random()
    else:
        count = store.value("SELECT count(*) FROM history") or 0
        stream = random.Random(f"{seed}:{count}")
    store._rng = stream
    return stream
