"""`ghcli rules order`: the round's turn order, one case per tie rule (issue 6, seed 000 §3.2, §6.4.1, seed 002)."""

from __future__ import annotations

import json

import pytest

# (name, command arguments, expected [actor(+standee)] order, expected ties as sets of actors)
CASES = [
    (
        "lower initiative first",
        ["-c", "brute=45,10", "-c", "tinkerer=12,90", "-m", "guard=30"],
        ["tinkerer", "guard", "brute"],
        [],
    ),
    (
        "tie: a character goes before a monster",
        ["-m", "guard=30", "-c", "brute=30,80"],
        ["brute", "guard"],
        [],
    ),
    (
        "tie: two characters compare their other card",
        ["-c", "brute=30,80", "-c", "tinkerer=30,20"],
        ["tinkerer", "brute"],
        [],
    ),
    (
        "tie: same other card too is the players' choice",
        ["-c", "brute=30,50", "-c", "tinkerer=30,50", "-c", "scoundrel=30,40"],
        ["scoundrel", "brute", "tinkerer"],
        [{"brute", "tinkerer"}],
    ),
    (
        "tie: monster types with the same initiative are the players' choice",
        ["-m", "guard=50", "-m", "archer=50", "-m", "imp=49"],
        ["imp", "guard", "archer"],
        [{"guard", "archer"}],
    ),
    (
        "long rest acts at 99, before a monster at 99",
        ["-m", "ooze=99", "--long-rest", "spellweaver", "-c", "brute=98,1"],
        ["brute", "spellweaver", "ooze"],
        [],
    ),
    (
        "tie: a long rest has no other card: players' choice with another character at 99",
        ["--long-rest", "spellweaver", "-c", "brute=99,5"],
        ["brute", "spellweaver"],
        [{"brute", "spellweaver"}],
    ),
    (
        "within a type: elites first, then by standee number",
        ["-m", "guard=35:n1,e4,n2,e3"],
        ["guard e3", "guard e4", "guard n1", "guard n2"],
        [],
    ),
    (
        "summons just before their summoner, in the order summoned",
        ["-c", "mindthief=20,70", "-c", "brute=10,40",
         "-s", "mindthief=rats", "-s", "brute=bear", "-s", "mindthief=imp"],
        ["bear", "brute", "rats", "imp", "mindthief"],
        [],
    ),
]


def _labels(data):
    return [f"{t['actor']} {t['standee']}" if t["standee"] else t["actor"] for t in data["order"]]


@pytest.mark.parametrize("name,args,order,ties", CASES, ids=[c[0] for c in CASES])
def test_order(cli, name, args, order, ties):
    r = cli("rules", "order", *args, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert _labels(data) == order
    assert [set(t["actors"]) for t in data["ties"]] == ties
    assert [t["position"] for t in data["order"]] == list(range(1, len(order) + 1))


def test_order_says_why(cli):
    r = cli("rules", "order", "-m", "guard=30", "-c", "brute=30,80", "-c", "tinkerer=30,20", "--json")
    data = json.loads(r.stdout)
    assert any("character goes before a monster" in d for d in data["decided"])
    assert any("other card" in d and d.index("tinkerer") < d.index("brute") for d in data["decided"])
    long_rest = json.loads(cli("rules", "order", "--long-rest", "sw", "--json").stdout)["order"][0]
    assert long_rest["initiative"] == 99 and long_rest["long_rest"] is True


def test_text_output_names_the_players_choice(cli):
    r = cli("rules", "order", "-m", "guard=50", "-m", "archer=50")
    assert r.exit_code == 0
    assert "players' choice" in r.stdout
    assert r.stdout.index("guard") < r.stdout.index("archer")


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["-c", "brute"],
        ["-c", "brute=abc"],
        ["-c", "brute=100,2"],
        ["-c", "brute=10,20,30"],
        ["-m", "guard=30:x1"],
        ["-m", "guard=30:e1,n1"],
        ["-c", "brute=10", "-c", "brute=20"],
        ["-c", "brute=10", "-s", "brutte=bear"],
    ],
)
def test_bad_input_exits_2(cli, args):
    r = cli("rules", "order", *args)
    assert r.exit_code == 2, r.output
    assert r.stderr.startswith("error: ")


def test_unknown_summoner_suggests(cli):
    r = cli("rules", "order", "-c", "brute=10,20", "-s", "brutte=bear")
    assert "did you mean 'brute'" in r.stderr
