"""`ghcli scenario list [--available]`: the unlocked scenarios, each available, completed, locked (why) or
blocked (by which)."""

from __future__ import annotations

import typer

from ghcli.cli import output, settings

app = typer.Typer()


@app.command("list")
def list_cmd(
    available: bool = typer.Option(False, "--available", help="Only the scenarios the party may play now."),
    as_json: bool = output.JSON,
) -> None:
    """Unlocked scenarios: available, completed, locked (why) or blocked (by which)."""
    from ghcli.campaign import scenarios

    rows = scenarios.availability(settings.open_store())
    if available:
        rows = [r for r in rows if r["state"] == "available"]
    output.emit(rows, as_json, lambda: output.table(
        [[r["number"], r["name"], r["location"] or "", r["state"], "; ".join(r["reasons"])] for r in rows],
        ["#", "scenario", "map", "state", "why"]) if rows else "No scenarios.")
