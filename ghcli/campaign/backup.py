"""``ghcli backup [FILE]``: a consistent copy of a campaign database through SQLite's backup API.

The copy is taken page by page while other shells may be writing; SQLite
restarts it when a writer changes a page already copied, so the result is
one consistent state. It is written beside the target and moved into place,
so a failed backup leaves no half-made file. An existing FILE is refused.
"""

from __future__ import annotations

import datetime
import errno
import os
import sqlite3
from pathlib import Path

from ghcli.campaign.kind import Store
from ghcli.journal.store import DamagedDatabase, StorageError, explain
from ghcli.errors import BadInput, Refused


def default_name(db_path: Path) -> Path:
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d-%H%M%S")
    return db_path.with_name(f"{db_path.stem}-backup-{stamp}{db_path.suffix or '.db'}")


def backup(db_path: str | Path, file: str | Path | None = None) -> dict:
    """Copy the campaign at db_path to file; returns the path and the history entry count.

    The copy is made in a working folder beside the target (``ghcli.campaign.beside``), so a full
    disk or a kill part-way leaves no file at the target, and the next backup there removes what a
    killed one left. An error names the file at fault: the backup for a full disk, the campaign
    for damage.
    """
    from ghcli.campaign import beside

    db_path = Path(db_path)
    if str(file or "x").strip() == "":
        raise BadInput("give a FILE name for the backup, or none for the default")
    target = Path(file) if file else default_name(db_path)
    try:
        beside.sweep(target.parent, "backup")  # what a killed backup left, even when this one is refused
        if target.exists() or target.is_symlink():
            raise Refused(f"{target} exists already; refusing to overwrite it")
        if target.resolve() == db_path.resolve():
            raise BadInput("the backup must go to another file than the database")
        if not target.parent.is_dir():
            raise BadInput(f"cannot write {target}: {target.parent} is not a folder")
    except OSError as e:
        raise BadInput(f"cannot write {target}: {(e.strerror or str(e)).lower()}") from None
    store = Store.open(db_path)
    try:
        with beside.working_folder(target, "backup") as folder:
            tmp = folder / target.name
            try:
                dest = sqlite3.connect(tmp)
                try:
                    store.copy_to(dest)
                    entries = dest.execute("SELECT count(*) FROM journal").fetchone()[0]
                finally:
                    dest.close()
            except sqlite3.Error as e:
                raise _blamed(e, db_path, target) from None
            try:
                os.link(tmp, target)  # never over a file that appeared meanwhile
            except FileExistsError:
                raise Refused(f"{target} appeared during the backup; refusing to overwrite it") from None
            except OSError as e:
                if e.errno == errno.ENOSPC:
                    raise
                os.replace(tmp, target)  # a file system without hard links
    except OSError as e:
        if e.errno == errno.ENOSPC:
            raise StorageError(f"the disk is full: the backup {target} could not be written "
                               "(the campaign is as it was)") from None
        raise BadInput(f"cannot write {target}: {e.strerror or e}") from None
    finally:
        store.close()
    return {"path": str(target), "entries": entries, "bytes": target.stat().st_size}


def _blamed(e: sqlite3.Error, db_path: Path, target: Path):
    """The SQLite error of a copy, naming the file at fault: the campaign when it is damaged, else
    the backup being written (a full disk, an I/O error)."""
    err = explain(e, db_path)
    if isinstance(err, DamagedDatabase) or "not a ghcli database" in str(err):
        return err
    if isinstance(err, StorageError) and "disk is full" in str(err):
        return StorageError(f"the disk is full: the backup {target} could not be written (the campaign is as it was)")
    return explain(e, target)
