"""A new campaign file made whole or not at all.

An import builds the database in a hidden file beside the target and links
it into place only when it is complete: a refusal or a crash half-way never
leaves a half-made campaign at the target (which would then block ``init``
and ``import`` there). An existing campaign at the target is refused first,
with the same message as ``init``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, TypeVar

T = TypeVar("T")
SUFFIXES = ("", "-wal", "-shm", "-journal")


def _remove(path: Path) -> None:
    for suffix in SUFFIXES:
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def create(path: str | Path, build: Callable[[Path], T], *, refuse: Callable[[Path], None]) -> T:
    """Run ``build(tmp)`` (which makes and closes a database at ``tmp``), then put it at ``path``.

    ``refuse(path)`` raises when ``path`` holds something that must not be
    overwritten (``Store.create``'s refusal); it runs before and, through the
    no-overwrite link, in effect after the build.
    """
    path = Path(path)
    if path.is_dir() or (path.exists() and path.stat().st_size > 0):
        refuse(path)
    tmp = path.with_name(f".{path.name}.importing-{os.getpid()}")
    _remove(tmp)
    try:
        result = build(tmp)
        _remove_sidecars(tmp)
        if path.exists() and path.stat().st_size == 0:
            path.unlink()  # an empty file (a touched --db) is no campaign
        try:
            os.link(tmp, path)  # fails if a file appeared at path meanwhile: never overwrite
        except FileExistsError:
            _refuse_existing(path, refuse)
        except OSError:  # a file system without hard links
            if path.exists():
                _refuse_existing(path, refuse)
            os.replace(tmp, path)
        return result
    finally:
        _remove(tmp)


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
