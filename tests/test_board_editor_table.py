"""The board editor at the table (issue 25): a Textual pilot test for each fix.

- ``c`` asks for the label first (nothing prefilled to type over), then the
  initiative with a default; ``m`` the label, then the health (optional).
- Every way out asks when the board is unsaved: ``q``, ``ctrl+q``, ``ctrl+c``.
- A 30 x 30 board in a 120 x 30 terminal keeps the answer panel and the view
  follows the cursor; at 60 x 15 the answer is one line under the map and
  ``tab`` shows the panel.
- Walls are drawn along hex edges: ``w``, then edge keys and arrows, ``esc``.
- The README tour board in at most 40 keys.
- ``rules edit --json > out.json`` draws on the terminal (under tmux; skipped
  where tmux is missing), and a terminal that goes away leaves the unsaved
  board beside the file.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ghcli.boards import textboard as tb
from ghcli.editor import model
from ghcli.rules.board import Board
from ghcli.rules.monster import decide
from helpers import doc_section, quick_pilot

TOUR = re.search(r"```text\n(board:.*?)```", doc_section("tour"), re.S).group(1)
NAMES = {" ": "space", "=": "equals_sign", ",": "comma", "-": "minus", ":": "colon", "#": "number_sign",
         ".": "full_stop", "/": "slash", "_": "underscore", "+": "plus", "^": "circumflex_accent"}


def keys(text: str) -> list[str]:
    return [NAMES.get(ch, ch) for ch in text]


def drive(app, *presses, size=(160, 50)):
    """Run the app headless at ``size``, press the keys (a function is called with the app and the
    pilot at that point), return the app."""
    quick_pilot()

    async def go():
        async with app.run_test(size=size) as pilot:
            for p in presses:
                if callable(p):
                    await pilot.pause()
                    p(app)
                    continue
                for k in (p if isinstance(p, list) else [p]):
                    await pilot.press(k)
            await pilot.pause()
    asyncio.run(go())
    return app


def _editor(doc=None, path=None):
    from ghcli.editor.app import BoardEditor

    return BoardEditor(doc if doc is not None else model.new_board(), path)


def _prompt(app):
    from textual.widgets import Input

    return app.query_one("#prompt", Input)


# -- the figure keys ---------------------------------------------------------------------------------

def test_a_key_that_only_moves_the_cursor_over_the_map_draws_nothing_new():
    pictures = []

    def seen(app):
        pictures.append(app.picture())

    app = drive(_editor(), "space", "right", "space", seen, "left", seen, "right", seen, "down", seen, "space", seen)
    on_map, left, back, off, added = pictures
    assert left is on_map and back is on_map  # the same drawing: the board and its answer are the same
    assert off is not on_map and "+" in "\n".join(off.lines)  # off the map the cursor is drawn as +
    assert added is not off and "+" not in "\n".join(added.lines) and len(app.doc["hexes"]) == 3


def test_a_paste_goes_into_the_prompt_s_line_its_first_line_only():
    from textual import events

    def paste(app):
        app.post_message(events.Paste("b = brute 15\nx = ignored"))

    app = drive(_editor(), "space", "c", paste, "enter", paste)  # the second: no prompt asks, nothing happens
    (b,) = app.doc["figures"]
    assert (b["id"], b.get("label"), b["initiative"], b["at"]) == ("brute", "b", 15, [0, 0])
    assert app.pending is None


def test_c_asks_the_label_then_the_initiative_with_its_default():
    seen = []
    app = _editor()
    drive(app, "space", "c", lambda a: seen.append(_prompt(a).value),  # nothing prefilled
          "b", "enter", lambda a: seen.append((_prompt(a).value, _prompt(a).selection)),  # the default, selected
          "2", "0", "enter")
    assert seen[0] == ""
    assert seen[1][0] == "50" and seen[1][1].start != seen[1][1].end  # typing replaces it
    (b,) = app.doc["figures"]
    assert (b["id"], b["side"], b["initiative"], b["at"]) == ("b", "character", 20, [0, 0])
    # typed at once, the initiative is not asked; enter at the initiative takes the default
    app = _editor()
    drive(app, "space", "c", keys("b = brute 15"), "enter", "down", "c", "enter", "enter")
    figs = {f["id"]: f for f in app.doc["figures"]}
    assert figs["brute"]["initiative"] == 15 and figs["brute"].get("label") == "b"
    assert figs["c1"]["initiative"] == 50 and figs["c1"]["at"] == [0, 1]


def test_m_asks_the_label_then_the_health():
    app = _editor()
    drive(app, "space", "m", keys("g elite"), "enter", "1", "2", "enter")
    (g,) = app.doc["figures"]
    assert (g["id"], g["side"], g.get("elite"), g.get("health")) == ("g", "monster", True, 12)
    assert app.doc["active"] == "g"  # the first monster placed is the active one
    app = _editor()
    drive(app, "space", "m", "enter", "enter")  # the defaults: label m1, health not noted
    (m,) = app.doc["figures"]
    assert m["id"] == "m1" and "health" not in m


# -- every way out asks -------------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["q", "ctrl+q", "ctrl+c"])
def test_every_way_out_asks_when_the_board_is_unsaved(tmp_path, key):
    path = tmp_path / "b.txt"
    asked = []
    app = _editor(path=str(path))
    drive(app, "space", key, lambda a: asked.append((a.mode, a.return_code)), "x",  # any other key stays
          lambda a: asked.append((a.mode, a.return_code)), key, key)
    assert asked == [("quit", None), (None, None)]
    assert app.return_code == 0 and not path.exists()  # quit without saving, as asked twice
    app = _editor(path=str(path))
    drive(app, "space", key, "s")  # s in the question: save, then quit
    assert app.return_code == 0 and tb.load(path.read_text()) == app.doc
    app = _editor(tb.canonical(tb.load(path.read_text())), str(path))
    drive(app, key)  # nothing unsaved: out at once
    assert app.return_code == 0


# -- the screen at any size -----------------------------------------------------------------------------

def _big() -> dict:
    d = model.fill(model.new_board(), (0, 0), (29, 29))
    d = model.place_figure(d, (0, 0), "g = guard monster")
    return model.place_figure(d, (29, 14), "b = brute character 20")


def _cursor_in_view(app) -> bool:
    from ghcli.boards.ascii import drawing

    box = app.query_one("#mapbox")
    L, s, e = drawing(app.doc, app.answer.answer, cursor=app.cursor).spans[tuple(app.cursor)]
    x0, y0 = box.scroll_offset
    w, h = box.scrollable_content_region.size
    return y0 <= L < y0 + h and x0 <= s and e + 1 <= x0 + w


def test_a_30_by_30_board_in_120_by_30_keeps_the_answer_and_follows_the_cursor():
    found = []

    def look(app):
        side = app.query_one("#sidebox")
        found.append((side.display, side.region.width, side.region.right <= 120, _cursor_in_view(app),
                      app.query_one("#summary").region.height))

    app = _editor(_big())
    drive(app, look, ["right"] * 27, ["down"] * 24, look, ["left"] * 20, ["up"] * 30, look, size=(120, 30))
    assert app.cursor != (0, 0)
    for shown, width, inside, cursor, summary in found:
        assert shown and width > 30 and inside and cursor and summary >= 1


def test_at_60_by_15_the_answer_is_one_line_and_tab_shows_the_panel():
    found = []

    def look(app):
        found.append((app.query_one("#mapbox").display, app.query_one("#sidebox").display,
                      str(app.query_one("#summary").render()), _cursor_in_view(app) if app.query_one("#mapbox").display
                      else None))

    app = _editor(tb.canonical(tb.load(TOUR)))
    drive(app, look, "tab", look, "tab", ["down"] * 2, ["right"] * 4, look, size=(60, 15))
    (m1, s1, sum1, c1), (m2, s2, _, _), (m3, s3, _, c3) = found
    assert (m1, s1, c1) == (True, False, True) and "answer: guard focuses brute" in sum1
    assert (m2, s2) == (False, True)  # tab: the panel in the map's place
    assert (m3, s3, c3) == (True, False, True)


# -- walls along edges --------------------------------------------------------------------------------

def test_walls_are_drawn_along_hex_edges():
    doc = model.fill(model.new_board(), (0, 0), (4, 1))
    app = _editor(doc)
    # one w, then the S edge of 0,0, on to 1,0 (right zigzags down), its NE and S, esc; then m is m again
    drive(app, "w", "s", "right", "e", "s", "escape", "m", "enter", "enter")
    assert sorted(app.doc["walls"]) == sorted([[[0, 0], [0, 1]], [[1, 0], [2, -1]], [[1, 0], [1, 1]]])
    assert app.mode is None and [f["id"] for f in app.doc["figures"]] == ["m1"]


# -- the README tour board in at most 40 keys -------------------------------------------------------------

def _tour_with_labels() -> dict:
    """The README tour board with each figure named by its label (the editor's figures are one key and
    a label: the names 'guard', 'brute', 'spellweaver' would be 21 keys more)."""
    text = TOUR.replace("g = guard monster", "g monster").replace("b = brute character", "b character")
    return tb.canonical(tb.load(text.replace("s = spellweaver character", "s character")))


def test_the_pilot_builds_the_tour_board_in_at_most_40_keys(tmp_path):
    script = ["m", "g", "enter", "enter"]  # 0,0: g, the active monster (no health noted)
    script += ["w", "s", "escape"]  # the thin wall under it
    script += ["down", "c", "b", "enter", "2", "0", "enter"]  # 0,1: b, initiative 20
    script += ["down", "v", "up", "up"] + ["right"] * 4 + ["v"]  # the map: 5 columns of 3, from 0,2 to 4,-2
    script += ["down", "c", "s", "enter", "4", "0", "enter"]  # 4,-1: s, initiative 40
    script += ["down", "left", "space", "left", "left", "space"]  # the odd columns have 2 hexes: 3,1 and 1,2 out
    script += ["r"]  # range 2 (the new board's move 2 stays)
    assert len(script) <= 40, len(script)
    app = _editor(path=str(tmp_path / "tour.txt"))
    drive(app, script)
    want = _tour_with_labels()
    assert app.doc == want
    assert app.answer.answer == decide(Board.from_dict(want)).to_dict()
    assert app.answer.answer["focus"] == ["b"]


# -- a real terminal (tmux) --------------------------------------------------------------------------------

def _tmux():
    if not shutil.which("tmux"):
        pytest.skip("tmux is not installed")
    return f"ghcli-editor-test-{os.getpid()}-{time.monotonic_ns()}"


def _screen(session: str) -> str:
    return subprocess.run(["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True).stdout


def _wait(cond, seconds=45.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.3)
    return False


def _ghcli() -> str:
    return str(Path(sys.executable).with_name("ghcli"))


def test_edit_json_draws_on_the_terminal_and_prints_json_to_stdout(tmp_path):
    session = _tmux()
    board = tmp_path / "tour.txt"
    board.write_text(TOUR, encoding="utf-8")
    cmd = f"cd {tmp_path} && NO_COLOR=1 {_ghcli()} rules edit tour.txt --json > out.json; echo $? > rc; sleep 30"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "30", cmd], check=True)
    try:
        assert _wait(lambda: "answer: guard focuses brute" in _screen(session)), _screen(session)
        for k in ("Right", "#", "C-q"):
            subprocess.run(["tmux", "send-keys", "-t", session, k])
            time.sleep(0.6)
        assert _wait(lambda: "unsaved changes: q" in _screen(session)), _screen(session)
        subprocess.run(["tmux", "send-keys", "-t", session, "C-q"])
        assert _wait(lambda: (tmp_path / "rc").exists() and (tmp_path / "rc").read_text().strip() != "")
        assert (tmp_path / "rc").read_text().strip() == "0"
        left = json.loads((tmp_path / "out.json").read_text())
        assert left["saved"] is False and left["board"] == "tour.txt"
        assert [1, 0] in left["doc"]["terrain"]["obstacle"] and "answer" in left
        assert tb.load(board.read_text()) == tb.canonical(tb.load(TOUR))  # the file as it was
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_a_terminal_that_goes_away_leaves_the_unsaved_board(tmp_path):
    session = _tmux()
    board = tmp_path / "tour.txt"
    board.write_text(TOUR, encoding="utf-8")
    cmd = f"cd {tmp_path} && NO_COLOR=1 exec {_ghcli()} rules edit tour.txt"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "30", cmd], check=True)
    try:
        assert _wait(lambda: "answer: guard focuses brute" in _screen(session)), _screen(session)
        subprocess.run(["tmux", "send-keys", "-t", session, "Right"])
        time.sleep(0.5)
        subprocess.run(["tmux", "send-keys", "-t", session, "#"])
        assert _wait(lambda: "unsaved changes" in _screen(session))
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)  # SIGHUP
    rescue = tmp_path / "tour.unsaved.txt"
    # written once the terminal is gone (created, then written: wait for what it says)
    assert _wait(lambda: rescue.exists() and rescue.read_text().strip() != "", 45), list(tmp_path.iterdir())
    assert [1, 0] in tb.load(rescue.read_text())["terrain"]["obstacle"]
    assert tb.load(board.read_text()) == tb.canonical(tb.load(TOUR))


def test_without_any_terminal_it_says_so(cli, tmp_path, monkeypatch):
    import ghcli.cli.rules.edit as rules_edit

    real_open = os.open

    def no_tty(path, *args, **kw):
        if path == "/dev/tty":
            raise OSError("no controlling terminal")
        return real_open(path, *args, **kw)

    monkeypatch.setattr(rules_edit, "_in_terminal", lambda: False)
    monkeypatch.setattr(rules_edit.os, "open", no_tty)
    r = cli("rules", "edit", tmp_path / "b.txt", "--json")
    assert r.exit_code == 2 and "needs a terminal (there is no /dev/tty)" in r.stderr


def test_a_burst_of_keys_is_worked_in_the_order_typed_through_every_prompt():
    # the burst's race, made certain: every key is in the app's queue before the first is worked (as when
    # a terminal hands over a paste, or a fast typist's keys, at once); once, keys after c or m went to
    # two queues (the screen's, the prompt's) and came out reordered ("20cs") or lost ("s 3", not "s 30")
    from textual import events

    chars = {"space": " ", "enter": "\r", "escape": "\x1b"}
    burst = ["m", "g", "enter", "9", "enter",  # g, health 9 (typed over the selected default)
             "down", "c", "b", "enter", "2", "9", "backspace", "0", "enter",  # b, initiative 20
             "right", "c", "s", "space", "3", "9", "backspace", "0", "home", "delete", "t", "enter",  # "t 30"
             "up", "m", "x", "escape", "c", "escape"]  # both cancelled: nothing placed at 1,0

    def at_once(app):
        for k in burst:
            app.post_message(events.Key(k, chars.get(k, k if len(k) == 1 else None)))

    app = drive(_editor(), at_once)
    got = {f["id"]: (f["side"], f["at"], f.get("initiative"), f.get("health")) for f in app.doc["figures"]}
    assert got == {"g": ("monster", [0, 0], None, 9), "b": ("character", [0, 1], 20, None),
                   "t": ("character", [1, 1], 30, None)}
    assert app.pending is None and tuple(app.cursor) == (1, 0) and app.message == "cancelled"


def test_keys_typed_at_once_after_c_or_m_are_the_prompts(tmp_path):
    # a burst (a fast typist, a paste): the keys after m or c arrive before the prompt has the focus
    session = _tmux()
    cmd = f"cd {tmp_path} && NO_COLOR=1 {_ghcli()} rules edit new.txt; sleep 30"
    subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "30", cmd], check=True)
    try:
        assert _wait(lambda: "board: new.txt" in _screen(session)), _screen(session)
        subprocess.run(["tmux", "send-keys", "-t", session, "m", "g", "Enter", "Enter", "Down", "c", "b", "Enter",
                        "2", "0", "Enter", "Right", "c", "s", "Space", "3", "0", "Enter", "s"])
        assert _wait(lambda: (tmp_path / "new.txt").exists()), _screen(session)
        doc = tb.load((tmp_path / "new.txt").read_text())
        got = {f["id"]: (f["side"], f["at"], f.get("initiative")) for f in doc["figures"]}
        assert got == {"g": ("monster", [0, 0], None), "b": ("character", [0, 1], 20),
                       "s": ("character", [1, 1], 30)}
        # a board where the default reading leaves the guard blind says what the open one would do
        assert _wait(lambda: "under the open map-edge reading" in " ".join(_screen(session).split()))
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
