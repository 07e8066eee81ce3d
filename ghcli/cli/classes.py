"""`ghcli class show CLASS`: a class's ability cards by level and its numbered perks (docs/campaign.md)."""

from __future__ import annotations

from typing import Optional

import typer

from ghcli.cli import complete, output, settings

app = typer.Typer(name="class", help="Classes: ability cards by level and numbered perks.", no_args_is_help=True)


def _text(s: dict) -> str:
    lines = [f"{s['name']}: hand size {s['hand_size']}, max HP by level " + " ".join(map(str, s["hp"])),
             "Ability cards:"]
    for group in s["cards"]:
        lines.append(f"  level {group['level']}: " + ", ".join(f"{c['number']} {c['name']}" for c in group["cards"]))
    lines.append("Perks:")
    lines.append(output.table([[p["number"], p["text"], p["count"]] for p in s["perks"]], ["#", "perk", "boxes"]))
    return "\n".join(lines)


@app.command("show")
def show_cmd(name: str = typer.Argument(..., metavar="CLASS", autocompletion=complete.classes),
             edition: Optional[str] = settings.edition_option(),
             as_json: bool = output.JSON) -> None:
    """A class's ability cards by level and its numbered perks (for `level-up --card` and `perk N`)."""
    from ghcli.campaign import catalog

    if edition is not None:
        settings.use_edition(edition)
        cls = catalog.find_class(name)
    else:
        cls = _find(name)
    data = catalog.class_sheet(cls)
    output.emit(data, as_json, lambda: _text(data))


def _find(name: str) -> dict:
    """The class; with a campaign at hand, an unknown name suggests only its unlocked classes."""
    from ghcli.campaign import catalog

    path = settings.db_path()
    if not path.is_file():
        return catalog.find_class(name)
    from ghcli.campaign import lookup
    from ghcli.campaign.kind import Store
    from ghcli.errors import GhcliError

    try:
        store = Store.open(path)
    except GhcliError:  # not a campaign we can read: the class facts need none
        return catalog.find_class(name)
    try:
        return lookup.find_class(store, name)
    finally:
        store.close()

