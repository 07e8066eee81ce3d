"""A ghcli campaign as a GHS game export (a bare GameModel), so a group can go back to GHS.

The export holds the current party as GHS's current party (``party`` and
``parties[0]``): its tracks, achievements (a counted one repeated once per
count), completed scenarios, the scenarios unlocked by hand (those that the
completions do not unlock), item designs, event decks (a drawn card back on
top with ``eventDraw`` naming its deck), players, the party's characters
(``characters``) and its retired characters (``party.retirements``). The
inverse of :mod:`.ghs`: importing the file gives back the same tracks,
achievements, classes, completed scenarios and characters.

Readings: prosperity is split back into GHS's stored checkmarks and the
donation track's marks (``prosperity`` = ghcli's checkmarks less
:func:`~.ghs.donation_marks`, ``donations`` = gold // 10, ``envelopeB`` at
100 gold); the edition is ``fc`` when Forgotten Circles is in play (a
scenario from 96 on unlocked), else ``gh``; other parties of a ghcli campaign
share its prosperity and achievements, which GHS keeps per party, so they
are not exported (export after ``party switch`` for another). Table state
GHS keeps (modifier decks, monsters, timers) is left out: GHS fills it in.
"""

from __future__ import annotations

from ghcli.campaign.effects import ENVELOPE_B_AT
from ghcli.campaign.exchange.ghs import DONATION_GOLD, FC_FIRST_SCENARIO, donation_marks
from ghcli.rules.elements import ELEMENTS

FC_FIRST_ITEM = 152
PERK_SLOTS = 15
# Neutral values of the table-state keys a real export carries (GHS fills in the rest: modifier decks ...).
CHARACTER_DEFAULTS = {
    "marker": False, "initiative": 0, "lootCards": [], "treasures": [], "exhausted": False, "off": False,
    "active": False, "entityConditions": [], "immunities": [], "markers": [], "tags": [], "identity": 0,
    "summons": [], "initiativeVisible": False, "attackModifierDeckVisible": False, "lootCardsVisible": False,
    "itemsVisible": False, "donations": 0, "token": 0, "tokenValues": [], "longRest": False, "battleGoals": [],
    "battleGoal": False, "shield": "", "shieldPersistent": "", "retaliate": [], "retaliatePersistent": [],
    "fullView": False,
}
SETTINGS_DEFAULTS = {
    "conditions": [], "battleGoalEditions": [], "filteredBattleGoals": [], "level": 1, "levelCalculation": True,
    "levelAdjustment": 0, "bonusAdjustment": 0, "ge5Player": True, "playerCount": -1, "solo": False,
}
GAME_DEFAULTS = {
    "entitiesCounter": [], "objectiveContainers": [], "sections": [], "scenarioRules": [],
    "appliedScenarioRules": [], "discardedScenarioRules": [], "roundResets": [], "roundResetsHidden": [],
    "playSeconds": 0, "totalSeconds": 0, "elementBoard": [{"type": e, "state": "inert"} for e in ELEMENTS],
    "lootDeck": {"current": -1, "cards": [], "active": False}, "lootDeckEnhancements": [], "lootDeckFixed": [],
    "lootDeckSections": [], "server": False, "gameClock": [],
    "challengeDeck": {"current": -1, "finished": -1, "keep": [], "cards": [], "active": False},
    "favors": [], "favorPoints": [], "keepFavors": False,
}


def ghs_class_id(key: str) -> tuple[str, str]:
    """A ghcli class key as GHS's (id, edition): quartermaster -> ('three-spears', 'gh')."""
    from ghcli.campaign import catalog

    cls = catalog.find_class(key)
    if cls["key"] == "diviner":
        return "diviner", "fc"
    return cls.get("spoiler_code") or cls["key"], "gh"


def _item(number: int) -> dict:
    return {"name": str(number), "edition": "fc" if number >= FC_FIRST_ITEM else "gh"}


def _scenario(number: int) -> dict:
    return {"index": str(number), "edition": "fc" if number >= FC_FIRST_SCENARIO else "gh",
            "isCustom": False, "custom": ""}


def _character(store, ch: dict, players: list[str]) -> dict:
    from ghcli.campaign import catalog

    cls = catalog.find_class(ch["class"])
    ident, edition = ghs_class_id(ch["class"])
    perks = [0] * max(PERK_SLOTS, len(cls["perks"]))
    for r in store.rows("SELECT perk, times FROM character_perks WHERE character_id = ?", [ch["id"]]):
        perks[r["perk"] - 1] = r["times"]
    items = [_item(r["item"]) for r in store.rows(
        "SELECT item FROM character_items WHERE character_id = ? ORDER BY item", [ch["id"]])]
    hp = cls["hp"][ch["level"] - 1]
    return {
        **CHARACTER_DEFAULTS,
        "name": ident, "edition": edition, "title": ch["name"], "level": ch["level"],
        "number": players.index(ch["player"]) + 1 if ch["player"] in players else 0,
        "absent": False, "experience": 0, "loot": 0, "health": hp, "maxHealth": hp,
        "progress": {
            "experience": ch["xp"], "gold": ch["gold"], "loot": {}, "itemNotes": "", "items": items,
            "equippedItems": [], "personalQuest": str(ch["quest"]) if ch["quest"] is not None else "",
            "personalQuestProgress": [], "battleGoals": ch["checkmarks"], "notes": "",
            "retired": bool(ch["retired"]), "retirements": 0, "extraPerks": ch["extra_perks"], "perks": perks,
            "masteries": [], "donations": 0, "scenarioStats": [], "deck": [], "enhancements": [],
        },
    }


def _manual(store, completed: list[int], unlocked: list[int], edition: str) -> list[int]:
    """Unlocked scenarios that the start and the completions do not unlock (so GHS derives the rest)."""
    from ghcli.campaign import catalog

    derived = {1} | ({FC_FIRST_SCENARIO} if edition == "fc" else set())
    for n in completed:
        derived.add(n)
        derived.update(catalog.scenario(n).get("unlocks") or [])
    return [n for n in unlocked if n not in derived]


def _achievement_list(rows: list[dict]) -> list[str]:
    return [r["key"] for r in rows for _ in range(r["count"])]


def export_game(store) -> dict:
    """The campaign's current party as a GHS GameModel."""
    from ghcli.campaign import catalog, state

    if catalog.edition().key == "jotl":  # a Jaws of the Lion campaign: its own mapping (issue 28)
        from ghcli.campaign.exchange import ghs_jotl

        return ghs_jotl.export_game(store)

    camp = state.campaign_row(store)
    party = state.current_party(store)
    completed = [r["number"] for r in store.rows("SELECT number FROM scenarios WHERE completed = 1 ORDER BY number")]
    unlocked = [r["number"] for r in store.rows("SELECT number FROM scenarios WHERE unlocked = 1 ORDER BY number")]
    edition = "fc" if any(n >= FC_FIRST_SCENARIO for n in unlocked) else "gh"
    chars = store.rows("SELECT * FROM characters WHERE party_id = ? ORDER BY id", [party["id"]])
    players = [r["name"] for r in store.rows("SELECT name FROM players ORDER BY rowid")]
    players += [p for p in dict.fromkeys(c["player"] for c in chars if c["player"]) if p not in players]
    decks = {d: [r["card"] for r in store.rows(
        "SELECT card FROM event_decks WHERE deck = ? ORDER BY position", [d])] for d in ("city", "road")}
    draw = None
    for r in store.rows("SELECT deck, card FROM pending_events ORDER BY deck"):
        decks[r["deck"]].insert(0, r["card"])
        draw = r["deck"]
    gold = camp["donations"]
    starters = set(catalog.facts()["starting_classes"])
    unlocked_classes = []
    for r in store.rows("SELECT class FROM unlocked_classes ORDER BY rowid"):
        if r["class"] not in starters:
            ident, ed = ghs_class_id(r["class"])
            unlocked_classes.append(f"{ed}:{ident}")
    party_model = {
        **SETTINGS_DEFAULTS,
        "id": 0, "name": party["name"], "edition": edition, "location": "", "notes": "", "achievements": "",
        "achievementsList": _achievement_list(store.rows(
            "SELECT key, count FROM party_achievements WHERE party_id = ? ORDER BY rowid", [party["id"]])),
        "reputation": party["reputation"],
        "prosperity": max(0, camp["prosperity"] - donation_marks(gold)),
        "scenarios": [_scenario(n) for n in completed], "conclusions": [], "casualScenarios": [],
        "manualScenarios": [_scenario(n) for n in _manual(store, completed, unlocked, edition)],
        "campaignMode": True, "globalAchievements": "",
        "globalAchievementsList": _achievement_list(store.rows(
            "SELECT key, count FROM global_achievements ORDER BY rowid")),
        "treasures": [], "donations": gold // DONATION_GOLD, "players": players, "characters": [],
        "availableCharacters": [],
        "retirements": [_character(store, c, players) for c in chars if c["retired"]],
        "unlockedItems": [{**_item(r["item"]), "count": -1}
                          for r in store.rows("SELECT item FROM item_designs ORDER BY item")],
        "unlockedCharacters": [], "envelopeB": gold >= ENVELOPE_B_AT,
        "eventDecks": {d: [f"{c:02d}" for c in cards] for d, cards in decks.items()}, "eventCards": [],
    }
    active = [_character(store, c, players) for c in chars if not c["retired"]]
    game = {
        **SETTINGS_DEFAULTS, **GAME_DEFAULTS,
        "revision": 1, "revisionOffset": 0, "edition": edition,
        "figures": [f"{c['edition']}-{c['name']}" for c in active],
        "characters": active,
        "monsters": [], "state": "draw", "round": 0,
        "party": party_model, "parties": [party_model],
        "unlockedCharacters": unlocked_classes,
    }
    if party["location"] == "road" and party["scenario"] is not None:
        game["scenario"] = _scenario(party["scenario"])
    if draw:
        game["eventDraw"] = draw
    return game
