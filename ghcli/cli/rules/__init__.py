"""`ghcli rules ...`: questions settled at the table, from ``ghcli.rules`` (no campaign needed).

The noun's parts, each a nameless sub-app joined here: ``board`` (focus, los),
``edit`` (the Textual board editor), ``pictures`` (board show/convert),
``attack`` (attack modifier draws and damage) and ``rounds`` (order, level,
rest, exhausted, elements).

A command line builds only the part that holds its command (:func:`app_for`: ``ghcli rules
focus`` imports ``board`` alone, not the other four); :data:`PARTS` names each part's commands
(``tests/test_campaign_startup.py`` keeps it true). ``app``, the whole noun, is built on first
use: help, completion and the tests read it.
"""

from __future__ import annotations

import importlib

import typer

NAME = "rules"
HELP = "Settle rules questions at the table (no campaign needed)."
#: The parts in --help order: (module below ghcli.cli.rules, the commands its app holds).
PARTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("board", ("focus", "los")),
    ("edit", ("edit",)),
    ("pictures", ("board",)),
    ("attack", ("attack",)),
    ("rounds", ("order", "level", "rest", "exhausted", "elements")),
)


def _noun(parts: list[str]) -> typer.Typer:
    noun = typer.Typer(name=NAME, help=HELP, no_args_is_help=True)
    for part in parts:
        noun.add_typer(importlib.import_module(f"{__name__}.{part}").app)
    return noun


def app_for(command: str) -> typer.Typer:
    """The noun holding only the part with ``command``; the whole noun when no part has it (so that
    click's error lists the commands there are)."""
    for part, commands in PARTS:
        if command in commands:
            return _noun([part])
    return _whole()


def _whole() -> typer.Typer:
    """The whole noun, built once (the module's ``app`` from then on)."""
    whole: typer.Typer | None = globals().get("app")
    if whole is None:
        whole = globals()["app"] = _noun([part for part, _ in PARTS])
    return whole


def __getattr__(name: str) -> typer.Typer:
    if name == "app":
        return _whole()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
