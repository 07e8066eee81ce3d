"""Reading board descriptions: JSON format 1 (see board-format) or the text format.

``load(text)`` returns the format-1 document as a dict. (The text format is
added by issue 7's work; until then only JSON is read.)
"""

from __future__ import annotations

import json

from ghcli.errors import BadInput


def load(text: str) -> dict:
    """A board document (dict, format 1) from JSON or the text format."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as e:
            raise BadInput(f"board is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
        if not isinstance(doc, dict):
            raise BadInput("board JSON must be an object")
        return doc
    raise BadInput("board is neither JSON (format 1) nor the text format")
