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
from ghcli.cli.common import ErrorHandlingGroup

app = typer.Typer(
    name="ghcli",
    cls=ErrorHandlingGroup,
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


def _register() -> None:
    # Each module adds its commands / sub-app to ``app``.
    from ghcli.cli import (  # noqa: F401  (imported for their registrations)
        arkham,
        campaign,
        character,
        core,
        enhance,
        event,
        party,
        road,
        rules,
        scenario,
        town,
    )

    for module in (core, campaign, party, character, scenario, road, event, town, enhance, rules, arkham):
        module.register(app)


_register()


def main() -> None:
    app()
