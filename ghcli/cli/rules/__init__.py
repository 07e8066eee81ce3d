"""`ghcli rules ...`: questions settled at the table, from ``ghcli.rules`` (no campaign needed).

The sub-app is assembled from sibling modules, each adding its commands:
``rules_board`` (focus, los), ``rules_edit`` (edit: the Textual board
editor), ``rules_pictures`` (board show/convert) and
``rules_table`` (order, attack, level, rest, exhausted, elements).
"""

from __future__ import annotations

import typer

app = typer.Typer(name="rules", help="Settle rules questions at the table (no campaign needed).", no_args_is_help=True)

from ghcli.cli import rules_board, rules_edit, rules_pictures, rules_table  # noqa: E402  (their commands join this app)

for _part in (rules_board, rules_edit, rules_pictures, rules_table):
    app.add_typer(_part.app)
