"""Where a sticker goes on a card (issue 24): the card data from GHS, and the cases in enhance_slot_cases.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ghcli import data
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
