"""`ghcli scenario setup N [--players P] [--level L]`: each room's standees with their stats, and the decks."""

from __future__ import annotations

from typing import Optional

import typer

from ghcli.cli import complete, output, settings

app = typer.Typer()

#: The scenario level without a campaign and without --level: a new party's (level-1 characters).
DEFAULT_LEVEL = 1


def _campaign():
    """(recommended level, characters) of the campaign's party, or None when there is no campaign file or
    no party with characters."""
    if not settings.db_path().exists():
        return None
    from ghcli.campaign import scenario_setup

    return scenario_setup.party_level(settings.open_store())


@app.command("setup")
def setup(
    scenario: str = typer.Argument(..., help="Scenario number (or name).", autocompletion=complete.scenarios),
    players: Optional[int] = typer.Option(None, "--players", "-p", metavar="P",
                                          help="Characters playing, 2-4 (default: the party's, in a campaign)."),
    level: Optional[int] = typer.Option(None, "--level", metavar="L", help=(
        "Scenario level 0-7 (default: the campaign party's recommended level; without a campaign "
        f"{DEFAULT_LEVEL}, a new party's).")),
    edition: Optional[str] = settings.edition_option(),
    as_json: bool = output.JSON,
) -> None:
    """The scenario's rooms: map tiles, monster standees (normal and elite) with their stats, and decks.

    Example: ghcli scenario setup 1 --players 3 --level 2
    """
    from ghcli.campaign import scenario_setup
    from ghcli.errors import BadInput

    party = _campaign() if level is None or players is None else None  # (opening it makes its edition active)
    if edition is not None or party is None:
        settings.use_edition(edition)  # --edition, else the campaign's (if one is at --db), else Gloomhaven
    if level is not None:
        level_from = "--level"
    elif party is not None:
        level, level_from = party[0], "the campaign's party"
    else:
        level, level_from = DEFAULT_LEVEL, "no campaign: a new party's"
    if players is None:
        if party is None or party[1] not in scenario_setup.PLAYERS:
            raise BadInput("say how many characters play: --players 2, 3 or 4")
        players = party[1]
    out = scenario_setup.setup(scenario, players, level)
    out["level_from"] = level_from
    output.emit(out, as_json, lambda: _text(out))


def _stat_cells(s: dict) -> list:
    attrs = ", ".join(s["attributes"] + [f"immune: {', '.join(s['immunities'])}"] if s["immunities"]
                      else s["attributes"])
    return [s["health"], s["move"], s["attack"], s["range"] or "melee", attrs]


def _text(out: dict) -> str:
    lines = [f"Scenario {out['scenario']} {out['name']}: {out['players']} characters, scenario level "
             f"{out['level']} ({out['level_from']}), monster level {out['monster_level']}."]
    for r in out["rooms"]:
        head = f"room {r['room']} ({r['tile'] or 'no map part named'}" + (", the first" if r["initial"] else "") + ")"
        if r["opens"]:
            head += f", opens {', '.join(map(str, r['opens']))}"
        lines.append("")
        lines.append(head + ":")
        if not r["standees"]:
            lines.append("  no monsters")
            continue
        rows = [[s["name"] + (f" (level {s['level']})" if s["level"] != out["monster_level"] else ""),
                 s["kind"], s["count"]] + _stat_cells(s["stats"]) for s in r["standees"]]
        lines.append(output.table(rows, ["monster", "kind", "standees", "health", "move", "attack", "range",
                                         "attributes"]))
    if out["others"]:
        lines.append("")
        lines.append("by the scenario's special rules (no room places them):")
        rows = [[o["name"], k] + _stat_cells(s) for o in out["others"] for k, s in o["stats"].items()]
        lines.append(output.table(rows, ["monster", "kind", "health", "move", "attack", "range", "attributes"]))
    lines.append("")
    decks = [f"{d['deck']} ({', '.join(d['monsters'])}): " + (
        f"{len(d['cards'])} cards {d['cards'][0]}-{d['cards'][-1]}" if len(d["cards"]) > 1
        else f"1 card {d['cards'][0]}") if d["deck"] and d["cards"]
        else f"no deck shipped for {', '.join(d['monsters'])}" for d in out["decks"]]
    lines.append("ability decks: " + "; ".join(decks) + ".")
    return "\n".join(lines)
