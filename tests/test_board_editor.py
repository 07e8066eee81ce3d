"""`ghcli rules edit` (issue 13 point 1): the board editor's edits, and the Textual app driven by key presses."""

from __future__ import annotations

import asyncio
import re

import pytest

from ghcli.editor import model
from ghcli.boards import textboard as tb
from ghcli.rules.board import Board
from ghcli.rules.monster import decide
from helpers import doc_section, quick_pilot

# The proximity example of the rules core section (docs/rules.md).
PROXIMITY = re.search(r"#+ Example: a focus tie broken by proximity.*?```text\n(board:.*?)```",
                      doc_section("rules core"), re.S).group(1)

NAMES = {" ": "space", "=": "equals_sign", ",": "comma", "-": "minus", ":": "colon", "#": "number_sign",
         ".": "full_stop", "/": "slash", "_": "underscore", "+": "plus", "^": "circumflex_accent"}


def keys(text: str) -> list[str]:
    """Key names for typing ``text``."""
    return [NAMES.get(ch, ch) for ch in text]


def run(app, *presses):
    """Start the app headless, press the keys (lists are typed in order; a function is called
    with the app at that point), return the app."""
    quick_pilot()

    async def go():
        async with app.run_test(size=(160, 50)) as pilot:
            for p in presses:
                if callable(p):
                    await pilot.pause()
                    app.screen_text = "\n".join(str(w.render()) for w in app.query("Static"))
                    p(app)
                    continue
                for k in (p if isinstance(p, list) else [p]):
                    await pilot.press(k)
            await pilot.pause()
            if app.return_code is None:
                app.screen_text = "\n".join(str(w.render()) for w in app.query("Static"))
    asyncio.run(go())
    return app


def test_the_pilot_builds_the_readme_proximity_board_by_keys(tmp_path):
    from ghcli.editor.app import BoardEditor

    out = tmp_path / "built.txt"
    app = BoardEditor(model.new_board(), str(out))
    assert app.cursor == (0, 0)  # a new board: the cursor starts at 0,0
    run(app,
        "v", "right", "right", "right", "right", "down", "down", "v",  # a 5 x 3 rectangle of hexes
        "up", "up", "f", keys("g = guard monster"), "enter",  # 4,-2
        "down", "number_sign",  # 4,-1: obstacle
        "down", "left", "f", keys("b = brute character 10"), "enter",  # 3,1
        "right", "f", keys("s = spellweaver character 50"), "enter",  # 4,0
        "left", "left", "left", "left", "number_sign",  # 0,2: obstacle
        "colon", keys("move: 2"), "enter", "colon", keys("attack: melee"), "enter",
        "s")
    want = tb.load(PROXIMITY)
    assert app.doc == tb.canonical(want)  # the same board, labels and all
    assert app.answer.error is None
    assert app.answer.answer == decide(Board.from_dict(want)).to_dict()  # the solver's answer, live
    assert app.answer.answer["focus"] == ["spellweaver"]
    assert "guard: focus spellweaver" in app.screen_text
    assert "destination 3,0" in app.screen_text and "path 4,-2 3,-1 3,0" in app.screen_text
    assert "decided by proximity" in app.screen_text
    assert tb.load(out.read_text(encoding="utf-8")) == tb.canonical(want)  # s saved it (text format)
    assert not app.dirty


def test_the_answer_follows_every_change_and_u_undoes(tmp_path):
    from ghcli.editor.app import BoardEditor

    path = tmp_path / "p.json"
    app = BoardEditor(tb.canonical(tb.load(PROXIMITY)), str(path))
    # cursor at 0,0; move to 3,0 (the guard's destination) and make it an obstacle: the answer changes
    run(app, "right", "right", "right", "down", "number_sign")
    assert app.cursor == (3, 0)
    changed = app.answer.answer
    assert changed == decide(Board.from_dict(app.doc)).to_dict()
    assert [3, 0] in app.doc["terrain"]["obstacle"]
    assert changed["options"][0]["destination"] != [3, 0]
    app2 = BoardEditor(app.doc, str(path))
    run(app2, "u")  # nothing to undo in a fresh editor
    assert app2.message == "nothing to undo"
    app3 = BoardEditor(tb.canonical(tb.load(PROXIMITY)), str(path))
    run(app3, "number_sign", "u", "s")
    assert app3.doc == tb.canonical(tb.load(PROXIMITY))
    assert path.read_text(encoding="utf-8").startswith("{")  # .json: saved as JSON
    assert tb.load(path.read_text(encoding="utf-8")) == tb.canonical(tb.load(PROXIMITY))


def test_a_board_the_rules_refuse_shows_the_error_and_q_asks_first(tmp_path):
    from ghcli.editor.app import BoardEditor

    app = BoardEditor(model.new_board(), str(tmp_path / "new.txt"))
    run(app, "space", "m", "x")  # a hex, a monster, removed again: no active monster
    assert app.answer.error is not None and "active" in app.answer.error
    assert "error: board" in app.screen_text
    app = BoardEditor(model.new_board(), str(tmp_path / "new.txt"))
    asked = []

    def still_running(app):
        asked.append((app.mode, app.message, app.return_code))

    run(app, "space", "q", still_running, "q")  # q again quits without saving
    assert asked[0][0] == "quit" and "unsaved changes" in asked[0][1] and asked[0][2] is None
    assert app.return_code == 0 and not (tmp_path / "new.txt").exists()


def test_walls_flags_and_action_keys(tmp_path):
    from ghcli.editor.app import BoardEditor

    app = BoardEditor(tb.canonical(tb.load(PROXIMITY)), None)
    # at 0,0: a wall on its SE edge (to 1,0); to the guard at 4,-2: elite; action: move 3, range 2, 2 targets, jump
    run(app, "w", "d", "escape", "right", "right", "right", "right", "e", "plus", "r", "t", "j", "R")
    assert [[0, 0], [1, 0]] in app.doc["walls"]
    guard = next(f for f in app.doc["figures"] if f["id"] == "guard")
    assert guard.get("elite") is True
    a = app.doc["action"]
    assert (a["move"], a["attack"]["range"], a["attack"]["targets"], a["jump"]) == (3, 2, 2, True)
    assert app.doc["rules"] == "frosthaven"
    assert app.answer.answer == decide(Board.from_dict(app.doc)).to_dict()


def test_arrow_keys_zigzag_and_come_back():
    for orientation in ("flat", "pointy"):
        doc = dict(model.new_board(), orientation=orientation)
        for h in [(0, 0), (1, 0), (-3, 2), (2, -5)]:
            assert model.step(doc, model.step(doc, h, "right"), "left") == h
            assert model.step(doc, model.step(doc, h, "left"), "right") == h
            assert model.step(doc, model.step(doc, h, "up"), "down") == h
            for k in ("up", "down", "left", "right"):
                n = model.step(doc, h, k)
                assert abs(n[0] - h[0]) + abs(n[1] - h[1]) + abs(n[0] + n[1] - h[0] - h[1]) == 2  # a neighbour


def test_fill_is_a_screen_rectangle():
    doc = model.fill(model.new_board(), (0, 0), (4, 0))
    lines = tb.dump(doc).splitlines()
    assert lines[lines.index("map: 0,0"):] == [
        "map: 0,0", " .       .       .", "     .       .", " .       .       .", "     .       .",
        " .       .       .", "     .       ."]
    with pytest.raises(Exception, match="at most"):
        model.fill(model.new_board(), (-1000, -1000), (1000, 1000))


def test_place_figure_refuses_what_the_text_format_refuses():
    doc = model.fill(model.new_board(), (0, 0), (1, 1))
    with pytest.raises(Exception, match="initiative"):
        model.place_figure(doc, (0, 0), "b = brute character")
    doc = model.place_figure(doc, (0, 0), "g = guard monster")
    assert doc["active"] == "guard"  # the first monster is the active one
    with pytest.raises(Exception, match="already"):
        model.place_figure(doc, (1, 0), "g = other monster")


def test_edit_json_prints_the_board_as_left_and_its_answer(tmp_path, monkeypatch, cli):
    # `rules edit --json`: once the screen is gone, the board, whether it is saved, and the answer.
    import json

    from ghcli.editor import app as editor_app

    path = tmp_path / "proximity.txt"
    path.write_text(PROXIMITY, encoding="utf-8")
    monkeypatch.setattr(editor_app.BoardEditor, "run", lambda self: None)  # the user quits at once
    monkeypatch.setattr("ghcli.cli.rules.edit._in_terminal", lambda: True)
    r = cli("rules", "edit", str(path), "--json")
    assert r.exit_code == 0, r.output
    left = json.loads(r.stdout)
    expected = decide(Board.from_dict(tb.load(PROXIMITY))).to_dict()
    assert left["board"] == str(path) and left["saved"] is True
    assert left["answer"] == expected and left["doc"]["active"] == tb.load(PROXIMITY)["active"]
