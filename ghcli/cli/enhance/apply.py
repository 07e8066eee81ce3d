"""`ghcli enhance apply CHAR --card CARD --action top|bottom` + a sticker (first edition costs).

The cost is shown before anything is paid: ``--dry-run`` stops there, and
without ``--yes`` a terminal is asked (nobody to ask, as in a script or with
``--json``: refused, naming ``--yes``).
"""

from __future__ import annotations

from typing import Optional

import typer

from ghcli.cli import arguments, complete, failures, output, settings
from ghcli.cli.enhance.cost import OPTIONS

app = typer.Typer()


def _quote_text(p: dict) -> str:
    steps = "; ".join(f"{s['rule']} = {s['cost']}" for s in p["steps"])
    return (f"{p['sticker']} on {p['card_name']} ({p['action']}, on its {p['on']}) costs {p['cost']} gold: "
            f"{steps}. {p['character']} has {p['gold_before']} gold.")


@app.command("apply")
def apply(
    character: str = complete.character_argument(),
    card: str = typer.Option(..., "--card", help="Ability card (number or name).",
                             autocompletion=complete.character_cards),
    action: str = typer.Option(..., "--action", metavar="top|bottom", help="Which action gets the sticker.",
                               autocompletion=complete.card_actions),
    ability: Optional[str] = typer.Option(None, "--ability", help="A +1 sticker on this ability (move, attack, ...).",
                                          autocompletion=complete.sticker_abilities),
    effect: Optional[str] = typer.Option(None, "--effect", help="An effect sticker (poison, wound, element, ...).",
                                         autocompletion=complete.sticker_effects),
    hexes: Optional[int] = typer.Option(None, "--hex", metavar="N", help="A hex sticker on an area of N hexes."),
    multi: bool = typer.Option(False, "--multi", help="The ability targets several figures (the card's own "
                                                      "targets count anyway)."),
    on: Optional[str] = typer.Option(None, "--on", metavar="ABILITY",
                                     help="The ability the sticker goes on, when the action has two that could "
                                          "take it.", autocompletion=complete.sticker_hosts),
    secondary: bool = typer.Option(False, "--secondary", help="The ability is a secondary (small-print) one (for a "
                                                              "card ghcli has no slot data for)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Show what it would cost and change nothing."),
    yes: bool = typer.Option(False, "--yes", "-y", help="Pay without asking."),
    as_json: bool = output.JSON,
) -> None:
    """Pay for an enhancement sticker and record it on the class's card (the cost is shown first)."""
    import sys

    from ghcli.campaign import enhance

    store = settings.open_store()
    args = dict(ability=ability, effect=effect, hexes=hexes, multi=multi, on=on, secondary=secondary)
    with arguments.worded(OPTIONS):
        p = enhance.plan(store, character, card, action, **args)
    shown = {k: v for k, v in p.items() if k not in ("character_id", "affordable")}
    if not p["affordable"]:
        failures.fail(f"{p['character']} has {p['gold_before']} gold; the enhancement costs {p['cost']}")
    if dry_run:
        output.emit({**shown, "dry_run": True}, as_json, lambda: _quote_text(p) + " (--dry-run: nothing paid)")
        return
    if not yes:
        if as_json or not sys.stdin.isatty():  # nobody to ask: a script says --yes
            failures.fail(f"not enhanced: {p['sticker']} on {p['card_name']} ({p['action']}) costs {p['cost']} gold "
                          "(--yes pays without asking; --dry-run shows the cost and its steps)")
        typer.echo(_quote_text(p), err=True)
        output.confirm(f"Pay {p['cost']} gold?", declined="not enhanced")
    with arguments.worded(OPTIONS):
        r = enhance.apply(store, character, card, action, **args)
    output.emit(r, as_json, f"{r['character']} enhanced {r['card_name']} ({r['action']}) with {r['sticker']} "
                            f"for {r['cost']} gold ({r['gold']} left).")
