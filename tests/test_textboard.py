"""The text board format (issue 5/7): lossless conversion, hand-typed boards, errors, `rules board convert`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ghcli.errors import BadInput
from ghcli.boards import textboard as tb

CASES = sorted((Path(__file__).parent / "rules_cases").glob("*.json"))


def _case(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_every_case_converts_json_text_json_losslessly(path):
    doc = _case(path)
    text = tb.dump(doc)
    assert not text.lstrip().startswith("{")
    back = tb.load(text)
    # the cases are canonical already, and extra keys (expected, los, ...) are carried
    assert back == doc
    assert tb.dump(back) == text


def test_cases_exist():
    assert len(CASES) == 273


# A hand-typed flat board; coordinates worked out from the layout (line = 2r + q, 4 characters a column).
FLAT = """\
# a comment
board: frosthaven flat
active: g
move: 2 jump
attack: range 3 targets 2 muddled
map: 0,0
 b       #
   /.  /
 ^  ___  g!
     .
figures:
b = brute character 15 elite
g = guard-1 monster standee 2
"""


def test_hand_typed_flat_board():
    doc = tb.load(FLAT)
    assert doc["rules"] == "frosthaven" and doc["orientation"] == "flat"
    assert doc["hexes"] == [[0, 0], [0, 1], [1, 0], [1, 1], [2, -1], [2, 0]]
    assert doc["terrain"]["obstacle"] == [[2, -1]]
    assert doc["terrain"]["trap"] == [[0, 1]]
    assert doc["terrain"]["hazardous"] == [[2, 0]]
    assert doc["terrain"]["difficult"] == [] and doc["terrain"]["icy"] == []
    # '/' left of (1,0): its upper-left edge, towards (0,0); '/' right of it: lower-right, towards (2,0);
    # '___' under (1,0): towards (1,1)
    assert doc["walls"] == [[[0, 0], [1, 0]], [[1, 0], [1, 1]], [[1, 0], [2, 0]]]
    assert doc["figures"] == [
        {"id": "brute", "side": "character", "at": [0, 0], "initiative": 15, "elite": True, "label": "b"},
        {"id": "guard-1", "side": "monster", "at": [2, 0], "standee": 2, "label": "g"},
    ]  # the typed labels are kept (ghcli would have called them A and B)
    assert doc["active"] == "guard-1"  # the label g names guard-1
    assert doc["action"] == {"move": 2, "attack": {"range": 3, "targets": 2, "area": []},
                             "jump": True, "flying": False, "teleport": False, "muddled": True}


def test_map_origin_moves_every_hex():
    moved = tb.load(FLAT.replace("map: 0,0", "map: 5,-2"))
    assert moved["hexes"] == [[q + 5, r - 2] for q, r in tb.load(FLAT)["hexes"]]
    assert moved["figures"][1]["at"] == [7, -2]


def test_hand_typed_pointy_board():
    text = "board: pointy\nactive: a\nmap: 0,0\n a | .\n   .   c\nfigures:\na monster\nc character 20\n"
    doc = tb.load(text)
    # row r = line; in a row hexes are 4 characters apart, the next row starts 2 further right
    assert doc["hexes"] == [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert doc["walls"] == [[[0, 0], [1, 0]]]
    assert [f["at"] for f in doc["figures"]] == [[0, 0], [1, 1]]
    assert "action" not in doc


RICH = {
    "format": 1, "rules": "jaws-of-the-lion", "orientation": "flat",
    "hexes": [[q, r] for q in range(5) for r in range(-2, 4) if 0 <= 2 * r + q <= 7],
    "terrain": {"obstacle": [[1, 1]], "trap": [[2, 1], [3, 0]],
                "difficult": [[4, 0], [4, 1]], "hazardous": [[2, 1], [4, 0]], "icy": [[0, 2], [4, 0]]},
    "walls": [[[0, 1], [0, 2]], [[1, 0], [2, 0]], [[1, 0], [2, -1]], [[2, 2], [3, 1]], [[3, 1], [3, 2]],
              [[0, 0], [5, 5]]],
    "figures": [
        {"id": "brute", "side": "character", "at": [0, 0], "initiative": 15},
        {"id": "spell", "side": "summon", "at": [2, 1], "initiative": 14.5},
        {"id": "guard-1", "side": "monster", "at": [3, 0], "elite": True, "standee": 1},
        {"id": "ghost", "side": "character", "at": [9, 9], "initiative": 3, "invisible": True},
        {"id": "x y", "side": "monster", "at": [1, 2], "note": "a \"quoted\" note"},
        {"id": "c1", "side": "character", "at": [1, 2], "initiative": 40},
        {"id": "m9", "side": "monster", "at": [4, 0]},
    ],
    "active": "guard-1",
    "action": {"move": 2, "attack": {"range": 3, "targets": "all", "area": [[0, 0], [1, 0]], "pierce": 2},
               "jump": True, "muddled": True},
    "message": "carried along",
}


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_rich_board_round_trip(orientation):
    doc = dict(RICH, orientation=orientation)
    text = tb.dump(doc)
    assert tb.load(text) == tb.canonical(doc)
    # aliases for long ids, 'at' for a figure off the map or on an occupied hex
    assert "A = brute character 15" in text
    assert "at 9,9" in text and "at 1,2" in text
    assert "m9 monster at 4,0" in text  # its hex already shows three kinds of terrain
    assert "extra: message" in text


def test_canonical_fills_defaults():
    doc = {"format": 1, "hexes": [[1, 0], [0, 0]], "figures": [{"id": "a", "side": "monster", "at": [0, 0]}],
           "active": "a", "action": {"move": 1, "attack": {"range": 0}}, "walls": [[[1, 0], [0, 0]]]}
    c = tb.canonical(doc)
    assert c["rules"] == "gloomhaven" and c["orientation"] == "flat"
    assert c["hexes"] == [[0, 0], [1, 0]]
    assert c["walls"] == [[[0, 0], [1, 0]]]
    assert c["action"]["attack"] == {"range": 0, "targets": 1, "area": []}
    assert c["action"]["jump"] is False
    assert tb.load(tb.dump(doc)) == c


def test_attack_none_and_no_action():
    doc = dict(RICH, action={"move": 0, "attack": None})
    text = tb.dump(doc)
    assert "attack: none" in text
    assert tb.load(text)["action"]["attack"] is None
    bare = {k: v for k, v in RICH.items() if k != "action"}
    assert "action" not in tb.load(tb.dump(bare))


def test_json_is_returned_as_parsed():
    assert tb.load('{"format": 1, "hexes": [], "whatever": 3}') == {"format": 1, "hexes": [], "whatever": 3}
    assert tb.is_text("board: gloomhaven\nmap:\n .\n")
    assert not tb.is_text('  {"format": 1}')


@pytest.mark.parametrize(
    "text, where, words",
    [
        ('{"format": 1,', "line 1", "not valid JSON"),
        ("hello there\n", None, "neither JSON"),
        ("map:\n .  x\n", "line 2, column 5", "half a hex off the grid"),
        ("map:\n . ) \n", "line 2, column 4", "wall mark"),
        ("map:\n .\n .\n", "line 3, column 2", "half a hex off the grid"),
        ("map:\n .  /\n", "line 2, column 5", "not on a separator"),
        ("map:\n .\nfigures:\nb monster\n", "line 4", "not on the map"),
        ("map:\n q\n", "line 2, column 2", "not a figure"),
        ("map:\n a\nfigures:\na\n", "line 4", "side is missing"),
        ("map:\n a       a\nfigures:\na monster\n", "line 2, column 10", "on the map twice"),
        ("board: chess\nmap:\n .\n", "line 1", "unknown word 'chess'"),
        ("move: x\nmap:\n .\n", "line 1", "not a number"),
        ("attack: range\nmap:\n .\n", "line 1", "needs a number"),
        ("map:\n .\nwalls: 0,0-1,0\n", "line 3", "Q,R|Q,R"),
        ("foo bar\nmap:\n .\n", "line 1", "expected 'key: value'"),
        ("active: a\n", None, "no 'map:'"),
        ("map:\n .\nmap:\n .\n", "line 3", "second 'map:'"),
    ],
)
def test_bad_text_boards_name_the_problem_and_where(text, where, words):
    with pytest.raises(BadInput) as e:
        tb.load(text)
    msg = str(e.value)
    assert "\n" not in msg
    assert words in msg
    if where:
        assert where in msg


def test_dump_refuses_what_it_cannot_write():
    with pytest.raises(BadInput):
        tb.dump({"format": 2, "hexes": []})
    with pytest.raises(BadInput, match="hexes"):
        tb.dump({"format": 1, "hexes": [[0, "a"]]})


# -- the command ------------------------------------------------------------------


def test_convert_json_to_text_and_back(cli, tmp_path):
    src = CASES[0]
    res = cli("rules", "board", "convert", str(src))
    assert res.exit_code == 0
    assert res.stdout.startswith("board: ")
    txt = tmp_path / "b.txt"
    txt.write_text(res.stdout, encoding="utf-8")
    out = tmp_path / "b.json"
    res = cli("rules", "board", "convert", str(txt), "-o", str(out))
    assert res.exit_code == 0 and res.stdout == ""
    assert json.loads(out.read_text(encoding="utf-8")) == _case(src)


def test_convert_from_stdin_and_explicit_target(cli):
    res = cli("rules", "board", "convert", "-", "--to", "json", input=FLAT)
    assert res.exit_code == 0
    assert json.loads(res.stdout) == tb.load(FLAT)
    res = cli("rules", "board", "convert", "-", "--to", "text", input=FLAT)
    assert tb.load(res.stdout) == tb.load(FLAT)


def test_convert_errors(cli, tmp_path):
    res = cli("rules", "board", "convert", str(CASES[0]), "--to", "yaml")
    assert res.exit_code == 2 and "json or text" in res.stderr
    res = cli("rules", "board", "convert", str(tmp_path / "missing.txt"))
    assert res.exit_code == 2 and res.stderr.startswith("error: cannot read")
    res = cli("rules", "board", "convert", "-", input="map:\n .  x\n")
    assert res.exit_code == 2 and "line 2, column 5" in res.stderr


def test_convert_json_reports_the_conversion_and_round_trips(cli, tmp_path):
    # --json without -o: the converted board itself, as JSON; with -o: where it went.
    import json as _json

    case = Path(__file__).parent / "rules_cases" / "G-035.json"
    doc = _json.loads(case.read_text())
    r = cli("rules", "board", "convert", str(case), "--json")
    assert r.exit_code == 0, r.output
    out = _json.loads(r.stdout)
    assert out["format"] == "text" and out["output"] == "-" and out["board"].startswith("board:")
    text = tmp_path / "b.txt"
    text.write_text(out["board"], encoding="utf-8")
    back = _json.loads(cli("rules", "board", "convert", str(text), "--json").stdout)
    assert back["format"] == "json"
    assert back["board"]["active"] == doc["active"]
    assert [f["id"] for f in back["board"]["figures"]] == [f["id"] for f in doc["figures"]]
    assert sorted(map(tuple, back["board"]["hexes"])) == sorted(map(tuple, doc["hexes"]))
    dest = tmp_path / "c.json"
    r = cli("rules", "board", "convert", str(text), "-o", str(dest), "--json")
    assert _json.loads(r.stdout) == {"format": "json", "output": str(dest)}
    assert _json.loads(dest.read_text())["active"] == doc["active"]
