"""The text board format's vocabulary: keys, terrain characters, flags, labels, limits, and the
checks every layer shares (JSON values, nesting depth, coordinates). See ``ghcli.boards.textboard``."""

from __future__ import annotations

import json
import re

from ghcli.errors import BadInput
from ghcli.rules.board import MAX_COORD, MAX_DEPTH

TERRAIN_CHAR = {"obstacle": "#", "trap": "^", "hazardous": "!", "difficult": "~", "icy": "="}
CHAR_TERRAIN = {c: k for k, c in TERRAIN_CHAR.items()}
FLAGS = ("jump", "flying", "teleport", "muddled")
FORMAT1_KEYS = ("format", "rules", "orientation", "hexes", "terrain", "walls", "figures", "active", "action")
HEADER_KEYS = ("board", "readings", "active", "card", "move", "attack", "map", "figures", "walls", "terrain", "extra")
ORIENTATIONS = ("flat", "pointy")

#: The longest board file, in characters (the limits on a board itself are ``ghcli.rules.board``'s).
MAX_TEXT = 5_000_000  # characters of one board file

#: a figure's map label: letters, digits, "-" and "_", starting with a letter or digit
LABEL = r"[A-Za-z0-9][A-Za-z0-9_-]*"
LABEL_RE = re.compile(LABEL + r"\Z")


def json_value(text: str, what: str, start: int = 0):
    """The JSON value in ``text`` (from ``start`` to the end), refusing (BadInput)
    broken JSON and nesting deeper than ``MAX_DEPTH`` levels."""
    try:
        value = json.loads(text[start:] if start else text)
    except json.JSONDecodeError as e:
        raise BadInput(f"{what} is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except ValueError as e:  # a number with too many digits
        raise BadInput(f"{what} is not valid JSON: {e}") from None
    except RecursionError:
        raise BadInput(f"{what}: JSON nested deeper than {MAX_DEPTH} levels") from None
    check_depth(value, what)
    return value


def check_depth(value, what: str) -> None:
    """Refuse (BadInput) lists and objects nested deeper than ``MAX_DEPTH`` (no recursion)."""
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        elif not isinstance(v, list):
            continue
        if depth > MAX_DEPTH:
            raise BadInput(f"{what}: JSON nested deeper than {MAX_DEPTH} levels")
        stack.extend((x, depth + 1) for x in v if isinstance(x, (list, dict)))


def check_limits(value, where: str) -> None:
    """Refuse a coordinate beyond +-MAX_COORD (BadInput naming the hex)."""
    q, r = value
    if abs(q) > MAX_COORD or abs(r) > MAX_COORD:
        raise BadInput(f"{where}: hex [{q}, {r}] is beyond the coordinate limit (each within +-{MAX_COORD})")


def is_text(text: str) -> bool:
    """True when ``text`` is in the text format rather than JSON."""
    return not text.lstrip().startswith("{")


def wall(a, b) -> tuple:
    """A wall as a sorted pair of hexes (tuples), so both spellings are one wall."""
    a, b = tuple(a), tuple(b)
    return (a, b) if a <= b else (b, a)
