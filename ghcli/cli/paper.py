"""By-hand commands for a paper campaign (issue 12): parts that join the noun sub-apps.

``scenario complete``, ``character give``, ``campaign donations``,
``event deck set`` (and ``character new --retired`` in cli/character.py).
Typer and the standard library only at import time.
"""

from __future__ import annotations

from typing import Optional

import typer

from ghcli.cli import arguments, complete, output, settings

scenario_app = typer.Typer()


@scenario_app.command("complete")
def complete_cmd(
    number: str = typer.Argument(..., metavar="N", autocompletion=complete.scenarios_to_complete),
    no_unlocks: bool = typer.Option(False, "--no-unlocks", help="The table already opened what it unlocks."),
    choose: Optional[int] = typer.Option(None, "--choose", metavar="N",
                                         help="The one scenario unlocked where it offers a choice."),
    as_json: bool = output.json_option(),
) -> None:
    """Mark a scenario completed by hand (paper campaign): achievements and unlocks, no gold or XP."""
    from ghcli.campaign.exchange import paper

    r = paper.complete_scenario(settings.open_store(), number, unlocks=not no_unlocks, choose=choose)
    output.emit(r, as_json, lambda: "\n".join(
        [f"Scenario {r['scenario']} {r['name']} completed."] + [f"  {d}" for d in r["done"][:-1]] + r["notes"]))


character_app = typer.Typer()


@character_app.command("give")
def give_cmd(
    name: str = typer.Argument(..., metavar="NAME", autocompletion=complete.party_characters),
    item: str = typer.Argument(..., metavar="ITEM", autocompletion=complete.shop_items),
    not_from_supply: bool = typer.Option(False, "--not-from-supply",
                                         help="The item came from an event or a reward, not the shop."),
    as_json: bool = output.json_option(),
) -> None:
    """Give a character an item without paying (from the supply unless --not-from-supply)."""
    from ghcli.campaign.exchange import paper

    r = paper.give_item(settings.open_store(), name, item, from_supply=not not_from_supply)
    where = " (one copy fewer in the supply)." if r["from_supply"] else " (the supply is unchanged)."
    output.emit(r, as_json, f"{r['character']} has item {r['item']} {r['name']}{where}")


campaign_app = typer.Typer()


@campaign_app.command("donations", context_settings=arguments.SIGNED_CONTEXT)
def donations_cmd(
    gold: str = typer.Argument(..., metavar="+N", help="Gold already given to the Sanctuary (10 per donation)."),
    as_json: bool = output.json_option(),
) -> None:
    """Record gold already donated (paper campaign), with the donation track's prosperity marks."""
    from ghcli.campaign.exchange import paper

    r = paper.add_donations(settings.open_store(), arguments.signed(gold, "the gold donated"))
    output.emit(r, as_json, "; ".join(r["done"]) + ".")


deck_app = typer.Typer(name="deck", help="The event decks' order.", no_args_is_help=True)


@deck_app.command("set")
def set_cmd(
    deck: str = typer.Argument(..., metavar="city|road", autocompletion=complete.event_decks),
    cards: str = typer.Argument(..., metavar="N,N,...", help="The cards, top first, as the sheet lists them."),
    as_json: bool = output.json_option(),
) -> None:
    """Set a deck's order as written on the sheet (top card first)."""
    from ghcli.campaign.exchange import paper

    r = paper.set_event_deck(settings.open_store(), deck, cards)
    output.emit(r, as_json, f"{r['deck'].capitalize()} deck: {len(r['cards'])} cards, top first "
                            f"{', '.join(map(str, r['cards']))}.")


event_app = typer.Typer()
event_app.add_typer(deck_app)
