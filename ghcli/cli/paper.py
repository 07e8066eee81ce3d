"""By-hand commands for a paper campaign (issue 12): added to the noun sub-apps by their modules.

``scenario complete``, ``character give``, ``campaign donations``,
``event deck set`` (and ``character new --retired`` in cli/character.py).
Typer and the standard library only at import time.
"""

from __future__ import annotations

from typing import Optional

import typer

from ghcli.cli import common


def _store():
    from ghcli.cli.core import open_store

    return open_store()


def add_scenario_commands(app: typer.Typer) -> None:
    @app.command("complete")
    def complete_cmd(
        number: str = typer.Argument(..., metavar="N"),
        no_unlocks: bool = typer.Option(False, "--no-unlocks", help="The table already opened what it unlocks."),
        choose: Optional[int] = typer.Option(None, "--choose", metavar="N",
                                             help="The one scenario unlocked where it offers a choice."),
        as_json: bool = common.json_option(),
    ) -> None:
        """Mark a scenario completed by hand (paper campaign): achievements and unlocks, no gold or XP."""
        from ghcli.campaign.exchange import paper

        r = paper.complete_scenario(_store(), number, unlocks=not no_unlocks, choose=choose)
        common.emit(r, as_json, lambda: "\n".join(
            [f"Scenario {r['scenario']} {r['name']} completed."] + [f"  {d}" for d in r["done"][:-1]] + r["notes"]))


def add_character_commands(app: typer.Typer) -> None:
    @app.command("give")
    def give_cmd(
        name: str = typer.Argument(..., metavar="NAME"),
        item: str = typer.Argument(..., metavar="ITEM"),
        not_from_supply: bool = typer.Option(False, "--not-from-supply",
                                             help="The item came from an event or a reward, not the shop."),
        as_json: bool = common.json_option(),
    ) -> None:
        """Give a character an item without paying (from the supply unless --not-from-supply)."""
        from ghcli.campaign.exchange import paper

        r = paper.give_item(_store(), name, item, from_supply=not not_from_supply)
        where = " (one copy fewer in the supply)." if r["from_supply"] else " (the supply is unchanged)."
        common.emit(r, as_json, f"{r['character']} has item {r['item']} {r['name']}{where}")


def add_campaign_commands(app: typer.Typer) -> None:
    from ghcli.cli.core import SIGNED_CONTEXT

    @app.command("donations", context_settings=SIGNED_CONTEXT)
    def donations_cmd(
        gold: str = typer.Argument(..., metavar="+N", help="Gold already given to the Sanctuary (10 per donation)."),
        as_json: bool = common.json_option(),
    ) -> None:
        """Record gold already donated (paper campaign), with the donation track's prosperity marks."""
        from ghcli.campaign.exchange import paper
        from ghcli.cli.core import signed

        r = paper.add_donations(_store(), signed(gold, "the gold donated"))
        common.emit(r, as_json, "; ".join(r["done"]) + ".")


def add_event_commands(app: typer.Typer) -> None:
    deck_app = typer.Typer(help="The event decks' order.", no_args_is_help=True)

    @deck_app.command("set")
    def set_cmd(
        deck: str = typer.Argument(..., metavar="city|road"),
        cards: str = typer.Argument(..., metavar="N,N,...", help="The cards, top first, as the sheet lists them."),
        as_json: bool = common.json_option(),
    ) -> None:
        """Set a deck's order as written on the sheet (top card first)."""
        from ghcli.campaign.exchange import paper

        r = paper.set_event_deck(_store(), deck, cards)
        common.emit(r, as_json, f"{r['deck'].capitalize()} deck: {len(r['cards'])} cards, top first "
                                f"{', '.join(map(str, r['cards']))}.")

    app.add_typer(deck_app, name="deck")
