"""Top-level `ghcli travel N` and `ghcli return`."""

from __future__ import annotations

import typer

from ghcli.cli import complete, failures, output, settings

app = typer.Typer()


@app.command("travel")
def travel(
    scenario: str = typer.Argument(..., help="Scenario number (or name).", autocompletion=complete.scenarios),
    replay: bool = typer.Option(False, "--replay", help="Play a completed scenario again (as casual play)."),
    casual: bool = typer.Option(False, "--casual", help="Casual play: no requirements, road event or rewards."),
    yes: bool = typer.Option(False, "--yes", "-y",
                             help="Leave town without this visit's city event, without asking."),
    as_json: bool = output.JSON,
) -> None:
    """Travel to a scenario; says whether a road event is due.

    From town, a city event not drawn on this visit is asked about (leave without it?; refused
    when nobody can answer: standard input not a terminal, or --json), and a personal quest
    not kept is named; --yes leaves without asking.
    """
    from ghcli.campaign import due, road

    store = settings.open_store()
    passed = [] if casual or replay else due.before_leaving_town(store)
    if passed:
        road.check_travel(store, scenario, replay=replay, casual=casual)  # a refusal comes before a question
        city = next((d for d in passed if d["step"] == "city-event"), None)
        if city and not yes:
            import sys

            skip = f"`ghcli travel {scenario} --yes` leaves without it"
            if as_json or not sys.stdin.isatty():  # nobody to ask: a script says --yes
                failures.fail(f"not travelled: {city['text']} (`{city['command']}` first, or {skip})")
            typer.echo(f"This visit's city event is not drawn yet (`{city['command']}`).", err=True)
            output.confirm(f"Travel to scenario {scenario} without it?",
                           declined=f"not travelled: {city['text']} (`{city['command']}` first)")
    result = road.travel(store, scenario, replay=replay, casual=casual)
    for d in passed:
        if d["step"] != "city-event":  # said once the party is on its way
            typer.echo(f"note: {d['text']} (`{d['command']}`)", err=True)

    def text() -> str:
        head = f"The party travels from {result['from']} to scenario {result['scenario']} {result['name']}."
        if result["road_event_due"]:
            return head + "\nA road event is due: `ghcli event draw road`."
        return head + f"\nNo road event ({result['reason']})."

    output.emit(result, as_json, text)


@app.command("return")
def return_(as_json: bool = output.JSON) -> None:
    """Return to Gloomhaven: a town visit opens."""
    from ghcli.campaign import road

    result = road.return_to_town(settings.open_store())
    output.emit(result, as_json, f"The party is back in Gloomhaven from scenario {result['from_scenario']}.")
