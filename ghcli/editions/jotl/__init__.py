"""Jaws of the Lion: its campaign rules as switches; its facts are the JSON files beside this module.

What the box does not have is refused with a sentence that says so
(``Edition.lacks``): prosperity, reputation, Sanctuary donations, achievements,
class unlocks (the four classes are played from the start), road events,
personal quests, retirement, and Gloomhaven's random dungeons and solo
scenarios. What it has works as in Gloomhaven, with these switches:

- the shop holds only the items the completed scenarios put there (the
  scenario printed on each card, ``unlock_scenario``: scenario 2's reward is
  items 1-13, 9's 15-20, 15's 21-26), at their printed cost;
- a new character starts with no gold (Gloomhaven Secretariat does the same)
  and at most at the highest level among its party's characters (level 1 in
  a party of none): the rulebook's new-character level rests on prosperity,
  which this box lacks (a reading, see docs/campaign.md);
- enhancing is open from the start, at the first edition's costs (the
  calculator's ``jotl``, gh's table under the box's name), with no limit on a class's enhanced cards (the
  Gloomhaven limit is the prosperity level);
- levels come from XP only; the tutorial's A and B ability cards are never
  chosen at a level-up or enhanced;
- a sticker goes only in a slot the card prints, as in Gloomhaven: the box's
  ``enhancement_slots.json`` (GHS's jotl decks; the tutorial cards left out);
- the city event deck (01-22) enters with scenario 3's conclusion; events are
  resolved as in Gloomhaven, but no visit owes one (``city_event_each_visit``:
  drawing one is the players' call, so ``travel`` never asks for it);
- the monsters follow Jaws of the Lion's rules (``ghcli.rules.rulesets``).

Sources and readings: SOURCES.md beside this file.
"""

from __future__ import annotations

from pathlib import Path

from ghcli.editions import Edition

NAME = "Jaws of the Lion"

EDITION = Edition(
    key="jotl",
    name=NAME,
    title=NAME,
    facts_dir=Path(__file__).resolve().parent,
    facts=("ability_cards", "battle_goals", "campaign", "classes", "enhancement_slots", "ghs", "items",
           "monster_decks", "monsters", "scenario_rooms", "scenarios"),
    ghs="jotl",
    rule_set="jaws-of-the-lion",
    enhancement_costs="jotl",  # the calculator's jotl: the first edition's table, which the rulebook prints
    lacks={
        "prosperity": f"{NAME} has no prosperity: its shop grows with the scenarios completed",
        "reputation": f"{NAME} has no reputation: the shop sells at the printed cost",
        "donations": f"{NAME} has no Sanctuary donations (and no prosperity for them to raise)",
        "achievements": f"{NAME} has no global or party achievements: its scenarios unlock one another",
        "class unlocks": f"{NAME}'s four classes are all played from the start: there is no class to unlock",
        "road events": f"{NAME} has no road events: its only event deck is the city deck, from scenario 3",
        "personal quests": f"{NAME} has no personal quests",
        "retirement": f"{NAME} has no retirement: a player who wants another class makes a new character",
        "random dungeons": f"the random dungeon deck is Gloomhaven's: a {NAME} campaign has none",
        "solo scenarios": f"the solo scenarios are for Gloomhaven's classes: a {NAME} campaign has none",
    },
    shop="scenarios",
    start_level="party",
    start_gold_base=0,
    start_gold_per_level=0,
    enhancing_needs=None,
    enhanced_cards_by_prosperity=False,
    level_up_to_prosperity=False,
    tutorial_card_levels=("A", "B"),
    city_event_each_visit=False,  # the box leaves a city event to the players (docs/campaign.md)
)
