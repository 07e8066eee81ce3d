"""`ghcli dungeon draw|finish`: random dungeons, by the Random Dungeon Deck's rules (docs/seed-play.md: Random
dungeons).

`draw` reads and changes no campaign; `finish` records a dungeon played as
casual play in the open campaign.
"""

from __future__ import annotations

from typing import List, Optional

import typer

from ghcli.cli import arguments, complete, output

app = typer.Typer(name="dungeon", help="Random dungeons: draw three rooms; record one played (casual play).",
                          no_args_is_help=True)


def _letters(chosen: Optional[str], choices: list[str]) -> str:
    if chosen is None:
        return "-"
    others = [c for c in choices if c != chosen]
    return chosen + (f" (or {'/'.join(others)}: players' choice)" if others else "")


def _spaces(spaces: list[int]) -> str:
    return ", ".join(map(str, spaces)) or "-"


def _terrain(kinds: dict[str, list[int]]) -> str:
    return "; ".join(f"{kind} on {_spaces(sp)}" for kind, sp in kinds.items()) or "none"


def _layout(rooms: list[dict]) -> str:
    """The rooms in a row, joined by the door type used: entrance A -> room 1 =B=> room 2 ..."""
    parts = [f"entrance {rooms[0]['entrance']}"]
    for r in rooms:
        parts.append(f"[{r['room']} {r['name']} {'+'.join(r['tiles'])}]")
        if r["exit"]:
            parts.append(f"={r['exit']}=>")
    return "layout: " + " ".join(parts)


def _room_text(r: dict) -> str:
    head = (f"Room {r['room']}: {r['name']} (room card {r['room_card']}, monster card {r['monster_card']}), "
            f"tiles {', '.join(r['tiles'])}; entrance {_letters(r['entrance'], r['entrance_choices'])}, "
            f"exit {_letters(r['exit'], r['exit_choices'])}; suggested penalty: {r['penalty']}")
    rows = [[s["space"], s["name"], s["rank"]] for s in r["monsters"]]
    traps = r["traps"]
    lines = [head, output.table(rows, ["space", "monster", "rank"])]
    lines.append("traps: " + (f"{_spaces(traps['spaces'])} ({traps['tile']}: {', '.join(traps['effects'])})"
                              if traps else "none"))
    lines.append(f"difficult terrain: {_terrain(r['difficult_terrain'])}; "
                 f"hazardous terrain: {_terrain(r['hazardous_terrain'])}")
    lines.append(f"coins: {_spaces(r['coins'])}; treasure: {_spaces(r['treasures'])}")
    return "\n".join(lines)


@app.command("draw")
def draw_cmd(
    players: int = typer.Option(2, "--players", "-p", metavar="2|3|4", help="How many characters play (default 2)."),
    seed: Optional[int] = typer.Option(None, "--seed", metavar="S", help="Make the draw reproducible."),
    forgotten_circles: bool = typer.Option(False, "--forgotten-circles",
                                           help="Add Forgotten Circles' two monster cards (622, 623)."),
    level: Optional[int] = typer.Option(None, "--level", "-l", metavar="L",
                                        help="Scenario level 0-7: also the trap and hazardous terrain damage."),
    as_json: bool = output.JSON,
) -> None:
    """Draw three rooms: names, cards, tiles, doors, monsters per space, traps, terrain, coins, treasure."""
    from ghcli.campaign import dungeon

    with arguments.worded({"players": "--players"}):
        d = dungeon.draw(players, seed, forgotten_circles, level)

    def text() -> str:
        setup = d["setup"]
        out = [f"Random dungeon for {d['players']} players (seed {d['seed']}"
               + (", with Forgotten Circles" if d["forgotten_circles"] else "") + ")\n" + _layout(d["rooms"])
               + f"\nset-up: the characters start in hexes within {setup['start_within_hexes']} hexes of room "
                 f"{setup['room']}'s entrance ({setup['entrance']})"]
        out += [_room_text(r) for r in d["rooms"]]
        if d["set_aside"]:
            out.append("room cards set aside (did not fit): " + ", ".join(map(str, d["set_aside"])))
        if "level" in d:
            out.append(f"At level {d['level']}: traps that damage deal {d['trap_damage']}, hazardous terrain "
                       f"{d['hazardous_damage']}. Penalties and treasure are on the cards.")
        else:
            out.append("Traps that damage deal 2 + L (hazardous terrain half that): give --level L, or "
                       "`ghcli rules level`. Penalties and treasure are on the cards.")
        return "\n\n".join(out)

    output.emit(d, as_json, text)


@app.command("finish")
def finish_cmd(
    won: bool = typer.Option(False, "--won", help="The third room was cleared."),
    lost: bool = typer.Option(False, "--lost", help="Every character was exhausted."),
    level: Optional[int] = typer.Option(None, "--level", metavar="L",
                                        help="Scenario level (default: the recommended level)."),
    xp: Optional[List[str]] = typer.Option(None, "--xp", metavar="NAME=N", help="XP gained during play.",
                                           autocompletion=complete.character_pairs),
    coins: Optional[List[str]] = typer.Option(None, "--coins", metavar="NAME=N", help="Money tokens looted.",
                                              autocompletion=complete.character_pairs),
    checkmarks: Optional[List[str]] = typer.Option(None, "--checkmarks", metavar="NAME=N",
                                                   help="Battle-goal checkmarks (won only).",
                                                   autocompletion=complete.character_pairs),
    seed: Optional[int] = typer.Option(None, "--seed", metavar="S", help="The draw's seed, for the history."),
    as_json: bool = output.JSON,
) -> None:
    """Record a random dungeon in the open campaign as casual play: XP, gold, checkmarks."""
    from ghcli.campaign import dungeon
    from ghcli.cli.arguments import as_dict, pairs
    from ghcli.cli.settings import open_store
    from ghcli.errors import BadInput

    if won == lost:
        raise BadInput("say how it ended: --won or --lost")
    r = dungeon.finish(
        open_store(), won=won, level=level, seed=seed,
        xp=as_dict(pairs(xp, "--xp"), "--xp"), coins=as_dict(pairs(coins, "--coins"), "--coins"),
        checkmarks=as_dict(pairs(checkmarks, "--checkmarks"), "--checkmarks"))

    def text() -> str:
        head = (f"Random dungeon {'won' if r['won'] else 'lost'} at level {r['level']} (casual): "
                f"coin value {r['coin_value']}, bonus XP {r['bonus_xp']}.")
        rows = [[c["name"], f"+{c['xp_gained']}", c["xp"], f"+{c['gold_gained']}", c["gold"],
                 f"+{c['checkmarks_gained']}", "yes" if c["can_level_up"] else ""] for c in r["characters"]]
        return head + "\n" + output.table(rows, ["character", "XP", "total", "gold", "total", "checkmarks",
                                                  "level-up"])

    output.emit(r, as_json, text)

