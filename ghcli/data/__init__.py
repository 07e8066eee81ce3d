"""Shipped game facts (Gloomhaven first edition + Forgotten Circles).

Facts only: numbers, names, costs, links; never card, event or scenario text.
Built from the project's checked facts (see SOURCES.md beside this file).
Each file is read lazily, once per process.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent

NAMES = ("ability_cards", "achievements", "campaign", "classes", "enhancement_slots", "ghs", "items", "monster_decks",
         "monsters", "personal_quests", "random_dungeons", "scenario_rooms", "scenarios", "solo_scenarios")


@functools.cache
def load(name: str):
    """The parsed JSON of ``ghcli/data/<name>.json`` (cached: treat it as read-only)."""
    if name not in NAMES:
        raise KeyError(name)
    with open(HERE / f"{name}.json", encoding="utf-8") as f:
        return json.load(f)


def scenario_monsters(ghs: dict | None = None) -> dict[str, list[str]]:
    """{scenario number: [monster keys]}: the monster types GHS sets up for each scenario of an edition's
    ghs.json (``ghs``: the document; by default Gloomhaven's with Forgotten Circles), derived from its
    ``scenarios`` rather than shipped twice."""
    return _gh_scenario_monsters() if ghs is None else _monster_types(ghs)


@functools.cache
def _gh_scenario_monsters() -> dict[str, list[str]]:
    return _monster_types(load("ghs"))


def _monster_types(ghs: dict) -> dict[str, list[str]]:
    return {n: sorted({m[0] for m in s["monsters"]}) for n, s in ghs["scenarios"].items()}


def schema_sql() -> str:
    """The text of schema.sql (migration 1), history.sql's change log included."""
    return (HERE / "schema.sql").read_text(encoding="utf-8") + history_sql()


def history_sql() -> str:
    """The history and undo_log tables, written once for every campaign kind."""
    return (HERE / "history.sql").read_text(encoding="utf-8")
