"""`ghcli rules attack BASE`: an attack's modifier draws, card by card (seeded), or its exact damage
distribution; several targets draw one modifier each, in order.

Thin: parse the flags, call one function of ``ghcli.rules``, format. The
rules modules are imported inside each command (start-up speed).
"""

from __future__ import annotations

from typing import List, Optional

import typer

from ghcli.cli import arguments, output
from ghcli.cli.arguments import split_values


def _pct(p) -> str:
    return f"{float(p) * 100:.2f}%"


app = typer.Typer()


@app.command("attack")
def attack(
    base: int = typer.Argument(..., help="The base attack value (with the ability's and items' bonuses)."),
    add: Optional[List[str]] = typer.Option(
        None, "--add", "-a", metavar="CARD",
        help="Add cards (perks, items): +1, -1, x2, null, r+1 (rolling), r+0:pierce3, +1:stun, 2*r+1 (repeatable).",
    ),
    remove: Optional[List[str]] = typer.Option(
        None, "--remove", metavar="CARD", help="Remove cards from the deck (perks): -1, 2*-1 (repeatable)."
    ),
    deck: Optional[str] = typer.Option(
        None, "--deck", metavar="CARDS", help="Start from these cards instead of the standard 20, e.g. '+0,+1,x2,null'."
    ),
    bless: int = typer.Option(0, "--bless", help="Bless cards in the deck."),
    curse: int = typer.Option(0, "--curse", help="Curse cards in the deck."),
    advantage: bool = typer.Option(False, "--advantage", help="The attack has advantage."),
    disadvantage: bool = typer.Option(False, "--disadvantage", help="The attack has disadvantage."),
    strengthen: bool = typer.Option(False, "--strengthen", help="The attacker is strengthened (advantage)."),
    muddle: bool = typer.Option(False, "--muddle", help="The attacker is muddled (disadvantage)."),
    ranged_adjacent: bool = typer.Option(
        False, "--ranged-adjacent", help="A ranged attack on an adjacent target (disadvantage)."
    ),
    poison: bool = typer.Option(False, "--poison", help="The target is poisoned: +1 attack."),
    shield: int = typer.Option(0, "--shield", help="The target's shield."),
    pierce: int = typer.Option(0, "--pierce", help="The attack's pierce."),
    condition: Optional[List[str]] = typer.Option(
        None, "--condition", metavar="EFFECT", help="The attack's own conditions/effects, e.g. stun (repeatable)."
    ),
    targets: Optional[int] = typer.Option(
        None, "--targets", "-t", metavar="N", help="Targets of a multi-target attack: one modifier drawn for each."
    ),
    target: Optional[List[str]] = typer.Option(
        None, "--target", metavar="SPEC",
        help="One target, in order (repeatable): name=X, shield=N, poison; e.g. 'name=guard,shield=1'.",
    ),
    discard: Optional[str] = typer.Option(
        None, "--discard", metavar="CARDS",
        help="Cards of the deck already in the discard pile: reshuffled when the draw pile runs out mid-draw.",
    ),
    seed: Optional[int] = typer.Option(None, "--seed", help="One reproducible draw, shown card by card."),
    as_json: bool = output.JSON,
) -> None:
    """One attack: a seeded draw card by card, or the exact damage distribution (one modifier per target)."""
    from ghcli.errors import BadInput
    from ghcli.rules import attack as rules

    mode, why = rules.attack_mode(
        [n for n, on in (("advantage", advantage), ("strengthen", strengthen)) if on],
        [n for n, on in (("disadvantage", disadvantage), ("muddle", muddle), ("ranged on adjacent", ranged_adjacent))
         if on],
    )
    att = rules.Attack(
        base, mode=mode, poisoned=poison, shield=shield, pierce=pierce, conditions=tuple(split_values(condition))
    )
    cards = _deck(deck, add, remove, bless, curse)
    specs = _targets(target, targets, shield, poison)
    header = {"base_attack": base, "mode": mode, "why": why}
    if len(specs) > 1 or discard is not None:
        discarded = rules.parse_cards([discard]) if discard is not None else []
        attacks = [rules.Attack(base, mode=mode, poisoned=t["poisoned"], shield=t["shield"], pierce=pierce,
                                conditions=att.conditions) for t in specs]
        with arguments.worded({"discard": "--discard"}):
            _multi(base, why, cards, discarded, specs, attacks, seed, as_json, header={
                **header, "pierce": pierce, "deck": rules.describe_deck(cards),
                "discard": rules.describe_deck(discarded)})
        return
    if targets is not None and targets < 1:
        raise BadInput(f"--targets {targets}: an attack has at least one target")
    header.update(poisoned=poison, shield=shield, pierce=pierce, deck=rules.describe_deck(cards))
    if seed is None:
        _distribution(att, cards, header, as_json)
    else:
        _drawn(att, cards, seed, header, as_json)


def _deck(deck: Optional[str], add: Optional[List[str]], remove: Optional[List[str]], bless: int, curse: int) -> list:
    """The modifier deck: the standard 20 (or --deck's cards), with --add, --remove, --bless and --curse."""
    from ghcli.rules import attack as rules

    with arguments.worded({"bless": "--bless", "curse": "--curse"}):
        return rules.build_deck(
            rules.parse_cards([deck]) if deck is not None else None,
            add=rules.parse_cards(add or []),
            remove=rules.parse_cards(remove or []),
            bless=bless,
            curse=curse,
        )


def _drawn(att, cards: list, seed: int, header: dict, as_json: bool) -> None:
    """One target, one seeded draw: the cards drawn, one by one, and the damage."""
    import random

    from ghcli.rules import attack as rules

    res = rules.draw(att, cards, random.Random(seed))
    data = {**header, "seed": seed, **res.as_dict()}

    def text() -> str:
        rows = []
        for i, d in enumerate(res.drawn, 1):
            notes = []
            if d.leaves_deck:
                notes.append("leaves the deck")
            if d.card.shuffles:
                notes.append("shuffle at round end")
            rows.append([i, str(d.card), "yes" if d.card.rolling else "", "yes" if d.used else "ignored",
                         "; ".join(notes)])
        lines = [
            f"attack {header['base_attack']}, {header['why']}; deck of {output.counted(len(cards), 'card')}, "
            f"seed {seed}",
            output.table(rows, ["#", "card", "rolling", "applied", "note"], disable_numparse=True),
        ]
        if res.final.kind == rules.NULL:
            lines.append(f"{res.final}: no damage")
        else:
            lines.append(f"attack value {res.attack_value}, shield {res.shield} after pierce: {res.damage} damage")
        if res.effects:
            on_null = " (they still apply on a null)" if res.final.kind == rules.NULL else ""
            lines.append("effects: " + ", ".join(res.effects) + on_null)
        if res.removed:
            lines.append("leave the deck: " + ", ".join(res.removed))
        if res.shuffle_at_round_end:
            lines.append("the deck shuffles at the end of the round")
        return "\n".join(lines)

    output.emit(data, as_json, text)


def _distribution(att, cards: list, header: dict, as_json: bool) -> None:
    """One target, every draw: the exact damage distribution and its expected value."""
    from ghcli.rules import attack as rules

    dist = rules.distribution(att, cards)
    data = {**header, **dist.as_dict()}

    def text() -> str:
        rows = [[d, _pct(p), str(p)] for d, p in dist.probabilities.items()]
        ev = dist.expected_damage
        return "\n".join(
            [
                f"attack {header['base_attack']}, {header['why']}; deck of {output.counted(len(cards), 'card')}, "
                f"shield {header['shield']}, pierce {header['pierce']}"
                + (", target poisoned (+1)" if header["poisoned"] else ""),
                output.table(rows, ["damage", "probability", "exact"]),
                f"expected damage: {float(ev):.3f} (exactly {ev})",
                f"the deck shuffles at round end (x2/null drawn) with probability {_pct(dist.shuffle_probability)}",
            ]
        )

    output.emit(data, as_json, text)


def _targets(specs: Optional[List[str]], n: Optional[int], shield: int, poison: bool) -> list[dict]:
    """The targets, in order: ``--target`` specs, else ``--targets N`` alike (the attack's --shield, --poison)."""
    from ghcli.errors import BadInput

    if specs and n is not None and n != len(specs):
        raise BadInput(f"--targets {n} but {len(specs)} --target given: give one or the other")
    if n is not None and not 1 <= n <= 100:
        raise BadInput(f"--targets {n}: an attack has 1 to 100 targets")
    if not specs:
        return [{"name": f"target {i + 1}", "shield": shield, "poisoned": poison} for i in range(n or 1)]
    out = []
    for i, spec in enumerate(specs):
        t = {"name": f"target {i + 1}", "shield": shield, "poisoned": poison}
        for part in (p.strip() for p in spec.split(",")):
            key, eq, value = part.partition("=")
            key = key.strip().lower()
            if key == "poison" and not eq:
                t["poisoned"] = True
            elif key == "name" and value.strip():
                t["name"] = value.strip()
            elif key == "shield" and value.strip().isdigit():
                t["shield"] = int(value)
            else:
                raise BadInput(f"--target {spec!r}: write name=X, shield=N and poison, separated by commas")
        out.append(t)
    return out


def _multi(base, why, cards, discarded, specs, attacks, seed, as_json, header) -> None:
    """A multi-target attack (or one from a partly drawn deck): one modifier draw per target."""
    import random

    from ghcli.rules import attack as rules

    if seed is not None:
        res = rules.draw_targets(attacks, cards, random.Random(seed), discarded)
        data = {**header, "seed": seed, "targets": [
            {"target": t["name"], "shield": t["shield"], "poisoned": t["poisoned"], **r.as_dict()}
            for t, r in zip(specs, res.targets)],
            "reshuffles": [{"target": k + 1, "after_cards": n} for k, n in res.reshuffles],
            "leave_deck": list(res.removed), "shuffle_at_round_end": res.shuffle_at_round_end}

        def text() -> str:
            lines = [f"attack {base}, {why}; {output.counted(len(specs), 'target')}; deck of "
                     f"{output.counted(len(cards), 'card')}, {len(discarded)} in the discard pile, seed {seed}"]
            for k, (t, r) in enumerate(zip(specs, res.targets)):
                rows = [[i, str(d.card), "yes" if d.card.rolling else "", "yes" if d.used else "ignored"]
                        for i, d in enumerate(r.drawn, 1)]
                lines.append(f"\n{t['name']} (shield {t['shield']}{', poisoned' if t['poisoned'] else ''}):")
                lines.append(output.table(rows, ["#", "card", "rolling", "applied"], disable_numparse=True))
                for tk, n in res.reshuffles:
                    if tk == k:
                        when = (f"after {output.counted(n, 'card')} of this draw" if n else
                                "at the start of this draw")
                        lines.append(f"the draw pile ran out {when}: the discard pile was shuffled into a new "
                                     "one at once and the draw went on")
                lines.append(f"{r.final}: no damage" if r.final.kind == rules.NULL else
                             f"attack value {r.attack_value}, shield {r.shield} after pierce: {r.damage} damage")
                if r.effects:
                    lines.append("effects: " + ", ".join(r.effects))
            if res.removed:
                lines.append("leave the deck: " + ", ".join(res.removed))
            if res.shuffle_at_round_end:
                lines.append("the deck shuffles at the end of the round")
            return "\n".join(lines)

        output.emit(data, as_json, text)
        return
    dists = rules.distributions(attacks, cards, discarded)
    data = {**header, "targets": [{"target": t["name"], "shield": t["shield"], "poisoned": t["poisoned"],
                                   **d.as_dict()} for t, d in zip(specs, dists)]}

    def text() -> str:
        lines = [f"attack {base}, {why}; {output.counted(len(specs), 'target')}, one modifier drawn for each, in "
                 f"order; deck of {output.counted(len(cards), 'card')}, {len(discarded)} in the discard pile"]
        for t, d in zip(specs, dists):
            rows = [[dmg, _pct(p), str(p)] for dmg, p in d.probabilities.items()]
            ev = d.expected_damage
            lines += [f"\n{t['name']} (shield {t['shield']}{', poisoned' if t['poisoned'] else ''}):",
                      output.table(rows, ["damage", "probability", "exact"]),
                      f"expected damage: {float(ev):.3f} (exactly {ev})"]
        lines.append(f"\nthe deck shuffles at round end (x2/null drawn) with probability "
                     f"{_pct(dists[-1].shuffle_probability)}")
        return "\n".join(lines)

    output.emit(data, as_json, text)
