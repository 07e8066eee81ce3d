"""`ghcli rules attack` and ghcli.rules.attack: cases worked out by hand from issue 6 and seed 002.

Sequences are the deck's cards from the top; expected values are worked out
by hand in the comments.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from fractions import Fraction as F

import pytest

from ghcli.errors import BadInput
from ghcli.rules.attack import Attack, Modifier, build_deck, distribution, draw, parse_cards, resolve


def cards(spec: str) -> list[Modifier]:
    return parse_cards([spec])


# (name, attack kwargs, cards from the top, expected damage, expected used flags per drawn card, effects)
SEQUENCES = [
    # normal draws
    ("plain +1", dict(base=3), "+1,-1", 4, [True], []),
    ("rolling chain: all apply", dict(base=3), "r+1,r+1,-1,+2", 4, [True, True, True], []),
    ("rolling then x2: adds first, then doubled", dict(base=3), "r+1,x2", 8, [True, True], []),
    ("null: no damage, conditions still apply", dict(base=3, conditions=("stun",)), "null", 0, [True], ["stun"]),
    ("a curse drawn: null", dict(base=3, conditions=("poison",)), "curse,+2", 0, [True], ["poison"]),
    ("a bless drawn: x2", dict(base=3), "bless", 6, [True], []),
    ("negative total counts as 0", dict(base=1), "-2", 0, [True], []),
    ("rolling effects apply on a null too", dict(base=3), "r+1:immobilize,null", 0, [True, True], ["immobilize"]),
    # advantage, no rolling: the better
    ("advantage: second better", dict(base=3, mode="advantage"), "-1,+1", 4, [False, True], []),
    ("advantage: first better", dict(base=3, mode="advantage"), "+1,-1", 4, [True, False], []),
    ("advantage: x2 beats +2 at base 3 (6 > 5)", dict(base=3, mode="advantage"), "+2,x2", 6, [False, True], []),
    ("advantage: +2 beats x2 at base 1 (3 > 2)", dict(base=1, mode="advantage"), "x2,+2", 3, [False, True], []),
    ("advantage: equal cards, the first", dict(base=3, mode="advantage"), "+0,+0", 3, [True, False], []),
    ("advantage: a curse drawn and passed over", dict(base=3, mode="advantage"), "curse,+0", 3, [False, True], []),
    # ambiguous (more damage against a condition): the first drawn
    ("advantage ambiguous: first (+0 stun)", dict(base=3, mode="advantage"), "+0:stun,+1", 3, [True, False], ["stun"]),
    ("advantage ambiguous: first (+1)", dict(base=3, mode="advantage"), "+1,+0:stun", 4, [True, False], []),
    ("advantage: +1 stun dominates +1", dict(base=3, mode="advantage"), "+1,+1:stun", 4, [False, True], ["stun"]),
    # advantage with ONE rolling card: both apply, no third card
    ("advantage, rolling first: both apply", dict(base=3, mode="advantage"), "r+1,-1,x2", 3, [True, True], []),
    ("advantage, rolling second: both apply", dict(base=3, mode="advantage"), "x2,r+1,-2", 8, [True, True], []),
    ("advantage, rolling with null", dict(base=3, mode="advantage"), "null,r+2", 0, [True, True], []),
    # advantage with TWO rolling cards: draw on until not rolling, all apply
    ("advantage, two rolling", dict(base=3, mode="advantage"), "r+1,r+1,-2,+2", 3, [True, True, True], []),
    ("advantage, three rolling then x2", dict(base=1, mode="advantage"), "r+1,r+1,r+1,x2", 8, [True] * 4, []),
    # disadvantage, no rolling: the worse
    ("disadvantage: second worse", dict(base=3, mode="disadvantage"), "+2,-1", 2, [False, True], []),
    ("disadvantage: null worse than x2", dict(base=3, mode="disadvantage"), "null,x2", 0, [True, False], []),
    ("disadvantage ambiguous: first (+1)", dict(base=3, mode="disadvantage"), "+1,+0:stun", 4, [True, False], []),
    ("disadvantage: +0 is worse than +1 stun", dict(base=3, mode="disadvantage"), "+1:stun,+0", 3, [False, True], []),
    # disadvantage with ONE rolling card: it is ignored
    ("disadvantage, rolling first ignored", dict(base=3, mode="disadvantage"), "r+1,+2", 5, [False, True], []),
    ("disadvantage, rolling second ignored", dict(base=3, mode="disadvantage"), "+0,r+2,+2", 3, [True, False], []),
    ("disadvantage, rolling stun ignored", dict(base=3, mode="disadvantage"), "r+0:stun,-1", 2, [False, True], []),
    # disadvantage with TWO rolling cards: draw on, only the card that is not rolling applies
    ("disadvantage, two rolling", dict(base=3, mode="disadvantage"), "r+1,r+1,+1", 4, [False, False, True], []),
    ("disadvantage, three rolling then x2", dict(base=3, mode="disadvantage"), "r+1,r+1,r+1,x2", 6,
     [False] * 3 + [True], []),
    # shield and pierce
    ("shield 2: 4 - 2", dict(base=3, shield=2), "+1", 2, [True], []),
    ("shield 2 pierce 1: 4 - 1", dict(base=3, shield=2, pierce=1), "+1", 3, [True], []),
    ("pierce above shield: no negative shield", dict(base=3, shield=2, pierce=5), "+1", 4, [True], []),
    ("shield above the attack: 0", dict(base=1, shield=3), "+0", 0, [True], []),
    ("rolling pierce 2 against shield 3", dict(base=3, shield=3), "r+0:pierce2,+0", 2, [True, True], []),
    ("x2 then shield: 6 - 2", dict(base=3, shield=2), "x2", 4, [True], []),
    # poison: +1 before the card (x2 doubles it), shield takes it
    ("poison +1", dict(base=3, poisoned=True), "+0", 4, [True], []),
    ("poison doubled by x2", dict(base=3, poisoned=True), "x2", 8, [True], []),
    ("poison on a null: 0", dict(base=3, poisoned=True), "null", 0, [True], []),
    ("shield 3 stops attack 2 + poison", dict(base=2, poisoned=True, shield=3), "+0", 0, [True], []),
]


@pytest.mark.parametrize("name,kw,seq,damage,used,effects", SEQUENCES, ids=[s[0] for s in SEQUENCES])
def test_sequences(name, kw, seq, damage, used, effects):
    res = resolve(Attack(**kw), cards(seq))
    assert res.damage == damage
    assert [d.used for d in res.drawn] == used
    assert list(res.effects) == effects


def test_bless_and_curse_leave_the_deck_and_do_not_shuffle():
    res = resolve(Attack(3, mode="advantage"), cards("curse,bless"))
    assert res.damage == 6
    assert res.removed == ("curse", "bless")
    assert res.shuffle_at_round_end is False


def test_x2_and_null_shuffle_even_when_ignored():
    res = resolve(Attack(3, mode="disadvantage"), cards("x2,+0"))
    assert res.damage == 3 and res.drawn[0].used is False
    assert res.shuffle_at_round_end is True
    assert resolve(Attack(3), cards("null")).shuffle_at_round_end is True
    assert resolve(Attack(3), cards("+1")).shuffle_at_round_end is False


# (attack kwargs, deck, exact distribution worked out by hand)
DISTRIBUTIONS = [
    # one card each from {+0,+1,x2,null}, base 2: 2, 3, 4, 0
    (dict(base=2), "+0,+1,x2,null", {0: F(1, 4), 2: F(1, 4), 3: F(1, 4), 4: F(1, 4)}),
    # advantage: the better of each of the 6 pairs: {+0,+1}3 {+0,x2}4 {+0,null}2 {+1,x2}4 {+1,null}3 {x2,null}4
    (dict(base=2, mode="advantage"), "+0,+1,x2,null", {2: F(1, 6), 3: F(2, 6), 4: F(3, 6)}),
    # disadvantage: the worse: 2, 2, 0, 3, 0, 0
    (dict(base=2, mode="disadvantage"), "+0,+1,x2,null", {0: F(1, 2), 2: F(1, 3), 3: F(1, 6)}),
    # {r+1,+0,null} base 2 normal: r+1 first (1/3) then +0 -> 3 or null -> 0; +0 -> 2; null -> 0
    (dict(base=2), "r+1,+0,null", {0: F(1, 2), 2: F(1, 3), 3: F(1, 6)}),
    # advantage, one rolling among the two: (r+1,+0)3 (+0,r+1)3 (r+1,null)0 (null,r+1)0 (+0,null)2 (null,+0)2
    (dict(base=2, mode="advantage"), "r+1,+0,null", {0: F(1, 3), 2: F(1, 3), 3: F(1, 3)}),
    # disadvantage, the rolling card ignored: 2 2 0 0 0 0
    (dict(base=2, mode="disadvantage"), "r+1,+0,null", {0: F(2, 3), 2: F(1, 3)}),
    # advantage with two rolling {r+1,r+1,+0,x2} base 1, 12 ordered first pairs:
    # both rolling 2/12 then +0 -> 3 or x2 -> 6; one rolling 8/12: with +0 -> 2, with x2 -> 4; (+0,x2) 2/12 -> x2 -> 2
    (dict(base=1, mode="advantage"), "2*r+1,+0,x2", {2: F(1, 2), 3: F(1, 12), 4: F(1, 3), 6: F(1, 12)}),
    # disadvantage, same deck: both rolling -> next card alone (+0 1, x2 2); one rolling -> the other alone;
    # (+0,x2) -> +0
    (dict(base=1, mode="disadvantage"), "2*r+1,+0,x2", {1: F(7, 12), 2: F(5, 12)}),
]


@pytest.mark.parametrize("kw,deck,expected", DISTRIBUTIONS)
def test_small_distributions_by_hand(kw, deck, expected):
    dist = distribution(Attack(**kw), cards(deck))
    assert dist.probabilities == expected
    assert sum(dist.probabilities.values()) == 1


def test_standard_deck_base_3():
    # null 0, -2 1, five -1 2, six +0 3, five +1 4, +2 5, x2 6 (out of 20): expected 60/20
    dist = distribution(Attack(3), build_deck())
    assert dist.probabilities == {0: F(1, 20), 1: F(1, 20), 2: F(5, 20), 3: F(6, 20), 4: F(5, 20), 5: F(1, 20),
                                  6: F(1, 20)}
    assert dist.expected_damage == 3
    assert dist.shuffle_probability == F(2, 20)


def test_standard_deck_with_a_curse():
    # 21 cards: null and curse give 0
    dist = distribution(Attack(3), build_deck(curse=1))
    assert dist.probabilities[0] == F(2, 21)
    assert dist.expected_damage == F(60, 21)
    assert dist.shuffle_probability == F(2, 21)  # the curse does not shuffle


def test_standard_deck_shield_and_pierce():
    # shield 2 - pierce 1 = 1: null 0, -2 (1) 0, -1 1, +0 2, +1 3, +2 4, x2 5
    dist = distribution(Attack(3, shield=2, pierce=1), build_deck())
    assert dist.probabilities == {0: F(2, 20), 1: F(5, 20), 2: F(6, 20), 3: F(5, 20), 4: F(1, 20), 5: F(1, 20)}
    assert dist.expected_damage == F(41, 20)


def test_standard_deck_advantage_never_zero():
    # only the pair {null, -2} fails to beat 1 damage: 2 of 380 ordered pairs give 1
    dist = distribution(Attack(3, mode="advantage"), build_deck())
    assert 0 not in dist.probabilities
    assert dist.probabilities[1] == F(2, 380)
    assert sum(dist.probabilities.values()) == 1


SMALL_DECKS = [
    ("+0,+1,-1,x2,null,r+1", dict(base=2)),
    ("+0,+1,-1,x2,null,r+1", dict(base=2, shield=1, poisoned=True)),
    ("+0,r+1,r+1:pierce2,curse,bless,-2", dict(base=3, shield=2)),
    ("+1:stun,+1,+0,r+0:wound,x2,-1,null", dict(base=2, pierce=1, shield=2, conditions=("push1",))),
    ("r+1,r+2,r-1,+0,null", dict(base=1)),
]


@pytest.mark.parametrize("mode", ["normal", "advantage", "disadvantage"])
@pytest.mark.parametrize("deck,kw", SMALL_DECKS)
def test_exact_distribution_matches_brute_force(deck, kw, mode):
    att = Attack(mode=mode, **kw)
    deck_cards = cards(deck)
    counts: Counter = Counter()
    total = 0
    for perm in itertools.permutations(deck_cards):
        counts[resolve(att, perm).damage] += 1
        total += 1
    brute = {d: F(n, total) for d, n in sorted(counts.items())}
    dist = distribution(att, deck_cards)
    assert dist.probabilities == brute
    assert sum(dist.probabilities.values()) == 1


def test_a_perk_deck_sums_to_one():
    deck = build_deck(add=cards("2*r+1,r+0:pierce3,2*+1:stun"), remove=cards("2*-1"), bless=2, curse=1)
    assert len(deck) == 20 + 5 - 2 + 3
    for mode in ("normal", "advantage", "disadvantage"):
        assert sum(distribution(Attack(2, mode=mode, shield=1), deck).probabilities.values()) == 1


def test_seeded_draw_is_the_shuffled_deck_resolved():
    deck = build_deck(add=cards("2*r+1"), bless=1)
    att = Attack(3, mode="advantage")
    for seed in range(30):
        order = list(deck)
        random.Random(seed).shuffle(order)
        assert draw(att, deck, random.Random(seed)) == resolve(att, order)


@pytest.mark.parametrize(
    "spec,text",
    [("+1", "+1"), ("r+1", "r+1"), ("rolling +0:pierce3", "r+0:pierce3"), ("2x", "x2"), ("NULL", "null"),
     ("+1:stun:fire", "+1:fire:stun")],
)
def test_card_notation_round_trips(spec, text):
    assert str(Modifier.parse(spec)) == text
    assert Modifier.parse(text) == Modifier.parse(spec)


@pytest.mark.parametrize("bad", ["+x", "rx2", "rnull", "bless:stun", "3", "+1:"])
def test_bad_cards(bad):
    with pytest.raises(BadInput):
        Modifier.parse(bad)


def test_deck_errors():
    with pytest.raises(BadInput):
        build_deck(remove=cards("2*+2"))  # only one +2
    with pytest.raises(BadInput):
        distribution(Attack(1), cards("r+1,r+2"))  # never ends
    with pytest.raises(BadInput):
        distribution(Attack(1, mode="advantage"), cards("+1"))  # needs two cards
    with pytest.raises(BadInput):
        build_deck(bless=11)


# -- the command --


def test_cli_distribution_json(cli):
    r = cli("rules", "attack", "3", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["distribution"] == {"0": 0.05, "1": 0.05, "2": 0.25, "3": 0.3, "4": 0.25, "5": 0.05, "6": 0.05}
    assert data["expected_damage"] == 3.0
    assert data["mode"] == "normal"


def test_cli_small_deck_with_options(cli):
    # {+0,+1,x2,null} base 1 + poison = 2, advantage: as in DISTRIBUTIONS: 2 1/6, 3 1/3, 4 1/2
    r = cli("rules", "attack", "1", "--deck", "+0,+1,x2,null", "--poison", "--strengthen", "--json")
    data = json.loads(r.stdout)
    assert data["mode"] == "advantage"
    assert data["exact"] == {"2": "1/6", "3": "1/3", "4": "1/2"}
    assert data["expected_damage"] == pytest.approx(10 / 3)


def test_cli_advantage_and_disadvantage_cancel(cli):
    r = cli("rules", "attack", "3", "--strengthen", "--muddle", "--json")
    assert json.loads(r.stdout)["mode"] == "normal"
    r = cli("rules", "attack", "3", "--ranged-adjacent", "--json")
    assert json.loads(r.stdout)["mode"] == "disadvantage"


def test_cli_perks_bless_curse(cli):
    r = cli("rules", "attack", "3", "--add", "2*r+1", "--remove", "-2", "--bless", "1", "--curse", "2", "--json")
    data = json.loads(r.stdout)
    assert sum(data["deck"].values()) == 20 + 2 - 1 + 1 + 2
    assert data["deck"]["r+1"] == 2 and data["deck"]["curse"] == 2 and "-2" not in data["deck"]
    assert sum(data["distribution"].values()) == pytest.approx(1)


def test_cli_seeded_draw_reproducible(cli):
    args = ("rules", "attack", "3", "--advantage", "--add", "3*r+1", "--curse", "2", "--shield", "1", "--seed", "11")
    a = cli(*args, "--json")
    b = cli(*args, "--json")
    assert a.exit_code == 0 and a.stdout == b.stdout
    data = json.loads(a.stdout)
    deck = build_deck(add=cards("3*r+1"), curse=2)
    expected = draw(Attack(3, mode="advantage", shield=1), deck, random.Random(11))
    assert data["damage"] == expected.damage
    assert [d["card"] for d in data["drawn"]] == [str(d.card) for d in expected.drawn]
    text = cli(*args).stdout
    assert "seed 11" in text
    assert ("no damage" if expected.final.kind == "null" else f": {expected.damage} damage") in text


def test_cli_text_distribution(cli):
    r = cli("rules", "attack", "2", "--deck", "+0,+1,x2,null")
    assert r.exit_code == 0
    assert "expected damage: 2.250 (exactly 9/4)" in r.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("--add", "+q"),
        ("--remove", "+3"),
        ("--deck", "r+1"),
        ("--bless", "11"),
        ("--shield", "-1"),
    ],
)
def test_cli_bad_input_exit_2(cli, args):
    r = cli("rules", "attack", "3", *args)
    assert r.exit_code == 2
    assert r.stderr.startswith("error: ")
    assert "Traceback" not in r.output


# -- issue 26: one modifier per target; the draw pile reshuffled when it runs out mid-draw --------

def test_a_multi_target_attack_draws_one_modifier_for_each_target(cli):
    # Seed 002: "標的2や範囲攻撃の場合、標的ごとに1枚ずつ引きます". The draw pile is shuffled with the seed
    # and drawn from the top, target after target: the three targets take the first three cards.
    import random

    from ghcli.rules.attack import standard_deck

    order = standard_deck()
    random.Random(4).shuffle(order)
    doc = json.loads(cli("rules", "attack", "2", "--targets", "3", "--seed", "4", "--json").stdout)
    assert [t["drawn"][0]["card"] for t in doc["targets"]] == [str(c) for c in order[:3]]
    assert [t["target"] for t in doc["targets"]] == ["target 1", "target 2", "target 3"]
    # each target's own shield
    doc = json.loads(cli("rules", "attack", "2", "--deck", "+1,+1", "--target", "name=guard,shield=1",
                         "--target", "name=archer,poison", "--seed", "1", "--json").stdout)
    assert [(t["target"], t["damage"]) for t in doc["targets"]] == [("guard", 2), ("archer", 4)]


def test_the_distribution_is_per_target(cli):
    # Deck +0, +1, x2, base 2, two targets: the first takes any card (2, 3, 4 a third each); the second
    # one of the two left, which over the first's three cards is again each a third.
    doc = json.loads(cli("rules", "attack", "2", "--deck", "+0,+1,x2", "--targets", "2", "--json").stdout)
    assert [t["exact"] for t in doc["targets"]] == [{"2": "1/3", "3": "1/3", "4": "1/3"}] * 2


def test_the_draw_pile_is_reshuffled_at_once_when_it_runs_out_mid_draw(cli):
    # Seed 002: "枯渇した場合は即座にシャッフルします". Deck r+1 and +0, two targets, base 2. Target 1:
    # +0 first (2 damage; r+1 left), or r+1 then +0 (3; nothing left), a half each. Target 2: with r+1
    # left it draws it, the pile runs out, the discard (+0) is shuffled and it draws +0: 3; with nothing
    # left the discard (r+1, +0) is shuffled at once: +0 first (2) or r+1 then +0 (3), a half each.
    # So target 2: 3 with 1/2 + 1/4 = 3/4, 2 with 1/4.
    doc = json.loads(cli("rules", "attack", "2", "--deck", "r+1,+0", "--targets", "2", "--json").stdout)
    assert [t["exact"] for t in doc["targets"]] == [{"2": "1/2", "3": "1/2"}, {"2": "1/4", "3": "3/4"}]
    # A partly drawn deck: +0 in the discard, r+1 the whole draw pile: target 1 draws r+1, the pile runs
    # out, the discard is shuffled into a new pile and the draw goes on with +0 (3 damage), whatever the seed.
    for seed in ("1", "2", "3"):
        doc = json.loads(cli("rules", "attack", "2", "--deck", "r+1,+0", "--discard", "+0", "--seed", seed,
                             "--json").stdout)
        assert [d["card"] for d in doc["targets"][0]["drawn"]] == ["r+1", "+0"]
        assert doc["targets"][0]["damage"] == 3 and doc["reshuffles"][0] == {"target": 1, "after_cards": 1}
    text = cli("rules", "attack", "2", "--deck", "r+1,+0", "--discard", "+0", "--seed", "1").stdout
    assert "the draw pile ran out after 1 card of this draw: the discard pile was shuffled" in text


def test_an_attack_that_cannot_be_finished_is_bad_input(cli):
    # Deck r+1 and bless, two targets: if target 1 draws the bless (it leaves the deck), target 2 draws
    # r+1 and then neither the pile nor the discard pile has a card.
    for args in (("--seed", "1"), ()):
        r = cli("rules", "attack", "2", "--deck", "r+1,bless", "--targets", "2", *args)
        if args and r.exit_code == 0:
            continue  # this seed drew r+1 first: the attack finished
        assert r.exit_code == 2 and "discard pile is empty" in r.stderr and r.stderr.count("\n") == 1
    r = cli("rules", "attack", "2", "--discard", "x2,x2")
    assert r.exit_code == 2 and "discard pile holds a x2 card the deck has not" in r.stderr
    r = cli("rules", "attack", "2", "--targets", "0")
    assert r.exit_code == 2 and "1 to 100 targets" in r.stderr
