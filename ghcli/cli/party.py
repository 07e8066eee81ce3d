"""`ghcli party ...`: reputation, party achievements, several parties (issue 2)."""

from __future__ import annotations

import typer

from ghcli.cli import common
from ghcli.cli.core import SIGNED_CONTEXT, open_store, signed
from ghcli.campaign.tracks import REPUTATION_MAX, REPUTATION_MIN

party_app = typer.Typer(help="The current party: reputation, achievements; new parties.", no_args_is_help=True)
achievement_app = typer.Typer(help="The current party's achievements.", no_args_is_help=True)


@party_app.command("reputation", context_settings=SIGNED_CONTEXT)
def reputation_cmd(change: str = typer.Argument(
        ..., metavar="+N|-N", help=f"Reputation to gain or lose (kept within {REPUTATION_MIN}..{REPUTATION_MAX}).")) -> None:
    """Move the current party's reputation along its track."""
    from ghcli.campaign import core

    p = core.change_reputation(open_store(), signed(change, "the reputation change"))
    typer.echo(f"{p['name']}: reputation {p['reputation']:+d} (shop prices {p['price_modifier']:+d}).")
    for line in p["done"]:
        typer.echo(line)


@achievement_app.command("add")
def achievement_add(key: str = typer.Argument(..., metavar="KEY", help="Name or kebab-case key.")) -> None:
    """Gain a party achievement."""
    from ghcli.campaign import core

    typer.echo(core.add_party_achievement(open_store(), key)["done"])


@achievement_app.command("remove")
def achievement_remove(key: str = typer.Argument(..., metavar="KEY", help="Name or kebab-case key.")) -> None:
    """Lose a party achievement."""
    from ghcli.campaign import core

    typer.echo(core.remove_party_achievement(open_store(), key)["done"])


@achievement_app.command("list")
def achievement_list(as_json: bool = common.json_option()) -> None:
    """The current party's achievements."""
    from ghcli.campaign import core, state

    store = open_store()
    rows = core.party_achievements(store, state.current_party(store)["id"])
    common.emit(rows, as_json, lambda: common.table(rows) if rows else "No party achievements.")


@party_app.command("new")
def new_cmd(name: str = typer.Argument(..., metavar="NAME")) -> None:
    """Found a new party in town; it becomes the current party."""
    from ghcli.campaign import core

    p = core.new_party(open_store(), name)
    typer.echo(f"New party {p['name']!r} in town (now the current party).")


@party_app.command("switch")
def switch_cmd(name: str = typer.Argument(..., metavar="NAME")) -> None:
    """Make another party the current one."""
    from ghcli.campaign import core

    p = core.switch_party(open_store(), name)
    typer.echo(f"Current party: {p['name']}.")


@party_app.command("list")
def list_cmd(as_json: bool = common.json_option()) -> None:
    """Every party, its reputation, location and characters."""
    from ghcli.campaign import core

    rows = core.list_parties(open_store())
    common.emit(rows, as_json, lambda: common.table(
        [["*" if r["current"] else "", r["name"], f"{r['reputation']:+d}", r["where"],
          ", ".join(r["characters"])] for r in rows],
        ["", "party", "reputation", "location", "characters"]))


party_app.add_typer(achievement_app, name="achievement")


def register(app: typer.Typer) -> None:
    app.add_typer(party_app, name="party")
