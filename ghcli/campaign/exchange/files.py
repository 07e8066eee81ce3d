"""Reading an exchange file and telling what it is by content.

A ghcli campaign document has ``"format": "ghcli-campaign"``; a GHS game
export has a numeric top-level ``revision``; a GHS data dump has ``game`` and
another of its stores (``settings``, ``undo``, ...; or ``ghs-game`` and ``ghs-settings``). Anything else is bad
input with a one-line reason.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ghcli.errors import BadInput

NATIVE_FORMAT = "ghcli-campaign"
# Longer whole numbers are refused while parsing (Python converts at most 4,300 digits; no campaign needs 20).
MAX_DIGITS = 100
# The IndexedDB stores of a GHS data dump besides ``game`` (GHS 0.150.6 writes no ``settings`` store until
# the settings are changed, so its own dump may lack it).
DUMP_STORES = {"settings", "undo", "redo", "undo-infos", "game-backup"}


# An import reads at most this much (a campaign of years is a few megabytes; a GHS data dump, ten).
MAX_BYTES = 64 * 1024 * 1024


def read_json(path: str | Path) -> Any:
    """The JSON document in a file ('-': standard input); a missing, unreadable or truncated file is bad input.

    Only a regular file (or standard input) is read, and at most :data:`MAX_BYTES` of it: a device
    (``/dev/zero``), a FIFO or a socket is refused before anything is read, never waited on.
    """
    if str(path) == "-":
        import sys

        data = sys.stdin.buffer.read(MAX_BYTES + 1)
        name = "standard input"
    else:
        data = _read_regular(Path(path))
        name = str(path)
    if len(data) > MAX_BYTES:
        raise BadInput(f"{name} is larger than {MAX_BYTES // 1024 // 1024} MiB: not a campaign file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadInput(f"{name} is not a JSON file (it is not UTF-8 text)") from None
    return _parse(text, name)


def _read_regular(path: Path) -> bytes:
    """At most MAX_BYTES + 1 bytes of a regular file (opened without blocking, checked once open)."""
    import os
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        raise BadInput(f"cannot read {path}: {e.strerror or e}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            what = ("a directory" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode)
                    else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a regular file")
            raise BadInput(f"cannot read {path}: it is {what}, not a campaign file (give a file, or - for "
                           "standard input)")
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError as e:
        raise BadInput(f"cannot read {path}: {e.strerror or e}") from None
    finally:
        os.close(fd)


def _parse(text: str, path: str) -> Any:
    if not text.strip():
        raise BadInput(f"{path} is empty, not a campaign file")
    def whole(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_DIGITS:
            n = len(digits.lstrip("-"))
            raise BadInput(f"{path} holds a whole number of {n} digits: "
                           + ("more than 4,300 digits, " if n > 4300 else "") + "not a number of a campaign file")
        return int(digits)

    try:
        return json.loads(text, parse_int=whole)
    except RecursionError:
        raise BadInput(f"{path} is nested too deeply to be a campaign file") from None
    except json.JSONDecodeError as e:
        end = text.rstrip()
        cut = "; the file ends early (truncated?)" if e.pos >= len(end) or end[-1:] not in "}]" else ""
        msg = e.msg.removesuffix(" starting at")
        raise BadInput(f"{path} is not JSON: {msg} (line {e.lineno}, column {e.colno}){cut}") from None
    except BadInput:  # a BadInput is a ValueError too: whole() said which number
        raise
    except ValueError:  # Python reads no whole number of more than 4,300 digits (sys.get_int_max_str_digits)
        raise BadInput(f"{path}: a number has more than 4,300 digits; no value of a campaign is that large") from None


def kind(doc: Any) -> str:
    """'native', 'ghs-game' or 'ghs-dump'; anything else raises BadInput saying what it looks like."""
    if not isinstance(doc, dict):
        raise BadInput(f"not a campaign file: the JSON is {_json_type(doc)}, not an object")
    if "format" in doc:
        if doc["format"] == NATIVE_FORMAT:
            return "native"
        raise BadInput(f"format {doc['format']!r} is not a campaign file ghcli reads "
                       f"(expected {NATIVE_FORMAT!r} or a GHS export)")
    if isinstance(doc.get("revision"), (int, float)) and not isinstance(doc.get("revision"), bool):
        if any(key in doc for key in ("party", "characters", "edition")):
            return "ghs-game"
        raise BadInput(f"revision {doc['revision']} but no party, characters or edition: not a GHS game export "
                       "(JSON of another app?)")
    if ("game" in doc and DUMP_STORES & set(doc)) or ("ghs-game" in doc and "ghs-settings" in doc):
        return "ghs-dump"
    if isinstance(doc.get("zoom"), (int, float)):
        raise BadInput("this is a GHS settings file (ghs-settings.json), not a game: "
                       "export the game or a data dump from GHS")
    if "prosperity" in doc and "scenarios" in doc and "reputation" in doc:
        raise BadInput("this is a GHS party sheet (<party>_campaign.json), not a game: "
                       "export the game (ghs-game.json) or a data dump from GHS")
    keys = ", ".join(list(doc)[:4]) or "none"
    raise BadInput(f"not a ghcli or GHS campaign file: JSON of another app (top-level keys: {keys})")


def _json_type(value: Any) -> str:
    return {list: "a list", str: "a string", int: "a number", float: "a number",
            bool: "a boolean", type(None): "null"}.get(type(value), type(value).__name__)
