"""The Gloomhaven campaign file: ``ghcli.journal``'s Store, opened and created as the Gloomhaven kind.

A thin shim kept so that ``from ghcli.campaign.db import Store, Done`` keeps
working (the lead's rename sweep moves the imports later). Everything about the
file, its migrations, entries, undo and replay lives in ``ghcli.journal``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from ghcli.campaign.kind import GHCLI, GHCLI_MIGRATIONS  # noqa: F401
from ghcli.journal import store as _store
from ghcli.journal.kinds import Kind, Migration  # noqa: F401
from ghcli.journal.schema import MIGRATIONS_TABLE  # noqa: F401
from ghcli.journal.store import (  # noqa: F401
    BUSY_TIMEOUT_S, MAX_SQLITE_INT, DamagedDatabase, DatabaseError, Done, ReadOnlyDatabase, StorageError,
    UnusableDatabase, _damaged, explain, now_iso,
)


class Store(_store.Store):
    """A campaign database; :meth:`open` and :meth:`create` default to the Gloomhaven kind."""

    @classmethod
    def open(cls, path: str | Path, kind: Kind | None = None, *,  # type: ignore[override]
             upgrade: bool = True) -> "Store":
        return super().open(path, kind or GHCLI, upgrade=upgrade)

    @classmethod
    def create(cls, path: str | Path, kind: Kind | None = None, *,  # type: ignore[override]
               fill: Callable[["Store"], Any] | None = None, migrations: Sequence | None = None) -> "Store":
        return super().create(path, kind or GHCLI, fill=fill, migrations=migrations)

    @classmethod
    def scratch(cls, kind: Kind | None = None, migrations: Sequence | None = None) -> "Store":  # type: ignore[override]
        return super().scratch(kind or GHCLI, migrations)
