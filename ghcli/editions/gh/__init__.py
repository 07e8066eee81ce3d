"""Gloomhaven (first edition) with Forgotten Circles: the campaign rules ghcli began with.

Its facts are ``ghcli/data/`` (they stay where they were; this edition points
at them). Every feature is there, so nothing is refused; the switches are the
first edition's: the shop by prosperity, a new character at most at the
prosperity level with 15 x (L + 1) gold, enhancing after The Power of
Enhancement on at most prosperity-level cards per class, first-edition
enhancement costs, Gloomhaven's monster rules.
"""

from __future__ import annotations

from pathlib import Path

from ghcli.editions import Edition

EDITION = Edition(
    key="gh",
    name="Gloomhaven",
    title="Gloomhaven with Forgotten Circles",
    facts_dir=Path(__file__).resolve().parent.parent.parent / "data",
    facts=("ability_cards", "achievements", "campaign", "classes", "enhancement_slots", "ghs", "items", "monster_decks",
           "monsters", "personal_quests", "random_dungeons", "scenario_rooms", "scenarios",
           "solo_scenarios"),
    ghs="gh",
    rule_set="gloomhaven",
    enhancement_costs="gh",
    shop="prosperity",
    start_level="prosperity",
    start_gold_base=15,
    start_gold_per_level=15,
    enhancing_needs="the-power-of-enhancement",
    enhanced_cards_by_prosperity=True,
    level_up_to_prosperity=True,
    at_once_classes=("diviner",),  # Forgotten Circles: usable at once (docs/campaign.md, "Editions")
)
