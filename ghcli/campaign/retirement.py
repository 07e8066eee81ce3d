"""Retiring a character whose personal quest is fulfilled.

Rules (issue 3; the seed 000 section 8.7 fills the gaps), in town only:

- The personal quest must be marked fulfilled (``character quest NAME --fulfilled``).
- Prosperity +1 (``effects.add_prosperity``). The character's items go back
  to the shop's supply and its gold is lost; the character is marked retired
  and leaves play.
- Its player gains one extra perk for every later character
  (``players.extra_perks``; a character created for that player starts with
  them). A character with no player named earns nothing to record: the
  report says so.
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
"""

from __future__ import annotations

from ghcli.campaign import catalog, effects, state
from ghcli.campaign.db import Store
from ghcli.campaign.road import party_member, require_town
from ghcli.campaign.town import return_to_supply
from ghcli.campaign.log import command
from ghcli.errors import Refused

ENVELOPE_X = "envelope X"


@command("retire", keys={"name": state.character_key})
def retire(store: Store, name: str) -> dict:
    done: list[str] = []
    with store.change("retire", f"{name} retires"):
        party, _ = require_town(store, "characters retire")
        ch = party_member(store, party, name)
        if ch["quest"] is None:
            raise Refused(f"{ch['name']} has no personal quest (`ghcli character quest {ch['name']} N`)")
        if not ch["quest_fulfilled"]:
            raise Refused(f"{ch['name']}'s personal quest {ch['quest']} is not fulfilled "
                          f"(`ghcli character quest {ch['name']} --fulfilled` when it is)")
        quest = catalog.personal_quest(ch["quest"])
        cls = catalog.find_class(ch["class"])
        first_ever = not store.value("SELECT 1 FROM characters WHERE retired = 1")

        # Items back to the supply, gold lost, out of play.
        items = [r["item"] for r in store.rows(
            "SELECT item FROM character_items WHERE character_id = ? ORDER BY item", [ch["id"]])]
        for number in items:
            return_to_supply(store, number)
        store.conn.execute("DELETE FROM character_items WHERE character_id = ?", [ch["id"]])
        store.conn.execute("UPDATE characters SET retired = 1, gold = 0 WHERE id = ?", [ch["id"]])
        done.append(f"{ch['name']} ({cls['name']}) retired")
        if items:
            done.append(", ".join(f"item {n} {catalog.item(n)['name']}" for n in items) + " back to the supply")
        if ch["gold"]:
            done.append(f"{ch['gold']} gold lost")
        done.append(effects.add_prosperity(store, 1))

        # The player's extra perk.
        if ch["player"]:
            store.conn.execute(
                "INSERT INTO players (name, extra_perks) VALUES (?, 1) "
                "ON CONFLICT(name) DO UPDATE SET extra_perks = extra_perks + 1", [ch["player"]])
            perks = store.value("SELECT extra_perks FROM players WHERE name = ?", [ch["player"]])
            done.append(f"player {ch['player']} has {perks} extra perk{'s' if perks != 1 else ''}")
        else:
            perks = None
            done.append("no player named: the extra perk is not recorded")

        # The quest's reward.
        reward = quest["unlocks"]
        design = side = unlocked_class = None
        envelope_x = False
        if reward == ENVELOPE_X:
            opened = store.value(
                "SELECT count(*) FROM characters WHERE retired = 1 AND id != ? AND quest IN "
                f"({','.join(str(q['number']) for q in catalog.personal_quests() if q['unlocks'] == ENVELOPE_X)})",
                [ch["id"]])
            envelope_x = not opened
            if envelope_x:
                done.append("open envelope X")
        else:
            target = catalog.find_class(reward)
            if not store.value("SELECT 1 FROM unlocked_classes WHERE class = ?", [target["key"]]):
                done.append(effects.unlock_class(store, target["key"]))
                unlocked_class = target["key"]
        if (not envelope_x) if reward == ENVELOPE_X else unlocked_class is None:
            design, side, instead = effects.random_design_and_side_scenario(store)
            done.extend(instead)

        # The class's first retirement.
        first_of_class = not store.value("SELECT 1 FROM retired_classes WHERE class = ?", [cls["key"]])
        if first_of_class:
            store.conn.execute("INSERT INTO retired_classes (class) VALUES (?)", [cls["key"]])
            for deck in ("city", "road"):
                card = cls.get(f"{deck}_event_on_retire")
                if card:
                    done.append(effects.add_events(store, deck, [card]))
        if first_ever:
            done.append("first retirement of the campaign: open the Town Records")
        store.summary = "; ".join(d for d in done if d)
    return {
        "character": ch["name"], "class": cls["key"], "quest": quest["number"], "items_returned": items,
        "gold_lost": ch["gold"], "player": ch["player"], "player_extra_perks": perks,
        "class_unlocked": unlocked_class,
        "envelope_x": envelope_x, "item_design": design, "side_scenario": side,
        "first_of_class": first_of_class, "first_retirement": first_ever,
        "done": [d for d in done if d],
    }
