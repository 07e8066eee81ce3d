"""The command's campaign and the root's options: where the campaign file is (--db, $GHCLI_DB, the app
folder), which edition's facts are in use (--edition), opening the campaign, ``ghcli --version``.

Typer and the standard library only at import time.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any, Optional

import typer

from ghcli.cli.shown import shown
from ghcli.records import record


@record
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
    """The running command's context (typer 0.29 runs its own vendored click, typer._click)."""
    from typer._click.globals import get_current_context

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


def edition_option():
    """``--edition gh|jotl`` for the commands that need no campaign (class, monster stats)."""
    return typer.Option(None, "--edition", metavar="gh|jotl", show_default=False,
                        help="The edition's facts: gh (Gloomhaven) or jotl (Jaws of the Lion); "
                             "default: the campaign's, else gh.")


def use_edition(edition: Optional[str]) -> None:
    """Make ``edition`` the active one, or the campaign's (if one is at --db), else Gloomhaven."""
    from ghcli import editions

    if edition is not None:
        from ghcli.cli.arguments import worded

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
