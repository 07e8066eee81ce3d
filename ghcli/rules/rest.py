"""Resting and exhaustion (rulebook "Resting", "Exhaustion").

Readings (rulebook: Card selection, End of round, Resting, Exhaustion; docs/table.md, Rests and
exhaustion):

- Either rest needs at least 2 cards in the discard pile; all discarded
  cards but one return to the hand and that one is lost.
- Short rest: at the end of the round (after the round's turns, the deck
  shuffles and the elements waning). The lost card is chosen at random
  among the discarded cards; once per rest the character may suffer 1
  damage to have the card returned and another card, chosen at random
  among the OTHER discarded cards, lost instead. The character played two
  cards that round as usual.
- Long rest: declared at card selection instead of playing cards; the
  character acts at initiative 99 and on its turn loses a discarded card of
  its choice, heals 2 (it may decline) and refreshes its spent items.
- A character is exhausted when it cannot play two cards (fewer than 2 in
  hand) and cannot rest (fewer than 2 in the discard). With fewer than 2 in
  hand but 2 or more discarded it must long rest. Hit points at 0 also
  exhaust (``hp``, optional).
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any, Optional, Sequence

from ghcli.errors import BadInput, Refused
from ghcli.rules.order import LONG_REST_INITIATIVE

MIN_DISCARD = 2
LONG_REST_HEAL = 2
REROLL_DAMAGE = 1
KINDS = ("short", "long")


@dataclass(frozen=True)
class RestOutcome:
    kind: str
    timing: str
    lose: str  # "random" or "chosen"
    reroll: Optional[str]
    heal: int
    refresh_spent_items: bool
    initiative: Optional[int]
    plays_cards: bool
    hand_after: Optional[int] = None
    discard_after: Optional[int] = None
    lost_after: Optional[int] = None
    lost_card: Optional[str] = None
    rerolled_from: Optional[str] = None
    damage_taken: int = 0

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _count(name: str, value: Optional[int]) -> None:
    if value is not None and value < 0:
        raise BadInput(f"{name} cannot be negative")


def _card_lost(kind: str, cards: list[str], rng: Optional[random.Random], reroll: bool,
               lose: Optional[str]) -> tuple[Optional[str], Optional[str], int]:
    """``rest``'s card lost, the card rerolled from, and the damage taken for a reroll."""
    lost_card: Optional[str] = None
    rerolled_from: Optional[str] = None
    damage = 0
    if kind == "short" and cards and rng is not None:
        first = rng.randrange(len(cards))
        lost_card = cards[first]
        if reroll:
            others = [i for i in range(len(cards)) if i != first]
            rerolled_from = lost_card
            lost_card = cards[others[rng.randrange(len(others))]]
            damage = REROLL_DAMAGE
    elif kind == "short" and reroll and rng is None:
        damage = REROLL_DAMAGE
    if kind == "long" and lose is not None:
        if cards and lose.lower() not in {c.lower() for c in cards}:
            from ghcli.errors import NotFound

            raise NotFound("discarded card", lose, cards)
        lost_card = next((c for c in cards if c.lower() == lose.lower()), lose)
    return lost_card, rerolled_from, damage


def rest(
    kind: str,
    *,
    hand: Optional[int] = None,
    discard: Optional[int] = None,
    lost: Optional[int] = None,
    discarded_cards: Sequence[str] = (),
    rng: Optional[random.Random] = None,
    reroll: bool = False,
    lose: Optional[str] = None,
) -> RestOutcome:
    """What a rest does; with counts, the piles after it; with card names and a rng, the card lost.

    ``discarded_cards`` names the discard pile (it then gives the discard
    count). A short rest with ``rng`` picks the lost card at random (and
    rerolls once for 1 damage when ``reroll``); a long rest loses ``lose``.
    """
    if kind not in KINDS:
        raise BadInput(f"unknown rest {kind!r}; choose short or long")
    for name, value in (("hand", hand), ("discard", discard), ("lost", lost)):
        _count(name, value)
    cards = [c.strip() for c in discarded_cards if c.strip()]
    if cards:
        if discard is not None and discard != len(cards):
            raise BadInput(f"{discard} discarded cards counted but {len(cards)} named", field="discard")
        discard = len(cards)
    if discard is not None and discard < MIN_DISCARD:
        raise Refused(f"a rest needs at least {MIN_DISCARD} discarded cards; "
                      f"there {'is' if discard == 1 else 'are'} {discard}")
    if kind == "long" and reroll:
        raise BadInput("only a short rest rerolls: a long rest chooses the card")
    if kind == "short" and lose is not None:
        raise BadInput("a short rest cannot choose the card: it is lost at random")

    lost_card, rerolled_from, damage = _card_lost(kind, cards, rng, reroll, lose)

    hand_after: Optional[int] = None  # (the piles after the rest, when counted)
    discard_after: Optional[int] = None
    lost_after: Optional[int] = None
    if discard is not None:
        hand_after = None if hand is None else hand + discard - 1
        discard_after = 0
        lost_after = None if lost is None else lost + 1
    if kind == "short":
        return RestOutcome(
            kind="short",
            timing="end of round",
            lose="random",
            reroll=f"once: suffer {REROLL_DAMAGE} damage to lose another random discarded card instead",
            heal=0,
            refresh_spent_items=False,
            initiative=None,
            plays_cards=True,
            lost_card=lost_card,
            rerolled_from=rerolled_from,
            damage_taken=damage,
            hand_after=hand_after, discard_after=discard_after, lost_after=lost_after,
        )
    return RestOutcome(
        kind="long",
        timing="card selection (declared); resolved on the character's turn at initiative " + str(LONG_REST_INITIATIVE),
        lose="chosen",
        reroll=None,
        heal=LONG_REST_HEAL,
        refresh_spent_items=True,
        initiative=LONG_REST_INITIATIVE,
        plays_cards=False,
        lost_card=lost_card,
        hand_after=hand_after, discard_after=discard_after, lost_after=lost_after,
    )


@dataclass(frozen=True)
class Exhaustion:
    exhausted: bool
    hand: int
    discard: int
    hp: Optional[int]
    can_play_cards: bool
    can_rest: bool
    must_long_rest: bool
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def exhaustion(hand: int, discard: int, hp: Optional[int] = None) -> Exhaustion:
    """Is a character with these piles (and hit points) exhausted at card selection?"""
    _count("hand", hand)
    _count("discard", discard)
    can_play = hand >= 2
    can_rest = discard >= MIN_DISCARD
    if hp is not None and hp <= 0:
        exhausted, reason = True, "no hit points left"
    elif not can_play and not can_rest:
        exhausted = True
        reason = (f"fewer than 2 cards in hand ({hand}) and fewer than 2 discarded ({discard}): "
                  "cannot play two cards or rest")
    elif not can_play:
        exhausted = False
        reason = f"fewer than 2 cards in hand ({hand}) but {discard} discarded: must long rest"
    else:
        exhausted = False
        reason = f"{hand} cards in hand: can play two cards" + (" or long rest" if can_rest else "")
    return Exhaustion(
        exhausted=exhausted,
        hand=hand,
        discard=discard,
        hp=hp,
        can_play_cards=can_play and not exhausted,
        can_rest=can_rest and not exhausted,
        must_long_rest=not exhausted and not can_play and can_rest,
        reason=reason,
    )
