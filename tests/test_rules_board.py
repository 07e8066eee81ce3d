"""`ghcli rules focus` / `ghcli rules los`: bad boards, answer shapes, JSON Lines, stdin."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

CASES = Path(__file__).parent / "rules_cases"


def small_board() -> dict:
    """The example of board format 1: guard-1 steps to [1, 1] and attacks the brute."""
    return {
        "format": 1,
        "rules": "gloomhaven",
        "hexes": [[0, 0], [1, 0], [0, 1], [1, 1], [2, 0], [2, 1]],
        "terrain": {"obstacle": [[1, 0]]},
        "walls": [[[0, 0], [0, 1]]],
        "figures": [
            {"id": "brute", "side": "character", "at": [0, 1], "initiative": 15},
            {"id": "guard-2", "side": "monster", "at": [2, 1]},
            {"id": "guard-1", "side": "monster", "at": [2, 0]},
        ],
        "active": "guard-1",
        "action": {"move": 2, "attack": {"range": 0, "targets": 1, "area": []}},
        "expected": "ignored", "message": "ignored", "notes": ["ignored"],
    }


def write(tmp_path, doc, name="board.json") -> str:
    p = tmp_path / name
    p.write_text(json.dumps(doc))
    return str(p)


def test_focus_json_is_the_answer_object(cli, tmp_path):
    r = cli("rules", "focus", write(tmp_path, small_board()), "--json")
    assert r.exit_code == 0, r.output
    answer = json.loads(r.stdout)
    assert set(answer) == {"active", "focus", "options", "explanation"}
    assert answer["active"] == "guard-1" and answer["focus"] == ["brute"]
    # [2,0] -> [1,1] is one step (guard-2 is an ally, [1,0] an obstacle); [1,1] is next to the brute
    assert answer["options"] == [
        {"focus": "brute", "destination": [1, 1], "targets": ["brute"], "path": [[2, 0], [1, 1]]}
    ]
    assert answer["explanation"] and all(isinstance(x, str) for x in answer["explanation"])


def test_focus_text_names_the_rule_that_decided(cli, tmp_path):
    r = cli("rules", "focus", str(CASES / "G-007.json"))
    assert r.exit_code == 0, r.output
    assert "initiative" in r.stdout  # G-007: equal movement and proximity, initiative decides
    assert "c2" in r.stdout


def test_several_boards_give_json_lines_in_order(cli, tmp_path):
    r = cli("rules", "focus", str(CASES / "G-077.json"), str(CASES / "G-007.json"), "--json")
    assert r.exit_code == 0, r.output
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 2
    first, second = (json.loads(x) for x in lines)
    assert first["focus"] == [] and first["options"][0]["destination"] == [5, 0]  # G-077: no focus, stays
    assert second["focus"] == ["c2"]


def test_focus_reads_standard_input(cli):
    r = cli("rules", "focus", "-", "--json", input=json.dumps(small_board()))
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["options"][0]["destination"] == [1, 1]


def test_focus_svg_file(cli, tmp_path):
    out = tmp_path / "turn.svg"
    r = cli("rules", "focus", write(tmp_path, small_board()), "--svg", str(out))
    assert r.exit_code == 0, r.output
    text = out.read_text()
    assert "<svg" in text and text.rstrip().endswith("</svg>")


def _broken(change):
    doc = small_board()
    change(doc)
    return doc


BAD = {
    "missing key": (_broken(lambda d: d.pop("hexes")), "missing key 'hexes'"),
    "figure off the map": (_broken(lambda d: d["figures"][0].update(at=[5, 5])), "not on the map"),
    "two figures on one hex": (_broken(lambda d: d["figures"][1].update(at=[0, 1])), "both stand on [0, 1]"),
    "wall between distant hexes": (_broken(lambda d: d.update(walls=[[[0, 0], [2, 1]]])), "not adjacent"),
    "unknown active": (_broken(lambda d: d.update(active="ghost")), "'ghost'"),
    "unknown rules": (_broken(lambda d: d.update(rules="descent")), "unknown rules"),
    "character without initiative": (_broken(lambda d: d["figures"][0].pop("initiative")), "initiative"),
    "terrain off the map": (_broken(lambda d: d["terrain"].update(trap=[[9, 9]])), "terrain.trap[0]"),
    "bad targets": (_broken(lambda d: d["action"]["attack"].update(targets=0)), "targets"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_board_is_one_line_exit_2(cli, tmp_path, name):
    doc, words = BAD[name]
    r = cli("rules", "focus", write(tmp_path, doc))
    assert r.exit_code == 2
    err = r.stderr.strip()
    assert err.startswith("error: ") and "\n" not in err and "Traceback" not in r.output
    assert words in err
    assert "board.json" in err  # names the file


def test_not_json_at_all(cli, tmp_path):
    p = tmp_path / "b.json"
    p.write_text("{ nope")
    r = cli("rules", "los", str(p), "--from", "0,0")
    assert r.exit_code == 2 and r.stderr.startswith("error: ")


def test_los_with_to_json_shape(cli, tmp_path):
    # G-123: every corner of [8,-1] touches a wall: it sees nothing under Gloomhaven's rule
    r = cli("rules", "los", str(CASES / "G-123.json"), "--from", "8,-1", "--to", "5,-1", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    blocked = {k: data.pop(k) for k in ("blocked_line", "blocked_by")}
    # the wall the nearest corner line touches first: the edge between 7,-1 and 7,0,
    # a hex off the map
    assert data == {"visible": False, "line": None, "from": [8, -1], "to": [5, -1],
                    "wall": [[7, -1], [7, 0]], "off_map": [7, 0], "touch": "end"}
    assert all(len(blocked[k]) == 2 for k in blocked)
    r = cli("rules", "los", str(CASES / "F-123.json"), "--from", "8,-1", "--to", "5,-1", "--json")
    data = json.loads(r.stdout)
    assert data["visible"] is True and len(data["line"]) == 2 and all(len(p) == 2 for p in data["line"])
    assert data["wall"] is None and data["blocked_line"] is None


def test_los_witness_line_is_corner_to_corner_in_gloomhaven(cli, tmp_path):
    # an open map: [2,2] (centre (3, 3 sqrt3)) sees [5,2] (centre (7.5, 4.5 sqrt3))
    r = cli("rules", "los", str(CASES / "G-001.json"), "--from", "2,2", "--to", "5,2", "--json")
    data = json.loads(r.stdout)
    assert data["visible"] is True
    (x1, y1), (x2, y2) = data["line"]
    s3 = 3 ** 0.5
    assert abs(((x1 - 3) ** 2 + (y1 - 3 * s3) ** 2) ** 0.5 - 1) < 1e-3  # a corner of [2,2]
    assert abs(((x2 - 7.5) ** 2 + (y2 - 4.5 * s3) ** 2) ** 0.5 - 1) < 1e-3  # a corner of [5,2]


def test_los_without_to_lists_visible_hexes(cli, tmp_path):
    r = cli("rules", "los", str(CASES / "G-123.json"), "--from", "8,-1", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == {"from": [8, -1], "visible": []}
    r = cli("rules", "los", write(tmp_path, small_board()), "--from", "2,0", "--json")
    data = json.loads(r.stdout)
    assert data["from"] == [2, 0]
    assert [1, 1] in data["visible"] and [2, 0] not in data["visible"]


def test_los_text_and_blocked_explanation(cli):
    r = cli("rules", "los", str(CASES / "G-123.json"), "--from", "8,-1", "--to", "5,-1")
    assert r.exit_code == 0
    first = r.stdout.splitlines()[0]
    assert first == ("8,-1 does not see 5,-1 (gloomhaven: corner to corner): every line touches a wall; the "
                     "nearest to clear touches the end of the wall between 7,-1 and 7,0 (7,0 is off the map).")
    assert "touches the wall" not in r.stdout  # coordinates only with --verbose
    r = cli("rules", "los", str(CASES / "G-123.json"), "--from", "8,-1", "--to", "5,-1", "--verbose")
    assert r.stdout.splitlines()[0] == first
    assert r.stdout.splitlines()[1].startswith("nearest line (") and "touches the wall (" in r.stdout


def test_los_text_names_a_thin_wall_and_a_clear_line(cli):
    # G-055: the wall between 7,-3 and 7,-2 is a thin wall (both hexes on the map)
    r = cli("rules", "los", str(CASES / "G-055.json"), "--from", "7,-3", "--to", "9,-2")
    assert r.stdout.splitlines()[0].endswith(": every line touches a wall; the nearest to clear touches the end "
                                             "of the wall between 7,-3 and 7,-2.")
    r = cli("rules", "los", str(CASES / "F-029.json"), "--from", "2,0", "--to", "14,-3")
    assert r.stdout.splitlines()[0] == "2,0 sees 14,-3 (frosthaven: any point to any point)."
    assert "clear line" not in r.stdout
    r = cli("rules", "los", str(CASES / "F-029.json"), "--from", "2,0", "--to", "14,-3", "-v")
    assert r.stdout.splitlines()[1].startswith("a clear line: (")


@pytest.mark.parametrize("args, words", [
    (("--from", "9,9"), "not on the map"),
    (("--from", "x"), "Q,R"),
    (("--from", "0,0", "--to", "1,2,3"), "Q,R"),
])
def test_los_bad_hexes(cli, tmp_path, args, words):
    r = cli("rules", "los", write(tmp_path, small_board()), *args)
    assert r.exit_code == 2 and words in r.stderr


def test_explain_gives_the_blocking_wall():
    from ghcli.rules.board import Board
    from ghcli.rules.hexes import Hex
    from ghcli.rules.los import sight_for

    doc = json.loads((CASES / "G-123.json").read_text())
    info = sight_for(Board.from_dict(doc)).explain(Hex(8, -1), Hex(5, -1))
    assert info["visible"] is False and info["line"] is None
    assert len(info["blocked_line"]) == 2 and len(info["blocked_by"]) == 2
    # the wall is an edge: its two ends are one unit apart
    (a, b), (c, d) = info["blocked_by"]
    assert abs(((a - c) ** 2 + (b - d) ** 2) ** 0.5 - 1) < 1e-9


def test_extra_keys_are_ignored_and_values_are_frozen():
    from dataclasses import FrozenInstanceError

    from ghcli.rules.board import Board

    b = Board.from_dict(small_board())
    with pytest.raises(FrozenInstanceError):
        b.active = "x"
    assert b.monster.id == "guard-1"


def test_no_attack_focuses_like_melee_and_attacks_nobody(cli, tmp_path):
    doc = small_board()
    doc["action"]["attack"] = None
    r = cli("rules", "focus", write(tmp_path, doc), "--json")
    answer = json.loads(r.stdout)
    assert answer["focus"] == ["brute"]
    assert answer["options"][0]["destination"] == [1, 1] and answer["options"][0]["targets"] == []


def test_invisible_enemy_cannot_be_focused(cli, tmp_path):
    doc = small_board()
    doc["figures"][0]["invisible"] = True
    answer = json.loads(cli("rules", "focus", write(tmp_path, doc), "--json").stdout)
    assert answer["focus"] == [] and answer["options"][0]["destination"] == [2, 0]
