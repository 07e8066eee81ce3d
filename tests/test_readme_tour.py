"""The README's two-minute tour: its campaign commands run as written and do what the tour says.

(Its focus and line-of-sight examples are run by test_readme_rules.py; test_command_log.py
replays the tour's log.)
"""

from __future__ import annotations

import json

from helpers import COIN_VALUE, bonus_xp, doc_section, tour_walkthrough


def test_the_tour_is_short_and_in_the_readme():
    from helpers import README

    assert "<!-- section: tour -->" in README.read_text(encoding="utf-8")
    commands = tour_walkthrough()
    assert commands[0][0] == "init" and 8 <= len(commands) <= 17  # the set-up's init and status, then the tour
    assert "docs/campaign.md" in doc_section("tour") and "docs/rules.md" in doc_section("tour")


def test_the_tour_runs_as_written_and_says_what_happens(cli):
    outputs = {}
    for args in tour_walkthrough():
        r = cli(*args)
        assert r.exit_code == 0, (args, r.output, r.stderr)
        outputs[" ".join(args[:2])] = r.stdout
    # What the tour says: scenario 1 won at level 1 (coin value 2, bonus XP 4 + 2 x 1 = 6).
    finish = next(a for a in tour_walkthrough() if a[:2] == ["scenario", "finish"])
    xp = {k: int(v) for k, v in (finish[i + 1].split("=") for i, w in enumerate(finish) if w == "--xp")}
    coins = {k: int(v) for k, v in (finish[i + 1].split("=") for i, w in enumerate(finish) if w == "--coins")}
    assert (COIN_VALUE[1], bonus_xp(1)) == (2, 6)
    hilda = json.loads(cli("character", "show", "Hilda", "--json").stdout)
    assert (hilda["xp"], hilda["gold"]) == (xp["Hilda"] + 6, 30 + 2 * coins["Hilda"]) == (15, 38)
    assert hilda["items"] == []  # the helmet bought (for 10 gold) and undone
    assert "Iron Helmet for 10 gold" in outputs["buy Hilda"]
    status = json.loads(cli("status", "--json").stdout)
    assert [a["name"] for a in status["achievements"]["party"]] == ["First Steps"]
    assert 2 in [s["number"] for s in status["available_scenarios"]]
    assert status["party"]["location"] == "town"
    text = doc_section("tour")
    for claim in ("15 XP and 38 gold", "First Steps", "scenario 2 unlocks", "Iron Helmet for 10 gold",
                  "2 gold a coin", "6 bonus XP"):
        assert claim in " ".join(text.split()), claim
