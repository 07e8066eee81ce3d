"""`ghcli rules ...`: questions settled at the table, from ``ghcli.rules`` (no campaign needed).

The noun's parts, each a nameless sub-app joined here: ``board`` (focus, los),
``edit`` (the Textual board editor), ``pictures`` (board show/convert),
``attack`` (attack modifier draws and damage) and ``rounds`` (order, level,
rest, exhausted, elements).
"""

from __future__ import annotations

import typer

from ghcli.cli.rules import attack, board, edit, pictures, rounds

app = typer.Typer(name="rules", help="Settle rules questions at the table (no campaign needed).", no_args_is_help=True)

for _part in (board, edit, pictures, attack, rounds):
    app.add_typer(_part.app)
