"""Monster ability decks and a board's ``card:`` (the edition's monster_decks.json).

The decks are the active edition's (``ghcli.editions``: Gloomhaven's
ghcli/data/monster_decks.json, Jaws of the Lion's
ghcli/editions/jotl/monster_decks.json). ``resolve(doc)``: a board document
whose ``card`` names the active monster's ability card, its type and the
monster level, with its ``action`` worked out from the stat card (the
edition's monsters.json) and the ability card (``ghcli.rules.monster_deck``),
and the lines saying how. No database: a table question.

A board's card is read in the edition whose monsters play under the board's
rules (``board: jaws-of-the-lion``: Jaws of the Lion's monsters and decks;
``gloomhaven``, the default: Gloomhaven's), whatever campaign is open: the
board says which game is on the table. A rule set ghcli ships no edition of
(``frosthaven``) reads the active edition's.
"""

from __future__ import annotations

import contextlib

from ghcli import editions
from ghcli.campaign import monster_stats
from ghcli.errors import BadInput
from ghcli.rules import monster_deck as deck_rules, monster_stats as stat_rules


def _decks() -> dict:
    return editions.current().load("monster_decks")


def deck_of(key: str) -> str:
    """The name of the ability deck monster ``key`` uses (BadInput when ghcli ships none for it)."""
    deck = _decks()["monster_decks"].get(key)
    if deck is None:
        raise BadInput(f"no ability deck is shipped for {key} (ghcli ships {editions.current().name}'s decks)")
    return deck


def deck(name: str) -> list:
    return _decks()["decks"][name]


def resolve(doc: dict) -> tuple[dict, list[str]]:
    """``doc`` with its ``action`` worked out from its ``card`` ({"number", "monster", "level"}), and
    the lines saying how; unchanged (and no lines) without a ``card``."""
    card = doc.get("card") if isinstance(doc, dict) else None
    if card is None:
        return doc, []
    if not isinstance(card, dict) or not {"number", "monster", "level"} <= set(card):
        raise BadInput("board: 'card' needs a number, a monster and a level (card: 534 bandit-archer level 1)")
    if "action" in doc:
        raise BadInput("board: give the monster's card (card:) or its move and attack (move:, attack:), not both")
    number, level = card["number"], card["level"]
    for what, v in (("card number", number), ("level", level)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise BadInput(f"board: the card's {what} must be a whole number, not {v!r}")
    stat_rules.check_level(level)
    board_edition = editions.for_rule_set(str(doc.get("rules", "gloomhaven")))
    with editions.using(board_edition.key) if board_edition is not None else contextlib.nullcontext():
        return _resolved(doc, card, number, level)


def _resolved(doc: dict, card: dict, number: int, level: int) -> tuple[dict, list[str]]:
    m = monster_stats.find(str(card["monster"]))
    deck_name = deck_of(m["key"])
    the_card = deck_rules.find_card(deck(deck_name), number, m["name"], deck_name)
    active = next((f for f in doc.get("figures") or [] if isinstance(f, dict)
                   and doc.get("active") in (f.get("id"), f.get("label"))), None)
    kind = "boss" if m["boss"] else "elite" if active is not None and active.get("elite") else "normal"
    characters = card.get("characters")
    stats = monster_stats.at_level(m, level, characters)[kind]
    action, why = deck_rules.card_action(stats, the_card, monster=m["name"], kind=kind, level=level,
                                           flying=bool(m.get("flying")))
    return {**doc, "action": action}, why
