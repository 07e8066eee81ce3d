"""`ghcli rules edit [BOARD]`: type a board in a terminal editor and watch the rules' answer.

Textual is imported here only, inside the command, so no other command's
start-up pays for it. The editor is ``ghcli.editor.app``; its edits are
``ghcli.editor.model``'s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from ghcli.cli import common

app = typer.Typer()


@app.command("edit")
def edit(
    board: Optional[str] = typer.Argument(
        None, metavar="[BOARD]",
        help="Board file to edit (text format, or JSON when it ends in .json); a new one if missing."),
    as_json: bool = typer.Option(False, "--json", help="When the editor closes, print the board as it was left and "
                                 "the rules' answer as JSON: {board, saved, doc, answer or error}."),
) -> None:
    """Edit a board in the terminal, with the monster's answer recomputed after every key.

    Example: ghcli rules edit proximity.txt   (s saves, q quits, u undoes)
    """
    from ghcli.cli import board_input
    from ghcli.editor import model
    from ghcli.errors import BadInput
    from ghcli.boards import textboard
    from ghcli.rules.board import validate

    if board == "-":
        raise BadInput("the editor needs a file name, not standard input ('-')")
    if board is not None and Path(board).is_dir():
        raise BadInput(f"{board} is a directory, not a board file")
    if board is not None and Path(board).exists():
        doc = board_input.load_doc(board)
        board_input.named(board, lambda: validate(doc))
        doc = board_input.named(board, lambda: textboard.canonical(doc))
    else:
        doc = model.new_board()
    if not _in_terminal():
        raise BadInput("the board editor needs a terminal (standard input and output are not one)")
    from ghcli.editor.app import run  # Textual, only now

    code, left = run(doc, board)
    if code:
        raise typer.Exit(code)
    if as_json:  # after the screen is gone: the board as it was left, and the rules' answer
        common.emit(left, True)


def _in_terminal() -> bool:
    """Standard input and output are a terminal (the editor draws and reads keys there)."""
    return sys.stdin.isatty() and sys.stdout.isatty()
