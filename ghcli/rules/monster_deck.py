"""A monster's move and attack from its stat card and its ability card (board ``card:``).

Pure: standard library only. ``card_action(stat, card, ...)`` gives the
``action`` of board format 1 and the lines that say where each number came
from. The stat card is one row of ``ghcli/data/monsters.json`` (the monster's
normal or elite stats at the monster level: move, attack, range,
attributes); the ability card one card of ``ghcli/data/monster_decks.json``
(its actions as numbers: a value with ``op`` ``+`` or ``-`` modifies the stat
card's, one without is the value itself).

Readings (the rulebook: the ability card's numbers modify the stat card's):

* move: the stat card's move plus or minus the card's (never below 0); a card
  without a move gives no move. Jump if the card's move says so; flying if
  the monster flies (its stat card).
* attack: the stat card's attack plus or minus the card's; range: the stat
  card's (0: melee) plus or minus the card's, or the card's own range when
  it gives one without a sign (a melee monster's ranged card); targets: the
  card's target number, else the stat card's ("target 2"), else 1 (both
  given: the larger).
* What a board cannot hold is refused, not guessed: an attack before the
  move or a second attack (a board is one move, then one attack), an area
  (type ``attack: ... area ...`` by hand), a value in letters.
* The card's element bonuses (consume an element for more) are not counted:
  the board's answer is for the card as printed; conditions, shields, heals
  and the card's words (not shipped) change neither move nor attack, and
  the lines say when a card has words to read.
"""

from __future__ import annotations

from typing import Any, Optional

from ghcli.errors import BadInput

#: A JSON object of the shipped data (a stat card row, an ability card, one of its actions).
Json = dict[str, Any]


def _number(value: Any, what: str, card: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"card {card}: its {what} is {value!r}, not a number: type the action by hand")
    return value


def _modified(base: int, a: Json, what: str, card: int) -> tuple[int, str]:
    """(the value, how) of the card's ``a`` applied to the stat card's ``base``."""
    v = _number(a.get("value", 0), what, card)
    op = a.get("op")
    if op == "+":
        return base + v, f"{base} +{v}"
    if op == "-":
        return max(0, base - v), f"{base} -{v}"
    return v, f"{v} (the card's own)"


def _stat_targets(attributes: Any) -> int:
    for a in attributes or []:
        words = str(a).split()
        if len(words) == 2 and words[0] == "target" and words[1].isdigit():
            return int(words[1])
    return 1


def card_action(stat: Json, card: Json, *, monster: str, kind: str, level: int,
                flying: bool = False) -> tuple[Json, list[str]]:
    """The board's ``action`` for a monster (``stat``: its stat card row at ``level``, ``kind``
    normal, elite or boss) playing ability ``card``, and the lines saying how (``--why``)."""
    n = card["card"]
    actions = card.get("actions", [])
    kinds = [a["type"] for a in actions]
    move_at = kinds.index("move") if "move" in kinds else None
    attack_at = kinds.index("attack") if "attack" in kinds else None
    if kinds.count("move") > 1 or (move_at is not None and attack_at is not None and attack_at < move_at):
        raise BadInput(f"card {n} attacks before it moves: a board holds one move, then one attack; type the "
                       "part you are asking about by hand")
    if kinds.count("attack") > 1:
        raise BadInput(f"card {n} has {kinds.count('attack')} attacks: a board holds one; type the move and "
                       "attack you are asking about by hand")
    who = f"{monster} ({kind}, level {level})"
    why = [f"the action: ability card {n} (initiative {card.get('initiative')}) on the stat card of {who}"]
    action: Json = {"move": 0, "attack": None, "jump": False, "flying": bool(flying), "teleport": False,
                    "muddled": False}
    if move_at is not None:
        a = actions[move_at]
        action["move"], how = _modified(_number(stat.get("move", 0), "stat move", n), a, "move", n)
        subs = [s["type"] for s in a.get("sub", [])]
        action["jump"] = "jump" in subs
        why.append(f"move {action['move']} = {how}" + (", jump" if action["jump"] else "")
                   + (", flying (the monster flies)" if flying else ""))
    else:
        why.append("move 0: the card has no move")
    if attack_at is not None:
        a = actions[attack_at]
        sub_of = {s["type"]: s for s in a.get("sub", [])}
        if "area" in sub_of:
            raise BadInput(f"card {n}'s attack has an area: type it by hand (attack: ... area DQ,DR ...)")
        value = stat.get("attack", 0)
        if isinstance(value, int) and not isinstance(value, bool):
            attack_value, how_attack = _modified(value, a, "attack", n)
        else:
            attack_value = value
            how_attack = f"{value} (a formula on the stat card) {a.get('op', '')}{a.get('value', '')}"
        rng = _number(stat.get("range", 0) or 0, "stat range", n)
        how_range = f"{rng} (the stat card)" if rng else "melee (the stat card)"
        if "range" in sub_of:
            rng, how_range = _modified(rng, sub_of["range"], "range", n)
        targets = _stat_targets(stat.get("attributes"))
        how_targets = f"{targets} (the stat card)" if targets > 1 else "1"
        if "target" in sub_of:
            t = _number(sub_of["target"].get("value"), "target count", n)
            if t >= targets:
                targets, how_targets = t, f"{t} (the card)"
        action["attack"] = {"range": rng, "targets": targets, "area": []}
        why.append(f"attack {attack_value} = {how_attack}; " + (f"range {rng} = {how_range}" if rng else
                                                                "melee")
                   + f"; targets {how_targets}")
    else:
        why.append("no attack: the card has none (the monster focuses as if it had a melee attack)")
    if any(s.get("type") == "element" and s.get("op") == "-" for a in actions for s in a.get("sub", [])):
        why.append("the card's element bonus (consume an element for more) is not counted")
    if card.get("custom") or "other" in kinds:
        why.append(f"card {n} also has words of its own (not shipped): read it from your deck")
    return action, why


def find_card(deck: list[Json], number: int, monster: str, deck_name: str) -> Json:
    """The card numbered ``number`` of ``deck`` (a list of cards), or BadInput naming the deck's numbers."""
    for c in deck:
        if c["card"] == number:
            return c
    numbers = sorted(c["card"] for c in deck)
    span = f"{numbers[0]}-{numbers[-1]}" if numbers == list(range(numbers[0], numbers[-1] + 1)) else \
        ", ".join(map(str, numbers))
    raise BadInput(f"card {number} is not in {monster}'s deck ({deck_name}: cards {span})")


def level_stat(rows: list[Json], level: int) -> Optional[Json]:
    """The stat card row of ``level`` (rows of one kind, as monsters.json lists them)."""
    return next((r for r in rows if r.get("level") == level), None)
