"""`ghcli enhance cost`: what an enhancement sticker costs, step by step (no campaign needed).

:data:`OPTIONS` names the option that gives each of the rules' parameters (``apply`` words its errors
with it too).
"""

from __future__ import annotations

from typing import Optional

import typer

from ghcli.cli import arguments, output
from ghcli.rules.level import MAX_CHARACTER_LEVEL  # small and pure: a number for the help text

# The rules' parameters and the options that give them (errors name the option).
OPTIONS = {"ability": "--ability", "effect": "--effect", "hexes": "--hex", "on": "--on", "level": "--level",
           "previous": "--previous", "lost": "--lost", "persistent": "--persistent",
           "enhancer_level": "--enhancer-level", "temporary": "--temporary"}

app = typer.Typer()


@app.command("cost")
def cost(
    edition: str = typer.Option("gh", "--edition", metavar="gh|gh-digital|fh|gh2e|jotl",
                                 help="Rule set (jotl: Jaws of the Lion, the first edition's costs)."),
    ability: Optional[str] = typer.Option(
        None, "--ability", metavar="NAME",
        help="A +1 sticker: move, attack, range, shield, push, pull, pierce, retaliate, heal, target, "
        "teleport, summon-move, summon-attack, summon-range, summon-hp.",
    ),
    effect: Optional[str] = typer.Option(
        None, "--effect", metavar="NAME",
        help="poison, wound, muddle, immobilize, disarm, curse, strengthen, bless, regenerate, ward, jump, "
        "element (or fire, ice, air, earth, light, dark), any-element.",
    ),
    hexes: Optional[int] = typer.Option(None, "--hex", metavar="N",
                                        help="A hex sticker on an area attack of N hexes now."),
    level: int = typer.Option(1, "--level", metavar="L", help=f"Card level, 1-{MAX_CHARACTER_LEVEL}."),
    previous: int = typer.Option(0, "--previous", metavar="K", help="Enhancements already on that action."),
    multi: bool = typer.Option(False, "--multi", help="The ability targets several figures."),
    lost: bool = typer.Option(False, "--lost", help="The action has a lost icon (fh, gh2e)."),
    persistent: bool = typer.Option(False, "--persistent", help="The action gives a persistent bonus (fh, gh2e)."),
    enhancer_level: Optional[int] = typer.Option(
        None, "--enhancer-level", metavar="1-4", help="Level of the Frosthaven enhancer building (fh)."
    ),
    temporary: bool = typer.Option(False, "--temporary", help="Frosthaven's temporary-enhancement variant (fh)."),
    on: Optional[str] = typer.Option(
        None, "--on", metavar="ABILITY",
        help="The ability the sticker goes on (attack, move, heal, shield, retaliate, push, pull, teleport, "
        "summon, loot, or a printed condition); default: the sticker's usual place.",
    ),
    secondary: bool = typer.Option(False, "--secondary", help="The slot is on a small-print (not main) ability."),
    as_json: bool = output.JSON,
) -> None:
    """What an enhancement costs, step by step; refuses a sticker the rules forbid (no campaign needed)."""
    from ghcli.rules.enhance import quote

    with arguments.worded(OPTIONS):
        q = quote(
            edition=edition, ability=ability, effect=effect, hexes=hexes, level=level, previous=previous,
            multi=multi, lost=lost, persistent=persistent, enhancer_level=enhancer_level, temporary=temporary,
            on=on, secondary=secondary,
        )
    data = q.as_dict()
    output.emit(
        data, as_json,
        lambda: output.table([(s["rule"], s["cost"]) for s in data["steps"]], headers=("step", "total"))
        + f"\n\ncost: {q.cost} gold",
    )
