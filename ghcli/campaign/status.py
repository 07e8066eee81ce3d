"""What the campaign is at: ``status`` (everything at a glance), ``campaign show``, and the prosperity track.

Readings (docs/campaign.md, "Commands"):

- Prosperity is kept on its track (0..64 checkmarks): a change that would pass
  an end is applied up to the end, and the result says so; one that starts at
  the end is refused. A new prosperity level's items are stocked at once and
  listed in the result.
"""

from __future__ import annotations

from ghcli import editions
from ghcli.campaign import catalog, effects, lookup, tracks
from ghcli.campaign.achievements import global_achievements, party_achievements
from ghcli.campaign.kind import Store, command
from ghcli.journal.store import Done
from ghcli.campaign.parties import party_info
from ghcli.errors import BadInput, Refused


def prosperity(store: Store) -> dict:
    """The prosperity track: checkmarks, level and checkmarks to the next level (None at 9)."""
    checks = lookup.campaign_row(store)["prosperity"]
    return {
        "checkmarks": checks,
        "level": catalog.prosperity_level(checks),
        "to_next_level": catalog.prosperity_to_next(checks),
    }


def edition_info() -> dict:
    """The campaign's edition: key, name, and the features it lacks (each with the sentence that says so)."""
    ed = catalog.edition()
    return {"key": ed.key, "name": ed.title, "lacks": {f: ed.lacks[f] for f in editions.FEATURES if f in ed.lacks}}


def pending_events(store: Store) -> list[dict]:
    """Event cards drawn and not resolved yet (at most one per deck)."""
    return store.rows("SELECT deck, card FROM pending_events ORDER BY deck")


def status(store: Store) -> dict:
    """Everything the table wants to see at a glance (the ``status --json`` document)."""
    from ghcli.campaign import characters, due, scenarios

    party = lookup.current_party(store)
    return {
        **_head(store),
        "party": party_info(store, party),
        "achievements": {
            "global": global_achievements(store),
            "party": party_achievements(store, party["id"]),
        },
        "characters": [characters.summary(store, c) for c in lookup.party_characters(store, party["id"])],
        "available_scenarios": [
            {"number": s["number"], "name": s["name"], "location": s["location"]}
            for s in scenarios.availability(store, party) if s["state"] == "available"
        ],
        "unlocked_classes": [r["class"] for r in store.rows("SELECT class FROM unlocked_classes ORDER BY rowid")],
        "pending_events": pending_events(store),
        "due": due.due(store),
        "journal": journal_counts(store),
    }


def _head(store: Store, camp: dict | None = None) -> dict:
    """What ``status`` and ``campaign show`` both open with: the campaign, its edition, its tracks."""
    camp = lookup.campaign_row(store) if camp is None else camp
    ed = catalog.edition()
    return {
        "campaign": {"name": camp["name"], "created": camp["created"], "seed": camp["seed"]},
        "edition": edition_info(),
        "prosperity": prosperity(store) if ed.has("prosperity") else None,
        "donations": camp["donations"] if ed.has("donations") else None,
    }


def journal_counts(store: Store) -> dict:
    """The journal at a glance, flat in its length (counted from indexes): its last entry's number and the
    entries not pushed yet (``local``), refused at a sync (``queued``: the retry queue) and ``held``."""
    from ghcli.journal import history

    return history.counts(store)


def campaign_show(store: Store) -> dict:
    """The campaign's own state (``campaign show``): tracks, global achievements, classes, envelopes
    opened, and each class's enhanced cards."""
    from ghcli.campaign import enhance

    camp = lookup.campaign_row(store)
    ed = catalog.edition()
    return {
        **_head(store, camp),
        "unlocked_classes": lookup.unlocked_classes(store),
        "achievements": global_achievements(store),
        "envelopes": effects.envelopes(store) if ed.has("achievements") or ed.has("donations") else {},
        "enhanced_cards": enhance.class_enhancements(store),
    }


# -- prosperity, achievements ----------------------------------------------


@command("campaign prosperity")
def change_prosperity(store: Store, delta: int) -> Done:
    """Add (or remove) prosperity checkmarks; a new level stocks its items. Returns the track."""
    catalog.edition().require("prosperity")
    if delta == 0:
        raise BadInput("give a non-zero number of checkmarks, e.g. +1 or -1")
    before = lookup.campaign_row(store)["prosperity"]
    if (delta < 0 and before == 0) or (delta > 0 and before >= tracks.MAX_PROSPERITY_CHECKMARKS):
        raise Refused(f"prosperity is already at the end of its track ({before} checkmarks)")
    done = effects.add_prosperity(store, delta)
    return Done(done, {**prosperity(store), "done": done})
