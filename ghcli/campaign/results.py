"""Finishing a scenario: XP, gold, checkmarks, items, and the scenario's rewards.

Rules (the rulebook's scenario completion; the readings: docs/between-sessions.md, "Readings"):

- Every active character of the party takes part, except those named absent
  (``absent``): an absent character gains nothing from the scenario (no XP,
  gold, checkmarks, items, bonus XP or reward), and does not count for the
  recommended level. Those present and not named gained nothing during play.
- The scenario level is the recommended level, ceil(average level of the
  characters playing / 2), by default; the players may play it from the
  recommended level -1 to +2 (kept within 0-7). A level outside that range is
  refused, naming the range.
- Gold = money tokens x the coin value of the scenario level (levels 0-7: 2,
  2, 3, 3, 4, 4, 5, 6).
- Won (campaign play): every character present also gains the bonus XP 4 + 2L;
  the checkmarks of battle goals count; the scenario's rewards (gold and XP
  each, checkmarks each, reputation, prosperity, achievements gained and lost,
  item designs, event cards, class boxes), unlocks and blocks apply, and it
  is marked completed.
- Lost: XP and gold only. Naming checkmarks or items with a lost scenario is bad input.
- Casual play (``casual``, a casual travel or a replay): XP, gold, checkmarks,
  items found and, when won, the bonus XP (it is XP, not a scenario reward);
  no rewards, unlocks, achievements or completion.
- The scenario must be the one the party travelled to, with its road event
  (if one was due) resolved. Afterwards the party stands at the scenario.
- Items found or handed out from the rewards go to the characters named. A
  character who gains an item it already owns (or gains twice here) sells the
  new copy to the town at once, for half its cost rounded down (the rule for
  a duplicate item);
  the copy goes to the shop's supply.
- A character sheet holds at most 18 checkmarks: more are not recorded (the
  result says how many were capped).
- The rewards are structured data in ``scenarios.json`` (``rewards``):
  ``checkmarks_each``, ``events`` [{deck, card}], ``class_boxes`` (the box
  opens: the class unlocks, or if it already is, a random item design and a
  random side scenario), ``unlock_one`` (only one of ``unlocks``, chosen with
  ``choose``). ``rewards.other`` holds the notes in words that are left for
  the players to apply by hand; the result lists them.

Checking is separate from applying: :func:`check_finish` reads the campaign
and raises when the rules refuse, returning a :class:`FinishPlan`;
:func:`apply_finish` writes the plan. :func:`finish` runs both in one change.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ghcli.campaign import catalog, effects, lookup, tracks
from ghcli.campaign.amounts import amount
from ghcli.campaign.kind import Store, command
from ghcli.journal.store import Done
from ghcli.campaign.road import party_member
from ghcli.campaign.tracks import MAX_CHECKMARKS
from ghcli.errors import BadInput, Refused
from ghcli.rules import level as levels



@dataclass(frozen=True)
class Gain:
    """What one character gains from the scenario (before the checkmark cap)."""

    character_id: int
    name: str
    xp: int = 0
    gold: int = 0
    checkmarks: int = 0
    items: tuple[int, ...] = ()
    sold: tuple[int, ...] = ()  # duplicate copies sold to the town at once
    perks: int = 0  # extra perks (a reward: Jaws of the Lion's scenario 3)


@dataclass(frozen=True)
class FinishPlan:
    """A checked scenario result, ready to apply."""

    scenario: dict
    party: dict
    won: bool
    casual: bool
    level: int
    coin: int
    bonus: int
    gains: tuple[Gain, ...]
    absent: tuple[str, ...]
    choose: int | None
    campaign_win: bool = False
    notes: tuple[str, ...] = field(default_factory=tuple)


level_range = levels.level_range  # the scenario levels the players may choose (recommended -1 to +2)


def _check_input(sc: dict, won: bool, level: int | None, mappings: dict[str, dict[str, int]],
                 items: list, choose: int | None) -> None:
    """Bad input that needs no campaign: negative or huge counts, a lost scenario with rewards, a bad choice."""
    for label, mapping in mappings.items():
        for name, n in mapping.items():
            if n < 0:
                raise BadInput(f"{label} {name}={n}: the count cannot be negative")
            amount(f"{label} {name}", n)
    for name, n in mappings["--checkmarks"].items():
        tracks.check_battle_goal(f"--checkmarks {name}", n)
    if not won and (mappings["--checkmarks"] or items):
        raise BadInput("a lost scenario gives XP and gold only: drop --checkmarks and --item")
    if choose is not None and choose not in sc["unlocks"]:
        raise BadInput(f"--choose {choose}: scenario {sc['number']} unlocks {_listing(sc['unlocks']) or 'nothing'}")
    if level is not None:
        levels.check_scenario_level(level)


def check_finish(store: Store, number: int | str, *, won: bool, level: int | None = None, casual: bool = False,
                 xp: dict[str, int] | None = None, coins: dict[str, int] | None = None,
                 checkmarks: dict[str, int] | None = None, items: list[tuple[str, str]] | None = None,
                 choose: int | None = None, absent: list[str] | None = None) -> FinishPlan:
    """Check a scenario result against the rules and the campaign; raise if refused. Writes nothing."""
    sc = catalog.find_scenario(number)
    number = sc["number"]
    xp, coins, checkmarks, items = xp or {}, coins or {}, checkmarks or {}, items or []
    _check_input(sc, won, level, {"--xp": xp, "--coins": coins, "--checkmarks": checkmarks}, items, choose)

    party = _party_at(store, number)
    casual = casual or bool(party["casual"])
    if won and not casual and choose is None and _must_choose(sc):
        raise BadInput(f"scenario {number} unlocks only one of {_listing(sc['unlocks'])}: "
                       "say which with --choose N")
    members = lookup.party_characters(store, party["id"])
    if not members:
        raise Refused(f"the party {party['name']} has no characters")
    away = {party_member(store, party, name)["id"] for name in absent or []}
    present = [m for m in members if m["id"] not in away]
    if not present:
        raise Refused("every character is absent: nobody played the scenario")
    recommended = levels.recommended_level(m["level"] for m in present)
    level = levels.chosen_level(level, recommended)
    rewards = sc["rewards"]
    ignored = set(rewards.get("ignored_bonus") or [])  # a scenario whose rules give no bonus XP or no coin gold
    coin = 0 if "gold" in ignored else levels.coin_value(level)
    bonus = levels.bonus_xp(level) if won and "xp" not in ignored else 0
    campaign_win = won and not casual

    base = {m["id"]: Gain(m["id"], m["name"], xp=bonus) for m in present}
    if campaign_win:
        base = {cid: replace(g, gold=g.gold + (rewards.get("gold") or 0), xp=g.xp + (rewards.get("xp") or 0),
                             checkmarks=g.checkmarks + (rewards.get("checkmarks_each") or 0),
                             perks=rewards.get("perks_each") or 0)
                for cid, g in base.items()}

    _add_gains(store, party, away, base, xp, coins, checkmarks, items, coin)
    notes = _reward_notes(rewards, base, choose) if campaign_win else []
    return FinishPlan(scenario=sc, party=party, won=won, casual=casual, level=level, coin=coin, bonus=bonus,
                      gains=tuple(base.values()),
                      absent=tuple(m["name"] for m in members if m["id"] in away),
                      choose=choose, campaign_win=campaign_win, notes=tuple(notes))


def _party_at(store: Store, number: int) -> dict:
    """The current party, refused unless it has travelled to scenario ``number`` with its road event resolved."""
    party = lookup.current_party(store)
    if party["location"] != "road" or party["scenario"] != number:
        raise Refused(f"the party has not travelled to scenario {number} (`ghcli travel {number}` first)")
    if store.value("SELECT card FROM pending_events WHERE deck = 'road'") is not None or party["road_event_due"]:
        raise Refused("a road event is due: draw and resolve it first (`ghcli event draw road`)")
    return party


def _add_gains(store: Store, party: dict, away: set, base: dict, xp: dict[str, int], coins: dict[str, int],
               checkmarks: dict[str, int], items: list[tuple[str, str]], coin: int) -> None:
    """Each named character's XP, money tokens (x the coin value), checkmarks and items, added to ``base``
    (an item the character owns already is sold for half its cost)."""
    def who(name: str) -> int:
        ch = party_member(store, party, name)
        if ch["id"] in away:
            raise BadInput(f"{ch['name']} is absent and gains nothing from the scenario")
        return ch["id"]

    for name, n in xp.items():
        cid = who(name)
        base[cid] = replace(base[cid], xp=base[cid].xp + n)
    for name, n in coins.items():
        cid = who(name)
        base[cid] = replace(base[cid], gold=base[cid].gold + n * coin)
    for name, n in checkmarks.items():
        cid = who(name)
        base[cid] = replace(base[cid], checkmarks=base[cid].checkmarks + n)
    for name, item_name in items:
        cid = who(name)
        it = catalog.find_item(item_name)
        g = base[cid]
        owned = it["number"] in g.items or store.value(
            "SELECT 1 FROM character_items WHERE character_id = ? AND item = ?", [cid, it["number"]])
        if owned:
            base[cid] = replace(g, sold=g.sold + (it["number"],), gold=g.gold + it["cost"] // 2)
        else:
            base[cid] = replace(g, items=g.items + (it["number"],))


def _reward_notes(rewards: dict, base: dict, choose: int | None) -> list[str]:
    """What a campaign win leaves to the table: reward items nobody was named to hold, the other rewards."""
    notes: list[str] = []
    handed = [n for g in base.values() for n in (*g.items, *g.sold)]
    for n in rewards.get("items") or []:
        if n in handed:
            handed.remove(n)
        else:
            notes.append(f"reward item {n} {catalog.item(n)['name']} not given out "
                         f"(name its owner with --item NAME={n})")
    for note in rewards.get("other") or []:
        if choose is not None and "as a choice" in note:
            continue  # settled by the choice
        notes.append(note)
    return notes


def apply_finish(store: Store, plan: FinishPlan) -> dict:
    """Write a checked result (inside ``store.change``); returns the result and the summary line."""
    from ghcli.campaign.town import return_to_supply

    sc, party = plan.scenario, plan.party
    done: list[str] = []
    if plan.campaign_win:
        rewards = sc["rewards"]
        if rewards.get("gold"):
            done.append(f"reward {rewards['gold']} gold each")
        if rewards.get("xp"):
            done.append(f"reward {rewards['xp']} XP each")
        if rewards.get("checkmarks_each"):
            done.append(f"reward {rewards['checkmarks_each']} checkmarks each")
        if rewards.get("perks_each"):
            done.append(f"reward {rewards['perks_each']} extra perk each")
    for word, what in (("xp", "no bonus XP"), ("gold", "no gold for money tokens")):
        if word in (sc["rewards"].get("ignored_bonus") or []):
            done.append(f"scenario {sc['number']} gives {what}")
    characters = []
    for g in plan.gains:
        row = store.one("SELECT xp, gold, checkmarks, level FROM characters WHERE id = ?", [g.character_id])
        marks = min(MAX_CHECKMARKS, row["checkmarks"] + g.checkmarks)
        capped = row["checkmarks"] + g.checkmarks - marks
        for n in g.items:
            store.db.execute("INSERT INTO character_items (character_id, item) VALUES (?, ?)", [g.character_id, n])
        for n in g.sold:
            return_to_supply(store, n)
            done.append(f"{g.name} already owns item {n} {catalog.item(n)['name']}: "
                        f"the new copy is sold for {catalog.item(n)['cost'] // 2} gold")
        if capped:
            done.append(f"{g.name}: checkmarks +{g.checkmarks} (capped: +{g.checkmarks - capped} of "
                        f"+{g.checkmarks}, a sheet holds {MAX_CHECKMARKS})")
        store.db.execute("UPDATE characters SET xp = xp + ?, gold = gold + ?, checkmarks = ?, "
                         "extra_perks = extra_perks + ? WHERE id = ?",
                         [g.xp, g.gold, marks, g.perks, g.character_id])
        xp_now = row["xp"] + g.xp
        characters.append({
            "name": g.name, "xp_gained": g.xp, "gold_gained": g.gold, "checkmarks_gained": g.checkmarks - capped,
            "items_gained": list(g.items), "items_sold": list(g.sold), "xp": xp_now, "gold": row["gold"] + g.gold,
            "checkmarks": marks, "can_level_up": catalog.level_for_xp(xp_now) > row["level"],
            **({"extra_perks_gained": g.perks} if g.perks else {}),
        })
    if plan.campaign_win:
        done += _apply_rewards(store, party, sc, plan.choose)
    store.db.execute("UPDATE parties SET location = 'scenario', road_event_due = 0 WHERE id = ?", [party["id"]])
    outcome = "won" if plan.won else "lost"
    summary = (f"scenario {sc['number']} {sc['name']} {outcome} at level {plan.level}"
               + (" (casual)" if plan.casual else "")
               + (f" ({', '.join(plan.absent)} absent)" if plan.absent else "")
               + "".join(f"; {d}" for d in done))
    return {
        "scenario": sc["number"], "name": sc["name"], "won": plan.won, "casual": plan.casual, "level": plan.level,
        "coin_value": plan.coin, "bonus_xp": plan.bonus, "absent": list(plan.absent), "characters": characters,
        "done": done, "notes": list(plan.notes), "summary": summary,
    }


@command("scenario finish")
def finish(store: Store, number: int | str, *, won: bool, level: int | None = None, casual: bool = False,
           xp: dict[str, int] | None = None, coins: dict[str, int] | None = None,
           checkmarks: dict[str, int] | None = None, items: list[tuple[str, str]] | None = None,
           choose: int | None = None, absent: list[str] | None = None) -> Done:
    """Record a scenario's result: one change (check, then apply)."""
    with store.change("scenario finish", f"finish scenario {number}"):
        plan = check_finish(store, number, won=won, level=level, casual=casual, xp=xp, coins=coins,
                            checkmarks=checkmarks, items=items, choose=choose, absent=absent)
        result = apply_finish(store, plan)
        summary = result.pop("summary")
    return Done(summary, result)


def _listing(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers))


def _must_choose(sc: dict) -> bool:
    return bool(sc["rewards"].get("unlock_one"))


def _apply_rewards(store: Store, party: dict, sc: dict, choose: int | None) -> list[str]:
    rewards = sc["rewards"]
    done: list[str] = []
    if rewards.get("reputation"):
        done.append(effects.change_reputation(store, party["id"], rewards["reputation"]))
    if rewards.get("prosperity"):
        done.append(effects.add_prosperity(store, rewards["prosperity"]))
    done += apply_achievements(store, party, sc)
    done += apply_unlocks(store, sc, choose)
    done.append(effects.complete_scenario(store, sc["number"]))
    return [d for d in done if d]


def apply_achievements(store: Store, party: dict, sc: dict) -> list[str]:
    """The achievements a completed scenario gains and loses (global and party)."""
    rewards = sc["rewards"]
    done: list[str] = []
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
    return [d for d in done if d]


def apply_unlocks(store: Store, sc: dict, choose: int | None) -> list[str]:
    """What a completed scenario opens: item designs, event cards, class boxes, scenarios (and blocks)."""
    rewards = sc["rewards"]
    done: list[str] = []
    for number in rewards.get("item_designs") or []:
        done.append(effects.add_item_design(store, number))
    for deck in ("city", "road"):
        cards = [e["card"] for e in rewards.get("events") or [] if e["deck"] == deck]
        if cards:
            done.append(effects.add_events(store, deck, cards))
    for key in rewards.get("class_boxes") or []:
        done.append(effects.open_class_box(store, key))
    for number in ([choose] if choose is not None else sc.get("unlocks") or []):
        done.append(effects.unlock_scenario(store, number))
    for number in sc.get("blocks") or []:
        done.append(effects.block_scenario(store, number))
    return [d for d in done if d]
