"""A new campaign whose first entry is ``import``: the tables a conversion wrote, as checked data.

A GHS file (``ghs.py``'s conversion) or an older ghcli's export cannot be
replayed as commands: the conversion writes its tables into an in-memory work
copy (``Store.scratch``), the tables are taken from it as snapshot data (names
cut to the typed-name limits, long text to its column's length, with a report)
and the new campaign is made by one ``import`` entry carrying them. Applying it
checks every table against the schema column by column and every value against
its type and the game's bounds (``ghcli.journal.snapshot``); the journal, the
row changes, the indexes, the sync settings and the migrations are the new
file's own. Such a campaign syncs, exports and rebuilds like any other.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

from ghcli.campaign.kind import GHCLI
from ghcli.journal import snapshot

CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def source_text(text: str) -> str:
    return CONTROL_RE.sub("?", str(text))[:200]


def tables_from(convert: Callable[[Any], Any], kind=GHCLI, migrations=None) -> tuple[Any, dict, list[dict]]:
    """Run ``convert(store)`` on a work copy; returns (what it returned, the tables cleaned, what was cut)."""
    from ghcli.journal.store import Store

    scratch = Store.scratch(kind, migrations)
    try:
        out = convert(scratch)
        if migrations is not None:
            scratch.migrate()  # an older file's tables, brought up to this ghcli's schema
        tables, cut = snapshot.clean_tables(kind, snapshot.tables_of(scratch))
    finally:
        scratch.close()
    return out, tables, [{"path": c["path"], "why": c["why"]} for c in cut]


def create(path: str | Path, tables: dict, source: str, kind=GHCLI, before: list[dict] | None = None) -> None:
    """A new campaign at ``path`` (built aside, linked into place whole) whose first applied entry imports
    ``tables``; ``before``: history rows of an older file kept as history (not applied)."""
    from ghcli.campaign.exchange import newfile
    from ghcli.journal import replay
    from ghcli.journal.store import Store

    def fill(store) -> None:
        if before:
            replay.replay(store, before, where="history")
        _import(store, kind, source_text(source), tables)

    def build(tmp: Path) -> None:
        Store.create(tmp, kind, fill=fill).close()

    newfile.create(path, build, refuse=lambda p: Store.create(p, kind))


def _import(store, kind, source: str, tables: dict) -> None:
    from ghcli.journal import run

    cmd = kind.commands.get("import")
    run.typed(store, cmd, {"source": source, "tables": snapshot.Tables(tables)})


def import_converted(path: str | Path, convert: Callable[[Any], Any], source: str, kind=GHCLI) -> tuple[Any, list]:
    """Convert into a work copy, then make the campaign from its tables: (the conversion's result, what was cut)."""
    out, tables, cut = tables_from(convert, kind)
    create(path, tables, source, kind)
    return out, cut
