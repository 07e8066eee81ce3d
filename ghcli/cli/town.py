"""Town commands: `shop`, `buy`, `sell`, `level-up`, `perk`, `donate`, `retire` (top level)."""

from __future__ import annotations

import typer

from ghcli.cli import complete, output, settings

app = typer.Typer()


@app.command("shop")
def shop(as_json: bool = output.JSON) -> None:
    """The shop's supply: copies left and prices with the reputation modifier."""
    from ghcli.campaign import town

    result = town.shop(settings.open_store())

    def text() -> str:
        head = (f"Reputation {result['reputation']:+d}: prices {result['modifier']:+d} gold."
                if result["reputation"] is not None else "Prices: the printed cost.")
        rows = [[i["number"], i["name"] + (" (design)" if i["design"] else ""), i["slot"], i["cost"],
                 i["price"], i["copies"]] for i in result["items"]]
        if not rows:  # Jaws of the Lion before scenario 2: no item is in the supply yet
            return head + "\nThe supply holds no items yet: scenario rewards add them."
        return head + "\n" + output.table(rows, ["#", "item", "slot", "cost", "price", "copies"])

    output.emit(result, as_json, text)


@app.command("buy")
def buy(character: str = complete.character_argument(), item: str = complete.item_argument(),
        as_json: bool = output.JSON) -> None:
    """A character buys an item from the supply."""
    from ghcli.campaign import town

    r = town.buy(settings.open_store(), character, item)
    output.emit(r, as_json, f"{r['character']} bought {r['name']} for {r['price']} gold ({r['gold']} left).")


@app.command("sell")
def sell(character: str = complete.character_argument(), item: str = complete.item_argument(complete.held_items),
         as_json: bool = output.JSON) -> None:
    """A character sells an item for half its cost; it goes back to the supply."""
    from ghcli.campaign import town

    r = town.sell(settings.open_store(), character, item)
    output.emit(r, as_json, f"{r['character']} sold {r['name']} for {r['price']} gold ({r['gold']} now).")


@app.command("level-up")
def level_up(
    character: str = complete.character_argument(),
    card: str = typer.Option(..., "--card", help="The new ability card (number or name).",
                             autocompletion=complete.level_up_cards),
    perk: int = typer.Option(..., "--perk", help="The perk to take (its number on the class's list).",
                             autocompletion=complete.perks),
    as_json: bool = output.JSON,
) -> None:
    """Level a character up in town: one new card and one perk."""
    from ghcli.campaign import town

    r = town.level_up(settings.open_store(), character, card, perk)
    output.emit(r, as_json, f"{r['character']} is level {r['level']}: card {r['card']} {r['card_name']}, "
                            f"perk {r['perk']} ({r['perk_text']}), max HP {r['max_hp']}.")


@app.command("perk")
def perk(character: str = complete.character_argument(),
         number: int = typer.Argument(..., metavar="N", help="Perk number on the class's list.",
                                      autocompletion=complete.perks),
         as_json: bool = output.JSON) -> None:
    """Take a perk earned with checkmarks (every 3, at most 6) or a player's extra perks."""
    from ghcli.campaign import town

    r = town.take_perk(settings.open_store(), character, number)
    output.emit(r, as_json, f"{r['character']} takes perk {r['perk']} ({r['perk_text']}); "
                            f"{r['perks_taken']} of {r['perks_allowed']} perks taken.")


@app.command("donate")
def donate(character: str = complete.character_argument(), as_json: bool = output.JSON) -> None:
    """Donate 10 gold to the Sanctuary (once per character per visit): 2 bless cards next scenario."""
    from ghcli.campaign import town

    r = town.donate(settings.open_store(), character)
    output.emit(r, as_json, lambda: output.lines(r["done"]))


@app.command("retire")
def retire(character: str = complete.character_argument(), as_json: bool = output.JSON) -> None:
    """Retire a character whose personal quest is fulfilled."""
    from ghcli.campaign import retirement

    r = retirement.retire(settings.open_store(), character)
    output.emit(r, as_json, lambda: output.lines(r["done"]))
