"""`ghcli rules level|rest|exhausted|elements`: cases worked out by hand (issue 6; seed 000 §2, §3.1, §3.4, §4.11)."""

from __future__ import annotations

import json

import pytest

LEVEL_KEYS = ["scenario_level", "monster_level", "coin_value", "trap_damage", "hazardous_damage", "bonus_xp"]

# (args, scenario, monster, coin, trap, hazardous, bonus xp)
LEVELS = [
    # average 3 -> ceil(1.5) = 2; coin 3 (level 2), trap 2+2, hazardous 4//2, xp 4+4
    (["2", "3", "3", "4"], 2, 2, 3, 4, 2, 8),
    (["2", "3", "3", "4", "--difficulty", "hard"], 3, 3, 3, 5, 2, 10),
    # solo: +1 monster level and trap damage, not gold or xp
    (["2", "3", "3", "4", "--solo"], 2, 3, 3, 5, 2, 8),
    # seed 000's example: 4 6 5 7 -> 5.5 / 2 = 2.75 -> 3; coin 3, xp 10
    (["4", "6", "5", "7"], 3, 3, 3, 5, 2, 10),
    # ceil(0.5) = 1, easy -1 -> 0: coin 2, trap 2, hazardous 1, xp 4
    (["1", "1", "--difficulty", "easy"], 0, 0, 2, 2, 1, 4),
    # ceil(0.5) = 1, very hard +2 -> 3
    (["1", "--difficulty", "very-hard"], 3, 3, 3, 5, 2, 10),
    # 9 9 -> ceil(4.5) = 5, +2 -> 7: coin 6, trap 9, hazardous 4, xp 18
    (["9", "9", "--difficulty", "very-hard"], 7, 7, 6, 9, 4, 18),
    # 9 -> 5, +1 = 6: coin 5, trap 8, hazardous 4, xp 16
    (["9", "--difficulty", "hard"], 6, 6, 5, 8, 4, 16),
]


@pytest.mark.parametrize("args,scenario,monster,coin,trap,hazardous,xp", LEVELS)
def test_level(cli, args, scenario, monster, coin, trap, hazardous, xp):
    r = cli("rules", "level", *args, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert list(data) == LEVEL_KEYS
    assert [data[k] for k in LEVEL_KEYS] == [scenario, monster, coin, trap, hazardous, xp]


def test_level_text(cli):
    r = cli("rules", "level", "2", "3", "3", "4")
    assert r.exit_code == 0
    assert "scenario level" in r.stdout and "bonus xp" in r.stdout


@pytest.mark.parametrize("args", [["0"], ["10"], ["3", "--difficulty", "insane"]])
def test_level_bad_input(cli, args):
    r = cli("rules", "level", *args)
    assert r.exit_code == 2
    assert r.stderr.startswith("error: ")


# -- rests --


def test_short_rest(cli):
    data = json.loads(cli("rules", "rest", "short", "--hand", "3", "--discard", "4", "--lost", "2", "--json").stdout)
    assert data["lose"] == "random" and data["timing"] == "end of round"
    assert data["heal"] == 0 and data["refresh_spent_items"] is False and data["initiative"] is None
    assert "1 damage" in data["reroll"]
    # 4 discarded: 3 return to the hand, 1 lost
    assert (data["hand_after"], data["discard_after"], data["lost_after"]) == (6, 0, 3)


def test_long_rest(cli):
    data = json.loads(cli("rules", "rest", "long", "--hand", "1", "--discard", "2", "--json").stdout)
    assert data["lose"] == "chosen" and data["reroll"] is None
    assert data["heal"] == 2 and data["refresh_spent_items"] is True and data["initiative"] == 99
    assert data["plays_cards"] is False
    assert (data["hand_after"], data["discard_after"]) == (2, 0)


@pytest.mark.parametrize("kind", ["short", "long"])
@pytest.mark.parametrize("discard", ["0", "1"])
def test_rest_needs_two_discarded_cards(cli, kind, discard):
    r = cli("rules", "rest", kind, "--discard", discard)
    assert r.exit_code == 1
    assert "at least 2 discarded" in r.stderr


def test_short_rest_random_card_and_reroll(cli):
    names = ["a", "b", "c"]
    lost_seen = set()
    for seed in range(12):
        plain = json.loads(cli("rules", "rest", "short", "--cards", "a,b,c", "--seed", seed, "--json").stdout)
        again = json.loads(cli("rules", "rest", "short", "--cards", "a,b,c", "--seed", seed, "--json").stdout)
        assert plain == again  # reproducible
        assert plain["lost_card"] in names and plain["damage_taken"] == 0
        lost_seen.add(plain["lost_card"])
        rr = json.loads(cli("rules", "rest", "short", "--cards", "a,b,c", "--seed", seed, "--reroll", "--json").stdout)
        # the reroll returns the first card and loses another one, for 1 damage
        assert rr["rerolled_from"] == plain["lost_card"]
        assert rr["lost_card"] in names and rr["lost_card"] != rr["rerolled_from"]
        assert rr["damage_taken"] == 1
    assert lost_seen == set(names)


def test_long_rest_chooses(cli):
    data = json.loads(cli("rules", "rest", "long", "--cards", "a,b,c", "--lose", "B", "--json").stdout)
    assert data["lost_card"] == "b"
    r = cli("rules", "rest", "long", "--cards", "a,b", "--lose", "z")
    assert r.exit_code == 2


@pytest.mark.parametrize(
    "args",
    [["nap"], ["long", "--reroll"], ["short", "--lose", "a"], ["short", "--seed", "1"], ["short", "--discard", "-1"]],
)
def test_rest_bad_input(cli, args):
    r = cli("rules", "rest", *args)
    assert r.exit_code == 2, r.output


# -- exhaustion --

EXHAUSTION = [
    # hand, discard, exhausted, must long rest
    (1, 1, True, False),
    (0, 0, True, False),
    (0, 1, True, False),
    (1, 0, True, False),
    (2, 0, False, False),
    (2, 1, False, False),
    (1, 2, False, True),
    (0, 5, False, True),
    (6, 4, False, False),
]


@pytest.mark.parametrize("hand,discard,exhausted,must", EXHAUSTION)
def test_exhausted(cli, hand, discard, exhausted, must):
    r = cli("rules", "exhausted", "--hand", hand, "--discard", discard, "--json")
    assert r.exit_code == 0
    data = json.loads(r.stdout)
    assert data["exhausted"] is exhausted
    assert data["must_long_rest"] is must


def test_exhausted_by_hit_points(cli):
    r = cli("rules", "exhausted", "--hand", "5", "--discard", "3", "--hp", "0", "--json")
    assert json.loads(r.stdout)["exhausted"] is True
    r = cli("rules", "exhausted", "--hand", "1", "--discard", "0")
    assert r.stdout.startswith("exhausted: ")


# -- elements --


def _elements(cli, *args):
    r = cli("rules", "elements", *args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)["elements"]


def test_elements_wane_at_round_end(cli):
    e = _elements(cli, "--strong", "fire,ice", "--waning", "earth")
    assert e["fire"]["now"] == "strong" and e["fire"]["next_round"] == "waning" and e["fire"]["round_after"] == "inert"
    assert e["earth"]["usable_now"] is True and e["earth"]["next_round"] == "inert"
    assert e["earth"]["usable_next_round"] is False
    assert e["air"]["now"] == "inert" and e["air"]["usable_now"] is False


def test_infused_is_usable_from_the_next_turn(cli):
    e = _elements(cli, "--infused", "air")
    assert e["air"]["now"] == "inert" and e["air"]["usable_now"] is False
    assert e["air"]["after_turn"] == "strong" and e["air"]["usable_after_turn"] is True
    assert e["air"]["next_round"] == "waning" and e["air"]["usable_next_round"] is True
    assert e["air"]["round_after"] == "inert"


def test_consume_and_infuse_same_turn(cli):
    e = _elements(cli, "--waning", "dark", "--consumed", "dark", "--infused", "dark")
    assert e["dark"]["now"] == "inert" and e["dark"]["usable_now"] is False
    assert e["dark"]["after_turn"] == "strong"
    e = _elements(cli, "--strong", "light", "--consumed", "light")
    assert e["light"]["after_turn"] == "inert" and e["light"]["next_round"] == "inert"


def test_elements_errors(cli):
    r = cli("rules", "elements", "--consumed", "fire")
    assert r.exit_code == 1 and "inert" in r.stderr
    r = cli("rules", "elements", "--strong", "fier")
    assert r.exit_code == 2 and "did you mean 'fire'" in r.stderr
    r = cli("rules", "elements", "--strong", "fire", "--waning", "fire")
    assert r.exit_code == 2


def test_elements_text(cli):
    r = cli("rules", "elements", "--strong", "fire", "--infused", "ice")
    assert r.exit_code == 0
    line = next(row for row in r.stdout.splitlines() if row.startswith("ice"))
    assert "infused" in line and "strong (usable)" in line
