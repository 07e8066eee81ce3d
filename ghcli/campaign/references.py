"""What a campaign's tables may name of the game: tables that came in, checked against the facts
(docs/shell.md, "What ghcli trusts in a file, and what it does with a hostile one").

The schema and the bounds (``ghcli.campaign.kind.BOUNDS``) keep every value
of an import or snapshot entry in its type and the game's range; this check
keeps every reference to the game's facts one that the campaign's edition
has: its edition itself, a class, an item, a scenario, a personal quest (and
the quests a character was offered), an achievement of its kind, an event card
of its deck, an ability card or a perk of the character's class. A file
(an older ghcli's export, a GHS file's conversion, a snapshot) naming
something this ghcli does not know is refused, naming the value
(``tables.character_items.rows[0].item: 999 is not an item of Gloomhaven``),
rather than taken in and then failing in every command that shows it.

Called by the journal on the tables of an entry that loads them
(``Kind.check_facts``); reads the facts only (no database).
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from ghcli.errors import Refused


def _rows(tables: dict, table: str) -> Iterator[tuple[int, dict]]:
    data = tables.get(table)
    if not isinstance(data, dict):
        return
    cols = data.get("columns") or []
    for i, row in enumerate(data.get("rows") or []):
        yield i, dict(zip(cols, row[1:]))


def _refuse(table: str, i: int, col: str, value: Any, what: str) -> None:
    shown = repr(value) if not isinstance(value, str) or len(value) <= 40 else repr(value[:40] + "...")
    raise Refused(f"tables.{table}.rows[{i}].{col}: {shown} is not {what}")


def check(tables: dict) -> None:
    """Refuse the first reference in ``tables`` that the campaign's edition does not have."""
    from ghcli import editions

    edition = next((r.get("edition") for _, r in _rows(tables, "campaign")), None) or editions.DEFAULT
    if edition not in editions.editions():
        _refuse("campaign", 0, "edition", edition, f"an edition ghcli keeps ({', '.join(editions.keys())})")
    with editions.using(edition) as ed:
        _check(tables, ed)


def _check(tables: dict, ed) -> None:
    from ghcli.campaign import catalog

    of = f"of {ed.name}"
    classes = {c["key"]: c for c in catalog.classes()}
    items = {i["number"] for i in catalog.items()}
    scenarios = {s["number"] for s in catalog.scenarios()}
    quests = {q["number"] for q in catalog.personal_quests()}
    achievements = {a["key"]: a["kind"] for a in catalog.achievements()}
    simple = [
        ("characters", "class", classes, f"a class {of}"),
        ("unlocked_classes", "class", classes, f"a class {of}"),
        ("retired_classes", "class", classes, f"a class {of}"),
        ("solo_results", "class", classes, f"a class {of}"),
        ("enhancements", "class", classes, f"a class {of}"),
        ("character_items", "item", items, f"an item {of}"),
        ("supply", "item", items, f"an item {of}"),
        ("item_designs", "item", items, f"an item {of}"),
        ("solo_results", "item", items, f"an item {of}"),
        ("scenarios", "number", scenarios, f"a scenario {of}"),
        ("parties", "scenario", scenarios, f"a scenario {of}"),
        ("characters", "quest", quests, f"a personal quest {of}"),
    ]
    for table, col, known, what in simple:
        for i, row in _rows(tables, table):
            value = row.get(col)
            if value is not None and value not in known:
                _refuse(table, i, col, value, what)
    for table, kind in (("global_achievements", "global"), ("party_achievements", "party")):
        for i, row in _rows(tables, table):
            if achievements.get(row.get("key")) != kind:
                _refuse(table, i, "key", row.get("key"), f"a {kind} achievement {of}")
    events = {}
    for deck in ("city", "road"):  # the edition's cards (Forgotten Circles' too), and those a class adds
        events[deck] = set(catalog.event_cards(deck)) | {
            c.get(f"{deck}_event_on_{when}") for c in classes.values() for when in ("unlock", "retire")} - {None}
    for table in ("event_decks", "pending_events"):
        for i, row in _rows(tables, table):
            deck = row.get("deck")
            if row.get("card") not in events.get(deck, ()):
                _refuse(table, i, "card", row.get("card"), f"a {deck} event card {of}")
    chars = {row.get("id"): row for _, row in _rows(tables, "characters")}
    for i, row in _rows(tables, "characters"):
        offer = row.get("quest_offer")
        if offer:
            try:
                numbers = json.loads(offer)
            except ValueError:
                numbers = None
            if not isinstance(numbers, list) or not all(n in quests for n in numbers):
                _refuse("characters", i, "quest_offer", offer, f"a list of personal quests {of}")
    cards: dict[str, set] = {}

    def cards_of(cls: str) -> set:
        if cls not in cards:
            cards[cls] = {c["number"] for c in catalog.ability_cards(cls)}
        return cards[cls]

    for i, row in _rows(tables, "character_cards"):
        char = chars.get(row.get("character_id"))
        if char is not None and row.get("card") not in cards_of(char.get("class")):
            _refuse("character_cards", i, "card", row.get("card"), f"an ability card of the {char.get('class')}")
    for i, row in _rows(tables, "enhancements"):
        if row.get("card") not in cards_of(row.get("class")):
            _refuse("enhancements", i, "card", row.get("card"), f"an ability card of the {row.get('class')}")
    for i, row in _rows(tables, "character_perks"):
        char = chars.get(row.get("character_id"))
        count = len(classes[char["class"]].get("perks") or []) if char is not None else None
        if count is not None and not 1 <= (row.get("perk") or 0) <= count:
            _refuse("character_perks", i, "perk", row.get("perk"), f"a perk of the {char['class']} (1-{count})")
