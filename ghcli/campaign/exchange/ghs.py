"""Gloomhaven Secretariat (GHS) files into a new ghcli campaign.

What a GHS file holds and where each fact comes from is described in
``docs/exchange.md`` (the field mapping table); in short:

- The file is told apart by content (:mod:`.files`): a bare game export
  (a GameModel, numeric ``revision``) or a data dump (``game`` or
  ``ghs-game``; undo, redo and backups are older states and are ignored).
- Only editions ``gh`` and ``fc`` are campaigns ghcli keeps; any other is
  refused (bad input, exit 2) naming the edition in words.
- A GHS party is a whole campaign. ``party`` is the current one; ``parties``
  may hold others (separate campaigns, picked with ``--party NAME``). For the
  current party, ``game.characters`` and ``game.unlockedCharacters`` are
  current and ``party.characters`` / ``party.unlockedCharacters`` are stale
  snapshots; for another party its own fields are all there is.
- Reading the file builds a :class:`Plan` (pure values; every bad value is a
  one-line :class:`BadInput` naming the field and the value); only then is
  the database created and the plan written, in one transaction whose
  history entry (``import``) is the campaign's first, like ``init``.

Readings chosen (FORMAT.md, the shared fixtures' expected.json, and GHS 0.150.6's own code, which the
tests run where it is present):

- prosperity = what GHS shows: ``party.prosperity`` + GHS's ticks for the
  donations (:func:`~.ghs_map.ghs_ticks`: none while envelope B is unticked),
  kept in 0..64; so a campaign below its donations' marks stays below them.
  Donations in ghcli are gold (``donations`` x 10).
- counted achievements count their repeats (up to their maximum); typed
  ones (City Rule, Artifact) keep the last of each group; names are matched
  like every ghcli name; unknown ones are dropped and reported.
- classes: the six starters, ``unlockedCharacters`` (bare ids or
  ``edition:id``), the Diviner in an ``fc`` game, and every class a character
  plays or played.
- scenarios as GHS derives them from its data (ghcli/data/ghs.json): the
  start (1; 96 in an ``fc`` game), the completed ones' unlocks and blocks
  (13's "choose one" unlocks nothing: the choice is in ``manualScenarios``),
  the concluded Forgotten Circles sections' unlocks, ``manualScenarios``; no
  rewards are paid again; ``casualScenarios`` are not completions. Group
  ``solo``: the class's solo scenario won; group ``randomDungeon``: casual
  play, reported.
- characters: ``title`` is the name (the class's name when empty; a repeated
  name gets " 2", " 3"), player = ``players[number - 1]``, checkmarks =
  ``progress.battleGoals``, extra perks = ``progress.retirements`` +
  ``progress.extraPerks``, perk n = ``progress.perks[n - 1]`` times, the
  level-up cards from ``progress.deck`` (indices into GHS's deck), the
  stickers paid for from ``progress.enhancements`` (their GHS slot kept, the
  cost the calculator's). ``party.availableCharacters`` (benched) join the
  party; one marked ``retired`` is retired. Retired characters
  (``party.retirements``) are on record with their quest fulfilled, their
  gold as GHS keeps it, and no items (the rules return them to the shop).
  A player's extra perks = their retired characters.
- the shop: the prosperity level's items and the item designs, each with
  its printed copies (a design's ``count`` when GHS gives one) less the
  copies the party's characters own.
- event decks: ``eventDecks.city``/``road`` in order, top first; a pending
  draw (``eventDraw``) is the top card drawn and not resolved, but a road one
  with a scenario in play is the road event due. A file without decks (GHS
  never used its event feature) gets the starting decks plus the cards of
  its unlocked and retired classes, shuffled.
- the special conditions already passed (reputation +-10, +-20, The Drake
  Aided) are recorded as fired, so they do not fire again in ghcli.
- a scenario in play (``game.scenario``) is not completed: the party is on
  the road to it (``scenario finish N`` records the result) when ghcli has
  it unlocked, else in town; a solo scenario or random dungeon in play
  leaves the party in town (reported).
- the town visit in progress (in town): the characters' ``donations``
  (GHS's count for this visit) and ghcli's own mark ``party.ghcliTownVisit``
  of the city event drawn, trusted while the party's scenarios are as ghcli
  wrote them.
- hostile files (docs/shell.md): every number is bounded (the game's ranges; XP and gold at
  most 1,000,000), NaN and infinities refused with the field's path; names
  (party, characters, players) are cut to the limits of a typed name
  (ghcli.campaign.names) and what was cut is reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ghcli.campaign.effects import ENVELOPE_B_AT
from ghcli.campaign.exchange.ghs_file import (
    KEPT_EDITIONS, MAX_AMOUNT, MAX_DONATIONS, brief, dict_at, edition_in_words, game_model, ghs_class, ghs_item,
    int_at, list_at, name_at, parties, str_at,
)
from ghcli.campaign.town import DONATION as DONATION_GOLD
from ghcli.campaign.tracks import MAX_EVENT_CARD, MAX_PROSPERITY_CHECKMARKS as MAX_PROSPERITY
from ghcli.errors import BadInput


# -- the plan: what the file says, in ghcli terms ------------------------------


@dataclass(frozen=True)
class Sticker:
    """An enhancement sticker: card, half, ghcli's label, its GHS slot ("path/index") and its cost."""

    card: int
    half: str
    label: str
    slot: str
    cost: int


@dataclass(frozen=True)
class CharacterPlan:
    """One character to write."""

    name: str
    cls: str
    player: str | None
    level: int
    xp: int
    gold: int
    checkmarks: int
    extra_perks: int
    seat: int  # the player's seat (solo play: a later slot of the same name), 1 for most
    quest: int | None
    retired: bool
    items: tuple[int, ...]
    perks: tuple[tuple[int, int], ...]  # (perk, times)
    cards: tuple[tuple[int, int], ...] = ()  # (card, at level): chosen at level-ups
    stickers: tuple[Sticker, ...] = ()
    donated: bool = False  # donated on the town visit in progress


@dataclass
class Plan:
    """Everything an import writes, and the report of what it dropped."""

    party: str
    edition: str
    reputation: int = 0
    prosperity: int = 0
    donations_gold: int = 0
    global_achievements: dict[str, int] = field(default_factory=dict)
    party_achievements: dict[str, int] = field(default_factory=dict)
    classes: list[str] = field(default_factory=list)
    retired_classes: list[str] = field(default_factory=list)
    completed: list[int] = field(default_factory=list)
    manual: list[int] = field(default_factory=list)
    designs: dict[int, int | None] = field(default_factory=dict)  # item -> copies (None: all printed)
    decks: dict[str, list[int]] | None = None
    pending: dict[str, int] = field(default_factory=dict)
    players: list[str] = field(default_factory=list)
    characters: list[CharacterPlan] = field(default_factory=list)
    in_play: int | None = None
    road_event_due: bool = False
    city_event: bool = False
    chosen: dict[int, int] = field(default_factory=dict)  # a "choose one" scenario -> the one chosen
    conclusions: list[str] = field(default_factory=list)  # GHS sections concluded ("fc:82")
    solo: list[str] = field(default_factory=list)  # classes whose solo scenario is completed
    other_parties: list[str] = field(default_factory=list)
    dropped: list[dict] = field(default_factory=list)

    def drop(self, path: str, why: str) -> None:
        self.dropped.append({"path": path, "why": why})


# -- small readers: every bad value names its field ---------------------------


# -- reading the file ----------------------------------------------------------


def plan_import(doc: dict, kind: str, party: str | None = None) -> Plan:
    """Read a GHS file (already parsed) into a :class:`Plan`; refuses other editions."""
    from ghcli.campaign.exchange import ghs_characters

    dump_notes: list[dict] = []
    game = game_model(doc, kind, dump_notes)
    current, others = parties(game)
    chosen, is_current = current, True
    if party is not None:
        wanted = party.strip().lower()
        match = [p for p in [current, *others] if str(p.get("name", "")).strip().lower() == wanted]
        if not match:
            names = [str(p.get("name", "")) for p in [current, *others]]
            raise BadInput(f"--party {party!r}: the file's parties are {', '.join(map(repr, names))}")
        chosen = match[0]
        is_current = chosen is current
    edition = chosen.get("edition") or game.get("edition") or "gh"
    if not isinstance(edition, str) or edition not in KEPT_EDITIONS:
        raise BadInput(f"{edition_in_words(edition)} is not a campaign ghcli keeps: "
                       "only Gloomhaven (gh), Forgotten Circles (fc) and Jaws of the Lion (jotl)")
    pre = "party" if is_current else f"parties[{brief(chosen.get('name'))!r}]"
    plan = Plan(party="Party", edition=edition)
    plan.party = name_at(plan, chosen.get("name"), f"{pre}.name", "Party")
    notes = plan.dropped
    plan.dropped = [*dump_notes, *notes]
    for p in [current, *others]:
        if p is not chosen:
            plan.other_parties.append(str(p.get("name", "")))
            plan.drop(f"parties: {p.get('name')!r} (id {p.get('id')})",
                      "another GHS party is a separate campaign (its own achievements, prosperity, characters); "
                      f"import it into another database with --party {str(p.get('name'))!r}")
    _tracks(plan, chosen, pre)
    _achievements(plan, chosen, pre)
    _scenarios(plan, chosen, pre)
    _designs(plan, chosen, pre)
    _decks(plan, chosen, game if is_current else {}, pre)
    ghs_characters.people(plan, chosen, game, pre, is_current)
    _classes(plan, chosen, game, pre, is_current)
    if is_current:
        _in_play(plan, game)
        if plan.in_play is not None and "road" in plan.pending and plan.decks is not None:
            # GHS sets eventDraw when the scenario is set: the road event is due, its card still on top
            plan.decks["road"].insert(0, plan.pending.pop("road"))
            plan.road_event_due = True
        _town_visit(plan, chosen, game)
    static_drops(plan, game, chosen, pre, is_current)
    return plan


def _town_visit(plan: Plan, p: dict, game: dict) -> None:
    """The town visit in progress: GHS's own per-character donations, and ghcli's mark of the city event
    (``party.ghcliTownVisit``), trusted while the party's completed scenarios are as ghcli wrote them."""
    from ghcli.campaign.exchange.ghs_export import TOWN_VISIT_KEY

    mark = p.get(TOWN_VISIT_KEY)
    if mark is None:
        return
    mark = dict_at(mark, f"party.{TOWN_VISIT_KEY}")
    count = len(list_at(p.get("scenarios"), "party.scenarios"))
    if game.get("scenario") or int_at(mark.get("scenarios"), f"party.{TOWN_VISIT_KEY}.scenarios",
                                    default=-1, minimum=-1) != count:
        plan.drop(f"party.{TOWN_VISIT_KEY}", "ghcli's mark of a town visit that has ended since (a scenario "
                                             "was played in GHS): a new visit")
        return
    plan.city_event = mark.get("cityEvent") is True


def _tracks(plan: Plan, p: dict, pre: str) -> None:
    from ghcli.campaign.exchange.ghs_map import ghs_ticks

    rep = int_at(p.get("reputation"), f"{pre}.reputation", default=0, minimum=-MAX_AMOUNT)
    if not -20 <= rep <= 20:
        plan.drop(f"{pre}.reputation", f"{rep} is off the track: kept at {max(-20, min(20, rep)):+d}")
    plan.reputation = max(-20, min(20, rep))
    donations = int_at(p.get("donations"), f"{pre}.donations", default=0, minimum=0, maximum=MAX_DONATIONS)
    plan.donations_gold = donations * DONATION_GOLD
    envelope_b = p.get("envelopeB") is True
    stored = int_at(p.get("prosperity"), f"{pre}.prosperity", default=0, minimum=-MAX_AMOUNT)
    ticks = ghs_ticks(donations, envelope_b)
    total = stored + ticks
    if not envelope_b and plan.donations_gold >= ENVELOPE_B_AT:
        plan.drop(f"{pre}.envelopeB false ({plan.donations_gold} gold donated)",
                  "GHS counts no prosperity for donations while envelope B is unticked (nor does this import); "
                  f"ghcli opens envelope B at {ENVELOPE_B_AT} gold donated")
    if total < 0:
        plan.drop(f"{pre}.prosperity", f"{stored} + {ticks} for the donations is below the track: kept at 0")
    elif total > MAX_PROSPERITY:
        plan.drop(f"{pre}.prosperity", f"{total} checkmarks with the donation marks: kept at the track's end, "
                  f"{MAX_PROSPERITY}")
    plan.prosperity = max(0, min(MAX_PROSPERITY, total))


def _achievement_list(plan: Plan, p: dict, path: str, field_name: str, kind: str) -> dict[str, int]:
    from ghcli.campaign import catalog
    from ghcli.errors import NotFound

    path = f"{path}.{field_name}"
    held: dict[str, int] = {}
    for i, raw in enumerate(list_at(p.get(field_name), path)):
        text = str_at(raw, f"{path}[{i}]").strip()
        if not text:
            continue
        try:
            ach = catalog.find_achievement(text)
        except NotFound:
            plan.drop(f"{path}[{i}] {text!r}", "not a Gloomhaven achievement ghcli knows")
            continue
        if ach["kind"] != kind:
            plan.drop(f"{path}[{i}] {text!r}", f"a {ach['kind']} achievement in the {kind} list: not imported")
            continue
        if ach.get("group"):
            for other in [k for k in held if catalog.achievement(k).get("group") == ach["group"]]:
                if other != ach["key"]:
                    del held[other]
        if ach["key"] in held:
            if ach.get("max_count") and held[ach["key"]] < ach["max_count"]:
                held[ach["key"]] += 1
            continue
        held[ach["key"]] = 1
    return held


def _achievements(plan: Plan, p: dict, pre: str) -> None:
    plan.global_achievements = _achievement_list(plan, p, pre, "globalAchievementsList", "global")
    plan.party_achievements = _achievement_list(plan, p, pre, "achievementsList", "party")
    for legacy in ("achievements", "globalAchievements"):
        if str_at(p.get(legacy), f"{pre}.{legacy}").strip():
            plan.drop(f"{pre}.{legacy}", "legacy newline-separated names (GHS reads the ...List fields)")


def _scenario_ref(entry: Any, path: str, plan: Plan, *, quiet: bool = False) -> tuple[str, Any]:
    """('main', number), ('solo', class key), ('random', None) or ('other', None) (reported)."""
    from ghcli.campaign import catalog
    from ghcli.campaign.exchange import ghs_map

    entry = dict_at(entry, path)
    if entry.get("isCustom"):
        plan.drop(f"{path} {brief(entry.get('custom') or entry.get('index'))!r}", "a custom scenario made in GHS")
        return "other", None
    edition = entry.get("edition", "gh")
    group = entry.get("group")
    index = entry.get("index")
    if group == ghs_map.RANDOM_DUNGEON_GROUP:
        return "random", None
    if group == ghs_map.SOLO_GROUP:
        key = ghs_map.solo_class(brief(index), brief(edition))
        if key is None:
            plan.drop(f"{path} (solo {brief(edition)} {brief(index)})",
                      "a solo scenario of a class ghcli does not know")
            return "other", None
        return "solo", key
    if group is not None:
        plan.drop(f"{path} ({brief(edition)} {brief(index)} [{brief(group)}])",
                  f"a scenario of GHS's group {brief(group)!r} (ghcli keeps the main, solo and random ones)")
        return "other", None
    if edition not in KEPT_EDITIONS:
        plan.drop(f"{path} ({brief(edition)} {brief(index)})", f"a scenario of GHS edition {brief(edition)!r}")
        return "other", None
    number = int_at(index, f"{path}.index", maximum=10_000)
    try:
        catalog.scenario(number)
    except KeyError:
        raise BadInput(f"{path}.index: unknown scenario {brief(index)!r} (GHS edition {edition!r})") from None
    return "main", number


def _scenarios(plan: Plan, p: dict, pre: str) -> None:
    from ghcli.campaign.exchange import ghs_map

    for i, entry in enumerate(list_at(p.get("scenarios"), f"{pre}.scenarios")):
        kind, value = _scenario_ref(entry, f"{pre}.scenarios[{i}]", plan)
        if kind == "main" and value not in plan.completed:
            plan.completed.append(value)
        elif kind == "solo" and value not in plan.solo:
            plan.solo.append(value)
        elif kind == "random":
            plan.drop(f"{pre}.scenarios[{i}] (random dungeon)",
                      "a random dungeon completed: casual play, ghcli keeps no record of it "
                      "(its XP and gold are on the characters)")
    for i, entry in enumerate(list_at(p.get("manualScenarios"), f"{pre}.manualScenarios")):
        kind, value = _scenario_ref(entry, f"{pre}.manualScenarios[{i}]", plan)
        if kind == "main" and value not in plan.manual:
            plan.manual.append(value)
        elif kind in ("solo", "random"):
            plan.drop(f"{pre}.manualScenarios[{i}]", "a solo scenario or random dungeon needs no unlocking")
    for n in plan.completed:
        choose = ghs_map.scenario_facts(n)["choose"]
        picked = [m for m in choose if m in plan.manual or m in plan.completed]
        if choose and picked:
            plan.chosen[n] = picked[0]
        elif choose:
            names = ", ".join(str(m) for m in choose)
            plan.drop(f"scenario {n}'s choice ({names})",
                      "none of them is unlocked in the file: unlock the one chosen with "
                      "`ghcli campaign unlock-scenario N`")
    hidden = sorted({u for n in plan.completed for u in ghs_map.scenario_facts(n)["unlocks"]
                     if u not in plan.completed and u not in plan.manual
                     and not ghs_map.requires_met(u, plan.completed)})
    for n in hidden:
        plan.drop(f"scenario {n}",
                  "unlocked by a completed scenario (the rules: ghcli lists it once its requirements hold); "
                  "GHS lists it only after scenario " + " or ".join(
                      "+".join(str(m) for m in group)
                      for group in ghs_map.scenario_facts(n)["requires"]) + " is completed")
    for i, entry in enumerate(list_at(p.get("casualScenarios"), f"{pre}.casualScenarios")):
        plan.drop(f"{pre}.casualScenarios[{i}] (scenario {brief(dict_at(entry, pre).get('index'))})",
                  "played casually or replayed: not a completion")
    for i, entry in enumerate(list_at(p.get("conclusions"), f"{pre}.conclusions")):
        entry = dict_at(entry, f"{pre}.conclusions[{i}]")
        key = f"{brief(entry.get('edition', 'gh'))}:{brief(entry.get('index'))}"
        if key in ghs_map.facts()["conclusions"] and not entry.get("group"):
            plan.conclusions.append(key)
        else:
            plan.drop(f"{pre}.conclusions[{i}] (section {key})",
                      "a completed section that unlocks nothing ghcli keeps")


def _designs(plan: Plan, p: dict, pre: str) -> None:
    for i, entry in enumerate(list_at(p.get("unlockedItems"), f"{pre}.unlockedItems")):
        from ghcli.campaign import catalog
        from ghcli.campaign.exchange import ghs_map

        number = ghs_item(entry, f"{pre}.unlockedItems[{i}]")
        count = entry.get("count")
        copies = None if count is None else int_at(count, f"{pre}.unlockedItems[{i}].count", minimum=-MAX_AMOUNT)
        printed = catalog.item(number)["count"]
        if copies is not None and copies > printed:
            plan.drop(f"{pre}.unlockedItems[{i}].count {copies}", f"item {number} has {printed} printed copies: kept")
            copies = printed
        if ghs_map.item_edition(number) == "fc" and plan.edition != "fc":
            plan.drop(f"{pre}.unlockedItems[{i}] (item {number})",
                      "GHS's shop lists a Forgotten Circles item only in a Forgotten Circles game; ghcli's shop has it")
        # GHS counts ``count`` copies only when above 0 (ItemManager.countAvailable), else all the printed ones
        plan.designs[number] = None if copies is None or copies <= 0 else copies


def _deck_cards(cards: Any, path: str) -> list[int]:
    out: list[int] = []
    for i, c in enumerate(list_at(cards, path)):
        n = int_at(c, f"{path}[{i}]")
        if not 1 <= n <= MAX_EVENT_CARD:
            raise BadInput(f"{path}[{i}]: {c!r} is not an event card number (1-{MAX_EVENT_CARD})")
        if n not in out:
            out.append(n)
    return out


def _decks(plan: Plan, p: dict, game: dict, pre: str) -> None:
    decks = dict_at(p.get("eventDecks"), f"{pre}.eventDecks")
    city, road = decks.get("city"), decks.get("road")
    for extra in [k for k in decks if k not in ("city", "road")]:
        what = "the Forgotten Circles rift deck" if extra == "rift" else f"the {extra!r} deck"
        plan.drop(f"{pre}.eventDecks.{extra} ({len(list_at(decks[extra], extra))} cards)",
                  f"{what}: ghcli keeps the city and road decks only")
    if city or road:
        plan.decks = {"city": _deck_cards(city, f"{pre}.eventDecks.city"),
                      "road": _deck_cards(road, f"{pre}.eventDecks.road")}
        draw = game.get("eventDraw")
        if draw in ("city", "road") and plan.decks[draw]:
            plan.pending[draw] = plan.decks[draw].pop(0)
        elif draw:
            plan.drop(f"eventDraw {draw!r}", "a pending draw of a deck ghcli does not keep")
    if list_at(p.get("eventCards"), f"{pre}.eventCards"):
        plan.drop(f"{pre}.eventCards ({len(p['eventCards'])})", "history of resolved events (not the deck)")


def _classes(plan: Plan, p: dict, game: dict, pre: str, is_current: bool) -> None:
    from ghcli.campaign import catalog

    keys = list(catalog.facts()["starting_classes"])
    source, path = ((game.get("unlockedCharacters"), "unlockedCharacters") if is_current
                    else (p.get("unlockedCharacters"), f"{pre}.unlockedCharacters"))
    for i, ident in enumerate(list_at(source, path)):
        keys.append(ghs_class(ident, f"{path}[{i}]")["key"])
    if is_current and list_at(p.get("unlockedCharacters"), f"{pre}.unlockedCharacters"):
        plan.drop(f"{pre}.unlockedCharacters", "a snapshot for the current party; game.unlockedCharacters is current")
    if plan.edition == "fc":
        keys.append("diviner")
    keys += [c.cls for c in plan.characters]
    # `ghcli init` unlocks the Diviner beside the six (docs/campaign.md, "Editions"); a GHS
    # Gloomhaven game that has not unlocked it is a group without Forgotten Circles: kept locked, said so
    from ghcli import editions

    for key in editions.get("gh").at_once_classes:
        if key not in keys:
            plan.drop(f"the {catalog.find_class(key)['name']} (not unlocked in the file)",
                      "a Gloomhaven game without Forgotten Circles: kept locked, though `ghcli init` unlocks it "
                      f"(`ghcli campaign unlock-class {key}` if the group plays with it)")
    plan.classes = list(dict.fromkeys(keys))
    plan.retired_classes = list(dict.fromkeys(c.cls for c in plan.characters if c.retired))


def _in_play(plan: Plan, game: dict) -> None:
    scen = game.get("scenario")
    if not scen:
        return
    scen = dict_at(scen, "scenario")
    where = (f"scenario {{index {brief(scen.get('index'))}, edition {brief(scen.get('edition'))}}}, "
             f"state {brief(game.get('state'))!r}, round {brief(game.get('round'))}")
    kind, value = _scenario_ref(scen, "scenario", plan)
    if kind == "solo":
        plan.drop(where + " (solo)", f"the {value} solo scenario in play: ghcli records it when it is over "
                                     "(`ghcli solo finish NAME`); the party stays in town")
        return
    if kind == "random":
        plan.drop(where + " (random dungeon)", "a random dungeon in play: casual play, recorded when it is over "
                                               "(`ghcli dungeon finish`); the party stays in town")
        return
    if kind != "main":
        return
    plan.in_play = value
    plan.drop(where, "a scenario in play: not completed, no rewards; its in-scenario values (monsters, health, "
                     "experience and loot on the board) are dropped")


# Keys dropped wholesale, with why (only those present in the file are reported).
GAME_DROPS = (
    (("revision", "revisionOffset", "server"), "GHS sync/undo bookkeeping"),
    (("playSeconds", "totalSeconds", "gameClock"), "timers"),
    (("figures", "entitiesCounter", "monsters", "objectiveContainers", "objectives", "sections", "scenarioRules",
      "appliedScenarioRules", "discardedScenarioRules", "disgardedScenarioRules", "elementBoard", "round",
      "roundResets", "roundResetsHidden", "state", "finish"), "table state of a scenario"),
    (("monsterAttackModifierDeck", "allyAttackModifierDeck", "lootDeck", "lootDeckEnhancements", "lootDeckFixed",
      "lootDeckSections", "challengeDeck", "favors", "favorPoints", "keepFavors", "conditions", "battleGoalEditions",
      "filteredBattleGoals"), "decks and options ghcli does not keep"),
    (("level", "levelCalculation", "levelAdjustment", "bonusAdjustment", "ge5Player", "ge5PlayerCapped",
      "playerCount", "solo"), "scenario-level settings; ghcli computes the level at `scenario finish`"),
    (("unlockedPersonalQuests",), "GHS's personal quest deck; ghcli draws from the quests no character holds"),
)
PARTY_DROPS = (
    (("level", "levelCalculation", "levelAdjustment", "bonusAdjustment", "ge5Player", "playerCount", "solo",
      "conditions", "battleGoalEditions", "filteredBattleGoals"), "scenario-level settings"),
    (("weeks", "weekSections", "loot", "inspiration", "defense", "soldiers", "morale", "townGuardPerks",
      "townGuardPerkSections", "townGuardDeck", "campaignStickers", "buildings", "pets", "trials",
      "factionReputation", "imbuement", "randomItemLooted", "lootDeckEnhancements", "lootDeckFixed",
      "lootDeckSections"), "Frosthaven / second-edition fields"),
)
CHARACTER_DROPS = ("attackModifierDeck", "summons", "health", "maxHealth", "initiative", "experience", "loot",
                   "lootCards", "treasures", "entityConditions", "markers", "tags", "token", "tokenValues",
                   "scenarioStats", "exhausted", "longRest", "shield", "retaliate", "battleGoal", "battleGoals")


def _present(keys: tuple[str, ...], obj: dict) -> list[str]:
    return [k for k in keys if k in obj]


def static_drops(plan: Plan, game: dict, p: dict, pre: str, is_current: bool) -> None:
    for keys, why in GAME_DROPS:
        found = _present(keys, game)
        if found:
            plan.drop(", ".join(found), why)
    for keys, why in PARTY_DROPS:
        found = _present(keys, p)
        if found:
            plan.drop(", ".join(f"{pre}.{k}" for k in found), why)
    treasures = list_at(p.get("treasures"), f"{pre}.treasures")
    if treasures:
        names = [f"{dict_at(t, pre).get('edition', 'gh')} {dict_at(t, pre).get('name')}" for t in treasures]
        plan.drop(f"{pre}.treasures ({', '.join(names)})", "looted treasure numbers; ghcli has no treasure table")
    for key in ("location", "notes"):
        text = str_at(p.get(key), f"{pre}.{key}").strip()
        if text:
            plan.drop(f"{pre}.{key}", f"free text ghcli does not store: {text!r}")
    if "campaignMode" in p and not p.get("campaignMode"):
        plan.drop(f"{pre}.campaignMode false", "ghcli keeps campaign play; the scenarios listed as completed count")
    active = game.get("characters") if is_current else p.get("characters")
    chars = [*list_at(active, "characters"), *list_at(p.get("availableCharacters"), pre),
             *list_at(p.get("retirements"), pre)]
    top = sorted({k for c in chars if isinstance(c, dict) for k in c if k in CHARACTER_DROPS})
    if top:
        plan.drop("characters[]." + ", ".join(top), "statistics or in-scenario state")
    if any(isinstance(c, dict) and dict_at(c.get("progress"), pre).get("equippedItems") for c in chars):
        plan.drop("characters[].progress.equippedItems", "what is equipped; ownership is progress.items")
    if any(isinstance(c, dict) and dict_at(c.get("progress"), pre).get("donations") for c in chars):
        plan.drop("characters[].progress.donations", "each character's count; the campaign's total is party.donations")
    if any(isinstance(c, dict) and dict_at(c.get("progress"), pre).get("scenarioStats") for c in chars):
        plan.drop("characters[].progress.scenarioStats", "statistics")


# -- writing the plan ------------------------------------------------------------


def import_file(doc: dict, kind: str, path: str | Path, *, party: str | None = None) -> dict:
    """Import a parsed GHS file into a new campaign at ``path``: {path, imported, dropped}.

    The conversion writes its tables into a work copy; the new campaign's first entry is an
    ``import`` of those tables as checked data (``exchange/snapshots.py``)."""
    from ghcli.campaign.exchange import ghs_jotl, ghs_write, snapshots

    if ghs_jotl.is_jotl(doc, kind, party):  # a Jaws of the Lion campaign: its own mapping (docs/exchange.md)
        return ghs_jotl.import_file(doc, kind, path, party=party)
    plan = plan_import(doc, kind, party)
    imported, cut = snapshots.import_converted(path, lambda store: ghs_write.write_plan(store, plan),
                                               source=f"GHS party {plan.party!r}")
    return {"path": str(path), "format": kind, "imported": imported, "dropped": plan.dropped + cut}


