"""Names people type: characters, players, parties, campaigns (standard library only).

- :func:`clean` checks a name and returns the form that is stored: no
  surrounding spaces, Unicode NFC, at most :data:`MAX_NAME` characters, no
  control or format characters (a newline or a tab in a name breaks tables),
  valid UTF-8 text (a command-line argument that is not arrives as lone
  surrogates, ``$'\\xff\\xfe'``).
- :func:`key` is what two names are compared by: Unicode case folding and
  NFKC normalisation, so "Zoë", "ZOË" and "Zoe\\u0308" (e and a combining
  diaeresis) are one name. The database registers it as the SQL function
  ``name_key`` (``ghcli.campaign.kind``), used as ``name_key(name) = name_key(?)``.
"""

from __future__ import annotations

import functools
import unicodedata

from ghcli.errors import BadInput

MAX_NAME = 40
# Format characters a name may hold: the zero-width (non-)joiners of some scripts and emoji.
_ALLOWED_FORMAT = {"\u200c", "\u200d"}
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


@functools.lru_cache(maxsize=4096, typed=True)
def key(name: str | None) -> str | None:
    """The comparison key of a name: NFKC of the case-folded NFKC form, spaces trimmed.

    (Remembered: SQL's ``name_key(name) = name_key(?)`` calls it on every row a lookup reads, and a
    campaign has few names.)"""
    if name is None:
        return None
    text = unicodedata.normalize("NFKC", str(name)).strip()
    return unicodedata.normalize("NFKC", text.casefold())


def printable(text: str) -> str:
    """``text`` safe to print in a message: bytes that were not UTF-8 shown as \\xNN."""
    return str(text).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def clean(name: str, what: str = "name") -> str:
    """``name`` checked and normalised (NFC, trimmed), or BadInput naming what is wrong (exit 2)."""
    text = str(name)
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        raise BadInput(f"the {what} '{printable(text)}' is not valid UTF-8 text")
    text = unicodedata.normalize("NFC", text).strip()
    if not text:
        raise BadInput(f"the {what} must not be empty")
    bad = next((ch for ch in text if unicodedata.category(ch) in _REFUSED_CATEGORIES
                and ch not in _ALLOWED_FORMAT), None)
    if bad is not None:
        raise BadInput(f"the {what} {text!r} holds a control character (U+{ord(bad):04X}); "
                       "names are one line of visible text")
    if len(text) > MAX_NAME:
        raise BadInput(f"the {what} is {len(text)} characters long; at most {MAX_NAME}")
    return text
