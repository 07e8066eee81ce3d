"""Board text that would silently change is refused, and every board error names its line and column (issue 25).

A tab in a board used to be expanded to 8 columns, moving the hexes after it:
the README tour board with a tab before its thin wall lost the wall between
guard and brute, and the answer changed with no warning. Now a tab is refused
with its line and column. Errors the rules find once the text is read (an
unknown side, an active figure that is not there, a character without
initiative ...) name the line and column of the text they are about, and where a
known word is near the one refused, suggest it.
"""

from __future__ import annotations

import pytest

from ghcli.boards import textboard as tb
from ghcli.errors import BadInput

TOUR = """board: gloomhaven flat
active: g
move: 2
attack: range 2
map: 0,0
 g       .       .
___  .       .
 b       .       s
     .       .
 .       .       .
figures:
g = guard monster
b = brute character 20
s = spellweaver character 40
"""


def _error(cli, tmp_path, text: str) -> str:
    path = tmp_path / "board.txt"
    path.write_text(text, encoding="utf-8")
    r = cli("rules", "focus", path)
    assert r.exit_code == 2, r.output
    err = r.stderr.strip()
    assert err.startswith(f"error: {path}: ") and "\n" not in err
    return err[len(f"error: {path}: "):]


def test_a_tab_is_refused_with_its_line_and_column(cli, tmp_path):
    # "\t" before the wall: expanded to 8 columns it would move '___' off the guard's column
    text = TOUR.replace("___  .       .", "\t___  .       .")
    assert _error(cli, tmp_path, text) == (
        "text board, line 7, column 1: a tab: the text format counts characters, and a tab would shift "
        "the map's hexes; use spaces")
    assert _error(cli, tmp_path, TOUR.replace("move: 2", "move:\t2")).startswith("text board, line 3, column 6: a tab")


def test_a_label_in_a_separator_column(cli, tmp_path):
    # ' b' moved two to the right: it stands on the separator (column 4), not next to a hex
    text = TOUR.replace(" b       .       s", "   b     .       s")
    assert _error(cli, tmp_path, text) == (
        "text board, line 8, column 4: 'b' stands in a separator column (every 4th character, between hexes, "
        "where only the wall marks \\ / < > go); write it on the hex at column 2")
    text = TOUR.replace(" b       .       s", "  bb     .       s").replace("b = brute", "bb = brute")
    assert _error(cli, tmp_path, text).startswith(
        "text board, line 8, column 3: 'bb' runs into the separator at column 4")


@pytest.mark.parametrize("old, new, want", [
    ("g = guard monster", "g = guard monstr",
     "line 12, column 11: figure 'guard' has unknown side 'monstr' (one of character, summon, monster); "
     "did you mean 'monster'?"),
    ("active: g", "active: gaurd", "line 2, column 9: active figure 'gaurd' is not among the figures; "
                                   "did you mean 'guard'?"),
    ("b = brute character 20", "b = brute character", "line 13, column 5: character 'brute' needs an 'initiative'"),
    ("attack: range 2", "attack: rnage 2", "line 4, column 9: unknown word 'rnage' in 'attack:'"),
    ("move: 2", "move: 2 jmp", "line 3, column 9: unknown word 'jmp' in 'move:' (jump, flying, teleport, muddled); "
                               "did you mean 'jump'?"),
    ("board: gloomhaven flat", "board: glomhaven flat", "line 1, column 8: unknown word 'glomhaven' in 'board:'"),
    ("active: g", "activ: g", "line 2, column 1: unexpected 'activ:'"),
    ("s = spellweaver character 40", "s = spellweaver character 40 elit", "line 14, column 30: figure s: "
                                                                          "unknown word 'elit'"),
    ("s = spellweaver character 40", "s = spellweaver character 40\nterrain: trapp 0,0",
     "line 15, column 10: unknown terrain 'trapp' (one of obstacle, trap, hazardous, difficult, icy); "
     "did you mean 'trap'?"),
    ("s = spellweaver character 40", "s = spellweaver character 40\nwalls: 0,0|4,4",
     "line 15, column 8: wall '0,0|4,4' is between hexes that are not adjacent"),
    ("active: g", "active: b", "line 2, column 9: active figure 'brute' is not a monster"),
    (" b       .       s", " b       .       x", "line 8, column 18: 'x' is not a figure"),
    ("s = spellweaver character 40", "s = spellweaver character 40 at 9,9",
     "line 8, column 18: figure 's' is on the map and has 'at' (line 14): give one"),
])
def test_every_board_error_names_line_and_column(cli, tmp_path, old, new, want):
    assert old in TOUR
    got = _error(cli, tmp_path, TOUR.replace(old, new))
    assert got.startswith("text board, " + want), got


def test_what_is_missing_is_named():
    for drop, want in (("active: g\n", "no 'active:' line"), ("move: 2\nattack: range 2\n", "no 'move:' or 'attack:'")):
        doc, where = tb.load_located(TOUR.replace(drop, ""))
        from ghcli.rules.board import Board

        with pytest.raises(BadInput) as e:
            Board.from_dict(doc)
        assert want in tb.locate(str(e.value), where)


def test_json_errors_stay_as_they_were_but_suggest_too():
    from ghcli.rules.board import Board

    doc = tb.load(TOUR)
    doc["figures"][0]["side"] = "monstr"
    with pytest.raises(BadInput, match=r"unknown side 'monstr' .*did you mean 'monster'\?"):
        Board.from_dict(doc)
    assert tb.locate("board: figure 'x' is odd", None) == "board: figure 'x' is odd"
