"""Jaws of the Lion campaigns to and from Gloomhaven Secretariat (GHS edition ``jotl``).

:mod:`.ghs` and :mod:`.ghs_export` hand a Jaws of the Lion file or campaign
here and to :mod:`.ghs_jotl_export` (a few lines each). Both directions read and write only what the two
apps share for this box, and report the rest by name.

GHS -> ghcli (:func:`import_file`), a new campaign of edition ``jotl``:

- the party (the current one, or ``--party NAME``; other parties are
  separate campaigns); its players; its characters (``game.characters``,
  ``party.availableCharacters`` join the party, ``party.retirements`` are on
  record as retired): class (GHS id, edition ``jotl``), ``title`` as the name,
  level, XP, gold, checkmarks (``battleGoals``), extra perks (``extraPerks``
  + ``retirements``), perks (``perks[i]`` ticks of perk i + 1), items, and
  the ability cards chosen (``deck``: indices into GHS's deck of the class,
  ``ghcli/editions/jotl/ghs.json``; each card is matched to a level, 2 to the
  character's level, lowest card level first), the enhancement stickers (read
  and placed on GHS's slots as for Gloomhaven: :mod:`.ghs_map`; none on a
  tutorial card);
- completed scenarios (``party.scenarios``), with their unlocks and blocks;
  the concluded sections (``party.conclusions``: 9-7 and 9-8 unlock 9);
  scenarios unlocked by hand or by events (``manualScenarios``);
- the shop: the items whose scenario is completed (``unlockScenario``) and
  ``unlockedItems``, each with its printed copies less those the characters
  own; the city event deck (``eventDecks.city``, top first) and a pending
  draw (``eventDraw``);
- a scenario in play: the party on its way to it (``scenario finish N``);
- ghcli's mark of this town visit's city event (``party.ghcliTownVisit``, as
  the Gloomhaven bridge writes it), so one city event a visit still holds.

What the box has no place for in ghcli, or GHS keeps and ghcli does not, is
reported: reputation, prosperity and donations (GHS keeps the numbers for
every edition), achievements, road events, personal quests, table state.

**Files GHS itself cannot load.** GHS 0.150 copies ``progress.deck``,
``personalQuestProgress`` and ``scenarioStats`` of every character without
checking that they are there, so a save written by an older GHS that lacks
one of them fails to load in GHS ("t.progress.deck is not iterable"). ghcli
imports such a file with the missing field taken as empty and reports it,
field and character named: none of the three holds anything a Jaws of the
Lion campaign in ghcli needs but the cards chosen (``deck``), and a missing
``deck`` only means no card is recorded, which the report says; refusing the
file would leave the group nothing, while the default loses nothing the file
holds. A ghcli export always writes all three, so GHS loads it.

The plan is written by :mod:`.ghs_jotl_write`; ghcli -> GHS is :mod:`.ghs_jotl_export`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ghcli import editions
from ghcli.campaign.exchange import ghs_file
from ghcli.campaign.exchange.ghs_file import dict_at, list_at, str_at
from ghcli.errors import BadInput

EDITION = "jotl"
#: the progress fields GHS 0.150 copies without a check (an older save without one fails to load there)
REQUIRED_PROGRESS = ("personalQuestProgress", "scenarioStats", "deck")


def is_jotl(doc: dict, kind: str, party: str | None = None) -> bool:
    """Whether the GHS file's chosen party (the current one, or ``party``) is a Jaws of the Lion campaign."""
    game = ghs_file.game_model(doc, kind, [])
    current, others = ghs_file.parties(game)
    chosen = current
    if party is not None:
        wanted = party.strip().lower()
        chosen = next((p for p in [current, *others] if str(p.get("name", "")).strip().lower() == wanted), current)
    return (chosen.get("edition") or game.get("edition")) == EDITION


# -- small readers (every bad value names its field) ---------------------------------


def _int(value: Any, path: str, default: int | None = None) -> int:
    if value is None and default is not None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise BadInput(f"{path}: {value!r} is not a whole number")
    try:
        number = int(value.strip()) if isinstance(value, str) else value
    except ValueError:
        raise BadInput(f"{path}: {value!r} is not a whole number") from None
    if isinstance(number, float):
        if number != number or not number.is_integer():
            raise BadInput(f"{path}: {value!r} is not a whole number")
        number = int(number)
    if not -1_000_000 <= number <= 1_000_000:
        raise BadInput(f"{path}: {number} is out of range")
    return number


# -- the plan ----------------------------------------------------------------------


@dataclass(frozen=True)
class Member:
    name: str
    cls: str
    player: str | None
    level: int
    xp: int
    gold: int
    checkmarks: int
    extra_perks: int
    retired: bool
    items: tuple[int, ...]
    perks: tuple[tuple[int, int], ...]  # (perk, times)
    cards: tuple[tuple[int, int], ...]  # (card, at level)
    stickers: tuple = ()  # ghs.Sticker: card, half, label, GHS slot, cost


@dataclass
class Plan:
    party: str
    completed: list[int] = field(default_factory=list)
    unlocked: list[int] = field(default_factory=list)
    designs: list[int] = field(default_factory=list)
    counts: dict[int, int] = field(default_factory=dict)  # a design's copies, where GHS's ``count`` gives them
    city: list[int] | None = None
    pending: int | None = None
    players: list[str] = field(default_factory=list)
    members: list[Member] = field(default_factory=list)
    in_play: int | None = None
    city_event: bool = False  # this town visit's city event drawn already (ghcli's mark, party.ghcliTownVisit)
    other_parties: list[str] = field(default_factory=list)
    dropped: list[dict] = field(default_factory=list)

    def drop(self, path: str, why: str) -> None:
        self.dropped.append({"path": path, "why": why})


def _class(ident: Any, path: str) -> dict:
    from ghcli.campaign import catalog
    from ghcli.errors import NotFound

    text = str_at(ident, path)
    bare = text.split(":", 1)[1] if ":" in text else text
    try:
        return catalog.find_class(bare)
    except NotFound:
        raise BadInput(f"{path}: unknown Jaws of the Lion class {text!r} "
                       f"(GHS ids: {', '.join(c['key'] for c in catalog.classes())})") from None


def _item(entry: Any, path: str) -> int:
    from ghcli.campaign import catalog

    entry = dict_at(entry, path)
    number = _int(entry.get("name"), f"{path}.name")
    edition = entry.get("edition", EDITION)
    if edition != EDITION:
        raise BadInput(f"{path}.edition: item {number} of GHS edition {edition!r} is not a Jaws of the Lion item")
    try:
        catalog.item(number)
    except KeyError:
        raise BadInput(f"{path}.name: unknown Jaws of the Lion item {entry.get('name')!r}") from None
    return number


def _scenario(entry: Any, path: str, plan: Plan) -> int | None:
    from ghcli.campaign import catalog

    entry = dict_at(entry, path)
    if entry.get("isCustom"):
        plan.drop(f"{path} {entry.get('custom') or entry.get('index')!r}", "a custom scenario made in GHS")
        return None
    edition = entry.get("edition", EDITION)
    if edition != EDITION or entry.get("group"):
        group = f", group {entry['group']}" if entry.get("group") else ""
        plan.drop(f"{path} ({edition} {entry.get('index')})",
                  f"not a Jaws of the Lion scenario (GHS edition {edition!r}{group})")
        return None
    number = _int(entry.get("index"), f"{path}.index")
    try:
        catalog.scenario(number)
    except KeyError:
        raise BadInput(f"{path}.index: unknown Jaws of the Lion scenario {entry.get('index')!r}") from None
    return number


def plan_import(doc: dict, kind: str, party: str | None = None) -> Plan:
    """Read a Jaws of the Lion GHS file into a :class:`Plan` (the jotl edition must be active)."""
    from ghcli.campaign.exchange import ghs

    notes: list[dict] = []
    game = ghs_file.game_model(doc, kind, notes)
    current, others = ghs_file.parties(game)
    chosen, is_current = current, True
    if party is not None:
        wanted = party.strip().lower()
        match = [p for p in [current, *others] if str(p.get("name", "")).strip().lower() == wanted]
        if not match:
            names = [str(p.get("name", "")) for p in [current, *others]]
            raise BadInput(f"--party {party!r}: the file's parties are {', '.join(map(repr, names))}")
        chosen, is_current = match[0], match[0] is current
    name = str_at(chosen.get("name"), "party.name").strip() or "Party"
    plan = Plan(party=name)
    plan.dropped.extend(notes)
    pre = "party" if is_current else f"parties[{name!r}]"
    for p in [current, *others]:
        if p is not chosen:
            plan.other_parties.append(str(p.get("name", "")))
            plan.drop(f"parties: {p.get('name')!r} (id {p.get('id')})",
                      f"another GHS party is a separate campaign: import it with --party {str(p.get('name'))!r}")
    _lacking(plan, chosen, game, pre)
    _scenarios(plan, chosen, pre)
    _shop(plan, chosen, pre)
    _events(plan, chosen, game if is_current else {}, pre)
    _people(plan, chosen, game, pre, is_current)
    if is_current:
        _in_play(plan, game)
        _town_visit(plan, chosen, game)
    ghs.static_drops(plan, game, chosen, pre, is_current)
    # Gloomhaven's reading of envelope B does not apply: the box has none (reported by _lacking when set)
    plan.dropped = [d for d in plan.dropped if d["path"] != f"{pre}.envelopeB"]
    if chosen.get("envelopeB"):
        plan.drop(f"{pre}.envelopeB", editions.current().lacks["donations"])
    return plan


def _lacking(plan: Plan, p: dict, game: dict, pre: str) -> None:
    """What GHS keeps for every edition and Jaws of the Lion has no place for."""
    ed = editions.current()
    for key, feature in (("reputation", "reputation"), ("prosperity", "prosperity"), ("donations", "donations")):
        value = _int(p.get(key), f"{pre}.{key}", default=0)
        if value:
            plan.drop(f"{pre}.{key} {value}", ed.lacks[feature])
    for key in ("achievementsList", "globalAchievementsList"):
        held = [str(x) for x in list_at(p.get(key), f"{pre}.{key}") if str(x).strip()]
        if held:
            plan.drop(f"{pre}.{key} ({', '.join(held)})", ed.lacks["achievements"])
    unlocked = [str(x) for x in list_at(game.get("unlockedCharacters"), "unlockedCharacters")]
    if unlocked:
        plan.drop(f"unlockedCharacters ({', '.join(unlocked)})", ed.lacks["class unlocks"])


def _scenarios(plan: Plan, p: dict, pre: str) -> None:
    from ghcli.campaign import catalog

    for i, entry in enumerate(list_at(p.get("scenarios"), f"{pre}.scenarios")):
        n = _scenario(entry, f"{pre}.scenarios[{i}]", plan)
        if n is not None and n not in plan.completed:
            plan.completed.append(n)
    for i, entry in enumerate(list_at(p.get("manualScenarios"), f"{pre}.manualScenarios")):
        n = _scenario(entry, f"{pre}.manualScenarios[{i}]", plan)
        if n is not None and n not in plan.unlocked:
            plan.unlocked.append(n)
    sections = {sec: (s["number"], unlocks) for s in catalog.scenarios()
                for sec, unlocks in (s.get("conclusion_sections") or {}).items()}
    for i, entry in enumerate(list_at(p.get("conclusions"), f"{pre}.conclusions")):
        entry = dict_at(entry, f"{pre}.conclusions[{i}]")
        index = str_at(entry.get("index"), f"{pre}.conclusions[{i}].index")
        if entry.get("edition", EDITION) != EDITION or index not in sections:
            plan.drop(f"{pre}.conclusions[{i}] ({entry.get('edition')} {index})",
                      "not a Jaws of the Lion conclusion ghcli knows")
            continue
        parent, unlocks = sections[index]
        if parent not in plan.completed:
            plan.drop(f"{pre}.conclusions[{i}] {index}", f"scenario {parent}'s conclusion, but {parent} is not "
                                                         "completed: its unlocks are applied")
        plan.unlocked += [n for n in unlocks if n not in plan.unlocked]
    for i, entry in enumerate(list_at(p.get("casualScenarios"), f"{pre}.casualScenarios")):
        plan.drop(f"{pre}.casualScenarios[{i}] (scenario {dict_at(entry, pre).get('index')})",
                  "played casually or replayed: not a completion")


def _shop(plan: Plan, p: dict, pre: str) -> None:
    for i, entry in enumerate(list_at(p.get("unlockedItems"), f"{pre}.unlockedItems")):
        n = _item(entry, f"{pre}.unlockedItems[{i}]")
        count = dict_at(entry, pre).get("count")
        # GHS counts ``count`` copies only when above 0 (ItemManager.countAvailable), else all the printed ones
        if count is not None and (copies := _int(count, f"{pre}.unlockedItems[{i}].count")) > 0:
            from ghcli.campaign import catalog

            printed = catalog.item(n)["count"]
            if copies > printed:
                plan.drop(f"{pre}.unlockedItems[{i}].count {count}", f"more than the {printed} printed: all of them")
            plan.counts[n] = min(copies, printed)
        if n not in plan.designs:
            plan.designs.append(n)


def _events(plan: Plan, p: dict, game: dict, pre: str) -> None:
    decks = dict_at(p.get("eventDecks"), f"{pre}.eventDecks")
    for other in [k for k in decks if k != "city"]:
        cards = list_at(decks[other], f"{pre}.eventDecks.{other}")
        if cards:
            plan.drop(f"{pre}.eventDecks.{other} ({len(cards)} cards)", editions.current().lacks["road events"]
                      if other == "road" else f"the {other!r} deck is not Jaws of the Lion's")
    if "city" in decks:
        from ghcli.campaign import catalog

        last = catalog.facts()["max_city_event"]
        city: list[int] = []
        for i, c in enumerate(list_at(decks["city"], f"{pre}.eventDecks.city")):
            n = _int(c, f"{pre}.eventDecks.city[{i}]")
            if not 1 <= n <= last:
                raise BadInput(f"{pre}.eventDecks.city[{i}]: {c!r} is not a Jaws of the Lion city event (1-{last})")
            if n not in city:
                city.append(n)
        plan.city = city
        draw = game.get("eventDraw")
        if draw == "city" and city:
            plan.pending = city.pop(0)
        elif draw:
            plan.drop(f"eventDraw {draw!r}", "a pending draw of a deck ghcli does not keep for Jaws of the Lion")
    if list_at(p.get("eventCards"), f"{pre}.eventCards"):
        plan.drop(f"{pre}.eventCards ({len(p['eventCards'])})", "history of resolved events (not the deck)")


def _unique(name: str, taken: set[str]) -> str:
    from ghcli.campaign import names

    candidate, n = name, 1
    while names.key(candidate) in taken:
        n += 1
        candidate = f"{name} {n}"
    taken.add(names.key(candidate))
    return candidate


def _cards(plan: Plan, cls: dict, deck: list, path: str, name: str, level: int) -> tuple[tuple[int, int], ...]:
    """GHS deck indices as (card, level taken at) (GHS's deck of the class: the edition's ghs.json)."""
    from ghcli.campaign import catalog
    from ghcli.campaign.exchange import ghs_map

    chosen = []
    for i, index in enumerate(deck):
        number = ghs_map.deck_card(cls["key"], _int(index, f"{path}[{i}]"))
        if number is None:
            plan.drop(f"{path}[{i}] {index} ({name})", f"not an index into GHS's {cls['name']} deck")
            continue
        card = catalog.find_card(cls["key"], number)
        if not catalog.chosen_at_level_up(card):
            plan.drop(f"{path}[{i}] card {card['number']} ({name})", f"{catalog.pool_words(card)}: not recorded")
            continue
        if card not in chosen:
            chosen.append(card)
    # GHS keeps the deck in the order the cards were chosen (ghcli's export writes it so): that order is
    # the levels they were taken at, where it can be (no card above its level), else lowest level first
    if any(int(c["level"]) > at for at, c in enumerate(chosen, start=2)):
        chosen.sort(key=lambda c: int(c["level"]))
    out: list[tuple[int, int]] = []
    for at, card in enumerate(chosen, start=2):
        if at > level or card["level"] > at:
            plan.drop(f"{path} card {card['number']} {card['name']} ({name}, level {level})",
                      f"one card is taken at each level 2-{level}, of a level at most that level: not recorded")
            continue
        out.append((card["number"], at))
    return tuple(out)


def _member(plan: Plan, c: Any, path: str, *, retired: bool, players: list[str], taken: set[str]) -> Member:
    from ghcli.campaign import tracks

    c = dict_at(c, path)
    cls = _class(c.get("name"), f"{path}.name")
    if c.get("edition", EDITION) != EDITION:
        raise BadInput(f"{path}.edition: {c.get('edition')!r} is not Jaws of the Lion's ({EDITION!r})")
    prog = dict_at(c.get("progress"), f"{path}.progress")
    title = _title(plan, c, cls, path)
    name = _unique(title, taken)
    if name != title:
        plan.drop(f"{path}.title {title!r}", f"the name is taken: imported as {name!r}")
    level = _int(c.get("level"), f"{path}.level", default=1)
    if not 1 <= level <= tracks.MAX_LEVEL:
        raise BadInput(f"{path}.level: {level} is not a level (1-{tracks.MAX_LEVEL})")
    number = _int(c.get("number"), f"{path}.number", default=0)
    player = players[number - 1] if 1 <= number <= len(players) and players[number - 1] else None
    values = _numbers(plan, prog, path, name)
    for key in REQUIRED_PROGRESS:
        if key not in prog:
            what = "no ability card chosen at a level-up is recorded" if key == "deck" else "nothing ghcli keeps"
            plan.drop(f"{path}.progress.{key} ({name}): missing",
                      f"GHS 0.150 cannot load a file without it (an older GHS wrote it); imported as empty: {what}")
    items = _items(plan, prog, path, name)
    perks = _perks(prog, path, cls)
    cards = _cards(plan, cls, list_at(prog.get("deck"), f"{path}.progress.deck"), f"{path}.progress.deck", name, level)
    quest = prog.get("personalQuest")
    if quest not in (None, "", 0, "0"):
        plan.drop(f"{path}.progress.personalQuest {quest!r} ({name})", editions.current().lacks["personal quests"])
    if any(_int(x, path, default=0) for x in list_at(prog.get("personalQuestProgress"), path)):
        plan.drop(f"{path}.progress.personalQuestProgress ({name})", editions.current().lacks["personal quests"])
    stickers = _stickers(plan, cls, list_at(prog.get("enhancements"), f"{path}.progress.enhancements"),
                         f"{path}.progress.enhancements", name)
    if list_at(prog.get("masteries"), f"{path}.progress.masteries"):
        plan.drop(f"{path}.progress.masteries ({name})", "masteries are a Frosthaven feature")
    for key in ("notes", "itemNotes"):
        if str_at(prog.get(key), f"{path}.progress.{key}").strip():
            plan.drop(f"{path}.progress.{key} ({name})", "free text ghcli does not store")
    if prog.get("retired") and not retired:
        retired = True
        plan.drop(f"{path}.progress.retired ({name})", "marked retired in GHS but still in the party: on record as "
                                                       f"retired ({editions.current().lacks['retirement']})")
    if retired:
        plan.drop(f"{path} ({name})", f"retired in GHS: on record as retired, no items "
                                      f"({editions.current().lacks['retirement']})")
        items = []
    taken_perks = sum(t for _, t in perks)
    extra = values["extra"] + values["retirements"]
    earned = tracks.perks_earned(level, values["checkmarks"], extra)
    if taken_perks > earned:
        plan.drop(f"{path}.progress.perks ({name}: {taken_perks} taken)",
                  f"more than the {earned} ghcli counts as earned: kept as GHS has them")
    return Member(name=name, cls=cls["key"], player=player, level=level, xp=values["xp"], gold=values["gold"],
                  checkmarks=values["checkmarks"], extra_perks=extra, retired=retired, items=tuple(items),
                  perks=tuple(perks), cards=cards, stickers=tuple(stickers))


def _title(plan: Plan, c: dict, cls: dict, path: str) -> str:
    """The character's name: its ``title`` as ghcli keeps names (cut to the limit), else the class's name."""
    from ghcli.campaign import names

    raw = str_at(c.get("title"), f"{path}.title").strip() or cls["name"]
    try:
        title = names.clean(raw[:names.MAX_NAME], "character name")
    except BadInput:
        title = cls["name"]
        plan.drop(f"{path}.title {raw[:40]!r}", f"not a name ghcli keeps: imported as {title!r}")
    if len(raw) > names.MAX_NAME and title != cls["name"]:
        plan.drop(f"{path}.title {raw[:40]!r}...", f"longer than {names.MAX_NAME} characters: cut to {title!r}")
    return title


def _numbers(plan: Plan, prog: dict, path: str, name: str) -> dict[str, int]:
    """XP, gold, checkmarks (at most a sheet's), extra perks and retirements: none below 0."""
    from ghcli.campaign import tracks

    values = {}
    for key, ghs_key in (("xp", "experience"), ("gold", "gold"), ("checkmarks", "battleGoals"),
                         ("extra", "extraPerks"), ("retirements", "retirements")):
        values[key] = _int(prog.get(ghs_key), f"{path}.progress.{ghs_key}", default=0)
        if values[key] < 0:
            raise BadInput(f"{path}.progress.{ghs_key}: {values[key]} is below 0")
    if values["checkmarks"] > tracks.MAX_CHECKMARKS:
        plan.drop(f"{path}.progress.battleGoals {values['checkmarks']} ({name})",
                  f"a sheet holds {tracks.MAX_CHECKMARKS}: kept at {tracks.MAX_CHECKMARKS}")
        values["checkmarks"] = tracks.MAX_CHECKMARKS
    return values


def _items(plan: Plan, prog: dict, path: str, name: str) -> list[int]:
    """The items the character owns, one copy of each."""
    items: list[int] = []
    for i, entry in enumerate(list_at(prog.get("items"), f"{path}.progress.items")):
        n = _item(entry, f"{path}.progress.items[{i}]")
        if n in items:
            plan.drop(f"{path}.progress.items[{i}] {n} ({name})", "a second copy: a character owns one copy of an item")
            continue
        items.append(n)
    return items


def _perks(prog: dict, path: str, cls: dict) -> list[tuple[int, int]]:
    return ghs_file.perks_at(prog, path, cls, _int)


def _stickers(plan: Plan, cls: dict, entries: list, path: str, name: str) -> list:
    """The stickers the character paid for, read as the Gloomhaven import reads them (GHS's slots of the class's
    cards, the edition's ghs.json); a sticker on a tutorial card (A, B) is reported, not kept."""
    from ghcli.campaign import catalog
    from ghcli.campaign.exchange import ghs_characters

    tutorial = {c["number"] for c in catalog.ability_cards(cls["key"])
                if c["level"] in editions.current().tutorial_card_levels}
    kept = []
    for i, e in enumerate(entries):
        card = dict_at(e, f"{path}[{i}]").get("cardId")
        if card in tutorial:
            plan.drop(f"{path}[{i}] ({name}: card {card})", "a tutorial card (A, B): ghcli enhances the class's own")
        else:
            kept.append(e)
    return ghs_characters.stickers_paid(plan, cls, kept, path, name)


def _people(plan: Plan, p: dict, game: dict, pre: str, is_current: bool) -> None:
    from ghcli.campaign import names

    seen: list[str] = []
    for i, raw in enumerate(list_at(p.get("players"), f"{pre}.players")):
        text = str_at(raw, f"{pre}.players[{i}]").strip()
        try:
            seen.append(names.clean(text, "player name") if text else "")
        except BadInput:
            plan.drop(f"{pre}.players[{i}] {text[:40]!r}", "not a name ghcli keeps: the player is left unnamed")
            seen.append("")
    plan.players = [n for i, n in enumerate(seen) if n and n not in seen[:i]]
    taken: set[str] = set()
    if is_current:
        active, where = list_at(game.get("characters"), "characters"), "characters"
        stale = list_at(p.get("characters"), f"{pre}.characters")
        if stale:
            plan.drop(f"{pre}.characters ({len(stale)})", "a stale snapshot of an earlier party switch; "
                                                          "game.characters is current")
    else:
        active, where = list_at(p.get("characters"), f"{pre}.characters"), f"{pre}.characters"
    for i, c in enumerate(active):
        plan.members.append(_member(plan, c, f"{where}[{i}]", retired=False, players=seen, taken=taken))
    for i, c in enumerate(list_at(p.get("availableCharacters"), f"{pre}.availableCharacters")):
        m = _member(plan, c, f"{pre}.availableCharacters[{i}]", retired=False, players=seen, taken=taken)
        plan.members.append(m)
        plan.drop(f"{pre}.availableCharacters[{i}] {m.name}", "benched in GHS: a member of the party in ghcli")
    for i, c in enumerate(list_at(p.get("retirements"), f"{pre}.retirements")):
        plan.members.append(_member(plan, c, f"{pre}.retirements[{i}]", retired=True, players=seen, taken=taken))
    active_members = [m for m in plan.members if not m.retired]
    from ghcli.campaign.tracks import MAX_PARTY

    if len(active_members) > MAX_PARTY:
        raise BadInput(f"{len(active_members)} active characters in {plan.party!r}: a party holds at most {MAX_PARTY}")


def _in_play(plan: Plan, game: dict) -> None:
    scen = game.get("scenario")
    if not scen:
        return
    n = _scenario(scen, "scenario", plan)
    if n is None:
        return
    plan.in_play = n
    plan.drop(f"scenario {n} in play (state {game.get('state')!r}, round {game.get('round')})",
              "not completed, no rewards: the party is on its way to it (`ghcli scenario finish N`); the board's "
              "monsters, health and loot are dropped")


def _town_visit(plan: Plan, p: dict, game: dict) -> None:
    """ghcli's mark of this town visit's city event (``party.ghcliTownVisit``, as the Gloomhaven bridge writes
    it), trusted while the party's completed scenarios are as ghcli wrote them."""
    from ghcli.campaign.exchange.ghs_export import TOWN_VISIT_KEY

    mark = p.get(TOWN_VISIT_KEY)
    if mark is None:
        return
    mark = dict_at(mark, f"party.{TOWN_VISIT_KEY}")
    if game.get("scenario") or _int(mark.get("scenarios"), f"party.{TOWN_VISIT_KEY}.scenarios", default=-1) != len(
            list_at(p.get("scenarios"), "party.scenarios")):
        plan.drop(f"party.{TOWN_VISIT_KEY}", "ghcli's mark of a town visit that has ended since (a scenario was "
                                             "played in GHS): a new visit")
        return
    plan.city_event = mark.get("cityEvent") is True


# -- the import ----------------------------------------------------------------------


def import_file(doc: dict, kind: str, path: str | Path, *, party: str | None = None) -> dict:
    """Import a Jaws of the Lion GHS file into a new campaign at ``path``: {path, format, imported, dropped}."""
    from ghcli.campaign.exchange import ghs_jotl_write, snapshots

    with editions.using(EDITION):
        plan = plan_import(doc, kind, party)
        # written into a work copy; the new campaign's first entry imports its tables as checked data
        imported, cut = snapshots.import_converted(path, lambda store: ghs_jotl_write.write_plan(store, plan),
                                                   source=f"GHS party {plan.party!r}")
    return {"path": str(path), "format": kind, "imported": imported, "dropped": plan.dropped + cut}


def derived(completed: list[int]) -> set[int]:
    """The scenarios GHS unlocks by itself: the first, and the unlocks of the completed ones and their
    conclusions."""
    from ghcli.campaign import catalog

    out = {s["number"] for s in catalog.scenarios() if s.get("initial")}
    for n in completed:
        out.add(n)
        out.update(catalog.scenario(n).get("unlocks") or [])
    return out
