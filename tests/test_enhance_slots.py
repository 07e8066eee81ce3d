"""Where a sticker goes on a card (issue 24): the card data from GHS, and the cases in enhance_slot_cases.json.

Both editions' slot files are GHS's facts: Gloomhaven's (``ghcli/data/``) from gh.json and fc.json,
Jaws of the Lion's (``ghcli/editions/jotl/``) from jotl.json, its tutorial cards (A, B: never
enhanced) left out. Where GHS's data is not beside the project (a fresh clone has no ../shared) the
rebuilds skip, saying so; the checks against the edition's own ghs.json (GHS's slot numbering, read
by other code from the same data) run everywhere.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ghcli import data, editions
from ghcli.errors import BadInput, Refused
from ghcli.rules import enhance
from ghcli.rules.enhance_slots import Line, place

CASES = json.loads((Path(__file__).parent / "enhance_slot_cases.json").read_text(encoding="utf-8"))["cases"]


def _sticker(args: dict) -> enhance.Sticker:
    return enhance.sticker_for(args.get("ability"), args.get("effect"), args.get("hexes"))


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_slot_case(case):
    lines = [Line.from_dict(x) for x in data.load("enhancement_slots")["cards"][case["class"]][str(case["card"])]
             [case["action"]]]
    used = [_sticker(u) for u in case.get("used", [])]
    args = dict(on=case.get("on"), used=used, where="the action")
    if case["expect"] in ("refused", "bad-input"):
        error = Refused if case["expect"] == "refused" else BadInput
        with pytest.raises(error) as caught:
            place(_sticker(case["sticker"]), lines, **args)
        assert isinstance(caught.value, BadInput) == (error is BadInput), case["why"]
        assert case["words"] in str(caught.value), (case["why"], str(caught.value))
        return
    spot = place(_sticker(case["sticker"]), lines, **args)
    assert spot.host == case["expect"], case["why"]
    if "several" in case:
        assert spot.several is case["several"], case["why"]


def test_every_ability_card_has_its_slots():
    slots = data.load("enhancement_slots")["cards"]
    missing = [(c["class"], c["number"]) for c in data.load("ability_cards")
               if str(c["number"]) not in slots.get(c["class"], {})]
    assert missing == []


def test_the_shipped_slots_are_ghs_facts():
    import ghs_slots

    if not (ghs_slots.GHS / "gh.json").exists():
        pytest.skip("no ../shared/ghs here (a fresh clone): the shipped data is checked by the cases above")
    assert data.load("enhancement_slots") == ghs_slots.build()
    assert data.scenario_monsters() == ghs_slots.build_scenario_monsters()["scenarios"]  # derived from ghs.json
    assert (Path(ghs_slots.OUT)).read_text(encoding="utf-8") == ghs_slots.text(ghs_slots.build())


# -- Jaws of the Lion -------------------------------------------------------------------------

JOTL = editions.get("jotl")


def test_the_jotl_slots_are_ghs_facts():
    import ghs_slots

    if not (ghs_slots.GHS / "jotl.json").exists():
        pytest.skip(f"GHS's jotl.json is not here ({ghs_slots.GHS}: a fresh clone has no ../shared): "
                    "the JotL slots are checked against the edition's ghs.json below")
    built = ghs_slots.build(ghs_slots.GHS, "jotl")
    assert JOTL.load("enhancement_slots") == built
    assert ghs_slots.out("jotl").read_text(encoding="utf-8") == ghs_slots.text(built)


def test_the_jotl_slots_count_ghs_enhancement_types_card_by_card():
    """Read from jotl.json on its own (not through tests/ghs_slots.py): every card half's slots,
    their shapes in order, are the ``enhancementTypes`` of its actions."""
    import ghs_slots

    path = ghs_slots.GHS / "jotl.json"
    if not path.exists():
        pytest.skip(f"GHS's jotl.json is not here ({path}: a fresh clone has no ../shared)")
    doc = json.loads(path.read_text(encoding="utf-8"))

    def shapes(actions):
        out = []
        for a in actions or []:
            out += list(a.get("enhancementTypes") or [])
            out += shapes(a.get("subActions"))
        return out

    shipped = JOTL.load("enhancement_slots")["cards"]
    seen = 0
    for deck in doc["decks"]:
        if not deck.get("character"):
            continue
        for card in deck["abilities"]:
            got = shipped[deck["name"]].get(str(card["cardId"]))
            if card["level"] in ("A", "B"):
                assert got is None, (deck["name"], card["cardId"])
                assert shapes(card.get("actions")) == shapes(card.get("bottomActions")) == []  # GHS gives none
                continue
            for half, key in (("top", "actions"), ("bottom", "bottomActions")):
                assert [s for line in got[half] for s in line["slots"]] == shapes(card.get(key)), \
                    (deck["name"], card["cardId"], half)
            seen += 1
    assert seen == 144 - 4 * 8  # every card but the tutorial's eight a class


def test_every_jotl_card_but_the_tutorial_has_its_slots():
    slots = JOTL.load("enhancement_slots")["cards"]
    cards = JOTL.load("ability_cards")
    assert set(slots) == {c["key"] for c in JOTL.load("classes")}
    own = {(c["class"], str(c["number"])) for c in cards if c["level"] not in JOTL.tutorial_card_levels}
    assert {(cls, n) for cls in slots for n in slots[cls]} == own
    assert len(own) == len(cards) - 32  # the tutorial's A and B cards (8 a class) are never enhanced


def test_the_jotl_slots_are_ghs_numbering_s():
    """The edition's ghs.json (GHS's slot numbering, built by tests/ghs_real.py) holds the same slots:
    per card half, each slot's shape and the ability it sits on (GHS's ``condition`` for a condition's
    name)."""
    import ghs_slots

    numbering = JOTL.load("ghs")["cards"]
    for cls, cards in JOTL.load("enhancement_slots")["cards"].items():
        for number, halves in cards.items():
            for half in ("top", "bottom"):
                ours = sorted((s, line["kind"] if line["kind"] in ghs_slots.KINDS else "condition")
                              for line in halves[half] for s in line["slots"])
                ghs = sorted((x[3], x[4]) for x in numbering.get(cls, {}).get(number, []) if x[0] == half)
                assert ours == ghs, (cls, number, half)


def test_resigned_frenzy_has_one_slot_the_attack_s():
    """Hand-checked (GHS's jotl.json, card 162): the top's Attack 2 has one diamond; the bottom none."""
    card = JOTL.load("enhancement_slots")["cards"]["voidwarden"]["162"]
    assert [(x["kind"], x["slots"]) for x in card["top"] if x["slots"]] == [("attack", ["diamond"])]
    assert [x for x in card["bottom"] if x["slots"]] == []
