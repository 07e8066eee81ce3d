"""(placeholder until its issue fills it)"""

from __future__ import annotations

import typer


def register(sub_app: typer.Typer) -> None:
    pass
