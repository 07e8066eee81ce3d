"""Pictures: nothing drawn covers a label, and colour follows the verdict (issue 25).

The labels of an SVG picture are each hex's coordinates and terrain marks, each
figure's label and initiative badge, and the option numbers' badges. For every
rules case (with its answer) and for sight pictures (one pair, and every hex
seen from one), each label's box (worked out from its font size and text, or
its shape) meets no other label's box and no shape drawn after it: rings,
paths, sight lines and discs are drawn first, the labels on top, and the
option numbers where no other label is.
"""

from __future__ import annotations

import bisect
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ghcli.boards import svg as svg_module
from ghcli.boards.svg import svg
from ghcli.rules.board import Board
from ghcli.rules.hexes import Hex
from ghcli.rules.los import sight_for
from ghcli.rules.monster import decide

NS = "{http://www.w3.org/2000/svg}"
HERE = Path(__file__).parent
CASES = sorted((HERE / "rules_cases").glob("*.json")) + sorted((HERE / "rules_cases_ghcli").glob("*.json"))
SLACK = 0.5  # pixels: boxes that only touch do not overlap

FONT = {"coord": 9, "terrain-mark": 9, "initiative": 8, "option-number": 9}
BADGES = ("initiative-badge", "option-badge")


def _classes(el) -> set:
    return set((el.get("class") or "").split())


def _text_box(el) -> tuple:
    cls = _classes(el)
    size = FONT.get(next((c for c in cls if c in FONT), ""), 11)
    if "many" in cls:
        size = 7
    m = re.search(r"font-size:\s*([\d.]+)px", el.get("style") or "")
    if m:
        size = float(m.group(1))
    x, y = float(el.get("x")), float(el.get("y"))
    w = 0.6 * size * len(el.text or "")
    if cls & {"figure-label", "initiative", "option-number"}:  # dominant-baseline: central
        return (x - w / 2, y - size / 2, x + w / 2, y + size / 2)
    return (x - w / 2, y - 0.75 * size, x + w / 2, y + 0.25 * size)


def _box(el):
    tag = el.tag[len(NS):]
    f = lambda k: float(el.get(k))  # noqa: E731
    if tag == "circle":
        return (f("cx") - f("r"), f("cy") - f("r"), f("cx") + f("r"), f("cy") + f("r"))
    if tag == "rect":
        return (f("x"), f("y"), f("x") + f("width"), f("y") + f("height"))
    if tag == "line":
        xs, ys = (f("x1"), f("x2")), (f("y1"), f("y2"))
        return (min(xs), min(ys), max(xs), max(ys))
    if tag in ("polyline", "polygon"):
        pts = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
        return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))
    if tag == "text":
        return _text_box(el)
    return None


def _meet(a, b) -> bool:
    return a[0] < b[2] - SLACK and b[0] < a[2] - SLACK and a[1] < b[3] - SLACK and b[1] < a[3] - SLACK


def _drawn(root) -> list:
    """Every drawn element in document order (shapes and texts), the caption and the background left out."""
    out = []
    for el in root.iter():
        tag = el.tag[len(NS):] if el.tag.startswith(NS) else el.tag
        if tag in ("circle", "rect", "line", "polyline", "polygon", "text", "path"):
            if _classes(el) & {"background", "caption", "area-hex", "area-self"}:
                continue
            out.append(el)
    return out


def _labels(drawn: list) -> list:
    """(index, box, element) of each label: badges (with the text on them) and free-standing texts."""
    out = []
    for i, el in enumerate(drawn):
        cls = _classes(el)
        if cls & set(BADGES):
            out.append((i, _box(el), el))
        elif el.tag == NS + "text" and cls & {"coord", "terrain-mark", "figure-label"}:
            out.append((i, _box(el), el))
    return out


def _covered(root) -> list:
    drawn = _drawn(root)
    labels = _labels(drawn)
    # each element's classes and box, worked out once, and the shapes a label may be covered by (not
    # labels, which are checked pairwise): the pairs below ask for them again and again
    classes = {id(el): _classes(el) for el in drawn}
    boxes = {id(el): _box(el) for el in drawn}
    skip = {"coord", "terrain-mark", "figure-label"} | set(BADGES)
    shapes = sorted(((n, el, boxes[id(el)]) for n, el in enumerate(drawn)
                     if not classes[id(el)] & skip and boxes[id(el)] is not None), key=lambda s: s[2][0])
    lefts = [s[2][0] for s in shapes]  # a shape meets a box only if it starts left of the box's right side

    def on_its_badge(el, badge) -> bool:
        """A badge's own text (drawn right after it)."""
        return el.tag == NS + "text" and classes[id(el)] & {"initiative", "option-number"} \
            and _meet(boxes[id(el)], boxes[id(badge)])

    bad = []
    # two labels meet only if the one further left reaches past the other's left side: by their left sides,
    # each label is held against the next ones until one starts beyond its right side
    by_left = sorted(labels, key=lambda lab: lab[1][0])
    for k, (_, box, el) in enumerate(by_left):
        for _, other, oel in by_left[k + 1:]:
            if other[0] >= box[2] - SLACK:
                break
            if _meet(box, other):
                bad.append(("labels meet", el.get("class"), el.text, oel.get("class"), oel.text))
    for i, box, el in labels:
        near = shapes[:bisect.bisect_left(lefts, box[2] - SLACK)]
        for n, later, lb in sorted(s for s in near if s[0] > i and _meet(box, s[2])):  # drawn after it, meeting it
            if later is el or on_its_badge(later, el):
                continue
            if later.tag == NS + "text" and any(on_its_badge(later, b) for _, _, b in labels if b is not el):
                continue  # the text of another badge: that badge is checked pairwise
            bad.append(("covered by a later shape", el.get("class"), el.text, later.tag, later.get("class")))
    return bad


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_nothing_covers_a_label_in_a_focus_picture(path):
    doc = json.loads(path.read_text())
    answer = decide(Board.from_dict(doc)).to_dict()
    assert _covered(ET.fromstring(svg(doc, answer))) == []


@pytest.mark.parametrize("path", CASES[::11], ids=lambda p: p.stem)
def test_nothing_covers_a_label_in_a_sight_picture(path):
    doc = json.loads(path.read_text())
    board = Board.from_dict(doc)
    sight = sight_for(board)
    me = board.monster.at
    seen = {"from": list(me), "visible": [list(h) for h in sight.visible_from(me) if h != me]}
    assert _covered(ET.fromstring(svg(doc, los=seen))) == []
    other = next(f.at for f in board.figures if f.id != board.active)
    assert _covered(ET.fromstring(svg(doc, los=sight.explain(me, Hex(*other))))) == []


def _fill(classes: set) -> str:
    """The fill the picture's style sheet gives an element with these classes (one-level
    selectors of classes only, as the sheet has: the most classes win, then the later rule)."""
    best = (-1, -1, None)
    for k, (selector, body) in enumerate(re.findall(r"([^{}]+)\{([^}]*)\}", svg_module.STYLE)):
        for sel in selector.split(","):
            need = set(re.findall(r"\.([\w-]+)", sel.strip()))
            fill = re.search(r"(?<![-\w])fill:\s*([^;]+);", body)
            if " " not in sel.strip() and need and need <= classes and fill and (len(need), k) > best[:2]:
                best = (len(need), k, fill.group(1).strip())
    return best[2]


def test_visible_shading_keeps_the_terrain_colours():
    for kind in ("obstacle", "trap", "hazardous", "difficult", "icy"):
        assert _fill({"hex", "visible", kind}) == _fill({"hex", kind}) != _fill({"hex"})
    assert _fill({"hex", "visible"}) != _fill({"hex"})  # plain hexes seen: shaded


def _stroke(classes: set) -> str:
    best = (-1, -1, None)
    for k, (selector, body) in enumerate(re.findall(r"([^{}]+)\{([^}]*)\}", svg_module.STYLE)):
        need = set(re.findall(r"\.([\w-]+)", selector.strip()))
        stroke = re.search(r"(?<![-\w])stroke:\s*([^;]+);", body)
        if need and need <= classes and stroke and (len(need), k) > best[:2]:
            best = (len(need), k, stroke.group(1).strip())
    return best[2]


def test_the_colour_follows_the_verdict():
    doc = json.loads((HERE / "rules_cases" / "G-055.json").read_text())
    sight = sight_for(Board.from_dict(doc))
    clear = next(h for h in sight.visible_from(Hex(6, -1)) if h != Hex(6, -1))
    for a, b, seen in ((Hex(7, -3), Hex(9, -2), False), (Hex(6, -1), clear, True)):
        got = sight.explain(a, b)
        assert got["visible"] is seen
        root = ET.fromstring(svg(doc, los=got))
        ends = [c for c in root.iter(NS + "circle") if "los-end" in _classes(c)]
        lines = [x for x in root.iter(NS + "line") if "los-line" in _classes(x)]
        assert len(ends) == 2 and lines
        colours = {_stroke(_classes(el)) for el in ends + lines}
        green, red = "#1a7f37", "#c62828"
        assert colours == ({green} if seen else {red}), (seen, colours)
