"""Labels (issue 13 points 2-4): hexes named by labels or ids, the board's own labels kept in every
picture, and SVGs that carry what decides the answer (checked on the examples of docs/rules.md and docs/boards.md)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from ghcli.boards.ascii import picture
from ghcli.boards.svg import svg
from ghcli.boards import textboard as tb
from ghcli.rules.board import Board
from ghcli.rules.monster import decide
from helpers import doc_section

ROOT = Path(__file__).resolve().parent.parent
NS = "{http://www.w3.org/2000/svg}"
PROXIMITY = re.search(r"#+ Example: a focus tie broken by proximity.*?```text\n(board:.*?)```",
                      doc_section("rules core"), re.S).group(1)
SMALL = re.search(r"#+ The text format.*?```text\n(board:.*?)```", doc_section("board pictures"), re.S).group(1)


def classes(el) -> set:
    return set((el.get("class") or "").split())


# -- labels kept ---------------------------------------------------------------------------------


def test_typed_labels_are_kept_and_written_back():
    doc = tb.load(PROXIMITY)
    assert [f.get("label") for f in doc["figures"]] == ["g", "b", "s"]
    text = tb.dump(doc)
    assert " .       .       g" in text and "g = guard monster" in text
    assert tb.load(text) == tb.canonical(doc)
    # JSON -> text -> JSON: the labels travel as the figures' "label"
    again = tb.load(json.dumps(tb.canonical(doc)))
    assert tb.dump(again) == text


def test_labels_ghcli_would_pick_itself_are_not_recorded():
    doc = tb.load(PROXIMITY.replace("g = guard", "A = guard").replace("       g\n", "       A\n")
                  .replace("b = brute", "B = brute").replace("       b\n", "       B\n")
                  .replace("s = spell", "C = spell").replace("       s\n", "       C\n"))
    assert all("label" not in f for f in doc["figures"])  # A, B, C are ghcli's own picks
    assert "[A]" in picture(doc)


def test_pictures_keep_the_boards_labels_and_shorten_only_what_does_not_fit():
    doc = tb.load(PROXIMITY)
    art = picture(doc, decide(Board.from_dict(doc)).to_dict())
    assert "[g]" in art and "(s)" in art and " b\n" in art
    assert "[A]" not in art
    # a 3-character label beside a terrain mark does not fit in 3 characters: shortened, and listed
    doc = tb.load(PROXIMITY)
    doc["figures"][0]["label"] = "grd"
    doc.setdefault("terrain", {})["hazardous"] = [[4, -2]]
    art = picture(doc)
    assert "grd" not in art and "[A!]" in art and "A = guard" in art
    doc["terrain"]["hazardous"] = []
    assert "[grd]" in picture(doc)


def test_board_commands_show_the_labels(cli, tmp_path):
    board = tmp_path / "proximity.txt"
    board.write_text(PROXIMITY, encoding="utf-8")
    out = cli("rules", "focus", str(board)).stdout
    assert "[g]" in out and "labels: g = guard, b = brute, s = spellweaver" in out
    assert "r 0   b /     #" in cli("rules", "board", "show", "-", input=SMALL).stdout


# -- hexes named by labels or ids ------------------------------------------------------------------


def test_los_takes_labels_and_ids(cli, tmp_path):
    board = tmp_path / "proximity.txt"
    board.write_text(PROXIMITY, encoding="utf-8")
    by_label = json.loads(cli("rules", "los", str(board), "--from", "g", "--to", "s", "--json").stdout)
    by_id = json.loads(cli("rules", "los", str(board), "--from", "guard", "--to", "spellweaver", "--json").stdout)
    by_hex = json.loads(cli("rules", "los", str(board), "--from", "4,-2", "--to", "4,0", "--json").stdout)
    assert by_label == by_id == by_hex
    assert (by_label["from"], by_label["to"]) == ([4, -2], [4, 0])
    everything = json.loads(cli("rules", "los", str(board), "--from", "b", "--json").stdout)
    assert everything["from"] == [3, 1]


def test_an_unknown_name_lists_the_figures(tmp_path):
    from typer.testing import CliRunner

    from ghcli.cli import app

    board = tmp_path / "proximity.txt"
    board.write_text(PROXIMITY, encoding="utf-8")
    r = CliRunner().invoke(app, ["rules", "los", str(board), "--from", "zz"])
    assert r.exit_code == 2
    assert "--from must be a hex Q,R or a figure's id or label, not 'zz'" in r.stderr and "guard" in r.stderr


# -- SVGs of the README examples ------------------------------------------------------------------


def _svg_of(cli, tmp_path, *args) -> ET.Element:
    out = tmp_path / "p.svg"
    r = cli(*args, "--svg", str(out))
    assert r.exit_code == 0
    return ET.parse(out).getroot()


@pytest.mark.parametrize("example", ["proximity", "small", "G-035"])
def test_readme_svgs_carry_initiatives_labels_and_a_caption_inside(cli, tmp_path, example):
    if example == "G-035":
        path = ROOT / "tests" / "rules_cases" / "G-035.json"
    else:
        path = tmp_path / f"{example}.txt"
        path.write_text(PROXIMITY if example == "proximity" else SMALL, encoding="utf-8")
    doc = tb.load(path.read_text(encoding="utf-8"))
    root = _svg_of(cli, tmp_path, "rules", "focus", str(path))
    width, height = float(root.get("width")), float(root.get("height"))
    figures = [g for g in root.iter(NS + "g") if "figure" in classes(g)]
    shown = tb.labels(tb.canonical(doc), {i: 3 for i in range(len(doc["figures"]))})
    for i, f in enumerate(doc["figures"]):
        (g,) = [g for g in figures if g.get("data-id") == f["id"]]
        texts = {next(iter(classes(t))): t.text for t in g.iter(NS + "text")}
        assert texts["figure-label"] == shown[i] and len(texts["figure-label"]) <= 3  # fits the disc
        if f["side"] != "monster":
            assert texts["initiative"] == str(f["initiative"])  # each character's initiative
    captions = [t for t in root.iter(NS + "text") if "caption" in classes(t)]
    assert captions
    for t in captions:  # inside the canvas, and no wider than it
        assert 0 < float(t.get("y")) <= height and len(t.text) * 6.6 + float(t.get("x")) <= width
    said = " ".join(t.text for t in captions)
    action = doc["action"]
    assert f"move {action['move']}" in said
    assert ("melee attack" if not action["attack"]["range"] else f"range {action['attack']['range']}") in said


def test_readme_proximity_svg_names_the_initiatives_10_and_50(cli, tmp_path):
    path = tmp_path / "proximity.txt"
    path.write_text(PROXIMITY, encoding="utf-8")
    root = _svg_of(cli, tmp_path, "rules", "focus", str(path))
    inits = sorted(t.text for t in root.iter(NS + "text") if "initiative" in classes(t))
    assert inits == ["10", "50"]
    caption = " ".join(" ".join(t.text for t in root.iter(NS + "text") if "caption" in classes(t)).split())
    assert "Labels: g = guard, b = brute (10), s = spellweaver (50)." in caption


def test_los_without_to_shades_every_visible_hex(cli, tmp_path):
    path = tmp_path / "proximity.txt"
    path.write_text(PROXIMITY, encoding="utf-8")
    seen = json.loads(cli("rules", "los", str(path), "--from", "g", "--json").stdout)
    root = _svg_of(cli, tmp_path, "rules", "los", str(path), "--from", "g")
    visible = {(int(p.get("data-q")), int(p.get("data-r"))) for p in root.iter(NS + "polygon")
               if "visible" in classes(p)}
    assert visible == {tuple(h) for h in seen["visible"]} and len(visible) == 14
    (origin,) = [p for p in root.iter(NS + "polygon") if "los-from" in classes(p)]
    assert (origin.get("data-q"), origin.get("data-r")) == ("4", "-2")
    # the picture's other parts have classes too
    assert {"background", "edge"} <= {c for e in root.iter() for c in classes(e)}


def test_walls_are_drawn_unlike_the_edge_and_the_area_pattern_is_shown():
    doc = tb.load(SMALL)
    doc["action"]["attack"]["area"] = [[0, 1], [1, 0]]
    root = ET.fromstring(svg(doc, decide(Board.from_dict(tb.canonical(doc))).to_dict()))
    style = next(root.iter(NS + "style")).text
    wall = re.search(r"\.wall \{([^}]*)\}", style).group(1)
    edge = re.search(r"\.edge \{([^}]*)\}", style).group(1)
    stroke = lambda css: re.search(r"stroke: (#[0-9a-f]+)", css).group(1)  # noqa: E731
    width = lambda css: float(re.search(r"stroke-width: ([\d.]+)", css).group(1))  # noqa: E731
    assert stroke(wall) != stroke(edge) and width(wall) > width(edge)
    area = [p for p in root.iter(NS + "path") if "area-hex" in classes(p)]
    assert sorted(p.get("data-offset") for p in area) == ["0,1", "1,0"]
    assert [p.get("data-offset") for p in root.iter(NS + "path") if "area-self" in classes(p)] == ["0,0"]  # melee
    assert len(list(root.iter(NS + "polygon"))) == len(doc["hexes"])  # still one polygon per hex


def test_the_docs_example_svg_is_current():
    doc = json.loads((ROOT / "tests" / "rules_cases" / "G-035.json").read_text(encoding="utf-8"))
    answer = decide(Board.from_dict(doc)).to_dict()
    assert (ROOT / "docs" / "board-example.svg").read_text(encoding="utf-8") == svg(doc, answer)
