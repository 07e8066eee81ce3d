"""GHS's numbering of Gloomhaven and Forgotten Circles things: the one place the GHS files use it.

Everything edition-specific that the GHS import (:mod:`.ghs`) and export
(:mod:`.ghs_export`) need lives in ``ghcli/data/ghs.json`` (read from GHS's
own data; see ``ghcli/data/SOURCES.md``) and is read here: class ids and
decks, enhancement slots, scenario editions, unlocks and monsters, solo
scenarios, the random dungeon, item editions. Jaws of the Lion's classes,
decks and slots are in its own edition's ``ghs.json`` (the functions read the
active edition's file; :mod:`.ghs_jotl` uses the class and card ones).

Enhancement stickers (GHS ``progress.enhancements``: ``{cardId, actionIndex,
index, action}``): ``actionIndex`` is the action's path on the card (``"0"``,
``"0-1"`` a sub-action, ``"bottom-2"``), ``index`` the slot on that action,
``action`` what the sticker gives: ``plus1`` (+1 to the action's number),
a condition (``poison``, ``bless`` ...), an element (``fire`` ... ``dark``,
``wild`` for any element), ``jump`` or ``hex``. ghcli's sticker labels
(``+1 attack``, ``poison``, ``fire``, ``any-element``, ``jump``,
``hex (area of 3)``) map one to one; a sticker goes on a slot whose shape
takes it (square: +1; circle: +1, an element, Jump on a Move; diamond: +1,
a negative condition, an element; diamond+: +1, a positive condition, an
element; hex: hex; any: anything), as ``ghcli.rules.enhance_slots`` has it.

What GHS's own code (0.150.6, ``../shared/ghs/real``) says of these, checked:
the slot numbering (``actionIndex``, ``index``) is CharacterManager's
``enhancementMapping`` (each action's ``enhancementTypes`` in order, its
sub-actions after it, a work-in-progress custom action skipped), which
``tests/ghs_real.py`` reproduces to build ``ghs.json``; the slot shapes are
GHS's data; the condition names are GHS's (EnhancementsManager's
``diamondConditions`` poison ... curse, ``diamondPlusConditions`` strengthen,
bless, regenerate; ward only with Frosthaven's rules) and the element names
GHS's ElementType values with ``wild`` for any element. Not checked: the
``action`` strings themselves. GHS's loading code never reads ``action``:
the Enhancement model carries it as given (``{cardId, actionIndex, index,
action, inherited}``), CharacterManager.previousEnhancements copies a
retired predecessor's stickers as ``inherited`` and keeps one per
(card, actionIndex, index), and GHS saves it back unchanged (the tests
round-trip every sticker through GHS). The enhancement dialog that writes
it is not in the loading code, so ``plus1``, ``jump`` and ``hex`` are a
reading of GHS's dialog (``plus1`` is the name GHS gives +1 elsewhere, its
attack modifier cards; ``jump`` its action type; ``hex`` its data's name for
the shape of the slot). docs/exchange.md says so.
"""

from __future__ import annotations

import re
from typing import Any

ELEMENTS = ("fire", "ice", "air", "earth", "light", "dark")
NEGATIVE = ("poison", "wound", "muddle", "immobilize", "disarm", "curse")
POSITIVE = ("strengthen", "bless", "regenerate", "ward")
SHAPES = {
    "square": {"plus1"},
    "circle": {"plus1", *ELEMENTS, "wild", "jump"},
    "diamond": {"plus1", *NEGATIVE, *ELEMENTS, "wild"},
    "diamond_plus": {"plus1", *POSITIVE, *ELEMENTS, "wild"},
    "hex": {"hex"},
}
RANDOM_DUNGEON_GROUP = "randomDungeon"
SOLO_GROUP = "solo"


def facts() -> dict:
    """The active edition's GHS numbering (``ghcli/data/ghs.json`` for Gloomhaven, ``ghcli/editions/jotl/ghs.json``
    for Jaws of the Lion: classes, decks, enhancement slots and areas only)."""
    from ghcli import editions

    return editions.current().load("ghs")


def ghs_ticks(donations: int, envelope_b: bool) -> int:
    """The prosperity checkmarks GHS adds for ``donations`` (a count of 10 gold) in a Gloomhaven game
    (GameManager.prosperityTicks): one with envelope B, one per 5 donations from 10 to 40, then one per 10;
    none while envelope B is not open."""
    if not envelope_b:
        return 0
    ticks = 1
    if donations > 10:
        ticks += min(donations - 10, 30) // 5
    if donations > 40:
        ticks += (donations - 40) // 10
    return ticks


# -- classes and cards -----------------------------------------------------------


def class_ref(key: str) -> tuple[str, str]:
    """A ghcli class key as GHS's (id, edition): quartermaster -> ('three-spears', 'gh')."""
    c = facts()["classes"][key]
    return c["id"], c["edition"]


def deck_index(key: str, card: int) -> int | None:
    """The index GHS keeps for a card of the class (its place in GHS's deck), None if GHS's deck lacks it."""
    deck = facts()["classes"][key]["deck"]
    return deck.index(card) if card in deck else None


def deck_card(key: str, index: Any) -> int | None:
    """The card number at a GHS deck index, None when the index is off the deck."""
    deck = facts()["classes"][key]["deck"]
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(deck):
        return None
    return deck[index]


def slots(key: str, card: int) -> list[list]:
    """The card's enhancement slots: [half, action path, index, shape, action type]."""
    return facts()["cards"].get(key, {}).get(str(card), [])


def area_hexes(key: str, card: int, path: str) -> int | None:
    return facts()["areas"].get(key, {}).get(str(card), {}).get(path)


_HEX = re.compile(r"hex \(area of (\d+)\)")


def sticker_action(label: str) -> tuple[str, str | None] | None:
    """A ghcli sticker label as (GHS action, the ability a +1 goes on); None when GHS has no such sticker
    (an unnamed element, a summon's stat)."""
    text = label.strip().lower()
    if text.startswith("+1 "):
        return "plus1", text[3:].strip()
    if _HEX.fullmatch(text) or text in ("hex", "a hex"):
        return "hex", None
    m = re.fullmatch(r"one element \((\w+)\)", text)
    if m:
        text = m.group(1)
    if text in ("any-element", "any element"):
        return "wild", None
    if text in (*ELEMENTS, *NEGATIVE, *POSITIVE, "jump"):
        return text, None
    return None


def sticker_label(action: str, slot_type: str | None, hexes: int | None) -> str | None:
    """A GHS sticker as ghcli labels it (``enhance.sticker_label``), None when ghcli has none for it."""
    if action == "plus1":
        return f"+1 {slot_type}" if slot_type else None
    if action == "hex":
        return f"hex (area of {hexes})" if hexes else None
    if action == "wild":
        return "any-element"
    if action in (*ELEMENTS, *NEGATIVE, *POSITIVE, "jump"):
        return action
    return None


def takes(shape: str, action: str, slot_type: str | None, ability: str | None) -> bool:
    if shape == "any":
        return True
    if action not in SHAPES.get(shape, ()):
        return False
    if action == "jump":  # Jump only on a Move (ghcli's rules; GHS's Move slots are circles)
        return slot_type == "move"
    return action != "plus1" or ability == slot_type


def place(key: str, card: int, half: str, label: str, taken: set[tuple[str, int]]) -> tuple[str, int] | None:
    """The first free slot of the card half that takes the sticker: (action path, index), or None."""
    wanted = sticker_action(label)
    if wanted is None:
        return None
    action, ability = wanted
    for h, path, index, shape, slot_type in slots(key, card):
        if h == half and (path, index) not in taken and takes(shape, action, slot_type, ability):
            return path, index
    return None


def slot_at(key: str, card: int, path: str, index: int) -> list | None:
    for s in slots(key, card):
        if s[1] == path and s[2] == index:
            return s
    return None


# -- scenarios --------------------------------------------------------------------


def scenario_ref(number: int) -> dict:
    """A main scenario as GHS names it: {index, edition}."""
    return {"index": str(number), "edition": facts()["scenarios"][str(number)]["edition"]}


def scenario_facts(number: int) -> dict:
    return facts()["scenarios"][str(number)]


def blocks_by_ghs(store, blocks: set[int]) -> list[tuple[int, str]]:
    """The scenarios GHS blocks from its data (``blocks``: the completed scenarios' blocks) that ghcli does
    not, each with the export's reason: GHS, and ghcli from GHS's file, hold them blocked (a paper completion
    with --no-unlocks applies no block; a completed one too, as a later completion blocks in ghcli)."""
    rows = {r["number"]: r for r in store.rows("SELECT number, unlocked, completed, blocked FROM scenarios")}
    out = []
    for n in sorted(blocks):
        r = rows.get(n)
        if r is not None and r["blocked"]:
            continue
        state = ("completed, not blocked" if r is not None and r["completed"]
                 else "unlocked, not blocked" if r is not None and r["unlocked"] else "locked, not blocked")
        out.append((n, f"GHS blocks it (from its data), ghcli has it {state}"))
    return out


def requires_met(number: int, completed) -> bool:
    """Whether GHS lists scenario ``number`` once its data unlocks it: GHS's ``requires`` are sets of
    scenarios, one of which must be all completed (ScenarioManager.scenarioData; 19 needs 14, though 5
    unlocks it and the rules ask for The Power of Enhancement, however gained)."""
    requires = facts()["scenarios"][str(number)].get("requires") or []
    done = set(completed)
    return not requires or any(all(n in done for n in group) for group in requires)


def solo_ref(key: str) -> dict | None:
    s = facts()["solo"].get(key)
    return {"index": s["index"], "edition": s["edition"], "group": SOLO_GROUP} if s else None


def solo_class(index: str, edition: str) -> str | None:
    """The ghcli class whose solo scenario GHS numbers (index, edition)."""
    for key, s in facts()["solo"].items():
        if s["index"] == str(index) and s["edition"] == edition:
            return key
    return None


def item_edition(number: int) -> str:
    return facts()["item_editions"].get(str(number), "gh")
