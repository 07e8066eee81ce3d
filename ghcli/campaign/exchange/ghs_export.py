"""A ghcli campaign as a GHS game export (a bare GameModel), so a group can go back to GHS.

The export holds the current party as GHS's current party (``party`` and
``parties[0]``), written so that GHS 0.150.6 shows what ghcli holds (tests
load every walkthrough campaign through GHS's own code and compare):

- tracks: reputation; prosperity as GHS computes it (``party.prosperity`` =
  ghcli's checkmarks less what GHS adds for the donations, :func:`ghs_ticks`,
  so GHS shows ghcli's total, below zero when the campaign has fewer
  checkmarks than its donations' marks); ``donations`` = gold // 10,
  ``envelopeB`` at 100 gold;
- achievements (a counted one repeated once per count), unlocked classes;
- scenarios: the completed ones; solo scenarios won (group ``solo``); every
  unlocked scenario that GHS would not list itself (from its own data: the
  start, the completed scenarios' unlocks whose ``requires`` hold: 19 waits
  for 14) in ``manualScenarios``, among them the one picked at 13's "choose
  one";
- item designs, and the shop's other items GHS would not list (sold back,
  returned, of a prosperity level since lost) in ``unlockedItems`` with
  their copies; the event decks (a drawn card back on top with
  ``eventDraw``; a road event due also sets ``eventDraw``: GHS draws it);
- players and characters: ``number`` is the player's slot, a character with
  no player gets a slot past the players (GHS shows no player), a player's
  later seat in solo play (``characters.seat``) a slot of its own; the ability
  cards chosen at level-ups (``progress.deck``, indices into GHS's deck);
  the enhancement stickers each character paid for (``progress.enhancements``,
  on the slot GHS numbers; a retired character's stay on its record, where
  GHS finds them for a new character of the class); retired characters in
  ``party.retirements``;
- the town visit in progress: each character's donation this visit
  (``donations``: GHS's own count, two bless cards when the next scenario
  starts) and whether the city event was drawn (``party.ghcliTownVisit``:
  GHS has no town visit; it keeps the key and saves it back, and ghcli trusts
  it only while the party's scenario list is unchanged);
- the scenario the party is on the road to (or in) as ``scenario`` with its
  monster types (no standees: GHS places them when a room is revealed) at
  the recommended level.

What GHS has no place for is listed by name in :func:`export`'s
``not_carried`` (the CLI prints it): other parties, the campaign's name
when it is not the party's, stickers GHS cannot place, cards GHS's deck
lacks, solo results besides the first win, a quest drawn and not kept ...
Table state GHS keeps (modifier decks, timers) is left for GHS to fill in.
"""

from __future__ import annotations

from ghcli.campaign.effects import ENVELOPE_B_AT
from ghcli.campaign.exchange import ghs_map
from ghcli.campaign.exchange.ghs_map import ghs_ticks
from ghcli.campaign.town import DONATION as DONATION_GOLD
from ghcli.rules.elements import ELEMENTS

PERK_SLOTS = 15
TOWN_VISIT_KEY = "ghcliTownVisit"
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


def _item(number: int) -> dict:
    return {"name": str(number), "edition": ghs_map.item_edition(number)}


def _scenario(ref: dict) -> dict:
    return {**ref, "isCustom": False, "custom": ""}


class _Export:
    def __init__(self, store):
        from ghcli.campaign import lookup

        self.store = store
        self.camp = lookup.campaign_row(store)
        self.party = lookup.current_party(store)
        self.not_carried: list[dict] = []

    def note(self, what: str, why: str) -> None:
        self.not_carried.append({"what": what, "why": why})

    # -- characters -------------------------------------------------------------------------------

    def _deck(self, ch: dict, cls: dict) -> list[int]:
        out = []
        for r in self.store.rows("SELECT card, at_level FROM character_cards WHERE character_id = ? "
                                 "ORDER BY at_level, rowid", [ch["id"]]):
            index = ghs_map.deck_index(cls["key"], r["card"])
            if index is None:
                self.note(f"{ch['name']}'s card {r['card']}", f"not in GHS's {cls['name']} deck")
            else:
                out.append(index)
        return out

    def _enhancements(self, ch: dict, cls: dict) -> list[dict]:
        out = []
        for r in self.store.rows("SELECT * FROM enhancements WHERE character_id = ? ORDER BY id", [ch["id"]]):
            place = self.placed.get(r["id"])
            action = ghs_map.sticker_action(r["sticker"])
            if place is None or action is None:
                self.note(f"{ch['name']}'s sticker {r['sticker']!r} on card {r['card']} ({r['action']})",
                          "GHS has no slot for it on that card half")
                continue
            out.append({"cardId": r["card"], "actionIndex": place[0], "index": place[1], "action": action[0],
                        "inherited": False})
        return out

    def _place_stickers(self) -> None:
        self.placed: dict[int, tuple[str, int]] = placed_stickers(self.store)

    def character(self, ch: dict, number: int, donated: bool) -> dict:
        from ghcli.campaign import catalog

        cls = catalog.find_class(ch["class"])
        ident, edition = ghs_map.class_ref(cls["key"])
        perks = [0] * max(PERK_SLOTS, len(cls["perks"]))
        for r in self.store.rows("SELECT perk, times FROM character_perks WHERE character_id = ?", [ch["id"]]):
            perks[r["perk"] - 1] = r["times"]
        items = [_item(r["item"]) for r in self.store.rows(
            "SELECT item FROM character_items WHERE character_id = ? ORDER BY item", [ch["id"]])]
        hp = cls["hp"][ch["level"] - 1]
        if ch["quest_offer"] and ch["quest"] is None:
            self.note(f"{ch['name']}'s personal quests drawn ({ch['quest_offer']})",
                      "GHS keeps the quest chosen, not the two drawn")
        if ch["quest_fulfilled"] and not ch["retired"]:
            self.note(f"{ch['name']}'s personal quest fulfilled",
                      "GHS keeps a quest's progress counters, not whether it is fulfilled")
        return {
            **CHARACTER_DEFAULTS,
            "name": ident, "edition": edition, "title": ch["name"], "level": ch["level"], "number": number,
            "absent": False, "experience": 0, "loot": 0, "health": hp, "maxHealth": hp,
            "donations": 1 if donated else 0,
            "progress": {
                "experience": ch["xp"], "gold": ch["gold"], "loot": {}, "itemNotes": "", "items": items,
                "equippedItems": [], "personalQuest": str(ch["quest"]) if ch["quest"] is not None else "",
                "personalQuestProgress": [], "battleGoals": ch["checkmarks"], "notes": "",
                "retired": bool(ch["retired"]), "retirements": 0, "extraPerks": ch["extra_perks"], "perks": perks,
                "masteries": [], "donations": 0, "scenarioStats": [], "deck": self._deck(ch, cls),
                "enhancements": self._enhancements(ch, cls),
            },
        }

    # -- scenarios --------------------------------------------------------------------------------

    def scenarios(self, edition: str) -> tuple[list[dict], list[dict]]:
        """(completed, manual): GHS's party.scenarios and manualScenarios."""
        from ghcli.campaign import catalog

        rows = self.store.rows("SELECT * FROM scenarios ORDER BY number")
        completed = [r["number"] for r in rows if r["completed"]]
        unlocked = [r["number"] for r in rows if r["unlocked"]]
        opened = set()
        for n, f in ghs_map.facts()["scenarios"].items():
            if f["initial"] and (f["edition"] == "gh" or edition == "fc"):
                opened.add(int(n))
        for n in completed:
            opened.update(ghs_map.scenario_facts(n)["unlocks"])
        # GHS lists a scenario its data unlocks only when its ``requires`` hold (19: 14 completed)
        derived = set(completed) | {n for n in opened if ghs_map.requires_met(n, completed)}
        for n in sorted((set(completed) | opened) - set(unlocked)):  # a hidden one too: imported back, unlocked
            later = "" if n in derived else "; it lists it once scenario " + " or ".join(
                "+".join(str(m) for m in group) for group in ghs_map.scenario_facts(n)["requires"]) + " is completed"
            self.note(f"scenario {n} {catalog.scenario(n)['name']}",
                      f"GHS unlocks it (from its data{later}), ghcli has it locked")
        blocks = {b for c in completed for b in ghs_map.scenario_facts(c)["blocks"]}
        for n, why in ghs_map.blocks_by_ghs(self.store, blocks):
            self.note(f"scenario {n} {catalog.scenario(n)['name']}", why)
        done = [_scenario(ghs_map.scenario_ref(n)) for n in completed]
        won = self.store.rows("SELECT DISTINCT class FROM solo_results WHERE won = 1 ORDER BY class")
        members = {r["class"] for r in self.store.rows("SELECT class FROM characters WHERE party_id = ?",
                                                        [self.party["id"]])}
        for r in won:
            ref = ghs_map.solo_ref(r["class"])
            if r["class"] not in members:
                self.note(f"the {r['class']} solo scenario won (by another party's character)",
                          "GHS keeps no winner: imported back, no character of the class is in the file to "
                          "have won it")
            if ref is None:
                self.note(f"the {r['class']} solo scenario won", "GHS has no solo scenario for the class")
            else:
                done.append(_scenario(ref))
        plays = self.store.value("SELECT count(*) FROM solo_results") or 0
        if plays > len(won):
            self.note(f"{plays - len(won)} solo scenario results besides each class's first win",
                      "GHS keeps only that a solo scenario was completed (no losses, levels or replays)")
        manual = [_scenario(ghs_map.scenario_ref(n)) for n in unlocked if n not in derived]
        return done, manual

    def in_play(self, level: int) -> tuple[dict | None, list[dict]]:
        """GHS's ``scenario`` and its monsters for a party on the road to (or in) a scenario."""
        n = self.party["scenario"]
        if self.party["location"] == "scenario":
            self.note(f"the party at scenario {n}'s site (played, not back in town)",
                      "GHS has no such place: imported back, the party is in town")
        if self.party["location"] != "road" or n is None:
            return None, []
        monsters = []
        for name, edition, offset, ally in ghs_map.scenario_facts(n)["monsters"]:
            monsters.append({"name": name, "edition": edition, "level": max(0, min(7, level + offset)),
                             "off": True, "active": False, "drawExtra": False, "lastDraw": 0, "ability": -1,
                             "abilities": [], "entities": [], "isAlly": bool(ally), "isAllied": False, "tags": []})
        ref = {**_scenario(ghs_map.scenario_ref(n)), "revealedRooms": [], "additionalSections": []}
        return ref, monsters

    def unlocked_items(self) -> list[dict]:
        """GHS's ``unlockedItems``: the item designs, and every other item in ghcli's shop that GHS would
        not list by itself (GHS's shop is the prosperity level's items and ``unlockedItems``; ghcli's also
        holds items sold back or returned, and those of a prosperity level since lost). ``count`` is the
        copies GHS then counts (the shop's and the party's characters'), -1 for all the printed ones."""
        from ghcli.campaign import catalog, town

        store, party = self.store, self.party
        shop = town.supply_for(store, party["id"])
        held = town.party_copies(store, party["id"])
        designs = [r["item"] for r in store.rows("SELECT item FROM item_designs ORDER BY item")]
        listed = set(catalog.shop_items_for_prosperity(catalog.prosperity_level(self.camp["prosperity"])))
        out = []
        for n in sorted(set(designs) | {n for n, copies in shop.items() if copies and n not in listed}):
            copies = shop.get(n, 0) + held.get(n, 0)
            printed = catalog.item(n)["count"]
            fc_in_gh = ghs_map.item_edition(n) == "fc" and self.edition != "fc"
            if n not in designs:
                self.note(f"item {n} {catalog.item(n)['name']} in the shop ({shop[n]} of {printed})",
                          "neither a design nor of this prosperity level (sold back, returned, or of a level "
                          "since lost): written to GHS's unlocked items, " + (
                              "though GHS's shop lists a Forgotten Circles item only in a Forgotten Circles "
                              "game" if fc_in_gh else "so GHS's shop has it") + "; imported back it is an item design")
            elif fc_in_gh:
                self.note(f"item design {n} {catalog.item(n)['name']}",
                          "GHS's shop lists a Forgotten Circles item only in a Forgotten Circles game")
            out.append({**_item(n), "count": -1 if copies >= printed else copies})
        return out

    # -- the game ---------------------------------------------------------------------------------

    def game(self) -> dict:
        from ghcli.campaign.road import open_visit
        from ghcli.rules import level as levels

        store, camp, party = self.store, self.camp, self.party
        self._place_stickers()
        unlocked = [r["number"] for r in store.rows("SELECT number FROM scenarios WHERE unlocked = 1")]
        edition = "fc" if any(ghs_map.scenario_facts(n)["edition"] == "fc" for n in unlocked) else "gh"
        self.edition = edition
        chars = store.rows("SELECT * FROM characters WHERE party_id = ? ORDER BY id", [party["id"]])
        visit = open_visit(store, party) if party["location"] == "town" else None
        donated = {r["character_id"] for r in store.rows(
            "SELECT character_id FROM visit_donations WHERE visit_id = ?", [visit["id"]])} if visit else set()
        players, numbered = self._slots(chars)
        retired = [self.character(c, n, False) for c, n in numbered if c["retired"]]
        active = [self.character(c, n, c["id"] in donated) for c, n in numbered if not c["retired"]]
        decks, draw = self._decks()
        gold = camp["donations"]
        if gold % DONATION_GOLD:
            self.note(f"{gold % DONATION_GOLD} of the {gold} gold donated", "GHS counts donations of 10 gold")
        envelope_b = gold >= ENVELOPE_B_AT
        unlocked_classes = self._unlocked_classes(edition)
        completed, manual = self.scenarios(edition)
        members = [c["level"] for c in chars if not c["retired"]]
        level = levels.recommended_level(members) if members else 1
        scenario, monsters = self.in_play(level)
        party_model = {
            **SETTINGS_DEFAULTS, "level": level,
            "id": 0, "name": party["name"], "edition": edition, "location": "", "notes": "", "achievements": "",
            "achievementsList": _achievement_list(store.rows(
                "SELECT key, count FROM party_achievements WHERE party_id = ? ORDER BY rowid", [party["id"]])),
            "reputation": party["reputation"],
            "prosperity": camp["prosperity"] - ghs_ticks(gold // DONATION_GOLD, envelope_b),
            "scenarios": completed, "conclusions": [], "casualScenarios": [], "manualScenarios": manual,
            "campaignMode": True, "globalAchievements": "",
            "globalAchievementsList": _achievement_list(store.rows(
                "SELECT key, count FROM global_achievements ORDER BY rowid")),
            "treasures": [], "donations": gold // DONATION_GOLD, "players": players, "characters": [],
            "availableCharacters": [], "retirements": retired,
            "unlockedItems": self.unlocked_items(),
            "unlockedCharacters": [], "envelopeB": envelope_b,
            "eventDecks": {d: [f"{c:02d}" for c in cards] for d, cards in decks.items()}, "eventCards": [],
        }
        if visit is not None:
            party_model[TOWN_VISIT_KEY] = {"cityEvent": bool(visit["city_event"]), "scenarios": len(completed)}
            if draw == "city" and not visit["city_event"]:  # drawn on another party's visit (ghcli's decks are shared)
                self.note(f"city event {decks['city'][0]} drawn on another party's town visit",
                          "GHS has one town visit: imported back, this party drew it")
        self._notes(chars)
        game = {
            **SETTINGS_DEFAULTS, **GAME_DEFAULTS, "level": level,
            "revision": 1, "revisionOffset": 0, "edition": edition,
            "figures": [f"{c['edition']}-{c['name']}" for c in active] + [f"{m['edition']}-{m['name']}"
                                                                          for m in monsters],
            "characters": active,
            "monsters": monsters, "state": "draw", "round": 0,
            "party": party_model, "parties": [party_model],
            "unlockedCharacters": unlocked_classes,
        }
        if scenario is not None:
            game["scenario"] = scenario
        if draw:
            game["eventDraw"] = draw
        return game

    def _slots(self, chars: list[dict]) -> tuple[list[str], list[tuple[dict, int]]]:
        """(GHS's player slots, each character with its slot ``number``): the players' names in order; a
        character with no player gets a slot past the players (GHS shows no player)."""
        players = [r["name"] for r in self.store.rows("SELECT name FROM players ORDER BY rowid")]
        players += [p for p in dict.fromkeys(c["player"] for c in chars if c["player"]) if p not in players]
        # solo play (a player with several characters, each a separate player for retirement perks,
        # ``characters.seat``): each later seat is a slot of its own, the player's name again; GHS counts a
        # slot's retirements for its next character as ghcli counts the seat's
        slots = {(p, 1): i + 1 for i, p in enumerate(players)}
        for c in chars:
            if c["player"] and (c["seat"] or 1) > 1 and (c["player"], c["seat"]) not in slots:
                players.append(c["player"])
                slots[(c["player"], c["seat"])] = len(players)
        playerless = len(players)
        numbered = []
        for c in chars:
            if (c["player"], c["seat"] or 1) in slots:
                numbered.append((c, slots[(c["player"], c["seat"] or 1)]))
            else:
                playerless += 1
                numbered.append((c, playerless))
        return players, numbered

    def _decks(self) -> tuple[dict[str, list[int]], str | None]:
        """(the event decks, top first, a drawn card back on top; GHS's ``eventDraw``: the deck drawn from,
        or the road when a road event is due)."""
        store, party = self.store, self.party
        decks = {d: [r["card"] for r in store.rows(
            "SELECT card FROM event_decks WHERE deck = ? ORDER BY position", [d])] for d in ("city", "road")}
        draw = None
        for r in store.rows("SELECT deck, card FROM pending_events ORDER BY deck"):
            decks[r["deck"]].insert(0, r["card"])
            draw = r["deck"]
        if party["location"] == "road" and party["road_event_due"]:
            draw = "road"
        return decks, draw

    def _unlocked_classes(self, edition: str) -> list[str]:
        """GHS's ``unlockedCharacters``: the classes unlocked beyond the starting six, as ``edition:id``."""
        from ghcli.campaign import catalog

        store = self.store
        starters = set(catalog.facts()["starting_classes"])
        unlocked_classes = []
        for r in store.rows("SELECT class FROM unlocked_classes ORDER BY rowid"):
            if r["class"] not in starters:
                ident, ed = ghs_map.class_ref(r["class"])
                unlocked_classes.append(f"{ed}:{ident}")
        if edition == "fc" and "diviner" not in {r["class"] for r in store.rows("SELECT class FROM unlocked_classes")}:
            self.note("the Diviner (locked in ghcli)", "GHS offers the Diviner in every Forgotten Circles game")
        return unlocked_classes

    def _notes(self, chars: list[dict]) -> None:
        store, camp, party = self.store, self.camp, self.party
        if camp["name"].strip().lower() != party["name"].strip().lower():
            self.note(f"the campaign's name {camp['name']!r}",
                      f"a GHS party is a whole campaign with one name: the party's, {party['name']!r}")
        for other in store.rows("SELECT id, name FROM parties WHERE id != ? ORDER BY id", [party["id"]]):
            names = [("retired " if r["retired"] else "") + r["name"] for r in store.rows(
                "SELECT name, retired FROM characters WHERE party_id = ? ORDER BY id", [other["id"]])]
            self.note(f"the party {other['name']!r}" + (f" ({', '.join(names)})" if names else ""),
                      "GHS keeps prosperity, achievements and retirements per party (a retired character's "
                      "player perk and class retirement go with its party): export it after `ghcli party switch`")
        loose = store.rows("SELECT e.*, c.name AS who FROM enhancements e LEFT JOIN characters c "
                           "ON c.id = e.character_id WHERE c.id IS NULL OR c.party_id IS NOT ? ORDER BY e.id",
                           [party["id"]])
        for r in loose:
            self.note(f"sticker {r['sticker']!r} on {r['class']} card {r['card']} ({r['action']})",
                      "GHS keeps a sticker on the character who paid for it, not in this party"
                      + (f" ({r['who']})" if r["who"] else ""))
        costs = store.value("SELECT sum(cost) FROM enhancements WHERE character_id IN "
                            "(SELECT id FROM characters WHERE party_id = ?)", [party["id"]])
        if costs:
            self.note("what each enhancement sticker cost", "GHS keeps no price paid (ghcli recomputes it on import)")
        if party["casual"] and party["location"] != "town":
            self.note(f"the casual play of scenario {party['scenario']}",
                      "GHS has no casual trip in a campaign: the scenario is written in play, and imported back the "
                      f"trip is an ordinary one (`ghcli scenario finish {party['scenario']} --casual` keeps it casual)")
        solo_levels = store.value("SELECT count(*) FROM solo_results WHERE won = 1")
        if solo_levels:
            self.note("the level of each solo scenario won", "GHS keeps only that it was completed")


def _achievement_list(rows: list[dict]) -> list[str]:
    return [r["key"] for r in rows for _ in range(r["count"])]


def export(store) -> dict:
    """{"game": the campaign's current party as a GHS GameModel, "not_carried": [{what, why}]}."""
    from ghcli.campaign import catalog

    if catalog.edition().key == "jotl":  # a Jaws of the Lion campaign: its own mapping (docs/exchange.md)
        from ghcli.campaign.exchange import ghs_jotl_export

        return ghs_jotl_export.export(store)
    e = _Export(store)
    game = e.game()
    return {"game": game, "not_carried": e.not_carried}


def placed_stickers(store) -> dict[int, tuple[str, int]]:
    """Every sticker's GHS slot (enhancements.id -> (action path, index)): the one it came with, else the first
    free one that takes it (both editions' exports place them so)."""
    placed: dict[int, tuple[str, int]] = {}
    taken: dict[tuple[str, int], set] = {}
    for r in store.rows("SELECT * FROM enhancements ORDER BY slot IS NULL, id"):
        used = taken.setdefault((r["class"], r["card"]), set())
        place = None
        if r["slot"]:
            path, _, index = r["slot"].rpartition("/")
            if index.isdigit() and ghs_map.slot_at(r["class"], r["card"], path, int(index)):
                place = (path, int(index))
        if place is None:
            place = ghs_map.place(r["class"], r["card"], r["action"], r["sticker"], used)
        if place is not None:
            used.add(place)
            placed[r["id"]] = place
    return placed
