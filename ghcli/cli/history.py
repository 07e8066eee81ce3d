"""Top-level `ghcli history`, `undo` and `redo`: the campaign's journal, and changes taken back.

Only typer and the standard library at import time: the campaign modules are
imported inside the commands.
"""

from __future__ import annotations

from typing import Optional

import typer

from ghcli.cli import complete, failures, output, settings

app = typer.Typer()


@app.command("history")
def history_cmd(
    limit: int = typer.Option(0, "--limit", "-n", min=0, help="Show only the last N entries (0: all)."),
    as_json: bool = output.json_option("Print the journal as JSON: each entry's number, id, command, summary, "
                                       "arguments, random draws, time, player, version and state."),
) -> None:
    """Every entry of the campaign's journal, newest first (undone ones marked)."""
    from ghcli.campaign import history
    from ghcli.journal.history import shown

    rows = history.history(settings.open_store(), limit or None)
    output.emit(rows, as_json, lambda: output.table(
        [[r["seq"], r["at"], r["player"], r["command"], shown(r)] for r in rows],
        ["#", "at", "by", "command", "summary"]) if rows else "No history.")


def _undone_text(verb: str, row: dict, entry: dict | None) -> str:
    by = f" (by {row['player']})" if entry is not None and row["player"] != entry.get("player") else ""
    made = f" (entry #{entry['seq']})" if entry is not None else ""
    return f"{verb} #{row['seq']} {row['command']}{by}: {row['summary']}{made}"


@app.command("undo")
def undo_cmd(
    entry: Optional[str] = typer.Argument(None, metavar="[ENTRY]", autocompletion=complete.history_entries,
                                          help="The entry to undo (its number or the start of its id); "
                                               "default: your own last change in effect."),
    to: Optional[str] = typer.Option(None, "--to", metavar="ENTRY", autocompletion=complete.history_entries,
                                     help="Undo every change after this entry, newest first (it stays)."),
    yes: bool = typer.Option(False, "--yes", "-y", help="With --to: do not ask before undoing."),
    as_json: bool = output.json_option("Print the entries undone as JSON, and the undo entry written."),
) -> None:
    """Undo your last change (or ENTRY): an entry that reverts it exactly.

    The entry undone stays in the history, marked; `ghcli redo` brings it back.
    """
    from ghcli.campaign import history

    store = settings.open_store()
    if to is None:
        last = history.undo(store, entry)
        output.emit({"undone": [last], "entry": store.last_entry}, as_json,
                    _undone_text("Undid", last, store.last_entry))
        return
    if entry is not None:
        failures.fail("give ENTRY or --to ENTRY, not both", 2)
    plan = history.undo_plan(store, to)
    if not plan:
        failures.fail(f"nothing to undo after entry {to}")
    if not yes:
        if as_json:
            failures.fail("undo --to with --json needs --yes (there is no question to answer)", 2)
        output.echo(f"This undoes {output.counted(len(plan), 'entry', 'entries')}, newest first:")
        for r in plan:
            output.echo(f"  #{r['seq']} {r['command']} ({r['player']}): {r['summary']}")
        output.confirm("Undo them?", declined="nothing undone")
    done = history.undo_to(store, to)
    output.emit({"undone": done}, as_json,
                "\n".join(f"Undid #{r['seq']} {r['command']}: {r['summary']}" for r in done))


@app.command("redo")
def redo_cmd(
    entry: Optional[str] = typer.Argument(None, metavar="[ENTRY]",
                                          help="The undo to revert (its number or the start of its id); "
                                               "default: your own last undo in effect."),
    as_json: bool = output.json_option("Print the entry back in effect as JSON, and the redo entry written."),
) -> None:
    """Redo what your last undo (or ENTRY) undid: an entry that reverts the undo."""
    from ghcli.campaign import history

    store = settings.open_store()
    back = history.redo(store, entry)
    output.emit({"redone": [back], "entry": store.last_entry}, as_json,
                _undone_text("Redid", back, store.last_entry))
