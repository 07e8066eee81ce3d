"""An Arkham Horror: The Card Game campaign, kept in its own database file.

The domain over the "arkham" migration set (the journal kind: :mod:`ghcli.arkham.kind`),
with the same conventions as the Gloomhaven campaign: every changing command
is one change (one transaction, one history entry, exact undo): a
``with store.change(...)`` block, or ``store.apply(...)`` of a function that
returns what it did (``Done``: the summary, the values) when the summary is
known only once the change is made. Checks happen inside the change before
any write, so a refusal leaves the file exactly as it was. The rules themselves are in :mod:`ghcli.arkham.rules`.

This module is the file and its one campaign row: making and opening it, the
campaign (:func:`row`; :func:`playing` refuses changes once it is lost), its
history, undo and redo. The commands are by topic beside it, as the ``ghcli
arkham`` help groups them: ``investigators`` (the pool, who plays),
``experience`` (XP earned), ``deck`` (cards, XP spent), ``trauma`` (trauma,
defeat, the lost campaign), ``log`` (the campaign log) and ``overview``
(``status``, one investigator's sheet). Each module states the readings it
chose; docs/arkham.md has them all for players.

Readings chosen here:

- ``undo`` never reverts ``init`` (delete the file to start over).
- Standalone play (``create(standalone=True)``, rulebook: Standalone play):
  one scenario played alone, recorded as a campaign is with the differences
  ``trauma``, ``experience`` and ``deck`` state.
"""

from __future__ import annotations

from pathlib import Path

from ghcli.arkham.kind import ARKHAM, INIT_HINT, command
from ghcli.errors import BadInput, Refused
from ghcli.journal.store import Store


# -- opening ---------------------------------------------------------------

def create(path: str | Path, name: str = "Arkham campaign", *, standalone: bool = False) -> Store:
    """A new campaign file; ``standalone``: one scenario played alone (no trauma from defeat during the game)."""
    name = (name or "").strip()
    if not name:
        raise BadInput("the campaign needs a name")

    def fill(store: Store) -> None:
        start(store, name, standalone)

    # Built beside the target and moved into place whole (Store.create).
    return Store.create(path, ARKHAM, fill=fill)


@command("arkham init", creates=True)
def start(store: Store, name: str, standalone: bool = False) -> dict:
    """The campaign's first entry."""
    with store.change("arkham init", f"new {'standalone game' if standalone else 'campaign'} {name!r}") as db:
        db.execute("INSERT INTO campaign (id, name, standalone, created) VALUES (1, ?, ?, ?)",
                   [name, int(standalone), store.now()])
    return {"name": name, "standalone": standalone}


def open_store(path: str | Path) -> Store:
    return Store.open(path, ARKHAM)


def row(store: Store) -> dict:
    """The campaign row (refused: a file that holds none)."""
    found = store.one("SELECT * FROM campaign WHERE id = 1")
    if found is None:
        raise Refused(f"the database holds no Arkham campaign: run `{INIT_HINT}`")
    return found


def playing(store: Store) -> dict:
    """The campaign, refusing changes once it is lost."""
    found = row(store)
    if found["lost"]:
        raise Refused("the campaign is lost: a player had to pick a new investigator and none was left")
    return found


# -- history, undo --------------------------------------------------------

def history(store: Store, limit: int | None = None) -> list[dict]:
    return store.history(limit)


def undo(store: Store, ref: str | None = None) -> dict:
    """Add an undo entry reverting ``ref`` (default: this player's own last change; never the init)."""
    from ghcli.journal import history as journal_history, run

    target = journal_history.find(store, ref) if ref is not None else run.default_undo(store)
    ARKHAM.commands.undo(store, target["id"])
    return target


def redo(store: Store, ref: str | None = None) -> dict:
    """Add a redo entry reverting an undo (default: this player's last undo in effect)."""
    from ghcli.journal import history as journal_history, run

    target = journal_history.find(store, ref) if ref is not None else run.default_redo(store)
    ARKHAM.commands.redo(store, target["id"])
    return run._target_of(store, target) or target
