"""`ghcli enhance ...`: cost (issue 4, no campaign) and apply (issue 3, in enhance_apply.py)."""

from __future__ import annotations

import typer

enhance_app = typer.Typer(help="Enhancement stickers: what they cost, and applying them.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    from ghcli.cli import enhance_apply

    enhance_apply.register(enhance_app)
    app.add_typer(enhance_app, name="enhance")
