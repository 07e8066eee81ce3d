"""The campaign file: opening, creating, migrating, reading, and the one transaction of a change.

- ``Store.open(path, kind)`` opens an existing database (refusing one written
  by a newer ghcli, one of another kind, and one whose schema does not match
  the migrations it records; migrating an older one; a file ghcli cannot write
  opens read-only); ``Store.create(path, kind)`` makes a new one, built beside
  the target and linked into place whole (atomic).
- Before the first change, ``check_writable()`` refuses a read-only or a
  damaged database (``PRAGMA quick_check``); :func:`explain` turns any SQLite
  error into a named one (read-only, disk full, I/O error, damaged, busy).
- Reads go through ``rows()`` / ``one()`` / ``value()`` (and ``tuples()``,
  ``snapshot()`` for one consistent read) on the plain sqlite3 connection, so
  read commands never import sqlite_utils (start-up speed).
- Writes happen only inside an entry (``ghcli.journal.run``): a registered
  command runs with a :class:`ghcli.journal.context.Context` as its first
  argument, whose ``db`` is the ``sqlite_utils.Database`` over this
  connection. Why SQL and not sqlite-utils' table methods
  (``db["t"].insert(...)``): those introspect the schema on every call
  (``PRAGMA table_info``, and ``update`` reads the row first), measured at
  0.1-0.3 ms a write against 0.005-0.02 ms for ``db.execute``: 15-30 times
  slower, and most writes are relative (``gold = gold - ?``).
- WAL and a busy timeout let two shells use one database at once.

A migration set is a list of ``(name, function(db))`` (``db``: see
``schema.MigrationDB``); applied names are recorded in ``_sqlite_migrations``
(the table sqlite-utils' migrations keep, same layout).
"""

from __future__ import annotations

import contextlib
import datetime
import errno
import os
import sqlite3
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from ghcli.errors import BadInput, GhcliError, Refused
from ghcli.journal import schema
from ghcli.journal.kinds import Kind, words_for
from ghcli.records import record

BUSY_TIMEOUT_S = 10.0
# A temporary file of an init older than this was left by one that died (an init takes well under a second).
LEFTOVER_AGE_S = 600.0
# SQLite stores whole numbers in 64 bits; a bigger one cannot match or be written.
MAX_SQLITE_INT = 2**63 - 1


@record(frozen=True)
class Done:
    """What a command did: the history summary and the values it returns (``values`` may be a
    :class:`Later`: computed only when someone reads them)."""

    summary: str
    values: Any = None


class Later:
    """Return values computed only when they are read: ``Done(summary, Later(show, store, name))``.

    An entry replayed or received has nobody to show them to (``run.execute`` with ``values=False``):
    the call is never made. Read, it is made at once, inside the entry (the state it shows is the one the
    entry left). Only for reads that cannot fail once the change is made (a refusal must never depend on
    whether the values are read)."""

    __slots__ = ("fn", "args")

    def __init__(self, fn: Callable[..., Any], *args: Any):
        self.fn = fn
        self.args = args

    def __call__(self) -> Any:
        return self.fn(*self.args)


def values_of(out: Any) -> Any:
    """What a command returned, as its caller reads it (a Done's values, a Later called)."""
    if isinstance(out, Done):
        out = out.values
    return out() if isinstance(out, Later) else out


# Column names seen in results, by the tuple of them: True when they are plain (ASCII, no two the
# same ignoring case), so that a row becomes a dict by position (sqlite3.Row's own lookup by name is a
# scan per column: 3x slower for a character row). Otherwise the dict is sqlite3.Row's (its first
# column of a repeated name wins).
_PLAIN_COLUMNS: dict[tuple, bool] = {}
#: Per kind, the last schema (``schema.master``) found to have the kind's digest in this process: a
#: process that opens files many times (a sync, a replay, the tests) compares the next one's schema
#: with it (microseconds) before it digests it (a few tenths of a millisecond).
_CURRENT_SCHEMA: dict[tuple, dict] = {}


def row_dict(row: sqlite3.Row) -> dict:
    keys = row.keys()
    key = tuple(keys)
    plain = _PLAIN_COLUMNS.get(key)
    if plain is None:
        if len(_PLAIN_COLUMNS) > 4096:
            _PLAIN_COLUMNS.clear()
        plain = _PLAIN_COLUMNS[key] = all(k.isascii() for k in keys) and len({k.lower() for k in keys}) == len(keys)
    return dict(zip(keys, row)) if plain else dict(row)


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


def _an(kind: str) -> str:
    return ("an " if kind[:1].lower() in "aeiou" else "a ") + kind


def too_large(params: Any = ()) -> BadInput:
    """The error for a number SQLite cannot hold (sqlite3 raises OverflowError)."""
    values = params.values() if isinstance(params, dict) else params or ()
    big = next((v for v in values if isinstance(v, int) and not -MAX_SQLITE_INT - 1 <= v <= MAX_SQLITE_INT), None)
    what = f"{big} is" if big is not None else "a number is"
    return BadInput(f"{what} too large (whole numbers go up to {MAX_SQLITE_INT})")


def now_iso() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def configure(conn: sqlite3.Connection, kind: Kind | None = None) -> sqlite3.Connection:
    conn.row_factory = sqlite3.Row
    functions(conn, kind)
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA temp_store = MEMORY")  # statement journals of an entry's writes: never a temporary file
    return conn


def functions(conn: sqlite3.Connection, kind: Kind | None) -> None:
    """The SQL functions the kind's queries use (``name_key``: names compared as people read them)."""
    for name, fn in (getattr(kind, "functions", None) or {}).items():
        conn.create_function(name, 1, fn, deterministic=True)


class Store:
    """An open campaign database. Use :meth:`open` or :meth:`create` (or :meth:`scratch`)."""

    def __init__(self, conn: sqlite3.Connection, path: Path, kind: Kind, *, scratch: bool = False):
        self.conn = conn
        self.path = path
        self.kind = kind
        self._db = None
        self._columns: dict[str, list[str]] = {}
        self.scratch = scratch  # an in-memory work copy: changes need no entry, nothing is recorded
        self.recording = False  # ``current`` holds the seq of an entry applied in the open transaction
        self.last_entry: dict | None = None
        self.read_only = False
        self._sound = False  # quick_check passed (see check_writable)

    @property
    def set_name(self) -> str:
        return self.kind.name

    @property
    def migrations(self) -> list:
        return list(self.kind.migrations)

    # -- opening ---------------------------------------------------------

    @classmethod
    def _connect(cls, path: Path, kind: Kind, create: bool, read_only: bool = False) -> sqlite3.Connection:
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
                                                  isolation_level=None, cached_statements=512))
            if read_only:
                try:
                    conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
                except sqlite3.OperationalError:
                    conn.close()
                    conn = cls._configure(sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True,
                                                          isolation_level=None))
            functions(conn, kind)
        except sqlite3.OperationalError as e:
            verb = "create" if create else "open"
            raise UnusableDatabase(f"cannot {verb} database {path}: {e}") from None
        return conn

    @staticmethod
    def _configure(conn: sqlite3.Connection) -> sqlite3.Connection:
        return configure(conn)

    @staticmethod
    def _cannot_write(path: Path) -> bool:
        """The file, or its folder (where SQLite keeps the -wal and -shm files), is not writable."""
        return not os.access(path, os.W_OK) or not os.access(path.parent if str(path.parent) else ".", os.W_OK)

    @classmethod
    def open(cls, path: str | Path, kind: Kind, *, upgrade: bool = True) -> "Store":
        """Open an existing database, migrating it if it is older than this ghcli (unless not ``upgrade``:
        a test's older file, kept as it is).

        A file (or file system) ghcli cannot write opens read-only: every read
        works, and a change is refused with :class:`ReadOnlyDatabase`.
        """
        path = Path(path)
        words = kind.words
        if not path.exists() and not path.is_symlink():
            raise DatabaseError(f"no {words} at {path}: run `{kind.init_hint}` first (or give --db PATH)")
        read_only = path.exists() and not path.is_dir() and cls._cannot_write(path)
        store = cls(cls._connect(path, kind, create=False, read_only=read_only), path, kind)
        store.read_only = read_only
        try:
            applied = schema.applied_migrations(store.conn, kind.name)
            others = schema.other_sets(store.conn, kind.name)
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
                raise UnusableDatabase(f"{path} holds {_an(words_for(others[0]))}, "
                                       f"not {_an(words_for(kind.name))}: give another --db")
            if foreign:
                raise UnusableDatabase(f"{path} is an SQLite database that ghcli did not make: give another --db")
            raise DatabaseError(f"{path} holds no {words}: run `{kind.init_hint}` first")
        known = kind.migration_names
        unknown = [name for name in applied if name not in known]
        if unknown:
            store.close()
            raise DatabaseError(
                f"{path} was written by a newer ghcli (migration {unknown[-1]}); upgrade ghcli to use it")
        store._check_schema(applied)
        if len(applied) < len(known) and upgrade:
            if read_only:
                store.close()
                raise ReadOnlyDatabase(f"the campaign file is read-only ({path}) and was written by an older "
                                       "ghcli: it must be upgraded, which needs write access")
            try:
                store.migrate()
            except BaseException:
                store.close()
                raise
        if kind.on_open is not None:
            kind.on_open(store)
        return store

    def _check_schema(self, applied: list[str]) -> None:
        """Refuse a file whose schema is not what the migrations it records make (a lying file)."""
        order = [n for n in self.kind.migration_names if n in set(applied)]
        if order != applied[:len(order)] or len(set(applied)) != len(applied):
            self.close()
            raise UnusableDatabase(f"{self.path}: its recorded migrations are out of order or repeated")
        try:
            actual = schema.master(self.conn)
        except sqlite3.DatabaseError as e:
            self.close()
            raise explain(e, self.path) from None
        if order == self.kind.migration_names and self.kind.schema_digest and (
                _CURRENT_SCHEMA.get(known := (self.kind.name, self.kind.schema_digest)) == actual
                or schema.digest_of(actual) == self.kind.schema_digest):
            _CURRENT_SCHEMA[known] = actual
            return  # the schema all of this ghcli's migrations make, exactly (the usual case: no build needed)
        want = schema.expected(self.kind, order)
        if len(applied) < len(self.kind.migration_names):
            # an older file: its triggers are remade by the migration; its tables must be as recorded
            actual = {k: v for k, v in actual.items() if k[0] != "trigger"}
            want = {k: v for k, v in want.items() if k[0] != "trigger"}
        problem = schema.describe_mismatch(actual, want, self.kind, applied)
        if problem:
            self.close()
            raise UnusableDatabase(f"{self.path}: its schema does not match the migrations it records ({problem}); "
                                   "ghcli does not use it")

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
    def create(cls, path: str | Path, kind: Kind, *, fill: Callable[["Store"], Any] | None = None,
               migrations: Sequence | None = None) -> "Store":
        """Create a new database file with the whole schema (and ``fill``'s first entries). Refuses an existing one.

        Atomic: the database is built beside ``path`` under a hidden temporary
        name (``.NAME.XXXX.new``), closed, and only then linked into place, so a
        crash, ``kill -9`` or a full disk part-way leaves no file at ``path``
        (at most the temporary one) or a complete database, never a half-made
        one. A refused create leaves nothing behind. Returns the new database, open.
        """
        import tempfile

        path = Path(path)
        cls._check_new(path, kind)
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
            store = cls(cls._connect(tmp, kind, create=True), tmp, kind)
            try:
                if migrations is None:  # the kind's own: a copy of this process's (schema.new_schema)
                    schema.new_schema(store.conn, kind)
                else:
                    store.migrate(migrations)
                store.conn.execute("PRAGMA journal_mode = WAL")
                if fill is not None:
                    fill(store)
            finally:
                store.close()  # the last connection: SQLite folds the -wal file in and removes it
            cls._move_into_place(tmp, path, kind)
        except sqlite3.Error as e:
            raise explain(e, path) from None
        finally:
            for suffix in ("", "-wal", "-shm", "-journal"):
                Path(f"{tmp}{suffix}").unlink(missing_ok=True)
        return cls.open(path, kind, upgrade=migrations is None)

    @classmethod
    def scratch(cls, kind: Kind, migrations: Sequence | None = None) -> "Store":
        """An in-memory database of the kind's schema (or of ``migrations``) for work that is not an entry:
        a conversion's tables are written here, then taken as a snapshot. Its changes record nothing."""
        conn = configure(sqlite3.connect(":memory:", isolation_level=None), kind)
        store = cls(conn, Path(":memory:"), kind, scratch=True)
        if migrations is None:
            schema.new_schema(conn, kind)
        else:
            store.migrate(migrations)
        store._sound = True
        return store

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
    def _check_new(cls, path: Path, kind: Kind) -> None:
        """Refuse to create over a directory, a non-directory parent or an existing non-empty file."""
        if path.is_dir():
            raise UnusableDatabase(f"{path} is a directory, not a database file (give --db FILE)")
        if path.parent.exists() and not path.parent.is_dir():
            raise UnusableDatabase(f"cannot create database {path}: {path.parent} is not a directory")
        if path.exists() and path.stat().st_size > 0:
            raise Refused(f"{cls._describe(path, kind)} already exists at {path}; refusing to overwrite it")

    @classmethod
    def _move_into_place(cls, tmp: Path, path: Path, kind: Kind) -> None:
        """Put the finished database ``tmp`` at ``path``: a hard link (never over another file), else a rename."""
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)
        except FileExistsError:
            if path.stat().st_size > 0:  # made by someone else meanwhile
                raise Refused(f"{cls._describe(path, kind)} already exists at {path}; "
                              "refusing to overwrite it") from None
            os.replace(tmp, path)  # an empty file stood there
        except OSError as e:
            if e.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                raise _os_error(e, f"cannot create database {path}") from None
            cls._check_new(path, kind)  # a file system without hard links
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
    def _describe(cls, path: Path, kind: Kind) -> str:
        """What an existing file holds, for the refusal to overwrite it: 'a campaign',
        'an Arkham campaign', 'a file'."""
        try:
            # immutable: read the file as it lies, making no -wal/-shm beside it (a refused init leaves nothing)
            conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
            try:
                sets = [r[0] for r in conn.execute(
                    f"SELECT DISTINCT migration_set FROM {schema.MIGRATIONS_TABLE} ORDER BY rowid")]
            finally:
                conn.close()
        except sqlite3.Error:
            return "a file that is not a ghcli database"
        if kind.name in sets:
            return _an(kind.words)
        if sets:
            return _an(words_for(sets[0]))
        return "a database that is not a ghcli one"

    # -- migrations ------------------------------------------------------

    def migrate(self, migrations: Sequence | None = None) -> list[str]:
        """Apply pending migrations, each atomically, then remake the recording triggers."""
        self._columns.clear()
        return schema.run_migrations(self.conn, self.kind.name,
                                     self.kind.migrations if migrations is None else migrations, now="")

    def columns(self, table: str) -> list[str]:
        """A campaign table's columns in schema order (from this file's schema, checked on open)."""
        cols = self._columns.get(table)
        if cols is None:
            cols = self._columns[table] = schema.columns(self.conn, table)
        return cols

    def tables(self) -> list[str]:
        """The campaign's own tables (not the journal's), by name."""
        return schema.recorded_tables(self.conn)

    # -- reading ---------------------------------------------------------

    def _execute(self, sql: str, params: Sequence[Any] | dict):
        try:
            return self.conn.execute(sql, params)
        except OverflowError:
            raise too_large(params) from None

    # (rows, one, value: the connection called directly, not through _execute: a command reads a dozen
    # times, and a replay runs 20,000 commands)
    def rows(self, sql: str, params: Sequence[Any] | dict = ()) -> list[dict]:
        try:
            return [row_dict(r) for r in self.conn.execute(sql, params).fetchall()]
        except OverflowError:
            raise too_large(params) from None

    def one(self, sql: str, params: Sequence[Any] | dict = ()) -> dict | None:
        try:
            row = self.conn.execute(sql, params).fetchone()
        except OverflowError:
            raise too_large(params) from None
        return row_dict(row) if row is not None else None

    def value(self, sql: str, params: Sequence[Any] | dict = ()) -> Any:
        try:
            row = self.conn.execute(sql, params).fetchone()
        except OverflowError:
            raise too_large(params) from None
        return row[0] if row is not None else None

    def tuples(self, sql: str, params: Sequence[Any] | dict = ()) -> list[tuple]:
        """The rows as tuples, in column order (for a select whose column names may repeat)."""
        cur = self.conn.cursor()
        cur.row_factory = None  # plain tuples, as SQLite gives them (no sqlite3.Row made)
        try:
            return cur.execute(sql, params).fetchall()
        except OverflowError:
            raise too_large(params) from None

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        """Reads that see one state of the database (a read transaction, changing nothing)."""
        if self.conn.in_transaction:
            yield
            return
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
    def transaction(self) -> Iterator[None]:
        """BEGIN IMMEDIATE ... COMMIT, or a savepoint inside a transaction already open
        (a sync or a replay applies many entries in one transaction)."""
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
            if self.recording:  # an entry's seq is in ``current``: no write after this one is its
                self.conn.execute("UPDATE current SET seq = NULL WHERE id = 1")
                self.recording = False
            self.conn.execute("COMMIT")
        except BaseException:
            self.recording = False
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise

    _transaction = transaction

    def stop_recording(self) -> None:
        """No entry is being applied now: a write from here on is no entry's (a revert for a sync, a load)."""
        if self.recording:
            self.conn.execute("UPDATE current SET seq = NULL WHERE id = 1")
            self.recording = False

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Many changes as one transaction (all of them, or none)."""
        with self.transaction():
            yield

    def checkpoint(self) -> None:
        """Fold the write-ahead log into the database file (before the file is moved or copied whole)."""
        self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def now(self) -> str:
        """The time now (inside an entry, ``Context.now()`` is the entry's own time)."""
        return now_iso()

    @contextlib.contextmanager
    def change(self, command: str, summary: str = "") -> Iterator[Any]:
        """A change outside an entry: only on a scratch store (a conversion's work copy).

        Every change of a campaign file is an entry: a registered command, run
        with a Context (whose ``change`` joins the entry)."""
        if not self.scratch:
            raise RuntimeError(f"{command!r} changes the campaign outside an entry: register it as a command")
        with self.transaction():
            yield self.db

    def apply(self, command: str, fn: Callable[[Any], Any], summary: str = "") -> Any:
        with self.change(command, summary) as db:
            return values_of(fn(db))

    # -- this machine's sync settings (never exported, never undone) -------

    def sync_setting(self, key: str) -> str | None:
        """This machine's sync settings (``remote``, ``player``, ...); None when unset."""
        try:
            return self.value("SELECT value FROM sync_state WHERE key = ?", [key])
        except sqlite3.OperationalError:
            return None

    def set_sync_settings(self, **values: str | None) -> None:
        """Set (a value) or forget (None) this machine's sync settings, in one transaction."""
        with self.transaction():
            for key, value in values.items():
                if value is None:
                    self.conn.execute("DELETE FROM sync_state WHERE key = ?", [key])
                else:
                    self.conn.execute("INSERT OR REPLACE INTO sync_state (key, value) VALUES (?, ?)", [key, value])

    def clear_sync_settings(self) -> None:
        """Forget this machine's sync settings (the campaign is no longer synced here)."""
        with self.transaction():
            self.conn.execute("DELETE FROM sync_state")

    # -- the journal, for the callers that hold a Store ---------------------

    def history(self, limit: int | None = None) -> list[dict]:
        from ghcli.journal import history

        return history.rows(self, limit)

    def entry(self, ref: str) -> dict:
        from ghcli.journal import history

        return history.find(self, ref)
