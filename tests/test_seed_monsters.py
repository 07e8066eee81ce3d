"""Monster stats at the table (issue 18): formulas, names as players say them, levels, bosses, rules level."""

from __future__ import annotations

import json

import pytest

from ghcli.rules import monster_stats


@pytest.mark.parametrize("value, c, want", [
    ("8xC", 3, 24), ("11xC/2", 3, 17), ("11xC/2", 2, 11), ("(7xC)/2", 1, 4), ("8xCx2", 4, 64),
    ("1+C", 2, 3), ("C", 4, 4), (5, 2, 5),
    ("3+X", 2, "3+X"), ("V", 3, "V"), ("-", 2, "-"), ("2+", 2, "2+"), ("((C)", 2, "((C)"),
])
def test_formulas_are_worked_out_when_every_letter_is_known(value, c, want):
    assert monster_stats.evaluate(value, {"C": c}) == want


def test_formulas_stay_as_printed_without_the_character_count():
    assert monster_stats.evaluate("8xC", {}) == "8xC"


def show(cli, *args):
    r = cli("monster", "show", *args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


@pytest.mark.parametrize("name", ["bandit guard", "Bandit Guard", "bandit-guard", "BANDIT_GUARD", " bandit  guard "])
def test_names_as_players_say_them(cli, name):
    assert show(cli, name, "--level", "0")["key"] == "bandit-guard"


def test_one_level_has_exactly_the_issues_shape_with_the_cards_values(cli):
    doc = show(cli, "Bandit Guard", "--level", "0")
    assert set(doc) == {"key", "name", "level", "normal", "elite"}
    # The level 0 card: normal 5 health, move 2, attack 2; elite 9, 2, 3.
    assert doc["normal"] == {"health": 5, "move": 2, "attack": 2, "range": 0, "attributes": [], "immunities": []}
    assert (doc["elite"]["health"], doc["elite"]["move"], doc["elite"]["attack"]) == (9, 2, 3)
    archer = show(cli, "bandit archer", "--level", "1")
    assert archer["normal"]["range"] > 0


def test_every_level_without_level(cli, ):
    doc = show(cli, "living bones")
    assert [lv["level"] for lv in doc["levels"]] == list(range(8))
    assert doc["boss"] is False and doc["standees"] == 10
    assert all(set(lv) == {"level", "normal", "elite"} for lv in doc["levels"])


def test_a_boss_health_formula_worked_out_for_the_characters(cli):
    from ghcli.campaign import monster_stats as stat_cards

    doc = show(cli, "bandit commander", "--level", "0", "--characters", "3")
    formula = stat_cards.find("bandit-commander")["stats"]["boss"][0]["health"]
    assert formula == "8xC" and doc["boss"]["health"] == 24 and doc["boss"]["health_formula"] == "8xC"
    assert doc["characters"] == 3 and "stun" in doc["boss"]["immunities"]
    unknown = show(cli, "bandit commander", "--level", "0")
    assert unknown["boss"]["health"] == "8xC"
    half = show(cli, "Bear-Drake Abomination", "--level", "0", "--characters", "3")
    assert half["boss"]["health"] == 17  # 11 x 3 / 2 = 16.5, rounded up


@pytest.mark.parametrize("characters, health", [(1, 9), (2, 17), (3, 26), (4, 34)])
def test_a_halved_boss_health_rounds_up(cli, characters, health):
    # Issue 26: a boss health of 17xC/2 (the Bear-Drake Abomination at level 2) rounds up: seed 000
    # section 2 rounds the halved party level up, and GHS's evaluator (Math.round) rounds halves the same.
    doc = show(cli, "Bear-Drake Abomination", "--level", "2", "--characters", str(characters))
    assert doc["boss"]["health_formula"] == "17xC/2" and doc["boss"]["health"] == health


def test_every_fractional_boss_formula_only_halves():
    # The rounding stated (up) and GHS's nearest-integer rounding agree only while every fraction is a half.
    import re

    from ghcli.campaign import monster_stats as stat_cards

    formulas = {r["health"] for m in stat_cards.all_monsters() for rows in m["stats"].values() for r in rows
                if isinstance(r["health"], str) and "/" in r["health"]}
    assert formulas and all(re.fullmatch(r"\(?\d+xC\)?/2", f) for f in formulas), formulas


def test_text_output_shows_both_types_and_the_doubt(cli):
    # Savvas Icestorm's doubt is decided (issue 26): elite L7 pierce 4 shown, and why.
    r = cli("monster", "show", "savvas icestorm", "--level", "7")
    assert r.exit_code == 0
    assert "normal" in r.stdout and "elite" in r.stdout and "pierce 3" in r.stdout
    assert "doubt (" not in r.stdout and "decided (" in r.stdout and "pierce 4, shield 3" in r.stdout
    still = cli("monster", "show", "valrath tracker", "--level", "3").stdout
    assert "doubt (the value shown is the facts file's): valrath-tracker normal L3 health 8" in still
    boss = cli("monster", "show", "the gloom", "--level", "2", "--characters", "2").stdout
    assert "58 (29xC)" in boss


def test_a_doubt_is_shown_only_at_the_levels_it_is_about(cli):
    # The facts doubt the Bandit Guard's elite move at level 6 only; Selah Naberis's pierce at
    # every level ("by level"); Valrath Savage's normal stats at levels 0 and 2.
    def notes(name, *level):
        out = cli("monster", "show", name, *level).stdout
        return [line for line in out.splitlines() if line.startswith(("doubt (", "decided ("))]

    assert notes("bandit guard", "--level", "3") == []
    assert [n for n in notes("bandit guard", "--level", "6") if "elite L6 move 3" in n]
    assert [n for n in notes("bandit guard") if "elite L6 move 3" in n]  # every level: every doubt
    assert len(notes("selah naberis", "--level", "0")) == len(notes("selah naberis", "--level", "5")) == 1
    assert [len(notes("valrath savage", "--level", str(lv))) for lv in range(4)] == [1, 0, 1, 0]
    assert notes("savvas icestorm", "--level", "6") == []  # its decision is about level 7


def test_variants_only_when_asked_for_by_name(cli):
    listed = json.loads(cli("monster", "list", "--json").stdout)
    keys = {m["key"] for m in listed}
    assert "bandit-guard" in keys and "bandit-commander" in keys
    assert "bandit-guard-music-note-solo" not in keys and "cave-bear-scenario-54" not in keys
    assert len(listed) == 34 + 4 + 13 + 3  # normal/elite and bosses of GH and FC
    assert show(cli, "Cave Bear (Scenario 54)", "--level", "1")["key"] == "cave-bear-scenario-54"
    assert show(cli, "bandit guard (soothsinger solo)", "--level", "1")["key"] == "bandit-guard-music-note-solo"
    r = cli("monster", "show", "cave bear scenario 5")
    assert r.exit_code == 2 and "Scenario 54" not in r.stderr  # no variant suggested


@pytest.mark.parametrize("args, message", [
    (["bandit gard"], "unknown monster 'bandit gard'; did you mean 'Bandit Guard'?"),
    (["Bandit Guard", "--level", "8"], "level 8 is not between 0 and 7"),
    (["Bandit Guard", "--level", "-1"], "level -1 is not between 0 and 7"),
    (["the gloom", "--characters", "5"], "the number of characters must be from 1 to 4, not 5 (--characters)"),
])
def test_bad_input_is_one_line_exit_2(cli, args, message):
    r = cli("monster", "show", *args)
    assert r.exit_code == 2
    assert r.stderr == f"error: {message}\n"


def test_rules_level_prints_the_monsters_at_the_monster_level(cli):
    r = cli("rules", "level", "3", "4", "--monster", "bandit guard", "--monster", "Bandit Commander", "--json")
    doc = json.loads(r.stdout)
    assert doc["monster_level"] == 2
    guard, boss = doc["monsters"]
    assert guard == show(cli, "bandit guard", "--level", "2")
    assert boss["level"] == 2 and boss["characters"] == 2  # C = the characters given
    assert boss == show(cli, "bandit commander", "--level", "2", "--characters", "2")


def test_rules_level_solo_raises_the_monster_level(cli):
    doc = json.loads(cli("rules", "level", "5", "--solo", "-m", "ooze", "--json").stdout)
    assert doc["scenario_level"] == 3 and doc["monster_level"] == 4
    assert doc["monsters"][0]["level"] == 4
    capped = json.loads(cli("rules", "level", "9", "9", "--difficulty", "very-hard", "--solo", "-m", "ooze",
                            "--json").stdout)
    assert capped["monster_level"] == 7 and capped["monsters"][0]["level"] == 7
    text = cli("rules", "level", "5", "--solo", "-m", "ooze").stdout
    assert "Ooze, level 4" in text and "monster level" in text


def test_rules_level_unknown_monster_exit_2(cli):
    r = cli("rules", "level", "3", "--monster", "ooz")
    assert r.exit_code == 2 and r.stderr == "error: unknown monster 'ooz'; did you mean 'Ooze'?\n"
    plain = json.loads(cli("rules", "level", "3", "--json").stdout)
    assert "monsters" not in plain
