"""Finishing a scenario: XP, gold, checkmarks, items, and the scenario's rewards.

Rules (issue 3; the seed 000 section 2 "시나리오 종료" fills the gaps):

- Every active character of the party takes part; those not named gained
  nothing during play. Gold = money tokens x the coin value of the scenario
  level (levels 0-7: 2, 2, 3, 3, 4, 4, 5, 6). The level defaults to the
  recommended level, ceil(average character level / 2).
- Won (campaign play): every character also gains the bonus XP 4 + 2L; the
  checkmarks of battle goals count; the scenario's rewards (gold and XP each,
  reputation, prosperity, achievements gained and lost, item designs),
  unlocks and blocks apply, and it is marked completed.
- Lost: XP and gold only. Naming checkmarks or items with --lost is refused.
- Casual play (``--casual``, a ``travel --casual`` or a ``travel --replay``):
  XP, gold, checkmarks, items found and, when won, the bonus XP (it is XP,
  not a scenario reward); no rewards, unlocks, achievements or completion.
- The scenario must be the one the party travelled to, with its road event
  (if one was due) resolved. Afterwards the party stands at the scenario.
- Reward items (``rewards.items``) go to whoever the players name with
  ``--item NAME=ITEM``; unnamed ones are listed as still to give out.
- ``rewards.other`` holds notes in words. The plain ones are applied
  ("add city event N", "add road event N", "N checkmarks each",
  "unlock class X"); the rest are listed for the players to apply by hand
  (for example with ``character adjust`` or ``campaign achievement``).
"""

from __future__ import annotations

import re

from ghcli.campaign import catalog, effects, state
from ghcli.campaign.amounts import amount
from ghcli.campaign.db import Store
from ghcli.campaign.road import party_member
from ghcli.campaign.log import command
from ghcli.errors import BadInput, Refused
from ghcli.rules import level as levels


@command("scenario finish")
def finish(
    store: Store,
    number: int | str,
    *,
    won: bool,
    level: int | None = None,
    casual: bool = False,
    xp: dict[str, int] | None = None,
    coins: dict[str, int] | None = None,
    checkmarks: dict[str, int] | None = None,
    items: list[tuple[str, str]] | None = None,
    choose: int | None = None,
) -> dict:
    sc = catalog.find_scenario(number)
    number = sc["number"]
    xp, coins, checkmarks, items = xp or {}, coins or {}, checkmarks or {}, items or []
    for label, mapping in (("--xp", xp), ("--coins", coins), ("--checkmarks", checkmarks)):
        for name, n in mapping.items():
            if n < 0:
                raise BadInput(f"{label} {name}={n}: the count cannot be negative")
            amount(f"{label} {name}", n)
    if not won and (checkmarks or items):
        raise BadInput("a lost scenario gives XP and gold only: drop --checkmarks and --item")
    if choose is not None and choose not in sc["unlocks"]:
        raise BadInput(f"--choose {choose}: scenario {number} unlocks {_listing(sc['unlocks']) or 'nothing'}")
    if level is not None and not levels.MIN_LEVEL <= level <= levels.MAX_LEVEL:
        raise BadInput(f"scenario level {level} is not between 0 and 7")

    with store.change("scenario finish", f"finish scenario {number}"):
        party = state.current_party(store)
        if party["location"] != "road" or party["scenario"] != number:
            raise Refused(f"the party has not travelled to scenario {number} (`ghcli travel {number}` first)")
        if store.value("SELECT card FROM pending_events WHERE deck = 'road'") is not None or party["road_event_due"]:
            raise Refused("a road event is due: draw and resolve it first (`ghcli event draw road`)")
        casual = casual or bool(party["casual"])
        if won and not casual and choose is None and _must_choose(sc):
            raise BadInput(f"scenario {number} unlocks only one of {_listing(sc['unlocks'])}: "
                           "say which with --choose N")
        members = state.party_characters(store, party["id"])
        if not members:
            raise Refused(f"the party {party['name']} has no characters")
        if level is None:
            level = levels.recommended_level(m["level"] for m in members)
        coin = levels.coin_value(level)
        bonus = levels.bonus_xp(level) if won else 0

        per: dict[int, dict] = {m["id"]: {"name": m["name"], "xp": bonus, "gold": 0, "checkmarks": 0, "items": []}
                                for m in members}

        def who(name: str) -> dict:
            return per[party_member(store, party, name)["id"]]

        for name, n in xp.items():
            who(name)["xp"] += n
        for name, n in coins.items():
            who(name)["gold"] += n * coin
        for name, n in checkmarks.items():
            who(name)["checkmarks"] += n

        notes: list[str] = []
        done: list[str] = []
        campaign_win = won and not casual
        if campaign_win:
            rewards = sc["rewards"]
            for r in per.values():
                r["gold"] += rewards.get("gold") or 0
                r["xp"] += rewards.get("xp") or 0
            for note in rewards.get("other") or []:
                m = re.fullmatch(r"(\d+) checkmarks each", note)
                if m:
                    for r in per.values():
                        r["checkmarks"] += int(m.group(1))
            if rewards.get("gold"):
                done.append(f"reward {rewards['gold']} gold each")
            if rewards.get("xp"):
                done.append(f"reward {rewards['xp']} XP each")

        # Items found (treasure) or handed out from the rewards.
        for name, item_name in items:
            r = who(name)
            it = catalog.find_item(item_name)
            cid = next(k for k, v in per.items() if v is r)
            if it["number"] in r["items"] or store.value(
                    "SELECT 1 FROM character_items WHERE character_id = ? AND item = ?", [cid, it["number"]]):
                raise Refused(f"{r['name']} already owns {it['name']} (a character owns one copy of an item)")
            r["items"].append(it["number"])
            store.conn.execute("INSERT INTO character_items (character_id, item) VALUES (?, ?)", [cid, it["number"]])

        for cid, r in per.items():
            store.conn.execute(
                "UPDATE characters SET xp = xp + ?, gold = gold + ?, checkmarks = checkmarks + ? WHERE id = ?",
                [r["xp"], r["gold"], r["checkmarks"], cid])

        if campaign_win:
            done += _apply_rewards(store, party, sc, per, notes, choose)

        store.conn.execute(
            "UPDATE parties SET location = 'scenario', road_event_due = 0 WHERE id = ?", [party["id"]])
        outcome = "won" if won else "lost"
        store.summary = (f"scenario {number} {sc['name']} {outcome} at level {level}"
                         + (" (casual)" if casual else "")
                         + "".join(f"; {d}" for d in done))

    characters = []
    for cid, r in per.items():
        row = store.one("SELECT xp, gold, checkmarks, level FROM characters WHERE id = ?", [cid])
        characters.append({
            "name": r["name"], "xp_gained": r["xp"], "gold_gained": r["gold"], "checkmarks_gained": r["checkmarks"],
            "items_gained": r["items"], "xp": row["xp"], "gold": row["gold"], "checkmarks": row["checkmarks"],
            "can_level_up": catalog.level_for_xp(row["xp"]) > row["level"],
        })
    return {
        "scenario": number, "name": sc["name"], "won": won, "casual": casual, "level": level,
        "coin_value": coin, "bonus_xp": bonus, "characters": characters, "done": done, "notes": notes,
    }


def _listing(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers))


def _must_choose(sc: dict) -> bool:
    return any(note.startswith("choose only one of scenarios") for note in sc["rewards"].get("other") or [])


def _apply_rewards(store: Store, party: dict, sc: dict, per: dict[int, dict], notes: list[str],
                   choose: int | None) -> list[str]:
    rewards = sc["rewards"]
    done: list[str] = []
    if rewards.get("reputation"):
        done.append(effects.change_reputation(store, party["id"], rewards["reputation"]))
    if rewards.get("prosperity"):
        done.append(effects.add_prosperity(store, rewards["prosperity"]))
    for key in rewards.get("lose_global_achievements") or []:
        if store.value("SELECT 1 FROM global_achievements WHERE key = ?", [key]):
            done.append(effects.remove_global_achievement(store, key))
    for key in rewards.get("lose_party_achievements") or []:
        if store.value("SELECT 1 FROM party_achievements WHERE party_id = ? AND key = ?", [party["id"], key]):
            done.append(effects.remove_party_achievement(store, party["id"], key))
    for key in rewards.get("global_achievements") or []:
        done.append(effects.add_global_achievement(store, key))
    for key in rewards.get("party_achievements") or []:
        done.append(effects.add_party_achievement(store, party["id"], key))
    for number in rewards.get("item_designs") or []:
        done.append(effects.add_item_design(store, number))
    handed = [n for r in per.values() for n in r["items"]]
    for number in rewards.get("items") or []:
        if number in handed:
            handed.remove(number)
        else:
            notes.append(f"reward item {number} {catalog.item(number)['name']} not given out "
                         f"(name its owner with --item NAME={number})")
    for note in rewards.get("other") or []:
        m = re.fullmatch(r"add (city|road) events? ([\d, and]+)", note)
        if m:
            cards = [int(x) for x in re.findall(r"\d+", m.group(2))]
            done.append(effects.add_events(store, m.group(1), cards))
            continue
        m = re.fullmatch(r"unlock class ([\w-]+) \(open its box\)", note)
        if m:
            done.append(effects.unlock_class(store, m.group(1)))
            continue
        if re.fullmatch(r"\d+ checkmarks each", note):
            continue  # applied with the per-character results
        if note.startswith("choose only one of scenarios") or (choose is not None and "as a choice" in note):
            continue  # settled by --choose
        notes.append(note)
    for number in ([choose] if choose is not None else sc.get("unlocks") or []):
        done.append(effects.unlock_scenario(store, number))
    for number in sc.get("blocks") or []:
        done.append(effects.block_scenario(store, number))
    done.append(effects.complete_scenario(store, sc["number"]))
    return [d for d in done if d]
