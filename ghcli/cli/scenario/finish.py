"""A scenario's results: `ghcli scenario finish N --won|--lost [--level L] [--casual] [--xp NAME=N] [--coins NAME=N]
[--absent NAME] ...` (played: XP, gold, checkmarks, rewards) and `ghcli scenario complete N` (marked by hand in a
paper campaign: achievements and unlocks only)."""

from __future__ import annotations

from typing import List, Optional

import typer

from ghcli.cli import arguments, complete, output, settings

app = typer.Typer()


@app.command("finish")
def finish(
    scenario: str = typer.Argument(..., help="Scenario number (or name).",
                                  autocompletion=complete.scenario_to_finish),
    won: bool = typer.Option(False, "--won", help="The scenario goal was reached."),
    lost: bool = typer.Option(False, "--lost", help="Every character was exhausted."),
    level: Optional[int] = typer.Option(None, "--level", metavar="L",
                                        help="Scenario level (default: the recommended level)."),
    casual: bool = typer.Option(False, "--casual", help="Casual play: no rewards, unlocks or completion."),
    xp: Optional[List[str]] = typer.Option(None, "--xp", metavar="NAME=N", help="XP gained during play.",
                                           autocompletion=complete.character_pairs),
    coins: Optional[List[str]] = typer.Option(None, "--coins", metavar="NAME=N", help="Money tokens looted.",
                                              autocompletion=complete.character_pairs),
    checkmarks: Optional[List[str]] = typer.Option(None, "--checkmarks", metavar="NAME=N",
                                                   help="Battle-goal checkmarks.",
                                                   autocompletion=complete.character_pairs),
    item: Optional[List[str]] = typer.Option(None, "--item", metavar="NAME=ITEM", help="Items found.",
                                             autocompletion=complete.character_items),
    choose: Optional[int] = typer.Option(None, "--choose", metavar="N",
                                         help="The one scenario to unlock, when the scenario offers a choice."),
    absent: Optional[List[str]] = typer.Option(None, "--absent", metavar="NAME",
                                               help="A character who did not play (gains nothing); repeatable.",
                                               autocompletion=complete.party_characters),
    as_json: bool = output.JSON,
) -> None:
    """Record a scenario's result: XP, gold, checkmarks, items, and when won its rewards."""
    from ghcli.campaign import results
    from ghcli.errors import BadInput

    if won == lost:
        raise BadInput("say how it ended: --won or --lost")
    r = results.finish(
        settings.open_store(), scenario, won=won, level=level, casual=casual,
        xp=arguments.as_dict(arguments.pairs(xp, "--xp"), "--xp"),
        coins=arguments.as_dict(arguments.pairs(coins, "--coins"), "--coins"),
        checkmarks=arguments.as_dict(arguments.pairs(checkmarks, "--checkmarks"), "--checkmarks"),
        items=arguments.pairs(item, "--item", numbers=False), choose=choose, absent=absent or [],
    )

    def text() -> str:
        head = (f"Scenario {r['scenario']} {r['name']} {'won' if r['won'] else 'lost'} at level {r['level']}"
                f"{' (casual)' if r['casual'] else ''}: coin value {r['coin_value']}, bonus XP {r['bonus_xp']}.")
        rows = [[c["name"], f"+{c['xp_gained']}", c["xp"], f"+{c['gold_gained']}", c["gold"],
                 f"+{c['checkmarks_gained']}", ", ".join(map(str, c["items_gained"])),
                 "yes" if c["can_level_up"] else ""] for c in r["characters"]]
        out = [head, output.table(rows, ["character", "XP", "total", "gold", "total", "checkmarks", "items",
                                         "level-up"])]
        if r["absent"]:
            out.append("Absent (nothing gained): " + ", ".join(r["absent"]) + ".")
        if r["done"]:
            out.append(output.lines(r["done"]))
        if r["notes"]:
            out.append("Apply by hand:\n" + output.lines(f"- {n}" for n in r["notes"]))
        out.append("Next: `ghcli return` to town, or `ghcli travel N` onward.")
        return "\n".join(out)

    output.emit(r, as_json, text)


@app.command("complete")
def complete_cmd(
    number: str = typer.Argument(..., metavar="N", autocompletion=complete.scenarios_to_complete),
    no_unlocks: bool = typer.Option(False, "--no-unlocks", help="The table already opened what it unlocks."),
    choose: Optional[int] = typer.Option(None, "--choose", metavar="N",
                                         help="The one scenario unlocked where it offers a choice."),
    as_json: bool = output.JSON,
) -> None:
    """Mark a scenario completed by hand (paper campaign): achievements and unlocks, no gold or XP."""
    from ghcli.campaign import paper

    r = paper.complete_scenario(settings.open_store(), number, unlocks=not no_unlocks, choose=choose)
    output.emit(r, as_json, lambda: "\n".join(
        [f"Scenario {r['scenario']} {r['name']} completed."] + [f"  {d}" for d in r["done"][:-1]] + r["notes"]))
