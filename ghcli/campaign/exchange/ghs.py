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
- issue 29: every number is bounded (the game's ranges; XP and gold at
  most 1,000,000), NaN and infinities refused with the field's path; names
  (party, characters, players) are cut to the limits of a typed name
  (ghcli.campaign.names) and what was cut is reported.
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ghcli.campaign import tracks
from ghcli.campaign.tracks import MAX_EVENT_CARD, MAX_PROSPERITY_CHECKMARKS as MAX_PROSPERITY
from ghcli.errors import BadInput
from ghcli.campaign.effects import ENVELOPE_B_AT
from ghcli.campaign.town import DONATION as DONATION_GOLD

KEPT_EDITIONS = ("gh", "fc")
EDITION_NAMES = {
    "gh": "Gloomhaven", "fc": "Forgotten Circles", "jotl": "Jaws of the Lion", "fh": "Frosthaven",
    "cs": "Crimson Scales", "toa": "Trail of Ashes", "gh2e": "Gloomhaven Second Edition",
    "bb": "Buttons and Bugs", "solo": "Gloomhaven solo scenarios", "fh-crossover": "Frosthaven crossover",
    "sc": "Shattered Crowns",
}
# The Sun and Eclipse boxes, the reputation +-20 events, The Drake Aided (effects.milestone keys).
REPUTATION_MILESTONES = ((tracks.SUN_BOX_REPUTATION, "sun-box"), (tracks.ECLIPSE_BOX_REPUTATION, "eclipse-box"),
                         *((end, f"reputation{end:+d}") for end in (tracks.REPUTATION_MAX, tracks.REPUTATION_MIN)))


def edition_in_words(edition: Any) -> str:
    """'a Jaws of the Lion campaign (GHS edition 'jotl')'."""
    name = EDITION_NAMES.get(edition) if isinstance(edition, str) else None
    if name is None:
        text = edition if isinstance(edition, str) else str(edition)
        shown = text if len(text) <= 40 else f"{text[:40]}..."
        return f"a campaign of GHS edition {shown!r}"
    article = "an" if name[:1] in "AEIOU" else "a"
    return f"{article} {name} campaign (GHS edition {edition!r})"


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


# Bounds of the numbers a GHS file may hold (issue 29): the game's, or far past any campaign's (XP, gold).
MAX_AMOUNT = 1_000_000
MAX_DONATIONS = MAX_AMOUNT // 10
MAX_PLAYERS = 100


def _int(value: Any, path: str, *, default: int | None = None, minimum: int | None = None,
         maximum: int | None = MAX_AMOUNT) -> int:
    """A whole number read from the file, or BadInput naming the field: NaN, infinities, fractions,
    text and numbers beyond ``minimum``..``maximum`` are refused."""
    if value is None and default is not None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise BadInput(f"{path}: {str(value)[:40]!r} is not a whole number")
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        raise BadInput(f"{path}: {value!r} is not a number")
    if isinstance(value, str):
        text = value.strip()
        if len(text) > 20:
            raise BadInput(f"{path}: {text[:20]!r}... is not a whole number of a campaign")
        try:
            number = int(text)
        except ValueError:
            raise BadInput(f"{path}: {value!r} is not a whole number") from None
    elif isinstance(value, float):
        if not value.is_integer():
            raise BadInput(f"{path}: {value!r} is not a whole number")
        number = int(value)
    else:
        number = value
    if maximum is not None and number > maximum:
        raise BadInput(f"{path}: {_shown(number)} is too large (at most {maximum})")
    if minimum is not None and number < minimum:
        raise BadInput(f"{path}: {_shown(number)} is too small (at least {minimum})")
    return number


def _shown(n: int) -> str:
    """A number for a message: in full when it is short, else its size (Python prints at most 4,300 digits)."""
    return str(n) if n.bit_length() < 64 else f"a number of about {int(n.bit_length() * 0.30103) + 1} digits"


def _list(value: Any, path: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise BadInput(f"{path}: {str(value)[:40]!r} is not a list")
    return value


def _dict(value: Any, path: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise BadInput(f"{path}: {str(value)[:40]!r} is not an object")
    return value


def _str(value: Any, path: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise BadInput(f"{path}: {value!r} is not text")
    return value


def ghs_class(ident: Any, path: str) -> dict:
    """A GHS class id ('brute', 'three-spears', 'gh:sun', 'fc:diviner') as a ghcli class."""
    from ghcli.campaign import catalog
    from ghcli.errors import NotFound

    text = _str(ident, path)
    bare = text.split(":", 1)[1] if ":" in text else text
    try:
        return catalog.find_class(bare)
    except NotFound:
        raise BadInput(f"{path}: unknown GHS class {text!r} "
                       "(ghcli knows the Gloomhaven classes and the Diviner)") from None


def ghs_item(entry: Any, path: str) -> int:
    """A GHS item reference {name: '153', edition: 'fc'} as a ghcli item number."""
    from ghcli.campaign import catalog

    entry = _dict(entry, path)
    number = _int(entry.get("name"), f"{path}.name", maximum=10_000)
    edition = entry.get("edition", "gh")
    if edition not in (*KEPT_EDITIONS, "gh-solo-items", "gh-envx"):
        raise BadInput(f"{path}.edition: item {number} of GHS edition {_text(edition)!r} is not a Gloomhaven item")
    try:
        catalog.item(number)
    except KeyError:
        raise BadInput(f"{path}.name: unknown item {_text(entry.get('name'))!r} "
                       f"(GHS edition {_text(edition)!r})") from None
    return number


# -- reading the file ----------------------------------------------------------


def game_model(doc: dict, kind: str, plan_drop: list[dict]) -> dict:
    """The GameModel inside a file: the whole of a game export, the ``game`` store of a data dump."""
    if kind == "ghs-game":
        return doc
    key = "game" if "game" in doc else "ghs-game"
    game = doc[key]
    if isinstance(game, str):  # localStorage stores hold JSON text
        try:
            game = json.loads(game)
        except RecursionError:
            raise BadInput(f"{key}: nested too deeply to be a GHS game") from None
        except json.JSONDecodeError as e:
            raise BadInput(f"{key}: not JSON ({e.msg} at column {e.colno}: a truncated dump?)") from None
    if not isinstance(game, dict):
        raise BadInput(f"{key}: {str(game)[:40]!r} is not a GHS game")
    others = [k for k in doc if k != key]
    _spoilers(doc, plan_drop)
    if others:
        plan_drop.append({"path": ", ".join(others),
                          "why": "data dump stores besides the game: settings, undo/redo and backups are "
                                 "older states or app settings, not the campaign"})
    return game


def _spoilers(doc: dict, plan_drop: list[dict]) -> None:
    """Very old dumps kept unlocked classes in settings.spoilers: reported (GHS migrates them on load)."""
    key = "settings" if "settings" in doc else "ghs-settings"
    settings = doc.get(key)
    if isinstance(settings, str):
        try:
            settings = json.loads(settings)
        except (json.JSONDecodeError, RecursionError):
            return
    spoilers = settings.get("spoilers") if isinstance(settings, dict) else None
    if isinstance(spoilers, list) and spoilers:
        plan_drop.append({"path": f"{key}.spoilers ({', '.join(map(str, spoilers))})",
                          "why": "classes a very old GHS kept as spoilers, not in the game: "
                                 "unlock them with `ghcli campaign unlock-class` if the campaign has them"})


def _parties(game: dict) -> tuple[dict, list[dict]]:
    current = _dict(game.get("party"), "party")
    others = []

    def ident(p: dict, where: str):
        pid = p.get("id")
        if isinstance(pid, (dict, list)):  # GHS numbers its parties; a party is told apart by its id
            raise BadInput(f"{where}.id: {str(pid)[:30]!r} is not a party's id")
        return pid

    seen = {ident(current, "party")}
    for i, p in enumerate(_list(game.get("parties"), "parties")):
        p = _dict(p, f"parties[{i}]")
        if ident(p, f"parties[{i}]") in seen:
            continue
        seen.add(p.get("id"))
        others.append(p)
    return current, others


def plan_import(doc: dict, kind: str, party: str | None = None) -> Plan:
    """Read a GHS file (already parsed) into a :class:`Plan`; refuses other editions."""
    dump_notes: list[dict] = []
    game = game_model(doc, kind, dump_notes)
    current, others = _parties(game)
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
    pre = "party" if is_current else f"parties[{_text(chosen.get('name'))!r}]"
    plan = Plan(party="Party", edition=edition)
    plan.party = _name(plan, chosen.get("name"), f"{pre}.name", "Party")
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
    _people(plan, chosen, game, pre, is_current)
    _classes(plan, chosen, game, pre, is_current)
    if is_current:
        _in_play(plan, game)
        if plan.in_play is not None and "road" in plan.pending and plan.decks is not None:
            # GHS sets eventDraw when the scenario is set: the road event is due, its card still on top
            plan.decks["road"].insert(0, plan.pending.pop("road"))
            plan.road_event_due = True
        _town_visit(plan, chosen, game)
    _static_drops(plan, game, chosen, pre, is_current)
    return plan


def _town_visit(plan: Plan, p: dict, game: dict) -> None:
    """The town visit in progress: GHS's own per-character donations, and ghcli's mark of the city event
    (``party.ghcliTownVisit``), trusted while the party's completed scenarios are as ghcli wrote them."""
    from ghcli.campaign.exchange.ghs_export import TOWN_VISIT_KEY

    mark = p.get(TOWN_VISIT_KEY)
    if mark is None:
        return
    mark = _dict(mark, f"party.{TOWN_VISIT_KEY}")
    count = len(_list(p.get("scenarios"), "party.scenarios"))
    if game.get("scenario") or _int(mark.get("scenarios"), f"party.{TOWN_VISIT_KEY}.scenarios",
                                    default=-1, minimum=-1) != count:
        plan.drop(f"party.{TOWN_VISIT_KEY}", "ghcli's mark of a town visit that has ended since (a scenario "
                                             "was played in GHS): a new visit")
        return
    plan.city_event = mark.get("cityEvent") is True


def _tracks(plan: Plan, p: dict, pre: str) -> None:
    from ghcli.campaign.exchange.ghs_map import ghs_ticks

    rep = _int(p.get("reputation"), f"{pre}.reputation", default=0, minimum=-MAX_AMOUNT)
    if not -20 <= rep <= 20:
        plan.drop(f"{pre}.reputation", f"{rep} is off the track: kept at {max(-20, min(20, rep)):+d}")
    plan.reputation = max(-20, min(20, rep))
    donations = _int(p.get("donations"), f"{pre}.donations", default=0, minimum=0, maximum=MAX_DONATIONS)
    plan.donations_gold = donations * DONATION_GOLD
    envelope_b = p.get("envelopeB") is True
    stored = _int(p.get("prosperity"), f"{pre}.prosperity", default=0, minimum=-MAX_AMOUNT)
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
    for i, raw in enumerate(_list(p.get(field_name), path)):
        text = _str(raw, f"{path}[{i}]").strip()
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
        if _str(p.get(legacy), f"{pre}.{legacy}").strip():
            plan.drop(f"{pre}.{legacy}", "legacy newline-separated names (GHS reads the ...List fields)")


def _scenario_number(entry: Any, path: str, plan: Plan) -> int | None:
    """A main scenario's number; a custom, solo or random-dungeon entry or another edition's is None
    (:func:`_scenario_ref` tells them apart)."""
    kind, value = _scenario_ref(entry, path, plan)
    return value if kind == "main" else None


def _scenario_ref(entry: Any, path: str, plan: Plan, *, quiet: bool = False) -> tuple[str, Any]:
    """('main', number), ('solo', class key), ('random', None) or ('other', None) (reported)."""
    from ghcli.campaign import catalog
    from ghcli.campaign.exchange import ghs_map

    entry = _dict(entry, path)
    if entry.get("isCustom"):
        plan.drop(f"{path} {_text(entry.get('custom') or entry.get('index'))!r}", "a custom scenario made in GHS")
        return "other", None
    edition = entry.get("edition", "gh")
    group = entry.get("group")
    index = entry.get("index")
    if group == ghs_map.RANDOM_DUNGEON_GROUP:
        return "random", None
    if group == ghs_map.SOLO_GROUP:
        key = ghs_map.solo_class(_text(index), _text(edition))
        if key is None:
            plan.drop(f"{path} (solo {_text(edition)} {_text(index)})",
                      "a solo scenario of a class ghcli does not know")
            return "other", None
        return "solo", key
    if group is not None:
        plan.drop(f"{path} ({_text(edition)} {_text(index)} [{_text(group)}])",
                  f"a scenario of GHS's group {_text(group)!r} (ghcli keeps the main, solo and random ones)")
        return "other", None
    if edition not in KEPT_EDITIONS:
        plan.drop(f"{path} ({_text(edition)} {_text(index)})", f"a scenario of GHS edition {_text(edition)!r}")
        return "other", None
    number = _int(index, f"{path}.index", maximum=10_000)
    try:
        catalog.scenario(number)
    except KeyError:
        raise BadInput(f"{path}.index: unknown scenario {_text(index)!r} (GHS edition {edition!r})") from None
    return "main", number


def _text(value: Any) -> str:
    """A value of the file for a message: short, control characters escaped."""
    text = str(value)
    text = text if len(text) <= 40 else text[:40] + "..."
    return text.encode("unicode_escape").decode("ascii") if not text.isprintable() else text


def _scenarios(plan: Plan, p: dict, pre: str) -> None:
    from ghcli.campaign.exchange import ghs_map

    for i, entry in enumerate(_list(p.get("scenarios"), f"{pre}.scenarios")):
        kind, value = _scenario_ref(entry, f"{pre}.scenarios[{i}]", plan)
        if kind == "main" and value not in plan.completed:
            plan.completed.append(value)
        elif kind == "solo" and value not in plan.solo:
            plan.solo.append(value)
        elif kind == "random":
            plan.drop(f"{pre}.scenarios[{i}] (random dungeon)",
                      "a random dungeon completed: casual play, ghcli keeps no record of it "
                      "(its XP and gold are on the characters)")
    for i, entry in enumerate(_list(p.get("manualScenarios"), f"{pre}.manualScenarios")):
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
    for i, entry in enumerate(_list(p.get("casualScenarios"), f"{pre}.casualScenarios")):
        plan.drop(f"{pre}.casualScenarios[{i}] (scenario {_text(_dict(entry, pre).get('index'))})",
                  "played casually or replayed: not a completion")
    for i, entry in enumerate(_list(p.get("conclusions"), f"{pre}.conclusions")):
        entry = _dict(entry, f"{pre}.conclusions[{i}]")
        key = f"{_text(entry.get('edition', 'gh'))}:{_text(entry.get('index'))}"
        if key in ghs_map.facts()["conclusions"] and not entry.get("group"):
            plan.conclusions.append(key)
        else:
            plan.drop(f"{pre}.conclusions[{i}] (section {key})",
                      "a completed section that unlocks nothing ghcli keeps")


def _designs(plan: Plan, p: dict, pre: str) -> None:
    for i, entry in enumerate(_list(p.get("unlockedItems"), f"{pre}.unlockedItems")):
        from ghcli.campaign import catalog
        from ghcli.campaign.exchange import ghs_map

        number = ghs_item(entry, f"{pre}.unlockedItems[{i}]")
        count = entry.get("count")
        copies = None if count is None else _int(count, f"{pre}.unlockedItems[{i}].count", minimum=-MAX_AMOUNT)
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
    for i, c in enumerate(_list(cards, path)):
        n = _int(c, f"{path}[{i}]")
        if not 1 <= n <= MAX_EVENT_CARD:
            raise BadInput(f"{path}[{i}]: {c!r} is not an event card number (1-{MAX_EVENT_CARD})")
        if n not in out:
            out.append(n)
    return out


def _decks(plan: Plan, p: dict, game: dict, pre: str) -> None:
    decks = _dict(p.get("eventDecks"), f"{pre}.eventDecks")
    city, road = decks.get("city"), decks.get("road")
    for extra in [k for k in decks if k not in ("city", "road")]:
        what = "the Forgotten Circles rift deck" if extra == "rift" else f"the {extra!r} deck"
        plan.drop(f"{pre}.eventDecks.{extra} ({len(_list(decks[extra], extra))} cards)",
                  f"{what}: ghcli keeps the city and road decks only")
    if city or road:
        plan.decks = {"city": _deck_cards(city, f"{pre}.eventDecks.city"),
                      "road": _deck_cards(road, f"{pre}.eventDecks.road")}
        draw = game.get("eventDraw")
        if draw in ("city", "road") and plan.decks[draw]:
            plan.pending[draw] = plan.decks[draw].pop(0)
        elif draw:
            plan.drop(f"eventDraw {draw!r}", "a pending draw of a deck ghcli does not keep")
    if _list(p.get("eventCards"), f"{pre}.eventCards"):
        plan.drop(f"{pre}.eventCards ({len(p['eventCards'])})", "history of resolved events (not the deck)")


def _unique_name(name: str, taken: set[str]) -> str:
    from ghcli.campaign import names

    candidate, n = name, 1
    while names.key(candidate) in taken:
        n += 1
        suffix = f" {n}"
        candidate = name[:names.MAX_NAME - len(suffix)].rstrip() + suffix
    taken.add(names.key(candidate))
    return candidate


# Terminal escape sequences: CSI (ESC [ ... final byte, or the 8-bit CSI), OSC (ESC ] ... BEL or ST), and the
# two-character ones.
_ESCAPES = re.compile(r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
                      r"|\x1b[@-Z\\-_]")


def _name(plan: Plan, raw: Any, path: str, fallback: str | None) -> str | None:
    """A name from the file as ghcli keeps typed names (ghcli.campaign.names: at most 40 characters, no
    control or format characters, NFC); what was cut is reported. Empty: ``fallback``."""
    import unicodedata

    from ghcli.campaign import names

    text = _str(raw, path)
    kept = _ESCAPES.sub("", text)  # a terminal escape sequence goes whole, not just its ESC
    kept = "".join(ch for ch in kept if ch in names._ALLOWED_FORMAT
                   or unicodedata.category(ch) not in names._REFUSED_CATEGORIES)
    kept = " ".join(unicodedata.normalize("NFC", kept).split())
    cut = kept[:names.MAX_NAME].rstrip()
    if cut != text.strip():
        why = []
        if kept != " ".join(text.split()):
            why.append("control characters and escape sequences removed")
        if len(kept) > names.MAX_NAME:
            why.append(f"{len(kept)} characters cut to {names.MAX_NAME}")
        plan.drop(f"{path} {_text(text)!r}", (", ".join(why) or "spaces tidied") + (
            f": imported as {cut!r}" if cut else f": empty, imported as {fallback!r}"))
    return cut or fallback


def _character(plan: Plan, c: dict, path: str, *, retired: bool, players: list[str | None],
               taken: set[str]) -> CharacterPlan:
    from ghcli.campaign import catalog
    from ghcli.errors import NotFound

    c = _dict(c, path)
    cls = ghs_class(c.get("name"), f"{path}.name")
    edition = c.get("edition", "gh")
    if edition not in KEPT_EDITIONS:
        raise BadInput(f"{path}.edition: {_text(edition)!r} is not a Gloomhaven class edition")
    prog = _dict(c.get("progress"), f"{path}.progress")
    title = _name(plan, c.get("title"), f"{path}.title", cls["name"])
    name = _unique_name(title, taken)
    if name != title:
        plan.drop(f"{path}.title {title!r}", f"the name is taken: imported as {name!r}")
    level = _int(c.get("level"), f"{path}.level", default=1)
    if not 1 <= level <= tracks.MAX_LEVEL:
        raise BadInput(f"{path}.level: {level} is not a level (1-{tracks.MAX_LEVEL})")
    number = _int(c.get("number"), f"{path}.number", default=0, minimum=-MAX_AMOUNT)
    player = players[number - 1] if 1 <= number <= len(players) else None
    # a player's name on several slots: solo play, each slot a separate player for retirement perks (the
    # slot's seat: its place among the slots of that name)
    seat = players[:number].count(player) if player else 1
    xp = _int(prog.get("experience"), f"{path}.progress.experience", default=0, minimum=0)
    gold = _int(prog.get("gold"), f"{path}.progress.gold", default=0, minimum=0)
    checks = _int(prog.get("battleGoals"), f"{path}.progress.battleGoals", default=0, minimum=0)
    if checks > tracks.MAX_CHECKMARKS:
        plan.drop(f"{path}.progress.battleGoals {checks} ({name})",
                  f"a character sheet holds {tracks.MAX_CHECKMARKS} checkmarks: kept at {tracks.MAX_CHECKMARKS}")
        checks = tracks.MAX_CHECKMARKS
    extra = (_int(prog.get("retirements"), f"{path}.progress.retirements", default=0, minimum=0, maximum=100)
             + _int(prog.get("extraPerks"), f"{path}.progress.extraPerks", default=0, minimum=0, maximum=100))
    quest = None
    raw = prog.get("personalQuest")
    if raw not in (None, "", 0, "0"):
        try:
            quest = catalog.personal_quest(_int(raw, f"{path}.progress.personalQuest", maximum=10_000))["number"]
        except NotFound:
            raise BadInput(f"{path}.progress.personalQuest: unknown personal quest {_text(raw)!r}") from None
    if not retired and prog.get("retired") is True:
        plan.drop(f"{path}.progress.retired ({name})",
                  "marked retired in GHS though still in its party: imported retired")
        retired = True
    items: list[int] = []
    for i, entry in enumerate(_list(prog.get("items"), f"{path}.progress.items")):
        n = ghs_item(entry, f"{path}.progress.items[{i}]")
        if n not in items:
            items.append(n)
    if retired and items:
        plan.drop(f"{path}.progress.items ({name}: {', '.join(map(str, items))})",
                  "returned to the shop at retirement (GHS keeps them on the record)")
        items = []
    perks: list[tuple[int, int]] = []
    for i, times in enumerate(_list(prog.get("perks"), f"{path}.progress.perks")):
        t = _int(times, f"{path}.progress.perks[{i}]", minimum=0, maximum=100)
        if t <= 0:
            continue
        if i >= len(cls["perks"]):
            raise BadInput(f"{path}.progress.perks[{i}]: {t}, but the {cls['name']} has {len(cls['perks'])} perks")
        if t > cls["perks"][i]["count"]:
            raise BadInput(f"{path}.progress.perks[{i}]: {t} ticks, but perk {i + 1} of the {cls['name']} "
                           f"has {cls['perks'][i]['count']} box(es)")
        perks.append((i + 1, t))
    if not retired and any(_int(x, path, default=0, minimum=-MAX_AMOUNT)
                           for x in _list(prog.get("personalQuestProgress"), path)):
        plan.drop(f"{path}.progress.personalQuestProgress ({name})",
                  "counters per quest requirement; ghcli keeps the quest and whether it is fulfilled "
                  f"(`ghcli character quest {name} --fulfilled` when it is)")
    cards = _cards(plan, cls, prog.get("deck"), f"{path}.progress.deck", name, level)
    stickers = _stickers(plan, cls, prog.get("enhancements"), f"{path}.progress.enhancements", name)
    if _list(prog.get("masteries"), f"{path}.progress.masteries"):
        plan.drop(f"{path}.progress.masteries ({name})", "masteries are a Frosthaven feature")
    for key in ("notes", "itemNotes"):
        if _str(prog.get(key), f"{path}.progress.{key}").strip():
            plan.drop(f"{path}.progress.{key} ({name})", f"free text ghcli does not store: {_text(prog[key])!r}")
    if c.get("absent"):
        plan.drop(f"{path}.absent ({name})", "sits out the scenario in play; still a member of the party")
    donated = not retired and _int(c.get("donations"), f"{path}.donations", default=0, minimum=0) > 0
    taken_perks = sum(t for _, t in perks)
    earned = tracks.perks_earned(level, checks, extra)
    if taken_perks > earned:
        plan.drop(f"{path}.progress.perks ({name}: {taken_perks} taken)",
                  f"more than the {earned} ghcli counts as earned (level - 1 + checkmarks // "
                  f"{tracks.CHECKMARKS_PER_PERK}, at most {tracks.MAX_CHECKMARK_PERKS}, + extra "
                  f"perks; GHS has no cap of {tracks.MAX_CHECKMARK_PERKS}): kept as GHS has them, "
                  "and `perk` waits until more are earned")
    return CharacterPlan(name=name, cls=cls["key"], player=player, level=level, xp=xp, gold=gold, checkmarks=checks,
                         extra_perks=extra, seat=seat, quest=quest, retired=retired, items=tuple(items),
                         perks=tuple(perks),
                         cards=tuple(cards), stickers=tuple(stickers), donated=donated)


def _cards(plan: Plan, cls: dict, deck: Any, path: str, name: str, level: int) -> list[tuple[int, int]]:
    """The ability cards chosen at level-ups: GHS's deck indices as (card, the level it was chosen at)."""
    from ghcli.campaign import catalog
    from ghcli.campaign.exchange import ghs_map

    out: list[tuple[int, int]] = []
    for i, raw in enumerate(_list(deck, path)):
        index = _int(raw, f"{path}[{i}]", minimum=0, maximum=10_000)
        card = ghs_map.deck_card(cls["key"], index)
        known = card is not None and any(c["number"] == card for c in catalog.ability_cards(cls["key"]))
        if not known:
            plan.drop(f"{path}[{i}] ({name}: index {index}" + (f", card {card})" if card else ")"),
                      f"not a {cls['name']} card ghcli knows")
            continue
        printed = next(c["level"] for c in catalog.ability_cards(cls["key"]) if c["number"] == card)
        if printed in ("X", 1, "1") or card in [c for c, _ in out]:
            plan.drop(f"{path}[{i}] ({name}: card {card})",
                      "a level 1 or X card, or one given twice: always in the pool, not a level-up choice")
            continue
        at = max(int(printed), len(out) + 2)
        if at > level:
            plan.drop(f"{path}[{i}] ({name}: card {card}, level {printed})",
                      f"more level-up choices than a level {level} character makes: kept")
        out.append((card, at))
    return out


def _stickers(plan: Plan, cls: dict, entries: Any, path: str, name: str) -> list[Sticker]:
    """The enhancement stickers the character paid for (GHS copies a predecessor's as ``inherited``)."""
    from ghcli.campaign import catalog, enhance
    from ghcli.campaign.exchange import ghs_map

    out: list[Sticker] = []
    for i, e in enumerate(_list(entries, path)):
        where = f"{path}[{i}]"
        e = _dict(e, where)
        if e.get("inherited"):
            continue
        card = _int(e.get("cardId"), f"{where}.cardId", minimum=0, maximum=10_000)
        action_path = _str(e.get("actionIndex"), f"{where}.actionIndex")
        index = _int(e.get("index"), f"{where}.index", minimum=0, maximum=100)
        action = _str(e.get("action"), f"{where}.action")
        slot = ghs_map.slot_at(cls["key"], card, action_path, index)
        try:
            printed = next(c for c in catalog.ability_cards(cls["key"]) if c["number"] == card)
        except StopIteration:
            printed = None
        hexes = None
        if action == "hex" and slot is not None:
            area = ghs_map.area_hexes(cls["key"], card, action_path)
            earlier = sum(1 for s in out if s.card == card and s.label.startswith("hex"))
            hexes = area + earlier if area else None
        label = ghs_map.sticker_label(action, slot[4] if slot else None, hexes) if slot else None
        if printed is None or slot is None or label is None or not ghs_map.takes(
                slot[3], action, slot[4], slot[4] if action == "plus1" else None):
            plan.drop(f"{where} ({name}: card {card}, {_text(action_path)}/{index}, {_text(action)})",
                      f"not a sticker ghcli can place on a {cls['name']} card")
            continue
        half = slot[0]
        earlier = [s.label for s in out if s.card == card and s.half == half]
        ability, effect = (label[3:], None) if label.startswith("+1 ") else (None, None if hexes else label)
        try:
            cost = enhance.quote(cls["key"], printed, half, ability=ability, effect=effect, hexes=hexes,
                                 stickers=earlier, on=_host(slot[4]))[0].cost
        except Exception:  # a placement ghcli's calculator refuses (GHS allowed it): no price on record
            cost = 0
        out.append(Sticker(card=card, half=half, label=label, slot=f"{action_path}/{index}", cost=cost))
    if out:
        plan.drop(f"{path} ({name}: {len(out)} stickers)",
                  "GHS keeps no price: each cost is the one `enhance apply` asks (the card's printed ability: "
                  "doubled where it has several targets; a --multi given by hand is not known)")
    return out


def _host(action_type: str | None) -> str | None:
    from ghcli.rules import enhance

    return action_type if action_type in enhance.HOSTS else None


def _people(plan: Plan, p: dict, game: dict, pre: str, is_current: bool) -> None:
    seen: list[str | None] = []
    for i, name in enumerate(_list(p.get("players"), f"{pre}.players")[:MAX_PLAYERS]):
        seen.append(_name(plan, name, f"{pre}.players[{i}]", None) if _str(name, f"{pre}.players[{i}]").strip()
                    else None)
    plan.players = [n for i, n in enumerate(seen) if n and n not in seen[:i]]
    taken: set[str] = set()
    if is_current:
        active = _list(game.get("characters"), "characters")
        stale = _list(p.get("characters"), f"{pre}.characters")
        if stale:
            plan.drop(f"{pre}.characters ({len(stale)} copies: " + ", ".join(
                f"{_text(_dict(c, pre).get('title') or _dict(c, pre).get('name'))} L{_text(_dict(c, pre).get('level'))}"
                for c in stale) + ")", "a stale snapshot written by an earlier party switch; "
                                       "game.characters is current")
        where = "characters"
    else:
        active = _list(p.get("characters"), f"{pre}.characters")
        where = f"{pre}.characters"
    for i, c in enumerate(active):
        plan.characters.append(_character(plan, c, f"{where}[{i}]", retired=False, players=seen, taken=taken))
    for i, c in enumerate(_list(p.get("availableCharacters"), f"{pre}.availableCharacters")):
        ch = _character(plan, c, f"{pre}.availableCharacters[{i}]", retired=False, players=seen, taken=taken)
        plan.characters.append(ch)
        plan.drop(f"{pre}.availableCharacters[{i}] {ch.name}",
                  "benched in GHS: imported as a member of the party (ghcli has no bench)")
    for i, c in enumerate(_list(p.get("retirements"), f"{pre}.retirements")):
        plan.characters.append(_character(plan, c, f"{pre}.retirements[{i}]", retired=True, players=seen, taken=taken))


def _classes(plan: Plan, p: dict, game: dict, pre: str, is_current: bool) -> None:
    from ghcli.campaign import catalog

    keys = list(catalog.facts()["starting_classes"])
    source, path = ((game.get("unlockedCharacters"), "unlockedCharacters") if is_current
                    else (p.get("unlockedCharacters"), f"{pre}.unlockedCharacters"))
    for i, ident in enumerate(_list(source, path)):
        keys.append(ghs_class(ident, f"{path}[{i}]")["key"])
    if is_current and _list(p.get("unlockedCharacters"), f"{pre}.unlockedCharacters"):
        plan.drop(f"{pre}.unlockedCharacters", "a snapshot for the current party; game.unlockedCharacters is current")
    if plan.edition == "fc":
        keys.append("diviner")
    keys += [c.cls for c in plan.characters]
    # `ghcli init` unlocks the Diviner beside the six (seed 000's starting classes, issue 26); a GHS
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
    scen = _dict(scen, "scenario")
    where = (f"scenario {{index {_text(scen.get('index'))}, edition {_text(scen.get('edition'))}}}, "
             f"state {_text(game.get('state'))!r}, round {_text(game.get('round'))}")
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


def _static_drops(plan: Plan, game: dict, p: dict, pre: str, is_current: bool) -> None:
    for keys, why in GAME_DROPS:
        found = _present(keys, game)
        if found:
            plan.drop(", ".join(found), why)
    for keys, why in PARTY_DROPS:
        found = _present(keys, p)
        if found:
            plan.drop(", ".join(f"{pre}.{k}" for k in found), why)
    treasures = _list(p.get("treasures"), f"{pre}.treasures")
    if treasures:
        names = [f"{_dict(t, pre).get('edition', 'gh')} {_dict(t, pre).get('name')}" for t in treasures]
        plan.drop(f"{pre}.treasures ({', '.join(names)})", "looted treasure numbers; ghcli has no treasure table")
    for key in ("location", "notes"):
        text = _str(p.get(key), f"{pre}.{key}").strip()
        if text:
            plan.drop(f"{pre}.{key}", f"free text ghcli does not store: {text!r}")
    if "campaignMode" in p and not p.get("campaignMode"):
        plan.drop(f"{pre}.campaignMode false", "ghcli keeps campaign play; the scenarios listed as completed count")
    active = game.get("characters") if is_current else p.get("characters")
    chars = [*_list(active, "characters"), *_list(p.get("availableCharacters"), pre),
             *_list(p.get("retirements"), pre)]
    top = sorted({k for c in chars if isinstance(c, dict) for k in c if k in CHARACTER_DROPS})
    if top:
        plan.drop("characters[]." + ", ".join(top), "statistics or in-scenario state")
    if any(isinstance(c, dict) and _dict(c.get("progress"), pre).get("equippedItems") for c in chars):
        plan.drop("characters[].progress.equippedItems", "what is equipped; ownership is progress.items")
    if any(isinstance(c, dict) and _dict(c.get("progress"), pre).get("donations") for c in chars):
        plan.drop("characters[].progress.donations", "each character's count; the campaign's total is party.donations")
    if any(isinstance(c, dict) and _dict(c.get("progress"), pre).get("scenarioStats") for c in chars):
        plan.drop("characters[].progress.scenarioStats", "statistics")


# -- writing the plan ------------------------------------------------------------


def import_file(doc: dict, kind: str, path: str | Path, *, party: str | None = None) -> dict:
    """Import a parsed GHS file into a new campaign at ``path``: {path, imported, dropped}.

    The conversion writes its tables into a work copy; the new campaign's first entry is an
    ``import`` of those tables as checked data (``exchange/snapshots.py``)."""
    from ghcli.campaign.exchange import ghs_jotl, snapshots

    if ghs_jotl.is_jotl(doc, kind, party):  # a Jaws of the Lion campaign: its own mapping (issue 28)
        return ghs_jotl.import_file(doc, kind, path, party=party)
    plan = plan_import(doc, kind, party)
    imported, cut = snapshots.import_converted(path, lambda store: write_plan(store, plan),
                                               source=f"GHS party {plan.party!r}")
    return {"path": str(path), "format": kind, "imported": imported, "dropped": plan.dropped + cut}


def _starting_decks(store, plan: Plan) -> dict[str, list[int]]:
    from ghcli.campaign import catalog
    from ghcli.campaign.lookup import rng

    facts = catalog.facts()
    decks = {}
    stream = rng(store)
    for deck in ("city", "road"):
        cards = list(facts[f"starting_{deck}_events"])
        for key in plan.classes:
            cls = catalog.find_class(key)
            for event in (cls.get(f"{deck}_event_on_unlock"), cls.get(f"{deck}_event_on_retire") if key in
                          plan.retired_classes else None):
                if event and event not in cards:
                    cards.append(event)
        stream.shuffle(cards)
        decks[deck] = cards
    return decks


def write_plan(store, plan: Plan) -> dict:
    """Write the plan into a new, empty campaign database (one transaction, the first history entry)."""
    from ghcli.campaign import catalog, effects

    summary = (f"imported GHS party {plan.party!r}: {len(plan.characters)} characters, "
               f"{len(plan.completed)} scenarios completed")
    with store.change("import", summary) as db:
        party_id = db.execute("INSERT INTO parties (name, reputation) VALUES (?, ?)",
                              [plan.party, plan.reputation]).lastrowid
        db.execute("INSERT INTO campaign (id, name, prosperity, donations, current_party, seed, created) "
                   "VALUES (1, ?, ?, ?, ?, NULL, ?)",
                   [plan.party, plan.prosperity, plan.donations_gold, party_id,
                    datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")])
        for key, n in plan.global_achievements.items():
            db.execute("INSERT INTO global_achievements (key, count) VALUES (?, ?)", [key, n])
        for key, n in plan.party_achievements.items():
            db.execute("INSERT INTO party_achievements (party_id, key, count) VALUES (?, ?, ?)", [party_id, key, n])
        for key in plan.classes:
            db.execute("INSERT INTO unlocked_classes (class) VALUES (?)", [key])
        for key in plan.retired_classes:
            db.execute("INSERT INTO retired_classes (class) VALUES (?)", [key])
        _write_scenarios(store, plan)
        decks = plan.decks if plan.decks is not None else _starting_decks(store, plan)
        if plan.decks is None:
            plan.drop("party.eventDecks", "not in the file (GHS's event feature unused): the starting decks with the "
                                          "cards of the unlocked and retired classes, shuffled")
        for deck, cards in decks.items():
            effects.set_deck(store, deck, cards)
        for deck, card in plan.pending.items():
            db.execute("INSERT INTO pending_events (deck, card) VALUES (?, ?)", [deck, card])
        retirements: dict[str, int] = {}
        for ch in plan.characters:
            if ch.retired and ch.player and ch.seat == 1:  # a later seat's perk is that seat's (solo play)
                retirements[ch.player] = retirements.get(ch.player, 0) + 1
        for name in plan.players:
            db.execute("INSERT INTO players (name, extra_perks) VALUES (?, ?)", [name, retirements.get(name, 0)])
        owned: dict[int, int] = {}
        ids: dict[str, int] = {}
        for ch in plan.characters:
            cid = db.execute(
                "INSERT INTO characters (party_id, player, class, name, level, xp, gold, checkmarks, extra_perks, "
                "quest, quest_fulfilled, retired, seat) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [party_id, ch.player, ch.cls, ch.name, ch.level, ch.xp, ch.gold, ch.checkmarks, ch.extra_perks,
                 ch.quest, int(ch.retired and ch.quest is not None), int(ch.retired),
                 ch.seat if ch.seat > 1 else None]).lastrowid
            for item in ch.items:
                db.execute("INSERT INTO character_items (character_id, item) VALUES (?, ?)", [cid, item])
                owned[item] = owned.get(item, 0) + 1
            for perk, times in ch.perks:
                db.execute("INSERT INTO character_perks (character_id, perk, times) VALUES (?, ?, ?)",
                           [cid, perk, times])
            for card, at in ch.cards:
                db.execute("INSERT INTO character_cards (character_id, card, at_level) VALUES (?, ?, ?)",
                           [cid, card, at])
            for st in ch.stickers:
                db.execute("INSERT INTO enhancements (class, card, action, sticker, cost, character_id, slot) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?)", [ch.cls, st.card, st.half, st.label, st.cost, cid, st.slot])
            ids[ch.name] = cid
        supply = {n: catalog.item(n)["count"] for n in catalog.shop_items_for_prosperity(
            catalog.prosperity_level(plan.prosperity))}
        for n, copies in plan.designs.items():
            db.execute("INSERT INTO item_designs (item) VALUES (?)", [n])
            if n not in supply:  # GHS's ``count`` limits an item only beyond the prosperity level's
                supply[n] = catalog.item(n)["count"] if copies is None else copies
        for n, copies in sorted(supply.items()):
            db.execute("INSERT INTO supply (item, copies) VALUES (?, ?)", [n, max(0, copies - owned.get(n, 0))])
            if owned.get(n, 0) > copies:
                plan.drop(f"item {n} ({owned[n]} owned)",
                          f"more copies than the {copies} printed: the shop has none left")
        for key in _milestones(plan):
            db.execute("INSERT INTO milestones (key) VALUES (?)", [key])
        _write_solo(store, plan, ids)
        location = _write_location(store, plan, party_id, ids)
    return {
        "party": plan.party,
        "edition": plan.edition,
        "other_parties": plan.other_parties,
        "prosperity_checkmarks": plan.prosperity,
        "prosperity_level": catalog.prosperity_level(plan.prosperity),
        "reputation": plan.reputation,
        "donations_gold": plan.donations_gold,
        "global_achievements": sum(plan.global_achievements.values()),
        "party_achievements": sum(plan.party_achievements.values()),
        "unlocked_classes": len(plan.classes),
        "retired_classes": len(plan.retired_classes),
        "completed_scenarios": len(plan.completed),
        "manually_unlocked_scenarios": len(plan.manual),
        "item_designs": len(plan.designs),
        "event_cards": {deck: len(cards) for deck, cards in decks.items()},
        "pending_events": len(plan.pending),
        "players": len(plan.players),
        "characters": sum(1 for ch in plan.characters if not ch.retired),
        "retired_characters": sum(1 for ch in plan.characters if ch.retired),
        "items": sum(len(ch.items) for ch in plan.characters),
        "perks": sum(t for ch in plan.characters for _, t in ch.perks),
        "location": location,
    }


def _write_scenarios(store, plan: Plan) -> None:
    """What GHS derives from the file (its scenario data, in ghcli/data/ghs.json): the start (1, and 96
    in a Forgotten Circles game), the completed scenarios' unlocks and blocks (13 unlocks none: its
    choice is in ``manualScenarios``), the concluded sections' unlocks, the scenarios unlocked by hand."""
    from ghcli.campaign import effects
    from ghcli.campaign.exchange import ghs_map

    for n, f in ghs_map.facts()["scenarios"].items():
        if f["initial"] and (f["edition"] == "gh" or plan.edition == "fc"):
            effects.unlock_scenario(store, int(n))
    for n in plan.completed:
        f = ghs_map.scenario_facts(n)
        effects.complete_scenario(store, n)
        for other in f["unlocks"]:
            effects.unlock_scenario(store, other)
        for other in f["blocks"]:
            effects.block_scenario(store, other)
    for key in plan.conclusions:
        f = ghs_map.facts()["conclusions"][key]
        for other in f["unlocks"]:
            effects.unlock_scenario(store, other)
        for other in f["blocks"]:
            effects.block_scenario(store, other)
    for n in plan.manual:
        effects.unlock_scenario(store, n)


def _write_solo(store, plan: Plan, ids: dict[str, int]) -> None:
    """A solo scenario completed in GHS: won by the class's character (the active one, else a retired
    one), at its recommended level, with the reward item if a character holds it."""
    from ghcli.campaign import solo
    from ghcli.rules import level as levels

    for key in plan.solo:
        chars = sorted((c for c in plan.characters if c.cls == key), key=lambda c: c.retired)
        sc = solo.scenario_for(key)
        if not chars:
            plan.drop(f"the {sc['scenario_name']} solo scenario (completed)",
                      f"no {key} character in the file to have won it: not recorded")
            continue
        ch = chars[0]
        item = sc["reward_item"]["number"]
        held = store.value("SELECT character_id FROM character_items WHERE item = ?", [item])
        store.db.execute("INSERT INTO solo_results (character_id, class, won, level, item) VALUES (?, ?, 1, ?, ?)",
                         [ids[ch.name], key, levels.recommended_level([ch.level]), item if held else None])
        plan.drop(f"the {sc['scenario_name']} solo scenario (completed)",
                  f"recorded as won by {ch.name} at level {levels.recommended_level([ch.level])} "
                  "(GHS keeps no level or winner)")


def _milestones(plan: Plan) -> list[str]:
    keys = [key for level, key in REPUTATION_MILESTONES
            if (plan.reputation >= level if level > 0 else plan.reputation <= level)]
    if {"the-drakes-command", "the-drakes-treasure"} <= set(plan.party_achievements):
        keys.append("the-drake-aided")
    return keys


def _write_location(store, plan: Plan, party_id: int, ids: dict[str, int]) -> str:
    db = store.db
    n = plan.in_play
    if n is not None:
        row = store.one("SELECT unlocked, completed FROM scenarios WHERE number = ?", [n])
        if row and row["unlocked"]:
            db.execute("UPDATE parties SET location = 'road', scenario = ?, road_event_due = ?, casual = ? "
                       "WHERE id = ?",
                       [n, int(plan.road_event_due), int(bool(row["completed"])), party_id])
            return f"on the road to scenario {n}" + (" (its road event due)" if plan.road_event_due
                                                      else " (its road event resolved)")
        plan.drop(f"scenario {n}", "in play in GHS but not unlocked in ghcli's reading: the party is in town")
        if plan.road_event_due:
            card = store.value("SELECT card FROM event_decks WHERE deck = 'road' AND position = "
                               "(SELECT min(position) FROM event_decks WHERE deck = 'road')")
            if card is not None:
                from ghcli.campaign import effects

                cards = [r["card"] for r in store.rows("SELECT card FROM event_decks WHERE deck = 'road' "
                                                       "ORDER BY position")]
                effects.set_deck(store, "road", cards[1:])
                db.execute("INSERT INTO pending_events (deck, card) VALUES ('road', ?)", [card])
    visit = db.execute("INSERT INTO visits (party_id, open, city_event) VALUES (?, 1, ?)",
                       [party_id, int(plan.city_event or "city" in plan.pending)]).lastrowid
    for ch in plan.characters:
        if ch.donated:
            db.execute("INSERT INTO visit_donations (visit_id, character_id) VALUES (?, ?)", [visit, ids[ch.name]])
    return "in town"
