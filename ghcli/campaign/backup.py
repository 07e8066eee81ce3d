"""``ghcli backup [FILE]``: a consistent copy of a campaign database through SQLite's backup API.

The copy is taken page by page while other shells may be writing; SQLite
restarts it when a writer changes a page already copied, so the result is
one consistent state. It is written beside the target and moved into place,
so a failed backup leaves no half-made file. An existing FILE is refused.
"""

from __future__ import annotations

import datetime
import os
import sqlite3
from pathlib import Path

from ghcli.campaign.db import Store
from ghcli.errors import BadInput, Refused


def default_name(db_path: Path) -> Path:
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d-%H%M%S")
    return db_path.with_name(f"{db_path.stem}-backup-{stamp}{db_path.suffix or '.db'}")


def backup(db_path: str | Path, file: str | Path | None = None) -> dict:
    """Copy the campaign at db_path to file; returns the path and the history entry count."""
    db_path = Path(db_path)
    target = Path(file) if file else default_name(db_path)
    if str(file or "x").strip() == "":
        raise BadInput("give a FILE name for the backup, or none for the default")
    if target.exists():
        raise Refused(f"{target} exists already; refusing to overwrite it")
    if target.resolve() == db_path.resolve():
        raise BadInput("the backup must go to another file than the database")
    if not target.parent.is_dir():
        raise BadInput(f"cannot write {target}: {target.parent} is not a folder")
    store = Store.open(db_path)
    tmp = target.with_name(f".{target.name}.partial")
    try:
        dest = sqlite3.connect(tmp)
        try:
            store.copy_to(dest)
            entries = dest.execute("SELECT count(*) FROM journal").fetchone()[0]
        finally:
            dest.close()
        os.replace(tmp, target)
    except OSError as e:
        raise BadInput(f"cannot write {target}: {e.strerror or e}") from None
    finally:
        Path(tmp).unlink(missing_ok=True)
        store.close()
    return {"path": str(target), "entries": entries, "bytes": target.stat().st_size}
