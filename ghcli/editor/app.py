"""`ghcli rules edit`: the Textual board editor (imported only by that command).

The map is the ASCII picture of ``ghcli.boards.ascii`` with the cursor
shown in reverse video, in a view that scrolls to keep the cursor in sight;
beside it the rules' answer (focus, destination, targets, path,
explanation), recomputed after every change, or the one-line error of a
board the rules refuse. One line under the map always says the answer in
short; when the terminal is too narrow for the panel beside the map, ``tab``
shows the panel in the map's place (and back). The keys are in ``KEYS``
(shown as the help lines, or as one line on a short terminal, ``?`` for all);
the edits themselves are ``ghcli.editor.model``'s.

Every way out asks first when the board has unsaved changes: ``q``,
``ctrl+q`` and ``ctrl+c`` alike (again: quit without saving; ``s``: save and
quit; any other key: stay). A terminal that goes away (SIGHUP, SIGTERM)
cannot be asked: the unsaved board is written beside the file (``run``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Optional

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer
from textual.geometry import Region, Spacing
from textual.widgets import Input, Static
from textual.widgets.input import Selection

from ghcli.editor import model
from ghcli.errors import BadInput
from ghcli.boards import textboard as tb

TERRAIN_KEYS = tb.CHAR_TERRAIN  # the text format's terrain characters
ACTION_KEYS = {"j": "jump", "l": "flying", "p": "teleport", "z": "muddled"}

#: Every key, as the help lines show them.
KEYS = "\n".join((
    "move: arrows | map: space hex on/off, # ^ ! ~ = terrain, v..v rectangle, w draw walls (w e d s a q edges)",
    "figures: c character, m monster (the label, then initiative or health), f figure line, x remove, e elite,",
    "         i invisible, a active | action: + - move, r melee/range 2-5/none, t targets, j jump, l flying,",
    "         p teleport, z muddled, R rules, : header line | u undo  s save  q quit  ? keys  tab answer/map",
))
#: The keys in one line, for a terminal too short for ``KEYS``.
SHORT_KEYS = "?:keys tab:answer c/m:figure w:walls u:undo s:save q:quit"

#: Below this width the answer panel does not fit beside the map: ``tab`` swaps them.
NARROW = 100
#: Below this height the help is one line (``?`` shows it all).
SHORT = 24
#: The answer panel's width beside the map.
SIDE_WIDTH = 48


class MapView(ScrollableContainer, can_focus=False):
    """The map's picture, scrolled by the editor to keep the cursor in sight (never focused: the
    arrow keys move the cursor, not the view)."""


class Prompt(Input):
    """The one-line prompt. It holds the focus while it asks (its cursor and a selected default show),
    but it is never handed a key: the editor works every key, in the one queue they arrive in
    (``BoardEditor.on_event``), and edits the prompt's line here. A burst (a fast typist, a paste,
    tmux) after ``c`` or ``m`` is thus the prompt's in the order typed: there is no second queue (the
    focused widget's) for a key to overtake or be lost in."""

    #: The prompt's keys (Input's bindings) to their actions, for ``work``.
    ACTIONS = {key.strip(): binding.action for binding in Input.BINDINGS
               for key in binding.key.split(",")}
    #: Actions never worked here: enter is the editor's (``submit``), and the clipboard's are Textual's
    #: own (an async round trip through the terminal).
    NOT_WORKED = frozenset(("submit", "copy", "cut", "paste"))

    def work(self, event: events.Key) -> None:
        """One key typed into the line: a printable character replaces the selection or goes in at
        the cursor; an editing key (backspace, delete, arrows, home, end, ctrl+u ...) does what
        Input's binding for it does; any other key is nothing."""
        if event.is_printable:
            self.type_text(event.character or "")
            return
        action = self.ACTIONS.get(event.key)
        if action is None:
            return
        name, _, arg = action.partition("(")  # "home", or "home(True)" (shift: select as it moves)
        arg = arg.rstrip(")")
        method = getattr(self, f"action_{name}", None) if name not in self.NOT_WORKED else None
        if method is not None:
            method(*([arg == "True"] if arg else []))

    def type_text(self, text: str) -> None:
        if self.selection.is_empty:
            self.insert_text_at_cursor(text)
        else:
            self.replace(text, *self.selection)


class SideView(ScrollableContainer, can_focus=False):
    """The answer panel (page up / page down scroll it when it is longer than the screen)."""


class BoardEditor(App):
    """A board on the left, the rules' answer on the right, the keys below."""

    TITLE = "ghcli rules edit"
    CSS = f"""
    #main {{ height: 1fr; }}
    #mapbox {{ width: 1fr; height: 1fr; }}
    #map {{ width: auto; height: auto; padding: 0 1 0 1; text-wrap: nowrap; }}
    #sidebox {{ width: {SIDE_WIDTH}; height: 1fr; }}
    #sidebox.full {{ width: 1fr; }}
    #where {{ width: 1fr; height: auto; padding: 0 1; }}
    #side {{ width: 1fr; height: auto; padding: 1 1 0 1; }}
    #summary {{ height: auto; padding: 0 1; text-style: bold; }}
    #status {{ height: auto; padding: 0 1; }}
    #help {{ height: auto; padding: 0 1; }}
    #prompt {{ display: none; }}
    """
    BINDINGS = [
        Binding("ctrl+q", "leave", show=False, priority=True),
        Binding("ctrl+c", "leave", show=False, priority=True, system=True),
    ]

    def __init__(self, doc: dict, path: Optional[str] = None, resolve_card: Optional[model.CardResolver] = None):
        super().__init__()
        self.doc = doc
        self.path = path
        self.resolve_card = resolve_card  # a board's ``card:`` to its move and attack (model.solve)
        self.saved = doc if path and Path(path).exists() else None
        self.cursor = model.start(doc)
        self.undo_stack: list[dict] = []
        self.mode: Optional[str] = None  # "wall", "rect", "quit"
        self.mark = None
        self.pending: Optional[Callable[[str], None]] = None
        self.answer = model.solve(doc, self.resolve_card)
        self.message = "Press the keys below; s saves, q quits."
        self.side_first = False  # narrow terminals: the answer panel in the map's place
        self.all_keys = False  # short terminals: every key shown (``?``)
        self._picture: Optional[tuple] = None  # (doc, answer, the cursor off the map, its drawing)
        self._shown: dict = {}  # each text pane's selector -> what it shows (see show)

    # -- layout ----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with MapView(id="mapbox"):
                yield Static(id="map")
            with SideView(id="sidebox"):  # what the cursor is on (every key), then the answer (a change)
                yield Static(id="where")
                yield Static(id="side")
        yield Static(id="summary")
        yield Static(id="status")
        yield Static(KEYS, id="help")
        yield Prompt(id="prompt", disabled=True)  # enabled (and focused) only while it asks

    def on_mount(self) -> None:
        self.set_focus(None)
        self.refresh_view()

    def on_resize(self, event) -> None:
        self.refresh_view()

    @property
    def dirty(self) -> bool:
        return self.doc != self.saved

    @property
    def narrow(self) -> bool:
        return self.size.width < NARROW

    def picture(self):
        """The map's drawing (``ghcli.boards.ascii``), drawn again only when the board or its answer
        changed, or the cursor is off the map (drawn as ``+``): a key that only moves the cursor
        over a big board costs no new drawing (30 by 30: some 15 ms a key)."""
        from ghcli.boards.ascii import drawing

        doc, answer = self.doc, self.answer.answer
        off = not model.has_hex(doc, self.cursor)
        kept = self._picture
        if kept is None or kept[0] is not doc or kept[1] is not answer or off or kept[2]:
            kept = self._picture = (doc, answer, off, drawing(doc, answer, cursor=self.cursor))
        return kept[3]

    def show(self, selector: str, content: Any) -> None:
        """Put ``content`` (a ``Text``, or markup) in the pane ``selector``, unless the pane shows it
        already: Textual lays out and wraps a pane's text again on every update, and most keys change
        one pane or none (an arrow key moved the map's highlight only)."""
        key = (content.plain, str(content.spans)) if isinstance(content, Text) else content
        if self._shown.get(selector) != key:
            self._shown[selector] = key
            self.query_one(selector, Static).update(content)

    def refresh_view(self) -> None:
        pic = self.picture()
        text = Text("\n".join(pic.lines))
        span = pic.spans.get(tuple(self.cursor))
        if span is not None:
            L, s, e = span
            start = sum(len(line) + 1 for line in pic.lines[:L])
            width = len(pic.lines[L])
            text.stylize("reverse bold", start + max(0, s - 1), start + min(width, e + 1))
        self.show("#map", text)
        self.show("#where", Text("\n".join(self.where_lines())))
        self.show("#side", Text("\n".join(model.answer_lines(self.answer))))
        side = self.query_one("#sidebox", SideView)
        box = self.query_one("#mapbox", MapView)
        # narrow: one of the two, tab swaps them; else both, the panel at its width
        box.display = not (self.narrow and self.side_first)
        side.display = not self.narrow or self.side_first
        side.set_class(self.narrow, "full")
        self.show("#summary", Text(self.summary()))
        state = "unsaved changes" if self.dirty else "saved"
        self.show("#status", Text(f"[{state}] {self.message}"))
        self.show("#help", KEYS if self.all_keys or self.size.height >= SHORT else SHORT_KEYS)
        if span is not None and box.display:
            L, s, e = span
            # the map's padding is one column on the left; room round the cursor: a line, 4 columns
            box.scroll_to_region(Region(s, L, e - s + 2, 1), spacing=Spacing(1, 4, 1, 4), animate=False,
                                 immediate=True)

    def summary(self) -> str:
        """The answer in one line (always shown, whatever the terminal's size)."""
        ans = self.answer
        if ans.error is not None:
            return f"answer: error: {ans.error}"
        a = ans.answer
        if not a["focus"]:
            return f"answer: {a['active']} has no focus: it neither moves nor attacks"
        opts = a["options"]
        first = opts[0]
        dest = ",".join(str(v) for v in first["destination"])
        targets = ", ".join(first["targets"]) or "nobody"
        more = f" (+{len(opts) - 1} more options: players' choice)" if len(opts) > 1 else ""
        return f"answer: {a['active']} focuses {', '.join(a['focus'])}, moves to {dest}, attacks {targets}{more}"

    def where_lines(self) -> list[str]:
        """The panel's head: the board, its rules, the active figure and what the cursor is on."""
        d = self.doc
        q, r = self.cursor
        here = "not on the map"
        if model.has_hex(d, self.cursor):
            kinds = [k for k, cells in d["terrain"].items() if [q, r] in cells]
            f = model.figure_at(d, self.cursor)
            here = ", ".join(kinds + ([model.figure_words(f)] if f else [])) or "plain"
        from ghcli.boards.svg import action_text

        return [
            f"board: {self.path or '(new, not saved)'}",
            f"rules: {d['rules']}, {d['orientation']}",
            f"active: {d.get('active', '-')}: " + (
                f"card {d['card'].get('number')} ({d['card'].get('monster')}, level {d['card'].get('level')})"
                if isinstance(d.get("card"), dict) else action_text(d) or "no action"),
            f"cursor: {q},{r} ({here})",
        ]

    # -- changes ---------------------------------------------------------------
    def change(self, edit: Callable[[dict], dict], said: str) -> bool:
        try:
            new = edit(self.doc)
        except BadInput as e:
            self.message = f"error: {e}"
            return False
        if new == self.doc:
            self.message = f"{said}: nothing changed"
            return False
        self.undo_stack.append(self.doc)
        self.doc = new
        self.answer = model.solve(new, self.resolve_card)
        self.message = said
        return True

    def ask(self, question: str, then: Callable[[str], None], value: str = "", select: bool = False,
            hint: str = "") -> None:
        """A one-line prompt; ``value`` prefilled, the cursor after it (``select``: selected, so that
        typing replaces it: a default)."""
        prompt = self.query_one("#prompt", Prompt)
        prompt.placeholder = hint or question
        prompt.select_on_focus = False  # selected here, now: the focus event comes later, after keys
        prompt.value = value
        prompt.display = True
        prompt.disabled = False
        prompt.focus()
        prompt.selection = Selection(0, len(value)) if select else Selection.cursor(len(value))
        self.pending = then
        self.message = f"{question} (enter to confirm, esc to cancel)"

    def close_prompt(self) -> None:
        prompt = self.query_one("#prompt", Input)
        prompt.display = False
        prompt.disabled = True
        self.pending = None
        self.set_focus(None)

    def submit(self, value: str) -> None:
        """The prompt's line: closed, then its answer worked (which may open the next prompt at once)."""
        then = self.pending
        self.close_prompt()
        if then is not None:
            then(value)
        self.refresh_view()

    def save(self, path: Optional[str] = None, then: Optional[Callable[[], None]] = None) -> None:
        path = path or self.path
        if not path:
            self.ask("save as (FILE.txt or FILE.json):", lambda p: p.strip() and self.save(p.strip(), then))
            return
        try:
            Path(path).write_text(model.save_text(self.doc, path), encoding="utf-8")
        except (OSError, BadInput) as e:
            self.message = f"error: cannot save {path}: {getattr(e, 'strerror', None) or e}"
            return
        self.path = path
        self.saved = self.doc
        self.message = f"saved to {path}"
        if then is not None:
            then()

    # -- leaving -----------------------------------------------------------------
    def action_leave(self) -> None:
        """ctrl+q and ctrl+c: like q (asks first when the board is unsaved)."""
        if self.pending is not None:
            self.close_prompt()
        if self.mode == "quit":
            self.exit(return_code=0)
            return
        self.mode = None
        self.leave()
        self.refresh_view()

    def leave(self) -> None:
        if self.dirty:
            self.mode = "quit"
            self.message = ("unsaved changes: q (or ctrl+q, ctrl+c) again quits without saving, s saves and quits, "
                            "any other key stays")
        else:
            self.exit(return_code=0)

    # -- keys ------------------------------------------------------------------
    async def on_event(self, event: events.Event) -> None:
        """Every key is worked here, as it comes from the terminal, in the order typed: a key is never
        handed on to a focused widget's own queue, where a later key could overtake it (``Prompt``).
        The app's priority bindings (ctrl+q, ctrl+c) still come first; a paste goes into an open
        prompt's line."""
        if isinstance(event, events.Key) and not event.is_forwarded:
            self.app_focus = True
            if not await self._check_bindings(event.key, priority=True):
                self.work_key(event)
            return
        if isinstance(event, events.Paste) and not event.is_forwarded:
            if self.pending is not None and event.text:
                self.query_one("#prompt", Prompt).type_text(event.text.splitlines()[0])
            return
        await super().on_event(event)

    def work_key(self, event: events.Key) -> None:
        if self.pending is not None:
            if event.key == "escape":
                self.close_prompt()
                self.message = "cancelled"
                self.refresh_view()
            elif event.key == "enter":
                self.submit(self.query_one("#prompt", Prompt).value)
            else:
                self.query_one("#prompt", Prompt).work(event)
            return
        key, ch = event.key, event.character
        mode, self.mode = self.mode, None
        if mode == "quit":
            if key == "q" or ch == "q":
                self.exit(return_code=0)
            elif ch == "s":
                self.save(then=lambda: self.exit(return_code=0))
            else:
                self.message = "not quitting"
            self.refresh_view()
            return
        if mode == "wall":
            if self.wall_key(key, ch):
                self.mode = "wall"
                self.refresh_view()
                return
            self.message = "walls drawn"  # any other key ends the drawing and does its own work
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

    def wall_key(self, key: str, ch: Optional[str]) -> bool:
        """In wall drawing: an edge key lays (or lifts) a wall on that edge of the cursor's hex, an
        arrow moves on; True when the key was one of those (drawing goes on)."""
        edges = model.FLAT_EDGES if self.doc["orientation"] == "flat" else model.POINTY_EDGES
        if key in ("up", "down", "left", "right"):
            self.cursor = model.step(self.doc, self.cursor, key)
            self.message = f"drawing walls at {self.cursor[0]},{self.cursor[1]}: {self.edge_names()}, esc ends"
            return True
        if ch in edges:
            self.change(lambda d: model.toggle_wall(d, self.cursor, ch),
                        f"wall on the {model.EDGE_NAMES[ch]} edge of {self.cursor[0]},{self.cursor[1]}")
            self.message += f" (drawing walls: {self.edge_names()}, arrows move, esc ends)"
            return True
        return False

    def edge_names(self) -> str:
        return "w e d s a q: N NE SE S SW NW" if self.doc["orientation"] == "flat" else "w e d x z a: NW NE E SE SW W"

    def handle(self, key: str, ch: Optional[str]) -> None:
        here = self.cursor
        if key in ("up", "down", "left", "right"):
            self.cursor = model.step(self.doc, here, key)
            self.message = f"at {self.cursor[0]},{self.cursor[1]}"
            if self.mode == "rect":
                self.message += f" (rectangle from {self.mark[0]},{self.mark[1]}: v fills, esc cancels)"
        elif key in ("pageup", "pagedown"):
            view = self.query_one("#sidebox", SideView)  # (the map follows the cursor by itself)
            (view.scroll_page_up if key == "pageup" else view.scroll_page_down)(animate=False)
            self.message = "the answer scrolled"
        elif key == "tab":
            self.side_first = not self.side_first
            self.message = "the answer" if self.side_first and self.narrow else "the map"
        elif ch == "?":
            self.all_keys = not self.all_keys
            self.message = "every key" if self.all_keys else "the keys in one line"
        elif key == "space" or ch == ".":
            self.change(lambda d: model.toggle_hex(d, here), f"hex {here[0]},{here[1]}")
        elif ch in TERRAIN_KEYS:
            kind = TERRAIN_KEYS[ch]
            self.change(lambda d: model.toggle_terrain(d, here, kind), f"{kind} at {here[0]},{here[1]}")
        elif ch == "w":
            self.mode = "wall"
            self.message = f"drawing walls: {self.edge_names()} lay or lift a wall on that edge, arrows move, esc ends"
        elif ch == "v":
            self.mode, self.mark = "rect", here
            self.message = f"rectangle from {here[0]},{here[1]}: move to the other corner and press v"
        elif ch == "m":
            self.ask_figure(here, "monster")
        elif ch == "c":
            self.ask_figure(here, "character")
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
                self.answer = model.solve(self.doc, self.resolve_card)
                self.message = "undone"
            else:
                self.message = "nothing to undo"
        elif ch == "s":
            self.save()
        elif ch == "q":
            self.leave()
        elif key not in ("escape",):
            self.message = f"{key!r} does nothing here (see the keys below)"

    def ask_figure(self, here, side: str) -> None:
        """``c``/``m``: the figure's label (``b``, ``b = brute``, ``b 20``, ``g elite``), then, unless
        typed, a character's initiative or a monster's health, each with its default."""
        default = model.free_label(self.doc, side)

        def placed(text: str) -> None:
            text = text.strip() or default
            try:
                line = model.figure_text(text, side)
            except BadInput as e:
                self.message = f"error: {e}"
                return
            if side == "monster" or model.has_initiative(line):
                self.place(here, line, side)
                if side == "monster":
                    self.ask_health(here)
                return
            init = model.free_initiative(self.doc)
            self.ask(f"initiative of {text.split()[0]} (enter: {init}):",
                     lambda v: self.place(here, f"{line} {v.strip() or init}", side), str(init), select=True)

        what = "character: its label (b), or b = brute, b 20" if side == "character" else \
            "monster: its label (g), or g = guard, g elite"
        self.ask(f"{what} (enter: {default})", placed, hint=f"{what}; enter: {default}")

    def ask_health(self, here) -> None:
        f = model.figure_at(self.doc, here)
        if f is None:
            return
        self.ask(f"health of {f.get('label', f['id'])} (enter: not noted):",
                 lambda v: v.strip() and self.change(lambda d: model.set_health(d, here, v), "health"))

    def place(self, here, line: str, side: str) -> None:
        self.change(lambda d: model.place_figure(d, here, line), f"{side} placed")


def run(doc: dict, path: Optional[str], resolve_card: Optional[model.CardResolver] = None) -> tuple[int, dict]:
    """Run the editor until the user quits: the process's exit code, and the board as it was left
    ({"board": the file or None, "saved": whether the file holds it, "doc": format 1, "answer"|"error"}).

    If the terminal goes away (SIGHUP) or the process is told to end (SIGTERM) with unsaved
    changes, the board is written to ``model.rescue_path(path)`` first and the exit code is 1."""
    import signal

    app = BoardEditor(doc, path, resolve_card)
    rescued: list = []

    def rescue(signum, frame):  # pragma: no cover - exercised under tmux by the tests
        if app.dirty:
            target = model.rescue_path(app.path)
            try:
                Path(target).write_text(model.save_text(app.doc, target), encoding="utf-8")
                rescued.append(target)
            except (OSError, BadInput):
                pass
        app.exit(return_code=1)

    old = {s: signal.signal(s, rescue) for s in (signal.SIGHUP, signal.SIGTERM)}
    try:
        app.run()
    finally:
        for s, h in old.items():
            signal.signal(s, h)
    left = {"board": app.path, "saved": app.path is not None and not app.dirty, "doc": app.doc}
    if rescued:
        left["rescued"] = rescued[0]
    ans = model.solve(app.doc, resolve_card)
    left.update({"answer": ans.answer} if ans.error is None else {"error": ans.error})
    return app.return_code or 0, left
