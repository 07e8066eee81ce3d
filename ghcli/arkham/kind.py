"""The Arkham campaign as a journal kind: its migrations, its commands, its bounds.

``ARKHAM`` is what ``ghcli.journal`` is handed for an Arkham campaign file (the
"arkham" migration set: its own file, never a Gloomhaven one). Its commands are
the ``@command`` functions of the modules in ``COMMAND_MODULES``, registered by
command name ("arkham buy"): journal entries name commands, never modules. Its
bounds are the game's range for every number a file may bring in (checked when
a snapshot's tables are loaded: an export read back, a file from an older ghcli).

The migration names and ``schema_digest`` are part of every Arkham file ghcli
has written: they never change (a new column is a new migration).
"""

from __future__ import annotations

from pathlib import Path

from ghcli.campaign import names
from ghcli.journal.kinds import Bound, Kind, Migration, journal_migration, retrigger

KIND = "Arkham campaign"
INIT_HINT = "ghcli arkham init"
#: the set's migration 1 (history.sql's change log, shared by every kind, follows it)
SCHEMA = Path(__file__).resolve().parent / "data" / "arkham_schema.sql"
#: the modules whose ``@command`` functions are the kind's commands (imported before a replay)
COMMAND_MODULES = ("ghcli.arkham.campaign", "ghcli.arkham.investigators", "ghcli.arkham.experience",
                   "ghcli.arkham.deck", "ghcli.arkham.trauma", "ghcli.arkham.log")


def _schema(db) -> None:
    from ghcli.data import history_sql

    db.executescript(SCHEMA.read_text(encoding="utf-8") + history_sql())


def _standalone(db) -> None:
    db.execute("ALTER TABLE campaign ADD COLUMN standalone INTEGER NOT NULL DEFAULT 0 CHECK (standalone IN (0, 1))")


def _pool_listed(db) -> None:
    """Whether the group listed the investigators it may pick from (``investigator add``; the reading is
    in ghcli.arkham.trauma); a file from before counts as listed when it holds an investigator never played."""
    db.execute("ALTER TABLE campaign ADD COLUMN pool_listed INTEGER NOT NULL DEFAULT 0 CHECK (pool_listed IN (0, 1))")
    db.execute("UPDATE campaign SET pool_listed = 1 WHERE EXISTS "
               "(SELECT 1 FROM investigators WHERE status = 'available')")


ARKHAM_MIGRATIONS: list[Migration] = [
    ("0001_arkham_schema", _schema),
    ("0002_standalone", _standalone),
    ("0003_journal", journal_migration("arkham")),
    ("0004_pool_listed", _pool_listed),
    ("0005_journal_triggers", retrigger),  # three triggers a table, not four (ghcli.journal.schema)
]

_NAME = Bound(length=names.MAX_NAME, name=True)
_COUNT = Bound(0, 999)
ARKHAM_BOUNDS = {
    ("campaign", "name"): _NAME, ("campaign", "created"): Bound(length=40),
    ("investigators", "name"): _NAME, ("investigators", "player"): _NAME,
    ("investigators", "health"): Bound(1, 99), ("investigators", "sanity"): Bound(1, 99),
    ("investigators", "status"): Bound(length=10),
    ("investigators", "physical_trauma"): _COUNT, ("investigators", "mental_trauma"): _COUNT,
    ("investigators", "joined_seq"): Bound(0, 10**6),
    ("scenarios", "name"): Bound(length=200),
    ("xp_awards", "victory"): Bound(0, 10**6), ("xp_awards", "bonus"): Bound(-10**6, 10**6),
    ("xp_awards", "applied"): Bound(-10**6, 2 * 10**6), ("xp_awards", "arithmetic"): Bound(length=200),
    ("deck_cards", "title"): Bound(length=200), ("deck_cards", "level"): Bound(0, 5),
    ("deck_cards", "kind"): Bound(length=10), ("deck_cards", "copies"): Bound(1, 99),
    ("purchases", "action"): Bound(length=10), ("purchases", "title"): Bound(length=200),
    ("purchases", "from_level"): Bound(0, 5), ("purchases", "to_level"): Bound(0, 5),
    ("purchases", "copies"): Bound(1, 99), ("purchases", "xp"): Bound(1, 10**6),
    ("purchases", "arithmetic"): Bound(length=200), ("purchases", "removed"): Bound(length=2000),
    ("log_entries", "kind"): Bound(length=10), ("log_entries", "text"): Bound(length=500),
    ("log_entries", "value"): Bound(0, 10**9),
    ("campaign", "pool_listed"): Bound(0, 1),
}

#: the Arkham campaign as a journal kind (its own file, migrations and commands)
ARKHAM = Kind(name="arkham", words=KIND, migrations=ARKHAM_MIGRATIONS, init_hint=INIT_HINT,
              command_modules=COMMAND_MODULES, bounds=ARKHAM_BOUNDS, functions={"name_key": names.key},
              schema_digest="fea4587f8fc136d9a2f30c2ace06070a")  # see ghcli/campaign/kind.py's SCHEMA_DIGEST
command = ARKHAM.commands.command
