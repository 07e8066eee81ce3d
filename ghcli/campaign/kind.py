"""The Gloomhaven campaign file: the journal kind it is, and the ``Store`` that opens it.

This is the one module through which ``ghcli.campaign`` reaches its database.
``GHCLI`` is what ``ghcli.journal`` is handed for a Gloomhaven campaign file:
its migrations, its commands (the ``@command`` functions of the modules in
``COMMAND_MODULES``; ``command`` registers one), and its bounds, the game's
range for every number a file may bring in (checked when a snapshot's tables
are loaded: a GHS import, an older ghcli's export, a new machine joining a
group). :class:`Store` is ``ghcli.journal.store.Store`` opened and created as
that kind. Everything else about the file (entries, undo, replay, its errors,
``Done`` and ``Later``) is ``ghcli.journal``'s, imported from there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from ghcli.campaign import names, tracks
from ghcli.journal import store as _store
from ghcli.journal.kinds import Bound, Kind, Migration, journal_migration, retrigger


def _schema_migration(db) -> None:
    from ghcli.data import schema_sql

    db.executescript(schema_sql())


def _solo_migration(db) -> None:
    """Solo scenario results (docs/seed-play.md): who played their class's solo scenario, won, and the item it gave."""
    db.executescript("""
        CREATE TABLE solo_results (
            id            INTEGER PRIMARY KEY,
            character_id  INTEGER NOT NULL REFERENCES characters(id),
            class         TEXT    NOT NULL,
            won           INTEGER NOT NULL CHECK (won IN (0, 1)),
            level         INTEGER NOT NULL CHECK (level BETWEEN 0 AND 7),
            item          INTEGER            -- the reward item this win gave, if any
        );
    """)


def _command_log_migration(db) -> None:
    """The history became a command log (ghcli 0.1); ``sync_state`` holds this machine's sync settings.
    (0004 replaces that history by the journal.)"""
    for col in ("uid TEXT", "clock TEXT", "player TEXT", "version TEXT", "op TEXT", "args TEXT", "draws TEXT",
                "status TEXT NOT NULL DEFAULT 'ok'", "reason TEXT"):
        db.execute(f"ALTER TABLE history ADD COLUMN {col}")
    db.execute("UPDATE history SET uid = lower(hex(randomblob(16))), clock = printf('%013d-%04d', 0, id % 10000)")
    db.execute("CREATE UNIQUE INDEX history_uid ON history(uid)")
    db.execute("CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT)")


def _enhancement_slot_migration(db) -> None:
    """Where on its card half a sticker sits, as Gloomhaven Secretariat numbers it: the action's path and
    the slot's index (``"bottom-1/0"``); NULL for a sticker entered in ghcli, which the GHS export places
    on the first free slot that takes it (``ghcli.campaign.exchange.ghs_map``)."""
    db.execute("ALTER TABLE enhancements ADD COLUMN slot TEXT")


def _seat_migration(db) -> None:
    """In solo play (one player, several characters of a party) each character counts as a separate
    player for retirement perks (docs/between-sessions.md): ``characters.seat`` is which of its player's
    characters in the party it is (NULL: seat 1). Characters in play get seats in the order made."""
    db.execute("ALTER TABLE characters ADD COLUMN seat INTEGER CHECK (seat IS NULL OR seat >= 1)")
    rows = db.execute("SELECT id, party_id, player FROM characters WHERE retired = 0 AND player IS NOT NULL "
                      "ORDER BY id").fetchall()
    seen: dict = {}
    for cid, party, player in rows:
        key = (party, player.casefold())
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:
            db.execute("UPDATE characters SET seat = ? WHERE id = ?", [seen[key], cid])


def _edition_migration(db) -> None:
    """The campaign's edition: 'gh' (Gloomhaven with Forgotten Circles, every campaign made before) or
    'jotl' (Jaws of the Lion); ``ghcli.editions`` holds each one's facts and rule switches."""
    db.execute("ALTER TABLE campaign ADD COLUMN edition TEXT NOT NULL DEFAULT 'gh'")


GHCLI_MIGRATIONS: list[Migration] = [
    ("0001_schema", _schema_migration),
    ("0002_solo_scenarios", _solo_migration),
    ("0003_command_log", _command_log_migration),
    ("0004_journal", journal_migration("ghcli")),
    ("0005_enhancement_slots", _enhancement_slot_migration),
    ("0006_perk_seats", _seat_migration),
    ("0007_edition", _edition_migration),
    ("0008_journal_triggers", retrigger),  # three triggers a table, not four (ghcli.journal.schema)
]

COMMAND_MODULES = tuple(f"ghcli.campaign.{m}" for m in (
    "init", "status", "achievements", "parties", "unlocks", "characters", "town", "road", "events", "results",
    "retirement", "enhance", "dungeon", "solo", "paper"))

_BIG = 10**9  # gold and XP: no campaign comes near it; a bigger number in a file is an attack or damage
_NAME = Bound(length=names.MAX_NAME, name=True)
_KEY = Bound(length=60)
_CARD = Bound(1, 100_000)
_ITEM = Bound(1, 10_000)
_SCENARIO = Bound(1, 10_000)
_COUNT = Bound(1, 99)
_FLAG = Bound(0, 1)

BOUNDS: dict[tuple[str, str], Bound] = {
    ("campaign", "name"): _NAME,
    ("campaign", "prosperity"): Bound(0, tracks.MAX_PROSPERITY_CHECKMARKS),
    ("campaign", "donations"): Bound(0, _BIG),
    ("campaign", "seed"): Bound(-2**63, 2**63 - 1),
    ("campaign", "created"): Bound(length=40),
    ("global_achievements", "key"): _KEY,
    ("global_achievements", "count"): _COUNT,
    ("unlocked_classes", "class"): _KEY,
    ("retired_classes", "class"): _KEY,
    ("supply", "item"): _ITEM,
    ("supply", "copies"): Bound(0, 99),
    ("item_designs", "item"): _ITEM,
    ("event_decks", "deck"): Bound(length=10),
    ("event_decks", "position"): Bound(0, 999),
    ("event_decks", "card"): Bound(1, 10_000),
    ("scenarios", "number"): _SCENARIO,
    ("parties", "name"): _NAME,
    ("parties", "reputation"): Bound(tracks.REPUTATION_MIN, tracks.REPUTATION_MAX),
    ("parties", "location"): Bound(length=10),
    ("parties", "scenario"): _SCENARIO,
    ("party_achievements", "key"): _KEY,
    ("party_achievements", "count"): _COUNT,
    ("pending_events", "deck"): Bound(length=10),
    ("pending_events", "card"): Bound(1, 10_000),
    ("players", "name"): _NAME,
    ("players", "extra_perks"): Bound(0, 99),
    ("characters", "player"): _NAME,
    ("characters", "class"): _KEY,
    ("characters", "name"): _NAME,
    ("characters", "level"): Bound(1, tracks.MAX_LEVEL),
    ("characters", "xp"): Bound(0, _BIG),
    ("characters", "gold"): Bound(0, _BIG),
    ("characters", "checkmarks"): Bound(0, 999),
    ("characters", "extra_perks"): Bound(0, 99),
    ("characters", "quest"): Bound(1, 10_000),
    ("characters", "quest_offer"): Bound(length=100),
    ("character_items", "item"): _ITEM,
    ("character_perks", "perk"): Bound(1, 99),
    ("character_perks", "times"): _COUNT,
    ("character_cards", "card"): _CARD,
    ("character_cards", "at_level"): Bound(1, tracks.MAX_LEVEL),
    ("enhancements", "class"): _KEY,
    ("enhancements", "card"): _CARD,
    ("enhancements", "action"): Bound(length=10),
    ("enhancements", "sticker"): _KEY,
    ("enhancements", "cost"): Bound(0, _BIG),
    ("milestones", "key"): _KEY,
    ("solo_results", "class"): _KEY,
    ("solo_results", "won"): _FLAG,
    ("solo_results", "level"): Bound(0, 7),
    ("solo_results", "item"): _ITEM,
    ("enhancements", "slot"): Bound(length=40),
    ("characters", "seat"): Bound(1, 99),
    ("campaign", "edition"): Bound(length=10),
}


def _seed(reader):
    return reader.value("SELECT seed FROM campaign WHERE id = 1")


# The digest of the schema GHCLI_MIGRATIONS make: a shortcut for opening a current file (a migration added
# means a new digest: tests/test_journal.py prints it; until then files open a little slower, never wrongly).
SCHEMA_DIGEST = "579a85d65db5a08f3c2d4800f2b570ad"

def _activate_edition(store) -> None:
    """Make the campaign's edition the active one (``ghcli.editions``: the facts every lookup reads)."""
    from ghcli import editions

    import sqlite3

    try:
        edition = store.value("SELECT edition FROM campaign WHERE id = 1")
    except sqlite3.OperationalError:  # a file kept at an older schema (no edition yet): Gloomhaven's
        edition = editions.DEFAULT
    if edition is not None:  # a database still being made (an import's) keeps the edition its maker chose
        editions.activate(edition)


def _check_facts(tables: dict) -> None:
    """Every reference to the game's facts in tables that come in is one the campaign's edition has."""
    from ghcli.campaign import references

    references.check(tables)


GHCLI = Kind(name="ghcli", words="campaign", migrations=GHCLI_MIGRATIONS, init_hint="ghcli init",
             command_modules=COMMAND_MODULES, bounds=BOUNDS, seed=_seed, functions={"name_key": names.key},
             schema_digest=SCHEMA_DIGEST, on_open=_activate_edition, check_facts=_check_facts)

#: ``@command("buy", keys=...)``: register a Gloomhaven campaign command (see ``ghcli.journal.commands``)
command = GHCLI.commands.command


class Store(_store.Store):
    """A Gloomhaven campaign database: :meth:`open`, :meth:`create` and :meth:`scratch` default to ``GHCLI``."""

    @classmethod
    def open(cls, path: str | Path, kind: Kind | None = None, *,  # type: ignore[override]
             upgrade: bool = True) -> "Store":
        return super().open(path, kind or GHCLI, upgrade=upgrade)

    @classmethod
    def create(cls, path: str | Path, kind: Kind | None = None, *,  # type: ignore[override]
               fill: Callable[["Store"], Any] | None = None, migrations: Sequence | None = None) -> "Store":
        return super().create(path, kind or GHCLI, fill=fill, migrations=migrations)

    @classmethod
    def scratch(cls, kind: Kind | None = None, migrations: Sequence | None = None) -> "Store":  # type: ignore[override]
        return super().scratch(kind or GHCLI, migrations)
