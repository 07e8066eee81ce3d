"""`ghcli enhance apply CHAR --card CARD --action top|bottom` + a sticker (first edition costs)."""

from __future__ import annotations

from typing import Optional

import typer

from ghcli.cli import common, complete

app = typer.Typer()


@app.command("apply")
def apply(
    character: str = complete.character_argument(),
    card: str = typer.Option(..., "--card", help="Ability card (number or name)."),
    action: str = typer.Option(..., "--action", metavar="top|bottom", help="Which action gets the sticker."),
    ability: Optional[str] = typer.Option(None, "--ability", help="A +1 sticker on this ability (move, attack, ...)."),
    effect: Optional[str] = typer.Option(None, "--effect", help="An effect sticker (poison, wound, element, ...)."),
    hexes: Optional[int] = typer.Option(None, "--hex", metavar="N", help="A hex sticker on an area of N hexes."),
    multi: bool = typer.Option(False, "--multi", help="The ability targets several figures."),
    on: Optional[str] = typer.Option(None, "--on", metavar="ABILITY", help="The ability an effect sticker goes on."),
    secondary: bool = typer.Option(False, "--secondary", help="The ability is a secondary (small-print) one."),
    as_json: bool = common.json_option(),
) -> None:
    """Pay for an enhancement sticker and record it on the class's card."""
    from ghcli.campaign import enhancing
    from ghcli.cli.enhance import OPTIONS

    with common.worded(OPTIONS):
        r = enhancing.apply(common.open_store(), character, card, action, ability=ability, effect=effect,
                            hexes=hexes, multi=multi, on=on, secondary=secondary)
    common.emit(r, as_json, f"{r['character']} enhanced {r['card_name']} ({r['action']}) with {r['sticker']} "
                            f"for {r['cost']} gold ({r['gold']} left).")
