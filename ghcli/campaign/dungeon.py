"""Random dungeons: drawing one from the shipped cards, and recording one played with a campaign open.

**The draw** (``dungeon draw``; ghcli/data/random_dungeons.json). The drawing
rule is :mod:`ghcli.rules.dungeon`; this module loads the cards and picks the
random stream. A draw reads and changes no campaign state.

- The room deck is the 20 Gloomhaven room cards (534-553); the monster deck
  the 20 Gloomhaven monster cards (554-573), with Forgotten Circles' two
  (622, 623) when ``forgotten_circles`` is set.
- ``seed`` makes the draw reproducible; without one a seed is picked at
  random and reported, so any draw can be repeated.

**The result** (``dungeon finish``): casual play. A random dungeon has no
scenario number, so ``scenario finish --casual`` (which needs the party to
have travelled to scenario N) cannot take it; ``dungeon finish`` records it
by the same casual-play rule (docs/seed-play.md, "Random dungeons"; the
README's casual play):

- Every active character of the current party took part; those not named
  gained nothing during play. Gold = money tokens x the coin value of the
  scenario level; when won, every character also gains the bonus XP
  4 + 2L and the battle goals' checkmarks count. Lost: XP and gold only.
- The level defaults to the recommended level, ceil(average character
  level / 2); the players may choose the recommended level -1 to +2
  (the rulebook's scenario level, as for a scenario): a level outside that range
  is refused, naming it.
- No rewards, unlocks, achievements, items (a random dungeon's treasure
  tiles give none) or completion; the party does not move; no road event.
- One change: one history entry, undone exactly by ``ghcli undo``.
"""

from __future__ import annotations

import random

from ghcli import data
from ghcli.campaign import catalog, lookup
from ghcli.campaign.amounts import amount
from ghcli.campaign.kind import Store, command
from ghcli.journal.store import Done
from ghcli.campaign.road import party_member
from ghcli.campaign.tracks import check_battle_goal
from ghcli.errors import BadInput, Refused
from ghcli.rules import dungeon as rules, level as levels

DEFAULT_PLAYERS = 2
# A draw without --seed gets a fresh seed below this (any 32-bit value), printed so it can be replayed.
SEED_RANGE = 2**32
FORGOTTEN_CIRCLES = "forgotten-circles"


def _facts() -> dict:
    return data.load("random_dungeons")


def room_cards() -> list[rules.RoomCard]:
    return [rules.RoomCard.from_fact(r) for r in _facts()["rooms"] if r["expansion"] != FORGOTTEN_CIRCLES]


def monster_cards(forgotten_circles: bool = False) -> list[rules.MonsterCard]:
    return [rules.MonsterCard.from_fact(m) for m in _facts()["monsters"]
            if forgotten_circles or m["expansion"] != FORGOTTEN_CIRCLES]


def monster_names() -> dict[str, str]:
    """{monster key: name} for every monster on the monster cards."""
    return {key: name for m in _facts()["monsters"] for key, name in zip(m["monster_keys"], m["monsters"])}


def draw(players: int = DEFAULT_PLAYERS, seed: int | None = None, forgotten_circles: bool = False,
         level: int | None = None) -> dict:
    """The ``dungeon draw --json`` document: {"seed", "players", "forgotten_circles", "rooms", "set_aside"}.

    With a scenario ``level``, also {"level", "trap_damage", "hazardous_damage"} (2 + L and half that,
    rounded down): a trap whose effects include damage deals the trap damage.
    """
    info = levels.info(level) if level is not None else None
    if seed is None:
        seed = random.SystemRandom().randrange(SEED_RANGE)
    drawn = rules.draw(room_cards(), monster_cards(forgotten_circles), random.Random(seed), players)
    out = {"seed": seed, "forgotten_circles": forgotten_circles, **rules.as_dict(drawn, monster_names())}
    if info is not None:
        out.update(level=level, trap_damage=info.trap_damage, hazardous_damage=info.hazardous_damage)
    return out



@command("dungeon finish")
def finish(store: Store, *, won: bool, level: int | None = None, xp: dict[str, int] | None = None,
           coins: dict[str, int] | None = None, checkmarks: dict[str, int] | None = None,
           seed: int | None = None) -> Done:
    """Record a random dungeon's result for the current party (casual play)."""
    catalog.edition().require("random dungeons")
    xp, coins, checkmarks = xp or {}, coins or {}, checkmarks or {}
    for label, mapping in (("--xp", xp), ("--coins", coins), ("--checkmarks", checkmarks)):
        for name, n in mapping.items():
            if n < 0:
                raise BadInput(f"{label} {name}={n}: the count cannot be negative")
            amount(f"{label} {name}", n)
    for name, n in checkmarks.items():
        check_battle_goal(f"--checkmarks {name}", n)
    if not won and checkmarks:
        raise BadInput("a lost dungeon gives XP and gold only: drop --checkmarks")
    if level is not None:
        levels.check_scenario_level(level)
    what = "random dungeon" + (f" (seed {seed})" if seed is not None else "")
    with store.change("dungeon finish", what):
        party = lookup.current_party(store)
        members = lookup.party_characters(store, party["id"])
        if not members:
            raise Refused(f"the party {party['name']} has no characters")
        level = levels.chosen_level(level, levels.recommended_level(m["level"] for m in members))
        coin = levels.coin_value(level)
        bonus = levels.bonus_xp(level) if won else 0
        per = {m["id"]: {"name": m["name"], "xp": bonus, "gold": 0, "checkmarks": 0} for m in members}
        for mapping, key, factor in ((xp, "xp", 1), (coins, "gold", coin), (checkmarks, "checkmarks", 1)):
            for name, n in mapping.items():
                per[party_member(store, party, name)["id"]][key] += n * factor
        for cid, r in per.items():
            store.db.execute(
                "UPDATE characters SET xp = xp + ?, gold = gold + ?, checkmarks = checkmarks + ? WHERE id = ?",
                [r["xp"], r["gold"], r["checkmarks"], cid])
        summary = f"{what} {'won' if won else 'lost'} at level {level} (casual)"
    out = []
    for cid, r in per.items():
        row = store.one("SELECT xp, gold, checkmarks, level FROM characters WHERE id = ?", [cid])
        out.append({"name": r["name"], "xp_gained": r["xp"], "gold_gained": r["gold"],
                    "checkmarks_gained": r["checkmarks"], "xp": row["xp"], "gold": row["gold"],
                    "checkmarks": row["checkmarks"], "can_level_up": catalog.level_for_xp(row["xp"]) > row["level"]})
    return Done(summary, {"won": won, "casual": True, "seed": seed, "level": level, "coin_value": coin,
                          "bonus_xp": bonus, "characters": out})
