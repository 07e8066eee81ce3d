"""`ghcli party ...`: reputation, party achievements, several parties (docs/campaign.md)."""

from __future__ import annotations

import typer

from ghcli.cli import arguments, complete, output, settings
from ghcli.campaign.tracks import REPUTATION_MAX, REPUTATION_MIN

app = typer.Typer(name="party", help="The current party: reputation, achievements; new parties.", no_args_is_help=True)
achievement_app = typer.Typer(help="The current party's achievements.", no_args_is_help=True)


@app.command("reputation", context_settings=arguments.SIGNED_CONTEXT)
def reputation_cmd(change: str = typer.Argument(
        ..., metavar="+N|-N", help=f"Reputation to gain or lose (kept within {REPUTATION_MIN}..{REPUTATION_MAX})."),
                   as_json: bool = output.CHANGE_JSON) -> None:
    """Move the current party's reputation along its track."""
    from ghcli.campaign import parties

    p = parties.change_reputation(settings.open_store(), arguments.signed(change, "the reputation change"))
    output.emit(p, as_json, "\n".join([f"{p['name']}: reputation {p['reputation']:+d} "
                                       f"(shop prices {p['price_modifier']:+d}).",
                                       *p["done"]]))


@achievement_app.command("add")
def achievement_add(key: str = typer.Argument(..., metavar="KEY", help="Name or kebab-case key.",
                                              autocompletion=complete.party_to_add),
                    as_json: bool = output.CHANGE_JSON) -> None:
    """Gain a party achievement."""
    from ghcli.campaign import achievements

    r = achievements.add_party_achievement(settings.open_store(), key)
    output.emit(r, as_json, r["done"])


@achievement_app.command("remove")
def achievement_remove(key: str = typer.Argument(..., metavar="KEY", help="Name or kebab-case key.",
                                                 autocompletion=complete.party_held),
                       as_json: bool = output.CHANGE_JSON) -> None:
    """Lose a party achievement."""
    from ghcli.campaign import achievements

    r = achievements.remove_party_achievement(settings.open_store(), key)
    output.emit(r, as_json, r["done"])


@achievement_app.command("list")
def achievement_list(as_json: bool = output.JSON) -> None:
    """The current party's achievements."""
    from ghcli.campaign import achievements

    rows = achievements.list_party_achievements(settings.open_store())
    output.emit(rows, as_json, lambda: output.table(rows) if rows else "No party achievements.")


@app.command("new")
def new_cmd(name: str = typer.Argument(..., metavar="NAME"),
            as_json: bool = output.CHANGE_JSON) -> None:
    """Found a new party in town; it becomes the current party."""
    from ghcli.campaign import parties

    p = parties.new_party(settings.open_store(), name)
    output.emit(p, as_json, f"New party {p['name']!r} in town (now the current party).")


@app.command("switch")
def switch_cmd(name: str = typer.Argument(..., metavar="NAME", autocompletion=complete.other_parties),
               as_json: bool = output.CHANGE_JSON) -> None:
    """Make another party the current one."""
    from ghcli.campaign import parties

    p = parties.switch_party(settings.open_store(), name)
    output.emit(p, as_json, f"Current party: {p['name']}.")


@app.command("list")
def list_cmd(as_json: bool = output.JSON) -> None:
    """Every party, its reputation, location and characters."""
    from ghcli.campaign import parties

    rows = parties.list_parties(settings.open_store())
    output.emit(rows, as_json, lambda: output.table(
        [["*" if r["current"] else "", r["name"], f"{r['reputation']:+d}", r["where"],
          ", ".join(r["characters"])] for r in rows],
        ["", "party", "reputation", "location", "characters"]))


app.add_typer(achievement_app, name="achievement")
