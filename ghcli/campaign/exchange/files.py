"""Reading an exchange file and telling what it is by content.

A ghcli campaign document has ``"format": "ghcli-campaign"``; a GHS game
export has a numeric top-level ``revision``; a GHS data dump has ``game`` and
``settings`` (or ``ghs-game`` and ``ghs-settings``). Anything else is bad
input with a one-line reason.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ghcli.errors import BadInput

NATIVE_FORMAT = "ghcli-campaign"


def read_json(path: str | Path) -> Any:
    """The JSON document in a file ('-': standard input); a missing, unreadable or truncated file is bad input."""
    if str(path) == "-":
        import sys

        return _parse(sys.stdin.read(), "standard input")
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"{path} is not a JSON file (it is not UTF-8 text)") from None
    except OSError as e:
        raise BadInput(f"cannot read {path}: {e.strerror or e}") from None
    return _parse(text, str(path))


def _parse(text: str, path: str) -> Any:
    if not text.strip():
        raise BadInput(f"{path} is empty, not a campaign file")
    try:
        return json.loads(text)
    except RecursionError:
        raise BadInput(f"{path} is nested too deeply to be a campaign file") from None
    except json.JSONDecodeError as e:
        end = text.rstrip()
        cut = "; the file ends early (truncated?)" if e.pos >= len(end) or end[-1:] not in "}]" else ""
        msg = e.msg.removesuffix(" starting at")
        raise BadInput(f"{path} is not JSON: {msg} (line {e.lineno}, column {e.colno}){cut}") from None
    except ValueError:  # a number of more than 4,300 digits (Python's limit): no campaign holds one
        raise BadInput(f"{path} holds a number too long to be a campaign's (over 4,300 digits)") from None


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
    if ("game" in doc and "settings" in doc) or ("ghs-game" in doc and "ghs-settings" in doc):
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
