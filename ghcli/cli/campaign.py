"""`ghcli campaign ...`: prosperity, global achievements, unlocks by hand (issue 2)."""

from __future__ import annotations

import typer

from ghcli.cli import common

app = typer.Typer(name="campaign", help="The campaign: prosperity, global achievements, unlocks.", no_args_is_help=True)
achievement_app = typer.Typer(help="Global achievements.", no_args_is_help=True)


@app.command("prosperity", context_settings=common.SIGNED_CONTEXT)
def prosperity_cmd(change: str = typer.Argument(..., metavar="+N|-N", help="Checkmarks to add or remove.")) -> None:
    """Move the prosperity track (new levels add their items to the shop)."""
    from ghcli.campaign import core

    delta = common.signed(change, "the prosperity change")
    p = core.change_prosperity(common.open_store(), delta)
    nxt = f"{p['to_next_level']} to the next level" if p["to_next_level"] is not None else "top level"
    typer.echo(f"Prosperity level {p['level']} ({common.counted(p['checkmarks'], 'checkmark')}; {nxt}).")


@app.command("show")
def show_cmd(as_json: bool = common.json_option()) -> None:
    """Prosperity, donations, global achievements and unlocked classes."""
    from ghcli.campaign import core

    s = core.status(common.open_store())
    data = {k: s[k] for k in ("campaign", "prosperity", "donations", "unlocked_classes")}
    data["achievements"] = s["achievements"]["global"]
    common.emit(data, as_json, lambda: "\n".join([
        f"{s['campaign']['name']}: prosperity level {s['prosperity']['level']} "
        f"({common.counted(s['prosperity']['checkmarks'], 'checkmark')}), donations {s['donations']} gold",
        "Global achievements: " + (", ".join(a["name"] + (f" x{a['count']}" if a["count"] > 1 else "")
                                             for a in data["achievements"]) or "none"),
        "Unlocked classes: " + ", ".join(s["unlocked_classes"]),
    ]))


@achievement_app.command("add")
def achievement_add(key: str = typer.Argument(..., metavar="KEY", help="Name or kebab-case key.")) -> None:
    """Gain a global achievement (typed ones replace their group's; counted ones count up)."""
    from ghcli.campaign import core

    typer.echo(core.add_global_achievement(common.open_store(), key)["done"])


@achievement_app.command("remove")
def achievement_remove(key: str = typer.Argument(..., metavar="KEY", help="Name or kebab-case key.")) -> None:
    """Lose a global achievement (counted ones count down)."""
    from ghcli.campaign import core

    typer.echo(core.remove_global_achievement(common.open_store(), key)["done"])


@achievement_app.command("list")
def achievement_list(as_json: bool = common.json_option()) -> None:
    """Global achievements held."""
    from ghcli.campaign import core

    rows = core.global_achievements(common.open_store())
    common.emit(rows, as_json, lambda: common.table(rows) if rows else "No global achievements.")


@app.command("unlock-class")
def unlock_class_cmd(name: str = typer.Argument(..., metavar="CLASS")) -> None:
    """Unlock a class by hand (a box or envelope opened); its unlock events join the decks."""
    from ghcli.campaign import core

    typer.echo(core.unlock_class(common.open_store(), name)["done"])


@app.command("unlock-scenario")
def unlock_scenario_cmd(number: str = typer.Argument(..., metavar="N")) -> None:
    """Unlock a scenario by hand (a random side scenario, an event)."""
    from ghcli.campaign import core

    typer.echo(core.unlock_scenario(common.open_store(), number)["done"])


app.add_typer(achievement_app, name="achievement")
