"""Characters: creation, what they hold, hand adjustments, personal quests.

Rules (docs/campaign.md, "Commands"; the rulebook's character creation):

- A character is made in Gloomhaven: the current party must be in town. It
  joins the current party. Its class must be unlocked, and no other active
  character of that party may play the same class (one set of components).
- Starting level L is 1..prosperity level; gold 15 x (L + 1); XP the minimum
  of level L (0, 45, 95, ...). A character starting above level 1 goes
  through each level-up (the rule for a new character above level 1): it names one ability card for each
  level above 1 (``cards``), each of level 2 or more and at most the level it
  is taken at; the cards are matched to levels 2..L from the lowest card
  level up, so their order does not matter. The level-ups' perks (L - 1)
  count as earned and are taken with ``perk`` as usual.
- A party holds at most four active characters (one character per player,
  four players at most).
- A character sheet holds at most 18 checkmarks (so checkmarks give at most
  6 perks): ``adjust`` refuses more.
- Two personal quests are drawn (``lookup.rng``) from those no character holds
  (retired characters' quests left the game) or is being offered; they are
  stored in ``characters.quest_offer`` until one is kept, and the other goes
  back. ``--quest N`` at creation keeps quest N at once: one of the two cards
  drawn, whether ghcli drew them or the table drew them from the box; it must
  not be held or offered to another character. Later, ``character quest NAME N``
  keeps one of the two offered.
- The player's perks from earlier retirements (``players.extra_perks``) are
  copied to ``characters.extra_perks`` at creation. In solo play (one player
  with several characters in the party) each character counts as a separate
  player for these perks (the rulebook's solo play; docs/between-sessions.md): a character takes
  the first of its player's seats free in the party (``characters.seat``,
  NULL for seat 1), and a new character in seat 2 or later starts with the
  perks of that seat's last character (plus one if it retired), never the
  pool of the player's other characters.
- Perks earned = (level - 1) + min(6, checkmarks // 3) + extra perks.
- ``adjust`` changes XP, gold and checkmarks by hand; a result below 0 is
  refused; the level never changes here (level-up is in town: ``ghcli.campaign.town``).
"""

from __future__ import annotations

import json

from ghcli.campaign import catalog, enhance, lookup, names, tracks
from ghcli.campaign.amounts import amount
from ghcli.campaign.kind import Store, command
from ghcli.journal.store import Done, Later
from ghcli.campaign.tracks import MAX_CHECKMARKS, MAX_PARTY
from ghcli.errors import BadInput, NotFound, Refused



def perks_earned(char: dict) -> int:
    return tracks.perks_earned(char["level"], char["checkmarks"], char["extra_perks"])


def perks_taken(store: Store, char_id: int) -> int:
    return store.value("SELECT coalesce(sum(times), 0) FROM character_perks WHERE character_id = ?", [char_id])


def _offer(char: dict) -> list[int]:
    return json.loads(char["quest_offer"]) if char.get("quest_offer") else []


def _quest_ref(number: int | None) -> dict | None:
    if number is None:
        return None
    q = catalog.personal_quest(number)
    return {"number": q["number"], "name": q["name"]}


def summary(store: Store, char: dict) -> dict:
    """The one-line view of a character (status, character list)."""
    cls = catalog.find_class(char["class"])
    party = store.value("SELECT name FROM parties WHERE id = ?", [char["party_id"]])
    return {
        "name": char["name"],
        "class": cls["key"],
        "class_name": cls["name"],
        "player": char["player"],
        "party": party,
        "level": char["level"],
        "xp": char["xp"],
        "gold": char["gold"],
        "checkmarks": char["checkmarks"],
        "perks_taken": perks_taken(store, char["id"]),
        "perks_earned": perks_earned(char),
        "quest": char["quest"],
        "retired": bool(char["retired"]),
    }


def show(store: Store, name: str) -> dict:
    """Everything about one character (retired ones too)."""
    char = lookup.find_character(store, name, include_retired=True)
    cls = catalog.find_class(char["class"])
    out = summary(store, char)
    level = char["level"]
    out.update({
        "max_hp": cls["hp"][level - 1],
        "hand_size": cls["hand_size"],
        "next_level_xp": catalog.xp_threshold(level + 1) if level < 9 else None,
        "extra_perks": char["extra_perks"],
        "perks": [
            {"perk": r["perk"], "times": r["times"], "text": cls["perks"][r["perk"] - 1]["text"]}
            for r in store.rows("SELECT perk, times FROM character_perks WHERE character_id = ? ORDER BY perk",
                                [char["id"]])
        ],
        "items": [
            {"number": r["item"], "name": catalog.item(r["item"])["name"]}
            for r in store.rows("SELECT item FROM character_items WHERE character_id = ? ORDER BY item", [char["id"]])
        ],
        "cards": [
            {"card": r["card"], "name": _card_name(cls["key"], r["card"]), "at_level": r["at_level"]}
            for r in store.rows("SELECT card, at_level FROM character_cards WHERE character_id = ? "
                                "ORDER BY at_level, card",
                                [char["id"]])
        ],
        "enhancements": enhance.character_enhancements(store, char["id"]),
        "quest": _quest_ref(char["quest"]),
        "quest_fulfilled": bool(char["quest_fulfilled"]),
        "quest_offer": [_quest_ref(n) for n in _offer(char)],
        "quests": catalog.edition().has("personal quests"),  # Jaws of the Lion has none
    })
    from ghcli.campaign import solo  # the class's solo scenario and its record

    out["solo"] = solo.completion(store, char)
    return out


def _card_name(class_key: str, number: int) -> str:
    try:
        return catalog.find_card(class_key, number)["name"]
    except NotFound:
        return str(number)


def list_characters(store: Store, *, include_retired: bool = False) -> list[dict]:
    sql = "SELECT * FROM characters" + ("" if include_retired else " WHERE retired = 0") + " ORDER BY id"
    lookup.campaign_row(store)
    return [summary(store, c) for c in store.rows(sql)]


def _parse_level(level: int) -> int:
    if not 1 <= int(level) <= tracks.MAX_LEVEL:
        raise BadInput(f"level {level} is not between 1 and {tracks.MAX_LEVEL}")
    return int(level)


def _quests_in_use(store: Store, *, except_id: int | None = None) -> set[int]:
    used: set[int] = set()
    for r in store.rows("SELECT id, quest, quest_offer FROM characters"):
        if r["id"] == except_id:
            continue
        if r["quest"] is not None:
            used.add(r["quest"])
        used.update(_offer(r))
    return used


def starting_cards(class_key: str, level: int, cards: list[str] | tuple[str, ...]) -> list[tuple[dict, int]]:
    """The ability cards a character made at ``level`` takes, each with the level it is taken at.

    One card per level above 1; cards are matched to levels 2..L from the
    lowest card level up. Raises when the count is wrong (bad input) or a card
    cannot be taken (level 1 or X, twice, or above every level left: refused).
    """
    cards = list(cards or [])
    if len(cards) != level - 1:
        raise BadInput(f"a level {level} character takes {level - 1} ability "
                       f"card{'s' if level != 2 else ''} (one for each level above 1), not {len(cards)}",
                       field="cards")
    chosen = [catalog.find_card(class_key, c) for c in cards]
    seen: set[int] = set()
    for c in chosen:
        if not catalog.chosen_at_level_up(c):
            raise Refused(f"{catalog.pool_words(c)}: choose cards of level 2-{level}")
        if c["number"] in seen:
            raise Refused(f"{c['name']} is named twice")
        seen.add(c["number"])
    ordered = sorted(chosen, key=lambda c: int(c["level"]))
    out = []
    for at, c in enumerate(ordered, start=2):
        if int(c["level"]) > at:
            raise Refused(f"{c['name']} is a level {c['level']} card; the card taken at level {at} "
                          f"must be at most level {at}")
        out.append((c, at))
    return out


def _check_start_level(store: Store, edition, party: dict, level: int) -> None:
    """A new character starts at most at the prosperity level (Gloomhaven), or at most at the highest
    level among the party's characters (an edition without prosperity: Jaws of the Lion)."""
    if edition.start_level == "prosperity":
        top = catalog.prosperity_level(lookup.campaign_row(store)["prosperity"])
        if level > top:
            raise Refused(f"a new character starts at most at the prosperity level ({top}), not {level}")
        return
    top = max([1, *(c["level"] for c in lookup.party_characters(store, party["id"]))])
    if level > top:
        raise Refused(f"in {edition.name} a new character starts at most at the level of the party's "
                      f"highest-level character ({top}), not {level}")


@command("character new", keys={"class_name": lookup.class_key})
def new(store: Store, name: str, class_name: str, *, player: str | None = None, level: int = 1,
        quest: int | str | None = None, cards: list[str] | None = None) -> Done:
    """Create a character in the current party (in town), with its level-ups' cards when above level 1."""
    name = names.clean(name or "", "character name")
    level = _parse_level(level)
    cls = lookup.find_class(store, class_name)
    edition = catalog.edition()
    if quest is not None:
        edition.require("personal quests")
    kept = catalog.personal_quest(quest)["number"] if quest is not None else None
    player = names.clean(player, "player name (--player)") if player is not None else None
    with store.change("character new") as db:
        party = lookup.current_party(store)
        if party["location"] != "town":
            raise Refused(f"new characters are made in Gloomhaven; {party['name']} is not in town")
        if not store.value("SELECT 1 FROM unlocked_classes WHERE class = ?", [cls["key"]]):
            raise Refused(f"class {class_name.strip()!r} is not unlocked")
        _check_start_level(store, edition, party, level)
        taken = starting_cards(cls["key"], level, cards)
        same = store.one("SELECT name, retired FROM characters WHERE name_key(name) = name_key(?)", [name])
        if same:
            raise Refused(f"a character named {same['name']!r} already exists"
                          + (" (retired)" if same["retired"] else ""))
        active = lookup.party_characters(store, party["id"])
        if len(active) >= MAX_PARTY:
            raise Refused(f"{party['name']} already has {MAX_PARTY} active characters "
                          f"({', '.join(c['name'] for c in active)}), the most a party holds")
        twin = store.one("SELECT name FROM characters WHERE party_id = ? AND class = ? AND retired = 0",
                         [party["id"], cls["key"]])
        if twin:
            raise Refused(f"{twin['name']} already plays the {cls['name']} in {party['name']}")
        in_use = _quests_in_use(store)
        offer: list[int] = []
        if kept is not None:
            if kept in in_use:
                raise Refused(f"personal quest {kept} is held by or offered to another character")
        elif edition.has("personal quests"):
            free = [q["number"] for q in catalog.personal_quests() if q["number"] not in in_use]
            offer = sorted(lookup.rng(store).sample(free, min(2, len(free))))
        known = store.one("SELECT name, extra_perks FROM players WHERE name_key(name) = name_key(?)", [player]) \
            if player else None
        player, extra = (known["name"], known["extra_perks"]) if known else (player, None)  # one spelling per player
        seat = None
        if player:
            seat, seat_extra = _seat(store, party["id"], player)
            if seat > 1:
                extra = seat_extra
        db.execute(
            "INSERT INTO characters (party_id, player, class, name, level, xp, gold, extra_perks, quest, quest_offer, "
            "seat) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [party["id"], player, cls["key"], name, level, catalog.xp_threshold(level), edition.start_gold(level),
             extra or 0, kept, json.dumps(offer) if offer else None, seat if seat and seat > 1 else None],
        )
        char_id = store.value("SELECT id FROM characters WHERE name = ?", [name])
        for card, at in taken:
            db.execute("INSERT INTO character_cards (character_id, card, at_level) VALUES (?, ?, ?)",
                       [char_id, card["number"], at])
        summary = f"new {cls['name']} {name} (level {level})" + (f" for {player}" if player else "")
    return Done(summary, Later(show, store, name))


def _seat(store: Store, party_id: int, player: str) -> tuple[int, int]:
    """(seat, extra perks there) for a new character of ``player`` in the party: the first of the
    player's seats no character of theirs in play there holds (seat 1 when one plays one character).

    Seat 1's extra perks are the player's (``players.extra_perks``); a later seat's (solo play: one
    player, several characters, each counted as a separate player: the rulebook's solo play) are those
    of the seat's last character, plus one if it retired."""
    held = {r["seat"] or 1 for r in store.rows(
        "SELECT seat FROM characters WHERE party_id = ? AND retired = 0 AND name_key(player) = name_key(?)",
        [party_id, player])}
    seat = next(s for s in range(1, len(held) + 2) if s not in held)
    if seat == 1:
        return 1, 0
    last = store.one("SELECT extra_perks, retired FROM characters WHERE name_key(player) = name_key(?) AND seat = ? "
                     "ORDER BY id DESC LIMIT 1", [player, seat])
    return seat, (last["extra_perks"] + last["retired"]) if last else 0


@command("character adjust", keys={"name": lookup.character_key})
def adjust(store: Store, name: str, *, xp: int = 0, gold: int = 0, checkmarks: int = 0) -> Done:
    """Change XP, gold and checkmarks by hand (refusing a result below 0)."""
    changes = {"xp": xp or 0, "gold": gold or 0, "checkmarks": checkmarks or 0}
    if not any(changes.values()):
        raise BadInput("nothing to adjust: give --xp, --gold or --checkmarks (e.g. --gold -10)")
    for col, delta in changes.items():
        amount(f"--{col}", delta)
    with store.change("character adjust") as db:
        char = lookup.find_character(store, name)
        parts = []
        for col, delta in changes.items():
            if not delta:
                continue
            after = char[col] + delta
            if after < 0:
                raise Refused(f"{char['name']} has {char[col]} {col}; {delta:+d} would leave {after}")
            if col == "checkmarks" and after > MAX_CHECKMARKS:
                raise Refused(f"{char['name']} has {char[col]} checkmarks; {delta:+d} would make {after}, "
                              f"and a character sheet holds at most {MAX_CHECKMARKS}")
            db.execute(f"UPDATE characters SET {col} = ? WHERE id = ?", [after, char["id"]])
            parts.append(f"{col} {delta:+d} ({char[col]} -> {after})")
        summary = f"{char['name']}: " + ", ".join(parts)
    return Done(summary, Later(show, store, char["name"]))


def quest_info(store: Store, name: str) -> dict:
    catalog.edition().require("personal quests")
    char = lookup.find_character(store, name, include_retired=True)
    return {
        "name": char["name"],
        "quest": _quest_ref(char["quest"]),
        "fulfilled": bool(char["quest_fulfilled"]),
        "offer": [_quest_ref(n) for n in _offer(char)],
    }


@command("character quest keep", keys={"name": lookup.character_key})
def keep_quest(store: Store, name: str, number: int | str) -> Done:
    """Keep one of the two personal quests offered; the other goes back."""
    catalog.edition().require("personal quests")
    wanted = catalog.personal_quest(number)["number"]
    with store.change("character quest") as db:
        char = lookup.find_character(store, name)
        if char["quest"] is not None:
            raise Refused(f"{char['name']} already keeps personal quest {char['quest']}")
        offer = _offer(char)
        if offer and wanted not in offer:
            raise Refused(f"personal quest {wanted} was not offered to {char['name']} "
                          f"(offered: {', '.join(map(str, offer))})")
        if not offer and wanted in _quests_in_use(store, except_id=char["id"]):
            raise Refused(f"personal quest {wanted} is held by or offered to another character")
        db.execute("UPDATE characters SET quest = ?, quest_offer = NULL WHERE id = ?", [wanted, char["id"]])
        summary = f"{char['name']} keeps personal quest {wanted} ({catalog.personal_quest(wanted)['name']})"
    return Done(summary, quest_info(store, char["name"]))


@command("character quest fulfil", keys={"name": lookup.character_key})
def fulfil_quest(store: Store, name: str) -> Done:
    """Mark the kept personal quest fulfilled (retirement needs it)."""
    catalog.edition().require("personal quests")
    with store.change("character quest") as db:
        char = lookup.find_character(store, name)
        if char["quest"] is None:
            raise Refused(f"{char['name']} has not kept a personal quest yet")
        if char["quest_fulfilled"]:
            raise Refused(f"{char['name']}'s personal quest is already fulfilled")
        db.execute("UPDATE characters SET quest_fulfilled = 1 WHERE id = ?", [char["id"]])
        summary = f"{char['name']} fulfilled personal quest {char['quest']}"
    return Done(summary, quest_info(store, char["name"]))
