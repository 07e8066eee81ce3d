"""`ghcli solo list|finish`: solo scenarios, by the Solo Scenarios book's rules (docs/seed-play.md: Solo
scenarios)."""

from __future__ import annotations

from typing import Optional

import typer

from ghcli.cli import complete, output, settings

app = typer.Typer(name="solo", help="Solo scenarios: who may play their class's, and results.", no_args_is_help=True)


@app.command("list")
def list_cmd(as_json: bool = output.JSON) -> None:
    """Each character of the current party: its solo scenario, whether it may play it, what is missing."""
    from ghcli.campaign import solo

    rows = solo.list_solo(settings.open_store())

    def text() -> str:
        if not rows:
            return "No characters in the current party."
        table = output.table(
            [[r["character"], r["class_name"], r["scenario"],
              f"{r['reward_item']['number']} {r['reward_item']['name']}",
              ("yes" if r["eligible"] else "no: needs " + ", ".join(r["missing"]))
              + ("" if r["eligibility_confirmed"] else " (rule not confirmed for this class)"),
              f"{r['won']}/{r['played']}" if r["played"] else ""] for r in rows],
            ["character", "class", "solo scenario", "reward item", "may play", "won/played"])
        return table
    output.emit(rows, as_json, text)


@app.command("finish")
def finish_cmd(
    name: str = typer.Argument(..., metavar="NAME", help="The character who played alone.",
                               autocompletion=complete.party_characters),
    won: bool = typer.Option(False, "--won", help="The scenario goal was reached."),
    lost: bool = typer.Option(False, "--lost", help="The character was exhausted."),
    xp: int = typer.Option(0, "--xp", metavar="N", help="XP gained during play."),
    coins: int = typer.Option(0, "--coins", metavar="N", help="Money tokens looted."),
    checkmarks: int = typer.Option(0, "--checkmarks", metavar="N", help="Battle-goal checkmarks (won only)."),
    level: Optional[int] = typer.Option(None, "--level", metavar="L",
                                        help="Scenario level (default: ceil(character level / 2))."),
    as_json: bool = output.JSON,
) -> None:
    """Record a solo scenario: XP, gold, checkmarks; the first win gives the class's reward item."""
    from ghcli.campaign import solo
    from ghcli.errors import BadInput

    if won == lost:
        raise BadInput("say how it ended: --won or --lost")
    r = solo.finish(settings.open_store(), name, won=won, xp=xp, coins=coins, checkmarks=checkmarks, level=level)

    def text() -> str:
        lines = [f"{r['character']}: solo scenario {r['scenario']} {'won' if r['won'] else 'lost'} at level "
                 f"{r['level']} (coin value {r['coin_value']}, bonus XP {r['bonus_xp']}).",
                 f"+{r['xp_gained']} XP ({r['xp']}), +{r['gold_gained']} gold ({r['gold']}), "
                 f"+{r['checkmarks_gained']} checkmarks ({r['checkmarks']})"
                 + ("; can level up in town" if r["can_level_up"] else "")]
        if r["reward_item"]:
            lines.append(f"Reward item: {r['reward_item']['number']} {r['reward_item']['name']}.")
        if r["note"]:
            lines.append(r["note"])
        return "\n".join(lines)

    output.emit(r, as_json, text)

