"""The board editor's edits: pure functions from a board document to a new one (standard library only).

The Textual app (``ghcli.editor.app``) maps keys to these; tests can call
them directly. A document here is always in canonical form
(``textboard.canonical``); every function returns a new document and
never changes its argument. Hexes are (q, r) tuples.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Callable, Optional

from ghcli.errors import BadInput
from ghcli.boards import textboard as tb
from ghcli.rules.rulesets import RULE_SET_NAMES

FLAT_EDGES = {"w": (0, -1), "e": (1, -1), "d": (1, 0), "s": (0, 1), "a": (-1, 1), "q": (-1, 0)}
POINTY_EDGES = {"e": (1, -1), "d": (1, 0), "x": (0, 1), "z": (-1, 1), "a": (-1, 0), "w": (0, -1)}
EDGE_NAMES = {"w": "N", "e": "NE", "d": "SE", "s": "S", "a": "SW", "q": "NW", "x": "SE", "z": "SW"}


def new_board() -> dict:
    """An empty board: no hexes yet, a move 2 melee attack (the most common card)."""
    return tb.canonical({
        "format": 1, "hexes": [], "figures": [],
        "action": {"move": 2, "attack": {"range": 0, "targets": 1, "area": []}},
    })


def start(doc: dict) -> tuple[int, int]:
    """Where the cursor starts: the map's first hex (the text format's ``map:`` origin), else 0,0."""
    if not doc["hexes"]:
        return (0, 0)
    return tb.first_hex(doc["hexes"], doc["orientation"] == "flat")


def step(doc: dict, h, key: str) -> tuple[int, int]:
    """The hex next to ``h`` on the screen for an arrow key (left, right, up, down).

    Flat boards: up and down move within a column; left and right zigzag
    between two screen lines, so right then left comes back. Pointy boards:
    left and right move within a row; up and down zigzag the same way.
    """
    q, r = h
    flat = doc["orientation"] == "flat"
    if flat:
        moves = {
            "up": (q, r - 1), "down": (q, r + 1),
            "right": (q + 1, r) if q % 2 == 0 else (q + 1, r - 1),
            "left": (q - 1, r + 1) if q % 2 == 0 else (q - 1, r),
        }
    else:
        moves = {
            "left": (q - 1, r), "right": (q + 1, r),
            "down": (q, r + 1) if r % 2 == 0 else (q - 1, r + 1),
            "up": (q + 1, r - 1) if r % 2 == 0 else (q, r - 1),
        }
    nq, nr = moves[key]
    if abs(nq) > tb.MAX_COORD or abs(nr) > tb.MAX_COORD:
        return h
    return (nq, nr)


def _copy(doc: dict) -> dict:
    return copy.deepcopy(doc)


def _done(doc: dict) -> dict:
    return tb.canonical(doc)


def has_hex(doc: dict, h) -> bool:
    return list(h) in doc["hexes"]


def add_hexes(doc: dict, hexes) -> dict:
    """The map with these hexes added."""
    d = _copy(doc)
    have = {tuple(x) for x in d["hexes"]}
    new = [list(h) for h in hexes if tuple(h) not in have]
    if len(have) + len(new) > tb.MAX_HEXES:
        raise BadInput(f"a board has at most {tb.MAX_HEXES:,} hexes")
    d["hexes"] += new
    return _done(d)


def remove_hex(doc: dict, h) -> dict:
    """The map without hex ``h`` (and its terrain, walls and figures)."""
    d = _copy(doc)
    h = list(h)
    d["hexes"] = [x for x in d["hexes"] if x != h]
    d["terrain"] = {k: [x for x in v if x != h] for k, v in d["terrain"].items()}
    d["walls"] = [w for w in d["walls"] if h not in w]
    gone = {f["id"] for f in d["figures"] if f["at"] == h}
    d["figures"] = [f for f in d["figures"] if f["at"] != h]
    if d.get("active") in gone:
        _pick_active(d)
    return _done(d)


def toggle_hex(doc: dict, h) -> dict:
    return remove_hex(doc, h) if has_hex(doc, h) else add_hexes(doc, [h])


def toggle_terrain(doc: dict, h, kind: str) -> dict:
    """Terrain ``kind`` on or off at ``h`` (the hex is added to the map if needed)."""
    d = add_hexes(doc, [h]) if not has_hex(doc, h) else _copy(doc)
    cells = d["terrain"].setdefault(kind, [])
    if list(h) in cells:
        cells.remove(list(h))
    else:
        cells.append(list(h))
    return _done(d)


def toggle_wall(doc: dict, h, edge: str) -> dict:
    """A thin wall on or off on the edge of ``h`` named by ``edge`` (a key of FLAT_EDGES/POINTY_EDGES)."""
    edges = FLAT_EDGES if doc["orientation"] == "flat" else POINTY_EDGES
    dq, dr = edges[edge]
    a, b = list(h), [h[0] + dq, h[1] + dr]
    pair = sorted([a, b])
    d = _copy(doc)
    if pair in d["walls"]:
        d["walls"].remove(pair)
    else:
        d["walls"].append(pair)
    return _done(d)


def fill(doc: dict, a, b) -> dict:
    """Every hex of the screen rectangle with corners ``a`` and ``b`` added to the map.

    The rectangle is in offset coordinates: columns and rows of the text
    picture (flat: q and the hex's row in its column; pointy: r and the
    hex's place in its row).
    """
    flat = doc["orientation"] == "flat"

    def offset(h):
        q, r = h
        return (q, r + (q - (q & 1)) // 2) if flat else (q + (r - (r & 1)) // 2, r)

    def axial(col, row):
        return (col, row - (col - (col & 1)) // 2) if flat else (col - (row - (row & 1)) // 2, row)

    (c1, r1), (c2, r2) = offset(a), offset(b)
    count = (abs(c1 - c2) + 1) * (abs(r1 - r2) + 1)
    if count > tb.MAX_HEXES:
        raise BadInput(f"the rectangle has {count:,} hexes; a board has at most {tb.MAX_HEXES:,}")
    cells = [axial(c, r) for c in range(min(c1, c2), max(c1, c2) + 1) for r in range(min(r1, r2), max(r1, r2) + 1)]
    return add_hexes(doc, cells)


def figure_at(doc: dict, h) -> Optional[dict]:
    for f in doc["figures"]:
        if f["at"] == list(h):
            return f
    return None


def place_figure(doc: dict, h, line: str) -> dict:
    """A figure at ``h`` from a ``figures:`` line of the text format (``g = guard monster``,
    ``b = brute character 10``, ``m1 monster elite``); it replaces a figure already there."""
    parsed = tb.figure_line(line)
    fig, label = parsed["figure"], parsed["label"]
    d = add_hexes(doc, [h]) if not has_hex(doc, h) else _copy(doc)
    d["figures"] = [f for f in d["figures"] if f["at"] != list(h)]
    if any(f["id"] == fig["id"] for f in d["figures"]):
        raise BadInput(f"figure id {fig['id']!r} is already on the board")
    if any(f.get("label") == label for f in d["figures"]):
        raise BadInput(f"label {label!r} is already used")
    if fig["side"] != "monster" and "initiative" not in fig:
        raise BadInput(f"a {fig['side']} needs its initiative, e.g. '{label} = {fig['id']} {fig['side']} 30'")
    fig["at"] = list(h)
    if label != fig["id"]:
        fig["label"] = label
    d["figures"].append(fig)
    if fig["side"] == "monster" and not _active_ok(d):
        d["active"] = fig["id"]
    return _done(d)


def quick_figure(doc: dict, h, side: str, initiative: Optional[int] = None) -> dict:
    """A figure with the next free id (m1, m2 ... for monsters, c1 ... for characters)."""
    prefix = "m" if side == "monster" else "c"
    ids = {f["id"] for f in doc["figures"]} | {f.get("label") for f in doc["figures"]}
    n = 1
    while f"{prefix}{n}" in ids:
        n += 1
    init = f" {initiative}" if side != "monster" else ""
    return place_figure(doc, h, f"{prefix}{n} {side}{init}")


def free_label(doc: dict, side: str) -> str:
    """The next free label for a new figure: m1, m2 ... for monsters, c1, c2 ... for characters."""
    prefix = "m" if side == "monster" else "c"
    used = {f["id"] for f in doc["figures"]} | {f.get("label") for f in doc["figures"]}
    n = 1
    while f"{prefix}{n}" in used:
        n += 1
    return f"{prefix}{n}"


def figure_text(text: str, side: str) -> str:
    """What a player types for a new figure, as a ``figures:`` line of the text format: ``b`` ->
    ``b character``; ``b = brute 20`` -> ``b = brute character 20``; ``g elite`` -> ``g monster
    elite``. BadInput when it is not one (the text format's message)."""
    words = text.replace("=", " = ").split()
    if not words:
        raise BadInput("a figure needs its label, e.g. b")
    head, rest = (words[:3], words[3:]) if len(words) >= 3 and words[1] == "=" else (words[:1], words[1:])
    if rest[:1] == [side]:
        rest = rest[1:]  # the side typed too
    line = " ".join(head + [side] + rest)
    tb.figure_line(line)  # refuses what the text format refuses
    return line


def has_initiative(line: str) -> bool:
    return "initiative" in tb.figure_line(line)["figure"]


def free_initiative(doc: dict) -> int:
    """A default initiative for a new character: 50, or the next multiple of ten not taken."""
    used = {f.get("initiative") for f in doc["figures"]}
    n = 50
    while n in used:
        n += 10
    return n


def set_health(doc: dict, h, value: str) -> dict:
    """Note a figure's health (kept with the figure as ``health``; the rules do not use it)."""
    text = value.strip()
    if not text.isdigit() or not 0 < int(text) <= 999:
        raise BadInput(f"health must be a whole number from 1 to 999, not {text!r}")
    d = _copy(doc)
    f = figure_at(d, h)
    if f is None:
        raise BadInput(f"no figure at {h[0]},{h[1]}")
    f["health"] = int(text)
    return _done(d)


def figure_words(f: dict) -> str:
    """A figure in a few words, for the panel: ``brute (character, initiative 20)``."""
    bits = [f["side"]]
    if f.get("initiative") is not None:
        bits.append(f"initiative {f['initiative']}")
    if f.get("health") is not None:
        bits.append(f"health {f['health']}")
    bits += [flag for flag in ("elite", "invisible") if f.get(flag)]
    return f"{f['id']} ({', '.join(str(b) for b in bits)})"


def rescue_path(path: Optional[str]) -> str:
    """Where unsaved changes go when the terminal goes away: ``board.unsaved.txt`` beside the file."""
    from pathlib import PurePath

    p = PurePath(path or "board.txt")
    return str(p.with_name(f"{p.stem}.unsaved{p.suffix or '.txt'}"))


def remove_figure(doc: dict, h) -> dict:
    d = _copy(doc)
    f = figure_at(d, h)
    if f is None:
        return doc
    d["figures"].remove(f)
    if d.get("active") == f["id"]:
        _pick_active(d)
    return _done(d)


def toggle_flag(doc: dict, h, flag: str) -> dict:
    """``elite`` or ``invisible`` on or off for the figure at ``h``."""
    d = _copy(doc)
    f = figure_at(d, h)
    if f is None:
        raise BadInput(f"no figure at {h[0]},{h[1]} to make {flag}")
    if f.get(flag):
        del f[flag]
    else:
        f[flag] = True
    return _done(d)


def make_active(doc: dict, h) -> dict:
    d = _copy(doc)
    f = figure_at(d, h)
    if f is None or f["side"] != "monster":
        raise BadInput(f"no monster at {h[0]},{h[1]} to make active")
    d["active"] = f["id"]
    return _done(d)


def _active_ok(d: dict) -> bool:
    return any(f["id"] == d.get("active") and f["side"] == "monster" for f in d["figures"])


def _pick_active(d: dict) -> None:
    monsters = [f["id"] for f in d["figures"] if f["side"] == "monster"]
    if monsters:
        d["active"] = monsters[0]
    else:
        d.pop("active", None)


def header(doc: dict, line: str) -> dict:
    """A header line of the text format applied: ``move: 3 jump``, ``attack: range 2 targets 2``,
    ``board: frosthaven``, ``active: g``."""
    return _done(tb.apply_header(_copy(doc), line))


def change_move(doc: dict, delta: int) -> dict:
    d = _copy(doc)
    d["action"]["move"] = max(0, min(99, d["action"]["move"] + delta))
    return _done(d)


def toggle_action(doc: dict, flag: str) -> dict:
    """``jump``, ``flying``, ``teleport`` or ``muddled`` on or off."""
    d = _copy(doc)
    d["action"][flag] = not d["action"][flag]
    return _done(d)


def cycle_range(doc: dict) -> dict:
    """melee -> range 2 -> 3 -> 4 -> 5 -> no attack -> melee."""
    d = _copy(doc)
    atk = d["action"]["attack"]
    if atk is None:
        d["action"]["attack"] = {"range": 0, "targets": 1, "area": []}
    elif atk["range"] == 0:
        atk["range"] = 2
    elif atk["range"] >= 5:
        d["action"]["attack"] = None
    else:
        atk["range"] += 1
    return _done(d)


def cycle_targets(doc: dict) -> dict:
    """1 -> 2 -> 3 -> all -> 1 targets."""
    d = _copy(doc)
    atk = d["action"]["attack"]
    if atk is None:
        raise BadInput("no attack: press r for one first")
    atk["targets"] = {1: 2, 2: 3, 3: "all"}.get(atk["targets"], 1)
    return _done(d)


def cycle_rules(doc: dict) -> dict:
    d = _copy(doc)
    names = RULE_SET_NAMES
    d["rules"] = names[(names.index(d["rules"]) + 1) % len(names)] if d["rules"] in names else names[0]
    return _done(d)


@dataclass(frozen=True)
class Answer:
    """What the rules say about a board: the answer dict, or the one-line error (and, for a monster
    with no focus under the default map-edge reading, what the open reading would do)."""

    answer: Optional[dict]
    error: Optional[str]
    hint: str = ""


#: turns a board's ``card:`` (a monster's ability card, type and level) into its move and attack: a
#: function ``doc -> (doc with the action, reasons)`` the caller hands in (the CLI gives
#: ``ghcli.campaign.monster_deck.resolve``, which reads the shipped facts; the editor imports no campaign)
CardResolver = Callable[[dict], tuple]


def solve(doc: dict, resolve_card: Optional[CardResolver] = None) -> Answer:
    """The rules core's answer for the board (or why the rules refuse it)."""
    from ghcli.errors import GhcliError
    from ghcli.rules.board import Board
    from ghcli.rules.monster import decide

    try:
        if "card" in doc:  # the action from the monster's stat card and ability card
            if resolve_card is None:
                return Answer(None, "a board with card: needs the monsters' facts to find its move and attack")
            doc = resolve_card(doc)[0]
        from ghcli.rules.monster import other_reading_hint

        board = Board.from_dict(doc)
        decision = decide(board)
        return Answer(decision.to_dict(), None, other_reading_hint(board, decision))
    except GhcliError as e:
        return Answer(None, str(e))


def answer_lines(ans: Answer) -> list[str]:
    """The answer in words: focus, each option's destination, targets and path, the explanation."""
    if ans.error is not None:
        return [f"error: {ans.error}"]
    a = ans.answer
    out = [f"{a['active']}: focus {', '.join(a['focus']) or 'none'}"]
    several = len(a["options"]) > 1
    for n, o in enumerate(a["options"], 1):
        head = f"option {n}: " if several else ""
        out.append(f"{head}destination {o['destination'][0]},{o['destination'][1]}")
        out.append(f"  targets {', '.join(o['targets']) or 'none'}")
        out.append("  path " + " ".join(f"{q},{r}" for q, r in o["path"]))
    out += [f"- {why}" for why in a["explanation"]]
    if ans.hint:
        out.append(f"- {ans.hint}")
    return out


def save_text(doc: dict, path: str) -> str:
    """The board as it is written to ``path``: JSON when the name ends in .json, else the text format."""
    if path.lower().endswith(".json"):
        import json

        items = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False, separators=(',', ':'))}"
                 for k, v in doc.items()]
        return "{\n" + ",\n".join(items) + "\n}\n"
    return tb.dump(doc)
