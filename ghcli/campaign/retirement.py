"""Retiring a character whose personal quest is fulfilled.

Rules (the rulebook's retirement; the readings: docs/between-sessions.md, "Readings"), in town only:

- The personal quest must be marked fulfilled (``character quest NAME --fulfilled``).
- Prosperity +1 (``effects.add_prosperity``). The character's items go back
  to the shop's supply and its gold is lost; the character is marked retired
  and leaves play.
- Its player gains one extra perk for every later character
  (``players.extra_perks``; a character created for that player starts with
  them). A character with no player named earns nothing to record: the
  report says so. In solo play (one player, several characters of the
  party) each character counts as a separate player (the rulebook's solo
  play; docs/between-sessions.md): a character in its player's seat 2 or later adds its perk to
  that seat only (``characters.seat``; the next character made in that seat
  starts with it), not to the player's pool.
- The quest's reward: its class is unlocked (with the class's unlock events);
  if that class is already unlocked, a random item design (from the items
  whose source is the random item design deck, not yet in the supply) and a
  random side scenario (63-71, not yet unlocked) instead; when a deck is
  spent, nothing from it. Quests 513 and 526 open envelope X; the second time
  envelope X would open, the random design and side scenario come instead.
- A class's first retirement adds its retirement events to both decks
  (``retired_classes``), which are shuffled.
- The campaign's first retirement opens the Town Records: reported and
  written to the history.

Checking is separate from applying: :func:`check_retire` reads the campaign
and raises when the rules refuse, returning a :class:`RetirePlan`;
:func:`apply_retire` writes it (the random design and side scenario are drawn
there). :func:`retire` runs both in one change.
"""

from __future__ import annotations

from dataclasses import dataclass

from ghcli.campaign import catalog, effects, lookup
from ghcli.campaign.kind import Store, command
from ghcli.journal.store import Done
from ghcli.campaign.road import party_member, require_town
from ghcli.campaign.town import return_to_supply
from ghcli.errors import Refused

ENVELOPE_X = "envelope X"


@dataclass(frozen=True)
class RetirePlan:
    """A checked retirement, ready to apply."""

    character: dict
    class_key: str
    quest: dict
    items: tuple[int, ...]
    first_ever: bool
    first_of_class: bool
    unlock_class: str | None  # the quest's class, when it is not unlocked yet
    envelope_x: bool  # the quest opens envelope X for the first time


def check_retire(store: Store, name: str) -> RetirePlan:
    """May ``name`` retire now? Raises when the rules refuse; writes nothing."""
    catalog.edition().require("retirement")
    party, _ = require_town(store, "characters retire")
    ch = party_member(store, party, name)
    if ch["quest"] is None:
        raise Refused(f"{ch['name']} has no personal quest (`ghcli character quest {ch['name']} N`)")
    if not ch["quest_fulfilled"]:
        raise Refused(f"{ch['name']}'s personal quest {ch['quest']} is not fulfilled "
                      f"(`ghcli character quest {ch['name']} --fulfilled` when it is)")
    quest = catalog.personal_quest(ch["quest"])
    cls = catalog.find_class(ch["class"])
    reward = quest["unlocks"]
    unlock = None
    envelope_x = False
    if reward == ENVELOPE_X:
        envelope_quests = ",".join(str(q["number"]) for q in catalog.personal_quests() if q["unlocks"] == ENVELOPE_X)
        envelope_x = not store.value(
            f"SELECT count(*) FROM characters WHERE retired = 1 AND id != ? AND quest IN ({envelope_quests})",
            [ch["id"]])
    else:
        target = catalog.find_class(reward)
        if not store.value("SELECT 1 FROM unlocked_classes WHERE class = ?", [target["key"]]):
            unlock = target["key"]
    items = tuple(r["item"] for r in store.rows(
        "SELECT item FROM character_items WHERE character_id = ? ORDER BY item", [ch["id"]]))
    return RetirePlan(
        character=ch, class_key=cls["key"], quest=quest, items=items,
        first_ever=not store.value("SELECT 1 FROM characters WHERE retired = 1"),
        first_of_class=not store.value("SELECT 1 FROM retired_classes WHERE class = ?", [cls["key"]]),
        unlock_class=unlock, envelope_x=envelope_x)


def apply_retire(store: Store, plan: RetirePlan) -> dict:
    """Write a checked retirement (inside ``store.change``); returns the result."""
    ch, cls = plan.character, catalog.find_class(plan.class_key)
    done: list[str] = []
    # Items back to the supply, gold lost, out of play.
    for number in plan.items:
        return_to_supply(store, number)
    store.db.execute("DELETE FROM character_items WHERE character_id = ?", [ch["id"]])
    store.db.execute("UPDATE characters SET retired = 1, gold = 0 WHERE id = ?", [ch["id"]])
    done.append(f"{ch['name']} ({cls['name']}) retired")
    if plan.items:
        done.append(", ".join(f"item {n} {catalog.item(n)['name']}" for n in plan.items) + " back to the supply")
    if ch["gold"]:
        done.append(f"{ch['gold']} gold lost")
    done.append(effects.add_prosperity(store, 1))

    # The player's extra perk (solo play: the seat's, each character a separate player: the rulebook's solo play).
    if ch["player"] and (ch.get("seat") or 1) > 1:
        perks = ch["extra_perks"] + 1
        done.append(f"player {ch['player']}'s seat {ch['seat']} (solo play: each character a separate player) "
                    f"has {perks} extra perk{'s' if perks != 1 else ''} for the next character made there")
    elif ch["player"]:
        store.db.execute(
            "INSERT INTO players (name, extra_perks) VALUES (?, 1) "
            "ON CONFLICT(name) DO UPDATE SET extra_perks = extra_perks + 1", [ch["player"]])
        perks = store.value("SELECT extra_perks FROM players WHERE name = ?", [ch["player"]])
        done.append(f"player {ch['player']} has {perks} extra perk{'s' if perks != 1 else ''}")
    else:
        perks = None
        done.append("no player named: the extra perk is not recorded")

    # The quest's reward: its class or envelope X, else a random design and side scenario.
    design = side = None
    if plan.envelope_x:
        done.append("open envelope X")
    elif plan.unlock_class:
        done.append(effects.unlock_class(store, plan.unlock_class))
    else:
        design, side, instead = effects.random_design_and_side_scenario(store)
        done.extend(instead)

    # The class's first retirement.
    if plan.first_of_class:
        store.db.execute("INSERT INTO retired_classes (class) VALUES (?)", [cls["key"]])
        for deck in ("city", "road"):
            card = cls.get(f"{deck}_event_on_retire")
            if card:
                done.append(effects.add_events(store, deck, [card]))
    if plan.first_ever:
        done.append("first retirement of the campaign: open the Town Records")
    done = [d for d in done if d]
    return {
        "character": ch["name"], "class": cls["key"], "quest": plan.quest["number"],
        "items_returned": list(plan.items), "gold_lost": ch["gold"], "player": ch["player"],
        "player_extra_perks": perks, "class_unlocked": plan.unlock_class,
        "envelope_x": plan.envelope_x, "item_design": design, "side_scenario": side,
        "first_of_class": plan.first_of_class, "first_retirement": plan.first_ever,
        "done": done,
    }


@command("retire", keys={"name": lookup.character_key})
def retire(store: Store, name: str) -> Done:
    """Retire a character whose personal quest is fulfilled: one change (check, then apply)."""
    with store.change("retire", f"{name} retires"):
        result = apply_retire(store, check_retire(store, name))
        summary = "; ".join(result["done"])
    return Done(summary, result)


