"""One attack resolved with an attack modifier deck: a seeded draw or the exact damage distribution.

The deck (rulebook "Attack modifier deck"): the standard 20 cards are six +0,
five +1, five -1, one +2, one -2, one x2 and one null; perks and items add or
remove cards, bless (x2) and curse (null) cards are shuffled in.

Readings (rulebook: Attack, Attack modifier deck, Advantage and disadvantage,
Added effects, Conditions; docs/table.md, One attack):

- Attack value: the base attack (with the ability's and items' bonuses: give
  them in the base), +1 if the target is poisoned, plus every applied
  ``+N``/``-N`` card (rolling or not); then an applied x2 (or bless) doubles
  the total and a null (or curse) makes it 0. Additive modifiers first, then
  the multiplier; a total below 0 counts as 0.
- Damage: the attack value less the target's shield, the shield first
  reduced by the attack's pierce and the pierce of every applied card (not
  below 0). A null deals no damage; the attack's conditions and effects
  still apply, as do those of the applied modifier cards.
- Rolling modifiers: keep drawing until a card that is not rolling; all
  drawn cards apply.
- Advantage: draw two cards and apply the better. If exactly one of the two
  is rolling, both apply (no further draw). If both are rolling, keep
  drawing until a card that is not rolling and apply them all.
- Disadvantage: draw two cards and apply the worse. A rolling card among
  the two is ignored (the other applies). If both are rolling, keep drawing
  until a card that is not rolling and apply that card only.
- "Better": a card is better than the other when it deals at least as much
  damage to this target (then: at least as high an attack value) and has
  every other effect the other has, and is strictly ahead in one of these.
  When neither is better (equal, or ambiguous such as +1 against +0 stun),
  the first card drawn is used. "Worse" is the mirror image.
- Advantage and disadvantage do not stack; when both apply they cancel to a
  normal draw. Strengthen gives advantage; muddle and a ranged attack on an
  adjacent target give disadvantage.
- Bless and curse cards leave the deck when drawn (whether used or not).
  A drawn x2 or null (not bless or curse) makes the deck shuffle at the end
  of the round.
- A multi-target attack (target 2, an area; rulebook: Attack modifier deck,
  one card for each target; docs/table.md, Several targets) draws one
  modifier for each target, in the order the targets are given, from the
  same deck: each target's draw (rolling cards, advantage, disadvantage) is
  resolved whole before the next one's starts, and its cards go to the
  discard pile when it ends.
- The deck may be partly drawn: ``discard`` names the cards in the discard
  pile since the last shuffle (they are not in the draw pile). When the draw
  pile runs out in the middle of a draw (rulebook: Attack modifier deck, an
  empty draw pile is reshuffled at once), the discard pile is shuffled at
  once into a new draw pile and the draw goes on; the cards of the draw in progress are
  on the table, not in the discard, so they are not reshuffled. Bless and
  curse cards drawn have left the deck. If the discard pile is empty too,
  the attack cannot be finished (bad input).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable, Optional, Sequence

from ghcli.errors import BadInput

# The three kinds of card: +N/-N, x2 (and bless), null (and curse).
ADD, DOUBLE, NULL = "add", "double", "null"
# The standard 20-card deck: (card, copies).
STANDARD_DECK = (("+0", 6), ("+1", 5), ("-1", 5), ("+2", 1), ("-2", 1), ("x2", 1), ("null", 1))
# Bless and curse cards in the box: at most this many in one deck.
MAX_BLESS = MAX_CURSE = 10
# How an attack draws: one card (rolling ones on top), or two for advantage/disadvantage.
MODES = ("normal", "advantage", "disadvantage")

_CARD_RE = re.compile(
    r"^(?P<rolling>r|rolling|~)?\s*(?P<body>[+-]\d+|x2|2x|null|bless|curse)(?P<effects>(?::[a-z][a-z-]*\d*)*)$"
)
_EFFECT_RE = re.compile(r"^(?P<name>[a-z][a-z-]*?)(?P<amount>\d*)$")


@dataclass(frozen=True, order=True)
class Modifier:
    """One attack modifier card. ``Modifier.parse("r+1:pierce2")``; ``str()`` gives that back."""

    kind: str  # add, double, null
    value: int = 0  # for add
    rolling: bool = False
    effects: tuple[str, ...] = ()  # sorted: conditions, elements, pierceN, pushN ...
    special: str = ""  # bless or curse

    @classmethod
    def parse(cls, text: str) -> "Modifier":
        """The card written as ``+1``, ``r+0:pierce3``, ``x2``, ``null``, ``bless`` ...; BadInput otherwise."""
        t = text.strip().lower().replace(" ", "")
        m = _CARD_RE.match(t)
        if not m:
            raise BadInput(
                f"bad modifier card {text!r}: write +1, -2, x2, null, bless or curse; "
                "r+1 for a rolling card; :effect after it (r+0:pierce3, +1:stun)"
            )
        rolling = bool(m.group("rolling"))
        body = m.group("body")
        effects = tuple(sorted(e for e in m.group("effects").split(":") if e))
        if body in ("x2", "2x"):
            kind, value, special = DOUBLE, 0, ""
        elif body == "null":
            kind, value, special = NULL, 0, ""
        elif body == "bless":
            kind, value, special = DOUBLE, 0, "bless"
        elif body == "curse":
            kind, value, special = NULL, 0, "curse"
        else:
            kind, value, special = ADD, int(body), ""
        if rolling and kind != ADD:
            raise BadInput(f"bad modifier card {text!r}: only +N/-N cards can be rolling")
        if special and effects:
            raise BadInput(f"bad modifier card {text!r}: bless and curse cards have no other effects")
        return cls(kind, value, rolling, effects, special)

    def __str__(self) -> str:
        """The card as written for :meth:`parse` (``r+1:pierce2``, ``x2``, ``bless``)."""
        if self.special:
            body = self.special
        elif self.kind == DOUBLE:
            body = "x2"
        elif self.kind == NULL:
            body = "null"
        else:
            body = f"{self.value:+d}"
        return ("r" if self.rolling else "") + body + "".join(f":{e}" for e in self.effects)

    @property
    def pierce(self) -> int:
        """The pierce the card adds to the attack (sum of its ``pierceN`` effects; 0 if none)."""
        total = 0
        for e in self.effects:
            m = _EFFECT_RE.match(e)
            if m and m.group("name") == "pierce":
                total += int(m.group("amount") or 0)
        return total

    @property
    def other_effects(self) -> frozenset[str]:
        """Effects other than pierce (pierce is counted in the damage)."""
        return frozenset(e for e in self.effects if not e.startswith("pierce"))

    @property
    def shuffles(self) -> bool:
        """x2 and null (not bless or curse) shuffle the deck at the end of the round."""
        return self.kind in (DOUBLE, NULL) and not self.special

    @property
    def leaves_deck(self) -> bool:
        """Bless and curse cards are removed from the deck when drawn."""
        return bool(self.special)


def parse_cards(specs: Iterable[str]) -> list[Modifier]:
    """Cards from specs such as ``+1``, ``r+0:pierce3`` or ``2*-1`` (two -1 cards); commas separate cards."""
    cards: list[Modifier] = []
    for spec in specs:
        for part in str(spec).split(","):
            part = part.strip()
            if not part:
                continue
            count = 1
            m = re.match(r"^(\d+)\s*\*\s*(.+)$", part)
            if m:
                count, part = int(m.group(1)), m.group(2)
            cards.extend([Modifier.parse(part)] * count)
    return cards


def standard_deck() -> list[Modifier]:
    """The standard 20 cards: six +0, five +1, five -1, one +2, one -2, one x2, one null."""
    return [Modifier.parse(label) for label, n in STANDARD_DECK for _ in range(n)]


def build_deck(
    base: Optional[Sequence[Modifier]] = None,
    add: Sequence[Modifier] = (),
    remove: Sequence[Modifier] = (),
    bless: int = 0,
    curse: int = 0,
) -> tuple[Modifier, ...]:
    """The standard deck (or ``base``), less ``remove``, plus ``add`` and the bless and curse cards."""
    if not 0 <= bless <= MAX_BLESS:
        raise BadInput(f"{bless} bless cards: there are 0 to {MAX_BLESS}", field="bless")
    if not 0 <= curse <= MAX_CURSE:
        raise BadInput(f"{curse} curse cards: there are 0 to {MAX_CURSE}", field="curse")
    deck = list(standard_deck() if base is None else base)
    for card in remove:
        if card not in deck:
            raise BadInput(f"the deck has no {card} card left to remove")
        deck.remove(card)
    deck.extend(add)
    deck.extend([Modifier(DOUBLE, special="bless")] * bless)
    deck.extend([Modifier(NULL, special="curse")] * curse)
    return tuple(deck)


def describe_deck(deck: Sequence[Modifier]) -> dict[str, int]:
    """Card label -> copies in the deck, +N/-N highest first, then x2 and null, bless and curse, then rolling cards."""
    counts = Counter(str(c) for c in deck)
    return dict(sorted(counts.items(), key=lambda kv: _sort_label(kv[0])))


def _sort_label(label: str) -> tuple[bool, bool, bool, int, str]:
    card = Modifier.parse(label)
    return (card.rolling, card.special != "", card.kind != ADD, -card.value, label)


def attack_mode(advantage: Iterable[str] = (), disadvantage: Iterable[str] = ()) -> tuple[str, str]:
    """The draw mode from the sources of advantage and disadvantage, and why."""
    adv, dis = [a for a in advantage if a], [d for d in disadvantage if d]

    def why(name: str, sources: list[str]) -> str:
        return name if sources == [name] else f"{name} ({', '.join(sources)})"

    if adv and dis:
        return "normal", f"{why('advantage', adv)} and {why('disadvantage', dis)} cancel: a normal draw"
    if adv:
        return "advantage", f"{why('advantage', adv)}: draw two, the better applies"
    if dis:
        return "disadvantage", f"{why('disadvantage', dis)}: draw two, the worse applies"
    return "normal", "a normal draw"


@dataclass(frozen=True)
class Attack:
    """One attack on one target: base value, draw mode, poisoned target, its shield, the attack's pierce and effects."""
    base: int
    mode: str = "normal"
    poisoned: bool = False
    shield: int = 0
    pierce: int = 0
    conditions: tuple[str, ...] = ()  # the attack's own effects (apply even on a null)

    def __post_init__(self) -> None:
        if self.base < 0:
            raise BadInput("the base attack cannot be negative")
        if self.shield < 0 or self.pierce < 0:
            raise BadInput("shield and pierce cannot be negative")
        if self.mode not in MODES:
            raise BadInput(f"unknown draw mode {self.mode!r}")

    def value_and_damage(self, add: int, pierce: int, final: Modifier) -> tuple[int, int]:
        """Attack value and damage from the applied additive sum, extra pierce and the final card."""
        if final.kind == NULL:
            return 0, 0
        total = self.base + (1 if self.poisoned else 0) + add
        if final.kind == ADD:
            total += final.value
        total = max(0, total)
        if final.kind == DOUBLE:
            total *= 2
        shield = max(0, self.shield - self.pierce - pierce - final.pierce)
        return total, max(0, total - shield)


# -- the draw, as a small state machine shared by the seeded draw and the exact enumeration --
#
# phase: ("normal",) draw until not rolling, all apply
#        ("first", mode) the first of two cards for advantage/disadvantage
#        ("adv2", c1) / ("dis2", c1) the second card, c1 held
#        ("ignore",) disadvantage after two rolling cards: ignore rolling, the next other card applies alone
# acc: (additive sum, pierce) of the rolling cards applied so far


#: Where a draw stands (see above): ("normal",), ("first", mode), ("adv2", card), ("dis2", card), ("ignore",).
Phase = tuple[Any, ...]
#: What one card drawn does to the draw: (the next phase or None when it ends, acc, [(which card, used)],
#: the final card or None).
Drawn = tuple[Optional[Phase], tuple[int, int], list[tuple[str, bool]], Optional["Modifier"]]


def _initial(mode: str) -> Phase:
    return ("normal",) if mode == "normal" else ("first", mode)


def _better(att: Attack, a: Modifier, b: Modifier) -> bool:
    """Is ``a`` strictly better than ``b`` as the final card of this attack?"""
    va, da = att.value_and_damage(0, 0, a)
    vb, db = att.value_and_damage(0, 0, b)
    ka, kb = (da, va), (db, vb)
    ea, eb = a.other_effects, b.other_effects
    return ka >= kb and ea >= eb and (ka > kb or ea > eb)


def _step(att: Attack, phase: Phase, acc: tuple[int, int], card: Modifier) -> Drawn:
    """Draw ``card``: (next phase, acc, [(which, used)], final card or None). which: "this" or "held"."""
    add, pierce = acc
    tag = phase[0]
    if tag == "normal":
        if card.rolling:
            return phase, (add + card.value, pierce + card.pierce), [("this", True)], None
        return None, acc, [("this", True)], card
    if tag == "first":
        return ("adv2" if phase[1] == "advantage" else "dis2", card), acc, [], None
    if tag == "ignore":
        if card.rolling:
            return phase, acc, [("this", False)], None
        return None, acc, [("this", True)], card
    c1 = phase[1]
    if tag == "adv2":
        if not c1.rolling and not card.rolling:
            second = _better(att, card, c1)
            return None, acc, [("held", not second), ("this", second)], card if second else c1
        if c1.rolling and card.rolling:
            acc = (add + c1.value + card.value, pierce + c1.pierce + card.pierce)
            return ("normal",), acc, [("held", True), ("this", True)], None
        rolled, final = (c1, card) if c1.rolling else (card, c1)
        return None, (add + rolled.value, pierce + rolled.pierce), [("held", True), ("this", True)], final
    if tag == "dis2":
        if not c1.rolling and not card.rolling:
            second = _better(att, c1, card)  # the second is worse
            return None, acc, [("held", not second), ("this", second)], card if second else c1
        if c1.rolling and card.rolling:
            return ("ignore",), acc, [("held", False), ("this", False)], None
        if c1.rolling:
            return None, acc, [("held", False), ("this", True)], card
        return None, acc, [("held", True), ("this", False)], c1
    raise AssertionError(phase)


def check_deck(att: Attack, deck: Sequence[Modifier]) -> None:
    """BadInput if the deck cannot finish this attack (too few cards for the mode, or only rolling cards)."""
    need = 1 if att.mode == "normal" else 2
    if len(deck) < need:
        raise BadInput(f"the deck has {len(deck)} card(s); {att.mode} needs at least {need}")
    if all(c.rolling for c in deck):
        raise BadInput("the deck has only rolling cards: a draw would never end")


@dataclass(frozen=True)
class DrawnCard:
    """A card drawn during an attack: whether it applied, whether it leaves the deck (bless, curse)."""
    card: Modifier
    used: bool
    leaves_deck: bool

    def as_dict(self) -> dict[str, Any]:
        """The card as JSON: label, rolling, used, leaves the deck, makes the deck shuffle."""
        return {
            "card": str(self.card),
            "rolling": self.card.rolling,
            "used": self.used,
            "leaves_deck": self.leaves_deck,
            "shuffle": self.card.shuffles,
        }


@dataclass(frozen=True)
class Resolution:
    """One attack as drawn, card by card."""

    drawn: tuple[DrawnCard, ...]
    final: Modifier
    attack_value: int
    damage: int
    effects: tuple[str, ...]
    shield: int  # the shield that counted, after pierce
    shuffle_at_round_end: bool

    @property
    def removed(self) -> tuple[str, ...]:
        """The drawn cards that leave the deck (bless and curse), as labels."""
        return tuple(str(d.card) for d in self.drawn if d.leaves_deck)

    def as_dict(self) -> dict[str, Any]:
        """The attack as JSON, card by card (the heart of ``rules attack --seed S --json``)."""
        return {
            "drawn": [d.as_dict() for d in self.drawn],
            "final": str(self.final),
            "null": self.final.kind == NULL,
            "attack_value": self.attack_value,
            "shield_after_pierce": self.shield,
            "damage": self.damage,
            "effects": list(self.effects),
            "leave_deck": list(self.removed),
            "shuffle_at_round_end": self.shuffle_at_round_end,
        }


def resolve(att: Attack, cards: Iterable[Modifier]) -> Resolution:
    """Resolve the attack drawing ``cards`` in order (the top of the deck first)."""
    it = iter(cards)

    def next_card(_drawn: list[Modifier]) -> Modifier:
        try:
            return next(it)
        except StopIteration:
            raise BadInput("the deck ran out of cards during the attack") from None

    return _resolve(att, next_card)


def _resolve(att: Attack, next_card: Callable[[list[Modifier]], Modifier]) -> Resolution:
    """One target's draw, each card from ``next_card(cards drawn so far in this draw)``."""
    phase: Optional[Phase] = _initial(att.mode)
    acc = (0, 0)
    drawn: list[list[Any]] = []  # [card, used]
    held = 0
    final = None
    while final is None:
        assert phase is not None  # (a phase ends only with the final card)
        card = next_card([c for c, _ in drawn])
        drawn.append([card, False])
        phase, acc, verdicts, final = _step(att, phase, acc, card)
        for which, used in verdicts:
            drawn[len(drawn) - 1 if which == "this" else held][1] = used
        if phase is not None and phase[0] in ("adv2", "dis2"):
            held = len(drawn) - 1
    value, damage = att.value_and_damage(acc[0], acc[1], final)
    effects: list[str] = list(att.conditions)
    for card, used in drawn:
        if used:
            effects.extend(e for e in card.effects if not e.startswith("pierce") and e not in effects)
    pierce = att.pierce + acc[1] + final.pierce
    return Resolution(
        drawn=tuple(DrawnCard(c, u, c.leaves_deck) for c, u in drawn),
        final=final,
        attack_value=value,
        damage=damage,
        effects=tuple(effects),
        shield=max(0, att.shield - pierce),
        shuffle_at_round_end=any(c.shuffles for c, _ in drawn),
    )


def draw(att: Attack, deck: Sequence[Modifier], rng: random.Random) -> Resolution:
    """One reproducible draw: the deck shuffled with ``rng``, then resolved from the top."""
    check_deck(att, deck)
    order = list(deck)
    rng.shuffle(order)
    return resolve(att, order)


@dataclass(frozen=True)
class Distribution:
    """The exact probability of each damage value."""

    probabilities: dict[int, Fraction]  # damage -> probability, ascending damage
    shuffle_probability: Fraction
    deck_size: int

    @property
    def expected_damage(self) -> Fraction:
        """The mean damage, exactly."""
        return sum((d * p for d, p in self.probabilities.items()), Fraction(0))

    def as_dict(self) -> dict[str, Any]:
        """The distribution as JSON: floats for reading, exact fractions as strings beside them."""
        return {
            "distribution": {str(d): float(p) for d, p in self.probabilities.items()},
            "expected_damage": float(self.expected_damage),
            "exact": {str(d): str(p) for d, p in self.probabilities.items()},
            "expected_damage_exact": str(self.expected_damage),
            "shuffle_probability": float(self.shuffle_probability),
            "deck_size": self.deck_size,
        }


def distribution(att: Attack, deck: Sequence[Modifier]) -> Distribution:
    """Every way the attack can draw, enumerated exactly (Fractions) over the deck's card types."""
    check_deck(att, deck)
    counter = Counter(deck)
    types = sorted(counter)
    start = tuple(counter[t] for t in types)
    memo: dict[tuple[Any, ...], dict[tuple[int, bool], Fraction]] = {}

    def go(counts: Counts, phase: Phase, acc: tuple[int, int], shuffled: bool) -> dict[tuple[int, bool], Fraction]:
        key = (counts, phase, acc, shuffled)
        if key in memo:
            return memo[key]
        total = sum(counts)
        if total == 0:  # cannot happen for a checked deck
            raise BadInput("the deck ran out of cards during the attack")
        out: dict[tuple[int, bool], Fraction] = {}
        for i, n in enumerate(counts):
            if not n:
                continue
            p = Fraction(n, total)
            card = types[i]
            nphase, nacc, _, final = _step(att, phase, acc, card)
            sh = shuffled or card.shuffles
            if final is not None:
                _, dmg = att.value_and_damage(nacc[0], nacc[1], final)
                out[(dmg, sh)] = out.get((dmg, sh), Fraction(0)) + p
            else:
                rest = counts[:i] + (n - 1,) + counts[i + 1:]
                assert nphase is not None  # (no final card yet: the draw goes on)
                for k, q in go(rest, nphase, nacc, sh).items():
                    out[k] = out.get(k, Fraction(0)) + p * q
        memo[key] = out
        return out

    outcomes = go(start, _initial(att.mode), (0, 0), False)
    probs: dict[int, Fraction] = {}
    shuffle = Fraction(0)
    for (dmg, sh), p in outcomes.items():
        probs[dmg] = probs.get(dmg, Fraction(0)) + p
        if sh:
            shuffle += p
    return Distribution(dict(sorted(probs.items())), shuffle, len(deck))


# -- several targets, a partly drawn deck, the reshuffle when the draw pile runs out (docs/table.md) --

def draw_pile(deck: Sequence[Modifier], discard: Sequence[Modifier] = ()) -> list[Modifier]:
    """The draw pile: the deck less the cards in the discard pile (each must be one of the deck's)."""
    pile = list(deck)
    for card in discard:
        if card not in pile:
            raise BadInput(f"the discard pile holds a {card} card the deck has not (left)", field="discard")
        pile.remove(card)
    return pile


def check_attacks(attacks: Sequence[Attack], deck: Sequence[Modifier]) -> None:
    """BadInput if no target is given, or the deck cannot finish a draw (too few cards, only rolling ones)."""
    if not attacks:
        raise BadInput("an attack has at least one target")
    check_deck(attacks[0], deck)


@dataclass(frozen=True)
class MultiResolution:
    """A multi-target attack as drawn: one :class:`Resolution` per target, in order, and where the
    draw pile was reshuffled: (target index from 0, cards drawn in that target's draw before it)."""

    targets: tuple[Resolution, ...]
    reshuffles: tuple[tuple[int, int], ...]

    @property
    def shuffle_at_round_end(self) -> bool:
        return any(r.shuffle_at_round_end for r in self.targets)

    @property
    def removed(self) -> tuple[str, ...]:
        return tuple(label for r in self.targets for label in r.removed)


def draw_targets(attacks: Sequence[Attack], deck: Sequence[Modifier], rng: random.Random,
                 discard: Sequence[Modifier] = ()) -> MultiResolution:
    """One reproducible draw per target: the draw pile (the deck less ``discard``) shuffled with ``rng``,
    each target's draw resolved from its top; when it runs out mid-draw, the discard pile (``discard``
    and the cards of the targets' draws finished so far, not bless or curse) is shuffled with ``rng``
    into a new draw pile at once and the draw goes on. One target and no discard: the same as :func:`draw`."""
    check_attacks(attacks, deck)
    pile = draw_pile(deck, discard)
    rng.shuffle(pile)
    discarded = list(discard)
    reshuffles: list[tuple[int, int]] = []
    out = []
    for k, att in enumerate(attacks):
        def next_card(so_far: list[Modifier], k: int = k) -> Modifier:
            nonlocal pile, discarded
            if not pile:
                if not discarded:
                    raise BadInput("the deck ran out of cards during the attack, and its discard pile is empty")
                pile, discarded = discarded, []
                rng.shuffle(pile)
                reshuffles.append((k, len(so_far)))
            return pile.pop(0)

        res = _resolve(att, next_card)
        discarded.extend(d.card for d in res.drawn if not d.leaves_deck)
        out.append(res)
    return MultiResolution(tuple(out), tuple(reshuffles))


#: How many cards of each type (``distributions``' card types, in order).
Counts = tuple[int, ...]


#: ``_draws``' answer: {outcome: probability}
Outcomes = dict[tuple[Any, ...], Fraction]


def _draws(att: Attack, types: list[Modifier], memo: dict[tuple[Any, ...], Outcomes],
           P: Counts, C: Counts, phase: Phase, acc: tuple[int, int], sh: bool) -> Outcomes:
    """For ``distributions``: one draw of ``att`` from pile P (counts by card type of ``types``),
    C drawn so far (kept out): {(dmg, shuffle, pile after, drawn) or (None, phase, acc, shuffle,
    drawn) when the pile runs out: probability}. The discard pile is left out (it changes nothing
    until the pile runs out), so the table (``memo``) is shared by every state."""
    key = (P, C, phase, acc, sh)
    if key in memo:
        return memo[key]
    total = sum(P)
    if total == 0:
        memo[key] = {(None, phase, acc, sh, C): Fraction(1)}
        return memo[key]
    out: Outcomes = {}
    for i, n in enumerate(P):
        if not n:
            continue
        p = Fraction(n, total)
        card = types[i]
        nP = P[:i] + (n - 1,) + P[i + 1:]
        nC = C if card.leaves_deck else C[:i] + (C[i] + 1,) + C[i + 1:]
        nphase, nacc, _, final = _step(att, phase, acc, card)
        nsh = sh or card.shuffles
        if final is not None:
            _, dmg = att.value_and_damage(nacc[0], nacc[1], final)
            k = (dmg, nsh, nP, nC)
            out[k] = out.get(k, Fraction(0)) + p
        else:
            assert nphase is not None  # (no final card yet: the draw goes on)
            for k, q in _draws(att, types, memo, nP, nC, nphase, nacc, nsh).items():
                out[k] = out.get(k, Fraction(0)) + p * q
    memo[key] = out
    return out


def distributions(attacks: Sequence[Attack], deck: Sequence[Modifier],
                  discard: Sequence[Modifier] = ()) -> list[Distribution]:
    """Each target's exact damage distribution (Fractions) for a multi-target attack from one deck
    (the deck less ``discard`` is the draw pile), the reshuffle when it runs out included: the draws
    are enumerated in order over the card types of the draw pile and the discard pile. A target's
    ``shuffle_probability`` is the chance that an x2 or null has been drawn by then (this target's
    draw or an earlier one's): the last target's is the whole attack's."""
    check_attacks(attacks, deck)
    pile = draw_pile(deck, discard)
    types = sorted(set(deck))
    index = {t: i for i, t in enumerate(types)}

    def counts(cards: Iterable[Modifier]) -> Counts:
        c = [0] * len(types)
        for card in cards:
            c[index[card]] += 1
        return tuple(c)

    def plus(a: Counts, b: Counts) -> Counts:
        return tuple(x + y for x, y in zip(a, b))

    zero = (0,) * len(types)
    # (pile, discard, shuffle) -> probability
    states: dict[tuple[Counts, Counts, bool], Fraction] = {(counts(pile), counts(discard), False): Fraction(1)}
    result = []
    for att in attacks:
        memo: dict[tuple[Any, ...], Outcomes] = {}

        def go(P: Counts, C: Counts, phase: Phase, acc: tuple[int, int], sh: bool) -> Outcomes:
            return _draws(att, types, memo, P, C, phase, acc, sh)

        probs: dict[int, Fraction] = {}
        shuffle = Fraction(0)
        after: dict[tuple[Counts, Counts, bool], Fraction] = {}

        def add(dmg: int, sh: bool, nP: Counts, nD: Counts, w: Fraction) -> None:
            nonlocal shuffle
            probs[dmg] = probs.get(dmg, Fraction(0)) + w
            if sh:
                shuffle += w
            after[(nP, nD, sh)] = after.get((nP, nD, sh), Fraction(0)) + w

        for (P, D, before), w in states.items():
            for k, q in go(P, zero, _initial(att.mode), (0, 0), before).items():
                if k[0] is not None:
                    dmg, sh, nP, nC = k
                    add(dmg, sh, nP, plus(D, nC), w * q)
                    continue
                _, phase, acc, sh, C = k  # the pile ran out mid-draw: the discard pile, shuffled, goes on
                if sum(D) == 0:
                    raise BadInput("the deck ran out of cards during the attack, and its discard pile is empty")
                for k2, q2 in go(D, C, phase, acc, sh).items():
                    if k2[0] is None:
                        raise BadInput("the deck ran out of cards during the attack, and its discard pile is empty")
                    dmg, sh2, nP, nC = k2
                    add(dmg, sh2, nP, nC, w * q * q2)
        states = after
        result.append(Distribution(dict(sorted(probs.items())), shuffle, len(pile)))
    return result
