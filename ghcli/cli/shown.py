"""Text made safe to print (docs/shell.md: a hostile file): what a file or a database holds never acts on the terminal.

Every text ghcli prints goes through :func:`shown` (``ghcli.cli.output``'s
``emit``, ``echo`` and ``table``'s cells, ``ghcli.cli.failures``' error printer,
``ghcli.cli.files.write_text`` to standard output). It shows escaped, as ``\\x1b`` or ``\\u202e``, every
character a terminal would act on or that hides or reorders text:

- C0 and C1 control characters and DEL (escape sequences start with ESC,
  U+001B, or the one-character CSI, U+009B); newlines are kept where a text
  has lines (not in a table cell or an error, which are one line);
- format characters that hide or reorder text (bidirectional overrides and
  isolates, zero-width space, soft hyphen, byte order mark), except the
  zero-width joiners that names may hold (as ``ghcli.campaign.names``);
- line and paragraph separators (U+2028, U+2029);
- lone surrogates: the bytes of an argument that is not UTF-8 (shown as the
  byte, ``\\xff``) and a ``\\ud800`` from a JSON file (which no terminal can
  be sent).

A backslash itself is not escaped, so showing a text twice changes nothing.

:func:`cut` shortens a name for text output (``output.cut_names``): a name
is at most 40 characters when typed; a longer one came from a file or was
written into the database by hand, and is shown cut, ending in ``…``. JSON keeps everything exact: :func:`json_text`
escapes the same characters as ``\\uXXXX`` (the JSON's value is unchanged).

Standard library only; imported by every command that prints (start-up).
"""

from __future__ import annotations

import re
from typing import Any

# The characters shown escaped (see the module's docstring), as a regular expression's character class;
# \n is one of them, kept where a text has lines. Compiled on first use: the three compiles cost ~2.5 ms
# (3% of `import typer`), and `ghcli --help` needs none; a command needs one only for a text that is not
# all printable (``_printable``), which is rare.
_UNSAFE_CLASS = ("\x00-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064"
                 "\u2066-\u206f\ufeff\ufff9-\ufffb\ud800-\udfff")
_CLASSES = {
    "one line": _UNSAFE_CLASS,
    "lines": _UNSAFE_CLASS.replace("\x00-\x1f", "\x00-\x09\x0b-\x1f"),  # newlines kept
    "json": _UNSAFE_CLASS.replace("\x00-\x1f", ""),  # json.dumps escapes the C0 controls itself
}
_PATTERNS: dict[str, re.Pattern] = {}


def _unsafe(kind: str) -> re.Pattern:
    """The compiled pattern of one of :data:`_CLASSES`' kinds."""
    pattern = _PATTERNS.get(kind)
    if pattern is None:
        pattern = _PATTERNS[kind] = re.compile(f"[{_CLASSES[kind]}]")
    return pattern


# A text is cut to at most this many characters by default.
MAX_SHOWN = 100


def _escape(m: re.Match) -> str:
    c = ord(m.group())
    if 0xDC80 <= c <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape, as Python hands over argv)
        return f"\\x{c - 0xDC00:02x}"
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def _printable(text: str, newlines: bool) -> bool:
    """Whether ``text`` holds only printable characters (``str.isprintable``; newlines too when
    ``newlines``): then it holds none of :data:`_CLASSES`' characters, which are all unprintable
    (``tests/test_hostile_files.py`` checks every one), and no pattern need be compiled (the
    usual answer, at the cost of a scan in C)."""
    return text.isprintable() or (newlines and "\n" in text and text.replace("\n", " ").isprintable())


def shown(text: Any, *, lines: bool = True) -> str:
    """``text`` as it may be printed: unsafe characters escaped; newlines kept when ``lines``."""
    text = text if isinstance(text, str) else str(text)
    if _printable(text, lines):
        return text
    pattern = _unsafe("lines" if lines else "one line")
    if pattern.search(text) is None:
        return text
    return pattern.sub(_escape, text)


def cut(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` shortened to ``limit`` characters when longer, its end ``…``."""
    if len(text) <= limit:
        return text
    return text[:limit - 1] + "…"


def cell(text: str) -> str:
    """A value for a table cell: one line, escaped (tabulate then wraps it to the table's width)."""
    return shown(text, lines=False)


def _blob(value: Any) -> Any:
    """A value JSON has no form for: bytes as the export writes a BLOB (``{"$blob": hex}``)."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return {"$blob": bytes(value).hex()}
    raise TypeError(f"{type(value).__name__} is not a JSON value")


def json_text(data: Any, indent: int | None = 2) -> str:
    """``data`` as JSON text, exact, with nothing in it that a terminal would act on."""
    import json

    out = json.dumps(data, indent=indent, ensure_ascii=False, default=_blob)
    if _printable(out, True):  # (json.dumps escapes the C0 controls in strings: its own newlines only)
        return out
    pattern = _unsafe("json")
    if pattern.search(out) is None:
        return out
    return pattern.sub(lambda m: f"\\u{ord(m.group()):04x}", out)
