"""Pictures of boards and answers (issue 7): SVG for every rules case, ASCII, `rules board show`."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ghcli.boards.ascii import picture
from ghcli.boards.svg import svg
from ghcli.rules import monster
from ghcli.rules.board import Board
from ghcli.boards import textboard as tb

NS = "{http://www.w3.org/2000/svg}"
CASES = sorted((Path(__file__).parent / "rules_cases").glob("*.json"))
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def _case(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _answer(doc: dict) -> dict:
    """The rules core's answer for the case (format 1), with the path it shows."""
    return monster.decide(Board.from_dict(doc)).to_dict()


def _points(text: str) -> list[tuple[float, float]]:
    return [tuple(float(v) for v in p.split(",")) for p in text.split()]


def _inside(pt, poly) -> bool:
    """Ray casting: is pt strictly inside the polygon?"""
    x, y = pt
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _centre(poly):
    return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))


def _close(a, b, tol=0.02) -> bool:
    return abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol


def _classes(el) -> set:
    return set(el.get("class", "").split())


def _hex_polygons(root) -> dict:
    return {(int(p.get("data-q")), int(p.get("data-r"))): _points(p.get("points")) for p in root.iter(NS + "polygon")}


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_every_case_renders_to_a_checked_svg(path):
    doc = _case(path)
    answer = _answer(doc)
    root = ET.fromstring(svg(doc, answer))  # well-formed XML
    assert root.tag == NS + "svg"

    # one polygon per hex, exactly, and nothing else drawn as a polygon
    polygons = list(root.iter(NS + "polygon"))
    assert len(polygons) == len(doc["hexes"])
    assert all("hex" in _classes(p) for p in polygons)
    hexes = _hex_polygons(root)
    assert set(hexes) == {tuple(h) for h in doc["hexes"]}
    assert all(len(poly) == 6 for poly in hexes.values())

    # terrain drawn distinctly: the polygon of every terrain hex carries its kind
    by_id = {p.get("id"): p for p in polygons}
    for kind, cells in doc["terrain"].items():
        for q, r in cells:
            assert kind in _classes(by_id[f"hex_{q}_{r}"])

    # each figure's label inside its own hex (and in no other)
    figures = [g for g in root.iter(NS + "g") if "figure" in _classes(g)]
    assert len(figures) == len(doc["figures"])
    shown = tb.labels(doc)
    for i, f in enumerate(doc["figures"]):
        (g,) = [g for g in figures if g.get("data-id") == f["id"]]
        (label,) = [t for t in g.iter(NS + "text") if "figure-label" in _classes(t)]
        assert label.text == shown[i] and len(label.text) <= 3
        pt = (float(label.get("x")), float(label.get("y")))
        assert [h for h, poly in hexes.items() if _inside(pt, poly)] == [tuple(f["at"])]
        assert ("active" in _classes(g)) == (f["id"] == doc["active"])

    # the path: points on the centres of the path's hexes, in order
    polylines = [p for p in root.iter(NS + "polyline") if "path" in _classes(p)]
    drawn = [o for o in answer["options"] if o["path"] and len(o["path"]) >= 2]
    assert len(polylines) == len(drawn)
    for line, opt in zip(polylines, drawn):
        pts = _points(line.get("points"))
        assert len(pts) == len(opt["path"])
        for pt, h in zip(pts, opt["path"]):
            assert _close(pt, _centre(hexes[tuple(h)]))

    # destinations and targets of each option, numbered when there are several
    circles = list(root.iter(NS + "circle"))
    for n, opt in enumerate(answer["options"], 1):
        (dest,) = [c for c in circles if "destination" in _classes(c) and c.get("data-option") == str(n)]
        assert _close((float(dest.get("cx")), float(dest.get("cy"))), _centre(hexes[tuple(opt["destination"])]))
        rings = [c.get("data-id") for c in circles if "target" in _classes(c) and c.get("data-option") == str(n)]
        assert sorted(rings) == sorted(opt["targets"])
    numbers = [t for t in root.iter(NS + "text") if "option-number" in _classes(t)]
    if len(answer["options"]) > 1:
        # each option's number on its destination and on each of its targets (a badge of its own, or
        # one pill naming every option of a crowded hex), inside that hex
        at = {f["id"]: tuple(f["at"]) for f in doc["figures"]}
        for n, opt in enumerate(answer["options"], 1):
            for h in [tuple(opt["destination"])] + [at[t] for t in opt["targets"]]:
                assert any(str(n) in t.get("data-options").split()
                           and _inside((float(t.get("x")), float(t.get("y"))), hexes[h]) for t in numbers), (n, h)
        assert all(t.text == t.get("data-option") for t in numbers if len(t.get("data-options").split()) == 1)
    else:
        assert numbers == []

    # the terminal's picture says so when there is no focus
    assert ("no focus" in picture(doc, answer)) == (not answer["focus"])


def _edge_count(doc) -> int:
    hexes = {tuple(h) for h in doc["hexes"]}
    return sum(1 for h in hexes for dq, dr in DIRS if (h[0] + dq, h[1] + dr) not in hexes)


@pytest.mark.parametrize("path", [p for p in CASES if p.stem.startswith("G-")][::9], ids=lambda p: p.stem)
def test_walls_and_map_edges_are_heavy_lines_on_hex_edges(path):
    doc = _case(path)
    root = ET.fromstring(svg(doc))
    hexes = _hex_polygons(root)
    lines = list(root.iter(NS + "line"))
    walls = [line for line in lines if "wall" in _classes(line)]
    edges = [line for line in lines if "edge" in _classes(line)]
    assert len(walls) == len(doc["walls"])
    assert len(edges) == _edge_count(doc)
    for line, (a, b) in zip(walls, doc["walls"]):
        ends = [(float(line.get("x1")), float(line.get("y1"))), (float(line.get("x2")), float(line.get("y2")))]
        for end in ends:  # both ends are corners shared by the two hexes of the wall
            assert any(_close(end, c) for c in hexes[tuple(a)])
            assert any(_close(end, c) for c in hexes[tuple(b)])


def _flat_corner(h, k):
    x, y = 1.5 * h[0], math.sqrt(3) * (h[1] + h[0] / 2)
    return [x + math.cos(math.radians(60 * k)), y + math.sin(math.radians(60 * k))]


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_sight_lines_are_drawn_between_corners(orientation):
    doc = dict(_case(CASES[len(CASES) // 2]), orientation=orientation)
    a, b = doc["hexes"][0], doc["hexes"][-1]
    seen = {"from": a, "to": b, "visible": True, "line": [_flat_corner(a, 0), _flat_corner(b, 3)],
            "blocked_line": None, "blocked_by": None}
    root = ET.fromstring(svg(doc, los=seen))
    hexes = _hex_polygons(root)
    (line,) = [x for x in root.iter(NS + "line") if "los-line" in _classes(x)]
    assert "visible" in _classes(line)
    p1 = (float(line.get("x1")), float(line.get("y1")))
    p2 = (float(line.get("x2")), float(line.get("y2")))
    assert any(_close(p1, c) for c in hexes[tuple(a)]) and any(_close(p2, c) for c in hexes[tuple(b)])
    ends = [c for c in root.iter(NS + "circle") if "los-end" in _classes(c)]
    assert [_close((float(c.get("cx")), float(c.get("cy"))), _centre(hexes[tuple(h)]))
            for c, h in zip(ends, (a, b))] == [True, True]

    # blocked: the nearest blocked line, and the wall it touches (an edge of a hex)
    wall = [_flat_corner(b, 0), _flat_corner(b, 1)]
    blocked = dict(seen, visible=False, line=None, blocked_line=[_flat_corner(a, 0), _flat_corner(b, 1)],
                   blocked_by=wall)
    root = ET.fromstring(svg(doc, los=blocked))
    (line,) = [x for x in root.iter(NS + "line") if "los-line" in _classes(x)]
    assert "blocked" in _classes(line)
    (blocker,) = [x for x in root.iter(NS + "line") if "los-blocker" in _classes(x)]
    for end in ((blocker.get("x1"), blocker.get("y1")), (blocker.get("x2"), blocker.get("y2"))):
        assert any(_close((float(end[0]), float(end[1])), c) for c in hexes[tuple(b)])


def test_pointy_boards_are_drawn_pointy():
    doc = _case(CASES[0])
    for orientation, want in (("flat", "flat"), ("pointy", "pointy")):
        root = ET.fromstring(svg(dict(doc, orientation=orientation)))
        poly = _hex_polygons(root)[(0, 0)]
        cx, cy = _centre(poly)
        # flat hexes have a corner straight to the right of the centre; pointy ones straight above
        right = any(abs(y - cy) < 0.02 and x > cx for x, y in poly)
        top = any(abs(x - cx) < 0.02 and y < cy for x, y in poly)
        assert (right, top) == ((True, False) if want == "flat" else (False, True))


def test_ids_are_escaped():
    doc = {"format": 1, "hexes": [[0, 0], [1, 0]], "active": "<m&1>",
           "figures": [{"id": "<m&1>", "side": "monster", "at": [0, 0]},
                       {"id": 'say "hi"', "side": "character", "at": [1, 0], "initiative": 10}]}
    root = ET.fromstring(svg(doc))
    ids = sorted(g.get("data-id") for g in root.iter(NS + "g") if "figure" in _classes(g))
    assert ids == sorted(["<m&1>", 'say "hi"'])
    labels = sorted(t.text for t in root.iter(NS + "text") if "figure-label" in _classes(t))
    assert labels == ["A", "B"]  # too long for a disc: short labels, named in the caption
    caption = " ".join(t.text for t in root.iter(NS + "text") if "caption" in _classes(t))
    assert "A = <m&1>" in caption and 'B = say "hi" (10)' in caption


# -- ASCII --------------------------------------------------------------------------

SMALL = """\
board: frosthaven flat
active: g
move: 2
attack: melee
map: 0,0
 b       #
   /.  /
 ^  ___  g!
     .
figures:
b = brute character 15
g = guard-1 monster
"""


def test_ascii_picture_of_a_small_board_with_an_answer():
    doc = tb.load(SMALL)
    answer = {"active": "guard-1", "focus": ["brute"], "options": [
        {"focus": "brute", "destination": [1, 1], "targets": ["brute"], "path": [[2, 0], [1, 1]]}]}
    lines = picture(doc, answer).splitlines()
    # ruler of q, then the map: r of the first column in the margin; brute (typed label b) is the
    # target, guard-1 (label g, on hazardous terrain) the active monster, (1,1) the destination
    assert lines[:5] == [
        "q     0   1   2",
        "r 0  (b)/     #",
        "        / . /",
        "r 1   ^  ___[g!]",
        "          @",
    ]
    text = "\n".join(lines[5:])
    assert "b = brute" in text and "g = guard-1" in text
    assert "moves to 1,1, attacks brute" in text


def test_ascii_marks_paths_and_numbered_destinations():
    doc = _case(next(p for p in CASES if len(_case(p)["expected"]) > 1))
    answer = _answer(doc)
    art = picture(doc, answer)
    dests = {tuple(o["destination"]) for o in answer["options"]}
    start = tuple(next(f["at"] for f in doc["figures"] if f["id"] == doc["active"]))
    marks = [f"@{n}" for n, o in enumerate(answer["options"], 1) if tuple(o["destination"]) != start]
    assert sum(1 for m in marks if m in art) == len(dests - {start})
    assert f"[{doc['active']}]" in art
    assert "option 2:" in art


def test_ascii_sight_picture_marks_both_hexes_and_the_verdict():
    doc = tb.load(SMALL)
    art = picture(doc, los={"from": [0, 0], "to": [1, 1], "visible": False, "line": None})
    assert "{b}" in art and "{.}" in art
    assert "sight from 0,0 to 1,1: not visible" in art


def test_ascii_stays_readable_for_a_30_by_30_board():
    hexes = [[q, r - q // 2] for q in range(30) for r in range(30)]
    figures = [{"id": f"c{i}", "side": "character", "at": hexes[i * 97], "initiative": 10 + i} for i in range(8)]
    figures += [{"id": f"m{i}", "side": "monster", "at": hexes[i * 83 + 11]} for i in range(10)]
    doc = {"format": 1, "hexes": hexes, "figures": figures, "active": "m0",
           "walls": [[[5, 0], [5, 1]], [[7, -3], [8, -3]]], "terrain": {"obstacle": [hexes[400]]}}
    lines = picture(doc).splitlines()
    assert max(len(line) for line in lines) <= 130
    assert len(lines) <= 66
    art = "\n".join(lines)
    for f in figures:
        assert art.count(f["id"]) >= 1


# -- the command -----------------------------------------------------------------------


def test_board_show_prints_picture_and_summary(cli, tmp_path):
    src = tmp_path / "b.txt"
    src.write_text(SMALL, encoding="utf-8")
    res = cli("rules", "board", "show", str(src))
    assert res.exit_code == 0
    assert "r 1   ^  ___[g!]" in res.stdout
    assert "frosthaven rules, flat orientation: 6 hexes, 3 thin walls" in res.stdout
    assert "move 2, melee attack, 1 target" in res.stdout
    res = cli("rules", "board", "show", str(src), "--json")
    data = json.loads(res.stdout)
    assert data["hexes"] == 6 and data["walls"] == 3 and data["active"] == "guard-1"
    assert [f["id"] for f in data["figures"]] == ["brute", "guard-1"]


def test_board_show_writes_svg(cli, tmp_path):
    out = tmp_path / "b.svg"
    res = cli("rules", "board", "show", str(CASES[0]), "--svg", str(out))
    assert res.exit_code == 0
    root = ET.parse(out).getroot()
    assert len(list(root.iter(NS + "polygon"))) == len(_case(CASES[0])["hexes"])
    res = cli("rules", "board", "show", "-", "--svg", "-", input=SMALL)
    assert res.exit_code == 0 and res.stdout.startswith("<?xml")


def test_board_show_rejects_bad_boards(cli):
    res = cli("rules", "board", "show", "-", input=SMALL.replace("active: g", "active: nobody"))
    assert res.exit_code == 2
    assert res.stderr.startswith("error: ") and len(res.stderr.strip().splitlines()) == 1
    res = cli("rules", "board", "show", "-", input=SMALL.replace(" ^  ___  g!", " ^  ___   g!"))
    assert res.exit_code == 2 and "line 8" in res.stderr
