"""Campaign kinds: what the journal needs to know about one kind of campaign file.

A kind (the Gloomhaven campaign, the Arkham campaign) is defined by the
game's campaign layer (``ghcli.campaign.kind``, ``ghcli.arkham.kind``) as a
:class:`Kind`: its migration set, its registry of commands, the bounds its
tables' values keep (checked when a snapshot's tables come in) and how its
seeded random stream is seeded. The journal imports no campaign module: it is
handed the kind, or (:func:`load`, for code that serves every kind, like the
campaign document) imports the module :data:`MODULES` names for it.
"""

from __future__ import annotations

import importlib
from dataclasses import field
from typing import Any, Callable, Sequence

from ghcli.records import record

Migration = tuple[str, Callable[[Any], None]]

#: kinds known by name (filled as each kind is defined)
KINDS: dict[str, "Kind"] = {}
#: how other kinds are named in messages, before their module is imported
WORDS = {"ghcli": "Gloomhaven campaign", "arkham": "Arkham campaign"}
#: the kinds ghcli keeps: the module that defines each (imported when the kind is first asked for)
MODULES = {"ghcli": "ghcli.campaign.kind", "arkham": "ghcli.arkham.kind"}


@record(frozen=True)
class Bound:
    """What a column's values may be: whole numbers from ``low`` to ``high``, or text of at most
    ``length`` characters (``name``: a name people type, cut to it on import with a report)."""

    low: int | None = None
    high: int | None = None
    length: int | None = None
    name: bool = False


@record(eq=False)
class Kind:
    """One kind of campaign file (see the module's docstring)."""

    name: str                      # the migration set's name ('ghcli', 'arkham')
    words: str                     # 'campaign', 'Arkham campaign': "no campaign at PATH"
    migrations: Sequence[Migration]
    init_hint: str                 # the command that makes one: 'ghcli init'
    command_modules: Sequence[str] = ()   # modules whose import registers the kind's commands
    bounds: dict[tuple[str, str], Bound] = field(default_factory=dict)  # (table, column) -> Bound
    seed: Callable[[Any], Any] | None = None  # reader -> the campaign's seed (None: unseeded)
    functions: dict[str, Callable] = field(default_factory=dict)  # SQL functions its queries use (name_key)
    #: the digest of the schema all its migrations make (``schema.expected_digest``; a test keeps it true).
    #: Only a shortcut: a file whose schema has another digest is compared object by object.
    schema_digest: str = ""
    #: the kind's commands by name (``ghcli.journal.commands.Registry``)
    commands: Any = None
    #: called with every store opened on a file of this kind (the Gloomhaven kind makes the campaign's
    #: edition the active one, ``ghcli.editions``)
    on_open: Callable[[Any], None] | None = None
    #: called with the tables an import or snapshot entry loads, once they fit the schema and the bounds:
    #: refuses (``Refused``) a reference the kind's facts do not have (a class, an item, a scenario ...)
    check_facts: Callable[[dict], None] | None = None

    def __post_init__(self) -> None:
        from ghcli.journal.commands import Registry

        if self.commands is None:
            self.commands = Registry(self)  # undo, redo, import and snapshot join it when first asked for
        KINDS[self.name] = self
        WORDS[self.name] = {"campaign": "Gloomhaven campaign"}.get(self.words, self.words)

    def load_commands(self) -> None:
        """Import every module that registers this kind's commands."""
        for mod in self.command_modules:
            importlib.import_module(mod)

    def command(self, name: str):
        """The registered command ``name`` (importing the command modules when needed)."""
        return self.commands.get(name)

    @property
    def migration_names(self) -> list[str]:
        return [name for name, _ in self.migrations]


def journal_migration(set_name: str) -> Callable[[Any], None]:
    """The migration of a kind's set that brings a file to the journal (``ghcli.journal.migrate``)."""

    def migrate(db) -> None:
        from ghcli.journal.migrate import to_journal

        to_journal(db, set_name)

    migrate.__name__ = f"journal_migration_{set_name}"
    return migrate


def retrigger(db) -> None:
    """A migration that remakes the journal's triggers (``ghcli.journal.schema.trigger_sql``) and
    changes nothing itself: ``run_migrations`` drops every trigger before a migration and makes them
    again after the last."""


def load(set_name: str) -> Kind:
    """The kind ``set_name`` ('ghcli', 'arkham'), importing the module that defines it (KeyError: none)."""
    if set_name not in KINDS:
        importlib.import_module(MODULES[set_name])
    return KINDS[set_name]


def words_for(set_name: str) -> str:
    """'Gloomhaven campaign', 'Arkham campaign', or 'SET database' for a kind ghcli does not know."""
    return WORDS.get(set_name, f"{set_name} database")
