"""A board's `card:` (issue 25): the move and attack from the stat card plus the ability card.

A board naming the active monster's ability card, its type and the monster
level gives the same answer as the same board with the move and attack typed
by hand: the numbers typed here are worked out by hand from the stat card
(monsters.json) and the card (monster_decks.json) as the rulebook says (the
card's +N/-N modify the stat card's; a number without a sign is the card's
own).
"""

from __future__ import annotations

import json

import pytest

from ghcli.boards import textboard as tb
from ghcli.campaign.monster_deck import resolve
from ghcli.errors import BadInput
from ghcli.rules.board import Board
from ghcli.rules.monster import decide

MAP = """map: 0,0
 a       .       .       .       .
     .       .       .       .
 .       .       .       .       b
     .       .       .       .
 .       c       .       .       .
figures:
a = archer monster{elite}
b = brute character 20
c = spell character 40
"""


def _board(head: str, elite: bool = False) -> str:
    return "board: gloomhaven flat\nactive: a\n" + head + "\n" + MAP.format(elite=" elite" if elite else "")


# (monster, kind, level, card, the move and attack typed by hand, and how they were worked out)
CASES = [
    # Bandit Archer normal L1: move 2, attack 2, range 4. Card 532: move +1, attack -1 (range as the stat card).
    ("bandit-archer", False, 1, 532, "move: 3\nattack: range 4"),
    # elite L1: move 2, attack 3, range 5. Card 534: move +0, attack +1, range -1.
    ("bandit-archer", True, 1, 534, "move: 2\nattack: range 4"),
    # normal L1. Card 536: no move; attack -1, target 2.
    ("bandit-archer", False, 1, 536, "move: 0\nattack: range 4 targets 2"),
    # Living Bones normal L2: move 3, attack 2, melee, target 2 (stat card). Card 518: move +1, attack -1.
    ("living-bones", False, 2, 518, "move: 4\nattack: melee targets 2"),
    # Living Bones elite L2: move 4, target 3. Card 516: move -1, attack +1.
    ("living-bones", True, 2, 516, "move: 3\nattack: melee targets 3"),
    # Flame Demon normal L1: move 3, range 3, flying. Card 628: move +1, attack -1.
    ("flame-demon", False, 1, 628, "move: 4 flying\nattack: range 3"),
    # Giant Viper L0 normal: move 2, melee. Card 687: move +1 with jump.
    ("giant-viper", False, 0, 687, None),
]


@pytest.mark.parametrize("monster, elite, level, card, typed", CASES, ids=lambda v: str(v))
def test_a_card_gives_the_answer_of_the_board_typed_by_hand(monster, elite, level, card, typed):
    with_card = tb.load(_board(f"card: {card} {monster} level {level}", elite))
    resolved, why = resolve(with_card)
    if typed is None:  # the viper: worked out from the data here, jump checked
        assert resolved["action"]["jump"] is True and resolved["action"]["move"] == 3
        return
    by_hand = tb.load(_board(typed, elite))
    assert resolved["action"] == by_hand["action"]
    assert decide(Board.from_dict(resolved)).to_dict() == decide(Board.from_dict(by_hand)).to_dict()
    assert why[0].startswith(f"the action: ability card {card} ")


def test_focus_why_says_where_the_numbers_came_from(cli, tmp_path):
    path = tmp_path / "card.txt"
    path.write_text(_board("card: 534 bandit-archer level 1", elite=True), encoding="utf-8")
    hand = tmp_path / "hand.txt"
    hand.write_text(_board("move: 2\nattack: range 4", elite=True), encoding="utf-8")
    assert json.loads(cli("rules", "focus", path, "--json").stdout) == \
        json.loads(cli("rules", "focus", hand, "--json").stdout)
    text = cli("rules", "focus", path, "--why").stdout
    assert "- the action: ability card 534 (initiative 32) on the stat card of Bandit Archer (elite, level 1)" in text
    assert "- move 2 = 2 +0" in text and "- attack 4 = 3 +1; range 4 = 5 -1; targets 1" in text
    plain = cli("rules", "focus", path).stdout
    assert "ability card 534" in plain and "(--why: how)" in plain and "move 2 = 2 +0" not in plain
    data = json.loads(cli("rules", "focus", path, "--why", "--json").stdout)
    assert data["action"]["attack"]["range"] == 4 and data["action_from"][1] == "move 2 = 2 +0"


@pytest.mark.parametrize("head, words", [
    ("card: 600 bandit-archer level 1", "line 3, column 7: card 600 is not in Bandit Archer's deck (archer: cards "
                                        "532-539)"),
    ("card: 534 bandit-archr level 1", "line 3, column 11: unknown monster 'bandit-archr'; did you mean "
                                       "'Bandit Archer'?"),
    ("card: 534 bandit-archer level 9", "level 9 is not between 0 and 7"),
    ("card: 534 bandit-archer", "'card:' needs NUMBER MONSTER level L"),
    ("card: 703 ancient-artillery level 1", "card 703's attack has an area: type it by hand"),
    ("card: 735 deep-terror level 1", "card 735 has 2 attacks: a board holds one"),
    ("card: 601 cave-bear level 1", "card 601 attacks before it moves"),
    ("card: 534 bandit-archer level 1\nmove: 2", "give the monster's card (card:) or its move and attack"),
])
def test_what_a_card_board_cannot_hold_is_said(cli, tmp_path, head, words):
    path = tmp_path / "card.txt"
    path.write_text(_board(head), encoding="utf-8")
    r = cli("rules", "focus", path)
    assert r.exit_code == 2 and words in r.stderr, r.stderr


def test_the_card_line_is_kept_by_the_text_format():
    doc = tb.load(_board("card: 534 bandit-archer level 1"))
    assert doc["card"] == {"number": 534, "monster": "bandit-archer", "level": 1} and "action" not in doc
    assert tb.load(tb.dump(doc)) == tb.canonical(doc)
    assert "card: 534 bandit-archer level 1" in tb.dump(doc).splitlines()
    # JSON keeps it as its own key, and without it the board is format 1 as before
    with pytest.raises(BadInput, match="missing key 'action'"):
        Board.from_dict(doc)


def test_the_editor_answers_a_card_board():
    from ghcli.editor import model

    doc = tb.canonical(tb.load(_board("card: 532 bandit-archer level 1")))
    hand = tb.canonical(tb.load(_board("move: 3\nattack: range 4")))
    from ghcli.campaign.monster_deck import resolve

    assert model.solve(doc, resolve).answer == model.solve(hand).answer
