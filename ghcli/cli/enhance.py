"""`ghcli enhance` commands. (placeholder: commands are added by the issue that owns them)"""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    pass
