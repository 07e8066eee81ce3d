"""`ghcli rules board show|convert`: look at a typed board, and convert it between JSON and text.

BOARD is a file or ``-`` (standard input), in JSON (board format 1) or the
text format of ``ghcli.boards.textboard``. ``show`` validates the board
(``ghcli.rules.board``) and prints its ASCII picture and a short summary;
``convert`` only converts (a board the rules would refuse converts too, so
it can be fixed in the other format).
"""

from __future__ import annotations

from typing import Optional

import typer

from ghcli.cli import files, output

board_app = typer.Typer(help="Check a typed board (picture, summary) and convert it between JSON and text.",
                        no_args_is_help=True)

app = typer.Typer()
app.add_typer(board_app, name="board")


def summary(doc: dict) -> dict:
    """What the board says, in a few numbers and the figure list."""
    from ghcli.boards import textboard

    d = textboard.canonical(doc)
    figures = []
    for f in d["figures"]:
        row = {"id": f["id"], "side": f["side"], "at": f["at"]}
        if "initiative" in f:
            row["initiative"] = f["initiative"]
        flags = [k for k in ("elite", "invisible") if f.get(k)]
        if flags:
            row["flags"] = flags
        figures.append(row)
    return {
        "rules": d["rules"],
        "orientation": d["orientation"],
        "hexes": len(d["hexes"]),
        "terrain": {k: len(v) for k, v in d["terrain"].items() if v},
        "walls": len(d["walls"]),
        "figures": figures,
        "active": d.get("active"),
        "action": d.get("action"),
    }


def _action_text(action: Optional[dict]) -> str:
    if not action:
        return "no action"
    parts = [f"move {action.get('move') or 0}"]
    parts += [flag for flag in ("jump", "flying", "teleport") if action.get(flag)]
    atk = action.get("attack")
    if atk is None:
        parts.append("no attack")
    else:
        kind = "melee attack" if not atk.get("range") else f"ranged attack, range {atk['range']}"
        targets = atk.get("targets", 1)
        kind += f", {targets} targets" if targets != 1 else ", 1 target"
        if atk.get("area"):
            kind += f", area of {output.counted(len(atk['area']), 'hex', 'hexes')}"
        parts.append(kind)
    if action.get("muddled"):
        parts.append("muddled")
    return ", ".join(parts)


def summary_text(s: dict) -> str:
    terrain = ", ".join(f"{n} {k}" for k, n in s["terrain"].items()) or "no terrain"
    flags = any(f.get("flags") for f in s["figures"])
    rows = []
    for f in s["figures"]:
        row = [f["id"], f["side"], f"{f['at'][0]},{f['at'][1]}", f.get("initiative", "")]
        rows.append(row + [" ".join(f.get("flags", []))] if flags else row)
    headers = ["figure", "side", "at", "initiative"] + (["flags"] if flags else [])
    lines = [
        f"{s['rules']} rules, {s['orientation']} orientation: {output.counted(s['hexes'], 'hex', 'hexes')}, "
        f"{output.counted(s['walls'], 'thin wall')}, {terrain}",
        f"active: {s['active']}: {_action_text(s['action'])}",
        "",
        output.table(rows, headers=headers),
    ]
    return "\n".join(lines)


@board_app.command("show")
def show(
    board: str = typer.Argument(..., help="Board file (JSON format 1 or text), or - for standard input."),
    svg_file: Optional[str] = typer.Option(
        None, "--svg", metavar="FILE",
        help="Also write an SVG picture to FILE (- for standard output, instead of the text)."),
    as_json: bool = output.json_option("Print the summary as JSON."),
) -> None:
    """Check a board: its ASCII picture and a short summary (validates it first)."""
    from ghcli.boards.ascii import picture

    from ghcli.cli import board_input

    doc, _ = board_input.load(board)
    if svg_file is not None:
        from ghcli.boards.svg import svg

        files.write_text(svg_file, svg(doc))
        if files.standard_output(svg_file):  # the picture alone on standard output
            return
    s = summary(doc)
    output.emit(s, as_json, lambda: picture(doc) + "\n\n" + summary_text(s))


@board_app.command("convert")
def convert(
    board: str = typer.Argument(..., help="Board file (JSON format 1 or text), or - for standard input."),
    to: Optional[str] = typer.Option(None, "--to", help="json or text (default: the other one)."),
    output_file: Optional[str] = typer.Option(None, "-o", "--output", metavar="FILE",
                                              help="Write to FILE instead of standard output."),
    as_json: bool = output.json_option("Print {format, output} as JSON (without -o, also the converted board: "
                                       "the format-1 object, or the text as one string)."),
) -> None:
    """Convert a board between JSON (format 1) and the text format, losslessly."""
    from ghcli.errors import BadInput
    from ghcli.boards import textboard

    from ghcli.cli import board_input

    raw = board_input.read(board)
    doc = board_input.load_doc_text(board, raw)
    if to is None:
        to = "json" if textboard.is_text(raw) else "text"
    if to == "text":
        out = board_input.named(board, lambda: textboard.dump(doc))
    elif to == "json":
        out = board_input.named(board, lambda: json_text(textboard.canonical(doc)))
    else:
        raise BadInput(f"--to must be json or text, not {to!r}")
    if not as_json:
        files.write_text(output_file or "-", out)
        return
    result: dict = {"format": to, "output": output_file or "-"}
    if output_file:
        files.write_text(output_file, out)
    else:
        import json

        result["board"] = json.loads(out) if to == "json" else out
    output.emit(result, True)


def json_text(doc: dict) -> str:
    """A board as JSON, one top-level key per line (hex lists stay on one line)."""
    import json

    def dumps(v) -> str:  # letters as they are; a control character or bidi override as \uXXXX
        text = json.dumps(v, ensure_ascii=False, separators=(",", ":"))
        return text if text.isprintable() else json.dumps(v, separators=(",", ":"))

    items = [f"  {json.dumps(k)}: {dumps(v)}" for k, v in doc.items()]
    return "{\n" + ",\n".join(items) + "\n}\n"
