"""Solo scenarios: one per class, played by one character alone (docs/seed-play.md, "Solo scenarios").

Rules (the Solo Scenario Book's introduction, in ghcli/data/solo_scenarios.json):

- A character may play its class's solo scenario when the prosperity level
  is 3 or more, at least two characters of the campaign have retired, the
  character is level 5 or more and its class is unlocked. :func:`eligibility`
  names what is missing.
- The Diviner (Forgotten Circles): the book covers the 17 Gloomhaven classes
  and no source says whether the Diviner's scenario follows the same rule;
  ghcli applies the Gloomhaven rule to it too (``confirmed`` is false).
- The character alone gains XP, gold and checkmarks as in any scenario:
  gold = money tokens x the coin value of the scenario level; when won, the
  bonus XP 4 + 2L and the battle goal's checkmarks; when lost, XP and gold
  only. The scenario level defaults to the character's recommended level,
  ceil(level / 2) (the solo scenarios' own formula: one character); the
  players may choose that level -1 to +2 (the rulebook's scenario level, as
  for every scenario): a level outside that range is refused, naming it.
- The first win of a class's solo scenario in the campaign gives its
  reward item (items 134-151, the Diviner's 164) to the winner: one copy,
  not taken from the shop's supply. Later wins give XP and gold only (the
  only copy is already in play). The item is then the character's like any
  item: sold or returned to the supply by the usual rules (retirement).
- A solo scenario has no scenario number, map location, road event or
  campaign rewards, and does not move the party.

Results are kept in ``solo_results`` (migration ``0002_solo_scenarios``).
"""

from __future__ import annotations

from ghcli import data
from ghcli.campaign import catalog, lookup
from ghcli.campaign.amounts import amount
from ghcli.campaign.kind import Store, command
from ghcli.journal.store import Done
from ghcli.campaign.tracks import check_battle_goal
from ghcli.errors import BadInput, NotFound, Refused
from ghcli.rules import level as levels

def _facts() -> dict:
    return data.load("solo_scenarios")


def rules() -> dict:
    """The eligibility thresholds (prosperity, retired characters, character level)."""
    return _facts()["eligibility"]


def scenario_for(class_key: str) -> dict:
    """The class's solo scenario (its name and reward item)."""
    for s in _facts()["scenarios"]:
        if s["class_key"] == class_key:
            return s
    raise NotFound("solo scenario for class", class_key, [])


def _confirmed(scenario: dict) -> bool:
    return scenario["expansion"] == "gloomhaven"


def eligibility(store: Store, char: dict) -> list[str]:
    """What the character still lacks to play its solo scenario (empty: it may play it)."""
    r = rules()
    cls = catalog.find_class(char["class"])
    missing = []
    prosperity = catalog.prosperity_level(lookup.campaign_row(store)["prosperity"])
    if prosperity < r["min_prosperity_level"]:
        missing.append(f"prosperity level {r['min_prosperity_level']} (now {prosperity})")
    retired = store.value("SELECT count(*) FROM characters WHERE retired = 1")
    if retired < r["min_retired_characters"]:
        missing.append(f"{r['min_retired_characters']} retired characters in the campaign (now {retired})")
    if char["level"] < r["min_character_level"]:
        missing.append(f"character level {r['min_character_level']} ({char['name']} is level {char['level']})")
    if not store.value("SELECT 1 FROM unlocked_classes WHERE class = ?", [cls["key"]]):
        missing.append(f"the {cls['name']} class unlocked")
    return missing


def _wins(store: Store, char_id: int) -> int:
    return store.value("SELECT count(*) FROM solo_results WHERE character_id = ? AND won = 1", [char_id])


def completion(store: Store, char: dict) -> dict | None:
    """The character's solo scenario and its record (for ``character show``); None when its class has none
    (and in an edition without solo scenarios)."""
    if not catalog.edition().has("solo scenarios"):
        return None
    try:
        sc = scenario_for(char["class"])
    except NotFound:
        return None
    played = store.value("SELECT count(*) FROM solo_results WHERE character_id = ?", [char["id"]])
    wins = _wins(store, char["id"])
    item = store.value("SELECT item FROM solo_results WHERE character_id = ? AND item IS NOT NULL", [char["id"]])
    return {"scenario": sc["scenario_name"], "played": played, "won": wins, "completed": wins > 0,
            "reward_item": item}


def _entry(store: Store, char: dict) -> dict:
    cls = catalog.find_class(char["class"])
    sc = scenario_for(cls["key"])
    missing = eligibility(store, char)
    record = completion(store, char)
    return {
        "character": char["name"], "class": cls["key"], "class_name": cls["name"], "level": char["level"],
        "scenario": sc["scenario_name"],
        "reward_item": {"number": sc["reward_item"]["number"], "name": sc["reward_item"]["name"]},
        "eligible": not missing, "missing": missing, "eligibility_confirmed": _confirmed(sc),
        "played": record["played"], "won": record["won"],
    }


def list_solo(store: Store) -> list[dict]:
    """For each character of the current party: its solo scenario, whether it may play it, what is missing."""
    catalog.edition().require("solo scenarios")
    party = lookup.current_party(store)
    return [_entry(store, c) for c in lookup.party_characters(store, party["id"])]


@command("solo finish", keys={"name": lookup.character_key})
def finish(store: Store, name: str, *, won: bool, xp: int = 0, coins: int = 0, checkmarks: int = 0,
           level: int | None = None) -> Done:
    """Record a solo scenario's result for one character (one change, undoable)."""
    catalog.edition().require("solo scenarios")
    for label, n in (("--xp", xp), ("--coins", coins), ("--checkmarks", checkmarks)):
        if n < 0:
            raise BadInput(f"{label} {n}: the count cannot be negative")
        amount(label, n)
    check_battle_goal("--checkmarks", checkmarks)
    if not won and checkmarks:
        raise BadInput("a lost scenario gives XP and gold only: drop --checkmarks")
    if level is not None:
        levels.check_scenario_level(level)
    with store.change("solo finish", f"{name}: solo scenario"):
        char = lookup.find_character(store, name)
        cls = catalog.find_class(char["class"])
        try:
            sc = scenario_for(cls["key"])
        except NotFound:
            raise Refused(f"the {cls['name']} has no solo scenario") from None
        missing = eligibility(store, char)
        if missing:
            raise Refused(f"{char['name']} may not play {sc['scenario_name']} yet: needs " + ", ".join(missing))
        level = levels.chosen_level(level, levels.recommended_level([char["level"]]))
        coin = levels.coin_value(level)
        bonus = levels.bonus_xp(level) if won else 0
        gained = {"xp": xp + bonus, "gold": coins * coin, "checkmarks": checkmarks}
        item, note = _reward(store, char, cls, sc) if won else (None, None)
        store.db.execute(
            "UPDATE characters SET xp = xp + ?, gold = gold + ?, checkmarks = checkmarks + ? WHERE id = ?",
            [gained["xp"], gained["gold"], gained["checkmarks"], char["id"]])
        if item is not None:
            store.db.execute("INSERT INTO character_items (character_id, item) VALUES (?, ?)",
                             [char["id"], item])
        store.db.execute("INSERT INTO solo_results (character_id, class, won, level, item) VALUES (?, ?, ?, ?, ?)",
                         [char["id"], cls["key"], int(won), level, item])
        summary = (f"{char['name']}: solo scenario {sc['scenario_name']} {'won' if won else 'lost'} "
                   f"at level {level}; +{gained['xp']} XP, +{gained['gold']} gold"
                   + (f", +{checkmarks} checkmarks" if checkmarks else "")
                   + (f"; reward item {item} {catalog.item(item)['name']}" if item is not None else ""))
    row = store.one("SELECT xp, gold, checkmarks, level FROM characters WHERE id = ?", [char["id"]])
    return Done(summary, {
        "character": char["name"], "class": cls["key"], "scenario": sc["scenario_name"], "won": won,
        "level": level, "coin_value": coin, "bonus_xp": bonus,
        "xp_gained": gained["xp"], "gold_gained": gained["gold"], "checkmarks_gained": gained["checkmarks"],
        "reward_item": ({"number": item, "name": catalog.item(item)["name"]} if item is not None else None),
        "note": note, "xp": row["xp"], "gold": row["gold"], "checkmarks": row["checkmarks"],
        "can_level_up": catalog.level_for_xp(row["xp"]) > row["level"],
    })


def _reward(store: Store, char: dict, cls: dict, sc: dict) -> tuple[int | None, str | None]:
    """(the reward item to give, or None with the reason): one copy, on the class's first win."""
    number = sc["reward_item"]["number"]
    name = catalog.item(number)["name"]
    if store.value("SELECT 1 FROM solo_results WHERE class = ? AND won = 1", [cls["key"]]):
        return None, f"{name} was already won (one copy): no reward item"
    if store.value("SELECT 1 FROM character_items WHERE item = ?", [number]) or store.value(
            "SELECT 1 FROM supply WHERE item = ? AND copies > 0", [number]):
        return None, f"{name} is already in play (one copy): no reward item"
    return number, None
