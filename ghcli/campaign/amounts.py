"""Bounds on the numbers a command adds or takes away (gold, XP, checkmarks, trauma, copies ...).

No Gloomhaven or Arkham quantity comes anywhere near a million: a bigger
change is a typo, and one beyond 64 bits could not even be stored (SQLite
raises on it, or silently turns a sum into a float). Such a number is bad
input (exit 2), refused before anything is written.
"""

from __future__ import annotations

from ghcli.errors import BadInput

MAX_CHANGE = 1_000_000


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """A number with its noun in the right number: '1 checkmark', '2 checkmarks', '0 checkmarks'."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def amount(label: str, n: int, *, minimum: int = -MAX_CHANGE, maximum: int = MAX_CHANGE) -> int:
    """``n`` unchanged when ``minimum <= n <= maximum``; else bad input naming ``label``."""
    if n > maximum:
        raise BadInput(f"{label}: {n} is too large (at most {maximum})")
    if n < minimum:
        raise BadInput(f"{label}: {n} is too small (at least {minimum})")
    return n


def amounts(label: str, mapping: dict[str, int], **bounds: int) -> None:
    """Check every NAME=N of a repeatable option."""
    for name, n in mapping.items():
        amount(f"{label} {name}", n, **bounds)
