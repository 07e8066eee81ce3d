"""`ghcli scenario ...`: list (issue 2) and finish (issue 3, in scenario_finish.py)."""

from __future__ import annotations

import typer

scenario_app = typer.Typer(help="Scenarios: what is available, and results.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    from ghcli.cli import scenario_finish

    scenario_finish.register(scenario_app)
    app.add_typer(scenario_app, name="scenario")
