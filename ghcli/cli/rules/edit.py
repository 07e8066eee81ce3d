"""`ghcli rules edit [BOARD]`: type a board in a terminal editor and watch the rules' answer.

Textual is imported here only, inside the command, so no other command's
start-up pays for it. The editor is ``ghcli.editor.app``; its edits are
``ghcli.editor.model``'s.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Optional

import typer

from ghcli.cli import output

app = typer.Typer()


@app.command("edit")
def edit(
    board: Optional[str] = typer.Argument(
        None, metavar="[BOARD]",
        help="Board file to edit (text format, or JSON when it ends in .json); a new one if missing."),
    as_json: bool = output.json_option("When the editor closes, print the board as it was left and the rules' "
                                       "answer as JSON: {board, saved, doc, answer or error}. The editor draws on "
                                       "the terminal, so `rules edit --json > out.json` works."),
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
    from ghcli.editor.app import run  # Textual, only now

    with _terminal():
        from ghcli.campaign.monster_deck import resolve

        code, left = run(doc, board, resolve)
    if left.get("rescued"):
        sys.stderr.write(f"ghcli: the unsaved board was written to {left['rescued']}\n")
    if code:
        raise typer.Exit(code)
    if as_json:  # after the screen is gone: the board as it was left, and the rules' answer
        output.emit(left, True)


def _in_terminal() -> bool:
    """Standard input, output and error are the terminal (Textual reads keys from the first, sizes
    the screen by the second and draws on the third)."""
    return sys.stdin.isatty() and sys.stdout.isatty() and sys.stderr.isatty()


@contextmanager
def _terminal():
    """The editor on the terminal even when standard input, output or error are redirected
    (``rules edit --json > out.json``, as fzf and ``git add -p`` do): while it runs, file
    descriptors 0, 1 and 2 are the controlling terminal (``/dev/tty``), and afterwards they are
    what they were, so the JSON printed once the editor closes goes where standard output was
    sent. No terminal at all: one line of error."""
    # Textual sizes the screen by COLUMNS and LINES when they are set: a stale pair exported by a
    # parent (a test runner, a script) would draw the editor at the wrong size; the terminal knows
    sized = {k: os.environ.pop(k) for k in ("COLUMNS", "LINES") if k in os.environ}
    try:
        with _on_terminal():
            yield
    finally:
        os.environ.update(sized)


@contextmanager
def _on_terminal():
    if _in_terminal():
        yield
        return
    try:
        tty = os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY)
    except OSError:
        from ghcli.errors import BadInput

        raise BadInput("the board editor needs a terminal (there is no /dev/tty)") from None
    sys.stdout.flush()
    sys.stderr.flush()
    saved = [os.dup(fd) for fd in (0, 1, 2)]
    try:
        for fd in (0, 1, 2):
            os.dup2(tty, fd)
        yield
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        for fd, old in zip((0, 1, 2), saved):
            os.dup2(old, fd)
        for fd in (*saved, tty):
            os.close(fd)
