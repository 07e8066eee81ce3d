"""Commands of `ghcli rules` (placeholder until its issue fills it)."""

from __future__ import annotations

import typer


def register(rules_app: typer.Typer) -> None:
    pass
