"""`ghcli campaign ...`: prosperity, global achievements, unlocks by hand, and donations already made (a
paper campaign)."""

from __future__ import annotations

import typer

from ghcli.cli import arguments, complete, output, settings

app = typer.Typer(name="campaign", help="The campaign: prosperity, global achievements, unlocks.", no_args_is_help=True)
achievement_app = typer.Typer(help="Global achievements.", no_args_is_help=True)


@app.command("prosperity", context_settings=arguments.SIGNED_CONTEXT)
def prosperity_cmd(change: str = typer.Argument(..., metavar="+N|-N", help="Checkmarks to add or remove."),
                   as_json: bool = output.CHANGE_JSON) -> None:
    """Move the prosperity track (new levels add their items to the shop)."""
    from ghcli.campaign import status

    delta = arguments.signed(change, "the prosperity change")
    p = status.change_prosperity(settings.open_store(), delta)
    nxt = f"{p['to_next_level']} to the next level" if p["to_next_level"] is not None else "top level"
    output.emit(p, as_json, f"Prosperity level {p['level']} ({output.counted(p['checkmarks'], 'checkmark')}; "
                            f"{nxt}).\n{p['done']}")


@app.command("show")
def show_cmd(as_json: bool = output.JSON) -> None:
    """Prosperity, donations, global achievements and unlocked classes."""
    from ghcli.campaign import status

    data = status.campaign_show(settings.open_store())
    output.emit(data, as_json, lambda: _show_text(data))


def _show_text(s: dict) -> str:
    opened = [k for k, v in s["envelopes"].items() if v]
    if s["prosperity"] is None:  # an edition without prosperity, donations, achievements (Jaws of the Lion)
        lines = [f"{s['campaign']['name']} ({s['edition']['name']})",
                 "Classes: " + ", ".join(s["unlocked_classes"])]
    else:
        lines = [
            f"{s['campaign']['name']}: prosperity level {s['prosperity']['level']} "
            f"({output.counted(s['prosperity']['checkmarks'], 'checkmark')}), donations {s['donations']} gold",
            "Global achievements: " + (", ".join(a["name"] + (f" x{a['count']}" if a["count"] > 1 else "")
                                                 for a in s["achievements"]) or "none"),
            "Unlocked classes: " + ", ".join(s["unlocked_classes"]),
            "Envelopes opened: " + (", ".join(opened) or "none"),
        ]
    if s["enhanced_cards"]:
        lines.append("Enhanced cards:")
        lines.append(output.table(
            [[c["class_name"], f"{card['card']} {card['name']}", x["action"], x["sticker"], x["cost"]]
             for c in s["enhanced_cards"] for card in c["cards"] for x in card["stickers"]],
            ["class", "card", "action", "sticker", "cost"]))
    return "\n".join(lines)


@achievement_app.command("add")
def achievement_add(key: str = typer.Argument(..., metavar="KEY", help="Name or kebab-case key.",
                                              autocompletion=complete.global_to_add),
                    as_json: bool = output.CHANGE_JSON) -> None:
    """Gain a global achievement (typed ones replace their group's; counted ones count up)."""
    from ghcli.campaign import achievements

    r = achievements.add_global_achievement(settings.open_store(), key)
    output.emit(r, as_json, r["done"])


@achievement_app.command("remove")
def achievement_remove(key: str = typer.Argument(..., metavar="KEY", help="Name or kebab-case key.",
                                                 autocompletion=complete.global_held),
                       as_json: bool = output.CHANGE_JSON) -> None:
    """Lose a global achievement (counted ones count down)."""
    from ghcli.campaign import achievements

    r = achievements.remove_global_achievement(settings.open_store(), key)
    output.emit(r, as_json, r["done"])


@achievement_app.command("list")
def achievement_list(as_json: bool = output.JSON) -> None:
    """Global achievements held."""
    from ghcli.campaign import achievements

    rows = achievements.list_global_achievements(settings.open_store())
    output.emit(rows, as_json, lambda: output.table(rows) if rows else "No global achievements.")


@app.command("unlock-class")
def unlock_class_cmd(name: str = typer.Argument(..., metavar="CLASS", autocompletion=complete.class_boxes),
                     as_json: bool = output.CHANGE_JSON) -> None:
    """Unlock a class by hand (a box or envelope opened); its unlock events join the decks."""
    from ghcli.campaign import unlocks

    r = unlocks.unlock_class(settings.open_store(), name)
    output.emit(r, as_json, r["done"])


@app.command("unlock-scenario")
def unlock_scenario_cmd(number: str = typer.Argument(..., metavar="N"),
                        as_json: bool = output.CHANGE_JSON) -> None:
    """Unlock a scenario by hand (a random side scenario, an event)."""
    from ghcli.campaign import unlocks

    r = unlocks.unlock_scenario(settings.open_store(), number)
    output.emit(r, as_json, r["done"])


app.add_typer(achievement_app, name="achievement")


@app.command("donations", context_settings=arguments.SIGNED_CONTEXT)
def donations_cmd(
    gold: str = typer.Argument(..., metavar="+N", help="Gold already given to the Sanctuary (10 per donation)."),
    as_json: bool = output.JSON,
) -> None:
    """Record gold already donated (paper campaign), with the donation track's prosperity marks."""
    from ghcli.campaign import paper

    r = paper.add_donations(settings.open_store(), arguments.signed(gold, "the gold donated"))
    output.emit(r, as_json, "; ".join(r["done"]) + ".")
