"""History, undo and redo, as the CLI asks for them (the journal's own: ``ghcli.journal.run``;
these read and name entries for the CLI). See docs/campaign.md, "The journal: history, undo, redo"."""

from __future__ import annotations

from ghcli.campaign import lookup
from ghcli.campaign.kind import Store
from ghcli.errors import Refused


def history(store: Store, limit: int | None = None) -> list[dict]:
    """Every entry of the journal, newest first, one row each (undone, queued and held ones marked)."""
    lookup.campaign_row(store)
    return store.history(limit)


def undo(store: Store, ref: str | None = None) -> dict:
    """Add an ``undo`` entry reverting one earlier entry: ``ref`` (a number or an id), by default this
    player's own last entry in effect. Returns the entry undone (never the one that made the campaign)."""
    from ghcli.journal import history as journal_history, run

    lookup.campaign_row(store)
    target = journal_history.find(store, ref) if ref is not None else run.default_undo(store)
    store.kind.commands.undo(store, target["id"])
    return target


def redo(store: Store, ref: str | None = None) -> dict:
    """Add a ``redo`` entry reverting an undo: ``ref``, by default this player's last undo in effect.
    Returns the entry that is in effect again."""
    from ghcli.journal import history as journal_history, run

    lookup.campaign_row(store)
    target = journal_history.find(store, ref) if ref is not None else run.default_redo(store)
    store.kind.commands.redo(store, target["id"])
    inner = run._target_of(store, target)
    return inner or target


def undo_plan(store: Store, ref: str) -> list[dict]:
    """The entries ``undo --to REF`` reverts, newest first (REF itself stays)."""
    from ghcli.journal import run

    lookup.campaign_row(store)
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
