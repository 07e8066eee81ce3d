"""The ``ghcli`` command: one Typer sub-app per noun, joined here.

Modules in this package import only typer and the standard library at the
top; everything else (rules, campaign, sqlite_utils, tabulate) is imported
inside the command that needs it, so ``ghcli --help`` starts fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ghcli.cli import common
from ghcli.cli.lazy import LazyGroup

app = typer.Typer(
    name="ghcli",
    cls=LazyGroup,
    help="Unofficial Gloomhaven campaign manager and rules adjudicator.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.callback()
def _root(
    ctx: typer.Context,
    db: Optional[Path] = typer.Option(
        None, "--db", metavar="PATH",
        help="Campaign database (default: $GHCLI_DB, else campaign.db in the ghcli app folder).",
    ),
) -> None:
    ctx.obj = common.Settings(db=db)


# The modules that add commands, each with ``register(app)``, in --help order.
# They are loaded lazily (ghcli/cli/lazy.py): after adding or renaming a
# top-level command, regenerate the --help index with `python -m ghcli.cli.make_index`.
MODULES = ("core", "campaign", "party", "character", "classes", "scenario", "road", "event", "town", "enhance",
           "exchange", "sync", "rules", "dungeon", "solo", "monster", "arkham")


def _register() -> None:
    """Add every module's commands to ``app`` at once (the lazy root does not need this)."""
    import importlib

    for module in MODULES:
        importlib.import_module(f"ghcli.cli.{module}").register(app)


def main() -> None:
    app()
