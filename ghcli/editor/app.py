"""`ghcli rules edit`: the Textual board editor (imported only by that command).

The map is the ASCII picture of ``ghcli.boards.ascii`` with the cursor
shown in reverse video; beside it the rules' answer (focus, destination,
targets, path, explanation), recomputed after every change, or the one-line
error of a board the rules refuse. The keys are in ``KEYS`` (shown as the
help line); the edits themselves are ``ghcli.editor.model``'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input, Static

from ghcli.editor import model
from ghcli.errors import BadInput
from ghcli.boards import textboard as tb

TERRAIN_KEYS = tb.CHAR_TERRAIN  # the text format's terrain characters
ACTION_KEYS = {"j": "jump", "l": "flying", "p": "teleport", "z": "muddled"}

#: Every key, as the help line shows it.
KEYS = "\n".join((
    "move: arrows | map: space hex on/off, # ^ ! ~ = terrain, w then w e d s a q wall N NE SE S SW NW, v..v rectangle",
    "figures: m monster, c character, f figure line (g = guard monster), x remove, e elite, i invisible, a active",
    "action: + - move, r melee/range 2-5/none, t targets, j jump, l flying, p teleport, z muddled, R rule set,",
    "        : a header line (move: 3 jump, attack: range 3 targets 2 area 0,1 1,0)  |  u undo  s save  q quit",
))


class BoardEditor(App):
    """A board on the left, the rules' answer on the right, the keys below."""

    TITLE = "ghcli rules edit"
    CSS = """
    #main { height: 1fr; }
    #map { width: auto; min-width: 30; padding: 0 2 0 1; }
    #side { width: 1fr; padding: 0 1; }
    #status { height: auto; padding: 0 1; }
    #help { height: auto; padding: 0 1; }
    #prompt { display: none; }
    """

    def __init__(self, doc: dict, path: Optional[str] = None):
        super().__init__()
        self.doc = doc
        self.path = path
        self.saved = doc if path and Path(path).exists() else None
        self.cursor = model.start(doc)
        self.undo_stack: list[dict] = []
        self.mode: Optional[str] = None  # "wall", "rect", "quit"
        self.mark = None
        self.pending: Optional[Callable[[str], None]] = None
        self.answer = model.solve(doc)
        self.message = "Press the keys below; s saves, q quits."

    # -- layout ----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield Static(id="map")
            yield Static(id="side")
        yield Static(id="status")
        yield Static(KEYS, id="help")
        yield Input(id="prompt", disabled=True)  # enabled (and focused) only while it asks

    def on_mount(self) -> None:
        self.set_focus(None)
        self.refresh_view()

    @property
    def dirty(self) -> bool:
        return self.doc != self.saved

    def refresh_view(self) -> None:
        from ghcli.boards.ascii import drawing

        pic = drawing(self.doc, self.answer.answer, cursor=self.cursor)
        text = Text("\n".join(pic.lines))
        span = pic.spans.get(tuple(self.cursor))
        if span is not None:
            L, s, e = span
            start = sum(len(line) + 1 for line in pic.lines[:L])
            width = len(pic.lines[L])
            text.stylize("reverse bold", start + max(0, s - 1), start + min(width, e + 1))
        self.query_one("#map", Static).update(text)
        self.query_one("#side", Static).update(Text("\n".join(self.side_lines())))
        state = "unsaved changes" if self.dirty else "saved"
        self.query_one("#status", Static).update(Text(f"[{state}] {self.message}"))

    def side_lines(self) -> list[str]:
        d = self.doc
        q, r = self.cursor
        here = "not on the map"
        if model.has_hex(d, self.cursor):
            kinds = [k for k, cells in d["terrain"].items() if [q, r] in cells]
            f = model.figure_at(d, self.cursor)
            here = ", ".join(kinds + ([f"{f['id']} ({f['side']})"] if f else [])) or "plain"
        from ghcli.boards.svg import action_text

        lines = [
            f"board: {self.path or '(new, not saved)'}",
            f"rules: {d['rules']}, {d['orientation']}",
            f"active: {d.get('active', '-')}: {action_text(d) or 'no action'}",
            f"cursor: {q},{r} ({here})",
            "",
        ]
        return lines + model.answer_lines(self.answer)

    # -- changes ---------------------------------------------------------------
    def change(self, edit: Callable[[dict], dict], said: str) -> None:
        try:
            new = edit(self.doc)
        except BadInput as e:
            self.message = f"error: {e}"
            return
        if new == self.doc:
            self.message = f"{said}: nothing changed"
            return
        self.undo_stack.append(self.doc)
        self.doc = new
        self.answer = model.solve(new)
        self.message = said

    def ask(self, question: str, then: Callable[[str], None], value: str = "") -> None:
        prompt = self.query_one("#prompt", Input)
        prompt.placeholder = question
        prompt.value = value
        prompt.display = True
        prompt.disabled = False
        prompt.focus()
        self.pending = then
        self.message = f"{question} (enter to confirm, esc to cancel)"

    def close_prompt(self) -> None:
        prompt = self.query_one("#prompt", Input)
        prompt.display = False
        prompt.disabled = True
        self.pending = None
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        then = self.pending
        self.close_prompt()
        if then is not None:
            then(event.value)
        self.refresh_view()

    def save(self, path: Optional[str] = None) -> None:
        path = path or self.path
        if not path:
            self.ask("save as (FILE.txt or FILE.json):", lambda p: p.strip() and self.save(p.strip()))
            return
        try:
            Path(path).write_text(model.save_text(self.doc, path), encoding="utf-8")
        except (OSError, BadInput) as e:
            self.message = f"error: cannot save {path}: {getattr(e, 'strerror', None) or e}"
            return
        self.path = path
        self.saved = self.doc
        self.message = f"saved to {path}"

    # -- keys ------------------------------------------------------------------
    def on_key(self, event) -> None:
        if self.pending is not None:
            if event.key == "escape":
                self.close_prompt()
                self.message = "cancelled"
                self.refresh_view()
            return
        event.stop()
        key, ch = event.key, event.character
        mode, self.mode = self.mode, None
        if mode == "wall":
            if ch in model.FLAT_EDGES or ch in model.POINTY_EDGES:
                edges = model.FLAT_EDGES if self.doc["orientation"] == "flat" else model.POINTY_EDGES
                if ch in edges:
                    self.change(lambda d: model.toggle_wall(d, self.cursor, ch),
                                f"wall on the {model.EDGE_NAMES[ch]} edge")
                else:
                    self.message = f"{ch!r} is not an edge of a {self.doc['orientation']} hex"
            else:
                self.message = "no wall"
            self.refresh_view()
            return
        if mode == "quit" and key == "q":
            self.exit(return_code=0)
            return
        if mode == "rect":
            self.mode = "rect"
            if key == "escape":
                self.mode, self.message = None, "no rectangle"
                self.refresh_view()
                return
            if ch == "v":
                self.mode = None
                a = self.mark
                self.change(lambda d: model.fill(d, a, self.cursor), "rectangle filled")
                self.refresh_view()
                return
        self.handle(key, ch)
        self.refresh_view()

    def handle(self, key: str, ch: Optional[str]) -> None:
        here = self.cursor
        if key in ("up", "down", "left", "right"):
            self.cursor = model.step(self.doc, here, key)
            self.message = f"at {self.cursor[0]},{self.cursor[1]}"
            if self.mode == "rect":
                self.message += f" (rectangle from {self.mark[0]},{self.mark[1]}: v fills, esc cancels)"
        elif key == "space" or ch == ".":
            self.change(lambda d: model.toggle_hex(d, here), f"hex {here[0]},{here[1]}")
        elif ch in TERRAIN_KEYS:
            kind = TERRAIN_KEYS[ch]
            self.change(lambda d: model.toggle_terrain(d, here, kind), f"{kind} at {here[0]},{here[1]}")
        elif ch == "w":
            self.mode = "wall"
            names = ("w e d s a q: N NE SE S SW NW" if self.doc["orientation"] == "flat"
                     else "w e d x z a: NW NE E SE SW W")
            self.message = f"wall on which edge? {names}"
        elif ch == "v":
            self.mode, self.mark = "rect", here
            self.message = f"rectangle from {here[0]},{here[1]}: move to the other corner and press v"
        elif ch == "m":
            self.change(lambda d: model.quick_figure(d, here, "monster"), "monster placed")
        elif ch == "c":
            ids = {f["id"] for f in self.doc["figures"]}
            n = next(k for k in range(1, 200) if f"c{k}" not in ids)
            self.ask("figure line (LABEL [= ID] SIDE [INITIATIVE] [elite] [invisible]):",
                     lambda line: self.change(lambda d: model.place_figure(d, here, line), "figure placed"),
                     f"c{n} character ")
        elif ch == "f":
            self.ask("figure line, e.g. g = guard monster, b = brute character 10:",
                     lambda line: self.change(lambda d: model.place_figure(d, here, line), "figure placed"))
        elif ch == "x":
            self.change(lambda d: model.remove_figure(d, here), "figure removed")
        elif ch in ("e", "i"):
            flag = "elite" if ch == "e" else "invisible"
            self.change(lambda d: model.toggle_flag(d, here, flag), flag)
        elif ch == "a":
            self.change(lambda d: model.make_active(d, here), "active monster")
        elif ch in ("+", "-"):
            delta = 1 if ch == "+" else -1
            self.change(lambda d: model.change_move(d, delta), "move")
        elif ch == "r":
            self.change(model.cycle_range, "attack")
        elif ch == "t":
            self.change(model.cycle_targets, "targets")
        elif ch in ACTION_KEYS:
            flag = ACTION_KEYS[ch]
            self.change(lambda d: model.toggle_action(d, flag), flag)
        elif ch == "R":
            self.change(model.cycle_rules, "rules")
        elif ch == ":":
            self.ask("header line, e.g. move: 3 jump | attack: range 3 targets 2 | board: frosthaven | active: g",
                     lambda line: self.change(lambda d: model.header(d, line), "header line"))
        elif ch == "u":
            if self.undo_stack:
                self.doc = self.undo_stack.pop()
                self.answer = model.solve(self.doc)
                self.message = "undone"
            else:
                self.message = "nothing to undo"
        elif ch == "s":
            self.save()
        elif ch == "q":
            if self.dirty:
                self.mode = "quit"
                self.message = "unsaved changes: press q again to quit without saving, s to save"
            else:
                self.exit(return_code=0)
        elif key not in ("escape",):
            self.message = f"{key!r} does nothing here (see the keys below)"


def run(doc: dict, path: Optional[str]) -> tuple[int, dict]:
    """Run the editor until the user quits: the process's exit code, and the board as it was left
    ({"board": the file or None, "saved": whether the file holds it, "doc": format 1, "answer"|"error"})."""
    app = BoardEditor(doc, path)
    app.run()
    left = {"board": app.path, "saved": app.path is not None and not app.dirty, "doc": app.doc}
    ans = model.solve(app.doc)
    left.update({"answer": ans.answer} if ans.error is None else {"error": ans.error})
    return app.return_code or 0, left
