"""`ghcli sync`, `ghcli sync init REMOTE`, `ghcli sync status` (issue 19), and `ghcli backup`.

A group keeps one campaign through a git remote: see docs/sync.md.
"""

from __future__ import annotations

from typing import Optional

import typer

from ghcli.cli import common

sync_app = typer.Typer(name="sync", help="Sync the campaign with the group's git remote.\n\n"
                            "Alone, `ghcli sync` sends this machine's new entries, fetches the others', "
                            "replays them in one order and pushes; `sync init REMOTE` starts, `sync status` "
                            "tells. Example: ghcli sync",
                       invoke_without_command=True)


def _report_text(r: dict) -> str:
    lines = []
    if r.get("joined"):
        lines.append(f"Joined the campaign at {r['remote']}: {len(r['in'])} entries replayed.")
    elif r.get("created"):
        lines.append(f"Sent this campaign to {r['remote']}: {len(r['out'])} entries.")
    else:
        lines.append(f"Synced with {r['remote']}: {len(r['in'])} in, {len(r['out'])} out, "
                     f"{len(r['rejected'])} rejected.")
        for e in r["in"]:
            lines.append(f"  in:  {e['what']} ({e['player']}, {e['at']})")
        for e in r["out"]:
            lines.append(f"  out: {e['what']}")
    for e in r["rejected"]:
        lines.append(f"  rejected: {e['what']} by {e['player']} ({e['at']}): {e['reason']}")
    for name in r.get("ignored", []):
        lines.append(f"  ignored: {name}")
    return "\n".join(lines)


@sync_app.callback()
def sync_cmd(ctx: typer.Context,
             as_json: bool = common.json_option("Print what came in, went out and was rejected as JSON.")) -> None:
    """Sync with the group: send new entries, fetch theirs, replay in one order, push.

    Example: ghcli sync
    """
    if ctx.invoked_subcommand is not None:
        return
    from ghcli.sync import core

    r = core.sync(common.db_path()).as_dict()
    common.emit(r, as_json, lambda: _report_text(r))


@sync_app.command("init")
def init_cmd(remote: str = typer.Argument(..., metavar="REMOTE",
                                          help="A git remote URL or a path to a bare repository."),
             as_json: bool = common.json_option()) -> None:
    """Start syncing: send this campaign, or join the remote's.

    An empty remote receives this campaign's log; a remote holding a campaign,
    with no campaign here, is joined (the campaign is built from its log).

    Example: ghcli sync init git@example.org:friends/gloomhaven.git
    """
    from ghcli.sync import core

    r = core.init(common.db_path(), remote).as_dict()
    common.emit(r, as_json, lambda: _report_text(r))


@sync_app.command("status")
def status_cmd(as_json: bool = common.json_option()) -> None:
    """The remote, the entries not pushed yet, the last sync.

    Example: ghcli sync status --json
    """
    from ghcli.sync import core

    s = core.status(common.db_path())

    def text() -> str:
        if not s["synced"]:
            return "Not synced (`ghcli sync init REMOTE` to start)."
        lines = [f"Remote:     {s['remote']}", f"Last sync:  {s['last_sync'] or 'never'}",
                 f"Entries:    {s['entries']} ({len(s['unpushed'])} not pushed yet, {len(s['rejected'])} rejected)"]
        lines += [f"  not pushed: {e['what']}" for e in s["unpushed"]]
        return "\n".join(lines)

    common.emit(s, as_json, text)


app = typer.Typer()  # `sync` (the group above) and `backup`
app.add_typer(sync_app)


@app.command("backup")
def backup_cmd(file: Optional[str] = typer.Argument(
                   None, metavar="[FILE]", help="Where to write the copy (default: beside the database, dated)."),
               as_json: bool = common.json_option()) -> None:
    """A consistent copy of the database, even while others write.

    Through SQLite's backup API; FILE is never overwritten.

    Example: ghcli backup campaign-before-session.db
    """
    from ghcli.campaign import backup

    r = backup.backup(common.db_path(), file)
    common.emit(r, as_json, f"Backed up {r['entries']} history entries to {r['path']}.")
