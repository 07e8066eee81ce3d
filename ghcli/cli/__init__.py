"""The ``ghcli`` command: one Typer sub-app per noun, joined here.

Every module of this package hangs its commands on a module-level
``app = typer.Typer(...)`` with ``@app.command("name")`` on module-level
functions. A noun (``character``, ``rules``) is a named Typer; a module of
top-level verbs (``status``: init, status; ``history``: history, undo, redo)
has a nameless one. A noun of several files is a package (``rules/``,
``scenario/``, ``enhance/``): each part has a nameless app, and the package's
``__init__`` makes the noun's app and joins them (``app.add_typer(part.app)``).

What the commands share: ``settings`` (the campaign file: --db, $GHCLI_DB;
--edition; opening the campaign), ``failures`` (one-line errors and exit
codes), ``output`` (--json or text, tables), ``arguments`` (values typed:
+N|-N, NAME=VALUE; errors worded with the option), ``files`` (text files read
and written, '-' for standard input/output), ``shown`` (text made safe to
print), ``tables`` (plain-text tables), ``complete`` (shell completion).

The root loads a module only when one of its commands runs
(``ghcli/cli/lazy.py``), so :data:`COMMANDS` names the module and the
one-line summary of each top-level command. Adding a command is one line
there; ``tests/test_campaign_startup.py`` checks the table against the
modules (every command listed, each summary the command's own).

Modules in this package import only typer and the standard library at the
top; everything else (rules, campaign, sqlite_utils, tabulate) is imported
inside the command that needs it, so ``ghcli --help`` starts fast.
"""

# No `from __future__ import annotations`: typer reads these annotations on every run, and as strings
# it would compile and evaluate each (docs/shell.md: Start-up speed).
import sys
from pathlib import Path
from typing import Optional

import typer

from ghcli.cli import complete, settings
from ghcli.cli.lazy import LazyGroup

# The top-level commands in --help order: (name, module, one-line summary); the module is one of ghcli.cli
# by its short name, or another package's CLI by its full name (the Arkham noun: ghcli.arkham.cli).
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("init", "status", "Start a new campaign (refuses to overwrite an existing one)."),
    ("status", "status", "Prosperity, reputation, donations, achievements, characters and available scenarios."),
    ("history", "history", "Every entry of the campaign's journal, newest first (undone ones marked)."),
    ("undo", "history", "Undo your last change (or ENTRY): an entry that reverts it exactly."),
    ("redo", "history", "Redo what your last undo (or ENTRY) undid: an entry that reverts the undo."),
    ("campaign", "campaign", "The campaign: prosperity, global achievements, unlocks."),
    ("party", "party", "The current party: reputation, achievements; new parties."),
    ("character", "character", "Characters: create, show, list, adjust by hand, personal quests."),
    ("class", "classes", "Classes: ability cards by level and numbered perks."),
    ("scenario", "scenario", "Scenarios: what is available, and results."),
    ("travel", "road", "Travel to a scenario; says whether a road event is due."),
    ("return", "road", "Return to Gloomhaven: a town visit opens."),
    ("event", "event", "City and road events: draw the top card, record its outcome."),
    ("shop", "town", "The shop's supply: copies left and prices with the reputation modifier."),
    ("buy", "town", "A character buys an item from the supply."),
    ("sell", "town", "A character sells an item for half its cost; it goes back to the supply."),
    ("level-up", "town", "Level a character up in town: one new card and one perk."),
    ("perk", "town", "Take a perk earned with checkmarks (every 3, at most 6) or a player's extra perks."),
    ("donate", "town", "Donate 10 gold to the Sanctuary (once per character per visit): 2 bless cards next scenario."),
    ("retire", "town", "Retire a character whose personal quest is fulfilled."),
    ("enhance", "enhance", "Enhancement stickers: what they cost, and applying them."),
    ("export", "exchange", "Write the campaign to one JSON file: ghcli's lossless format or a GHS game."),
    ("import", "exchange", "A new campaign from a ghcli or GHS file (refuses an existing one, like init)."),
    ("backup", "sync", "A consistent copy of the database, even while others write."),
    ("sync", "sync", "Sync the campaign with the group's git remote."),
    ("rules", "rules", "Settle rules questions at the table (no campaign needed)."),
    ("dungeon", "dungeon", "Random dungeons: draw three rooms; record one played (casual play)."),
    ("solo", "solo", "Solo scenarios: who may play their class's, and results."),
    ("monster", "monster_stats", "Monster stats: normal and elite (or boss) stats by scenario level."),
    ("arkham", "ghcli.arkham.cli", "Arkham Horror: The Card Game campaign log (its own database)."),
)

app = typer.Typer(
    name="ghcli",
    cls=LazyGroup,
    help="Unofficial Gloomhaven campaign manager and rules adjudicator.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def _root(
    ctx: typer.Context,
    db: Optional[str] = typer.Option(
        None, "--db", metavar="PATH",
        help="Campaign database (default: $GHCLI_DB, else campaign.db in the ghcli app folder).",
    ),
    version: bool = typer.Option(
        False, "--version", is_eager=True, expose_value=False, callback=settings.show_version,
        help="Print ghcli's version and exit.",
    ),
    install_completion: Optional[str] = typer.Option(
        None, "--install-completion", metavar="[SHELL]", is_eager=True, expose_value=False, callback=complete.install,
        help="Install shell completion (bash, zsh, fish, powershell; default: the shell of $SHELL).",
    ),
    show_completion: Optional[str] = typer.Option(
        None, "--show-completion", metavar="SHELL", is_eager=True, expose_value=False, callback=complete.show,
        help="Print the completion script for bash, zsh, fish or powershell.",
    ),
) -> None:
    if db is not None and not db.strip():
        from ghcli.errors import BadInput

        raise BadInput("--db is empty: give the campaign file's path, or leave --db out")
    ctx.obj = settings.Settings(db=Path(db) if db is not None else None)
    editions = sys.modules.get("ghcli.editions")
    if editions is not None:  # not loaded yet (a fresh process): it starts at no campaign open
        editions.reset()  # no campaign open yet: opening one makes its edition the active one


def main() -> None:
    """The ``ghcli`` console script."""
    complete.serve()
    app(prog_name="ghcli")
