"""Top-level `ghcli travel N` and `ghcli return`, and helpers the other between-sessions commands share."""

from __future__ import annotations

from typing import Optional

import typer

from ghcli.cli import common
from ghcli.cli.core import open_store  # noqa: F401  (the town, event and scenario commands use it from here)


def pairs(values: Optional[list[str]], option: str, *, numbers: bool = True) -> list[tuple[str, object]]:
    """Parse repeatable NAME=VALUE options; VALUE is an int (possibly signed) when numbers."""
    from ghcli.errors import BadInput

    out = []
    for raw in values or []:
        name, sep, value = raw.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise BadInput(f"{option} {raw!r}: expected NAME=VALUE")
        if numbers:
            try:
                out.append((name.strip(), int(value.strip())))
            except ValueError:
                raise BadInput(f"{option} {raw!r}: {value.strip()!r} is not a whole number") from None
        else:
            out.append((name.strip(), value.strip()))
    return out


def as_dict(items: list[tuple[str, object]], option: str) -> dict:
    from ghcli.errors import BadInput

    seen: dict[str, object] = {}
    for name, value in items:
        if name.lower() in (k.lower() for k in seen):
            raise BadInput(f"{option} names {name} twice")
        seen[name] = value
    return seen


def lines(done: list[str]) -> str:
    return "\n".join(done)


def register(app: typer.Typer) -> None:
    @app.command("travel")
    def travel(
        scenario: str = typer.Argument(..., help="Scenario number (or name)."),
        replay: bool = typer.Option(False, "--replay", help="Play a completed scenario again (as casual play)."),
        casual: bool = typer.Option(False, "--casual", help="Casual play: no requirements, road event or rewards."),
        as_json: bool = common.json_option(),
    ) -> None:
        """Travel to a scenario; says whether a road event is due."""
        from ghcli.campaign import road

        result = road.travel(open_store(), scenario, replay=replay, casual=casual)

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

        result = road.return_to_town(open_store())
        common.emit(result, as_json, f"The party is back in Gloomhaven from scenario {result['from_scenario']}.")
