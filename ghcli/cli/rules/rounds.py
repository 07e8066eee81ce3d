"""`ghcli rules order|level|rest|exhausted|elements`: a round's questions (turn order, resting,
exhaustion, the elements) and the scenario level it is played at.

Thin: parse the flags, call one function of ``ghcli.rules``, format. The
rules modules are imported inside each command (start-up speed).
"""

from __future__ import annotations

from typing import List, Optional

import typer

from ghcli.cli import arguments, complete, output
from ghcli.cli.arguments import split_values

# ghcli.rules.order.LONG_REST_INITIATIVE, for the help text (tests/test_first_minutes.py keeps them equal):
# importing the rules module would cost every `rules` command a tenth of `import typer`
LONG_REST_INITIATIVE = 99

app = typer.Typer()


@app.command("order")
def order(
    character: Optional[List[str]] = typer.Option(
        None, "--character", "-c", metavar="NAME=LEAD[,OTHER]",
        help="A character's leading card's initiative, then its other card's (repeatable).",
    ),
    long_rest: Optional[List[str]] = typer.Option(
        None, "--long-rest", "-r", metavar="NAME",
        help=f"A character on a long rest: initiative {LONG_REST_INITIATIVE} (repeatable)."
    ),
    monster: Optional[List[str]] = typer.Option(
        None, "--monster", "-m", metavar="TYPE=INIT[:e1,n2,...]",
        help="A monster type's ability card initiative and its standees, e.g. guard=35:e1,n2 (repeatable).",
    ),
    summon: Optional[List[str]] = typer.Option(
        None, "--summon", "-s", metavar="OWNER=SUMMON",
        help="A summon and its summoner, in the order summoned (repeatable).",
    ),
    as_json: bool = output.JSON,
) -> None:
    """The turn order of a round, with the ties that are the players' choice."""
    from ghcli.rules import order as rules

    chars = [rules.Character.parse(s) for s in character or []]
    chars += [rules.Character(name, long_rest=True) for name in split_values(long_rest)]
    result = rules.round_order(
        chars,
        [rules.MonsterType.parse(s) for s in monster or []],
        [rules.Summon.parse(s) for s in summon or []],
    )
    data = result.as_dict()

    def text() -> str:
        tied: dict[str, str] = {}
        for tie in result.ties:
            for name in tie.actors:
                tied[name] = "players' choice with " + ", ".join(a for a in tie.actors if a != name)
        rows = []
        for t in result.turns:
            note = tied.get(t.actor, "")
            if t.kind == "summon":
                note = f"summoned by {t.owner}"
            elif t.long_rest:
                note = ("long rest; " + note).rstrip("; ")
            actor = f"{t.actor} {t.standee}" if t.standee else t.actor
            rows.append([t.position, actor, t.kind, t.initiative, note])
        lines = [output.table(rows, ["#", "actor", "kind", "initiative", "note"])]
        lines += [f"tie at {t.initiative}: {', '.join(t.actors)}: {t.reason}" for t in result.ties]
        lines += [f"decided: {d}" for d in result.decided]
        return "\n".join(lines)

    output.emit(data, as_json, text)



@app.command("level")
def level(
    levels: List[int] = typer.Argument(..., help="The characters' levels."),
    difficulty: str = typer.Option("normal", "--difficulty", "-d", help="easy, normal, hard or very-hard."),
    solo: bool = typer.Option(False, "--solo", help="Solo play: +1 monster level and trap damage."),
    monster: Optional[List[str]] = typer.Option(
        None, "--monster", "-m", metavar="NAME", autocompletion=complete.monsters,
        help="Also print this monster's stats at the monster level (repeatable; C = the characters given).",
    ),
    as_json: bool = output.JSON,
) -> None:
    """Scenario level and what follows from it: monster level, coin value, traps, bonus XP."""
    from ghcli.rules import level as rules

    info = rules.scenario_info(levels, difficulty.strip().lower(), solo=solo)
    data = info.as_dict()
    stats: list[dict] = []
    if monster:
        from ghcli.campaign import monster_stats
        from ghcli.rules.monster_stats import MAX_CHARACTERS, MIN_CHARACTERS

        count = max(MIN_CHARACTERS, min(MAX_CHARACTERS, len(levels)))
        stats = [monster_stats.at_level(monster_stats.find(name), info.monster_level, count) for name in monster]
        data = {**data, "monsters": stats}

    def text() -> str:
        out = output.table([[k.replace("_", " "), v] for k, v in info.as_dict().items()], ["", "value"])
        if stats:
            from ghcli.cli.monster_stats import level_text

            out += "".join("\n\n" + level_text(doc) for doc in stats)
        return out

    output.emit(data, as_json, text)


@app.command("rest")
def rest(
    kind: str = typer.Argument(..., metavar="short|long", help="The kind of rest."),
    hand: Optional[int] = typer.Option(None, "--hand", help="Cards in hand."),
    discard: Optional[int] = typer.Option(None, "--discard", help="Cards in the discard pile."),
    lost: Optional[int] = typer.Option(None, "--lost", help="Cards already lost."),
    cards: Optional[List[str]] = typer.Option(
        None, "--cards", metavar="NAMES", help="The discarded cards by name (comma-separated or repeated)."
    ),
    seed: Optional[int] = typer.Option(None, "--seed", help="Short rest: pick the random lost card reproducibly."),
    reroll: bool = typer.Option(False, "--reroll", help="Short rest: suffer 1 damage to lose another random card."),
    lose: Optional[str] = typer.Option(None, "--lose", metavar="CARD", help="Long rest: the card chosen to lose."),
    as_json: bool = output.JSON,
) -> None:
    """What a short or long rest does (it needs at least 2 discarded cards)."""
    import random

    from ghcli.rules import rest as rules

    names = split_values(cards)
    if seed is not None and not names:
        from ghcli.errors import BadInput

        raise BadInput("--seed picks among named cards: give --cards")
    with arguments.worded({"discard": "--discard"}):
        out = rules.rest(
            kind.strip().lower(),
            hand=hand,
            discard=discard,
            lost=lost,
            discarded_cards=names,
            rng=random.Random(seed) if seed is not None else None,
            reroll=reroll,
            lose=lose,
        )
    data = out.as_dict()
    output.emit(
        data,
        as_json,
        lambda: output.table([[k.replace("_", " "), v] for k, v in data.items() if v is not None], ["", "value"]),
    )


@app.command("exhausted")
def exhausted(
    hand: int = typer.Option(..., "--hand", help="Cards in hand."),
    discard: int = typer.Option(..., "--discard", help="Cards in the discard pile."),
    hp: Optional[int] = typer.Option(None, "--hp", help="Hit points left (0 exhausts)."),
    as_json: bool = output.JSON,
) -> None:
    """Is the character exhausted (fewer than 2 cards in hand and fewer than 2 discarded)?"""
    from ghcli.rules import rest as rules

    out = rules.exhaustion(hand, discard, hp)
    output.emit(out.as_dict(), as_json, lambda: ("exhausted: " if out.exhausted else "not exhausted: ") + out.reason)


@app.command("elements")
def elements(
    strong: Optional[List[str]] = typer.Option(None, "--strong", metavar="ELEMENTS",
                                               help="Strong at the start of the turn."),
    waning: Optional[List[str]] = typer.Option(None, "--waning", metavar="ELEMENTS",
                                               help="Waning at the start of the turn."),
    infused: Optional[List[str]] = typer.Option(None, "--infused", metavar="ELEMENTS",
                                                help="Infused during this turn."),
    consumed: Optional[List[str]] = typer.Option(None, "--consumed", metavar="ELEMENTS",
                                                 help="Consumed during this turn."),
    as_json: bool = output.JSON,
) -> None:
    """The element board now, after this turn, and after this round's and the next round's end."""
    from ghcli.rules import elements as rules

    lines = rules.timeline(split_values(strong), split_values(waning), split_values(infused), split_values(consumed))
    data = {"elements": {t.element: t.as_dict() for t in lines}}

    def text() -> str:
        def cell(state: str, usable: bool) -> str:
            return state + (" (usable)" if usable else "")

        rows = [
            [
                t.element,
                cell(t.now, t.usable_now) + (" infused" if t.infused else "") + (" consumed" if t.consumed else ""),
                cell(t.after_turn, t.usable_after_turn),
                cell(t.next_round, t.usable_next_round),
                t.round_after,
            ]
            for t in lines
        ]
        return output.table(rows, ["element", "this turn", "next turns this round", "next round", "round after"])

    output.emit(data, as_json, text)
