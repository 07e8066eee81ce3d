"""`ghcli scenario setup N --players P [--level L]`: what goes on the table for a scenario.

From the active edition's facts (``ghcli.editions``: the campaign's, or
``--edition``; scenario_rooms.json, monsters.json, monster_decks.json, GHS's
data: Gloomhaven's in ghcli/data, see data/SOURCES.md; Jaws of the Lion's in
ghcli/editions/jotl, see its SOURCES.md): each room's map tile and monster
standees for that many characters, normal and elite, with their stats at the
monster level, and the ability decks the scenario's monsters need. Reads
nothing of the campaign: ``party_level`` (the campaign's part) is asked
separately, so the setup is the same function with or without one.

Jaws of the Lion has no map tiles: a room's ``tile`` is GHS's name for its
part of the scenario book's printed map (``jotl03-2``), and a room is what
GHS makes of the book's sections (the first room is set up at the start,
the others when a door opens or a section says so: ``opens``). Its first
scenarios' tutorial monsters are the versions GHS gives them (scenario 1's
Common Vermling Raider, with its one-card deck; 2 and 3's Basic ones), each
its own monster with its own deck; a scenario's own versions (scenario 16's
rat monstrosities, 21's giant vipers, 22's golem and raiders) likewise.
Monsters that GHS brings in by a scenario's rules (spawns, summons: 9's
living corpses, 16's rats) are under ``others``, as Gloomhaven's are.

Readings: the monster level is the scenario level (the rulebook; solo play's
+1 is the players' to add with ``--level``), plus a standee's own offset where
GHS's data gives one (``living-corpse:+2``), kept within 0-7. A boss's stats
are worked out for the number of characters (C). Monsters the scenario uses
that no room places (they come by its special rules) are listed with their
stats too, under ``others``.
"""

from __future__ import annotations

from ghcli import editions
from ghcli.campaign import catalog, monster_deck, monster_stats
from ghcli.errors import BadInput
from ghcli.rules import level as levels
from ghcli.rules import monster_stats as stat_rules

PLAYERS = (2, 3, 4)


def _rooms_of(sc: dict) -> dict:
    ed = editions.current()
    shipped = ed.load("scenario_rooms")["scenarios"]
    got = shipped.get(str(sc["number"]))
    if got is None:
        numbers = sorted(int(n) for n in shipped)
        which = f"scenarios {numbers[0]}-{numbers[-1]} only" if numbers else "no scenario"
        raise BadInput(f"scenario {sc['number']} {sc['name']}: ghcli ships the rooms of {ed.name}'s {which}")
    return got


def check_players(players: int) -> int:
    if players not in PLAYERS:
        raise BadInput(f"--players must be 2, 3 or 4 (the scenario book's standees), not {players}")
    return players


def party_level(store) -> tuple[int, int] | None:
    """(recommended scenario level, characters) of the campaign's current party, or None (no party or
    no characters)."""
    from ghcli.campaign import lookup
    from ghcli.errors import Refused

    try:
        party = lookup.current_party(store)
    except Refused:
        return None
    members = lookup.party_characters(store, party["id"])
    if not members:
        return None
    return levels.recommended_level(m["level"] for m in members), len(members)


def _stats(m: dict, kind: str, level: int, players: int) -> dict:
    return monster_stats.at_level(m, level, players)[kind]


def setup(number: int | str, players: int, level: int) -> dict:
    """The set-up of scenario ``number`` for ``players`` characters at scenario level ``level``:
    ``{"scenario", "name", "players", "level", "monster_level", "rooms": [...], "others": [...],
    "decks": [...]}``; each room ``{"room", "tile", "initial", "opens", "standees": [{"monster",
    "name", "kind", "count", "level", "stats"}]}``."""
    sc = catalog.find_scenario(number)
    check_players(players)
    levels.check_scenario_level(level)
    facts = _rooms_of(sc)
    placed: set = set()
    rooms = []
    for r in facts["rooms"]:
        groups: dict = {}
        for s in r["standees"]:
            kind = s.get(str(players))
            if kind is None:
                continue
            lv = max(stat_rules.MIN_LEVEL, min(stat_rules.MAX_LEVEL, level + s.get("level_offset", 0)))
            key = (s["monster"], kind, lv)
            groups[key] = groups.get(key, 0) + 1
        standees = []
        for (key, kind, lv), count in groups.items():
            m = monster_stats.find(key)
            placed.add(key)
            standees.append({"monster": key, "name": m["name"], "kind": kind, "count": count, "level": lv,
                             "stats": _stats(m, kind, lv, players)})
        rooms.append({"room": r["room"], "tile": r["tile"], "initial": r["initial"], "opens": r["opens"],
                      "standees": standees})
    others = []
    for key in facts["monsters"]:
        if key in placed:
            continue
        m = monster_stats.find(key)
        kinds = ("boss",) if m["boss"] else ("normal", "elite")
        others.append({"monster": key, "name": m["name"], "level": level,
                       "stats": {k: _stats(m, k, level, players) for k in kinds}})
    decks: dict = {}
    for key in facts["monsters"]:
        m = monster_stats.find(key)
        try:
            name = monster_deck.deck_of(key)
        except BadInput:
            name = None
        entry = decks.setdefault(name, {"deck": name, "monsters": [], "cards": []})
        entry["monsters"].append(m["name"])
        if name is not None and not entry["cards"]:
            entry["cards"] = [c["card"] for c in monster_deck.deck(name)]
    return {"scenario": sc["number"], "name": sc["name"], "players": players, "level": level,
            "monster_level": level, "rooms": rooms, "others": others, "decks": list(decks.values())}
