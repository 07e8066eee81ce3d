"""A new campaign file made whole or not at all.

An import builds the database in a hidden folder beside the target
(``.NAME.ghcli-import-XXXXXXXX``, see ``ghcli.campaign.beside``) and links it
into place only when it is complete: a refusal or a crash half-way never
leaves a half-made campaign at the target (which would then block ``init``
and ``import`` there), and what an import killed part-way left is removed by
the next import into that folder. An existing campaign at the target is
refused first, with the same message as ``init``; so is anything there that
is not a regular file (a device, a FIFO), which is never replaced.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Callable, TypeVar

T = TypeVar("T")
SUFFIXES = ("", "-wal", "-shm", "-journal")


def create(path: str | Path, build: Callable[[Path], T], *, refuse: Callable[[Path], None]) -> T:
    """Run ``build(tmp)`` (which makes and closes a database at ``tmp``), then put it at ``path``.

    ``refuse(path)`` raises when ``path`` holds something that must not be
    overwritten (``Store.create``'s refusal); it runs before and, through the
    no-overwrite link, in effect after the build.
    """
    from ghcli.campaign import beside

    path = Path(path)
    beside.sweep(path.parent, "import")  # what a killed import left, even when this one is refused
    _refuse_special(path)
    if path.is_dir() or (path.exists() and path.stat().st_size > 0):
        refuse(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with beside.working_folder(path, "import") as folder:
        tmp = folder / path.name
        result = build(tmp)
        _remove_sidecars(tmp)
        _refuse_special(path)
        if path.is_file() and path.stat().st_size == 0:
            path.unlink()  # an empty file (a touched --db) is no campaign
        try:
            os.link(tmp, path)  # fails if a file appeared at path meanwhile: never overwrite
        except FileExistsError:
            _refuse_existing(path, refuse)
        except OSError:  # a file system without hard links
            if path.exists() or path.is_symlink():
                _refuse_existing(path, refuse)
            os.replace(tmp, path)
        return result


def _refuse_special(path: Path) -> None:
    """Refuse a target that is not a regular file, a directory or nothing (a device, a FIFO, a socket)."""
    from ghcli.journal.store import UnusableDatabase

    try:
        mode = path.stat().st_mode
    except OSError:
        return
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise UnusableDatabase(f"{path} is not a regular file: an import never replaces it (give another --db)")


def _refuse_existing(path: Path, refuse: Callable[[Path], None]) -> None:
    from ghcli.errors import Refused

    if path.is_dir() or path.stat().st_size > 0:
        refuse(path)
    raise Refused(f"a file appeared at {path} during the import; refusing to overwrite it")


def _remove_sidecars(tmp: Path) -> None:
    """Fold any write-ahead log into the file (the last connection normally has), then drop empty sidecars."""
    import sqlite3

    wal = Path(f"{tmp}-wal")
    if wal.exists() and wal.stat().st_size > 0:
        conn = sqlite3.connect(tmp)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
    for suffix in SUFFIXES[1:]:
        side = Path(f"{tmp}{suffix}")
        if side.exists() and side.stat().st_size == 0:
            side.unlink()
