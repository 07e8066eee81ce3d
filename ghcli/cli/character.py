"""`ghcli character ...`: new (or on record, retired), show, list, adjust, quest, and give (an item without
paying, for a paper campaign)."""

from __future__ import annotations

from typing import List, Optional

import typer

from ghcli.cli import arguments, complete, output, settings

app = typer.Typer(name="character", help="Characters: create, show, list, adjust by hand, personal quests.",
                  no_args_is_help=True)


def _offer_text(offer: list[dict], name: str) -> str:
    if not offer:
        return ""
    drawn = ", ".join(f"{q['number']} ({q['name']})" for q in offer)
    import shlex

    return f"Personal quests drawn: {drawn}. Keep one: ghcli character quest {shlex.quote(name)} N"


def _xp_text(c: dict) -> str:
    """'XP 100 (next level at 95: level 3 is due, ...)'; no threshold at the top level."""
    threshold = c["next_level_xp"]
    if not threshold:
        return f"XP {c['xp']}"
    due = f": level {c['level'] + 1} is due, `ghcli level-up` in town" if c["xp"] >= threshold else ""
    return f"XP {c['xp']} (next level at {threshold}{due})"


def _show_text(c: dict) -> str:
    lines = [
        f"{c['name']}: level {c['level']} {c['class_name']}" + (f", played by {c['player']}" if c["player"] else "")
        + (f", party {c['party']}" if c["party"] else "") + (" (retired)" if c["retired"] else ""),
        _xp_text(c) + f", gold {c['gold']}, checkmarks {c['checkmarks']}, max HP {c['max_hp']}, hand {c['hand_size']}",
        f"Perks: {c['perks_taken']} taken of {c['perks_earned']} earned"
        + (f" ({c['extra_perks']} extra: the player's retirements, scenario rewards)" if c["extra_perks"] else ""),
    ]
    for p in c["perks"]:
        lines.append(f"  {p['perk']}. {p['text']}" + (f" x{p['times']}" if p["times"] > 1 else ""))
    lines.append("Items: " + (", ".join(f"{i['number']} {i['name']}" for i in c["items"]) or "none"))
    if c["cards"]:
        lines.append("Cards chosen: " + ", ".join(f"{x['name']} (level {x['at_level']})" for x in c["cards"]))
    if c.get("enhancements"):
        lines.append("Enhancements: " + ", ".join(
            f"{e['card_name']} {e['action']}: {e['sticker']} ({e['cost']} gold)" for e in c["enhancements"]))
    if c["quest"]:
        q = c["quest"]
        lines.append(f"Personal quest: {q['number']} {q['name']}" + (" (fulfilled)" if c["quest_fulfilled"] else ""))
    elif c["quest_offer"]:
        lines.append(_offer_text(c["quest_offer"], c["name"]))
    elif c.get("quests", True):
        lines.append("Personal quest: none")
    solo = c.get("solo")
    if solo and solo["played"]:
        lines.append(f"Solo scenario: {solo['scenario']}, " + (f"won {solo['won']} of {solo['played']}" if solo["won"]
                                                                else f"played {solo['played']}, not won yet"))
    return "\n".join(lines)


@app.command("new")
def new_cmd(
    name: str = typer.Argument(..., metavar="NAME"),
    class_name: str = typer.Option(..., "--class", "-c", metavar="CLASS", autocompletion=complete.classes,
                                   help="An unlocked class (brute, tinkerer, ...)."),
    player: Optional[str] = typer.Option(None, "--player", "-p", metavar="P", help="Who plays it."),
    level: int = typer.Option(1, "--level", "-l", metavar="L", help="Starting level, at most the prosperity level."),
    quest: Optional[int] = typer.Option(None, "--quest", "-q", metavar="N", help="Keep personal quest N at once."),
    card: Optional[List[str]] = typer.Option(None, "--card", autocompletion=complete.creation_cards, metavar="CARD",
                                             help="An ability card for each level above 1 (repeatable)."),
    retired: bool = typer.Option(False, "--retired", help="A retired character on record (paper campaign)."),
    as_json: bool = output.JSON,
) -> None:
    """Create a character in the current party (in town), or a retired one on record (--retired)."""
    from ghcli.campaign import characters

    if retired:
        from ghcli.campaign import paper

        c = paper.new_retired(settings.open_store(), name, class_name, player=player, level=level, quest=quest)
        output.emit(c, as_json, "; ".join(c["done"]) + ".")
        return

    with arguments.worded({"cards": "--card"}):
        c = characters.new(settings.open_store(), name, class_name, player=player, level=level, quest=quest,
                           cards=card or [])
    text = (f"New level {c['level']} {c['class_name']} {c['name']}: {c['gold']} gold, {c['xp']} XP."
            + ("\n" + _offer_text(c["quest_offer"], c["name"]) if c["quest_offer"] else "")
            + (f"\nPersonal quest: {c['quest']['number']} {c['quest']['name']}" if c["quest"] else ""))
    output.emit(c, as_json, text)


@app.command("show")
def show_cmd(name: str = typer.Argument(..., metavar="NAME", autocompletion=complete.characters),
             as_json: bool = output.JSON) -> None:
    """One character: level, XP, gold, checkmarks, perks, items, cards, personal quest."""
    from ghcli.campaign import characters

    c = characters.show(settings.open_store(), name)
    output.emit(c, as_json, lambda: _show_text(c))


@app.command("list")
def list_cmd(
    include_retired: bool = typer.Option(False, "--all", help="Include retired characters."),
    as_json: bool = output.JSON,
) -> None:
    """Every active character of the campaign."""
    from ghcli.campaign import characters

    rows = characters.list_characters(settings.open_store(), include_retired=include_retired)
    output.emit(rows, as_json, lambda: output.table(
        [[c["name"], c["class_name"], c["player"] or "", c["party"] or "", c["level"], c["xp"], c["gold"],
          c["checkmarks"], f"{c['perks_taken']}/{c['perks_earned']}", c["quest"] or ""]
         + (["yes" if c["retired"] else ""] if include_retired else []) for c in rows],
        ["character", "class", "player", "party", "level", "xp", "gold", "checkmarks", "perks", "quest"]
        + (["retired"] if include_retired else [])) if rows else "No characters.")


@app.command("adjust", context_settings=arguments.SIGNED_CONTEXT)
def adjust_cmd(
    name: str = typer.Argument(..., metavar="NAME", autocompletion=complete.characters),
    xp: Optional[str] = typer.Option(None, "--xp", metavar="+N|-N", help="XP to add or remove."),
    gold: Optional[str] = typer.Option(None, "--gold", metavar="+N|-N", help="Gold to add or remove."),
    checkmarks: Optional[str] = typer.Option(None, "--checkmarks", metavar="+N|-N",
                                             help="Checkmarks to add or remove."),
    as_json: bool = output.CHANGE_JSON,
) -> None:
    """Change XP, gold or checkmarks by hand (never below 0; the level does not change)."""
    from ghcli.campaign import characters

    c = characters.adjust(
        settings.open_store(), name,
        xp=arguments.signed(xp, "--xp") if xp is not None else 0,
        gold=arguments.signed(gold, "--gold") if gold is not None else 0,
        checkmarks=arguments.signed(checkmarks, "--checkmarks") if checkmarks is not None else 0,
    )
    output.emit(c, as_json, f"{c['name']}: XP {c['xp']}, gold {c['gold']}, checkmarks {c['checkmarks']}.")


@app.command("quest")
def quest_cmd(
    name: str = typer.Argument(..., metavar="NAME", autocompletion=complete.characters),
    number: Optional[int] = typer.Argument(None, metavar="[N]", help="Keep personal quest N (one of the two drawn).",
                                           autocompletion=complete.quest_offer),
    fulfilled: bool = typer.Option(False, "--fulfilled", help="Mark the kept personal quest fulfilled."),
    as_json: bool = output.JSON,
) -> None:
    """Show the personal quest, keep one of the two drawn, or mark it fulfilled."""
    from ghcli.campaign import characters
    from ghcli.errors import BadInput

    if number is not None and fulfilled:
        raise BadInput("give either N (keep a quest) or --fulfilled, not both")
    store = settings.open_store()
    if number is not None:
        q = characters.keep_quest(store, name, number)
    elif fulfilled:
        q = characters.fulfil_quest(store, name)
    else:
        q = characters.quest_info(store, name)

    def text() -> str:
        if q["quest"]:
            return (f"{q['name']}: personal quest {q['quest']['number']} {q['quest']['name']}"
                    + (" (fulfilled)" if q["fulfilled"] else ""))
        return _offer_text(q["offer"], q["name"]) or f"{q['name']} has no personal quest."

    output.emit(q, as_json, text)


@app.command("give")
def give_cmd(
    name: str = typer.Argument(..., metavar="NAME", autocompletion=complete.party_characters),
    item: str = typer.Argument(..., metavar="ITEM", autocompletion=complete.shop_items),
    not_from_supply: bool = typer.Option(False, "--not-from-supply",
                                         help="The item came from an event or a reward, not the shop."),
    as_json: bool = output.JSON,
) -> None:
    """Give a character an item without paying (from the supply unless --not-from-supply)."""
    from ghcli.campaign import paper

    r = paper.give_item(settings.open_store(), name, item, from_supply=not not_from_supply)
    where = " (one copy fewer in the supply)." if r["from_supply"] else " (the supply is unchanged)."
    output.emit(r, as_json, f"{r['character']} has item {r['item']} {r['name']}{where}")
