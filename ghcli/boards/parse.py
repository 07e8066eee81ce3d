"""Reading a board: JSON format 1 as parsed, the text format into its canonical form (``load``);
the board editor's one-line readers (``figure_line``, ``apply_header``)."""

from __future__ import annotations

import json
import re
from typing import Optional

from ghcli.boards.convert import canonical
from ghcli.boards.grammar import (
    CHAR_TERRAIN, FLAGS, FORMAT1_KEYS, HEADER_KEYS, LABEL, LABEL_RE, MAX_TEXT, ORIENTATIONS, check_depth,
    json_value, wall,
)
from ghcli.boards.labels import labels, rooms
from ghcli.boards.parse_map import read_map
from ghcli.errors import BadInput, did_you_mean
from ghcli.rules.board import MAX_COORD, MAX_DEPTH, SIDES, TERRAINS
from ghcli.rules.rulesets import READINGS, RULE_SET_NAMES

_TOKEN_RE = re.compile(r"([#^!~=]*)(" + LABEL + r")?([#^!~=]*)\Z")
_HEADER_RE = re.compile(r"(" + "|".join(HEADER_KEYS) + r"):(?:\s|$)")
_HEX_RE = re.compile(r"(-?\d+),(-?\d+)\Z")
_KV_RE = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*)=")


def load(text: str) -> dict:
    """A board document (dict, format 1) from JSON or the text format.

    Refuses (BadInput) a text longer than ``MAX_TEXT`` characters and JSON
    nested deeper than ``MAX_DEPTH`` levels (also in an ``extra:`` line).
    """
    return load_located(text)[0]


def load_located(text: str) -> tuple:
    """``(document, where)``: ``load``'s document and, for the text format, where each part of
    it was written (for ``locate``; None for JSON)."""
    if len(text) > MAX_TEXT:
        raise BadInput(f"board is {len(text):,} characters long; at most {MAX_TEXT:,}")
    stripped = text.lstrip()
    if stripped.startswith("{"):
        doc = json_value(text, "board")
        if not isinstance(doc, dict):
            raise BadInput("board JSON must be an object")
        _labels_once(doc)
        return doc, None
    if not stripped:
        raise BadInput("board is empty")
    lines = text.splitlines()
    if not any(_HEADER_RE.match(line) for line in lines):
        raise BadInput("board is neither JSON (format 1) nor the text format (no 'map:' or other 'key:' line)")
    parser = _Parser(lines)
    doc = parser.parse()
    return doc, dict(parser.where, lines=parser.lines)


def locate(message: str, where: Optional[dict]) -> str:
    """A message of the rules about a board read from the text format (``Board.from_dict``'s,
    which speak of the document: ``figure 'guard' has unknown side 'monstr'``) with the line and
    column of the text it is about and, where a known word is near the one refused, that word.
    Unchanged for JSON (``where`` None) or a message it cannot place."""
    if where is None or message.startswith("text board"):
        return message
    body = message[len("board: "):] if message.startswith("board: ") else message
    if "missing key 'active'" in body:
        return "text board: no 'active:' line: name the monster whose turn it is (active: LABEL)"
    if "missing key 'action'" in body:
        return "text board: no 'move:' or 'attack:' line: say what the monster's card gives it (move: 2, attack: melee)"
    key, hint = None, ""
    both = re.search(r"figures '([^']+)' and '([^']+)'", body)
    one = re.search(r"(?:figure|character|summon) '([^']+)'", body)
    if "active figure" in body:
        key = "active"
        if "not among" in body:
            hint = did_you_mean(re.search(r"'([^']*)'", body).group(1), where.get("names", ()))
    elif both:
        key = f"figure:{both.group(2)}"
    elif one:
        key = f"figure:{one.group(1)}"
        side = re.search(r"unknown side '([^']*)'", body)
        hint = did_you_mean(side.group(1), SIDES) if side else ""
    elif "action.move" in body:
        key = "move"
    elif "action" in body:
        key = "attack" if "attack" in where else "move"
    elif m := re.search(r"terrain\.(\w+)", body):
        key = f"terrain:{m.group(1)}" if f"terrain:{m.group(1)}" in where else "map"
        if "unknown terrain" in body:
            hint = did_you_mean(m.group(1), TERRAINS)
    elif "unknown terrain" in body:
        m = re.search(r"unknown terrain '([^']*)'", body)
        key = f"terrain:{m.group(1)}" if m else None
        hint = did_you_mean(m.group(1), TERRAINS) if m else ""
    elif m := re.search(r"walls\[\d+\] is between \[(-?\d+), (-?\d+)\] and \[(-?\d+), (-?\d+)\]", body):
        word = f"{m.group(1)},{m.group(2)}|{m.group(3)},{m.group(4)}"
        body = f"wall '{word}' is between hexes that are not adjacent"
        key = "walls"
        for n, text in enumerate(where["lines"], 1):
            if text.startswith("walls:") and word in text.split():
                where = dict(where, walls=n)
                break
    elif "reading" in body:
        key = "readings"
    elif body.startswith("card ") or "'card'" in body or "card:" in body or "unknown monster" in body \
            or "ability deck" in body or body.startswith("level "):
        key = "card"
    elif "hexes" in body:
        key = "map"
    if key not in where:
        return message
    lineno = where[key]
    line = where["lines"][lineno - 1]
    found = [line.find(q) + 1 for q in re.findall(r"'([^']+)'", body) if line.find(q) >= 0]
    if found:
        col = found[-1]  # the last word quoted is the one refused ("figure 'g' has unknown side 'x'")
    elif m := _HEADER_RE.match(line):
        rest = line[m.end():]
        col = m.end() + len(rest) - len(rest.lstrip()) + 1
    else:
        col = len(line) - len(line.lstrip()) + 1
    return f"text board, line {lineno}, column {col}: {body}{hint if 'did you mean' not in body else ''}"


def _labels_once(doc: dict) -> None:
    """Refuse two figures of a JSON board with one map label (the text format cannot say it either):
    the picture would show one of them and ``--from LABEL`` pick the other."""
    figures = doc.get("figures")
    seen: dict[str, object] = {}
    for f in figures if isinstance(figures, list) else ():
        label = f.get("label") if isinstance(f, dict) else None
        if isinstance(label, str):
            if label in seen:
                raise BadInput(f"board: figures {seen[label]!r} and {f.get('id')!r} have one label, "
                               f"{label!r}: a label names one figure")
            seen[label] = f.get("id")


class _Parser:
    def __init__(self, lines: list[str]):
        for i, line in enumerate(lines, 1):
            if "\t" in line:
                raise BadInput(f"text board, line {i}, column {line.index(chr(9)) + 1}: a tab: the text format "
                               "counts characters, and a tab would shift the map's hexes; use spaces")
        self.lines = [line.rstrip() for line in lines]
        self.doc: dict = {}
        #: where each part of the board was written, for the errors found once it is read
        #: (``locate``): "active", "move", "attack", "readings", "card", "map", "walls",
        #: "terrain:KIND", "figure:ID" -> (line, column)
        self.where: dict = {}

    def err(self, lineno: int, msg: str, col: Optional[int] = None) -> BadInput:
        if col is None:
            col = self._column(lineno, msg)
        return BadInput(f"text board, line {lineno}, column {col}: {msg}")

    def _column(self, lineno: int, msg: str) -> int:
        """Where on the line the problem is: the first word the message quotes that the line holds,
        else the value after 'key:', else the line's first character."""
        line = self.lines[lineno - 1] if 0 < lineno <= len(self.lines) else ""
        for quoted in re.findall(r"'([^']+)'", msg):
            k = line.find(quoted)
            if k >= 0:
                return k + 1
        m = _HEADER_RE.match(line)
        if m:
            rest = line[m.end():]
            return m.end() + (len(rest) - len(rest.lstrip())) + 1
        return len(line) - len(line.lstrip()) + 1

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
            keys = ", ".join(k + ":" for k in HEADER_KEYS)
            raise self.err(i, f"unexpected {word!r}: expected 'key: value' (one of {keys})"
                           + did_you_mean(word.rstrip(":"), HEADER_KEYS))
        for key in ("board", "readings", "active", "card", "move", "attack", "map"):
            if len(header[key]) > 1:
                raise self.err(header[key][1][0], f"a second '{key}:' line")
        for key in ("readings", "active", "card", "move", "attack", "walls"):
            if header[key]:
                self.where[key] = header[key][0][0]
        for i, value in header["terrain"]:
            if value.split():
                self.where.setdefault(f"terrain:{value.split()[0]}", i)
        if map_at is not None:
            self.where["map"] = map_at[0]
        rules, orientation = self._board(header["board"])
        if map_at is None:
            raise BadInput("text board has no 'map:' section")
        figures = [self._figure(i, s) for i, s in figure_lines]
        cells, map_walls = read_map(self, map_at, map_lines, orientation)
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
                    raise self.err(i, f"unknown word {word!r} in 'board:' (rule sets: {', '.join(RULE_SET_NAMES)}; "
                                      "orientations: flat, pointy)" + did_you_mean(word, RULE_SET_NAMES + ORIENTATIONS))
        return rules, orientation

    # -- words ----------------------------------------------------------------
    def hex_at(self, i: int, word: str, what: str = "hex") -> list[int]:
        """Q,R on line ``i`` as [q, r] (within the coordinate limit)."""
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
        if not LABEL_RE.match(label):
            raise self.err(i, f"figure label {label!r} must be letters, digits, '-' or '_' "
                              "(starting with a letter or digit)")
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
                at = self.hex_at(i, words[k + 1])
                k += 1
            elif "initiative" not in fig and re.match(r"-?\d", w):
                fig["initiative"] = self._number(i, w, "initiative")
            else:
                raise self.err(i, f"figure {label}: unknown word {w!r} (expected an initiative, elite, invisible, "
                                  "standee N, at Q,R or KEY=JSON)"
                               + did_you_mean(w, ("elite", "invisible", "standee", "at")))
            k += 1
        for key, v in extras.items():
            fig[key] = v
        return {"label": label, "fig": fig, "at": at, "line": i}

    # -- the document -------------------------------------------------------
    def _assemble(self, rules, orientation, cells, map_walls, figures, header) -> dict:
        labels = self._labels(figures)
        terrain, placed, hexes = self._hexes(cells, labels)
        figs = self._placed_figures(figures, placed)
        walls = set(map_walls) | self._walls(header["walls"])
        self._terrain_lines(header["terrain"], terrain)
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
        if header["readings"]:
            doc["readings"] = self._readings(*header["readings"][0])
        if header["card"]:
            doc["card"] = self._card(*header["card"][0])
        for i, value in header["extra"]:
            self._extra(doc, i, value)
        _keep_labels(doc, [f["label"] for f in figures])
        return doc

    def _labels(self, figures: list[dict]) -> dict[str, dict]:
        """The figures by map label (a label names one figure)."""
        labels: dict[str, dict] = {}
        for f in figures:
            if f["label"] in labels:
                first = labels[f["label"]]["line"]
                raise self.err(f["line"], f"figure label {f['label']!r} is used twice (also line {first})")
            labels[f["label"]] = f
        return labels

    def _hexes(self, cells: dict, labels: dict[str, dict]) -> tuple[dict[str, set], dict[str, tuple], list]:
        """What the map's hexes hold: (terrain kind -> hexes, figure label -> (hex, line), the hexes)."""
        terrain: dict[str, set] = {k: set() for k in TERRAINS}
        placed: dict[str, tuple] = {}
        hexes = []
        for h, (token, lineno, col) in sorted(cells.items()):
            hexes.append(list(h))
            if token == ".":
                continue
            m = _TOKEN_RE.match(token)
            if not m:
                raise self.err(lineno, f"{token!r} is not a hex: write '.', terrain (# ^ ! ~ =), or a figure label",
                               col)
            label = m.group(2)
            for ch in m.group(1) + m.group(3):
                terrain[CHAR_TERRAIN[ch]].add(h)
            if label:
                if label not in labels:
                    raise self.err(lineno, f"{label!r} is not a figure: list it under 'figures:' "
                                           f"(e.g. '{label} character 20')" + did_you_mean(label, labels), col)
                if label in placed:
                    raise self.err(lineno, f"figure {label!r} is on the map twice (also line {placed[label][1]})", col)
                if labels[label]["at"] is not None:
                    raise self.err(lineno, f"figure {label!r} is on the map and has 'at' "
                                           f"(line {labels[label]['line']}): give one", col)
                placed[label] = (h, lineno)
        return terrain, placed, hexes

    def _placed_figures(self, figures: list[dict], placed: dict[str, tuple]) -> list[dict]:
        """Format 1's figures, each at its hex (its label on the map, or its 'at')."""
        figs = []
        self.where["names"] = [f["label"] for f in figures] + [f["fig"]["id"] for f in figures]
        for f in figures:
            self.where.setdefault(f"figure:{f['fig']['id']}", f["line"])
            fig = dict(f["fig"])
            if f["at"] is not None:
                at = f["at"]
            elif f["label"] in placed:
                at = list(placed[f["label"]][0])
            else:
                raise self.err(f["line"], f"figure {f['label']!r} is not on the map: write its label in a hex, "
                                          "or add 'at Q,R'")
            figs.append({"id": fig.pop("id"), "side": fig.pop("side"), "at": at, **fig})
        return figs

    def _walls(self, lines: list) -> set:
        """The walls of the 'walls:' lines (Q,R|Q,R)."""
        walls = set()
        for i, value in lines:
            for word in value.split():
                parts = word.split("|")
                if len(parts) != 2:
                    raise self.err(i, f"wall {word!r} is not Q,R|Q,R")
                walls.add(wall(tuple(self.hex_at(i, parts[0])), tuple(self.hex_at(i, parts[1]))))
        return walls

    def _terrain_lines(self, lines: list, terrain: dict[str, set]) -> None:
        """The hexes of the 'terrain: KIND Q,R ...' lines, added to ``terrain``."""
        for i, value in lines:
            words = value.split()
            if not words:
                raise self.err(i, "'terrain:' needs a kind and hexes")
            kind = words[0]
            terrain.setdefault(kind, set())
            for word in words[1:]:
                terrain[kind].add(tuple(self.hex_at(i, word)))

    def _extra(self, doc: dict, i: int, value: str) -> None:
        """An 'extra: KEY JSON' line: a key beyond format 1, carried as given."""
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

    def _readings(self, i: int, value: str) -> dict:
        """``readings: map_edge=open proximity=straight`` (``rulesets.READINGS``)."""
        out: dict = {}
        col = len("readings: ") + 1
        for word in value.split():
            name, sep, v = word.partition("=")
            name = name.replace("-", "_")
            where = self.lines[i - 1].find(word) + 1 or col
            if not sep or name not in READINGS:
                raise self.err(i, f"reading {word!r} is not NAME=VALUE with NAME one of {', '.join(READINGS)}"
                               + did_you_mean(name, READINGS), where)
            if v not in READINGS[name]:
                raise self.err(i, f"reading {name} must be {' or '.join(READINGS[name])}, not {v!r}"
                               + did_you_mean(v, READINGS[name]), where)
            out[name] = v
        return out

    def _card(self, i: int, value: str) -> dict:
        """``card: NUMBER MONSTER level L``: the active monster's ability card, its type and level."""
        words = value.split()
        usage = "'card:' needs NUMBER MONSTER level L (e.g. card: 534 bandit-archer level 1)"
        if len(words) < 4 or words[-2] != "level":
            raise self.err(i, usage)
        number = self._int(i, words[0], "card number")
        level = self._int(i, words[-1], "level")
        return {"number": number, "monster": " ".join(words[1:-2]), "level": level}

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
                    raise self.err(i, f"unknown word {w!r} in 'move:' (jump, flying, teleport, muddled)"
                                   + did_you_mean(w, FLAGS))
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
                        attack["area"].append(self.hex_at(i, words[k + 1], "area offset"))
                        k += 1
                elif w in FLAGS:
                    action[w] = True
                else:
                    raise self.err(i, f"unknown word {w!r} in 'attack:' (melee, range N, targets N|all, "
                                      "area DQ,DR ..., muddled, none)"
                                   + did_you_mean(w, ("melee", "range", "targets", "area", "none") + FLAGS))
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


def _json_or_bare(value: str):
    value = value.strip()
    if value.startswith('"'):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            raise BadInput(f"text board: {value!r} is a broken JSON string") from None
    return value
