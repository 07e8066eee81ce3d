"""`ghcli scenario ...`: list (issue 2) and finish (issue 3, in scenario_finish.py)."""

from __future__ import annotations

import typer

from ghcli.cli import output, settings

app = typer.Typer(name="scenario", help="Scenarios: what is available, and results.", no_args_is_help=True)


@app.command("list")
def list_cmd(
    available: bool = typer.Option(False, "--available", help="Only the scenarios the party may play now."),
    as_json: bool = output.json_option(),
) -> None:
    """Unlocked scenarios: available, completed, locked (why) or blocked (by which)."""
    from ghcli.campaign import scenarios

    rows = scenarios.availability(settings.open_store())
    if available:
        rows = [r for r in rows if r["state"] == "available"]
    output.emit(rows, as_json, lambda: output.table(
        [[r["number"], r["name"], r["location"] or "", r["state"], "; ".join(r["reasons"])] for r in rows],
        ["#", "scenario", "map", "state", "why"]) if rows else "No scenarios.")


from ghcli.cli import paper, scenario_finish, scenario_setup  # noqa: E402  (their commands join this app)

app.add_typer(scenario_finish.app)
app.add_typer(scenario_setup.app)
app.add_typer(paper.scenario_app)
