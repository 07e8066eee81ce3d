"""Game things named as players say them, looked up in the active edition's facts.

Classes by common English name (or key), items by number or name,
achievements by name or kebab-case key, scenarios by number or name;
matching ignores case. An unknown name raises :class:`NotFound`, which names
it and suggests the closest match.

Every lookup reads the facts of the active edition (``ghcli.editions``: the
open campaign's, Gloomhaven when none is open), so a Jaws of the Lion
campaign finds its own classes, items and scenarios; what an edition does not
ship (Jaws of the Lion's achievements, personal quests) reads as empty.
"""

from __future__ import annotations

import functools
import re
from typing import Iterable

from ghcli import editions
from ghcli.campaign import tracks
from ghcli.errors import BadInput, NotFound


def _load(name: str):
    """One fact file of the active edition (the one place catalog lookups read facts from)."""
    return editions.current().load(name)


def edition() -> editions.Edition:
    """The active edition (the open campaign's)."""
    return editions.current()


def _norm(text: str) -> str:
    """Lower case, with spaces, underscores, apostrophes and colons folded:
    'City Rule: Economic' -> 'city-rule-economic'."""
    text = str(text).strip().lower().replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def _index(name: str, key: str, *labels: str) -> dict[str, dict]:
    """One data file's entries by normalised key and, where not taken, by each label (the active edition's)."""
    return _edition_index(editions.current().key, name, key, *labels)


@functools.cache
def _edition_index(edition_key: str, name: str, key: str, *labels: str) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for entry in editions.get(edition_key).load(name):
        out[_norm(entry[key])] = entry
        for label in labels:
            if entry.get(label):
                out.setdefault(_norm(entry[label]), entry)
    return out


# Other names players use for some classes (box symbols, spoiler codes).
CLASS_ALIASES = {
    "mind-thief": "mindthief", "sun": "sunkeeper", "three-spears": "quartermaster",
    "circles": "summoner", "eclipse": "nightshroud", "squidface": "plagueherald", "cthulhu": "plagueherald",
    "lightning": "berserker", "lightning-bolts": "berserker", "music-note": "soothsinger", "angry-face": "doomstalker",
    "saw": "sawbones", "triangles": "elementalist", "two-mini": "beast-tyrant", "beasttyrant": "beast-tyrant",
}


def classes() -> list[dict]:
    """Every character class shipped (key, name, race, hit points by level, perks ...), in data order."""
    return _load("classes")


def find_class(name: str, among: Iterable[str] | None = None) -> dict:
    """A class by name, key, box name or spoiler code. An unknown name suggests the closest class
    key, only from ``among`` when given (the unlocked classes: suggestions never name a locked one)."""
    idx = _index("classes", "key", "name", "spoiler_code")
    n = _norm(name)
    n = CLASS_ALIASES.get(n, n)
    if n in idx:
        return idx[n]
    raise NotFound("class", name, [c["key"] for c in classes()] if among is None else list(among))


def items() -> list[dict]:
    """Every item shipped (number, name, cost, copies, slot, prosperity ...)."""
    return _load("items")


def _items_by_number() -> dict[int, dict]:
    return _by_number(editions.current().key, "items")


@functools.cache
def _by_number(edition_key: str, name: str) -> dict[int, dict]:
    return {i["number"]: i for i in editions.get(edition_key).load(name)}


def item(number: int) -> dict:
    """The item with this number (KeyError if there is none: the caller's number is trusted)."""
    return _items_by_number()[number]


def find_item(name_or_number: str | int, among: Iterable[int] | None = None) -> dict:
    """An item by number or name. An unknown name suggests the closest item name, only from the
    item numbers ``among`` when given (what the players have seen: suggestions never name the rest)."""
    text = str(name_or_number).strip().lstrip("#")
    if text.isdigit():
        found = _items_by_number().get(int(text))
        if found:
            return found
        raise NotFound("item", name_or_number, [])
    idx = _index("items", "number", "name")
    n = _norm(text)
    if n in idx and not n.isdigit():  # numbers only as written above ('-1' is not item 1)
        return idx[n]
    known = items() if among is None else [item(k) for k in among if k in _items_by_number()]
    raise NotFound("item", name_or_number, [i["name"] for i in known])


def achievements() -> list[dict]:
    """Every global and party achievement shipped (key, name, kind, max_count ...)."""
    return _load("achievements")


def find_achievement(name_or_key: str, kind: str | None = None) -> dict:
    """The achievement named by name or key; kind: 'global', 'party' or None for either.

    NotFound (listing the known keys of that kind) when there is none of that kind.
    """
    idx = _index("achievements", "key", "name")
    found = idx.get(_norm(name_or_key))
    if found and (kind is None or found["kind"] == kind):
        return found
    known = [a["key"] for a in achievements() if kind is None or a["kind"] == kind]
    raise NotFound(f"{kind} achievement" if kind else "achievement", name_or_key, known)


def achievement(key: str) -> dict:
    """The achievement with this key or name, of either kind; NotFound otherwise."""
    return find_achievement(key)


def scenarios() -> list[dict]:
    """Every scenario shipped (number, name, location, links, requirements, rewards ...)."""
    return _load("scenarios")


def _scenarios_by_number() -> dict[int, dict]:
    return _by_number(editions.current().key, "scenarios")


def scenario(number: int) -> dict:
    """The scenario with this number (KeyError if there is none: the caller's number is trusted)."""
    return _scenarios_by_number()[number]


def find_scenario(name_or_number: str | int, among: Iterable[int] | None = None) -> dict:
    """A scenario by number or name; suggestions only from the numbers ``among`` when given (the unlocked)."""
    text = str(name_or_number).strip().lstrip("#")
    if text.isdigit():
        found = _scenarios_by_number().get(int(text))
        if found:
            return found
        raise NotFound("scenario", name_or_number, [])
    idx = _index("scenarios", "number", "name")
    n = _norm(text)
    if n in idx and not n.isdigit():  # numbers only as written above ('-1' is not scenario 1)
        return idx[n]
    known = scenarios() if among is None else [scenario(k) for k in among if k in _scenarios_by_number()]
    raise NotFound("scenario", name_or_number, [s["name"] for s in known])


def personal_quests() -> list[dict]:
    """Every personal quest card shipped (number, name, what it unlocks, its targets)."""
    return _load("personal_quests")


def personal_quest(number: int | str) -> dict:
    """The personal quest card with this number; NotFound otherwise."""
    for q in personal_quests():
        if str(q["number"]) == str(number).strip():
            return q
    raise NotFound("personal quest", number, [str(q["number"]) for q in personal_quests()])


def ability_cards(class_key: str) -> list[dict]:
    """The ability cards of one class (number, name, level, initiative), in data order."""
    return [c for c in _load("ability_cards") if c["class"] == class_key]


def find_card(class_key: str, name_or_number: str | int) -> dict:
    """The ability card of the class named by card number or name; NotFound otherwise."""
    cards = ability_cards(class_key)
    text = str(name_or_number).strip().lstrip("#")
    for c in cards:
        if text.isdigit() and c["number"] == int(text):
            return c
        if _norm(c["name"]) == _norm(text):
            return c
    raise NotFound(f"{class_key} ability card", name_or_number, [c["name"] for c in cards])


def card_action_lines(class_key: str, number: int, action: str) -> list[dict] | None:
    """The abilities a card's top or bottom action prints, with their enhancement slots
    (``data/enhancement_slots.json``); None for a card the data does not hold."""
    card = _load("enhancement_slots")["cards"].get(class_key, {}).get(str(number))
    return None if card is None else card[action]


def facts() -> dict:
    """campaign.json: thresholds, starting decks and classes, price modifiers."""
    return _load("campaign")


def event_cards(deck: str) -> frozenset[int]:
    """The numbers of the edition's city or road event cards: 1 to ``max_{deck}_event`` (the base game's)
    and its expansion's beyond them (``expansion_{deck}_events``: Forgotten Circles' city 82-90 and road
    82-83, which its scenarios, conclusions and Diviner add; road 70-81 do not exist)."""
    f = facts()
    last = f.get(f"max_{deck}_event") or 0
    return frozenset(range(1, last + 1)) | frozenset(f.get(f"expansion_{deck}_events") or ())


def event_numbering(deck: str) -> str:
    """How the deck's cards are numbered, for a refusal: 'city events are numbered 1-90',
    'road events are numbered 1-69 and 82-83'."""
    runs: list[list[int]] = []
    for n in sorted(event_cards(deck)):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    parts = [f"{a}-{b}" if a != b else str(a) for a, b in runs]
    listed = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts) or "none"
    return f"{deck} events are numbered {listed}"


#: Classes unlocked when a campaign starts beside the six starting classes: the Diviner
#: (Forgotten Circles), usable as soon as the expansion is added (its class note in
#: classes.json; docs/campaign.md, "Editions", lists it among the starting classes). Like the six, it is
#: unlocked without events: its event 82 joins the decks with scenario 96's reward.
def at_once_classes() -> tuple[str, ...]:
    """Classes playable at once beside the starting ones (the edition's: Gloomhaven's Diviner)."""
    return editions.current().at_once_classes


def starting_classes() -> list[str]:
    """The class keys unlocked at ``init``: the edition's starting classes, then those playable at once
    (Gloomhaven: the six, then the Diviner)."""
    start = list(facts()["starting_classes"])
    return start + [k for k in at_once_classes() if k not in start]


def prosperity_level(checkmarks: int) -> int:
    """Prosperity level 1-9 from the checkmarks on the track."""
    level = 1
    for threshold in facts().get("prosperity_thresholds", []):  # an edition without prosperity: level 1
        if checkmarks >= threshold:
            level += 1
    return level


def prosperity_to_next(checkmarks: int) -> int | None:
    """Checkmarks still needed for the next prosperity level (None at level 9)."""
    for threshold in facts().get("prosperity_thresholds", []):
        if checkmarks < threshold:
            return threshold - checkmarks
    return None



def level_for_xp(xp: int) -> int:
    """The highest level whose XP threshold the XP reaches (level 1 from 0 XP)."""
    level = 1
    for threshold in facts()["xp_thresholds"]:
        if xp >= threshold:
            level += 1
    return level


def xp_threshold(level: int) -> int:
    """Minimum XP of a level (1 -> 0, 2 -> 45, ... 9 -> 500)."""
    if not 1 <= level <= tracks.MAX_LEVEL:
        raise BadInput(f"level {level} is not between 1 and {tracks.MAX_LEVEL}")
    return 0 if level == 1 else facts()["xp_thresholds"][level - 2]


def price_modifier(reputation: int) -> int:
    """The shop price modifier in gold (negative: cheaper) at this reputation; BadInput off the -20..20 track.
    An edition without reputation has no modifier (0)."""
    if not editions.current().has("reputation"):
        return 0
    for band in facts()["reputation_price_modifiers"]:
        if band["min"] <= reputation <= band["max"]:
            return band["modifier"]
    raise BadInput(f"reputation {reputation} is outside {tracks.REPUTATION_MIN}..{tracks.REPUTATION_MAX}")


def shop_items_for_prosperity(level: int) -> list[int]:
    """Item numbers the shop offers at a prosperity level: 1-14, then 7 more per level up to 64-70."""
    return list(range(1, 15 + 7 * (max(1, min(tracks.MAX_PROSPERITY_LEVEL, level)) - 1)))


def _card_level_key(level: int | str) -> tuple[int, int]:
    """Sort X cards right after level 1 (both are in the starting pool), then by level; Jaws of the
    Lion's tutorial cards (A, B) come first."""
    if level == "X":
        return (1, 1)
    if isinstance(level, str) and not level.isdigit():
        return (0, ord(level[:1] or "A"))
    return (int(level), 0)


def chosen_at_level_up(card: dict) -> bool:
    """Whether a card is one a level-up chooses (level 2-9): not level 1 or X (always in the pool),
    nor Jaws of the Lion's tutorial cards (A, B)."""
    return isinstance(card["level"], int) and card["level"] >= 2


def pool_words(card: dict) -> str:
    """Why a card is never chosen at a level-up, in words."""
    if card["level"] in editions.current().tutorial_card_levels:
        return f"{card['name']} is a tutorial card (level {card['level']}), set aside after the tutorial"
    return f"{card['name']} is a level {card['level']} card, always in the pool"


def class_sheet(cls: dict) -> dict:
    """A class's facts for choosing level-up cards and perks: ability cards by level (X with level 1),
    numbered perks with their boxes, hand size and maximum HP by character level."""
    groups: dict[str, list[dict]] = {}
    for card in sorted(ability_cards(cls["key"]), key=lambda c: (_card_level_key(c["level"]), c["number"])):
        groups.setdefault(str(card["level"]), []).append({"number": card["number"], "name": card["name"]})
    return {
        "class": cls["key"],
        "name": cls["name"],
        "hand_size": cls["hand_size"],
        "hp": list(cls["hp"]),
        "cards": [{"level": level, "cards": cards} for level, cards in groups.items()],
        "perks": [{"number": i, "text": p["text"], "count": p["count"]} for i, p in enumerate(cls["perks"], start=1)],
    }
