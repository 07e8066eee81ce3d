"""SVG pictures of a board and an answer (placeholder until issue 7's work fills it)."""

from __future__ import annotations


def svg(doc: dict, answer: dict | None = None, los: dict | None = None) -> str:
    """One standalone SVG document of the board, with the answer or LOS result drawn."""
    return '<svg xmlns="http://www.w3.org/2000/svg"/>\n'
