"""SVG pictures of a board and an answer: one standalone SVG document (standard library only).

Geometry is board format 1's: unit hexes, flat orientation centres at
``x = 1.5 q``, ``y = sqrt(3) (r + q / 2)`` (y grows downwards, as in SVG),
corners at distance 1. Pointy boards are the same picture turned by 30
degrees (centres at ``x = sqrt(3) (q + r / 2)``, ``y = 1.5 r``); sight lines,
given in the format's (flat) coordinates, are turned with it. Everything is
scaled by ``SCALE`` pixels per unit.

What tests and stylesheets can find:

* ``polygon.hex`` -- exactly one polygon per hex (``id="hex_Q_R"``,
  ``data-q``, ``data-r``; terrain as extra classes ``obstacle``, ``trap``,
  ``hazardous``, ``difficult``, ``icy``; ``visible`` for every hex seen
  from ``los["from"]`` when ``los`` lists ``visible`` hexes, ``los-from`` for
  that hex); no other polygons are drawn. ``text.coord`` its coordinates.
* ``line.wall`` (thin walls: thick, dark red) and ``line.edge`` (the map's
  edge: thinner, grey), so the two never look alike.
* ``g.figure`` (classes ``character``/``summon``/``monster``, ``active``,
  ``elite``, ``invisible``; ``data-id``) holding a circle,
  ``text.figure-label`` at the hex centre (the board's own label, the same
  as the ASCII picture's: at most 3 characters, so it fits the disc; the
  full id is the figure's ``title`` and in the caption's legend) and, for
  characters and summons, ``text.initiative``.
* ``g#caption`` inside the canvas: ``text.caption`` lines (wrapped to the
  picture's width): the active monster's move and attack (range, targets,
  area), the answer or the sight verdict, the labels' legend; an area
  attack's pattern is drawn beside them as ``path.area-hex`` (red hexes)
  and ``path.area-self`` (the attacker's hex of a melee area).
* Focus answers: ``polyline.path`` through hex centres, ``circle.destination``
  and ``circle.target`` rings, each with ``data-option`` (1, 2, ...) and,
  when there are several options, ``text.option-number``.
* Sight: ``circle.los-end``, ``line.los-line`` (both with class ``visible``
  or ``blocked``, green or red: the colour follows the verdict; ``blocked``
  is the nearest blocked line) and ``line.los-blocker`` (the wall it
  touches). Hexes seen from one hex keep their terrain's colour, marked by a
  green outline.

Layers, in drawing order, so that nothing covers a label: the hexes, the
walls, the paths, the rings and sight lines, the figures (disc, label,
initiative badge), the coordinates and terrain marks (with a white halo), the
option numbers (on the ring's left, where no other label is), the caption.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Iterable, Optional
from xml.sax.saxutils import escape, quoteattr

from ghcli.boards import textboard as tb

SCALE = 30.0
MARGIN = 1.6  # units around the map
SQRT3 = math.sqrt(3.0)
MIN_WIDTH = 360.0  # pixels: room for the caption on small boards
CAPTION_LINE = 16.0  # pixels per caption line
CHAR_WIDTH = 6.6  # pixels per caption character (12px sans-serif, on average)

#: Where a hex's labels sit (units from its centre, y down): the coordinates above, terrain marks below.
COORD_Y = 0.66
MARK_Y = 0.76
#: A figure's disc (radius, units); with an initiative its label sits LABEL_DY pixels above the centre
#: and the initiative's badge (BADGE_H pixels high) BADGE_DY pixels below it, both inside the disc.
DISC = 0.5
LABEL_DY = 4.0
BADGE_DY = 7.5
BADGE_H = 9
#: The option numbers' badges (radius, pixels) and where they may go around a hex's centre (pixels,
#: y down), in this order: left and right of the disc, then below it left and right (these two only
#: where the hex's terrain marks leave room). Every place lies inside the hex and clear of the
#: coordinates (top), the disc and its labels, and the neighbours' labels.
NUMBER_R = 6.0
#: a pill of several option numbers ends PILL_RIGHT pixels left of the hex's centre (clear of the label),
#: PILL_UP pixels above it (clear of the coordinates of the hex down-left)
PILL_RIGHT = 10.0
PILL_UP = 6.0
NUMBER_SPOTS = ((-21.0, 0.0), (21.0, 0.0), (-10.5, 18.2), (10.5, 18.2))

#: Neighbour direction -> indices of the two corners (at 0, 60, ..., 300 degrees) of the shared edge.
EDGE_CORNERS = {(1, 0): (0, 1), (0, 1): (1, 2), (-1, 1): (2, 3), (-1, 0): (3, 4), (0, -1): (4, 5), (1, -1): (5, 0)}

SIDE_FILL = {"character": "#2f6fb5", "summon": "#36a3a0", "monster": "#b8403a"}
OPTION_COLOURS = ("#7a2db3", "#d2691e", "#1f8a3a", "#c0307a", "#3b5bdb", "#8a6d00")

STYLE = """
.background { fill: #ffffff; }
.hex { fill: #f6f1e4; stroke: #b5ab95; stroke-width: 1; }
.hex.obstacle { fill: #a39a8c; } .hex.trap { fill: #e7a4a4; } .hex.hazardous { fill: #f2b55f; }
.hex.difficult { fill: #9fc89a; } .hex.icy { fill: #bfe3f7; }
.hex.visible { fill: #cfeecf; stroke: #2e8b57; stroke-width: 2; }
.hex.los-from { fill: #8fd18f; stroke: #1a7f37; stroke-width: 2.5; }
.hex.visible.obstacle { fill: #a39a8c; } .hex.visible.trap { fill: #e7a4a4; }
.hex.visible.hazardous { fill: #f2b55f; } .hex.visible.difficult { fill: #9fc89a; }
.hex.visible.icy { fill: #bfe3f7; }
.coord { font: 9px sans-serif; fill: #3f3a30; text-anchor: middle;
  paint-order: stroke; stroke: #ffffff; stroke-width: 2.5px; stroke-linejoin: round; }
.terrain-mark { font: bold 9px monospace; fill: #3d3a33; text-anchor: middle;
  paint-order: stroke; stroke: #ffffff; stroke-width: 2.5px; stroke-linejoin: round; }
.edge { stroke: #6b6558; stroke-width: 2.5; stroke-linecap: round; }
.wall { stroke: #8b1a1a; stroke-width: 7; stroke-linecap: round; }
.figure circle { stroke: #222; stroke-width: 1.5; }
.figure.elite circle { stroke: #e0b400; stroke-width: 3; }
.figure.invisible circle { fill-opacity: 0.35; stroke-dasharray: 3 2; }
.figure.active circle { stroke: #ffcf00; stroke-width: 4; }
.figure-label { font: bold 11px sans-serif; fill: #fff; text-anchor: middle; dominant-baseline: central; }
.initiative { font: bold 8px sans-serif; fill: #1d3f66; text-anchor: middle; dominant-baseline: central; }
.initiative-badge { fill: #ffffff; stroke: #2f6fb5; stroke-width: 1.2; }
.path { fill: none; stroke-width: 3; stroke-linejoin: round; stroke-linecap: round; stroke-dasharray: 6 3; }
.destination { fill: none; stroke-width: 3; }
.target { fill: none; stroke-width: 3; stroke-dasharray: 4 2; }
.option-number { font: bold 9px sans-serif; text-anchor: middle; dominant-baseline: central; }
.option-number.many { font-size: 7px; }
.los-end { fill: none; stroke-width: 3; }
.los-end.visible { stroke: #1a7f37; } .los-end.blocked { stroke: #c62828; }
.los-line.visible { stroke: #1a7f37; stroke-width: 2.5; }
.los-line.blocked { stroke: #c62828; stroke-width: 2.5; stroke-dasharray: 5 3; }
.los-blocker { stroke: #ff6f00; stroke-width: 8; stroke-opacity: 0.8; stroke-linecap: round; }
.caption { font: 12px sans-serif; fill: #222; }
.area-hex { fill: #d33c3c; stroke: #7a1010; stroke-width: 1; }
.area-self { fill: #8a8a8a; stroke: #444; stroke-width: 1; }
"""


@dataclass(frozen=True)
class Frame:
    """Where things go: unit hex geometry turned for the orientation, scaled and shifted to pixels."""

    pointy: bool
    minx: float
    miny: float
    width: float  # pixels
    map_height: float  # pixels
    _corners: dict = field(default_factory=dict, compare=False, repr=False)

    @staticmethod
    def of(d: dict) -> "Frame":
        pointy = d["orientation"] == "pointy"
        pts = [_turn(pointy, *_flat_corner(tuple(h), k)) for h in d["hexes"] for k in range(6)] or [(0.0, 0.0)]
        minx = min(p[0] for p in pts) - MARGIN
        miny = min(p[1] for p in pts) - MARGIN
        maxx = max(p[0] for p in pts) + MARGIN
        maxy = max(p[1] for p in pts) + MARGIN
        return Frame(pointy, minx, miny, max(MIN_WIDTH, round((maxx - minx) * SCALE, 2)),
                     round((maxy - miny) * SCALE, 2))

    def px(self, x: float, y: float) -> tuple[float, float]:
        tx, ty = _turn(self.pointy, x, y)
        return (round((tx - self.minx) * SCALE, 2), round((ty - self.miny) * SCALE, 2))

    def centre(self, h) -> tuple[float, float]:
        return self.px(1.5 * h[0], SQRT3 * (h[1] + h[0] / 2.0))

    def corner(self, h, k: int) -> tuple[float, float]:
        return self.corners(h)[k]

    def corners(self, h) -> tuple[tuple[float, float], ...]:
        """The six corners of hex h in pixels (kept: the grid and the walls draw the same corners)."""
        got = self._corners.get(h)
        if got is None:
            got = self._corners[h] = tuple(self.px(*_flat_corner(h, k)) for k in range(6))
        return got


def _turn(pointy: bool, x: float, y: float) -> tuple[float, float]:
    if pointy:
        return (SQRT3 / 2 * x + 0.5 * y, -0.5 * x + SQRT3 / 2 * y)
    return (x, y)


#: The six corners of a flat hex of radius 1 about its centre (corner k at 60 * k degrees).
_UNIT_CORNERS = tuple((math.cos(math.radians(60 * k)), math.sin(math.radians(60 * k))) for k in range(6))


def _flat_corner(h, k: int) -> tuple[float, float]:
    dx, dy = _UNIT_CORNERS[k]
    return (1.5 * h[0] + dx, SQRT3 * (h[1] + h[0] / 2.0) + dy)


def svg(doc: dict, answer: Optional[dict] = None, los: Optional[dict] = None) -> str:
    """One standalone SVG document of the board, with the answer or LOS result drawn.

    ``los`` is a sight answer: ``{"from", "to", "visible": bool, "line", "blocked_line",
    "blocked_by"}`` for one pair, or ``{"from", "visible": [hexes]}`` for every hex seen
    from one (each such hex's polygon gets class ``visible``).
    """
    d = tb.canonical(doc)
    frame = Frame.of(d)
    label_of = tb.labels(d, {i: 3 for i in range(len(d["figures"]))})
    captions = _wrap(_captions(d, answer, los, label_of), frame.width)
    pattern = _area_pattern(d)
    caption_height = CAPTION_LINE * len(captions) + 8 + (pattern[1] + 8 if pattern else 0)
    height = round(frame.map_height + caption_height, 2)
    width = frame.width
    out: list[str] = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" class="board {escape(d["orientation"])}">',
        f"<title>{escape(_title(d, answer, los))}</title>",
        f"<style>{STYLE}</style>",
        f'<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    # the labels come last, so nothing drawn covers them: rings and sight lines first, then the
    # figures (discs, labels, initiative badges), then the coordinates and terrain marks, then the
    # option numbers, placed where no other label is (left of the hex's centre)
    out += grid_layer(d, frame, los)
    out += walls_layer(d, frame)
    out += overlays_under(d, frame, answer)
    out += overlays_over(d, frame, answer, los)
    out += figures_layer(d, frame, label_of)
    out += coords_layer(d, frame)
    out += numbers_layer(d, frame, answer)
    out += caption_layer(frame, captions, pattern)
    out.append("</svg>")
    return _well_formed("\n".join(out) + "\n")


# Characters XML 1.0 does not allow, even as references (C0 controls but tab and newline, lone
# surrogates, U+FFFE/U+FFFF), and C1 controls: a figure id holding one is drawn with it escaped.
_NOT_XML = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def _well_formed(text: str) -> str:
    """The SVG with every character XML refuses shown escaped (``\\x1b``): always well-formed XML."""
    if _NOT_XML.search(text) is None:
        return text
    return _NOT_XML.sub(_escaped, text)


def _escaped(m: re.Match) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


# -- layers ----------------------------------------------------------------------------


def grid_layer(d: dict, frame: Frame, los: Optional[dict] = None) -> list[str]:
    """The hexes (one polygon each, terrain and sight as classes), their coordinates and terrain marks."""
    terrain_of: dict = {}
    for kind in d["terrain"]:
        for h in d["terrain"][kind]:
            terrain_of.setdefault(tuple(h), []).append(kind)
    seen, origin = set(), None
    if los and isinstance(los.get("visible"), list):
        seen = {tuple(h) for h in los["visible"] if _is_hex(h)}
        origin = tuple(los["from"]) if _is_hex(los.get("from")) else None
    out = ['<g id="hexes" class="grid">']
    for h in (tuple(h) for h in d["hexes"]):
        kinds = [k for k in terrain_of.get(h, []) if _css_name(k)]
        kinds += ["visible"] if h in seen else []
        kinds += ["los-from"] if h == origin else []
        cls = " ".join(["hex"] + kinds)
        points = " ".join(f"{x},{y}" for x, y in frame.corners(h))
        tip = f"{h[0]},{h[1]}" + (" " + " ".join(terrain_of.get(h, [])) if terrain_of.get(h) else "")
        out.append(
            f'<polygon class="{escape(cls)}" id="hex_{h[0]}_{h[1]}" data-q="{h[0]}" data-r="{h[1]}" '
            f'points="{points}"><title>{escape(tip)}</title></polygon>'
        )
    out.append("</g>")
    return out


def coords_layer(d: dict, frame: Frame) -> list[str]:
    """Each hex's coordinates (top) and terrain marks (bottom), over everything but the option numbers."""
    terrain_of: dict = {}
    for kind in d["terrain"]:
        for h in d["terrain"][kind]:
            terrain_of.setdefault(tuple(h), []).append(kind)
    out = ['<g id="labels" class="coords">']
    for h in (tuple(h) for h in d["hexes"]):
        x, y = frame.centre(h)
        out.append(f'<text class="coord" x="{x}" y="{round(y - COORD_Y * SCALE, 2)}">{h[0]},{h[1]}</text>')
        marks = "".join(tb.TERRAIN_CHAR.get(k, "?") for k in terrain_of.get(h, []))
        if marks:
            out.append(f'<text class="terrain-mark" x="{x}" y="{round(y + MARK_Y * SCALE, 2)}">{escape(marks)}</text>')
    out.append("</g>")
    return out


def walls_layer(d: dict, frame: Frame) -> list[str]:
    """The map's edge (class ``edge``) and the thin walls (class ``wall``), drawn unlike each other."""
    hexset = {tuple(h) for h in d["hexes"]}
    out = ['<g id="walls">']
    for h in (tuple(h) for h in d["hexes"]):
        for (dq, dr), (i, j) in EDGE_CORNERS.items():
            if (h[0] + dq, h[1] + dr) not in hexset:
                out.append(_line("edge", frame.corner(h, i), frame.corner(h, j)))
    for a, b in d["walls"]:
        a, b = tuple(a), tuple(b)
        key = (b[0] - a[0], b[1] - a[1])
        if key in EDGE_CORNERS:
            i, j = EDGE_CORNERS[key]
            between = f'data-between="{a[0]},{a[1]} {b[0]},{b[1]}"'
            out.append(_line("wall", frame.corner(a, i), frame.corner(a, j), between))
    out.append("</g>")
    return out


def overlays_under(d: dict, frame: Frame, answer: Optional[dict]) -> list[str]:
    """Each option's path through hex centres (drawn under the figures)."""
    out = ['<g id="answer" class="overlay">']
    for n, opt in enumerate(_options(answer), 1):
        colour = OPTION_COLOURS[(n - 1) % len(OPTION_COLOURS)]
        path = [tuple(h) for h in (opt.get("path") or []) if _is_hex(h)]
        if len(path) >= 2:
            points = " ".join(f"{x},{y}" for x, y in (frame.centre(h) for h in path))
            out.append(f'<polyline class="path" data-option="{n}" stroke="{colour}" points="{points}"/>')
    out.append("</g>")
    return out


def figures_layer(d: dict, frame: Frame, label_of: dict) -> list[str]:
    """Figures as discs with their labels; characters and summons with their initiative."""
    out = ['<g id="figures">']
    for i, f in enumerate(d["figures"]):
        x, y = frame.centre(tuple(f["at"]))
        classes = ["figure", f["side"] if _css_name(f["side"]) else "other"]
        if f["id"] == d.get("active"):
            classes.append("active")
        classes += [flag for flag in ("elite", "invisible") if f.get(flag)]
        fill = SIDE_FILL.get(f["side"], "#666")
        if f.get("elite") and f["side"] == "monster":
            fill = "#c98d00"
        label = label_of.get(i, "?")
        size = 11 if len(label) <= 2 else 10
        init = f.get("initiative")
        ly = round(y - LABEL_DY, 2) if _is_number(init) else y  # room for the initiative below it, in the disc
        parts = [
            f'<g class="{" ".join(classes)}" data-id={quoteattr(f["id"])}>',
            f'<title>{escape(_figure_tip(f))}</title>',
            f'<circle cx="{x}" cy="{y}" r="{round(DISC * SCALE, 2)}" fill="{fill}"/>',
            f'<text class="figure-label" x="{x}" y="{ly}" style="font-size: {size}px">{escape(label)}</text>',
        ]
        if _is_number(init):
            # the badge inside the disc, under the label: the rings around the disc never cross it
            text = _initiative(init)
            bx, by = x, round(y + BADGE_DY, 2)
            rx = round(_badge_half(text), 2)
            parts.append(f'<rect class="initiative-badge" x="{round(bx - rx, 2)}" y="{round(by - BADGE_H / 2, 2)}" '
                         f'width="{round(2 * rx, 2)}" height="{BADGE_H}" rx="{BADGE_H / 2}"/>')
            parts.append(f'<text class="initiative" x="{bx}" y="{by}">{escape(text)}</text>')
        parts.append("</g>")
        out.append("".join(parts))
    out.append("</g>")
    return out


def overlays_over(d: dict, frame: Frame, answer: Optional[dict], los: Optional[dict]) -> list[str]:
    """Destinations and targets of each option (their numbers: ``numbers_layer``), and the sight line."""
    options = _options(answer)
    at_of: dict = {}
    for f in d["figures"]:
        at_of.setdefault(f["id"], tuple(f["at"]))
    out = ['<g id="marks" class="overlay">']
    for n, opt in enumerate(options, 1):
        colour = OPTION_COLOURS[(n - 1) % len(OPTION_COLOURS)]
        ring = _ring(n)
        dest = opt.get("destination")
        if _is_hex(dest):
            x, y = frame.centre(dest)
            out.append(f'<circle class="destination" data-option="{n}" cx="{x}" cy="{y}" r="{ring}" '
                       f'stroke="{colour}"/>')
        for t in opt.get("targets") or []:
            if t in at_of:
                x, y = frame.centre(at_of[t])
                out.append(f'<circle class="target" data-option="{n}" data-id={quoteattr(t)} '
                           f'cx="{x}" cy="{y}" r="{ring}" stroke="{colour}"/>')
    out.append("</g>")
    if los and not isinstance(los.get("visible"), list):
        out.append('<g id="los" class="overlay">')
        verdict = "visible" if los.get("visible") else "blocked"
        for key in ("from", "to"):
            h = los.get(key)
            if _is_hex(h):
                x, y = frame.centre(h)
                out.append(f'<circle class="los-end {key} {verdict}" cx="{x}" cy="{y}" '
                           f'r="{round(0.85 * SCALE, 2)}"/>')
        line = los.get("line")
        if los.get("visible") and _is_segment(line):
            out.append(_line("los-line visible", frame.px(*line[0]), frame.px(*line[1])))
        else:
            blocked = los.get("blocked_line")
            if _is_segment(blocked):
                out.append(_line("los-line blocked", frame.px(*blocked[0]), frame.px(*blocked[1])))
            for seg in _segments(los.get("blocked_by")):
                out.append(_line("los-blocker", frame.px(*seg[0]), frame.px(*seg[1])))
        out.append("</g>")
    return out


def numbers_layer(d: dict, frame: Frame, answer: Optional[dict]) -> list[str]:
    """The option numbers on the destinations and targets when the players choose among several
    options: one badge per option in the free places around the hex's centre (``NUMBER_SPOTS``);
    a hex marked by more options than there are places gets one badge naming them all ("1-3,5"),
    left of its disc. ``data-options`` lists every option a badge stands for."""
    options = _options(answer)
    out = ['<g id="numbers" class="overlay">']
    if len(options) > 1:
        at_of: dict = {}
        for f in d["figures"]:
            at_of.setdefault(f["id"], tuple(f["at"]))
        marks: dict = {}  # hex -> [(option, "destination"|"target")]
        for n, opt in enumerate(options, 1):
            spots = [(opt.get("destination"), "destination")] + [(at_of.get(t), "target")
                                                                 for t in opt.get("targets") or []]
            for h, what in spots:
                if _is_hex(h) and (n, what) not in marks.get(tuple(h), []):
                    marks.setdefault(tuple(h), []).append((n, what))
        terrain_chars: dict = {}
        for kind in d["terrain"]:
            for h in d["terrain"][kind]:
                terrain_chars[tuple(h)] = terrain_chars.get(tuple(h), 0) + 1
        for h, here in marks.items():
            x, y = frame.centre(h)
            spots = [s for s in NUMBER_SPOTS if s[1] <= 0 or terrain_chars.get(h, 0) <= 1]
            if len(here) <= len(spots):
                for (n, what), (dx, dy) in zip(here, spots):
                    colour = OPTION_COLOURS[(n - 1) % len(OPTION_COLOURS)]
                    out.append(_number(str(n), [n], x + dx, y + dy, colour, what))
            else:  # one pill left of the disc, its right end clear of the disc's label
                numbers = sorted({n for n, _ in here})
                what = "target" if any(w == "target" for _, w in here) else "destination"
                text = _ranges(numbers)
                out.append(_number(text, numbers, x - PILL_RIGHT - _pill_half(text), y - PILL_UP, "#333", what))
    out.append("</g>")
    return out


def _ranges(numbers: list) -> str:
    """1 2 3 -> "1-3", 4 5 7 -> "4,5,7"; longer than 4 characters: the first and an ellipsis ("1…")."""
    parts, start = [], None
    for k, n in enumerate(numbers):
        if start is None:
            start = n
        if k + 1 == len(numbers) or numbers[k + 1] != n + 1:
            parts.append(str(start) if start == n else f"{start}-{n}")
            start = None
    text = ",".join(parts)
    return text if len(text) <= 4 else f"{numbers[0]}\u2026"


def _badge_half(text: str) -> float:
    """Half the width (pixels) of an initiative badge holding ``text`` (8px bold figures)."""
    return 4 + 2.5 * len(text)


def _pill_half(text: str) -> float:
    """Half the width (pixels) of an option pill holding ``text`` (7px bold figures)."""
    return 3 + 2.1 * len(text)


def _ring(n: int) -> float:
    """The radius (pixels) of option n's destination and target rings: outside the figure's disc."""
    return round((0.58 + 0.06 * ((n - 1) % 3)) * SCALE, 2)


def caption_layer(frame: Frame, captions: list[str], pattern) -> list[str]:
    """The caption lines under the map, inside the canvas, and the area pattern beside them."""
    out = ['<g id="caption">']
    for k, text in enumerate(captions):
        y = round(frame.map_height + CAPTION_LINE * (k + 1), 2)
        out.append(f'<text class="caption" x="8" y="{y}">{escape(text)}</text>')
    if pattern:
        cells, height = pattern
        top = frame.map_height + CAPTION_LINE * len(captions) + 8
        out.append(f'<g class="area-pattern" transform="translate(12,{round(top, 2)})">')
        out += cells
        out.append("</g>")
    out.append("</g>")
    return out


# -- helpers ---------------------------------------------------------------------------


def _options(answer: Optional[dict]) -> list:
    return list((answer or {}).get("options") or [])


def _css_name(name) -> bool:
    return isinstance(name, str) and name.replace("-", "").replace("_", "").isalnum()


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _initiative(v) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def _is_hex(h) -> bool:
    return (isinstance(h, (list, tuple)) and len(h) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in h))


def _is_point(p) -> bool:
    return (isinstance(p, (list, tuple)) and len(p) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in p))


def _is_segment(s) -> bool:
    return isinstance(s, (list, tuple)) and len(s) == 2 and all(_is_point(p) for p in s)


def _segments(v) -> Iterable:
    if _is_segment(v):
        return [v]
    if isinstance(v, (list, tuple)):
        return [s for s in v if _is_segment(s)]
    return []


def _line(cls: str, a, b, extra: str = "") -> str:
    extra = f" {extra}" if extra else ""
    return f'<line class="{cls}" x1="{a[0]}" y1="{a[1]}" x2="{b[0]}" y2="{b[1]}"{extra}/>'


def _number(text: str, options: list, x: float, y: float, colour: str, what: str) -> str:
    """A badge with an option number (a circle), or several (a pill, ``_ranges``)."""
    x, y = round(x, 2), round(y, 2)
    listed = " ".join(str(n) for n in options)
    one = len(options) == 1
    data = f'data-for="{what}" data-options="{listed}"' + (f' data-option="{options[0]}"' if one else "")
    if one:
        shape = (f'<circle class="option-badge" cx="{x}" cy="{y}" r="{NUMBER_R}" fill="#fff" stroke="{colour}" '
                 f'stroke-width="1.5"/>')
    else:
        half = round(_pill_half(text), 2)
        shape = (f'<rect class="option-badge" x="{round(x - half, 2)}" y="{round(y - NUMBER_R, 2)}" '
                 f'width="{round(2 * half, 2)}" height="{2 * NUMBER_R}" rx="{NUMBER_R}" fill="#fff" '
                 f'stroke="{colour}" stroke-width="1.5"/>')
    cls = "option-number" if one else "option-number many"
    return shape + f'<text class="{cls}" {data} x="{x}" y="{y}" fill="{colour}">{escape(text)}</text>'



def _figure_tip(f: dict) -> str:
    parts = [f["id"], f["side"], f"at {f['at'][0]},{f['at'][1]}"]
    if "initiative" in f:
        parts.append(f"initiative {f['initiative']}")
    parts += [flag for flag in ("elite", "invisible") if f.get(flag)]
    return " ".join(str(p) for p in parts)


def _title(d: dict, answer, los) -> str:
    what = "board"
    if answer is not None:
        what = "focus answer"
    elif los:
        what = "line of sight"
    return f"ghcli {what}: {d['rules']}, active {d.get('active', '-')}"


def _fmt(h) -> str:
    return f"{h[0]},{h[1]}" if _is_hex(h) else str(h)


def action_text(d: dict) -> Optional[str]:
    """The active monster's move and attack in words (None without an action)."""
    a = d.get("action")
    if not isinstance(a, dict):
        return None
    words = [f"move {a.get('move') or 0}"] + [k for k in ("jump", "flying", "teleport") if a.get(k)]
    atk = a.get("attack")
    if atk is None:
        words.append("no attack")
    else:
        kind = "melee attack" if not atk.get("range") else f"ranged attack, range {atk.get('range')}"
        targets = atk.get("targets", 1)
        if atk.get("area"):
            kind += f", area of {len(atk['area'])} hexes (pattern below)"
            if targets != 1:
                kind += (", every enemy in range" if targets == "all"
                         else f", +{targets - 1} targets" if isinstance(targets, int) else "")
        else:
            kind += f", {targets} targets" if targets != 1 else ", 1 target"
        words.append(kind)
    if a.get("muddled"):
        words.append("muddled")
    return ", ".join(str(w) for w in words)


def _captions(d: dict, answer, los, label_of: dict) -> list[str]:
    out = []
    act = action_text(d)
    if act is not None and (answer is not None or not los):
        out.append(f"{d.get('active', '-')}: {act}.")
    if answer is not None:
        options = answer.get("options") or []
        if not options or not answer.get("focus"):
            out.append("No focus: the monster neither moves nor attacks.")
            options = []
        for n, opt in enumerate(options, 1):
            head = f"Option {n}" if len(options) > 1 else "Answer"
            targets = ", ".join(opt.get("targets") or []) or "nobody"
            out.append(f"{head}: focus {opt.get('focus') or '-'}, ends at {_fmt(opt.get('destination'))}, "
                       f"attacks {targets}.")
    if los:
        if isinstance(los.get("visible"), list):
            out.append(f"Line of sight from {_fmt(los.get('from'))}: {len(los['visible'])} hexes visible (shaded).")
        else:
            verdict = "visible" if los.get("visible") else "not visible"
            out.append(f"Line of sight from {_fmt(los.get('from'))} to {_fmt(los.get('to'))}: {verdict}.")
    legend = [f"{label_of[i]} = {f['id']}"
              + (f" ({_initiative(f['initiative'])})" if _is_number(f.get("initiative")) else "")
              for i, f in enumerate(d["figures"]) if i in label_of and label_of[i] != f["id"]]
    if legend:
        out.append("Labels: " + ", ".join(legend) + ".")
    return out


def _wrap(lines: list[str], width: float) -> list[str]:
    """Caption lines wrapped to fit the picture's width."""
    import textwrap

    chars = max(20, int((width - 16) / CHAR_WIDTH))
    out = []
    for line in lines:
        out += textwrap.wrap(line, chars, subsequent_indent="  ", break_long_words=True) or [""]
    return out


def _area_pattern(d: dict):
    """(SVG elements, height in pixels) of the area attack's pattern, or None."""
    a = d.get("action")
    atk = a.get("attack") if isinstance(a, dict) else None
    area = [tuple(o) for o in (atk or {}).get("area") or [] if _is_hex(o)]
    if not area:
        return None
    unit = 9.0
    cells = list(area) + ([(0, 0)] if not atk.get("range") and (0, 0) not in area else [])
    centres = {c: (1.5 * c[0] * unit, SQRT3 * (c[1] + c[0] / 2.0) * unit) for c in cells}
    minx = min(x for x, _ in centres.values()) - unit
    miny = min(y for _, y in centres.values()) - unit
    maxy = max(y for _, y in centres.values()) + unit
    out = []
    for c, (cx, cy) in centres.items():
        pts = [(cx - minx + unit * math.cos(math.radians(60 * k)), cy - miny + unit * math.sin(math.radians(60 * k)))
               for k in range(6)]
        dpath = "M" + " L".join(f"{round(x, 2)},{round(y, 2)}" for x, y in pts) + " Z"
        cls = "area-hex" if c in area else "area-self"
        out.append(f'<path class="{cls}" data-offset="{c[0]},{c[1]}" d="{dpath}"/>')
    return out, round(maxy - miny, 2)
