"""The characters of a GHS party as a Gloomhaven import reads them (see :mod:`.ghs` for the readings):
the players, the active, benched and retired characters, and each one's progress: level, XP, gold,
checkmarks, extra perks, personal quest, items, perks, the ability cards chosen at level-ups and the
enhancement stickers paid for."""

from __future__ import annotations

from typing import Any

from ghcli.campaign import tracks
from ghcli.campaign.exchange.ghs import CharacterPlan, Plan, Sticker
from ghcli.campaign.exchange.ghs_file import (
    KEPT_EDITIONS, MAX_AMOUNT, MAX_PLAYERS, brief, dict_at, ghs_class, ghs_item, int_at, list_at, name_at, perks_at,
    str_at, unique_name,
)
from ghcli.errors import BadInput


def _character(plan: Plan, c: dict, path: str, *, retired: bool, players: list[str | None],
               taken: set[str]) -> CharacterPlan:
    c = dict_at(c, path)
    cls = ghs_class(c.get("name"), f"{path}.name")
    edition = c.get("edition", "gh")
    if edition not in KEPT_EDITIONS:
        raise BadInput(f"{path}.edition: {brief(edition)!r} is not a Gloomhaven class edition")
    prog = dict_at(c.get("progress"), f"{path}.progress")
    title = name_at(plan, c.get("title"), f"{path}.title", cls["name"])
    name = unique_name(title, taken)
    if name != title:
        plan.drop(f"{path}.title {title!r}", f"the name is taken: imported as {name!r}")
    level = int_at(c.get("level"), f"{path}.level", default=1)
    if not 1 <= level <= tracks.MAX_LEVEL:
        raise BadInput(f"{path}.level: {level} is not a level (1-{tracks.MAX_LEVEL})")
    number = int_at(c.get("number"), f"{path}.number", default=0, minimum=-MAX_AMOUNT)
    player = players[number - 1] if 1 <= number <= len(players) else None
    # a player's name on several slots: solo play, each slot a separate player for retirement perks (the
    # slot's seat: its place among the slots of that name)
    seat = players[:number].count(player) if player else 1
    xp = int_at(prog.get("experience"), f"{path}.progress.experience", default=0, minimum=0)
    gold = int_at(prog.get("gold"), f"{path}.progress.gold", default=0, minimum=0)
    checks = int_at(prog.get("battleGoals"), f"{path}.progress.battleGoals", default=0, minimum=0)
    if checks > tracks.MAX_CHECKMARKS:
        plan.drop(f"{path}.progress.battleGoals {checks} ({name})",
                  f"a character sheet holds {tracks.MAX_CHECKMARKS} checkmarks: kept at {tracks.MAX_CHECKMARKS}")
        checks = tracks.MAX_CHECKMARKS
    extra = (int_at(prog.get("retirements"), f"{path}.progress.retirements", default=0, minimum=0, maximum=100)
             + int_at(prog.get("extraPerks"), f"{path}.progress.extraPerks", default=0, minimum=0, maximum=100))
    quest = _quest(prog, path)
    if not retired and prog.get("retired") is True:
        plan.drop(f"{path}.progress.retired ({name})",
                  "marked retired in GHS though still in its party: imported retired")
        retired = True
    items = _items(plan, prog, path, name, retired)
    perks = _perks(prog, path, cls)
    if not retired and any(int_at(x, path, default=0, minimum=-MAX_AMOUNT)
                           for x in list_at(prog.get("personalQuestProgress"), path)):
        plan.drop(f"{path}.progress.personalQuestProgress ({name})",
                  "counters per quest requirement; ghcli keeps the quest and whether it is fulfilled "
                  f"(`ghcli character quest {name} --fulfilled` when it is)")
    cards = _cards(plan, cls, prog.get("deck"), f"{path}.progress.deck", name, level)
    stickers = stickers_paid(plan, cls, prog.get("enhancements"), f"{path}.progress.enhancements", name)
    _dropped_fields(plan, c, prog, path, name)
    donated = not retired and int_at(c.get("donations"), f"{path}.donations", default=0, minimum=0) > 0
    _check_perks_earned(plan, path, name, sum(t for _, t in perks), tracks.perks_earned(level, checks, extra))
    return CharacterPlan(name=name, cls=cls["key"], player=player, level=level, xp=xp, gold=gold, checkmarks=checks,
                         extra_perks=extra, seat=seat, quest=quest, retired=retired, items=tuple(items),
                         perks=tuple(perks), cards=tuple(cards), stickers=tuple(stickers), donated=donated)


def _quest(prog: dict, path: str) -> int | None:
    """The character's personal quest (None: none drawn)."""
    from ghcli.campaign import catalog
    from ghcli.errors import NotFound

    raw = prog.get("personalQuest")
    if raw in (None, "", 0, "0"):
        return None
    try:
        return catalog.personal_quest(int_at(raw, f"{path}.progress.personalQuest", maximum=10_000))["number"]
    except NotFound:
        raise BadInput(f"{path}.progress.personalQuest: unknown personal quest {brief(raw)!r}") from None


def _items(plan: Plan, prog: dict, path: str, name: str, retired: bool) -> list[int]:
    """The items the character owns (a retired one's went back to the shop)."""
    items: list[int] = []
    for i, entry in enumerate(list_at(prog.get("items"), f"{path}.progress.items")):
        n = ghs_item(entry, f"{path}.progress.items[{i}]")
        if n not in items:
            items.append(n)
    if retired and items:
        plan.drop(f"{path}.progress.items ({name}: {', '.join(map(str, items))})",
                  "returned to the shop at retirement (GHS keeps them on the record)")
        items = []
    return items


def _perks(prog: dict, path: str, cls: dict) -> list[tuple[int, int]]:
    return perks_at(prog, path, cls, lambda v, p: int_at(v, p, minimum=0, maximum=100))


def _dropped_fields(plan: Plan, c: dict, prog: dict, path: str, name: str) -> None:
    """What a character holds that ghcli does not keep: masteries, free text, sitting out the scenario."""
    if list_at(prog.get("masteries"), f"{path}.progress.masteries"):
        plan.drop(f"{path}.progress.masteries ({name})", "masteries are a Frosthaven feature")
    for key in ("notes", "itemNotes"):
        if str_at(prog.get(key), f"{path}.progress.{key}").strip():
            plan.drop(f"{path}.progress.{key} ({name})", f"free text ghcli does not store: {brief(prog[key])!r}")
    if c.get("absent"):
        plan.drop(f"{path}.absent ({name})", "sits out the scenario in play; still a member of the party")


def _check_perks_earned(plan: Plan, path: str, name: str, taken: int, earned: int) -> None:
    """More perks taken than ghcli counts as earned: kept as GHS has them, and said so."""
    if taken > earned:
        plan.drop(f"{path}.progress.perks ({name}: {taken} taken)",
                  f"more than the {earned} ghcli counts as earned (level - 1 + checkmarks // "
                  f"{tracks.CHECKMARKS_PER_PERK}, at most {tracks.MAX_CHECKMARK_PERKS}, + extra "
                  f"perks; GHS has no cap of {tracks.MAX_CHECKMARK_PERKS}): kept as GHS has them, "
                  "and `perk` waits until more are earned")


def _cards(plan: Plan, cls: dict, deck: Any, path: str, name: str, level: int) -> list[tuple[int, int]]:
    """The ability cards chosen at level-ups: GHS's deck indices as (card, the level it was chosen at)."""
    from ghcli.campaign import catalog
    from ghcli.campaign.exchange import ghs_map

    out: list[tuple[int, int]] = []
    for i, raw in enumerate(list_at(deck, path)):
        index = int_at(raw, f"{path}[{i}]", minimum=0, maximum=10_000)
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


def stickers_paid(plan: Plan, cls: dict, entries: Any, path: str, name: str) -> list[Sticker]:
    """The enhancement stickers the character paid for (GHS copies a predecessor's as ``inherited``)."""
    from ghcli.campaign import catalog, enhance
    from ghcli.campaign.exchange import ghs_map

    out: list[Sticker] = []
    for i, e in enumerate(list_at(entries, path)):
        where = f"{path}[{i}]"
        e = dict_at(e, where)
        if e.get("inherited"):
            continue
        card = int_at(e.get("cardId"), f"{where}.cardId", minimum=0, maximum=10_000)
        action_path = str_at(e.get("actionIndex"), f"{where}.actionIndex")
        index = int_at(e.get("index"), f"{where}.index", minimum=0, maximum=100)
        action = str_at(e.get("action"), f"{where}.action")
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
            plan.drop(f"{where} ({name}: card {card}, {brief(action_path)}/{index}, {brief(action)})",
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


def people(plan: Plan, p: dict, game: dict, pre: str, is_current: bool) -> None:
    seen: list[str | None] = []
    for i, name in enumerate(list_at(p.get("players"), f"{pre}.players")[:MAX_PLAYERS]):
        seen.append(name_at(plan, name, f"{pre}.players[{i}]", None) if str_at(name, f"{pre}.players[{i}]").strip()
                    else None)
    plan.players = [n for i, n in enumerate(seen) if n and n not in seen[:i]]
    taken: set[str] = set()
    if is_current:
        active = list_at(game.get("characters"), "characters")
        stale = list_at(p.get("characters"), f"{pre}.characters")
        if stale:
            copies = [dict_at(c, pre) for c in stale]
            plan.drop(f"{pre}.characters ({len(stale)} copies: " + ", ".join(
                f"{brief(c.get('title') or c.get('name'))} L{brief(c.get('level'))}" for c in copies) + ")",
                "a stale snapshot written by an earlier party switch; game.characters is current")
        where = "characters"
    else:
        active = list_at(p.get("characters"), f"{pre}.characters")
        where = f"{pre}.characters"
    for i, c in enumerate(active):
        plan.characters.append(_character(plan, c, f"{where}[{i}]", retired=False, players=seen, taken=taken))
    for i, c in enumerate(list_at(p.get("availableCharacters"), f"{pre}.availableCharacters")):
        ch = _character(plan, c, f"{pre}.availableCharacters[{i}]", retired=False, players=seen, taken=taken)
        plan.characters.append(ch)
        plan.drop(f"{pre}.availableCharacters[{i}] {ch.name}",
                  "benched in GHS: imported as a member of the party (ghcli has no bench)")
    for i, c in enumerate(list_at(p.get("retirements"), f"{pre}.retirements")):
        plan.characters.append(_character(plan, c, f"{pre}.retirements[{i}]", retired=True, players=seen, taken=taken))
