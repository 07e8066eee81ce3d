"""Top-level `ghcli travel N` and `ghcli return`."""

from __future__ import annotations

import typer

from ghcli.cli import common, complete

app = typer.Typer()


@app.command("travel")
def travel(
    scenario: str = typer.Argument(..., help="Scenario number (or name).", autocompletion=complete.scenarios),
    replay: bool = typer.Option(False, "--replay", help="Play a completed scenario again (as casual play)."),
    casual: bool = typer.Option(False, "--casual", help="Casual play: no requirements, road event or rewards."),
    as_json: bool = common.json_option(),
) -> None:
    """Travel to a scenario; says whether a road event is due."""
    from ghcli.campaign import road

    result = road.travel(common.open_store(), scenario, replay=replay, casual=casual)

    def text() -> str:
        head = f"The party travels from {result['from']} to scenario {result['scenario']} {result['name']}."
        if result["road_event_due"]:
            return head + "\nA road event is due: `ghcli event draw road`."
        return head + f"\nNo road event ({result['reason']})."

    common.emit(result, as_json, text)


@app.command("return")
def return_(as_json: bool = common.json_option()) -> None:
    """Return to Gloomhaven: a town visit opens."""
    from ghcli.campaign import road

    result = road.return_to_town(common.open_store())
    common.emit(result, as_json, f"The party is back in Gloomhaven from scenario {result['from_scenario']}.")
