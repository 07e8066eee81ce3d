"""Reading and writing board descriptions: JSON format 1, or the text format.

``load(text)`` returns the format-1 document as a dict: JSON is returned as
parsed (no validation; that is ``ghcli.rules.board``); the text format is
returned in canonical form (see ``canonical``). ``dump(doc)`` writes any
format-1 document in the text format, and ``load(dump(doc))`` equals
``canonical(doc)``: the conversion is lossless. Keys beyond format 1 (the
test files' ``expected``, ``los``, ``message``, ``notes``, ``source``, or
unknown keys of figures, the action and its attack) are carried, not dropped.

The text format (documented with examples in the README, "board pictures")::

    board: gloomhaven flat        rule set and orientation (both optional)
    active: guard-1               the active monster's id (or its map label)
    move: 2 jump                  movement; jump / flying / teleport
    attack: range 3 targets 2     or: melee, none; targets N|all; area dq,dr ...;
                                  muddled
    map: 0,0                      coordinates of the map's first hex (the top
                                  line's leftmost hex); the map follows
    .       .       #
        .      g1       .
    c1  ___ .   ^
        .       .
    figures:
    c1 = brute character 15       LABEL [= ID] SIDE [INITIATIVE] [elite]
    g1 = guard-1 monster elite    [invisible] [standee N] [at Q,R] [KEY=JSON]
    walls: 2,0|2,1                walls the map cannot show (pairs of hexes)
    terrain: trap 9,9             terrain the map cannot show
    extra: message "..."          keys beyond format 1, one JSON value each

Map grid, flat orientation: every 4 characters are one column of hexes (q
grows to the right); a hex is written in the column's first 3 characters,
the 4th is a separator. Going down one line moves half a hex down, so a
column has a hex on every other line and neighbouring columns alternate
(doubled-height layout: line = 2 r + q). A hex is ``.`` (plain), terrain
characters ``#`` obstacle, ``^`` trap, ``!`` hazardous, ``~`` difficult,
``=`` icy, or a figure's label (letters, digits, ``-``, ``_``), optionally
followed by terrain characters (``m1#``: m1 on an obstacle). Blank: no hex.
Thin walls: ``___`` in the gap between two hexes of one column; in the
separator right of a hex ``\\`` (upper-right edge), ``/`` (lower-right edge) or
``>`` (both); left of a hex ``/`` (upper-left), ``\\`` (lower-left) or ``<``.
Pointy orientation: one line per row r, hexes 4 characters apart and each row
shifted 2 characters (doubled-width layout: position = 2 (2 q + r)); ``|``
between two hexes of a row is a wall; other walls go in ``walls:`` lines.
Comments (``#`` first) and blank lines are allowed outside the map; the map
runs from ``map:`` to the next ``key:`` line.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterable, Optional

from ghcli.errors import BadInput
from ghcli.rules.board import TERRAINS
from ghcli.rules.rulesets import RULE_SET_NAMES

TERRAIN_CHAR = {"obstacle": "#", "trap": "^", "hazardous": "!", "difficult": "~", "icy": "="}
CHAR_TERRAIN = {c: k for k, c in TERRAIN_CHAR.items()}
FLAGS = ("jump", "flying", "teleport", "muddled")
FORMAT1_KEYS = ("format", "rules", "orientation", "hexes", "terrain", "walls", "figures", "active", "action")
HEADER_KEYS = ("board", "active", "move", "attack", "map", "figures", "walls", "terrain", "extra")
ORIENTATIONS = ("flat", "pointy")

#: Limits on what a board may hold (issue 14): coordinates, counts, nesting.
MAX_COORD = 1000
MAX_HEXES = 2000
MAX_FIGURES = 60
MAX_AREA = 30
MAX_DEPTH = 50
MAX_TEXT = 5_000_000  # characters of one board file

_LABEL = r"[A-Za-z0-9][A-Za-z0-9_-]*"
_LABEL_RE = re.compile(_LABEL + r"\Z")
_TOKEN_RE = re.compile(r"([#^!~=]*)(" + _LABEL + r")?([#^!~=]*)\Z")
_HEADER_RE = re.compile(r"(" + "|".join(HEADER_KEYS) + r"):(?:\s|$)")
_HEX_RE = re.compile(r"(-?\d+),(-?\d+)\Z")
_KV_RE = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*)=")
_BARE_ID = re.compile(r"[^\s\"=]+\Z")

#: Flat layout: wall marks in the separator right / left of a hex, by direction (dq, dr) to the neighbour.
FLAT_RIGHT_MARKS = {(1, -1): "\\", (1, 0): "/"}
FLAT_LEFT_MARKS = {(-1, 0): "/", (-1, 1): "\\"}


# --------------------------------------------------------------------------- load


def load(text: str) -> dict:
    """A board document (dict, format 1) from JSON or the text format.

    Refuses (BadInput) a text longer than ``MAX_TEXT`` characters and JSON
    nested deeper than ``MAX_DEPTH`` levels (also in an ``extra:`` line).
    """
    if len(text) > MAX_TEXT:
        raise BadInput(f"board is {len(text):,} characters long; at most {MAX_TEXT:,}")
    stripped = text.lstrip()
    if stripped.startswith("{"):
        doc = json_value(text, "board")
        if not isinstance(doc, dict):
            raise BadInput("board JSON must be an object")
        return doc
    if not stripped:
        raise BadInput("board is empty")
    lines = text.splitlines()
    if not any(_HEADER_RE.match(line) for line in lines):
        raise BadInput("board is neither JSON (format 1) nor the text format (no 'map:' or other 'key:' line)")
    return _Parser(lines).parse()


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


class _Parser:
    def __init__(self, lines: list[str]):
        self.lines = [line.expandtabs(8).rstrip() for line in lines]
        self.doc: dict = {}

    def err(self, lineno: int, msg: str, col: Optional[int] = None) -> BadInput:
        where = f"line {lineno}" + (f", column {col}" if col is not None else "")
        return BadInput(f"text board, {where}: {msg}")

    # -- structure ----------------------------------------------------------
    def parse(self) -> dict:
        header: dict[str, list] = {k: [] for k in HEADER_KEYS}
        figure_lines: list[tuple[int, str]] = []
        map_lines: list[tuple[int, str]] = []
        map_at: Optional[tuple[int, str]] = None
        section = None
        for i, line in enumerate(self.lines, 1):
            m = _HEADER_RE.match(line)
            if m:
                key, value = m.group(1), line[m.end():].strip()
                section = key if key in ("map", "figures") else None
                if key == "map":
                    if map_at is not None:
                        raise self.err(i, f"a second 'map:' (the first is on line {map_at[0]})")
                    map_at = (i, value)
                elif key == "figures":
                    if value:
                        figure_lines.append((i, value))
                else:
                    header[key].append((i, value))
                continue
            if section == "map":
                map_lines.append((i, line))
                continue
            s = line.strip()
            if not s or s.startswith("#"):
                continue
            if section == "figures":
                figure_lines.append((i, s))
                continue
            word = s.split()[0]
            raise self.err(i, f"unexpected {word!r}: expected 'key: value' (one of {', '.join(k + ':' for k in HEADER_KEYS)})")
        for key in ("board", "active", "move", "attack", "map"):
            if len(header[key]) > 1:
                raise self.err(header[key][1][0], f"a second '{key}:' line")
        rules, orientation = self._board(header["board"])
        if map_at is None:
            raise BadInput("text board has no 'map:' section")
        figures = [self._figure(i, s) for i, s in figure_lines]
        cells, map_walls = self._map(map_at, map_lines, orientation)
        return self._assemble(rules, orientation, cells, map_walls, figures, header)

    def _board(self, entries) -> tuple[str, str]:
        rules, orientation = "gloomhaven", "flat"
        for i, value in entries:
            for word in value.split():
                if word in RULE_SET_NAMES:
                    rules = word
                elif word in ORIENTATIONS:
                    orientation = word
                else:
                    raise self.err(i, f"unknown word {word!r} in 'board:' (rule sets: {', '.join(RULE_SET_NAMES)}; orientations: flat, pointy)")
        return rules, orientation

    # -- words ----------------------------------------------------------------
    def _hex(self, i: int, word: str, what: str = "hex") -> list[int]:
        m = _HEX_RE.match(word)
        if not m:
            raise self.err(i, f"{what} {word!r} is not Q,R (two integers, no spaces)")
        q, r = (int(g) if len(g) < 10 else MAX_COORD + 1 for g in m.groups())
        if abs(q) > MAX_COORD or abs(r) > MAX_COORD:
            raise self.err(i, f"{what} {word[:40]!r} is beyond the coordinate limit (each within +-{MAX_COORD})")
        return [q, r]

    def _words(self, i: int, value: str) -> tuple[list[str], dict]:
        """Plain words, then KEY=JSON pairs (which may contain spaces)."""
        words: list[str] = []
        extras: dict = {}
        pos = 0
        dec = json.JSONDecoder()
        while pos < len(value):
            if value[pos].isspace():
                pos += 1
                continue
            m = _KV_RE.match(value, pos)
            if m:
                try:
                    v, end = dec.raw_decode(value, m.end())
                except ValueError:
                    raise self.err(i, f"{m.group(1)}= needs a JSON value") from None
                except RecursionError:
                    raise self.err(i, f"{m.group(1)}=: JSON nested deeper than {MAX_DEPTH} levels") from None
                check_depth(v, f"text board, line {i}, {m.group(1)}=")
                extras[m.group(1)] = v
                pos = end
                continue
            end = pos
            while end < len(value) and not value[end].isspace():
                end += 1
            if extras:
                raise self.err(i, f"{value[pos:end]!r} after KEY=VALUE pairs (put plain words first)")
            words.append(value[pos:end])
            pos = end
        return words, extras

    def _number(self, i: int, word: str, what: str):
        try:
            v = json.loads(word)
        except (ValueError, RecursionError):
            v = None
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise self.err(i, f"{what} {word!r} is not a number")
        return v

    def _int(self, i: int, word: str, what: str) -> int:
        v = self._number(i, word, what)
        if not isinstance(v, int):
            raise self.err(i, f"{what} {word!r} is not a whole number")
        return v

    # -- figures ------------------------------------------------------------
    def _figure(self, i: int, s: str) -> dict:
        label, rest = (s.split(None, 1) + [""])[:2]
        if not _LABEL_RE.match(label):
            raise self.err(i, f"figure label {label!r} must be letters, digits, '-' or '_' (starting with a letter or digit)")
        fid = label
        rest = rest.strip()
        if rest.startswith("="):
            rest = rest[1:].lstrip()
            if rest.startswith('"'):
                try:
                    fid, end = json.JSONDecoder().raw_decode(rest)
                except json.JSONDecodeError:
                    raise self.err(i, "the figure's id after '=' is a broken JSON string") from None
                if not isinstance(fid, str):
                    raise self.err(i, "the figure's id after '=' must be a string")
                rest = rest[end:]
            else:
                parts = rest.split(None, 1) + [""]
                fid, rest = parts[0], parts[1]
                if not fid:
                    raise self.err(i, f"figure {label}: an id must follow '='")
        words, extras = self._words(i, rest)
        if not words:
            raise self.err(i, f"figure {label}: its side is missing (character, summon or monster)")
        fig: dict = {"id": fid, "side": words[0]}
        at = None
        k = 1
        while k < len(words):
            w = words[k]
            if w in ("elite", "invisible"):
                fig[w] = True
            elif w == "standee":
                if k + 1 >= len(words):
                    raise self.err(i, f"figure {label}: 'standee' needs a number")
                fig["standee"] = self._int(i, words[k + 1], "standee")
                k += 1
            elif w == "at":
                if k + 1 >= len(words):
                    raise self.err(i, f"figure {label}: 'at' needs Q,R")
                at = self._hex(i, words[k + 1])
                k += 1
            elif "initiative" not in fig and re.match(r"-?\d", w):
                fig["initiative"] = self._number(i, w, "initiative")
            else:
                raise self.err(i, f"figure {label}: unknown word {w!r} (expected an initiative, elite, invisible, standee N, at Q,R or KEY=JSON)")
            k += 1
        for key, v in extras.items():
            fig[key] = v
        return {"label": label, "fig": fig, "at": at, "line": i}

    # -- map ----------------------------------------------------------------
    def _map(self, map_at, map_lines, orientation):
        i0, origin_text = map_at
        origin = self._hex(i0, origin_text, "map origin") if origin_text else [0, 0]
        while map_lines and not map_lines[-1][1].strip():
            map_lines.pop()
        while map_lines and not map_lines[0][1].strip():
            map_lines.pop(0)
        flat = orientation == "flat"
        # every non-blank character, classified by position
        cells: list[tuple[int, int, int, int, str]] = []  # (L, c, lineno, col, token)
        seps: list[tuple[int, int, int, int, str]] = []  # (L, p, lineno, col, char)
        slots: list[tuple[int, int, int, int]] = []  # (L, c, lineno, col) for '___'
        first = None
        seen: dict = {}
        for L, (lineno, line) in enumerate(map_lines):
            p = 0
            n = len(line)
            while p < n:
                ch = line[p]
                if ch == " ":
                    p += 1
                    continue
                if flat:
                    c = p // 4
                elif first is None:
                    c = p // 2
                else:
                    # cells of line L start at 2k, k of the parity the first hex sets
                    c = p // 2 if (L - p // 2 - first[0] + first[1]) % 2 == 0 else p // 2 - 1
                start = (4 if flat else 2) * c
                end = start + 3
                if p == end:
                    seps.append((L, p, lineno, p + 1, ch))
                    p += 1
                    continue
                tok_end = p
                while tok_end < min(end, n) and line[tok_end] != " ":
                    tok_end += 1
                token = line[p:tok_end]
                if first is None:
                    first = (L, c)
                if set(token) <= set("/\\<>|"):
                    seps_at = "4, 8, 12, ..." if flat else "right after a hex"
                    raise self.err(lineno, f"wall mark {token!r} is not on a separator (character {seps_at} of a "
                                   "line, next to a hex)", p + 1)
                if (L - c - first[0] + first[1]) % 2 != 0:
                    if flat and set(token) <= {"_"}:
                        slots.append((L, c, lineno, p + 1))
                        p = tok_end
                        continue
                    if flat:
                        raise self.err(lineno, f"{token!r} is half a hex off the grid: on one line hexes are 8 characters "
                                       "apart (this column has its hexes on the lines above and below; only '___', a wall, "
                                       "goes between them)", p + 1)
                    raise self.err(lineno, f"{token!r} is off the hex grid (in a row hexes are 4 characters apart, "
                                   "and each row is shifted 2 characters)", p + 1)
                if (L, c) in seen:
                    raise self.err(lineno, f"{seen[(L, c)]!r} and {token!r} in one hex (a hex is at most 3 characters, "
                                   "then a separator)", p + 1)
                seen[(L, c)] = token
                cells.append((L, c, lineno, p + 1, token))
                if len(cells) > MAX_HEXES:
                    raise self.err(lineno, f"the map has more than {MAX_HEXES:,} hexes (the limit)", p + 1)
                p = tok_end
        if first is None:
            return {}, set()
        # coordinates: the first token is the origin hex
        fL, fc = first

        def coords(L: int, c: int) -> tuple[int, int]:
            if flat:
                q = origin[0] + (c - fc)
                y = 2 * origin[1] + origin[0] + (L - fL)
                return (q, (y - q) // 2)
            r = origin[1] + (L - fL)
            x = 2 * origin[0] + origin[1] + (c - fc)
            return ((x - r) // 2, r)

        out: dict = {}
        for L, c, lineno, col, token in cells:
            h = coords(L, c)
            if abs(h[0]) > MAX_COORD or abs(h[1]) > MAX_COORD:
                raise self.err(lineno, f"hex {list(h)} is beyond the coordinate limit (each within +-{MAX_COORD})", col)
            out[h] = (token, lineno, col)
        walls: set = set()
        for L, c, lineno, col in slots:
            above, below = coords(L - 1, c), coords(L + 1, c)
            walls.add(_wall(above, below))
        for L, p, lineno, col, ch in seps:
            if flat:
                c = p // 4
                if (L - c - fL + fc) % 2 == 0:
                    owner_c, side = c, "right"
                else:
                    owner_c, side = c + 1, "left"
                owner = coords(L, owner_c)
                if owner not in out:
                    raise self.err(lineno, f"wall mark {ch!r} is not next to a hex", col)
                table = FLAT_RIGHT_MARKS if side == "right" else FLAT_LEFT_MARKS
                both = ">" if side == "right" else "<"
                dirs = [d for d, mark in table.items() if ch == both or ch == mark]
                if not dirs:
                    allowed = "'\\', '/' or '>'" if side == "right" else "'/', '\\' or '<'"
                    raise self.err(lineno, f"{ch!r} {side} of a hex may only be a wall mark ({allowed}); "
                                   "a hex is at most 3 characters, every 4th character is a separator", col)
                for dq, dr in dirs:
                    walls.add(_wall(owner, (owner[0] + dq, owner[1] + dr)))
            else:
                if ch != "|":
                    raise self.err(lineno, f"{ch!r} between two hexes of a row may only be '|' (a wall)", col)
                k_left = (p - 3) // 2
                left, right = coords(L, k_left), coords(L, k_left + 2)
                walls.add(_wall(left, right))
        return out, walls

    # -- the document -------------------------------------------------------
    def _assemble(self, rules, orientation, cells, map_walls, figures, header) -> dict:
        labels: dict[str, dict] = {}
        for f in figures:
            if f["label"] in labels:
                raise self.err(f["line"], f"figure label {f['label']!r} is used twice (also line {labels[f['label']]['line']})")
            labels[f["label"]] = f
        terrain: dict[str, set] = {k: set() for k in TERRAINS}
        placed: dict[str, tuple] = {}
        hexes = []
        for h, (token, lineno, col) in sorted(cells.items()):
            hexes.append(list(h))
            if token == ".":
                continue
            m = _TOKEN_RE.match(token)
            if not m:
                raise self.err(lineno, f"{token!r} is not a hex: write '.', terrain (# ^ ! ~ =), or a figure label", col)
            label = m.group(2)
            for ch in m.group(1) + m.group(3):
                terrain[CHAR_TERRAIN[ch]].add(h)
            if label:
                if label not in labels:
                    raise self.err(lineno, f"{label!r} is not a figure: list it under 'figures:' (e.g. '{label} character 20')", col)
                if label in placed:
                    raise self.err(lineno, f"figure {label!r} is on the map twice (also line {placed[label][1]})", col)
                if labels[label]["at"] is not None:
                    raise self.err(lineno, f"figure {label!r} is on the map and has 'at' (line {labels[label]['line']}): give one", col)
                placed[label] = (h, lineno)
        figs = []
        for f in figures:
            fig = dict(f["fig"])
            if f["at"] is not None:
                at = f["at"]
            elif f["label"] in placed:
                at = list(placed[f["label"]][0])
            else:
                raise self.err(f["line"], f"figure {f['label']!r} is not on the map: write its label in a hex, or add 'at Q,R'")
            figs.append({"id": fig.pop("id"), "side": fig.pop("side"), "at": at, **fig})
        walls = set(map_walls)
        for i, value in header["walls"]:
            for word in value.split():
                parts = word.split("|")
                if len(parts) != 2:
                    raise self.err(i, f"wall {word!r} is not Q,R|Q,R")
                walls.add(_wall(tuple(self._hex(i, parts[0])), tuple(self._hex(i, parts[1]))))
        for i, value in header["terrain"]:
            words = value.split()
            if not words:
                raise self.err(i, "'terrain:' needs a kind and hexes")
            kind = words[0]
            terrain.setdefault(kind, set())
            for word in words[1:]:
                terrain[kind].add(tuple(self._hex(i, word)))
        doc: dict = {
            "format": 1,
            "rules": rules,
            "orientation": orientation,
            "hexes": hexes,
            "terrain": {k: [list(h) for h in sorted(v)] for k, v in terrain.items()},
            "walls": [[list(a), list(b)] for a, b in sorted(walls)],
            "figures": figs,
        }
        if header["active"]:
            i, value = header["active"][0]
            active = _json_or_bare(value)
            ids = [f["id"] for f in figs]
            if active not in ids and active in labels:
                active = labels[active]["fig"]["id"]
            doc["active"] = active
        if header["move"] or header["attack"]:
            doc["action"] = self._action(header)
        for i, value in header["extra"]:
            parts = value.split(None, 1)
            if len(parts) != 2:
                raise self.err(i, "'extra:' needs a key and a JSON value")
            key, raw = parts
            if key in FORMAT1_KEYS:
                raise self.err(i, f"'extra: {key}' is a format-1 key: use the text format's own line for it")
            try:
                doc[key] = json.loads(raw)
            except json.JSONDecodeError as e:
                raise self.err(i, f"extra {key}: not valid JSON ({e.msg})") from None
            except ValueError as e:
                raise self.err(i, f"extra {key}: not valid JSON ({e})") from None
            except RecursionError:
                raise self.err(i, f"extra {key}: JSON nested deeper than {MAX_DEPTH} levels") from None
            check_depth(doc[key], f"text board, line {i}, extra {key}")
        _keep_labels(doc, [f["label"] for f in figures])
        return doc

    def _action(self, header) -> dict:
        action: dict = {"move": 0, "attack": None, "jump": False, "flying": False, "teleport": False, "muddled": False}
        if header["move"]:
            i, value = header["move"][0]
            words, extras = self._words(i, value)
            if not words:
                raise self.err(i, "'move:' needs a number (0 for no move)")
            action["move"] = self._int(i, words[0], "move")
            for w in words[1:]:
                if w not in FLAGS:
                    raise self.err(i, f"unknown word {w!r} in 'move:' (jump, flying, teleport, muddled)")
                action[w] = True
            action.update(extras)
        if header["attack"]:
            i, value = header["attack"][0]
            words, extras = self._words(i, value)
            if not words:
                raise self.err(i, "'attack:' needs melee, range N or none")
            attack: Optional[dict] = {"range": 0, "targets": 1, "area": []}
            k = 0
            while k < len(words):
                w = words[k]
                nxt = words[k + 1] if k + 1 < len(words) else None
                if w == "none":
                    attack = None
                elif w == "melee":
                    pass
                elif w in ("range", "targets") and attack is not None:
                    if nxt is None:
                        raise self.err(i, f"'{w}' needs a number")
                    attack[w] = "all" if (w == "targets" and nxt == "all") else self._int(i, nxt, w)
                    k += 1
                elif w == "area" and attack is not None:
                    while k + 1 < len(words) and _HEX_RE.match(words[k + 1]):
                        attack["area"].append(self._hex(i, words[k + 1], "area offset"))
                        k += 1
                elif w in FLAGS:
                    action[w] = True
                else:
                    raise self.err(i, f"unknown word {w!r} in 'attack:' (melee, range N, targets N|all, area DQ,DR ..., muddled, none)")
                k += 1
            if attack is None:
                action["attack"] = None
                action.update({k2: v for k2, v in extras.items()})
            else:
                attack.update(extras)
                action["attack"] = attack
        return action


def figure_line(text: str) -> dict:
    """One ``figures:`` line (``g = guard monster``, ``b = brute character 10``) as
    ``{"label": ..., "figure": {...}}`` (the figure without ``at`` unless given)."""
    p = _Parser([])
    try:
        f = p._figure(1, text.strip())
    except BadInput as e:
        raise BadInput(str(e).replace("text board, line 1: ", "")) from None
    fig = dict(f["fig"])
    if f["at"] is not None:
        fig["at"] = f["at"]
    return {"label": f["label"], "figure": fig}


def apply_header(doc: dict, line: str) -> dict:
    """``doc`` (canonical, changed in place and returned) with one header line of the text format:
    ``board: RULES ORIENTATION``, ``active: ID-or-label``, ``move: N [jump] [flying] [teleport]``
    or ``attack: ...`` (each replaces what it describes)."""
    m = _HEADER_RE.match(line.strip())
    key = m.group(1) if m else None
    if key not in ("board", "active", "move", "attack"):
        raise BadInput("expected a 'board:', 'active:', 'move:' or 'attack:' line")
    value = line.strip()[m.end():].strip()
    p = _Parser([])
    try:
        if key == "board":
            doc["rules"], doc["orientation"] = p._board([(1, value)])
        elif key == "active":
            name = _json_or_bare(value)
            for f in doc["figures"]:
                if name in (f["id"], f.get("label")):
                    name = f["id"]
                    break
            doc["active"] = name
        else:
            header = {k: [] for k in HEADER_KEYS}
            header[key] = [(1, value)]
            new = p._action(header)
            action = doc.setdefault("action", {"move": 0, "attack": None, "jump": False, "flying": False,
                                               "teleport": False, "muddled": False})
            if key == "move":
                for k in ("move", "jump", "flying", "teleport"):
                    action[k] = new[k]
                action["muddled"] = action.get("muddled", False) or new["muddled"]
            else:
                action["attack"] = new["attack"]
                action["muddled"] = new["muddled"]
    except BadInput as e:
        raise BadInput(str(e).replace("text board, line 1: ", "")) from None
    return doc


def _keep_labels(doc: dict, typed: list) -> None:
    """Record each figure's typed map label (key ``label``) where ghcli would not pick it by itself.

    So a picture of the board shows the labels the user typed, and a board
    converted from JSON (whose labels ghcli picked) converts back to itself.
    """
    figs = doc["figures"]
    free = [i for i, f in enumerate(figs) if "label" not in f]
    if not free:
        return
    d = canonical(doc)
    room = rooms(d)
    auto = labels(d, room)
    for i in free:
        if typed[i] != auto.get(i):
            figs[i]["label"] = typed[i]
    d = canonical(doc)
    if any(labels(d, room).get(i) != typed[i] for i in free):
        for i in free:  # ghcli's picks shifted: record every label that is not the id
            if typed[i] != figs[i]["id"]:
                figs[i]["label"] = typed[i]
            else:
                figs[i].pop("label", None)


def _wall(a, b) -> tuple:
    a, b = tuple(a), tuple(b)
    return (a, b) if a <= b else (b, a)


def _json_or_bare(value: str):
    value = value.strip()
    if value.startswith('"'):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            raise BadInput(f"text board: {value!r} is a broken JSON string") from None
    return value


# --------------------------------------------------------------------------- canonical form


def _pair(v: Any, what: str) -> tuple[int, int]:
    if (
        not isinstance(v, (list, tuple))
        or len(v) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)
    ):
        raise BadInput(f"{what}: {_short(v)} is not a hex [q, r] of two integers")
    check_limits(v, what)
    return (v[0], v[1])


def _short(v: Any) -> str:
    """A value as JSON, cut to 60 characters (for messages)."""
    try:
        text = json.dumps(v, ensure_ascii=False)
    except (ValueError, RecursionError):
        text = repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


def canonical(doc: dict) -> dict:
    """The document with defaults filled in and hex lists sorted (same board, one spelling).

    Two documents describe the same board exactly when their canonical forms are
    equal. Raises BadInput where the document's shape makes that impossible.
    """
    if not isinstance(doc, dict):
        raise BadInput("board must be an object")
    if doc.get("format", 1) != 1:
        raise BadInput(f"board format {doc.get('format')!r} is not 1")
    out: dict = {"format": 1, "rules": doc.get("rules", "gloomhaven"), "orientation": doc.get("orientation", "flat")}
    if "hexes" not in doc:
        raise BadInput("board has no 'hexes'")
    hexes = _list(doc["hexes"], "hexes")
    if len(hexes) > MAX_HEXES:
        raise BadInput(f"board has {len(hexes):,} hexes; at most {MAX_HEXES:,}")
    out["hexes"] = [list(h) for h in sorted({_pair(h, "hexes") for h in hexes})]
    terrain = doc.get("terrain") or {}
    if not isinstance(terrain, dict):
        raise BadInput("terrain must be an object of lists")
    t: dict = {k: [] for k in TERRAINS}
    for kind, hexes in terrain.items():
        hexes = _list(hexes, f"terrain {kind}")
        if len(hexes) > MAX_HEXES:
            raise BadInput(f"terrain {kind} has {len(hexes):,} hexes; at most {MAX_HEXES:,}")
        t[kind] = [list(h) for h in sorted({_pair(h, f"terrain {kind}") for h in hexes})]
    out["terrain"] = t
    walls = set()
    wall_list = _list(doc.get("walls") or [], "walls")
    if len(wall_list) > 3 * MAX_HEXES:
        raise BadInput(f"board has {len(wall_list):,} walls; at most {3 * MAX_HEXES:,}")
    for w in wall_list:
        if not isinstance(w, (list, tuple)) or len(w) != 2:
            raise BadInput(f"walls: {json.dumps(w)} is not a pair of hexes")
        walls.add(_wall(_pair(w[0], "walls"), _pair(w[1], "walls")))
    out["walls"] = [[list(a), list(b)] for a, b in sorted(walls)]
    figs = []
    fig_list = _list(doc.get("figures") or [], "figures")
    if len(fig_list) > MAX_FIGURES:
        raise BadInput(f"board has {len(fig_list):,} figures; at most {MAX_FIGURES}")
    for f in fig_list:
        if not isinstance(f, dict) or not isinstance(f.get("id"), str) or not isinstance(f.get("side"), str):
            raise BadInput(f"figures: {_short(f)} needs a string 'id' and 'side'")
        fig = {"id": f["id"], "side": f["side"], "at": list(_pair(f.get("at"), f"figure {f['id']} at"))}
        fig.update({k: v for k, v in f.items() if k not in fig})
        figs.append(fig)
    out["figures"] = figs
    if "active" in doc:
        out["active"] = doc["active"]
    if "action" in doc:
        a = doc["action"]
        if not isinstance(a, dict):
            raise BadInput("action must be an object")
        action = {"move": a.get("move") or 0, "attack": None}
        atk = a.get("attack")
        if atk is not None:
            if not isinstance(atk, dict):
                raise BadInput("action.attack must be an object or null")
            area = _list(atk.get("area") or [], "attack area")
            if len(area) > MAX_AREA:
                raise BadInput(f"attack area has {len(area)} hexes; at most {MAX_AREA}")
            attack = {"range": atk.get("range", 0), "targets": atk.get("targets", 1),
                      "area": [list(_pair(o, "attack area")) for o in area]}
            attack.update({k: v for k, v in atk.items() if k not in attack})
            action["attack"] = attack
        for flag in FLAGS:
            action[flag] = bool(a.get(flag, False))
        action.update({k: v for k, v in a.items() if k not in action})
        out["action"] = action
    for k, v in doc.items():
        if k not in out and k not in FORMAT1_KEYS:
            out[k] = v
    return out


def _list(v: Any, what: str) -> list:
    if not isinstance(v, (list, tuple)):
        raise BadInput(f"{what} must be a list")
    return list(v)


# --------------------------------------------------------------------------- dump


def labels(doc: dict, room: Optional[dict] = None) -> dict[int, str]:
    """A short map label (at most 3 characters) for each figure index.

    The figure's own ``label`` (kept from a text board) where it is a valid
    label that fits (with ``room[i]`` characters, default 3), else its id
    where that fits, otherwise a free alias (A, B, ..., A1 ...). Figures
    that cannot get one are left out.
    """
    figs = doc.get("figures") or []
    ids = {f.get("id") for f in figs if isinstance(f, dict)}
    own = {f.get("label") for f in figs if isinstance(f, dict)}
    used: set = set()
    out: dict[int, str] = {}
    width = {i: (room or {}).get(i, 3) for i in range(len(figs))}

    def fits(i: int, name) -> bool:
        return isinstance(name, str) and bool(_LABEL_RE.match(name)) and len(name) <= width[i] and name not in used

    for i, f in enumerate(figs):  # the board's own labels first
        name = f.get("label") if isinstance(f, dict) else None
        if fits(i, name):
            out[i] = name
            used.add(name)
    pending = []
    for i, f in enumerate(figs):
        if i in out:
            continue
        fid = f.get("id") if isinstance(f, dict) else None
        if fits(i, fid) and (fid not in own or fid == f.get("label")):
            out[i] = fid
            used.add(fid)
        else:
            pending.append(i)
    aliases = [a for a in _aliases() if a not in ids and a not in own] if pending else []
    for i in pending:
        for a in aliases:
            if len(a) <= width[i] and a not in used:
                out[i] = a
                used.add(a)
                break
    return out


def rooms(d: dict) -> dict[int, int]:
    """Characters left for the label of each figure drawn in the text map (canonical ``d``)."""
    hexset = {tuple(h) for h in d["hexes"]}
    tchars: dict[tuple, int] = {}
    for kind, hexes in d["terrain"].items():
        if kind in TERRAIN_CHAR:
            for h in hexes:
                if tuple(h) in hexset:
                    tchars[tuple(h)] = tchars.get(tuple(h), 0) + 1
    occupied: dict[tuple, int] = {}
    for i, f in enumerate(d["figures"]):
        h = tuple(f["at"])
        if h in hexset and h not in occupied:
            occupied[h] = i
    room = {i: 3 - (tchars.get(h, 0) if tchars.get(h, 0) <= 3 else 0) for h, i in occupied.items()}
    return {i: w for i, w in room.items() if w > 0}


def _aliases() -> Iterable[str]:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    yield from letters
    for a in letters:
        for d in range(1, 100):
            yield f"{a}{d}"


def _fmt_hex(h) -> str:
    return f"{h[0]},{h[1]}"


def _fmt_value(v) -> str:
    return json.dumps(v, ensure_ascii=False)


def _fmt_id(fid: str) -> str:
    return fid if _BARE_ID.match(fid) and not fid.startswith('"') else json.dumps(fid, ensure_ascii=False)


def dump(doc: dict) -> str:
    """The board in the text format (load(dump(doc)) == canonical(doc))."""
    d = canonical(doc)
    flat = d["orientation"] == "flat"
    if d["orientation"] not in ORIENTATIONS:
        raise BadInput(f"orientation {d['orientation']!r} is neither flat nor pointy")
    if d["rules"] not in RULE_SET_NAMES:
        raise BadInput(f"rules {d['rules']!r} is not one of {', '.join(RULE_SET_NAMES)}")
    hexset = {tuple(h) for h in d["hexes"]}
    # terrain characters per hex (known kinds on map hexes, at most 3)
    tchars: dict[tuple, str] = {}
    extra_terrain: dict[str, list] = {}
    for kind, hexes in d["terrain"].items():
        for h in hexes:
            h = tuple(h)
            if kind in TERRAIN_CHAR and h in hexset:
                tchars[h] = tchars.get(h, "") + TERRAIN_CHAR[kind]
            else:
                extra_terrain.setdefault(kind, []).append(h)
    for h, chars in list(tchars.items()):
        if len(chars) > 3:
            for ch in chars:
                extra_terrain.setdefault(CHAR_TERRAIN[ch], []).append(h)
            del tchars[h]
    # figures: in the map where possible
    occupied: dict[tuple, int] = {}
    for i, f in enumerate(d["figures"]):
        h = tuple(f["at"])
        if h in hexset and h not in occupied:
            occupied[h] = i
    room = rooms(d)  # the others are written with 'at'
    label_of = labels(d, room)
    in_map = {i for h, i in occupied.items() if i in room and i in label_of and len(label_of[i]) <= room[i]}
    tokens: dict[tuple, str] = {}
    for h in hexset:
        tokens[h] = tchars.get(h, "") or "."
    for h, i in occupied.items():
        if i in in_map:
            tokens[h] = label_of[i] + tchars.get(h, "")
    # walls
    map_walls: set = set()
    line_walls = []
    for a, b in d["walls"]:
        a, b = tuple(a), tuple(b)
        dq, dr = b[0] - a[0], b[1] - a[1]
        drawable = a in hexset and b in hexset and (
            (flat and (dq, dr) in ((1, 0), (0, 1), (1, -1))) or (not flat and (dq, dr) == (1, 0))
        )
        (map_walls.add((a, b)) if drawable else line_walls.append((a, b)))
    grid = _grid(d["hexes"], tokens, map_walls, flat)
    out = [f"board: {d['rules']} {d['orientation']}"]
    if "active" in d:
        a = d["active"]
        out.append(f"active: {_fmt_id(a) if isinstance(a, str) else _fmt_value(a)}")
        if not isinstance(a, str):
            raise BadInput(f"active {a!r} must be a figure id (a string)")
    if "action" in d:
        out += _dump_action(d["action"])
    if d["hexes"]:
        origin = _first_hex(d["hexes"], flat)
        out.append(f"map: {_fmt_hex(origin)}")
        out += grid
    else:
        out.append("map:")
    if d["figures"]:
        out.append("figures:")
        for i, f in enumerate(d["figures"]):
            out.append(_dump_figure(i, f, label_of, in_map))
    if line_walls:
        out.append("walls: " + " ".join(f"{_fmt_hex(a)}|{_fmt_hex(b)}" for a, b in line_walls))
    for kind, hexes in extra_terrain.items():
        if not _LABEL_RE.match(kind):
            raise BadInput(f"terrain kind {kind!r} cannot be written in the text format")
        out.append(f"terrain: {kind} " + " ".join(_fmt_hex(h) for h in sorted(set(hexes))))
    for kind in d["terrain"]:
        if kind not in TERRAIN_CHAR and not d["terrain"][kind]:
            out.append(f"terrain: {kind}")
    for k, v in d.items():
        if k not in FORMAT1_KEYS:
            if not _LABEL_RE.match(k):
                raise BadInput(f"key {k!r} cannot be written in the text format")
            out.append(f"extra: {k} {json.dumps(v, ensure_ascii=False, separators=(',', ':'))}")
    return "\n".join(out) + "\n"


def _dump_action(a: dict) -> list[str]:
    move = a["move"]
    if isinstance(move, bool) or not isinstance(move, int):
        raise BadInput(f"action.move {move!r} is not a whole number")
    words = [str(move)] + [f for f in ("jump", "flying", "teleport") if a[f]]
    extras = {k: v for k, v in a.items() if k not in ("move", "attack") + FLAGS}
    lines = ["move: " + " ".join(words + _kv(extras))]
    atk = a["attack"]
    if atk is None:
        words = ["none"]
    else:
        rng, targets = atk["range"], atk["targets"]
        if isinstance(rng, bool) or not isinstance(rng, int):
            raise BadInput(f"attack range {rng!r} is not a whole number")
        if targets != "all" and (isinstance(targets, bool) or not isinstance(targets, int)):
            raise BadInput(f"attack targets {targets!r} is neither a whole number nor \"all\"")
        words = ["melee" if rng == 0 else f"range {rng}"]
        if targets != 1:
            words.append(f"targets {targets}")
        if atk["area"]:
            words.append("area " + " ".join(_fmt_hex(o) for o in atk["area"]))
    if a["muddled"]:
        words.append("muddled")
    attack_extras = {k: v for k, v in (atk or {}).items() if k not in ("range", "targets", "area")}
    lines.append("attack: " + " ".join(words + _kv(attack_extras)))
    return lines


def _kv(extras: dict) -> list[str]:
    out = []
    for k, v in extras.items():
        if not re.match(r"[A-Za-z_][A-Za-z0-9_-]*\Z", k):
            raise BadInput(f"key {k!r} cannot be written in the text format")
        out.append(f"{k}={json.dumps(v, ensure_ascii=False, separators=(',', ':'))}")
    return out


def _dump_figure(i: int, f: dict, label_of: dict, in_map: set) -> str:
    label = label_of.get(i)
    fid = f["id"]
    if label is None:
        # no free label (very many figures): fall back to a long one
        label = f"F{i + 1}"
    head = label if label == fid else f"{label} = {_fmt_id(fid)}"
    words = [head, f["side"]]
    if not _LABEL_RE.match(f["side"]):
        raise BadInput(f"figure {fid}: side {f['side']!r} cannot be written in the text format")
    rest = {k: v for k, v in f.items() if k not in ("id", "side", "at")}
    if rest.get("label") == label:
        del rest["label"]  # shown as the line's label
    init = rest.pop("initiative", None) if _is_number(rest.get("initiative")) else None
    if init is not None:
        words.append(json.dumps(init))
    for flag in ("elite", "invisible"):
        if rest.get(flag) is True:
            rest.pop(flag)
            words.append(flag)
    if isinstance(rest.get("standee"), int) and not isinstance(rest.get("standee"), bool):
        words.append(f"standee {rest.pop('standee')}")
    if i not in in_map:
        words.append(f"at {_fmt_hex(f['at'])}")
    return " ".join(words + _kv(rest))


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _first_hex(hexes, flat: bool) -> tuple[int, int]:
    """The map's first hex: on the top line, the leftmost."""
    if flat:
        return min((tuple(h) for h in hexes), key=lambda h: (2 * h[1] + h[0], h[0]))
    return min((tuple(h) for h in hexes), key=lambda h: (h[1], 2 * h[0] + h[1]))


def layout(hexes, flat: bool) -> tuple[dict, int, int]:
    """Text positions of hexes: {hex: (line, column)}, lines, width (cells 3 wide)."""
    hexes = [tuple(h) for h in hexes]
    if not hexes:
        return {}, 0, 0
    if flat:
        q0 = min(h[0] for h in hexes)
        y0 = min(2 * h[1] + h[0] for h in hexes)
        pos = {h: (2 * h[1] + h[0] - y0, 4 * (h[0] - q0)) for h in hexes}
    else:
        r0 = min(h[1] for h in hexes)
        x0 = min(2 * h[0] + h[1] for h in hexes)
        pos = {h: (h[1] - r0, 2 * (2 * h[0] + h[1] - x0)) for h in hexes}
    lines = max(p[0] for p in pos.values()) + 1
    width = max(p[1] for p in pos.values()) + 4
    return pos, lines, width


def _grid(hexes, tokens: dict, walls: set, flat: bool) -> list[str]:
    pos, nlines, width = layout(hexes, flat)
    rows: dict[int, bytearray] = {}  # only the lines that hold something (a sparse board stays small)

    def row(L: int) -> bytearray:
        r = rows.get(L)
        if r is None:
            r = rows[L] = bytearray(b" " * width)
        return r

    for h, (L, p) in pos.items():
        tok = tokens[h]
        start = p + (1 if len(tok) == 1 else 0)
        row(L)[start:start + len(tok)] = tok.encode("ascii")
    for a, b in walls:
        dq, dr = b[0] - a[0], b[1] - a[1]
        La, pa = pos[a]
        Lb, pb = pos[b]
        if not flat:
            row(La)[pa + 3] = ord("|")
        elif (dq, dr) == (0, 1):
            row(La + 1)[pa:pa + 3] = b"___"
        else:
            _mark(row(La), pa + 3, FLAT_RIGHT_MARKS[(dq, dr)], ">")
            _mark(row(Lb), pb - 1, FLAT_LEFT_MARKS[(-dq, -dr)], "<")
    return [rows[L].decode("ascii").rstrip() if L in rows else "" for L in range(nlines)]


def _mark(row: bytearray, p: int, ch: str, both: str) -> None:
    cur = chr(row[p])
    row[p] = ord(ch if cur in (" ", ch) else both)
