"""Bad boards never crash or hang (issue 14, "Boards"): every board command answers any input with a
one-line error and exit 2, or a real answer, quickly. The classes the issue names, then a fuzz test
(hypothesis) that generates such boards, JSON and text."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from ghcli.cli import app
from ghcli.errors import BadInput
from ghcli.boards import textboard as tb
from ghcli.rules.board import MAX_COORD, MAX_FIGURES, MAX_HEXES, Board, validate

BASE = {"format": 1, "hexes": [[0, 0], [1, 0], [2, 0]],
        "figures": [{"id": "g", "side": "monster", "at": [0, 0]},
                    {"id": "b", "side": "character", "at": [2, 0], "initiative": 10}],
        "active": "g", "action": {"move": 2, "attack": {"range": 0, "targets": 1}}}
TEXT = ("board: gloomhaven\nactive: g\nmove: 2\nattack: melee\nmap: 0,0\n g       b\n"
        "figures:\ng monster\nb character 10\n")
SECONDS = 2.0  # the contract: an answer within a second or two


def commands(path: str, svg: str) -> list[list[str]]:
    return [["rules", "focus", path], ["rules", "focus", path, "--json"], ["rules", "los", path, "--from", "0,0"],
            ["rules", "board", "show", path], ["rules", "board", "convert", path, "--to", "text"],
            ["rules", "board", "convert", path, "--to", "json"], ["rules", "focus", path, "--svg", svg],
            ["rules", "focus", path, "--check", "1,0"], ["rules", "los", path, "--from", "g", "--svg", svg]]


def assert_contract(tmp_path, data: bytes) -> list[int]:
    """Run every board command on ``data``; each exits 0, or 2 with one line of error, in time."""
    path = tmp_path / "fuzz.board"
    path.write_bytes(data)
    runner = CliRunner()
    codes = []
    for args in commands(str(path), str(tmp_path / "x.svg")):
        t = time.process_time()  # the CPU the answer costs: a loaded machine's wait is not the board's
        r = runner.invoke(app, args)
        took = time.process_time() - t
        assert r.exception is None or isinstance(r.exception, SystemExit), (args, data[:200], repr(r.exception))
        assert r.exit_code in (0, 2), (args, data[:200], r.exit_code, r.output[-300:])
        if r.exit_code == 2:
            err = r.stderr.strip().splitlines()
            assert len(err) == 1 and err[0].startswith("error: "), (args, r.stderr[-300:])
        assert took < SECONDS, (args, data[:200], took)
        codes.append(r.exit_code)
    return codes


# -- the classes the issue names ------------------------------------------------------------


def _json(doc) -> bytes:
    return json.dumps(doc).encode()


NAMED = {
    "not utf-8": (b"\xff\xfe{garbage", "not UTF-8"),
    "deep nesting": (('{"a":' + "[" * 100000 + "]" * 100000 + "}").encode(), "nested deeper than 50"),
    "deep nesting in extra:": ((TEXT + "extra: notes " + "[" * 100000 + "]" * 100000 + "\n").encode(),
                               "extra notes: JSON nested"),
    "deep nesting in KEY=JSON": (TEXT.replace("b character 10", "b character 10 k=" + "[" * 100000).encode(), "nested"),
    "area is a number": (_json({**BASE, "action": {"move": 2, "attack": {"range": 2, "targets": 1, "area": 7}}}),
                         "action.attack.area"),
    "walls is a number": (_json({**BASE, "walls": 7}), "'walls' must be a list"),
    "active is a list": (_json({**BASE, "active": ["g"]}), "'active' must be a string"),
    "huge coordinate": (_json({**BASE, "hexes": BASE["hexes"] + [[3, 4 * 10**20]]}),
                        "hexes[3] is beyond the coordinate limit"),
    "huge text coordinate": (TEXT.replace("map: 0,0", "map: 0," + "9" * 5000).encode(), "beyond the coordinate limit"),
    "too many hexes": (_json({**BASE, "hexes": [[q, r] for q in range(80) for r in range(80)]}),
                       "board has 6,400 hexes; at most 2,000"),
    "a million-digit number": (_json(BASE).replace(b'"move": 2', b'"move": ' + b"7" * 5000), "not valid JSON"),
    "NaN initiative": (_json(BASE).replace(b'"initiative": 10', b'"initiative": NaN'), "initiative must be a number"),
}


@pytest.mark.parametrize("name", NAMED, ids=list(NAMED))
def test_each_named_class_is_a_one_line_error(tmp_path, name):
    data, message = NAMED[name]
    assert assert_contract(tmp_path, data)[0] == 2
    r = CliRunner().invoke(app, ["rules", "focus", str(tmp_path / "fuzz.board")])
    assert message in r.stderr, r.stderr
    r = CliRunner().invoke(app, ["rules", "edit", str(tmp_path / "fuzz.board")])  # refused before any screen
    assert r.exit_code == 2 and message in r.stderr and len(r.stderr.splitlines()) == 1, r.stderr


def test_the_editor_needs_a_terminal(tmp_path):
    r = CliRunner().invoke(app, ["rules", "edit", str(tmp_path / "new.txt")])
    assert r.exit_code == 2 and "needs a terminal" in r.stderr


def test_limits_are_the_documented_ones():
    assert (MAX_COORD, MAX_HEXES, MAX_FIGURES) == (1000, 2000, 60) == (tb.MAX_COORD, tb.MAX_HEXES, tb.MAX_FIGURES)
    ok = dict(BASE, hexes=BASE["hexes"] + [[1000, -1000]])
    validate(ok)
    Board.from_dict(ok)
    with pytest.raises(BadInput, match=r"hexes\[3\] is beyond the coordinate limit.*\[1001, 0\]"):
        validate(dict(BASE, hexes=BASE["hexes"] + [[1001, 0]]))
    with pytest.raises(BadInput, match="board has 2,001 hexes; at most 2,000"):
        validate(dict(BASE, hexes=[[q, 0] for q in range(-1000, 1001)]))
    with pytest.raises(BadInput, match="61 figures; at most 60"):
        validate(dict(BASE, figures=[{"id": f"c{i}", "side": "character", "at": [0, 0], "initiative": 1}
                                     for i in range(61)]))


def test_a_board_spread_to_the_limits_is_answered_quickly(tmp_path):
    doc = dict(BASE, hexes=BASE["hexes"] + [[1000, 1000], [-1000, -1000], [1000, -1000]])
    codes = assert_contract(tmp_path, _json(doc))
    assert codes[0] == 0
    r = CliRunner().invoke(app, ["rules", "board", "show", str(tmp_path / "fuzz.board")])
    assert "too large to draw" in r.stdout


# -- fuzzing ----------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**25), 10**25) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
coords = st.integers(-1200, 1200) | st.sampled_from([0, 1, -1, 2, 10**20])
hexes = st.lists(st.tuples(coords, coords).map(list), min_size=0, max_size=12)
FIELDS = {
    "hexes": hexes | json_values,
    "walls": st.lists(st.lists(st.tuples(coords, coords).map(list), min_size=2, max_size=2), max_size=4) | json_values,
    "terrain": st.dictionaries(st.sampled_from(["obstacle", "trap", "icy", "lava"]), hexes, max_size=3) | json_values,
    "active": st.sampled_from(["g", "b", "x"]) | json_values,
    "rules": st.sampled_from(["gloomhaven", "frosthaven", "jaws-of-the-lion", "chess"]) | json_values,
    "orientation": st.sampled_from(["flat", "pointy"]) | json_values,
    "action": st.fixed_dictionaries({}, optional={
        "move": st.integers(-3, 10**7) | json_values,
        "jump": st.booleans() | json_values,
        "attack": st.none() | json_values | st.fixed_dictionaries({}, optional={
            "range": st.integers(-2, 10**7) | json_values,
            "targets": st.integers(-1, 50) | st.just("all") | json_values,
            "area": hexes | json_values}),
    }) | json_values,
    "figures": st.lists(st.fixed_dictionaries({}, optional={
        "id": st.sampled_from(["g", "b", "s", "guard-1"]) | json_values,
        "side": st.sampled_from(["monster", "character", "summon", "dragon"]) | json_values,
        "at": st.tuples(coords, coords).map(list) | json_values,
        "initiative": st.integers(-5, 100) | json_values,
        "elite": st.booleans() | json_values, "label": st.sampled_from(["g", "B1"]) | json_values,
    }), max_size=5) | json_values,
}


@st.composite
def json_boards(draw) -> bytes:
    doc = json.loads(json.dumps(BASE))
    for key in draw(st.lists(st.sampled_from(sorted(FIELDS)), max_size=4, unique=True)):
        doc[key] = draw(FIELDS[key])
    if draw(st.booleans()):
        doc.pop(draw(st.sampled_from(sorted(doc))), None)
    return json.dumps(doc, allow_nan=True).encode()


TEXT_LINES = ["board: frosthaven pointy", "board: nonsense", "active: b", "active: [1]", "move: 3 jump", "move: x",
              "attack: range 3 targets 2 area 0,1 1,0", "attack: targets", "map: 0,0", "map: 999,999", "map: x",
              " g       b", " #  ___  b", "   /.  /", " g | b", "figures:", "g monster elite standee 2",
              "b character 10 at 5,5", "b = \"odd id\" character 1e400", "walls: 0,0|1,0 5,5|9,9",
              "terrain: lava 0,0", "extra: expected [[[[1]]]]", "extra: x {", "c = brute character 10 k=[1,{\"a\":2}]"]


@st.composite
def text_boards(draw) -> bytes:
    lines = TEXT.splitlines()
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(lines)))
        line = draw(st.sampled_from(TEXT_LINES)
                    | st.text(st.sampled_from(" .#^!~=_/\\<>|gb0123456789,:-"), max_size=20))
        lines.insert(at, line)
    if draw(st.booleans()) and lines:
        del lines[draw(st.integers(0, len(lines) - 1))]
    raw = "\n".join(lines).encode()
    if draw(st.integers(0, 9)) == 0:
        raw += draw(st.binary(max_size=6))
    return raw


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=json_boards() | text_boards())
def test_fuzzed_boards_keep_the_contract(tmp_path, data):
    assert_contract(tmp_path, data)


def test_a_label_that_is_not_a_string_keeps_the_contract_and_converts_losslessly(tmp_path):
    """The fuzz test's finding (a CI run): ``"label": []`` made the map labels' set raise TypeError in
    ``rules board convert``. Every command keeps the contract; convert keeps the label both ways, and the
    commands that answer refuse it by name."""
    doc = {"format": 1, "hexes": [], "figures": [{"side": "monster", "label": [], "id": "g", "at": [0, 0]}],
           "active": "g", "action": {"move": 2, "attack": {"range": 0, "targets": 1}}}
    assert_contract(tmp_path, _json(doc))
    text = tb.dump(doc)
    assert tb.canonical(tb.load(text)) == tb.canonical(doc) and tb.canonical(doc)["figures"][0]["label"] == []
    with pytest.raises(BadInput, match="label must be a string"):
        validate(tb.canonical(doc))
