"""How a command fails: one line on standard error (``error: ...``) and an exit code, never a traceback.

:class:`ErrorHandlingGroup` (the root group's base) turns the named errors of the
lower layers, click's usage errors and the operating system's into that line;
:func:`fail` stops a command with one.

Typer and the standard library only at import time.
"""

from __future__ import annotations

import contextlib
import errno
import re
import sys
from typing import Any

import typer
from typer.core import TyperGroup

from ghcli.cli.settings import STORE_KEY, db_path
from ghcli.cli.shown import shown
from ghcli.errors import GhcliError

# Exit code after Ctrl-C or a closed output pipe: 128 + SIGINT, as a shell reports an interrupted command.
EXIT_INTERRUPTED = 130


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


def fail(message: str, code: int = 1) -> None:
    """Stop with a one-line error (for checks that belong to the CLI itself)."""
    raise _Failure(message, code)
