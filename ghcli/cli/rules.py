"""`ghcli rules ...`: questions settled at the table, from ``ghcli.rules`` (no campaign needed).

The sub-app is assembled from sibling modules, each adding its commands:
``rules_board`` (focus, los), ``rules_edit`` (edit: the Textual board
editor), ``rules_pictures`` (board show/convert) and
``rules_table`` (order, attack, level, rest, exhausted, elements).
"""

from __future__ import annotations

import typer

rules_app = typer.Typer(help="Settle rules questions at the table (no campaign needed).", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    from ghcli.cli import rules_board, rules_edit, rules_pictures, rules_table

    rules_board.register(rules_app)
    rules_edit.register(rules_app)
    rules_pictures.register(rules_app)
    rules_table.register(rules_app)
    app.add_typer(rules_app, name="rules")
