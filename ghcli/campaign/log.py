"""The Gloomhaven campaign's commands on the journal: a thin shim over ``ghcli.journal``.

``@command("buy", keys={"item_name": item_key})`` registers a campaign function
as a command of the Gloomhaven kind (``ghcli.campaign.kind.GHCLI``): see
``ghcli.journal.commands``. Kept so that ``from ghcli.campaign.log import Done,
command`` keeps working until the lead's rename sweep.
"""

from __future__ import annotations

from ghcli.campaign.kind import GHCLI, command  # noqa: F401
from ghcli.journal.commands import Command, DrawMismatch, RecordingRandom  # noqa: F401
from ghcli.journal.entries import FORMAT, BadEntry, Entry, canonical  # noqa: F401
from ghcli.journal.player import local_player as player  # noqa: F401
from ghcli.journal.store import Done, Later  # noqa: F401

#: the Gloomhaven kind's commands by name
REGISTRY = GHCLI.commands.commands


def registered(name: str) -> Command:
    return GHCLI.commands.get(name)


def load_commands() -> None:
    """Import every campaign module that registers commands."""
    GHCLI.load_commands()
