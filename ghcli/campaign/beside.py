"""Files made whole beside their target, then moved into place; what a killed command left is swept.

``import``, ``backup`` and ``export -o`` (every file ghcli writes whole) build
their file in a hidden folder beside the target, ``.NAME.ghcli-WHAT-XXXXXXXX``
(on the same file system, so that the finished file is renamed or linked into
place in one step), and hold an ``flock(2)`` on that folder while they work.
The kernel drops the lock when the process ends, however it ends (``kill -9``
included), so the next command of the same kind in that folder removes every
such folder whose lock it can take: nothing a killed command left outlives
the next run. Where the file system has no ``flock``, a folder untouched for
ten minutes is removed instead (as ``init`` does with its own).

A full disk while the file is built leaves the target as it was: no partial
file at the target, ever.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from pathlib import Path
from typing import Iterator

try:
    import fcntl
except ImportError:  # not a POSIX system: only the age tells a leftover
    fcntl = None  # type: ignore[assignment]

# Without a lock to ask, a folder this old was left by a command that died (they take seconds at most).
LEFTOVER_AGE_S = 600.0


def _prefix(what: str) -> str:
    return f".ghcli-{what}-"


def _lock(fd: int) -> bool | None:
    """Take the folder's lock without waiting: True (taken), False (held by a running command),
    None (this file system cannot say)."""
    if fcntl is None:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:
        return None
    return True


def sweep(folder: Path, what: str) -> list[Path]:
    """Remove the working folders of ``what`` (``import``, ``backup``, ``write``) that no running
    command holds; returns those removed."""
    removed = []
    try:
        candidates = [p for p in Path(folder).iterdir() if p.name.startswith(".") and _prefix(what) in p.name]
    except OSError:
        return removed
    for path in candidates:
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            continue
        try:
            free = _lock(fd)
            if free is None:
                free = time.time() - os.fstat(fd).st_mtime > LEFTOVER_AGE_S
            if free:
                shutil.rmtree(path, ignore_errors=True)
                removed.append(path)
        finally:
            os.close(fd)
    return removed


@contextlib.contextmanager
def working_folder(target: str | Path, what: str) -> Iterator[Path]:
    """A private folder beside ``target`` to build it in (``folder / target.name``), held locked
    while the block runs and removed after it; the block moves the finished file into place."""
    import tempfile

    target = Path(target)
    parent = target.parent
    sweep(parent, what)
    folder = Path(tempfile.mkdtemp(prefix=f".{target.name[:60]}{_prefix(what)}", dir=parent))
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        _lock(fd)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        os.close(fd)


def replace_file(target: str | Path, write, what: str = "write") -> None:
    """Write a file whole: ``write(tmp_path)`` makes it in a working folder beside ``target``, then it
    replaces ``target`` in one rename (a full disk or a kill part-way leaves ``target`` as it was)."""
    target = Path(target)
    with working_folder(target, what) as folder:
        tmp = folder / target.name
        write(tmp)
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        os.replace(tmp, target)
