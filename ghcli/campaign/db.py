"""The one module that touches a campaign database (over sqlite_utils).

Everything else in ``ghcli.campaign`` reads and writes through a :class:`Store`:

- ``Store.open(path)`` opens an existing database (refusing one written by a
  newer ghcli, migrating an older one; a file ghcli cannot write opens
  read-only); ``Store.create(path)`` makes a new one, built beside the target
  and linked into place whole (atomic).
- Before the first change, ``check_writable()`` refuses a read-only or a
  damaged database (``PRAGMA quick_check``); :func:`explain` turns any SQLite
  error into a named one (read-only, disk full, I/O error, damaged, busy).
- Reads go through ``rows()`` / ``one()`` / ``value()`` (and ``tuples()``,
  ``snapshot()`` for one consistent read) on the plain sqlite3 connection, so
  read commands never import sqlite_utils (start-up speed).
- Writes have one path: SQL through the ``sqlite_utils.Database`` that
  ``store.change()`` yields (``db.execute(...)``; a helper called inside the
  change uses the same object as ``store.db``). No other module touches
  ``store.conn`` (tests/test_write_path.py walks them). Why SQL and not
  sqlite-utils' table methods (``db["t"].insert(...)``): those introspect the
  schema on every call (``PRAGMA table_info``, and ``update`` reads the row
  first), measured at 0.1-0.3 ms a write against 0.005-0.02 ms for
  ``db.execute``: 15-30 times slower, which would take the replay of a
  2,000-entry command log (benchmarks/sync_bench.py, target 2 s, 0.6 s with
  SQL) to 1.2-2.5 s; and most writes are relative (``gold = gold - ?``,
  ``WHERE party_id = ? AND open = 1``), which table methods cannot say
  without a read first.
- Every campaign-changing command is ``with store.change("command", "summary") as db:``
  (or ``store.apply("command", fn)``, where ``fn(db)`` returns :class:`Done`:
  the summary of what it did and the values the command returns)
  where ``db`` is a ``sqlite_utils.Database``: one ``BEGIN IMMEDIATE``
  transaction (a savepoint inside ``store.batch()``) that records one
  ``history`` row. Triggers on every table log the inverse SQL of each row
  change into ``undo_log``; ``undo()`` replays the last command's inverse
  statements, restoring the database exactly.
- The history is the command log (``ghcli.campaign.log``): a command
  registered with ``@command`` opens its own change, and the row records its
  arguments, random draws, id, clock, player and version, so the log replays.
  ``store.last_entry`` is the entry a change wrote. On a synced campaign an
  undo is a logged entry (``undo_entry``) and ``rewind_last`` takes entries
  off for a sync to replay them in the group's order.
- WAL and a busy timeout let two shells use one database at once.

A migration set is a list of ``(name, function(db))``; ``schema.sql`` is the
first of the ghcli set. Applied names are recorded (sqlite_utils'
``_sqlite_migrations`` table). The same machinery serves other campaign kinds
(Arkham Horror) with their own set and their own file.
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from ghcli.campaign import names
from ghcli.errors import BadInput, GhcliError, Refused

Migration = tuple[str, Callable[[Any], None]]

MIGRATIONS_TABLE = "_sqlite_migrations"
# Tables that the undo triggers leave alone.
UNLOGGED = {"history", "undo_log", "sync_state", MIGRATIONS_TABLE, "sqlite_sequence", "sqlite_stat1"}
BUSY_TIMEOUT_S = 10.0
# A temporary file of an init older than this was left by one that died (an init takes well under a second).
LEFTOVER_AGE_S = 600.0


@dataclass(frozen=True)
class Done:
    """What a command did: the history summary and the values it returns (a command's result,
    returned rather than set aside: ``store.apply`` and logged commands record the summary)."""

    summary: str
    values: Any = None


class DatabaseError(GhcliError):
    """The database cannot be used: missing, newer than this ghcli, not a ghcli database."""


class UnusableDatabase(DatabaseError, BadInput):
    """--db names something that cannot be a campaign database: a directory, a file that
    is not SQLite, a place where no file can be made (bad usage: exit 2)."""


class ReadOnlyDatabase(DatabaseError):
    """A change asked of a campaign on a read-only file or file system (reading works)."""


class DamagedDatabase(DatabaseError):
    """The file is damaged ("database disk image is malformed"): no command writes into it."""


class StorageError(DatabaseError):
    """The disk is full, or the disk or file system failed (an I/O error): nothing was changed."""


def _damaged(path: Path | None, detail: str = "database disk image is malformed") -> DamagedDatabase:
    where = path or "the campaign file"
    check = f"sqlite3 {path}" if path else "sqlite3 FILE"
    return DamagedDatabase(
        f"{where} is damaged ({detail}); ghcli changes nothing in it. Check it with "
        f"`{check} 'PRAGMA integrity_check'` and go on from the last good copy "
        f"(`ghcli --db COPY export` writes what it holds)")


def explain(e: sqlite3.Error, path: str | Path | None = None) -> GhcliError:
    """An SQLite error as the named error that says what happened to the file (at ``path``, if known)."""
    where = str(path) if path else "the campaign file"
    name = getattr(e, "sqlite_errorname", "") or ""
    text = str(e).lower()
    if name.startswith("SQLITE_READONLY") or "readonly database" in text:
        return ReadOnlyDatabase("the campaign file is read-only" + (f" ({path})" if path else "")
                                + ": it can be read, not changed")
    if name.startswith("SQLITE_FULL") or "disk is full" in text:
        return StorageError(f"the disk is full: {where} could not be written, nothing was changed")
    if (name.startswith("SQLITE_IOERR") or "disk i/o error" in text) and _folder_full(path):
        # SQLite says "disk I/O error" when it cannot make the -shm file on a full disk
        return StorageError(f"the disk is full: {where} could not be used, nothing was changed")
    if name.startswith("SQLITE_IOERR") or "disk i/o error" in text:
        return StorageError(f"an I/O error on {where} (the disk or file system failed): nothing was changed")
    if name.startswith("SQLITE_CORRUPT") or "malformed" in text:
        return _damaged(Path(path) if path else None)
    if name.startswith("SQLITE_NOTADB") or "not a database" in text:
        return UnusableDatabase(f"{where} is not a ghcli database ({e})")
    if name.startswith("SQLITE_BUSY") or "locked" in text:
        return DatabaseError(f"{where} is busy: another ghcli kept it locked for {BUSY_TIMEOUT_S:g} s; try again")
    if name.startswith("SQLITE_CANTOPEN") or "unable to open" in text:
        return UnusableDatabase(f"cannot open {where}: {e}")
    return DatabaseError(f"database error on {where}: {e}")


def _folder_full(path: str | Path | None) -> bool:
    """Whether the file system holding ``path`` has no free block left."""
    try:
        return os.statvfs(Path(path).parent if path else ".").f_bavail == 0
    except (OSError, AttributeError):
        return False


def _os_error(e: OSError, what: str) -> GhcliError:
    """An operating-system error while making a file, with its true cause."""
    if e.errno == errno.ENOSPC:
        return StorageError(f"{what}: the disk is full")
    if e.errno == errno.EROFS:
        return ReadOnlyDatabase(f"{what}: the file system is read-only")
    if e.errno == errno.EIO:
        return StorageError(f"{what}: an I/O error (the disk or file system failed)")
    return UnusableDatabase(f"{what}: {e.strerror or e}")


# SQLite stores whole numbers in 64 bits; a bigger one cannot match or be written.
MAX_SQLITE_INT = 2**63 - 1


def _an(kind: str) -> str:
    return ("an " if kind[:1].lower() in "aeiou" else "a ") + kind


def _too_large(params: Any = ()) -> BadInput:
    """The error for a number SQLite cannot hold (sqlite3 raises OverflowError)."""
    values = params.values() if isinstance(params, dict) else params or ()
    big = next((v for v in values if isinstance(v, int) and not -MAX_SQLITE_INT - 1 <= v <= MAX_SQLITE_INT), None)
    what = f"{big} is" if big is not None else "a number is"
    return BadInput(f"{what} too large (whole numbers go up to {MAX_SQLITE_INT})")


def _schema_migration(db) -> None:
    from ghcli.data import schema_sql

    db.executescript(schema_sql())


# Campaign kinds by migration set, for messages about a file of another kind.
_KINDS = {"ghcli": "Gloomhaven campaign", "arkham": "Arkham campaign"}


def _solo_migration(db) -> None:
    """Solo scenario results (issue 18): who played their class's solo scenario, won, and the item it gave."""
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
    """The history becomes the command log (see ``ghcli.campaign.log``); ``sync_state``
    holds this machine's sync settings (never replicated, never undone)."""
    for col in ("uid TEXT", "clock TEXT", "player TEXT", "version TEXT", "op TEXT", "args TEXT", "draws TEXT",
                "status TEXT NOT NULL DEFAULT 'ok'", "reason TEXT"):
        db.execute(f"ALTER TABLE history ADD COLUMN {col}")
    # Entries from before the log: an id and an order, but no arguments (they cannot be replayed).
    db.execute("UPDATE history SET uid = lower(hex(randomblob(16))), clock = printf('%013d-%04d', 0, id % 10000)")
    db.execute("CREATE UNIQUE INDEX history_uid ON history(uid)")
    db.execute("CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT)")


def _enhancement_slot_migration(db) -> None:
    """Where on its card half a sticker sits, as Gloomhaven Secretariat numbers it (issue 23): the action's
    path and the slot's index (``"bottom-1/0"``); NULL for a sticker entered in ghcli, which the GHS
    export places on the first free slot that takes it (``ghcli.campaign.exchange.ghs_cards``)."""
    db.execute("ALTER TABLE enhancements ADD COLUMN slot TEXT")


def _seat_migration(db) -> None:
    """Issue 26 (seed 000 section 8.7): in solo play (one player, several characters of a party) each
    character counts as a separate player for retirement perks: ``characters.seat`` is which of its
    player's characters in the party it is (NULL: seat 1). Characters in play get seats in the order made."""
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
    """The campaign's edition (issue 28): 'gh' (Gloomhaven with Forgotten Circles, every campaign made
    before) or 'jotl' (Jaws of the Lion); ``ghcli.editions`` holds each one's facts and rule switches."""
    db.execute("ALTER TABLE campaign ADD COLUMN edition TEXT NOT NULL DEFAULT 'gh'")


GHCLI_MIGRATIONS: list[Migration] = [
    ("0001_schema", _schema_migration),
    ("0002_solo_scenarios", _solo_migration),
    ("0003_command_log", _command_log_migration),
    ("0004_enhancement_slots", _enhancement_slot_migration),
    ("0005_perk_seats", _seat_migration),
    ("0006_edition", _edition_migration),
]

HISTORY_BASE = ("id", "at", "command", "summary")
HISTORY_LOG = ("uid", "clock", "player", "version", "op", "args", "draws", "status", "reason")


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


class Store:
    """An open campaign database. Use :meth:`open` or :meth:`create`."""

    def __init__(self, conn: sqlite3.Connection, path: Path, set_name: str, migrations: Sequence[Migration]):
        self.conn = conn
        self.path = path
        self.set_name = set_name
        self.migrations = list(migrations)
        self._db = None
        self._cmd = None  # the logged command running now (ghcli.campaign.log.Context)
        self._depth = 0
        self._has_log: bool | None = None
        self._entry_at: str | None = None
        self._summary = ""  # the entry's summary: change()'s, replaced by a Done's (apply, logged commands)
        self.last_entry: dict | None = None
        self.read_only = False
        self._sound = False  # quick_check passed (see check_writable)

    # -- opening ---------------------------------------------------------

    @classmethod
    def _connect(cls, path: Path, create: bool, read_only: bool = False) -> sqlite3.Connection:
        """A connection to ``path``: made if ``create``; ``read_only`` for a file ghcli cannot write.

        A read-only WAL database on a read-only file system has no -shm file to
        share and cannot make one: SQLite then opens it as immutable (nobody can
        be writing it there).
        """
        if path.is_dir():
            raise UnusableDatabase(f"{path} is a directory, not a database file (give --db FILE)")
        mode = "rwc" if create else "ro" if read_only else "rw"
        if read_only and not any(Path(f"{path}{s}").exists() for s in ("-wal", "-shm")):
            # Nobody has it open (no -wal, no -shm) and nobody here can write it: read it as it lies,
            # making no -wal or -shm beside it (an immutable file, a file of another user).
            mode = "ro&immutable=1"
        try:
            conn = cls._configure(sqlite3.connect(f"file:{path}?mode={mode}", uri=True, timeout=BUSY_TIMEOUT_S,
                                                  isolation_level=None))
            if read_only:
                try:
                    conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
                except sqlite3.OperationalError:
                    conn.close()
                    conn = cls._configure(sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True,
                                                          isolation_level=None))
        except sqlite3.OperationalError as e:
            verb = "create" if create else "open"
            raise UnusableDatabase(f"cannot {verb} database {path}: {e}") from None
        return conn

    @staticmethod
    def _configure(conn: sqlite3.Connection) -> sqlite3.Connection:
        conn.row_factory = sqlite3.Row
        conn.create_function("name_key", 1, names.key, deterministic=True)  # names compared as people read them
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    @staticmethod
    def _cannot_write(path: Path) -> bool:
        """The file, or its folder (where SQLite keeps the -wal and -shm files), is not writable."""
        return not os.access(path, os.W_OK) or not os.access(path.parent if str(path.parent) else ".", os.W_OK)

    @classmethod
    def open(cls, path: str | Path, *, set_name: str = "ghcli", migrations: Sequence[Migration] = GHCLI_MIGRATIONS,
             kind: str = "campaign", init_hint: str = "ghcli init") -> "Store":
        """Open an existing database, migrating it if it is older than this ghcli.

        A file (or file system) ghcli cannot write opens read-only: every read
        works, and a change is refused with :class:`ReadOnlyDatabase`.
        """
        path = Path(path)
        if not path.exists() and not path.is_symlink():
            raise DatabaseError(f"no {kind} at {path}: run `{init_hint}` first (or give --db PATH)")
        read_only = path.exists() and not path.is_dir() and cls._cannot_write(path)
        store = cls(cls._connect(path, create=False, read_only=read_only), path, set_name, migrations)
        store.read_only = read_only
        try:
            applied = store._applied()
            others = store._other_sets()
            foreign = store.value("SELECT count(*) FROM sqlite_master") > 0
        except sqlite3.DatabaseError as e:
            store.close()
            err = explain(e, path)
            if isinstance(err, DamagedDatabase):
                raise _damaged(path) from None
            if isinstance(err, (StorageError, ReadOnlyDatabase)) or " is busy:" in str(err):
                raise err from None  # a full disk, an I/O error, a busy file: not the file's fault
            raise UnusableDatabase(f"{path} is not a ghcli database ({e})") from None
        if not applied:
            store.close()
            if others:
                raise UnusableDatabase(f"{path} holds {_an(_KINDS.get(others[0], others[0] + ' database'))}, "
                                       f"not {_an(_KINDS.get(set_name, kind))}: give another --db")
            if foreign:
                raise UnusableDatabase(f"{path} is an SQLite database that ghcli did not make: give another --db")
            raise DatabaseError(f"{path} holds no {kind}: run `{init_hint}` first")
        known = [name for name, _ in store.migrations]
        unknown = [name for name in applied if name not in known]
        if unknown:
            raise DatabaseError(
                f"{path} was written by a newer ghcli (migration {unknown[-1]}); upgrade ghcli to use it"
            )
        if len(applied) < len(known):
            if read_only:
                store.close()
                raise ReadOnlyDatabase(f"the campaign file is read-only ({path}) and was written by an older "
                                       "ghcli: it must be upgraded, which needs write access")
            store.migrate()
        if set_name == "ghcli":
            store.activate_edition()
        return store

    def activate_edition(self) -> None:
        """Make the campaign's edition the active one (``ghcli.editions``: the facts every lookup reads)."""
        from ghcli import editions

        row = self.conn.execute("SELECT edition FROM campaign WHERE id = 1").fetchone()
        if row is not None:  # a database still being made (an import's) keeps the edition its maker chose
            editions.activate(row[0])

    def check_writable(self) -> None:
        """Refuse a change to a read-only or damaged database (run before every write).

        The first call on a store runs ``PRAGMA quick_check`` (a few milliseconds
        on a campaign), so that a damaged file is refused for writes too, not
        only where a read happens to touch the damage.
        """
        if self.read_only:
            raise ReadOnlyDatabase(f"the campaign file is read-only ({self.path}): it can be read, not changed")
        if self._sound:
            return
        try:
            rows = [r[0] for r in self.conn.execute("PRAGMA quick_check(1)").fetchall()]
        except sqlite3.DatabaseError as e:
            raise explain(e, self.path) from None
        if rows != ["ok"]:
            first = rows[0] if rows else "no answer to quick_check"
            detail = " ".join(first.replace("*** in database main ***", "").split())
            raise _damaged(self.path, detail)
        self._sound = True

    @classmethod
    def create(cls, path: str | Path, *, set_name: str = "ghcli", migrations: Sequence[Migration] = GHCLI_MIGRATIONS,
               kind: str = "campaign", fill: Callable[["Store"], Any] | None = None) -> "Store":
        """Create a new database file with the whole schema (and ``fill``'s first entries). Refuses an existing one.

        Atomic: the database is built beside ``path`` under a hidden temporary
        name (``.NAME.XXXX.new``), closed, and only then linked into place, so a
        crash, ``kill -9`` or a full disk part-way leaves no file at ``path``
        (at most the temporary one) or a complete database, never a half-made
        one. A refused create leaves nothing behind. Returns the new database, open.
        """
        import tempfile

        path = Path(path)
        cls._check_new(path, set_name, kind)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            cls._sweep_leftovers(path)
            fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=path.parent)
        except OSError as e:
            raise _os_error(e, f"cannot create database {path}") from None
        os.close(fd)
        tmp = Path(name)
        umask = os.umask(0o022)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; a campaign file gets the usual mode
        try:
            store = cls(cls._connect(tmp, create=True), tmp, set_name, migrations)
            try:
                store.conn.execute("PRAGMA journal_mode = WAL")
                store.migrate()
                if fill is not None:
                    fill(store)
            finally:
                store.close()  # the last connection: SQLite folds the -wal file in and removes it
            cls._move_into_place(tmp, path, set_name, kind)
        except sqlite3.Error as e:
            raise explain(e, path) from None
        finally:
            for suffix in ("", "-wal", "-shm", "-journal"):
                Path(f"{tmp}{suffix}").unlink(missing_ok=True)
        return cls.open(path, set_name=set_name, migrations=migrations, kind=kind)

    @staticmethod
    def _sweep_leftovers(path: Path, older_than_s: float = LEFTOVER_AGE_S) -> None:
        """Remove what an ``init`` killed part-way left beside ``path`` (its hidden temporary files),
        once they are old enough that no ``init`` can still be building them."""
        import glob
        import time

        for leftover in path.parent.glob(f".{glob.escape(path.name)}.*.new*"):
            try:
                if time.time() - leftover.stat().st_mtime > older_than_s:
                    leftover.unlink()
            except OSError:
                pass

    @classmethod
    def _check_new(cls, path: Path, set_name: str, kind: str) -> None:
        """Refuse to create over a directory, a non-directory parent or an existing non-empty file."""
        if path.is_dir():
            raise UnusableDatabase(f"{path} is a directory, not a database file (give --db FILE)")
        if path.parent.exists() and not path.parent.is_dir():
            raise UnusableDatabase(f"cannot create database {path}: {path.parent} is not a directory")
        if path.exists() and path.stat().st_size > 0:
            raise Refused(f"{cls._describe(path, set_name, kind)} already exists at {path}; refusing to overwrite it")

    @classmethod
    def _move_into_place(cls, tmp: Path, path: Path, set_name: str, kind: str) -> None:
        """Put the finished database ``tmp`` at ``path``: a hard link (never over another file), else a rename."""
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)
        except FileExistsError:
            if path.stat().st_size > 0:  # made by someone else meanwhile
                raise Refused(f"{cls._describe(path, set_name, kind)} already exists at {path}; "
                              "refusing to overwrite it") from None
            os.replace(tmp, path)  # an empty file stood there
        except OSError as e:
            if e.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                raise _os_error(e, f"cannot create database {path}") from None
            cls._check_new(path, set_name, kind)  # a file system without hard links
            os.replace(tmp, path)
        try:
            dir_fd = os.open(path.parent, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(dir_fd)
        except OSError:
            pass
        finally:
            os.close(dir_fd)

    def close(self) -> None:
        self.conn.close()

    @classmethod
    def _describe(cls, path: Path, set_name: str, kind: str) -> str:
        """What an existing file holds, for the refusal to overwrite it: 'a campaign',
        'an Arkham campaign', 'a file'."""
        try:
            # immutable: read the file as it lies, making no -wal/-shm beside it (a refused init leaves nothing)
            conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
            try:
                sets = [r[0] for r in conn.execute(
                    f"SELECT DISTINCT migration_set FROM {MIGRATIONS_TABLE} ORDER BY rowid")]
            finally:
                conn.close()
        except sqlite3.Error:
            return "a file that is not a ghcli database"
        if set_name in sets:
            return _an(kind)
        if sets:
            return _an(_KINDS.get(sets[0], sets[0] + " database"))
        return "a database that is not a ghcli one"

    # -- migrations ------------------------------------------------------

    def _applied(self) -> list[str]:
        exists = self.conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [MIGRATIONS_TABLE]
        ).fetchone()
        if not exists:
            return []
        return [r[0] for r in self.conn.execute(
            f"SELECT name FROM {MIGRATIONS_TABLE} WHERE migration_set = ? ORDER BY rowid", [self.set_name])]

    def _other_sets(self) -> list[str]:
        """Migration sets of other campaign kinds in this file (an Arkham file opened as Gloomhaven)."""
        if not self.conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [MIGRATIONS_TABLE]).fetchone():
            return []
        return [r[0] for r in self.conn.execute(
            f"SELECT DISTINCT migration_set FROM {MIGRATIONS_TABLE} WHERE migration_set != ?", [self.set_name])]

    def migrate(self) -> None:
        """Apply pending migrations, each atomically, then refresh the undo triggers."""
        from sqlite_utils.migrations import Migrations

        migrations = Migrations(self.set_name)
        for name, fn in self.migrations:
            migrations(name=name)(fn)
        db = self.db
        migrations.apply(db)
        with db.atomic():
            self._install_undo_triggers()

    def _install_undo_triggers(self) -> None:
        conn = self.conn
        triggers = conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'undo\\_%' ESCAPE '\\'").fetchall()
        for (name,) in triggers:
            conn.execute(f'DROP TRIGGER "{name}"')
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()]
        for table in tables:
            if table in UNLOGGED or table.startswith("sqlite_"):
                continue
            cols = [r[1] for r in conn.execute(f'PRAGMA table_info("{table}")').fetchall()]
            q = f'"{table}"'
            conn.execute(
                f'CREATE TRIGGER "undo_{table}_insert" AFTER INSERT ON {q} BEGIN '
                f"INSERT INTO undo_log(sql) VALUES ('DELETE FROM {q} WHERE rowid = ' || new.rowid); END"
            )
            sets = " || ', ' || ".join(f"'\"{c}\" = ' || quote(old.\"{c}\")" for c in cols)
            conn.execute(
                f'CREATE TRIGGER "undo_{table}_update" AFTER UPDATE ON {q} BEGIN '
                f"INSERT INTO undo_log(sql) VALUES ('UPDATE {q} SET ' || {sets} || ' WHERE rowid = ' || old.rowid); END"
            )
            names = ", ".join(f'"{c}"' for c in cols)
            values = " || ', ' || ".join(f'quote(old."{c}")' for c in cols)
            conn.execute(
                f'CREATE TRIGGER "undo_{table}_delete" AFTER DELETE ON {q} BEGIN '
                f"INSERT INTO undo_log(sql) VALUES ('INSERT INTO {q} (rowid, {names}) VALUES ('"
                f" || old.rowid || ', ' || {values} || ')'); END"
            )

    # -- reading ---------------------------------------------------------

    def _execute(self, sql: str, params: Sequence[Any] | dict):
        try:
            return self.conn.execute(sql, params)
        except OverflowError:
            raise _too_large(params) from None

    def rows(self, sql: str, params: Sequence[Any] | dict = ()) -> list[dict]:
        return [dict(r) for r in self._execute(sql, params).fetchall()]

    def one(self, sql: str, params: Sequence[Any] | dict = ()) -> dict | None:
        row = self._execute(sql, params).fetchone()
        return dict(row) if row is not None else None

    def value(self, sql: str, params: Sequence[Any] | dict = ()) -> Any:
        row = self._execute(sql, params).fetchone()
        return row[0] if row is not None else None

    def tuples(self, sql: str, params: Sequence[Any] | dict = ()) -> list[tuple]:
        """The rows as tuples, in column order (for a select whose column names may repeat)."""
        return [tuple(r) for r in self._execute(sql, params).fetchall()]

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        """Reads that see one state of the database (a read transaction, changing nothing)."""
        self.conn.execute("BEGIN")
        try:
            yield
        finally:
            self.conn.execute("ROLLBACK")

    def copy_to(self, dest: sqlite3.Connection, pages: int = 256) -> None:
        """Copy the whole database into ``dest`` through SQLite's backup API (one consistent state)."""
        self.conn.backup(dest, pages=pages)

    # -- writing ---------------------------------------------------------

    @property
    def db(self):
        """The sqlite_utils Database over this connection (imported on first use)."""
        if self._db is None:
            import sqlite_utils

            self._db = sqlite_utils.Database(self.conn, execute_plugins=False)
        return self._db

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """BEGIN IMMEDIATE ... COMMIT, or a savepoint inside a transaction already open
        (a sync replays many commands in one transaction)."""
        if self.conn.in_transaction:
            self.conn.execute("SAVEPOINT ghcli_change")
            try:
                yield
            except BaseException:
                self.conn.execute("ROLLBACK TO ghcli_change")
                self.conn.execute("RELEASE ghcli_change")
                raise
            self.conn.execute("RELEASE ghcli_change")
            return
        self.check_writable()
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
            self.conn.execute("COMMIT")
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Many changes as one transaction (all of them, or none)."""
        with self._transaction():
            yield

    @property
    def has_log(self) -> bool:
        """Whether this database's history is a command log (migration 0002)."""
        if self._has_log is None:
            cols = {r[1] for r in self.conn.execute("PRAGMA table_info(history)").fetchall()}
            self._has_log = "uid" in cols
        return self._has_log

    def sync_setting(self, key: str) -> str | None:
        """This machine's sync settings (``remote``, ``last_sync``, ...); None when unset."""
        if not self.has_log:
            return None
        return self.value("SELECT value FROM sync_state WHERE key = ?", [key])

    def set_sync_settings(self, **values: str) -> None:
        """Set this machine's sync settings (one transaction; never logged, never undone; on the
        plain connection, as the history is, so that a sync need not import sqlite_utils)."""
        with self.batch():
            for key, value in values.items():
                self.conn.execute("INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)", [key, value])

    def clear_sync_settings(self) -> None:
        """Forget this machine's sync settings (the campaign is no longer synced here)."""
        with self.batch():
            self.conn.execute("DELETE FROM sync_state")

    def checkpoint(self) -> None:
        """Fold the write-ahead log into the database file (before the file is moved or copied whole)."""
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def now(self) -> str:
        """The time of the change being made (the replayed entry's own time on replay)."""
        return getattr(self, "_entry_at", None) or _now()

    @contextlib.contextmanager
    def change(self, command: str, summary: str = "") -> Iterator[Any]:
        """One campaign-changing command: one transaction, one history entry.

        Yields the sqlite_utils Database. ``summary`` describes the change in
        the history; when it is known only once the change is made, use
        :meth:`apply` (or return :class:`Done` from a logged command). Any exception rolls
        everything back and leaves the database exactly as it was. Inside a
        logged command (``@command``) the block joins that command's
        transaction and entry. The entry written is ``store.last_entry``.
        """
        if self._depth:
            if self._cmd is None:
                raise RuntimeError("nested change()")
            self._depth += 1
            if summary:
                self._summary = summary
            self._display = command
            try:
                yield self.db
            finally:
                self._depth -= 1
            return
        ctx = self._cmd
        if ctx is None and self.sync_setting("remote"):
            raise Refused(f"`{command}` is not a logged command yet, so it cannot change a synced campaign")
        meta = ctx.meta if ctx is not None and ctx.meta else {}
        self._summary, self._display, self._depth = summary, command, 1
        self._entry_at = meta.get("at") or _now()
        self._entry_uid = meta.get("uid")
        if self.has_log and not self._entry_uid:
            from ghcli.campaign.log import new_uid

            self._entry_uid = new_uid()
        try:
            with self._transaction():
                yield self.db
                self.last_entry = self._write_entry(ctx, meta)
        except OverflowError:
            # A number too big for SQLite reached a write: the commands check their
            # amounts first; this keeps any that slips through a one-line bad input.
            raise _too_large() from None
        finally:
            self._depth = 0
            self._entry_at = None

    def apply(self, command: str, fn: Callable[[Any], Any], summary: str = "") -> Any:
        """One change made by ``fn(db)``, which returns :class:`Done`: its summary goes into the
        history entry and its values come back (anything else it returns comes back as it is,
        the entry keeping ``summary``). Joins a change already open, as :meth:`change` does."""
        with self.change(command, summary) as db:
            out = fn(db)
            if isinstance(out, Done):
                self._summary = out.summary
                out = out.values
        return out

    def _write_entry(self, ctx: Any, meta: dict) -> dict:
        row = {"at": self._entry_at, "command": self._display, "summary": self._summary or self._display}
        if self.has_log:
            from ghcli import __version__
            from ghcli.campaign import log

            row.update(
                uid=self._entry_uid,
                # After every entry held, rejected ones too: the log stays in its total order.
                clock=meta.get("clock") or log.next_clock(self.value("SELECT max(clock) FROM history")),
                player=meta.get("player") or log.player(),
                version=meta.get("version") or __version__,
                op=ctx.op if ctx is not None else None,
                args=ctx.args if ctx is not None else None,
                draws=log.canonical(ctx.random.draws) if ctx is not None else None,
                status="ok", reason=None,
            )
        cols = list(row)
        cur = self.conn.execute(
            f"INSERT INTO history ({', '.join(cols)}) VALUES ({', '.join('?' for _ in cols)})", list(row.values()))
        self.conn.execute("UPDATE undo_log SET history_id = ? WHERE history_id IS NULL", [cur.lastrowid])
        return self._entry_dict({"id": cur.lastrowid, **row})

    def record_rejected(self, entry: Any, reason: str) -> dict:
        """Keep a replayed entry that the rules (or its checks) refused: no change, its reason."""
        from ghcli.campaign import log

        row = {"at": entry.at or "", "command": entry.command, "summary": entry.describe(),
               "uid": entry.uid, "clock": entry.clock, "player": entry.player, "version": entry.version,
               "op": entry.command if entry.invalid is None else None,
               "args": log.canonical(entry.args) if entry.invalid is None else None,
               "draws": log.canonical(entry.draws) if entry.invalid is None else None,
               "status": "rejected", "reason": reason}
        cols = list(row)
        with self._transaction():
            cur = self.conn.execute(
                f"INSERT INTO history ({', '.join(cols)}) VALUES ({', '.join('?' for _ in cols)})",
                list(row.values()))
        return self._entry_dict({"id": cur.lastrowid, **row})

    @staticmethod
    def _entry_dict(row: dict) -> dict:
        import json

        out = dict(row)
        for key in ("args", "draws"):
            if isinstance(out.get(key), str):
                out[key] = json.loads(out[key])
        return out

    def history(self, limit: int | None = None) -> list[dict]:
        cols = HISTORY_BASE + (HISTORY_LOG if self.has_log else ())
        sql = f"SELECT {', '.join(cols)} FROM history ORDER BY id DESC"
        if limit is not None and limit < 0:
            raise BadInput(f"--limit must be 0 (all) or more, not {limit}")
        if limit and limit <= MAX_SQLITE_INT:  # a larger limit is all of it
            return [self._entry_dict(r) for r in self.rows(sql + " LIMIT ?", [int(limit)])]
        return [self._entry_dict(r) for r in self.rows(sql)]

    def entry(self, ref: str) -> dict:
        """A history entry by number (``12``, ``#12``) or by id (or a unique start of it)."""
        text = str(ref).strip().lstrip("#")
        cols = HISTORY_BASE + (HISTORY_LOG if self.has_log else ())
        sel = f"SELECT {', '.join(cols)} FROM history"
        row = None
        if text.isdigit() and len(text) < 19:
            row = self.one(sel + " WHERE id = ?", [int(text)])
        if row is None and self.has_log and len(text) >= 4 and all(c in "0123456789abcdef" for c in text):
            found = self.rows(sel + " WHERE uid LIKE ? LIMIT 2", [text + "%"])
            if len(found) > 1:
                raise BadInput(f"entry {ref!r} is ambiguous: give more of its id")
            row = found[0] if found else None
        if row is None:
            raise BadInput(f"no history entry {ref!r} (see `ghcli history`)")
        return self._entry_dict(row)

    # -- undo ------------------------------------------------------------

    def last_in_effect(self) -> dict | None:
        """The newest entry whose changes are in effect (not an undo, not rejected or undone)."""
        where = " WHERE status = 'ok' AND coalesce(op, '') != 'undo'" if self.has_log else ""
        cols = HISTORY_BASE + (("uid",) if self.has_log else ())
        return self.one(f"SELECT {', '.join(cols)} FROM history{where} ORDER BY id DESC LIMIT 1")

    def _revert(self, history_id: int, *, keep: bool) -> None:
        """Run an entry's inverse statements, newest first (``keep``: keep them for a later rewind)."""
        for (sql,) in self.conn.execute(
            "SELECT sql FROM undo_log WHERE history_id = ? ORDER BY seq DESC", [history_id]
        ).fetchall():
            self.conn.execute(sql)
        if keep:
            return
        # The replay itself was logged with history_id NULL: drop that too.
        self.conn.execute("DELETE FROM undo_log WHERE history_id = ? OR history_id IS NULL", [history_id])

    def undo(self) -> dict:
        """Revert the last campaign-changing command exactly; returns its history entry.

        The first entry (the command that created the campaign) is never undone:
        delete the file to start over. (A synced campaign undoes through a logged
        ``undo`` entry instead: ``ghcli.campaign.core.undo``.)
        """
        with self._transaction():
            last = self.last_in_effect()
            if last is None or last["id"] == self.value("SELECT min(id) FROM history"):
                raise Refused("nothing to undo")
            later = self.value("SELECT count(*) FROM history WHERE id > ?", [last["id"]])
            if later:
                raise Refused(f"#{last['id']} is followed by entries of the synced log: use `ghcli undo` "
                              "on the synced campaign")
            self._revert(last["id"], keep=False)
            self.conn.execute("DELETE FROM history WHERE id = ?", [last["id"]])
        return last

    def undo_entry(self, uid: str, by: str) -> str:
        """Revert a logged entry as part of the running ``undo`` entry; returns the summary.

        The entry's changes must be the last in effect (only undo entries after it)."""
        target = self.one("SELECT * FROM history WHERE uid = ?", [uid])
        if target is None:
            raise Refused(f"there is no entry {uid[:8]} in the log")
        if target["id"] == self.value("SELECT min(id) FROM history"):
            raise Refused("the entry that created the campaign is never undone")
        if target["status"] != "ok" or target["op"] == "undo":
            what = {"rejected": "was rejected", "undone": "is undone already"}.get(target["status"], "is an undo")
            raise Refused(f"#{target['id']} {target['command']} {what}")
        later = self.one("SELECT id, command, summary, player FROM history WHERE id > ? AND status = 'ok' "
                         "AND coalesce(op, '') != 'undo' ORDER BY id LIMIT 1", [target["id"]])
        if later is not None:
            raise Refused(f"#{target['id']} {target['summary']} is not the last change in effect: "
                          f"#{later['id']} {later['summary']} (by {later['player']}) came after it")
        self._revert(target["id"], keep=True)
        self.conn.execute("UPDATE history SET status = 'undone', reason = ? WHERE id = ?",
                          [f"undone by {by}", target["id"]])
        return f"undid #{target['id']} {target['command']}: {target['summary']}"

    def rewind_last(self) -> dict:
        """Take the newest entry off the log, reverting its changes (a sync replays it again later)."""
        row = self.one("SELECT * FROM history ORDER BY id DESC LIMIT 1")
        if row["status"] == "ok":
            self._revert(row["id"], keep=False)
            if row["op"] == "undo":
                import json

                target = json.loads(row["args"])["entry"]
                self.conn.execute("UPDATE history SET status = 'ok', reason = NULL WHERE uid = ?", [target])
        self.conn.execute("DELETE FROM undo_log WHERE history_id = ?", [row["id"]])
        self.conn.execute("DELETE FROM history WHERE id = ?", [row["id"]])
        return row
