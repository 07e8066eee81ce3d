"""Text files a command reads or writes by name ('-': standard input or output).

Typer and the standard library only at import time.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from ghcli.cli.output import echo


def read_text(path: str) -> str:
    """A file's text, or standard input for '-'; a missing file is bad input (exit 2)."""
    from ghcli.errors import BadInput

    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"{path} is not UTF-8 text") from None
    except OSError as e:
        raise BadInput(f"cannot read {path}: {e.strerror or e}") from None


def standard_output(path: str) -> bool:
    """Whether ``path`` is '-' or names this process's standard output (``/dev/stdout``, ``/dev/fd/1``, or
    the file, pipe or terminal it is): what is written there is the document, and a command's report on
    it goes to standard error instead."""
    if path == "-":
        return True
    try:
        here, there = os.fstat(sys.stdout.fileno()), os.stat(path)
    except (OSError, AttributeError, ValueError):  # no such name, or a stream with no descriptor (a test's)
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def write_text(path: str, text: str) -> None:
    """Write text to a file, or to standard output for '-'; an unwritable path is bad input (exit 2).

    A file is written whole beside its place and renamed over it (``ghcli.campaign.beside``): a
    full disk or a kill part-way leaves what was there. Something that is not a regular file
    (``/dev/stdout``, a FIFO, ``>(gzip > x)``) is written to as it is, never replaced; a FIFO that no
    process has open for reading is refused at once (opening it would wait for a reader for ever).
    """
    import stat

    from ghcli.errors import BadInput

    if standard_output(path):  # written on the stream: a file it is redirected to is not replaced
        echo(text, nl=False)
        return
    target = Path(path)
    try:
        try:
            mode: int | None = os.stat(target).st_mode  # through a link: /dev/fd/63 is a pipe, not a name
        except FileNotFoundError:
            mode = None
        if mode is not None and not stat.S_ISREG(mode):
            if stat.S_ISDIR(mode):
                raise BadInput(f"cannot write {path}: it is a directory")
            if stat.S_ISFIFO(mode):
                _write_fifo(path, target, text)
                return
            with open(target, "w", encoding="utf-8") as f:
                f.write(text)
            return
        if target.is_symlink():  # a link to a file (or to none yet): the file it names is replaced
            target = target.resolve()
        from ghcli.campaign import beside

        def write(tmp: Path) -> None:
            tmp.write_text(text, encoding="utf-8")
            if mode is not None:  # the file it replaces keeps its permissions
                os.chmod(tmp, stat.S_IMODE(mode))

        beside.replace_file(target, write)
    except OSError as e:
        import errno

        if e.errno == errno.ENOSPC:
            from ghcli.journal.store import StorageError

            raise StorageError(f"the disk is full: {path} could not be written (it is as it was)") from None
        raise BadInput(f"cannot write {path}: {e.strerror or e}") from None


def _write_fifo(path: str, target: Path, text: str) -> None:
    """Write to a FIFO (a pipe) that a reader has open; one with none is bad input, not a wait."""
    import errno

    from ghcli.errors import BadInput

    try:
        fd = os.open(target, os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        if e.errno == errno.ENXIO:
            raise BadInput(f"cannot write {path}: it is a FIFO that no process is reading (start its reader "
                           "first, or write to standard output with -o -)") from None
        raise
    os.set_blocking(fd, True)  # a reader is there: the rest is written as to any pipe
    with open(fd, "w", encoding="utf-8") as f:
        f.write(text)
