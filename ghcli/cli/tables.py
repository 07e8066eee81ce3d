"""Plain-text tables as a person reads them: display width, and wrapping at word boundaries.

:func:`simple` draws tabulate's "simple" format (headers, a rule of dashes,
columns two spaces apart, numbers flush right, text flush left, each line
right-stripped) and gives the same text as ``tabulate(rows, headers)`` for
the tables ghcli prints (``tests/test_tables.py`` compares the two on
generated tables), with two differences that are why it exists:

- **Display width.** A column is as wide as its cells look in a terminal:
  East Asian wide and full-width characters and emoji count two columns,
  combining marks, zero-width joiners and variation selectors none
  (:func:`display_width`, from the standard library's ``unicodedata``).
  tabulate counts ``len()`` unless the optional ``wcwidth`` package is
  installed, whose import alone costs about a third of ``import typer``.
- **Words stay whole.** A table wider than ``width`` shrinks its widest
  columns, never below their longest word, and wraps their cells at spaces;
  only when whole words cannot fit does a word break (tabulate's wrapping
  cuts words: ``Scoundre|l``).

It also keeps tabulate's import (and its ``importlib.metadata`` look-up)
out of every command that prints a table: start-up speed.

Standard library only; no printing.
"""

from __future__ import annotations

import math
import re
import unicodedata
from typing import Any, Iterable, Sequence

GAP = "  "  # between columns
MIN_PADDING = 2  # a column is at least its header's width + 2 (tabulate's MIN_PADDING)
MIN_WRAP = 8  # a column shrinks at most to this width when even whole words do not fit

_ZERO_WIDTH = {"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"}
_VS16 = "\ufe0f"  # variation selector 16: the character before it shows as an emoji (two columns)


def char_width(ch: str) -> int:
    """The columns one character takes in a terminal: 0, 1 or 2."""
    if ch in _ZERO_WIDTH or unicodedata.combining(ch):
        return 0
    category = unicodedata.category(ch)
    if category in ("Mn", "Me", "Cf") or "\ufe00" <= ch <= "\ufe0f" or "\U0001f3fb" <= ch <= "\U0001f3ff":
        return 0  # marks, format characters, variation selectors, skin-tone modifiers
    if category == "Cc":
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def display_width(text: str) -> int:
    """The columns ``text`` (one line) takes in a terminal.

    Wide and full-width characters (CJK, most emoji) count two; a character
    shown as an emoji by a following U+FE0F counts two; what follows a
    zero-width joiner joins the emoji before it (no columns of its own); two
    regional indicators are one flag (two columns).
    """
    if text.isascii():
        return len(text)
    width = 0
    prev = 0  # the width of the character before
    joined = False
    flag_open = False
    for ch in text:
        if joined:
            joined = False
            if char_width(ch):
                prev = 0
                continue
        if ch == _VS16:
            if prev == 1:
                width += 1
                prev = 2
            continue
        if ch == "\u200d":
            joined = True
            continue
        if "\U0001f1e6" <= ch <= "\U0001f1ff":  # regional indicators: a pair is one flag
            if flag_open:
                flag_open = False
                continue
            flag_open = True
            width += 2
            prev = 2
            continue
        flag_open = False
        prev = char_width(ch)
        width += prev
    return width


def wrap(text: str, limit: int, *, break_words: bool = True) -> list[str]:
    """``text`` in lines of at most ``limit`` columns, broken at spaces (and its own newlines).

    A word wider than ``limit`` is cut into pieces that fit (``break_words``)
    or left whole on a line of its own.
    """
    out: list[str] = []
    for paragraph in text.split("\n"):
        line, line_w = "", 0
        for word in paragraph.split(" "):
            if not word:
                continue
            w = display_width(word)
            if line and line_w + 1 + w <= limit:
                line, line_w = f"{line} {word}", line_w + 1 + w
                continue
            if line:
                out.append(line)
            line, line_w = word, w
            while break_words and line_w > limit:
                head, rest = _cut(line, limit)
                out.append(head)
                line, line_w = rest, display_width(rest)
        out.append(line)
    return out


def _cut(word: str, limit: int) -> tuple[str, str]:
    """The longest start of ``word`` within ``limit`` columns (at least one character), and the rest."""
    used = 0
    for i, ch in enumerate(word):
        used += char_width(ch)
        if used > limit and i:
            return word[:i], word[i:]
    return word, ""


# -- what tabulate would call each value -------------------------------------

_THOUSANDS = r"^(([+-]?[0-9]{1,3})(?:,([0-9]{3}))*)?(?(1)\.[0-9]*|\.[0-9]+)?$"
_THOUSANDS_CHARS = frozenset("+-0123456789,.\n")  # all a text that _THOUSANDS matches can hold ($: a last \n)


def _thousands(text: str) -> bool:
    """tabulate's number with thousands separators (``1,234``, ``-1,234.5``, ``.5``; and ""): its
    pattern compiled (by ``re``'s own cache) only for a text of those characters (start-up: most
    cells are words)."""
    return _THOUSANDS_CHARS.issuperset(text) and re.match(_THOUSANDS, text) is not None


def _convertible(conv, value) -> bool:
    try:
        conv(value)
        return True
    except (ValueError, TypeError):
        return False


def _is_number(value) -> bool:
    if type(value) in (float, int):
        return True
    if not _convertible(float, value):
        return False
    if not isinstance(value, str):
        return True
    f = float(value)
    return not (math.isinf(f) or math.isnan(f)) or value.lower() in ("inf", "-inf", "nan")


def _value_type(value, numparse: bool) -> type:
    """tabulate's ``_type``: the least generic type of one value (None for an empty one)."""
    if value is None or (isinstance(value, str) and not value):
        return type(None)
    if hasattr(value, "isoformat"):
        return str
    if type(value) is bool or (isinstance(value, str) and value in ("True", "False")):
        return bool
    if numparse and (type(value) is int or (isinstance(value, str) and _convertible(int, value))
                     or (isinstance(value, str) and _thousands(value) and "." not in value)):
        return int
    if numparse and (_is_number(value) or (isinstance(value, str) and _thousands(value))):
        return float
    return str


_ORDER = {type(None): 0, bool: 1, int: 2, float: 3, str: 5}


def _column_type(values: Iterable[Any], numparse: bool) -> type:
    rank = 1  # tabulate starts from bool
    for v in values:
        rank = max(rank, _ORDER.get(_value_type(v, numparse), 5))
    return {0: type(None), 1: bool, 2: int, 3: float, 5: str}[rank]


def _format(value, kind: type) -> str:
    if value is None:
        return ""
    if isinstance(value, str) and not value:
        return ""
    if kind is int:
        return format(value, "")
    if kind is float:
        if isinstance(value, str) and "," in value:
            value = value.replace(",", "")
        try:
            return format(float(value), "g")
        except (ValueError, TypeError):
            return f"{value}"
    return f"{value}"


def _after_point(text: str) -> int:
    """Digits after the decimal point (or the exponent), -1 for none: tabulate's ``_afterpoint``."""
    if _is_number(text) or _thousands(text):
        if _convertible(int, text):
            return -1
        pos = text.rfind(".")
        pos = text.lower().rfind("e") if pos < 0 else pos
        return len(text) - pos - 1 if pos >= 0 else -1
    return -1


def _pad(text: str, width: int, right: bool) -> str:
    fill = " " * max(0, width - display_width(text))
    return fill + text if right else text + fill


# -- the table ---------------------------------------------------------------


def _normalize(rows: Sequence[Any], headers: Any) -> tuple[list[list[Any]], list[str]]:
    rows = list(rows)
    if rows and isinstance(rows[0], dict):
        keys = list(dict.fromkeys(k for row in rows for k in row))
        body = [[row.get(k) for k in keys] for row in rows]
        if headers == "keys":
            heads = [str(k) for k in keys]
        elif isinstance(headers, dict):
            heads = [str(headers.get(k, k)) for k in keys]
        elif not headers:
            heads = []
        else:
            raise ValueError("headers for a list of dicts is not a dict or a keyword")
    else:
        body = [list(r) for r in rows]
        ncols = max((len(r) for r in body), default=0)
        if headers == "keys":
            heads = [str(i) for i in range(ncols)]
        else:
            heads = [str(h) for h in headers or ()]
    ncols = max([len(heads)] + [len(r) for r in body])
    body = [r + [None] * (ncols - len(r)) for r in body]
    if heads and len(heads) < ncols:
        heads = [""] * (ncols - len(heads)) + heads
    return body, heads


def _lines_width(text: str) -> int:
    return max((display_width(line) for line in text.split("\n")), default=0)


def _longest_word(text: str) -> int:
    """The widest piece of ``text`` a line may not break: a run between spaces, where each wide
    character (CJK writing breaks between any two) is a piece of its own."""
    longest = 0
    for word in re.split(r"[ \n]", text):
        run = 0
        for ch in word:
            w = char_width(ch)
            if w == 2:
                longest, run = max(longest, run, 2), 0
            else:
                run += w
        longest = max(longest, run)
    return longest


def column_limits(natural: Sequence[int], floors: Sequence[int], hard_floors: Sequence[int],
                  width: int) -> list[int]:
    """Column widths that fit ``width`` (columns and the gaps between them), shrinking the widest first:
    down to ``floors`` (whole words) first, then to ``hard_floors`` (words broken) if still too wide."""
    widths = list(natural)
    budget = width - len(GAP) * (len(widths) - 1)
    for floor in (floors, hard_floors):
        while sum(widths) > budget:
            shrinkable = [i for i, w in enumerate(widths) if w > floor[i]]
            if not shrinkable:
                break
            i = max(shrinkable, key=lambda j: (widths[j], -j))
            widths[i] -= 1
    return widths


def simple(rows: Sequence[Any], headers: Any = "keys", *, width: int | None = None,
           maxcolwidths: Sequence[int | None] | None = None, disable_numparse: bool = False) -> str:
    """Rows (lists, or dicts with ``headers="keys"``) as a "simple" table at most ``width`` columns wide.

    ``maxcolwidths``: the most columns each column may take (None: no limit),
    wrapping its text at spaces; ``disable_numparse``: numbers in text stay text
    (flush left).
    """
    body, heads = _normalize(rows, headers)
    if not body and not heads:
        return ""
    ncols = len(heads) if heads else len(body[0])
    columns = [[r[c] for r in body] for c in range(ncols)]
    kinds = [_column_type(col, not disable_numparse) for col in columns]
    cells = [[_format(v, k) for v in col] for col, k in zip(columns, kinds)]
    numeric = [k in (int, float) for k in kinds]
    cells = [col if num else [s.strip() for s in col] for col, num in zip(cells, numeric)]

    head_w = [display_width(h) + MIN_PADDING if heads else 0 for h in heads] or [0] * ncols
    natural = [max([hw] + [_lines_width(s) for s in col]) for hw, col in zip(head_w, cells)]
    limits = list(natural)
    if width is not None and sum(natural) + len(GAP) * (ncols - 1) > width:
        floors = [max(hw, max((_longest_word(s) for s in col), default=0)) for hw, col in zip(head_w, cells)]
        hard = [max(hw, min(MIN_WRAP, n)) for hw, n in zip(head_w, natural)]
        limits = column_limits(natural, floors, hard, width)
    for i, cap in enumerate(maxcolwidths or ()):
        if i < ncols and cap is not None:
            limits[i] = min(limits[i], max(cap, head_w[i]))
    for i in range(ncols):
        if limits[i] < natural[i] and not numeric[i]:
            cells[i] = ["\n".join(wrap(s, limits[i])) for s in cells[i]]

    # align: numbers at their decimal point, flush right; text flush left
    for i in range(ncols):
        if numeric[i]:
            points = [_after_point(s) for s in cells[i]]
            most = max(points, default=-1)
            cells[i] = [s + " " * (most - p) for s, p in zip(cells[i], points)]
    widths = [max([hw] + [_lines_width(s) for s in col]) for hw, col in zip(head_w, cells)]

    lines: list[str] = []
    if heads:
        head_lines = [h.split("\n") for h in heads]
        for n in range(max(len(h) for h in head_lines)):
            lines.append(GAP.join(_pad(h[n] if n < len(h) else "", w, num)
                                  for h, w, num in zip(head_lines, widths, numeric)).rstrip())
        lines.append(GAP.join("-" * w for w in widths).rstrip())
    rule = GAP.join("-" * w for w in widths).rstrip()
    if not heads:
        lines.append(rule)
    for r in range(len(body)):
        parts = [cells[c][r].split("\n") for c in range(ncols)]
        for n in range(max(len(p) for p in parts)):
            lines.append(GAP.join(_pad(p[n] if n < len(p) else "", w, num)
                                  for p, w, num in zip(parts, widths, numeric)).rstrip())
    if not heads:
        lines.append(rule)
    return "\n".join(lines)
