"""What every command shares: settings, error handling, output.

Typer and the standard library only at import time.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Sequence

import typer
from typer.core import TyperGroup

from ghcli.cli.shown import cell, json_text, shown
from ghcli.errors import GhcliError

JSON_OPTION_HELP = "Print JSON instead of a table."
# Exit code after Ctrl-C or a closed output pipe: 128 + SIGINT, as a shell reports an interrupted command.
EXIT_INTERRUPTED = 130


@dataclass
class Settings:
    """The root's options (a dataclass without a docstring costs inspect.signature at start-up)."""

    db: Optional[Path] = None


def show_version(value: bool) -> None:
    """``ghcli --version``: print the version and stop (an eager option's callback)."""
    if value:
        from ghcli import __version__

        typer.echo(f"ghcli {__version__}")
        raise typer.Exit()


def current_context():
    """The running command's context (typer >= 0.2x runs its own vendored click, typer._click)."""
    try:
        from typer._click.globals import get_current_context
    except ImportError:  # older typer over plain click
        from click import get_current_context
    return get_current_context(silent=True)


def db_path() -> Path:
    """--db PATH (given before the subcommand), else $GHCLI_DB, else campaign.db in the app folder."""
    ctx = current_context()
    settings = ctx.find_root().obj if ctx is not None else None
    if settings is not None and settings.db is not None:
        return campaign_file(Path(settings.db))
    env = os.environ.get("GHCLI_DB")
    if env:
        return campaign_file(Path(env))
    return campaign_file(Path(typer.get_app_dir("ghcli")) / "campaign.db")


def campaign_file(path: Path) -> Path:
    """``path`` if a campaign file can be there: a regular file, a directory (refused later, with its
    own message) or nothing yet; a device, a FIFO or a socket is refused (bad usage, exit 2), so that
    no command ever replaces ``/dev/null`` with a campaign, even as root, or waits on a FIFO."""
    import stat

    from ghcli.errors import BadInput

    try:
        mode = path.stat().st_mode  # through a symbolic link: what it names
    except FileNotFoundError:
        return path
    except OSError as e:
        if e.errno in (errno.ENOTDIR, errno.ELOOP):
            return path  # the database layer names these
        raise BadInput(f"cannot use {shown(path)} as the campaign file: {(e.strerror or str(e)).lower()}") from None
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        what = ("a FIFO" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
        raise BadInput(f"{shown(path)} is {what}, not a campaign file: give --db FILE (ghcli never replaces it)")
    return path


def app_dir() -> Path:
    return Path(typer.get_app_dir("ghcli"))


# The ClickException that typer's own click (vendored as typer._click in
# typer >= 0.2x) catches; plain ``click.ClickException`` is a different class there.
_ClickException = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
_UsageError = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")


class _Failure(_ClickException):
    """A GhcliError as a one-line message and its exit code."""

    def __init__(self, message: str, exit_code: int):
        super().__init__(message)
        self.exit_code = exit_code

    def show(self, file=None) -> None:  # noqa: D401 - click API
        typer.echo(f"error: {shown(self.format_message(), lines=False)}", err=True)


def usage_failure(e: Any) -> "_Failure":
    """click's usage error (a missing option, a bad value, an unknown command) as one line, exit 2.

    click prints the usage line, a hint and the error on four lines; ghcli's
    errors are one line: the message, then where the help is.
    """
    message = e.format_message().strip().rstrip(".")
    message = message[:1].lower() + message[1:]
    # a value of thousands of characters (a 4,301-digit number) shown cut: the line stays readable
    message = re.sub(r"'([^']{40})[^']{20,}'", r"'\1…'", message)
    option = getattr(e, "option_name", None)
    ctx = getattr(e, "ctx", None)
    if type(e).__name__ == "NoSuchOption" and option and option[1:2].isdigit():
        message = _negative_number(option, ctx.find_root().meta.get(ARGS_KEY, []) if ctx is not None else [])
    if ctx is not None:
        message += f" (see `{ctx.command_path} --help`)"
    return _Failure(message, 2)


# Where the root keeps the command line it parsed (for the messages about negative numbers).
ARGS_KEY = "ghcli.args"


def _negative_number(option: str, args: list[str]) -> str:
    """The message for a negative number click took for an option (it names only ``-5`` of ``-500``)."""
    i = next((i for i, a in enumerate(args) if a.startswith(option) and a[1:].replace(".", "").isdigit()), None)
    number = args[i] if i is not None else option
    before = args[i - 2] if i is not None and i >= 2 and args[i - 1] == "--" else ""
    if before.startswith("--"):  # --gold-each -- -500: the value was "--"
        return (f"{before} takes its value right after it: {before} {number} "
                f"(-- before a negative number is for arguments, as in `ghcli perk Hilda -- -1`)")
    return f"no such option: {number} (to give a negative number, put -- before it: -- {number})"


def _is_usage_error(e: BaseException) -> bool:
    # ``ghcli`` or ``ghcli campaign`` alone shows the help (click's NoArgsIsHelpError): keep that.
    return isinstance(e, _UsageError) and type(e).__name__ != "NoArgsIsHelpError"


class ErrorHandlingGroup(TyperGroup):
    """Turns the named errors of the lower layers into one line and an exit code.

    BadInput (exit 2), Refused and other GhcliErrors (exit 1); a locked or
    broken database is reported the same way; click's usage errors become one
    line with exit 2. Never a traceback.
    """

    def make_context(self, info_name: Any, args: Any, parent: Any = None, **extra: Any) -> Any:
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except _UsageError as e:
            if not _is_usage_error(e):
                raise
            raise usage_failure(e) from None

    def invoke(self, ctx: Any) -> Any:
        try:
            return self._invoke(ctx)
        finally:  # the campaign the command opened, closed: its -wal folded in, nothing left beside it
            store = ctx.find_root().meta.pop(STORE_KEY, None)
            if store is not None:
                with contextlib.suppress(Exception):
                    store.close()

    def _invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except _UsageError as e:
            if not _is_usage_error(e):
                raise
            raise usage_failure(e) from None
        except GhcliError as e:
            raise _Failure(str(e), e.exit_code) from None
        except UnicodeDecodeError:  # text in the campaign file that is not UTF-8: damage (in sqlite_master, ...)
            from ghcli.journal.store import _damaged

            raise _Failure(str(_damaged(db_path(), "text in it is not valid UTF-8")), 1) from None
        except UnicodeError as e:  # an argument that is not UTF-8 (or a lone surrogate) reached the database
            raise _Failure(_not_utf8(e), 2) from None
        except (BrokenPipeError, KeyboardInterrupt):
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except OSError as e:  # a file name too long, a folder that vanished, ...: named, never a traceback
            raise _os_failure(e) from None
        except Exception as e:
            # read-only, full disk, I/O error, damage: named by the database module (sqlite3 is loaded
            # only by the commands that open a campaign, so a rules question does not import it)
            sqlite3 = sys.modules.get("sqlite3")
            if sqlite3 is not None and isinstance(e, sqlite3.Error):
                from ghcli.journal.store import explain

                err = explain(e)
                raise _Failure(str(err), err.exit_code) from None
            if isinstance(e, ValueError) and "integer string conversion" in str(e):
                # Python refuses to read or print a whole number of more than 4,300 digits
                # (sys.get_int_max_str_digits)
                raise _Failure("a number has more than 4,300 digits: whole numbers go up to 2^63 - 1", 2) from None
            raise


def _not_utf8(e: UnicodeError) -> str:
    """The message for text that cannot be written as UTF-8: an argument's bytes, or a lone surrogate."""
    text = getattr(e, "object", "")
    start = getattr(e, "start", 0)
    bad = text[start:start + 1] if isinstance(text, str) else ""
    if bad and not "\udc80" <= bad <= "\udcff":  # not a byte of argv: a \ud800 from a JSON file
        return f"a text holds a lone surrogate ({shown(bad)}), which is not valid UTF-8 (names and values are UTF-8)"
    return "an argument is not valid UTF-8 text (names and values are UTF-8)"


def _os_failure(e: OSError) -> "_Failure":
    """An operating-system error that reached the command as one line: the file and the cause."""
    cause = (e.strerror or str(e)).lower()
    where = f"{shown(e.filename)}: " if e.filename is not None else ""
    if e.errno == errno.ENOSPC:
        return _Failure(f"the disk is full: {where}nothing more could be written", 1)
    if e.errno in (errno.EIO, errno.EROFS):
        return _Failure(f"{where}{cause}", 1)
    return _Failure(f"cannot use {where}{cause}", 2)


@contextlib.contextmanager
def worded(options: dict[str, str]):
    """Word the CLI's options in errors from the layers below, which name parameters, not flags.

    A ``BadInput`` whose ``field`` is in ``options`` ({parameter: "--flag"})
    is re-raised with the flag after it: "the card level must be from 1 to 9,
    not 10 (--level)".
    """
    from ghcli.errors import BadInput

    try:
        yield
    except BadInput as e:
        fields = e.field if isinstance(e.field, tuple) else (e.field,) if e.field else ()
        flags = [options[f] for f in fields if f in options]
        if not flags:
            raise
        raise BadInput(f"{e} ({', '.join(flags)})") from None


def fail(message: str, code: int = 1) -> None:
    """Stop with a one-line error (for checks that belong to the CLI itself)."""
    raise _Failure(message, code)


def confirm(question: str, *, declined: str, yes_flag: str = "--yes") -> None:
    """Ask ``question`` [y/N] (on standard error: a question is not output) and go on only on yes.
    No, or no answer at all (standard input closed, as in a script), stops with ``error:
    {declined}`` (exit 1; no answer names ``yes_flag``); Ctrl-C at the prompt exits 130, like
    Ctrl-C anywhere else."""
    try:
        answer = typer.confirm(question, default=False, err=True)
    except typer.Abort as e:
        if isinstance(e.__context__, KeyboardInterrupt):
            typer.echo("", err=True)
            raise typer.Exit(EXIT_INTERRUPTED) from None
        typer.echo("", err=True)
        fail(f"{declined} (no answer: {yes_flag} does it without asking)")
    if not answer:
        fail(declined)


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """'1 checkmark', '2 checkmarks' (see ghcli.campaign.amounts.counted)."""
    from ghcli.campaign.amounts import counted as _counted

    return _counted(n, noun, plural)


def json_option(help: str = JSON_OPTION_HELP):
    return typer.Option(False, "--json", help=help)


# Tables fit this many columns: longer texts wrap inside their column.
TABLE_WIDTH = 100


def _cell(value: Any) -> Any:
    """A value as a player reads it: yes/no rather than True/False, nothing for None; text one line,
    escaped and cut (``ghcli.cli.shown.cell``)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return cell(value)
    return "" if value is None else value


def table(rows: Iterable[Sequence[Any]] | Iterable[dict], headers: Any = "keys", *, width: int = TABLE_WIDTH,
          **kw) -> str:
    """Rows as a plain-text table at most ``width`` columns wide (``ghcli/cli/tables.py``).

    True/False print as yes/no; widths are display widths (wide characters
    count two); when the table is too wide, the widest columns wrap their
    text at word boundaries until it fits.
    """
    from ghcli.cli import tables

    rows = [{k: _cell(v) for k, v in r.items()} if isinstance(r, dict) else [_cell(v) for v in r] for r in rows]
    return tables.simple(rows, headers, width=width, **kw)


def wrapped(line: str, width: int = TABLE_WIDTH, indent: str = "  ") -> str:
    """A long line of text wrapped at ``width`` columns, the following lines indented."""
    if len(line) <= width:
        return line
    import textwrap

    return textwrap.fill(line, width=width, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False)


STORE_KEY = "ghcli.store"


def remember_store(store: Any) -> None:
    """Keep the command's open campaign in its click context, so that ``emit`` can add
    the history entry a change wrote to its JSON."""
    ctx = current_context()
    if ctx is not None:
        ctx.find_root().meta[STORE_KEY] = store


def written_entry() -> dict | None:
    """The history entry this command wrote (None for a read)."""
    ctx = current_context()
    store = ctx.find_root().meta.get(STORE_KEY) if ctx is not None else None
    return getattr(store, "last_entry", None)


def emit(data: Any, as_json: bool, text: Callable[[], str] | str | None = None) -> None:
    """Print ``data`` as JSON, or the text (a string or a function making one).

    After a change, the JSON object also holds ``entry``: the history entry
    written (command, summary, arguments, draws, id, clock, player).
    """
    if as_json:
        entry = written_entry()
        if entry is not None and isinstance(data, dict) and "entry" not in data:
            data = {**data, "entry": entry}
        sys.stdout.write(json_text(data) + "\n")
        return
    if text is None:
        text = lambda: table(data if isinstance(data, list) else [data])  # noqa: E731
    if callable(text):
        cut_names(data)
    out = text() if callable(text) else text
    if out:
        echo(out)


# The keys under which a command's values hold names people gave (characters, players, parties, campaigns).
NAME_KEYS = frozenset({"name", "player", "party", "campaign", "character", "by", "players", "characters"})


def cut_names(data: Any, _depth: int = 0) -> None:
    """Cut, in place, every name longer than a name may be typed (40 characters) that ``data`` holds
    under :data:`NAME_KEYS`, so that text output shows it cut (``Zoë the…``).

    Only for text output: ``emit`` calls it when no JSON is printed (the JSON keeps every value
    exact), on the values the text is made from. Names typed are never that long: a longer one came
    from a file or was written into the database by hand. Shipped facts are never cut (none is
    that long), so cached facts are never changed.
    """
    from ghcli.cli.shown import cut

    if _depth > 20:
        return
    if isinstance(data, dict):
        long = {v: cut(v, MAX_NAME_SHOWN) for k, v in data.items()
                if k in NAME_KEYS and isinstance(v, str) and len(v) > MAX_NAME_SHOWN}
        for key, value in data.items():
            if isinstance(value, str):
                if key in NAME_KEYS and len(value) > MAX_NAME_SHOWN:
                    data[key] = long[value]
                elif long:  # a sentence beside the name that holds it ("NAME has kept no quest"): cut there too
                    for full, short in long.items():
                        value = value.replace(full, short)
                    data[key] = value
            elif key in NAME_KEYS and isinstance(value, list):
                for i, v in enumerate(value):
                    if isinstance(v, str) and len(v) > MAX_NAME_SHOWN:
                        value[i] = cut(v, MAX_NAME_SHOWN)
                    else:
                        cut_names(v, _depth + 1)
            else:
                cut_names(value, _depth + 1)
    elif isinstance(data, list):
        for value in data:
            cut_names(value, _depth + 1)


MAX_NAME_SHOWN = 40


def echo(text: str, *, err: bool = False, nl: bool = True) -> None:
    """Print text (every text output goes here, or through ``emit``): what would act on a terminal
    shown escaped (``ghcli.cli.shown``)."""
    typer.echo(shown(text), err=err, nl=nl)


def read_text(path: str) -> str:
    """A file's text, or standard input for '-'; a missing file is bad input (exit 2)."""
    from ghcli.errors import BadInput

    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"{path} is not UTF-8 text") from None
    except OSError as e:
        raise BadInput(f"cannot read {path}: {e.strerror or e}") from None


def write_text(path: str, text: str) -> None:
    """Write text to a file, or to standard output for '-'; an unwritable path is bad input (exit 2).

    A file is written whole beside its place and renamed over it (``ghcli.campaign.beside``): a
    full disk or a kill part-way leaves what was there. Something that is not a regular file
    (``/dev/stdout``, a FIFO) is written to as it is, never replaced.
    """
    import stat

    from ghcli.errors import BadInput

    if path == "-":
        echo(text, nl=False)
        return
    target = Path(path)
    try:
        if target.is_symlink():
            target = target.resolve()
        mode = target.stat().st_mode if target.exists() else None
        if mode is not None and not stat.S_ISREG(mode):
            if stat.S_ISDIR(mode):
                raise BadInput(f"cannot write {path}: it is a directory")
            with open(target, "w", encoding="utf-8") as f:
                f.write(text)
            return
        from ghcli.campaign import beside

        def write(tmp: Path) -> None:
            tmp.write_text(text, encoding="utf-8")
            if mode is not None:  # the file it replaces keeps its permissions
                os.chmod(tmp, stat.S_IMODE(mode))

        beside.replace_file(target, write)
    except OSError as e:
        import errno

        if e.errno == errno.ENOSPC:
            from ghcli.journal.store import StorageError

            raise StorageError(f"the disk is full: {path} could not be written (it is as it was)") from None
        raise BadInput(f"cannot write {path}: {e.strerror or e}") from None


# -- the campaign and shared parsing ----------------------------------------

# For commands taking "+N|-N": let click pass "-2" through as an argument.
SIGNED_CONTEXT = {"ignore_unknown_options": True}


def edition_option():
    """``--edition gh|jotl`` for the commands that need no campaign (class, monster stats)."""
    return typer.Option(None, "--edition", metavar="gh|jotl", show_default=False,
                        help="The edition's facts: gh (Gloomhaven) or jotl (Jaws of the Lion); "
                             "default: the campaign's, else gh.")


def use_edition(edition: Optional[str]) -> None:
    """Make ``edition`` the active one, or the campaign's (if one is at --db), else Gloomhaven."""
    from ghcli import editions

    if edition is not None:
        with worded({"edition": "--edition"}):
            editions.activate(edition)
        return
    path = db_path()
    if not path.is_file():
        return
    from ghcli.campaign.kind import Store
    from ghcli.errors import GhcliError

    try:
        Store.open(path).close()  # opening a campaign makes its edition the active one
    except GhcliError:  # not a campaign we can read: the facts need none
        editions.reset()


def open_store():
    """The campaign Store at --db / $GHCLI_DB / the app folder."""
    from ghcli.campaign.kind import Store

    store = Store.open(db_path())
    remember_store(store)  # so that emit adds the history entry a change wrote
    return store


def signed(text: str, what: str = "number") -> int:
    """'+3', '-2' or '4' as an int; anything else is bad input."""
    from ghcli.errors import BadInput

    t = str(text).strip()
    body = t[1:] if t[:1] in "+-" else t
    if not (body.isascii() and body.isdigit()):
        raise BadInput(f"{what} must be a whole number like +1 or -2, not {shown(cut_text(text))!r}")
    if len(body.lstrip("0")) > 30:  # beyond any amount (and Python reads no number of more than 4,300 digits)
        raise BadInput(f"{what}: {cut_text(t)} is too large (at most {MAX_CHANGE:,})")
    return int(t)


# No amount a command takes comes near this (ghcli.campaign.amounts.MAX_CHANGE).
MAX_CHANGE = 1_000_000


def cut_text(text: str, limit: int = 40) -> str:
    """A value typed, for a message: at most ``limit`` characters (``…`` where cut)."""
    from ghcli.cli.shown import cut

    return cut(str(text), limit)


def pairs(values: Optional[list[str]], option: str, *, numbers: bool = True) -> list[tuple[str, object]]:
    """Parse repeatable NAME=VALUE options; VALUE is an int (possibly signed) when numbers."""
    from ghcli.errors import BadInput

    out = []
    for raw in values or []:
        name, sep, value = raw.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise BadInput(f"{option} {raw!r}: expected NAME=VALUE")
        if numbers:
            v = value.strip()
            digits = v[1:] if v[:1] in "+-" else v
            if not (digits.isascii() and digits.isdigit()):
                raise BadInput(f"{option} {cut_text(raw)!r}: {cut_text(value.strip())!r} is not a whole number")
            if len(digits.lstrip("0")) > 30:  # the commands bound amounts; this keeps the message short
                raise BadInput(f"{option} {name.strip()}: {cut_text(v)} is too large (at most {MAX_CHANGE:,})")
            out.append((name.strip(), int(value.strip())))
        else:
            out.append((name.strip(), value.strip()))
    return out


def as_dict(items: list[tuple[str, object]], option: str) -> dict:
    from ghcli.errors import BadInput

    seen: dict[str, object] = {}
    for name, value in items:
        if name.lower() in (k.lower() for k in seen):
            raise BadInput(f"{option} names {name} twice")
        seen[name] = value
    return seen


def lines(done: list[str]) -> str:
    return "\n".join(done)
