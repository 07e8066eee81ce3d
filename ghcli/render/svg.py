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
  ``hazardous``, ``difficult``, ``icy``); no other polygons are drawn.
* ``line.wall`` (thin walls) and ``line.edge`` (the map's edge): heavy lines.
* ``g.figure`` (classes ``character``/``summon``/``monster``, ``active``,
  ``elite``, ``invisible``; ``data-id``) holding a circle and
  ``text.figure-label`` at the hex centre.
* Focus answers: ``polyline.path`` through hex centres, ``circle.destination``
  and ``circle.target`` rings, each with ``data-option`` (1, 2, ...) and,
  when there are several options, ``text.option-number``.
* Sight: ``circle.los-end``, ``line.los-line`` (class ``visible`` or
  ``blocked``; ``blocked`` is the nearest blocked line) and
  ``line.los-blocker`` (the wall it touches).
"""

from __future__ import annotations

import math
from typing import Iterable, Optional
from xml.sax.saxutils import escape, quoteattr

from ghcli.rules import textboard as tb

SCALE = 30.0
MARGIN = 1.6  # units around the map
SQRT3 = math.sqrt(3.0)

#: Neighbour direction -> indices of the two corners (at 0, 60, ..., 300 degrees) of the shared edge.
EDGE_CORNERS = {(1, 0): (0, 1), (0, 1): (1, 2), (-1, 1): (2, 3), (-1, 0): (3, 4), (0, -1): (4, 5), (1, -1): (5, 0)}

SIDE_FILL = {"character": "#2f6fb5", "summon": "#36a3a0", "monster": "#b8403a"}
OPTION_COLOURS = ("#7a2db3", "#d2691e", "#1f8a3a", "#c0307a", "#3b5bdb", "#8a6d00")

STYLE = """
.hex { fill: #f6f1e4; stroke: #b5ab95; stroke-width: 1; }
.hex.obstacle { fill: #7d7468; } .hex.trap { fill: #e7a4a4; } .hex.hazardous { fill: #f2b55f; }
.hex.difficult { fill: #9fc89a; } .hex.icy { fill: #bfe3f7; }
.coord { font: 7px sans-serif; fill: #8d8572; text-anchor: middle; }
.terrain-mark { font: bold 9px monospace; fill: #3d3a33; text-anchor: middle; }
.edge { stroke: #222; stroke-width: 4; stroke-linecap: round; }
.wall { stroke: #000; stroke-width: 6; stroke-linecap: round; }
.figure circle { stroke: #222; stroke-width: 1.5; }
.figure.elite circle { stroke: #e0b400; stroke-width: 3; }
.figure.invisible circle { fill-opacity: 0.35; stroke-dasharray: 3 2; }
.figure.active circle { stroke: #ffcf00; stroke-width: 4; }
.figure-label { font: bold 10px sans-serif; fill: #fff; text-anchor: middle; dominant-baseline: central; }
.path { fill: none; stroke-width: 3; stroke-linejoin: round; stroke-linecap: round; stroke-dasharray: 6 3; }
.destination { fill: none; stroke-width: 3; }
.target { fill: none; stroke-width: 3; stroke-dasharray: 4 2; }
.option-number { font: bold 10px sans-serif; text-anchor: middle; dominant-baseline: central; }
.los-end { fill: none; stroke: #1a7f37; stroke-width: 3; }
.los-line.visible { stroke: #1a7f37; stroke-width: 2.5; }
.los-line.blocked { stroke: #c62828; stroke-width: 2.5; stroke-dasharray: 5 3; }
.los-blocker { stroke: #ff6f00; stroke-width: 8; stroke-opacity: 0.8; stroke-linecap: round; }
.caption { font: 12px sans-serif; fill: #222; }
"""


def svg(doc: dict, answer: Optional[dict] = None, los: Optional[dict] = None) -> str:
    """One standalone SVG document of the board, with the answer or LOS result drawn."""
    d = tb.canonical(doc)
    pointy = d["orientation"] == "pointy"
    hexes = [tuple(h) for h in d["hexes"]]
    hexset = set(hexes)

    def turn(x: float, y: float) -> tuple[float, float]:
        if pointy:
            return (SQRT3 / 2 * x + 0.5 * y, -0.5 * x + SQRT3 / 2 * y)
        return (x, y)

    def flat_centre(h) -> tuple[float, float]:
        return (1.5 * h[0], SQRT3 * (h[1] + h[0] / 2.0))

    # bounds, in units, of every corner
    pts = []
    for h in hexes:
        cx, cy = flat_centre(h)
        for k in range(6):
            a = math.radians(60 * k)
            pts.append(turn(cx + math.cos(a), cy + math.sin(a)))
    if not pts:
        pts = [(0.0, 0.0)]
    minx = min(p[0] for p in pts) - MARGIN
    miny = min(p[1] for p in pts) - MARGIN
    maxx = max(p[0] for p in pts) + MARGIN
    maxy = max(p[1] for p in pts) + MARGIN

    def px(x: float, y: float) -> tuple[float, float]:
        tx, ty = turn(x, y)
        return (round((tx - minx) * SCALE, 2), round((ty - miny) * SCALE, 2))

    def centre(h) -> tuple[float, float]:
        return px(*flat_centre(h))

    def corner(h, k: int) -> tuple[float, float]:
        cx, cy = flat_centre(h)
        a = math.radians(60 * k)
        return px(cx + math.cos(a), cy + math.sin(a))

    captions = _captions(d, answer, los)
    width = round((maxx - minx) * SCALE, 2)
    height = round((maxy - miny) * SCALE + 16 * len(captions) + (8 if captions else 0), 2)
    map_bottom = round((maxy - miny) * SCALE, 2)

    terrain_of: dict = {}
    for kind in d["terrain"]:
        for h in d["terrain"][kind]:
            terrain_of.setdefault(tuple(h), []).append(kind)

    out: list[str] = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" class="board {escape(d["orientation"])}">',
        f"<title>{escape(_title(d, answer, los))}</title>",
        f"<style>{STYLE}</style>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
        '<g id="hexes">',
    ]
    for h in hexes:
        kinds = [k for k in terrain_of.get(h, []) if _css_name(k)]
        cls = " ".join(["hex"] + kinds)
        points = " ".join(f"{x},{y}" for x, y in (corner(h, k) for k in range(6)))
        tip = f"{h[0]},{h[1]}" + (" " + " ".join(terrain_of.get(h, [])) if terrain_of.get(h) else "")
        out.append(
            f'<polygon class="{escape(cls)}" id="hex_{h[0]}_{h[1]}" data-q="{h[0]}" data-r="{h[1]}" '
            f'points="{points}"><title>{escape(tip)}</title></polygon>'
        )
    out.append("</g>")

    # coordinates and terrain symbols (text, so combinations stay readable)
    out.append('<g id="labels">')
    for h in hexes:
        x, y = centre(h)
        out.append(f'<text class="coord" x="{x}" y="{round(y - 0.55 * SCALE, 2)}">{h[0]},{h[1]}</text>')
        marks = "".join(tb.TERRAIN_CHAR.get(k, "?") for k in terrain_of.get(h, []))
        if marks:
            out.append(f'<text class="terrain-mark" x="{x}" y="{round(y + 0.75 * SCALE, 2)}">{escape(marks)}</text>')
    out.append("</g>")

    # the map's edge and thin walls
    out.append('<g id="walls">')
    for h in hexes:
        for (dq, dr), (i, j) in EDGE_CORNERS.items():
            if (h[0] + dq, h[1] + dr) not in hexset:
                out.append(_line("edge", corner(h, i), corner(h, j)))
    for a, b in d["walls"]:
        a, b = tuple(a), tuple(b)
        key = (b[0] - a[0], b[1] - a[1])
        if key in EDGE_CORNERS:
            i, j = EDGE_CORNERS[key]
            out.append(_line("wall", corner(a, i), corner(a, j), f'data-between="{a[0]},{a[1]} {b[0]},{b[1]}"'))
    out.append("</g>")

    # the answer's paths (under the figures)
    options = list((answer or {}).get("options") or [])
    several = len(options) > 1
    out.append('<g id="answer">')
    for n, opt in enumerate(options, 1):
        colour = OPTION_COLOURS[(n - 1) % len(OPTION_COLOURS)]
        path = [tuple(h) for h in (opt.get("path") or []) if _is_hex(h)]
        if len(path) >= 2:
            points = " ".join(f"{x},{y}" for x, y in (centre(h) for h in path))
            out.append(f'<polyline class="path" data-option="{n}" stroke="{colour}" points="{points}"/>')
    out.append("</g>")

    # figures
    ids = {}
    out.append('<g id="figures">')
    for f in d["figures"]:
        ids.setdefault(f["id"], tuple(f["at"]))
        h = tuple(f["at"])
        x, y = centre(h)
        classes = ["figure", f["side"] if _css_name(f["side"]) else "other"]
        if f["id"] == d.get("active"):
            classes.append("active")
        for flag in ("elite", "invisible"):
            if f.get(flag):
                classes.append(flag)
        fill = SIDE_FILL.get(f["side"], "#666")
        if f.get("elite") and f["side"] == "monster":
            fill = "#c98d00"
        size = 10 if len(f["id"]) <= 4 else max(6, round(40 / len(f["id"])))
        out.append(
            f'<g class="{" ".join(classes)}" data-id={quoteattr(f["id"])}>'
            f'<title>{escape(_figure_tip(f))}</title>'
            f'<circle cx="{x}" cy="{y}" r="{round(0.62 * SCALE, 2)}" fill="{fill}"/>'
            f'<text class="figure-label" x="{x}" y="{y}" style="font-size: {size}px">{escape(f["id"])}</text></g>'
        )
    out.append("</g>")

    # destinations and targets of each option (numbered when several)
    out.append('<g id="marks">')
    for n, opt in enumerate(options, 1):
        colour = OPTION_COLOURS[(n - 1) % len(OPTION_COLOURS)]
        ring = round((0.78 + 0.08 * ((n - 1) % 3)) * SCALE, 2)
        dest = opt.get("destination")
        if _is_hex(dest):
            x, y = centre(dest)
            out.append(f'<circle class="destination" data-option="{n}" cx="{x}" cy="{y}" r="{ring}" stroke="{colour}"/>')
            if several:
                bx, by = _around(x, y, ring, -40 + 35 * (n - 1))
                out.append(_number(n, bx, by, colour, "destination"))
        for t in opt.get("targets") or []:
            if t in ids:
                x, y = centre(ids[t])
                out.append(f'<circle class="target" data-option="{n}" data-id={quoteattr(t)} cx="{x}" cy="{y}" r="{ring}" stroke="{colour}"/>')
                if several:
                    bx, by = _around(x, y, ring, 220 - 35 * (n - 1))
                    out.append(_number(n, bx, by, colour, "target"))
    out.append("</g>")

    # line of sight
    if los:
        out.append('<g id="los">')
        for key in ("from", "to"):
            h = los.get(key)
            if _is_hex(h):
                x, y = centre(h)
                out.append(f'<circle class="los-end {key}" cx="{x}" cy="{y}" r="{round(0.85 * SCALE, 2)}"/>')
        line = los.get("line")
        if los.get("visible") and _is_segment(line):
            out.append(_line("los-line visible", px(*line[0]), px(*line[1])))
        else:
            blocked = los.get("blocked_line")
            if _is_segment(blocked):
                out.append(_line("los-line blocked", px(*blocked[0]), px(*blocked[1])))
            for seg in _segments(los.get("blocked_by")):
                out.append(_line("los-blocker", px(*seg[0]), px(*seg[1])))
        out.append("</g>")

    # captions under the map
    if captions:
        out.append('<g id="caption">')
        for k, text in enumerate(captions):
            out.append(f'<text class="caption" x="8" y="{round(map_bottom + 16 * (k + 1), 2)}">{escape(text)}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _css_name(name) -> bool:
    return isinstance(name, str) and name.replace("-", "").replace("_", "").isalnum()


def _is_hex(h) -> bool:
    return isinstance(h, (list, tuple)) and len(h) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in h)


def _is_point(p) -> bool:
    return isinstance(p, (list, tuple)) and len(p) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in p)


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


def _around(x: float, y: float, radius: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return (x + radius * math.cos(a), y + radius * math.sin(a))


def _number(n: int, x: float, y: float, colour: str, what: str) -> str:
    x, y = round(x, 2), round(y, 2)
    return (
        f'<circle class="option-badge" cx="{x}" cy="{y}" r="7" fill="#fff" stroke="{colour}" stroke-width="1.5"/>'
        f'<text class="option-number" data-for="{what}" data-option="{n}" x="{x}" y="{y}" fill="{colour}">{n}</text>'
    )


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


def _captions(d: dict, answer, los) -> list[str]:
    out = []
    if answer is not None:
        options = answer.get("options") or []
        if not options:
            out.append("No focus: the monster neither moves nor attacks.")
        for n, opt in enumerate(options, 1):
            head = f"Option {n}" if len(options) > 1 else "Answer"
            targets = ", ".join(opt.get("targets") or []) or "nobody"
            out.append(f"{head}: focus {opt.get('focus') or '-'}, ends at {_fmt(opt.get('destination'))}, attacks {targets}.")
    if los:
        verdict = "visible" if los.get("visible") else "not visible"
        out.append(f"Line of sight from {_fmt(los.get('from'))} to {_fmt(los.get('to'))}: {verdict}.")
    return out
