"""`ghcli sync` and its `init`, `status`, `retry`, `drop`, `snapshot` (docs/sync.md), and `ghcli backup`.

A group keeps one campaign through a git remote: see docs/sync.md.
"""

from __future__ import annotations

from typing import Optional

import typer

from ghcli.cli import output, settings

sync_app = typer.Typer(name="sync", help="Sync the campaign with the group's git remote.\n\n"
                            "Alone, `ghcli sync` fetches the group's history, puts this machine's new entries "
                            "on top of it and pushes them; `sync init REMOTE` starts, `sync status` tells, "
                            "`sync retry` / `sync drop` handle the retry queue. Example: ghcli sync",
                       invoke_without_command=True)


def _who(e: dict) -> str:
    return common_safe(e.get("player") or "?")


def common_safe(text: str) -> str:
    from ghcli.sync.git import shown

    return shown(str(text), 200)


def _line(e: dict) -> str:
    return f"#{e['seq']} {common_safe(e['what'])}"


def _report_text(r: dict) -> str:
    lines = []
    remote = common_safe(r["remote"])
    if r.get("joined"):
        lines.append(f"Joined the campaign at {remote}: {len(r['in'])} entries applied.")
    elif r.get("created"):
        lines.append(f"Sent this campaign to {remote}: {len(r['out'])} entries.")
    else:
        lines.append(f"Synced with {remote}: {len(r['in'])} in, {len(r['out'])} out"
                     + (f", {len(r['refused'])} refused" if r["refused"] else "")
                     + (f", {len(r['held'])} held" if r["held"] else "") + ".")
        for e in r["in"]:
            lines.append(f"  in:  {_line(e)} ({_who(e)})")
        for e in r["out"]:
            lines.append(f"  out: {_line(e)}")
    for e in r["changed"]:
        lines.append(f"  changed: {_line(e)} (it was: {common_safe(e['was'])})")
    for e in r["refused"]:
        why = common_safe(e.get("reason") or "")
        b = e.get("blocker")
        since = f"; in the way: #{b['seq']} {common_safe(b['what'])} by {_who(b)}" if b else ""
        lines.append(f"  refused: {_line(e)}: {why}{since}. It waits in the retry queue "
                     f"(`ghcli sync retry {e['seq']}` or `ghcli sync drop {e['seq']}`).")
    for e in r["held"]:
        lines.append(f"  held: {_line(e)} by {_who(e)}: {common_safe(e.get('reason') or '')}")
    for text in r.get("ignored", []):
        lines.append(f"  ignored: {common_safe(text)}")
    for text in r.get("notes", []):
        lines.append(f"  note: {common_safe(text)}")
    if r.get("queued"):
        lines.append(f"{output.counted(r['queued'], 'entry', 'entries')} in the retry queue (`ghcli sync status`).")
    return "\n".join(lines)


@sync_app.callback()
def sync_cmd(ctx: typer.Context,
             as_json: bool = output.json_option("Print what came in, went out, was refused or held as JSON.")) -> None:
    """Sync with the group: fetch, put this machine's new entries on top, push.

    Example: ghcli sync
    """
    if ctx.invoked_subcommand is not None:
        return
    from ghcli.sync import engine

    r = engine.sync(settings.db_path()).as_dict()
    output.emit(r, as_json, lambda: _report_text(r))


@sync_app.command("init")
def init_cmd(remote: str = typer.Argument(..., metavar="REMOTE",
                                          help="A git remote URL or a path to a bare repository."),
             as_json: bool = output.JSON) -> None:
    """Start syncing: send this campaign, or join the remote's.

    An empty remote receives this campaign's history; a remote holding a
    campaign, with no campaign here, is joined (the campaign is built from the
    group's history: its latest snapshot and the entries after it).

    Example: ghcli sync init git@example.org:friends/gloomhaven.git
    """
    from ghcli.sync import engine

    r = engine.init(settings.db_path(), remote).as_dict()
    output.emit(r, as_json, lambda: _report_text(r))


@sync_app.command("status")
def status_cmd(as_json: bool = output.JSON) -> None:
    """The remote, the entries not pushed yet, those in the retry queue or held, the last sync.

    Example: ghcli sync status --json
    """
    from ghcli.sync import engine

    s = engine.status(settings.db_path())

    def text() -> str:
        if not s["synced"]:
            return "Not synced (`ghcli sync init REMOTE` to start)."
        c = s["counts"]
        lines = [f"Remote:     {common_safe(s['remote'])}", f"Last sync:  {s['last_sync'] or 'never'}",
                 f"Entries:    {c['local']} not pushed yet, {c['queued']} in the retry queue, {c['held']} held"]
        lines += [f"  not pushed: {_line(e)}" for e in s["unpushed"]]
        lines += [f"  queued: {_line(e)}: {common_safe(e.get('reason') or '')}" for e in s["queued"]]
        lines += [f"  held: {_line(e)} by {_who(e)}: {common_safe(e.get('reason') or '')}" for e in s["held"]]
        return "\n".join(lines)

    output.emit(s, as_json, text)


@sync_app.command("retry")
def retry_cmd(entry: Optional[str] = typer.Argument(None, metavar="[ENTRY]",
                                                    help="The queued entry (its number or id); default: all."),
              as_json: bool = output.JSON) -> None:
    """Re-apply entries of the retry queue on the campaign as it is now.

    An entry that holds now is a local entry again (pushed by the next
    `ghcli sync`); its random draws are made anew where the recorded ones no
    longer fit. One that still does not hold stays queued, with the reason.

    Example: ghcli sync retry 14
    """
    from ghcli.sync import engine

    r = engine.retry(settings.db_path(), entry)

    def text() -> str:
        lines = [f"applied: {_line(e)} (`ghcli sync` pushes it)" for e in r["applied"]]
        lines += [f"still refused: {_line(e)}: {common_safe(e.get('reason') or '')}" for e in r["still_queued"]]
        return "\n".join(lines)

    output.emit(r, as_json, text)


@sync_app.command("drop")
def drop_cmd(entry: str = typer.Argument(..., metavar="ENTRY", help="The queued or held entry (number or id)."),
             as_json: bool = output.JSON) -> None:
    """Drop an entry of the retry queue (or a held one): it stays in the history, marked dropped.

    Example: ghcli sync drop 14
    """
    from ghcli.sync import engine

    r = engine.drop(settings.db_path(), entry)
    output.emit(r, as_json, lambda: f"dropped: {_line(r['dropped'])} (it stays in `ghcli history`, marked dropped)")


@sync_app.command("snapshot")
def snapshot_cmd(as_json: bool = output.JSON) -> None:
    """Sync, and push a snapshot of the campaign: machines that join start from it.

    ghcli pushes one by itself every 500 entries.

    Example: ghcli sync snapshot
    """
    from ghcli.sync import engine

    r = engine.sync(settings.db_path(), snapshot=True).as_dict()
    output.emit(r, as_json, lambda: _report_text(r))


app = typer.Typer()  # `sync` (the group above) and `backup`
app.add_typer(sync_app)


@app.command("backup")
def backup_cmd(file: Optional[str] = typer.Argument(
                   None, metavar="[FILE]", help="Where to write the copy (default: beside the database, dated)."),
               as_json: bool = output.JSON) -> None:
    """A consistent copy of the database, even while others write.

    Through SQLite's backup API; FILE is never overwritten.

    Example: ghcli backup campaign-before-session.db
    """
    from ghcli.campaign import backup

    r = backup.backup(settings.db_path(), file)
    output.emit(r, as_json, f"Backed up {r['entries']} history entries to {r['path']}.")
