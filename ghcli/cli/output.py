"""What a command prints: JSON (``--json``) or text, tables, names cut for text; a yes/no question.

Every text output goes through :func:`echo` or :func:`emit` (escaped by ``ghcli.cli.shown``).
Typer and the standard library only at import time.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Iterable, Sequence

import typer

from ghcli.cli.failures import EXIT_INTERRUPTED, fail
from ghcli.cli.settings import written_entry
from ghcli.cli.shown import cell, json_text, shown

JSON_OPTION_HELP = "Print JSON instead of a table."
CHANGE_JSON_HELP = "Print what changed as JSON: the values and the history entry."


def json_option(help: str = JSON_OPTION_HELP):
    """The ``--json`` flag, its help saying what the command's JSON holds (``as_json: bool =
    output.json_option("Print the journal as JSON: ...")``); most commands take :data:`JSON`."""
    return typer.Option(False, "--json", help=help)


# Every command's ``--json``: ``as_json: bool = output.JSON`` (a read), ``output.CHANGE_JSON`` (a change:
# its JSON also holds the history entry written), or json_option(help) when the command says more.
# One object each, shared: typer copies an option's declaration before it builds the command.
JSON = json_option()
CHANGE_JSON = json_option(CHANGE_JSON_HELP)


# Tables fit this many columns: longer texts wrap inside their column.
TABLE_WIDTH = 100


def _cell(value: Any) -> Any:
    """A value as a player reads it: yes/no rather than True/False, nothing for None; text one line,
    escaped and cut (``ghcli.cli.shown.cell``)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return cell(value)
    return "" if value is None else value


def table(rows: Iterable[Sequence[Any]] | Iterable[dict], headers: Any = "keys", *, width: int = TABLE_WIDTH,
          **kw) -> str:
    """Rows as a plain-text table at most ``width`` columns wide (``ghcli/cli/tables.py``).

    True/False print as yes/no; widths are display widths (wide characters
    count two); when the table is too wide, the widest columns wrap their
    text at word boundaries until it fits.
    """
    from ghcli.cli import tables

    rows = [{k: _cell(v) for k, v in r.items()} if isinstance(r, dict) else [_cell(v) for v in r] for r in rows]
    return tables.simple(rows, headers, width=width, **kw)


def wrapped(line: str, width: int = TABLE_WIDTH, indent: str = "  ") -> str:
    """A long line of text wrapped at ``width`` columns, the following lines indented."""
    if len(line) <= width:
        return line
    import textwrap

    return textwrap.fill(line, width=width, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False)


def emit(data: Any, as_json: bool, text: Callable[[], str] | str | None = None) -> None:
    """Print ``data`` as JSON, or the text (a string or a function making one).

    After a change, the JSON object also holds ``entry``: the history entry
    written (command, summary, arguments, draws, id, clock, player).
    """
    if as_json:
        entry = written_entry()
        if entry is not None and isinstance(data, dict) and "entry" not in data:
            data = {**data, "entry": entry}
        sys.stdout.write(json_text(data) + "\n")
        return
    if text is None:
        text = lambda: table(data if isinstance(data, list) else [data])  # noqa: E731
    if callable(text):
        cut_names(data)
    out = text() if callable(text) else text
    if out:
        echo(out)


# The keys under which a command's values hold names people gave (characters, players, parties, campaigns).
NAME_KEYS = frozenset({"name", "player", "party", "campaign", "character", "by", "players", "characters"})


def cut_names(data: Any, _depth: int = 0) -> None:
    """Cut, in place, every name longer than a name may be typed (40 characters) that ``data`` holds
    under :data:`NAME_KEYS`, so that text output shows it cut (``Zoë the…``).

    Only for text output: ``emit`` calls it when no JSON is printed (the JSON keeps every value
    exact), on the values the text is made from. Names typed are never that long: a longer one came
    from a file or was written into the database by hand. Shipped facts are never cut (none is
    that long), so cached facts are never changed.
    """
    from ghcli.cli.shown import cut

    if _depth > 20:
        return
    if isinstance(data, dict):
        long = {v: cut(v, MAX_NAME_SHOWN) for k, v in data.items()
                if k in NAME_KEYS and isinstance(v, str) and len(v) > MAX_NAME_SHOWN}
        for key, value in data.items():
            if isinstance(value, str):
                if key in NAME_KEYS and len(value) > MAX_NAME_SHOWN:
                    data[key] = long[value]
                elif long:  # a sentence beside the name that holds it ("NAME has kept no quest"): cut there too
                    for full, short in long.items():
                        value = value.replace(full, short)
                    data[key] = value
            elif key in NAME_KEYS and isinstance(value, list):
                for i, v in enumerate(value):
                    if isinstance(v, str) and len(v) > MAX_NAME_SHOWN:
                        value[i] = cut(v, MAX_NAME_SHOWN)
                    else:
                        cut_names(v, _depth + 1)
            else:
                cut_names(value, _depth + 1)
    elif isinstance(data, list):
        for value in data:
            cut_names(value, _depth + 1)


MAX_NAME_SHOWN = 40


def echo(text: str, *, err: bool = False, nl: bool = True) -> None:
    """Print text (every text output goes here, or through ``emit``): what would act on a terminal
    shown escaped (``ghcli.cli.shown``)."""
    typer.echo(shown(text), err=err, nl=nl)


def confirm(question: str, *, declined: str, yes_flag: str = "--yes") -> None:
    """Ask ``question`` [y/N] (on standard error: a question is not output) and go on only on yes.
    No, or no answer at all (standard input closed, as in a script), stops with ``error:
    {declined}`` (exit 1; no answer names ``yes_flag``); Ctrl-C at the prompt exits 130, like
    Ctrl-C anywhere else."""
    try:
        answer = typer.confirm(question, default=False, err=True)
    except typer.Abort as e:
        if isinstance(e.__context__, KeyboardInterrupt):
            typer.echo("", err=True)
            raise typer.Exit(EXIT_INTERRUPTED) from None
        typer.echo("", err=True)
        fail(f"{declined} (no answer: {yes_flag} does it without asking)")
    if not answer:
        fail(declined)


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """'1 checkmark', '2 checkmarks' (see ghcli.campaign.amounts.counted)."""
    from ghcli.campaign.amounts import counted as _counted

    return _counted(n, noun, plural)


def lines(done: list[str]) -> str:
    return "\n".join(done)
