"""Reading a board given on the command line, and naming its hexes (shared by every board command).

Every board command (``rules focus``, ``los``, ``board show``, ``board
convert``, ``edit``) reads its BOARD here, so any input gets a real answer
or one line of error and exit 2: a file that is not UTF-8, larger than
``textboard.MAX_TEXT`` characters, JSON nested too deeply, fields of the
wrong type, coordinates beyond +-1000 or more hexes than the limit (see
``ghcli.rules.board.validate``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from ghcli.errors import BadInput

MAX_BYTES = 4 * 5_000_000  # textboard.MAX_TEXT characters of UTF-8 at most


def read(path: str) -> str:
    """A board file's text (``-``: standard input), refusing what is not UTF-8 or too large."""
    name = "standard input" if path == "-" else path
    where = "" if path == "-" else f"{path}: "
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            data = _read_file(path)
    except OSError as e:
        raise BadInput(f"cannot read {path}: {e.strerror or e}") from None
    if len(data) > MAX_BYTES:
        raise BadInput(f"{where}larger than {MAX_BYTES:,} bytes: not a board")
    skip = 3 if data[:3] == b"\xef\xbb\xbf" else 0  # a byte order mark (without the utf-8-sig codec's import)
    try:
        return data[skip:].decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadInput(f"{where}{name if not where else 'the file'} is not UTF-8 text "
                       f"(byte 0x{data[skip + e.start]:02x} at offset {skip + e.start})") from None


def _read_file(path: str) -> bytes:
    """At most MAX_BYTES + 1 bytes of a file. A FIFO is opened without waiting for a writer and then
    read as usual: ``<(command)`` works, a FIFO nobody writes to reads as empty instead of hanging."""
    import os

    fd = os.open(Path(path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def load_doc(path: str) -> dict:
    """The board document (not validated) of a file or '-'."""
    from ghcli.boards import textboard

    return named(path, lambda: textboard.load(read(path)))


def load_doc_text(path: str, text: str) -> dict:
    """The board document (not validated) of a text already read from ``path``."""
    from ghcli.boards import textboard

    return named(path, lambda: textboard.load(text))


def load(path: str, readings: dict | None = None):
    """(document dict, Board) of a file or '-', validated (BadInput names the file and the problem).
    ``readings`` (``--map-edge``, ``--proximity``: name -> value, None for not given) replace the
    board's own ``readings``. A board with a ``card`` gets its action from the monster's cards."""
    doc, board, _ = load_why(path, readings)
    return doc, board


def load_why(path: str, readings: dict | None = None):
    """``load``, and the lines saying where the action came from (a ``card:`` board; else none)."""
    from ghcli.boards import textboard
    from ghcli.rules.board import Board

    def all_three():
        doc, where = textboard.load_located(read(path))
        doc = with_readings(doc, readings)
        try:
            why: list = []
            if isinstance(doc, dict) and "card" in doc:
                from ghcli.campaign import monster_deck

                doc, why = monster_deck.resolve(doc)
            return doc, Board.from_dict(doc), why
        except BadInput as e:  # a text board: the line and column it is about
            raise BadInput(textboard.locate(str(e), where)) from None

    return named(path, all_three)


def with_readings(doc: dict, readings: dict | None) -> dict:
    """The document with the readings given on the command line (those not None) over its own."""
    from ghcli.errors import did_you_mean
    from ghcli.rules.rulesets import READINGS

    given = {k: v for k, v in (readings or {}).items() if v is not None}
    for k, v in given.items():
        if v not in READINGS[k]:
            raise BadInput(f"--{k.replace('_', '-')} must be {' or '.join(READINGS[k])}, not {v!r}"
                           + did_you_mean(v, READINGS[k]))
    if not given or not isinstance(doc, dict):
        return doc
    own = doc.get("readings") if isinstance(doc.get("readings"), dict) else {}
    return {**doc, "readings": {**own, **given}}


def named(path: str, work):
    """``work()``, its BadInput messages prefixed with the board's file name."""
    where = "" if path == "-" else f"{path}: "
    try:
        return work()
    except BadInput as e:
        if where and str(e).startswith(where):
            raise
        raise BadInput(f"{where}{e}") from None
    except RecursionError:
        raise BadInput(f"{where}board nested too deeply") from None


def hex_arg(text: str, option: str, doc: dict):
    """A hex given as Q,R, or as a figure's id or its label on the board's pictures."""
    from ghcli.boards import textboard
    from ghcli.rules.hexes import Hex

    parts = text.replace(" ", "").split(",")
    if len(parts) == 2:
        try:
            q, r = (int(p) for p in parts)
        except ValueError:
            pass
        else:
            return Hex(q, r)
    figure = figure_named(text, doc)
    if figure is None:
        d = textboard.canonical(doc)
        names = [f["id"] for f in d["figures"]] + sorted(set(textboard.labels(d, textboard.rooms(d)).values()))
        known = ", ".join(dict.fromkeys(names)) or "none"
        raise BadInput(f"{option} must be a hex Q,R or a figure's id or label, not {text!r} (figures: {known})")
    return Hex(*figure["at"])


def figure_named(name: str, doc: dict):
    """The figure (dict) with this id, else the one with this label (typed, or shown on pictures)."""
    from ghcli.boards import textboard

    d = textboard.canonical(doc)
    for f in d["figures"]:
        if f["id"] == name:
            return f
    shown = textboard.labels(d, textboard.rooms(d))
    for i, f in enumerate(d["figures"]):
        if f.get("label") == name or shown.get(i) == name:
            return f
    lowered = [f for f in d["figures"] if f["id"].lower() == name.lower()]
    return lowered[0] if len(lowered) == 1 else None
