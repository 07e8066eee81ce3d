"""`ghcli scenario ...`: the noun's parts, each a nameless sub-app joined here: ``available``
(list), ``finish`` (results: finish, played; complete, by hand) and ``setup`` (standees and decks).
"""

from __future__ import annotations

import typer

from ghcli.cli.scenario import available, finish, setup

app = typer.Typer(name="scenario", help="Scenarios: what is available, and results.", no_args_is_help=True)

for _part in (available, finish, setup):
    app.add_typer(_part.app)
