"""`ghcli rules focus` and `ghcli rules los`: a monster's turn and line of sight on a described board.

BOARD is a file or ``-`` (standard input), in JSON (board format 1) or the
text format of ``ghcli.boards.textboard``. The rules live in
``ghcli.rules.monster`` and ``ghcli.rules.los``; this module parses, calls,
formats.
"""

# No `from __future__ import annotations`: typer reads these annotations on every run, and as strings
# it would compile and evaluate each (docs/shell.md: Start-up speed).
import sys
from typing import List, Optional

import typer

from ghcli.cli import files, output
from ghcli.cli.shown import json_text

# Decimals kept of the real coordinates of a sight line in `rules los` output (format 1's geometry).
LINE_DECIMALS = 4


app = typer.Typer()


def _load(path: str, readings: dict | None = None):
    """(document dict, Board) of a board file or '-', with the command line's readings."""
    from ghcli.cli import board_input

    return board_input.load(path, readings)


def _load_why(path: str, readings: dict | None = None):
    """(document dict, Board, the lines saying where its action came from) of a board file or '-'."""
    from ghcli.cli import board_input

    return board_input.load_why(path, readings)


def _map_edge_option():
    return typer.Option(
        None, "--map-edge", metavar="wall|open",
        help="Gloomhaven's sight at the map's outline: wall (default: the outline is a wall, a line touching "
             "it is blocked) or open (the wall begins at the edge; neighbours always see each other). "
             "Overrides the board's readings.")


def _proximity_option():
    return typer.Option(
        None, "--proximity", metavar="around-walls|straight",
        help="Proximity counted around walls (default) or straight across them. Overrides the board's readings.")


def _hex_arg(text: str, option: str, doc: dict):
    from ghcli.cli import board_input

    return board_input.hex_arg(text, option, doc)


def _focus_text(doc: dict, answer: dict) -> str:
    from ghcli.boards.ascii import picture

    lines = []
    focus = ", ".join(answer["focus"]) or "none (the monster neither moves nor attacks)"
    lines.append(f"{answer['active']}: focus {focus}")
    rows = [
        [o["focus"] or "-", f"[{o['destination'][0]}, {o['destination'][1]}]", ", ".join(o["targets"]) or "-",
         " ".join(f"[{q},{r}]" for q, r in o["path"])]
        for o in answer["options"]
    ]
    if rows:
        lines.append(output.table(rows, ["focus", "destination", "targets", "path"]))
    pic = picture(doc, answer=answer)
    if pic:
        lines.append(pic)
    lines.extend(f"- {why}" for why in answer["explanation"])
    return "\n".join(lines)


@app.command("focus")
def focus(
    boards: List[str] = typer.Argument(..., metavar="BOARD...",
                                       help="Board files (JSON or text format), '-' for stdin."),
    as_json: bool = output.json_option("Print the answer object (several boards: one JSON object per line)."),
    svg: Optional[str] = typer.Option(None, "--svg", metavar="FILE", help="Also write an SVG picture ('-': stdout)."),
    check: Optional[str] = typer.Option(
        None, "--check", metavar="DEST[:TARGET,...]",
        help="Is this move one of the rules' options? DEST and TARGETs as Q,R or figure ids/labels "
             "(exit 0 either way)."),
    map_edge: Optional[str] = _map_edge_option(),
    proximity: Optional[str] = _proximity_option(),
    why: bool = typer.Option(False, "--why", help="Also say where the monster's move and attack came from "
                             "(a board with card:: the stat card and the ability card)."),
) -> None:
    """Where the active monster moves and whom it attacks, with every players' choice.

    Example: ghcli rules focus board.txt --check 3,0:s
    """
    from ghcli.errors import BadInput
    from ghcli.rules.monster import decide

    readings = {"map_edge": map_edge, "proximity": proximity}
    if svg is not None and len(boards) != 1:
        raise BadInput("--svg takes exactly one BOARD")
    if check is not None:
        if len(boards) != 1:
            raise BadInput("--check takes exactly one BOARD")
        _check(boards[0], check, as_json, readings)
        return
    if boards.count("-") > 1:
        raise BadInput("standard input ('-') can be read only once")
    loaded_why = [_load_why(p, readings) for p in boards]  # validate every board before printing anything
    loaded = [(doc, board) for doc, board, _ in loaded_why]
    whys = [lines for _, _, lines in loaded_why]
    decisions = [decide(board) for _, board in loaded]
    answers = [d.to_dict() for d in decisions]
    if why:  # the answer object, plus where the action came from
        answers = [dict(a, action=doc["action"], action_from=lines) for a, (doc, _), lines
                   in zip(answers, loaded, whys)]
    if svg is not None:
        from ghcli.boards.svg import svg as draw

        files.write_text(svg, draw(loaded[0][0], answer=answers[0]))
    if as_json:
        if len(answers) == 1:
            output.emit(answers[0], True)
        else:
            for a in answers:
                sys.stdout.write(json_text(a, indent=None) + "\n")
        return
    from ghcli.rules.monster import other_reading_hint

    texts = []
    for path, (doc, board), decision, answer, lines in zip(boards, loaded, decisions, answers, whys):
        text = _focus_text(doc, answer)
        hint = other_reading_hint(board, decision)
        if hint:
            text += f"\n- {hint}"
        if lines and why:
            text += "\n" + "\n".join(f"- {line}" for line in lines)
        elif lines:
            text += f"\n- {lines[0]} (--why: how)"
        texts.append(f"== {path}\n{text}" if len(boards) > 1 else text)
    output.echo("\n\n".join(texts))


def _check(path: str, spec: str, as_json: bool, readings: dict | None = None) -> None:
    from ghcli.cli import board_input
    from ghcli.errors import BadInput
    from ghcli.rules.check import check
    from ghcli.rules.monster import decide

    doc, board = _load(path, readings)
    dest_text, sep, targets_text = spec.partition(":")
    if not dest_text.strip():
        raise BadInput(f"--check needs DEST[:TARGET,...], not {spec!r}")
    dest = _hex_arg(dest_text.strip(), "--check's destination", doc)
    targets = None
    if sep:
        targets = []
        for word in _target_words(targets_text):
            f = board_input.figure_named(word, doc)
            if f is None:
                h = _hex_arg(word, "--check's target", doc)
                f = next((x for x in board.figures if x.at == h), None)
                if f is None:
                    raise BadInput(f"--check's target {word!r}: no figure stands on {h.q},{h.r}")
                targets.append(f.id)
            else:
                targets.append(f["id"])
    verdict = check(board, decide(board), dest, targets).to_dict()
    output.emit(verdict, as_json, lambda: _verdict_text(verdict))


def _target_words(text: str) -> list[str]:
    """TARGET,TARGET,... where a target is an id, a label or Q,R (two numbers joined back together)."""
    words = [w.strip() for w in text.split(",") if w.strip()]
    out: list[str] = []
    k = 0
    while k < len(words):
        if k + 1 < len(words) and all(w.lstrip("-").isdigit() for w in words[k:k + 2]):
            out.append(f"{words[k]},{words[k + 1]}")
            k += 2
        else:
            out.append(words[k])
            k += 1
    return out


def _verdict_text(verdict: dict) -> str:
    lines = [verdict["reason"]]
    if not verdict["legal"]:
        for n, o in enumerate(verdict["options"], 1):
            head = f"option {n}" if len(verdict["options"]) > 1 else "the rules"
            targets = ", ".join(o["targets"]) or "nobody"
            lines.append(f"{head}: focus {o['focus'] or '-'}, ends at {o['destination'][0]},{o['destination'][1]}, "
                         f"attacks {targets}")
    return "\n".join(lines)


@app.command("los")
def los(
    board: str = typer.Argument(..., metavar="BOARD", help="Board file (JSON or text format), '-' for stdin."),
    from_: str = typer.Option(..., "--from", metavar="HEX", help="The hex looking: Q,R or a figure's id or label."),
    to: Optional[str] = typer.Option(None, "--to", metavar="HEX",
                                     help="The hex looked at (Q,R, id or label; else list every visible hex)."),
    as_json: bool = output.JSON,
    svg: Optional[str] = typer.Option(None, "--svg", metavar="FILE", help="Also write an SVG picture ('-': stdout)."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Also print the line's coordinates."),
    map_edge: Optional[str] = _map_edge_option(),
) -> None:
    """Whether one hex sees another (or every hex one hex sees), by the board's rule set.

    The same sight the monster's turn uses (`rules focus`): neighbours included.
    """
    from ghcli.errors import BadInput
    from ghcli.rules.los import sight_for

    doc, b = _load(board, {"map_edge": map_edge})
    a = _hex_arg(from_, "--from", doc)
    if a not in b.hexes:
        raise BadInput(f"--from {list(a)} is not on the map")
    sight = sight_for(b)
    if to is None:
        seen = [[h.q, h.r] for h in sight.visible_from(a) if h != a]
        data = {"from": [a.q, a.r], "visible": seen}
        if svg is not None:
            from ghcli.boards.svg import svg as draw

            files.write_text(svg, draw(doc, los=data))
        output.emit(data, as_json, lambda: _visible_text(doc, data, b.rules) + _open_hint(b, a))
        return
    t = _hex_arg(to, "--to", doc)
    if t not in b.hexes:
        raise BadInput(f"--to {list(t)} is not on the map")
    full = sight.explain(a, t)
    full["line"] = _rounded(full["line"])
    full["blocked_line"] = _rounded(full["blocked_line"])
    full["blocked_by"] = _rounded(full["blocked_by"])
    if svg is not None:
        from ghcli.boards.svg import svg as draw

        files.write_text(svg, draw(doc, los=full))
    keys = ("visible", "line", "from", "to", "wall", "off_map", "blocked_line", "blocked_by", "touch")
    data = {k: full[k] for k in keys}
    output.emit(data, as_json, lambda: _los_text(doc, full, b.rules, verbose) + _open_hint(b, a, t))


def _open_hint(b, a, t=None) -> str:
    """Under Gloomhaven's default map-edge reading, what the open one would say, when it differs
    (a line for the players: the reading is theirs to choose)."""
    from ghcli.rules.los import Sight, sight_for

    if b.rules != "gloomhaven" or dict(b.readings).get("map_edge", "wall") != "wall":
        return ""
    mine = sight_for(b)
    if t is not None:  # neighbours with no thin wall between them, not seeing each other
        neighbours = t in b.links.get(a, ())
        if neighbours and not mine.visible(a, t):
            return ("\n(with --map-edge open, where a line may touch the map's outline and neighbours always "
                    "see each other, it is visible)")
        return ""
    if len(mine.visible_from(a)) > 1:
        return ""  # it sees something: the reading is said by --map-edge, not pressed here
    other = Sight(b.hexes, b.walls, b.rules, b.grid, map_edge="open")
    there = len(other.visible_from(a)) - 1
    return f"\n(with --map-edge open, where a line may touch the map's outline, it sees {there})" if there else ""


def _rounded(line):
    if line is None:
        return None
    return [[round(x, LINE_DECIMALS), round(y, LINE_DECIMALS)] for x, y in line]


def _hex_name(h) -> str:
    return f"{h[0]},{h[1]}"


def _los_text(doc: dict, full: dict, rules: str, verbose: bool = False) -> str:
    """The answer in words (hexes, and the wall that blocks), the coordinates of the
    line only with ``verbose``, then the picture."""
    from ghcli.boards.ascii import picture

    a, t = _hex_name(full["from"]), _hex_name(full["to"])
    rule = "corner to corner" if rules == "gloomhaven" else "any point to any point"
    if rules == "gloomhaven" and (doc.get("readings") or {}).get("map_edge") == "open":
        rule += ", map edge open"
    lines = []
    if full["visible"]:
        lines.append(f"{a} sees {t} ({rules}: {rule}).")
        if verbose and full["line"]:
            (x1, y1), (x2, y2) = full["line"]
            lines.append(f"a clear line: ({x1}, {y1}) to ({x2}, {y2})")
    else:
        why = ""
        if full["wall"]:
            h1, h2 = (_hex_name(h) for h in full["wall"])
            edge = f" ({h2} is off the map)" if full["off_map"] else ""
            wall = f"the wall between {h1} and {h2}{edge}"
            touch = full.get("touch")
            if touch == "end":
                why = f": every line touches a wall; the nearest to clear touches the end of {wall}"
            elif touch == "along":
                why = f": every line touches a wall; the nearest to clear runs along {wall}"
            else:
                why = f": blocked by {wall}"
        lines.append(f"{a} does not see {t} ({rules}: {rule}){why}.")
        if verbose and full["blocked_line"]:
            (x1, y1), (x2, y2) = full["blocked_line"]
            (w1, v1), (w2, v2) = full["blocked_by"]
            lines.append(f"nearest line ({x1}, {y1}) to ({x2}, {y2}) touches the wall ({w1}, {v1})-({w2}, {v2})")
    pic = picture(doc, los=full)
    if pic:
        lines.append(pic)
    return "\n".join(lines)


def _visible_text(doc: dict, data: dict, rules: str) -> str:
    a = data["from"]
    rule = "corner to corner" if rules == "gloomhaven" else "any point to any point"
    if rules == "gloomhaven" and (doc.get("readings") or {}).get("map_edge") == "open":
        rule += ", map edge open"
    cells = " ".join(f"[{q},{r}]" for q, r in data["visible"])
    if not cells:
        return f"[{a[0]}, {a[1]}] sees no other hex ({rules}: {rule})."
    return f"[{a[0]}, {a[1]}] sees {output.counted(len(data['visible']), 'hex', 'hexes')} ({rules}: {rule}): {cells}"
