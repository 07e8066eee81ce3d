"""`ghcli enhance ...`: enhancement stickers: ``cost`` (what one costs, no campaign needed) and
``apply`` (paying for one and recording it on the class's card).
"""

from __future__ import annotations

import typer

from ghcli.cli.enhance import apply, cost

app = typer.Typer(name="enhance", help="Enhancement stickers: what they cost, and applying them.", no_args_is_help=True)
app.add_typer(cost.app)
app.add_typer(apply.app)
