"""Shell completion: the scripts (``--show-completion``, ``--install-completion``) and what they complete.

The shell asks ``ghcli`` itself: the script sets ``_GHCLI_COMPLETE`` and
``ghcli`` answers with the commands, options and values that fit (typer's
completion machinery, registered by :func:`serve` only when asked, so a plain
run pays nothing). Command names come from the root's table; the values of
arguments come from the functions below: class, item and scenario names from
the game data, character names from the open campaign (``--db`` if given on
the line being completed, else ``$GHCLI_DB``, else the app folder's). A
completion never fails loudly: anything unreadable completes to nothing.

Typer and the standard library only at import time.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import typer

COMPLETE_VAR = "_GHCLI_COMPLETE"
PROG = "ghcli"
SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


def serve() -> None:
    """Register the shells' completion classes when a shell is asking (``_GHCLI_COMPLETE`` set)."""
    if os.environ.get(COMPLETE_VAR):
        from typer.completion import completion_init

        completion_init()


def _shell(value: str) -> str:
    shell = value.strip().lower()
    if shell == "auto":
        shell = Path(os.environ.get("SHELL", "")).name
        if shell not in SHELLS:
            raise typer.BadParameter("cannot tell which shell this is: name it "
                                     "(`ghcli --install-completion bash|zsh|fish|powershell`)")
    if shell not in SHELLS:
        raise typer.BadParameter(f"no completion for the shell {value!r}: bash, zsh, fish or powershell")
    return shell


def script(shell: str) -> str:
    """The completion script for ``shell`` (bash, zsh, fish, powershell)."""
    from typer.completion import completion_init, get_completion_script

    completion_init()
    return get_completion_script(prog_name=PROG, complete_var=COMPLETE_VAR, shell=_shell(shell))


def show(value: str | None) -> None:
    """``ghcli --show-completion SHELL``: print the script (an eager option's callback)."""
    if value is None:
        return
    typer.echo(script(value))
    raise typer.Exit()


def install(value: str | None) -> None:
    """``ghcli --install-completion [SHELL]``: install the script where the shell reads it."""
    if value is None:
        return
    from typer.completion import completion_init
    from typer.completion import install as typer_install

    completion_init()
    shell, path = typer_install(shell=_shell(value), prog_name=PROG, complete_var=COMPLETE_VAR)
    typer.echo(f"{shell} completion installed in {path}; it works in shells started from now on.")
    raise typer.Exit()


def option_value_given(args: list[str]) -> list[str]:
    """``--install-completion`` alone means: the shell of $SHELL (click options need a value)."""
    out = list(args)
    for i, arg in enumerate(out):
        if arg == "--install-completion" and (i + 1 == len(out) or out[i + 1].startswith("-")):
            out.insert(i + 1, "auto")
            break
    return out


# -- values ------------------------------------------------------------------


def character_argument() -> Any:
    """The CHARACTER argument that many commands take, completed from the open campaign."""
    return typer.Argument(..., metavar="CHARACTER", help="The character's name.", autocompletion=characters)


def item_argument() -> Any:
    """The ITEM argument of buy and sell, completed from the item list."""
    return typer.Argument(..., metavar="ITEM", help="Item number or name.", autocompletion=items)


def _matching(values: list[tuple[str, str]], incomplete: str) -> list[tuple[str, str]]:
    from ghcli.campaign import names

    start = names.key(incomplete) or ""
    return [(v, h) for v, h in values if (names.key(v) or "").startswith(start)]


def classes(incomplete: str) -> list[tuple[str, str]]:
    """Class keys (brute, tinkerer, ...) with the class's name."""
    try:
        from ghcli.campaign import catalog

        return _matching([(c["key"], c["name"]) for c in catalog.classes()], incomplete)
    except Exception:  # completion never fails loudly
        return []


def items(incomplete: str) -> list[tuple[str, str]]:
    """Item numbers (typing digits) or names in the form commands accept (boots-of-striding)."""
    try:
        from ghcli.campaign import catalog

        if incomplete[:1].isdigit():
            return [(str(i["number"]), i["name"]) for i in catalog.items() if str(i["number"]).startswith(incomplete)]
        return _matching([(catalog._norm(i["name"]), f"item {i['number']}") for i in catalog.items()], incomplete)
    except Exception:
        return []


def scenarios(incomplete: str) -> list[tuple[str, str]]:
    """Scenario numbers with their names."""
    try:
        from ghcli.campaign import catalog

        return [(str(s["number"]), s["name"]) for s in catalog.scenarios() if str(s["number"]).startswith(incomplete)]
    except Exception:
        return []


def _campaign_path(ctx: Any) -> Path:
    root = ctx.find_root() if ctx is not None else None
    given = (root.params or {}).get("db") if root is not None else None
    if given:
        return Path(given)
    if os.environ.get("GHCLI_DB"):
        return Path(os.environ["GHCLI_DB"])
    return Path(typer.get_app_dir("ghcli")) / "campaign.db"


def characters(ctx: typer.Context, incomplete: str) -> list[tuple[str, str]]:
    """The open campaign's active characters, with class and level."""
    try:
        from ghcli.campaign.db import Store

        store = Store.open(_campaign_path(ctx))
        try:
            rows = store.rows("SELECT name, class, level FROM characters WHERE retired = 0 ORDER BY id")
        finally:
            store.close()
        return _matching([(r["name"], f"level {r['level']} {r['class']}") for r in rows], incomplete)
    except Exception:
        return []
