"""`ghcli event draw city|road`, `ghcli event resolve city|road --option A|B ...`, and `ghcli event deck set`
(a deck's order as a paper campaign's sheet lists it)."""

from __future__ import annotations

from typing import List, Optional

import typer

from ghcli.cli import arguments, complete, output, settings

app = typer.Typer(name="event", help="City and road events: draw the top card, record its outcome.",
                  no_args_is_help=True)


@app.command("draw")
def draw(
    deck: str = typer.Argument(..., metavar="city|road", autocompletion=complete.drawable_decks),
    as_json: bool = output.JSON,
) -> None:
    """Draw the top card of the city or road deck (read the physical card)."""
    from ghcli.campaign import events

    result = events.draw(settings.open_store(), deck)
    output.emit(result, as_json, f"{result['deck'].capitalize()} event {result['card']} "
                                 f"({output.counted(result['left'], 'card')} left in the deck). "
                                 "Read it, choose A or B, then "
                                 f"`ghcli event resolve {result['deck']} --option A|B ... --return|--remove`.")


@app.command("resolve")
def resolve(
    deck: str = typer.Argument(..., metavar="city|road", autocompletion=complete.pending_decks),
    option: str = typer.Option(..., "--option", metavar="A|B", help="The option the party chose.",
                               autocompletion=complete.event_options),
    return_: bool = typer.Option(False, "--return", help="The card goes to the bottom of its deck."),
    remove: bool = typer.Option(False, "--remove", help="The card is removed from the game."),
    gold_each: int = typer.Option(0, "--gold-each", metavar="N", help="Gold every character gains (or pays, -N)."),
    gold: Optional[List[str]] = typer.Option(None, "--gold", autocompletion=complete.character_pairs, metavar="NAME=N",
                                             help="Gold one character gains or pays (collective amounts, split)."),
    xp_each: int = typer.Option(0, "--xp-each", metavar="N", help="XP every character gains."),
    xp: Optional[List[str]] = typer.Option(None, "--xp", metavar="NAME=N", help="XP one character gains.",
                                           autocompletion=complete.character_pairs),
    checkmarks_each: int = typer.Option(0, "--checkmarks-each", metavar="N", help="Checkmarks for every character."),
    checkmarks: Optional[List[str]] = typer.Option(None, "--checkmarks", metavar="NAME=N",
                                                   help="Checkmarks for one character.",
                                                   autocompletion=complete.character_pairs),
    reputation: int = typer.Option(0, "--reputation", metavar="N", help="Party reputation +N/-N."),
    prosperity: int = typer.Option(0, "--prosperity", metavar="N", help="Prosperity checkmarks +N/-N."),
    item: Optional[List[str]] = typer.Option(None, "--item", metavar="NAME=ITEM", help="A character gains an item.",
                                             autocompletion=complete.character_items),
    item_design: Optional[List[str]] = typer.Option(None, "--item-design", metavar="ITEM",
                                                    help="An item design joins the shop."),
    achievement: Optional[List[str]] = typer.Option(None, "--achievement", metavar="KEY",
                                                    help="Gain a global or party achievement.",
                                                    autocompletion=complete.achievements_to_gain),
    lose_achievement: Optional[List[str]] = typer.Option(None, "--lose-achievement", metavar="KEY",
                                                         help="Lose a global or party achievement.",
                                                         autocompletion=complete.achievements_held),
    unlock: Optional[List[int]] = typer.Option(None, "--unlock", metavar="N", help="Unlock scenario N."),
    add_event: Optional[List[str]] = typer.Option(None, "--add-event", metavar="city:N|road:N",
                                                  help="Add an event card to a deck (the deck is shuffled)."),
    as_json: bool = output.JSON,
) -> None:
    """Record what the drawn card gave, then return it to the bottom or remove it."""
    from ghcli.campaign import events
    from ghcli.errors import BadInput

    if return_ == remove:
        raise BadInput("say where the card goes: --return (to the bottom) or --remove")
    added = []
    for raw in add_event or []:
        d, sep, n = raw.partition(":")
        if not sep or not n.strip().isdigit():
            raise BadInput(f"--add-event {raw!r}: expected city:N or road:N")
        added.append((d.strip(), int(n)))
    outcome = events.Outcome(
        gold_each=gold_each, gold=arguments.as_dict(arguments.pairs(gold, "--gold"), "--gold"),
        xp_each=xp_each, xp=arguments.as_dict(arguments.pairs(xp, "--xp"), "--xp"),
        checkmarks_each=checkmarks_each,
        checkmarks=arguments.as_dict(arguments.pairs(checkmarks, "--checkmarks"), "--checkmarks"),
        reputation=reputation, prosperity=prosperity,
        items=arguments.pairs(item, "--item", numbers=False), item_designs=list(item_design or []),
        achievements=list(achievement or []), lose_achievements=list(lose_achievement or []),
        unlock_scenarios=list(unlock or []), add_events=added,
    )
    result = events.resolve(settings.open_store(), deck, option, outcome, remove=remove)
    output.emit(result, as_json, lambda: f"{result['deck'].capitalize()} event {result['card']}, "
                                         f"option {result['option']}:\n" + output.lines(result["done"]))


deck_app = typer.Typer(name="deck", help="The event decks' order.", no_args_is_help=True)


@deck_app.command("set")
def set_cmd(
    deck: str = typer.Argument(..., metavar="city|road", autocompletion=complete.event_decks),
    cards: str = typer.Argument(..., metavar="N,N,...", help="The cards, top first, as the sheet lists them."),
    as_json: bool = output.JSON,
) -> None:
    """Set a deck's order as written on the sheet (top card first)."""
    from ghcli.campaign import paper

    r = paper.set_event_deck(settings.open_store(), deck, cards)
    output.emit(r, as_json, f"{r['deck'].capitalize()} deck: {len(r['cards'])} cards, top first "
                            f"{', '.join(map(str, r['cards']))}.")


app.add_typer(deck_app)
