"""ASCII pictures of a board and an answer, in the layout of the text board format.

The grid is the text format's (``ghcli.boards.textboard``): flat boards as
columns 4 characters wide, each column half a hex below its left neighbour
(line = 2 r + q), pointy boards as rows shifted 2 characters each (position =
2 (2 q + r)). Hexes show ``.`` or terrain (``#`` obstacle, ``^`` trap, ``!``
hazardous, ``~`` difficult, ``=`` icy), figures their id (or a short alias
listed under the picture when the id is longer than 3 characters), thin walls
``___ \\ / < >`` (``|`` on pointy boards). Marks: ``[a]`` the active monster,
``(c1)`` a target, ``*`` a hex of a path, ``@`` a destination (``@2``:
option 2's, when there are several), ``{ }`` the two hexes of a sight line.
The ruler on top gives q (flat) and the left margin r (of the first column on
flat boards: r stays the same going down-right; of the row on pointy boards).
A 30 x 30 flat board is about 130 characters wide and 62 lines tall; a
picture of more than ``MAX_CELLS`` characters is replaced by one line.

``drawing()`` builds the picture in layers (``grid_layer``, ``walls_layer``,
``figures_layer``, the overlays ``overlays_tokens`` and ``overlays_brackets``,
``caption_layer``) and returns its lines with each hex's position, which the
board editor uses to show its cursor; ``picture()`` is its text.
"""

from __future__ import annotations

from typing import Optional

from ghcli.boards import textboard as tb
from ghcli.records import record

#: A picture larger than this many characters is not drawn (a map spread over +-1000 would be 48 million).
MAX_CELLS = 1_000_000



@record(frozen=True)
class Drawing:
    """A picture's lines and where each hex's text is: {hex: (line, start, end)} (columns, end excluded)."""

    lines: tuple
    spans: dict

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def picture(doc: dict, answer: Optional[dict] = None, los: Optional[dict] = None) -> str:
    """The board as ASCII art, with the answer (focus answer dict) or LOS result marked."""
    return drawing(doc, answer, los).text


def drawing(doc: dict, answer: Optional[dict] = None, los: Optional[dict] = None, cursor=None) -> Drawing:
    """The picture in layers (grid, walls, figures, overlays, caption), with every hex's position.

    ``cursor`` (a hex, for the board editor) is drawn as ``+`` when it is not on the map, so the
    grid always has room for it.
    """
    d = tb.canonical(doc)
    flat = d["orientation"] != "pointy"
    hexes = [tuple(h) for h in d["hexes"]]
    extra = [tuple(cursor)] if cursor is not None and tuple(cursor) not in set(hexes) else []
    if not hexes and not extra:
        return Drawing(("(a board without hexes)",), {})
    c = _Canvas.of(hexes + extra, flat)
    if c is None:
        pos, nlines, width = tb.layout(hexes + extra, flat)
        return Drawing((f"(the map spans {width:,} characters by {nlines:,} lines: too large to draw; "
                        f"at most {MAX_CELLS:,} characters)",), {})
    c.ruler()
    tokens, tchars, fig_at, label_of = figures_layer(d, hexes)
    used: set = set()
    marks = overlays_tokens(d, answer, tokens, tchars, fig_at, used)
    spans = grid_layer(c, hexes, tokens)
    for h in extra:
        L, p = c.pos[h]
        c.put(L, p + 1, "+")
        spans[h] = (L, p + 1, p + 2)
    walls_layer(c, d, used)
    active_at = overlays_brackets(c, spans, d, answer, los, marks)
    lines = ["".join(row).rstrip() for row in c.canvas]
    lines += caption_layer(d, tokens, used, label_of, fig_at, answer, marks["options"], los, active_at,
                           marks["targets"])
    return Drawing(tuple(lines), {h: (L + c.top, s + c.off, e + c.off) for h, (L, s, e) in spans.items()})


class _Canvas:
    """A character grid with the text format's layout, a ruler on top and r labels on the left."""

    top = 1

    def __init__(self, pos, nlines, width, flat, hexes):
        self.pos, self.nlines, self.width, self.flat, self.hexes = pos, nlines, width, flat, hexes
        self.y0 = min(2 * h[1] + h[0] for h in hexes) if flat else min(h[1] for h in hexes)
        self.q0 = min(h[0] for h in hexes)
        self.x0 = min(2 * h[0] + h[1] for h in hexes)
        self.r0 = min(h[1] for h in hexes)
        self.r_labels = {L: self.r_label(L) for L in range(nlines)}
        self.margin = max(len(f"r {v}") for v in self.r_labels.values() if v is not None) + 1
        self.off = self.margin + 1
        self.canvas = [[" "] * (self.off + width + 2) for _ in range(nlines + self.top)]

    @staticmethod
    def of(hexes, flat: bool) -> Optional["_Canvas"]:
        pos, nlines, width = tb.layout(hexes, flat)
        if nlines * width > MAX_CELLS:
            return None
        return _Canvas(pos, nlines, width, flat, hexes)

    def r_label(self, L: int) -> Optional[int]:
        if not self.flat:
            return self.r0 + L
        y = self.y0 + L
        return (y - self.q0) // 2 if (y - self.q0) % 2 == 0 else None

    def put(self, L: int, p: int, text: str) -> None:
        row = self.canvas[L + self.top]
        for k, ch in enumerate(text):
            if 0 <= self.off + p + k < len(row):
                row[self.off + p + k] = ch

    def ruler(self) -> None:
        canvas, off, hexes = self.canvas, self.off, self.hexes
        if self.flat:
            for q in range(self.q0, max(h[0] for h in hexes) + 1):
                p = 4 * (q - self.q0)
                for k, ch in enumerate(str(q).rjust(2)[:3]):
                    canvas[0][off + p + k] = ch
        else:
            # q of the first row's hexes: position 2 (2 q + r0) - 2 x0
            qs = range(-(-(self.x0 - self.r0) // 2), (max(2 * h[0] + h[1] for h in hexes) - self.r0) // 2 + 1)
            for q in qs:
                p = 2 * (2 * q + self.r0 - self.x0)
                if p >= 0:
                    for k, ch in enumerate(str(q).rjust(2)[:3]):
                        if off + p + k < len(canvas[0]):
                            canvas[0][off + p + k] = ch
        canvas[0][0] = "q"
        for L, v in self.r_labels.items():
            if v is not None:
                for k, ch in enumerate(f"r {v}".rjust(self.margin - 1)):
                    canvas[L + self.top][k] = ch


def figures_layer(d: dict, hexes: list):
    """What each hex shows: terrain characters, then figures' labels (the board's own where they fit)."""
    hexset = set(hexes)
    tchars: dict = {}
    for kind, ch in tb.TERRAIN_CHAR.items():
        for h in d["terrain"].get(kind, []):
            tchars[tuple(h)] = tchars.get(tuple(h), "") + ch
    fig_at: dict = {}
    for i, f in enumerate(d["figures"]):
        h = tuple(f["at"])
        if h in hexset and h not in fig_at:
            fig_at[h] = i
    room = {i: max(1, 3 - len(tchars.get(h, ""))) for h, i in fig_at.items()}
    label_of = tb.labels(d, room)
    tokens = {h: (tchars.get(h, "") or ".")[:3] for h in hexes}
    for h, i in fig_at.items():
        tokens[h] = (label_of.get(i, "?") + tchars.get(h, ""))[:3]
    return tokens, tchars, fig_at, label_of


def overlays_tokens(d: dict, answer, tokens: dict, tchars: dict, fig_at: dict, used: set) -> dict:
    """Path (``*``) and destination (``@``, ``@2``) marks written into the hexes' text."""
    ids = {f["id"]: i for i, f in enumerate(d["figures"])}
    options = list((answer or {}).get("options") or [])
    several = len(options) > 1
    active_at = None
    if d.get("active") in ids:
        active_at = tuple(d["figures"][ids[d["active"]]]["at"])
    target_hexes: set = set()
    for opt in options:
        path = [tuple(h) for h in (opt.get("path") or []) if isinstance(h, (list, tuple)) and len(h) == 2]
        for h in path[1:-1]:
            if h in tokens and h not in fig_at:
                tokens[h] = ("*" + tchars.get(h, ""))[:3]
                used.add("path")
    for n, opt in enumerate(options, 1):
        dest = opt.get("destination")
        if isinstance(dest, (list, tuple)) and len(dest) == 2:
            dest = tuple(dest)
            if dest in tokens and dest != active_at and dest not in fig_at and not tokens[dest].startswith("@"):
                tokens[dest] = ("@" + (str(n) if several else "") + tchars.get(dest, ""))[:3]
                used.add("dest")
        for t in opt.get("targets") or []:
            if t in ids:
                target_hexes.add(tuple(d["figures"][ids[t]]["at"]))
    return {"options": options, "active_at": active_at, "targets": target_hexes}


def grid_layer(c: _Canvas, hexes: list, tokens: dict) -> dict:
    """Every hex's text at its place; returns {hex: (line, start, end)} (lines below the ruler)."""
    spans: dict = {}
    for h in hexes:
        L, p = c.pos[h]
        tok = tokens[h]
        start = p + (1 if len(tok) == 1 else 0)
        c.put(L, start, tok)
        spans[h] = (L, start, start + len(tok))
    return spans


def walls_layer(c: _Canvas, d: dict, used: set) -> None:
    """Thin walls: ``___`` between hexes of a column, ``\\ / < >`` beside them (``|`` on pointy boards)."""
    pos = c.pos
    for (a, b) in d["walls"]:
        a, b = tuple(a), tuple(b)
        if a not in pos or b not in pos:
            continue
        dq, dr = b[0] - a[0], b[1] - a[1]
        La, pa = pos[a]
        Lb, pb = pos[b]
        used.add("walls")
        if not c.flat:
            if (dq, dr) == (1, 0):
                c.put(La, pa + 3, "|")
        elif (dq, dr) == (0, 1):
            c.put(La + 1, pa, "___")
        elif (dq, dr) in tb.FLAT_RIGHT_MARKS:
            _mark(c.canvas[La + c.top], c.off + pa + 3, tb.FLAT_RIGHT_MARKS[(dq, dr)], ">")
            _mark(c.canvas[Lb + c.top], c.off + pb - 1, tb.FLAT_LEFT_MARKS[(-dq, -dr)], "<")


def overlays_brackets(c: _Canvas, spans: dict, d: dict, answer, los, marks: dict):
    """``{ }`` around a sight line's hexes, ``( )`` around targets, ``[ ]`` around the active monster."""

    def bracket(h, left: str, right: str) -> None:
        if h in spans:
            L, s, e = spans[h]
            c.put(L, s - 1, left)
            c.put(L, e, right)

    if los:
        for key in ("from", "to"):
            h = los.get(key)
            if isinstance(h, (list, tuple)) and len(h) == 2:
                bracket(tuple(h), "{", "}")
    for h in marks["targets"]:
        bracket(h, "(", ")")
    active_at = marks["active_at"]
    if los and answer is None:
        active_at = None  # a sight question: the active monster is not the point
    if active_at is not None:
        bracket(active_at, "[", "]")
    return active_at


def _mark(row: list, p: int, ch: str, both: str) -> None:
    if 0 <= p < len(row):
        row[p] = ch if row[p] in (" ", ch) else both


def _fmt(h) -> str:
    return f"{h[0]},{h[1]}" if isinstance(h, (list, tuple)) and len(h) == 2 else str(h)


def caption_layer(d, tokens, used, label_of, fig_at, answer, options, los, active_at, target_hexes) -> list[str]:
    """The lines under the map: the key to the marks, the labels that are not ids, the answer or verdict."""
    out = []
    keys = []
    if active_at is not None:
        keys.append(f"[{tokens.get(active_at, '?').strip()}] active")
    if target_hexes:
        keys.append("( ) target")
    if "path" in used:
        keys.append("* path")
    if "dest" in used:
        keys.append("@ destination")
    present = set("".join(t for t in tokens.values()))
    for ch, name in tb.CHAR_TERRAIN.items():
        if ch in present:
            keys.append(f"{ch} {name}")
    if "walls" in used:
        keys.append("___ \\ / < > wall" if d["orientation"] != "pointy" else "| wall")
    if keys:
        out.append("key: " + ", ".join(keys))
    aliases = [f"{label_of[i]} = {f['id']}" for i, f in enumerate(d["figures"])
               if i in label_of and label_of[i] != f["id"]]
    if aliases:
        out.append("labels: " + ", ".join(aliases))
    off_map = [f["id"] for i, f in enumerate(d["figures"]) if i not in fig_at.values()]
    if off_map:
        out.append("not drawn (off the map or sharing a hex): " + ", ".join(off_map))
    if answer is not None:
        if not options or not answer.get("focus"):
            out.append("no focus: the monster neither moves nor attacks")
            options = []
        for n, opt in enumerate(options, 1):
            head = f"option {n}" if len(options) > 1 else "answer"
            targets = ", ".join(opt.get("targets") or []) or "nobody"
            dest = opt.get("destination")
            stays = active_at is not None and isinstance(dest, (list, tuple)) and tuple(dest) == active_at
            where = f"stays at {_fmt(dest)}" if stays else f"moves to {_fmt(dest)}"
            out.append(f"{head}: focus {opt.get('focus') or '-'}, {where}, attacks {targets}")
    if los:
        verdict = "visible" if los.get("visible") else "not visible"
        out.append(f"{{ }} sight from {_fmt(los.get('from'))} to {_fmt(los.get('to'))}: {verdict}")
    return out
