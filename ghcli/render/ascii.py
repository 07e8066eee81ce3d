"""ASCII pictures of a board and an answer (placeholder until issue 7's work fills it)."""

from __future__ import annotations


def picture(doc: dict, answer: dict | None = None, los: dict | None = None) -> str:
    """The board as ASCII art, with the answer (focus answer dict) or LOS result marked."""
    return ""
