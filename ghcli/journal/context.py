"""The context an entry is applied in: passed to the command as its first argument.

A command keeps its signature ``fn(store, ...)``; while it runs as an entry
(typed, replayed, received) ``store`` is a :class:`Context`: the store's
reads (``rows``, ``one``, ``value``, ``tuples``), ``db`` (a :class:`Writer`:
SQL through ``db.execute``), ``now()`` (the entry's own
time), ``rng`` (the entry's recording random stream), the entry's ``seq``
and ``player``. Nothing is kept aside on the Store: what a command needs to
know about the entry it is part of, it asks this object.
"""

from __future__ import annotations

import contextlib
from typing import Any, Callable, Iterator

from ghcli.journal.commands import RecordingRandom


class Writer:
    """What an entry writes through (``ctx.db``): ``execute(sql, params)`` on the connection, a number
    too big for SQLite turned into bad input. (sqlite-utils' Database was this object before: its table
    methods re-read the schema on every write, and nothing else of it was used.)"""

    __slots__ = ("_execute",)

    def __init__(self, conn):
        self._execute = conn.execute

    def execute(self, sql: str, params=()):
        try:
            return self._execute(sql, params)
        except OverflowError:
            from ghcli.journal.store import too_large

            raise too_large(params) from None


class Context:
    def __init__(self, store, seq: int, at: str, player: str, random: RecordingRandom):
        self.store = store
        self.seq = seq
        self.at = at
        self.player = player
        self.random = random
        self.summary: str | None = None   # an inner change's summary (a Done returned by the command wins)
        self.effect: str | None = None    # set by snapshot entries: the digest of the state they check
        self.db = Writer(store.conn)
        # the store's reads, bound once (a command reads a dozen times)
        self.rows, self.one, self.value, self.tuples = store.rows, store.one, store.value, store.tuples

    # -- what commands read --------------------------------------------------

    @property
    def kind(self):
        return self.store.kind

    @property
    def path(self):
        return self.store.path

    @property
    def set_name(self) -> str:
        return self.store.kind.name

    @property
    def read_only(self) -> bool:
        return self.store.read_only

    @property
    def rng(self) -> RecordingRandom:
        return self.random

    def columns(self, table: str) -> list[str]:
        return self.store.columns(table)

    def tables(self) -> list[str]:
        return self.store.tables()

    def sync_setting(self, key: str) -> str | None:
        return self.store.sync_setting(key)

    def now(self) -> str:
        """The entry's time (the recorded one on replay): shown, never used to order."""
        return self.at

    # -- joining the entry -----------------------------------------------------

    @contextlib.contextmanager
    def change(self, command: str = "", summary: str = "") -> Iterator[Any]:
        """A block of the entry's writes (the command's own transaction is open already)."""
        if summary:
            self.summary = summary
        yield self.db

    def apply(self, command: str, fn: Callable[[Any], Any], summary: str = "") -> Any:
        from ghcli.journal.store import Done, values_of

        if summary:
            self.summary = summary
        out = fn(self.db)
        if isinstance(out, Done):
            self.summary = out.summary
        return values_of(out)

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        yield

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        yield
