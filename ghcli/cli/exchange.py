"""`ghcli export` and `ghcli import` (docs/exchange.md): the campaign as a file, in and out.

Typer and the standard library only at import time; the JSON and GHS code
(``ghcli.campaign.exchange``) is imported inside the commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ghcli.cli import files, output, settings


def _db_path(set_name: str) -> Path:
    """--db, else $GHCLI_DB or the default; for an Arkham campaign $GHCLI_ARKHAM_DB or its default."""
    if set_name == "arkham":
        from ghcli.arkham import cli as arkham_cli

        return arkham_cli.db_path()
    return settings.db_path()


def _report_text(r: dict) -> str:
    imp = r["imported"]
    lines = [f"Imported {r['source']} into {r['path']}: party {imp.get('party')!r}."]
    rows = [[k.replace("_", " "), v if not isinstance(v, (list, dict)) else _short(v)]
            for k, v in imp.items() if k != "party"]
    if rows:
        lines.append(output.table(rows, ["what came in", "count / value"], maxcolwidths=[None, 60]))
    if r["dropped"]:
        lines.append("")
        lines.append(output.table([[d["path"], d["why"]] for d in r["dropped"]], ["dropped or not mapped", "why"],
                                  maxcolwidths=[50, 70]))
    return "\n".join(lines)


def _short(v) -> str:
    if isinstance(v, dict):
        return ", ".join(f"{k} {x}" for k, x in v.items())
    return ", ".join(map(str, v)) or "none"


app = typer.Typer()


@app.command("export")
def export_cmd(
    output_file: str = typer.Option("-", "--output", "-o", metavar="FILE",
                                    help="Write to FILE (default: standard output)."),
    fmt: str = typer.Option("ghcli", "--format", "-f", metavar="ghcli|ghs",
                            help="ghcli: the whole database, lossless; ghs: a Gloomhaven Secretariat game export."),
    arkham: bool = typer.Option(False, "--arkham",
                                help="Export the Arkham campaign ($GHCLI_ARKHAM_DB or its default)."),
    force: bool = typer.Option(False, "--force", help="With -o FILE: replace FILE if it exists."),
    as_json: bool = output.json_option("With -o FILE, print what was written as JSON (the document itself "
                                       "goes to standard output without -o)."),
) -> None:
    """Write the campaign to one JSON file: ghcli's lossless format or a GHS game."""
    import os

    from ghcli.campaign.exchange import native
    from ghcli.cli.shown import json_text
    from ghcli.errors import BadInput

    if fmt not in ("ghcli", "ghs"):
        raise BadInput(f"--format {fmt!r}: give ghcli or ghs")
    to_stdout = files.standard_output(output_file)  # '-' or /dev/stdout: the report goes to standard error
    if not to_stdout and not force and os.path.isfile(output_file):  # a pipe is not replaced
        from ghcli.errors import Refused

        raise Refused(f"{output_file} exists already; refusing to overwrite it (--force replaces it)")
    path = _db_path("arkham" if arkham else "ghcli")
    set_name = native.database_kind(path) or ("arkham" if arkham else "ghcli")
    store = native.open_store(path, set_name)
    not_carried: list[dict] = []
    try:
        if fmt == "ghs":
            if set_name != "ghcli":
                raise BadInput("an Arkham campaign has no GHS form: export it with --format ghcli")
            from ghcli.campaign.exchange import ghs_export

            r = ghs_export.export(store)
            doc, not_carried = r["game"], r["not_carried"]
        else:
            doc = native.export_document(store)
    finally:
        store.close()
    files.write_text(output_file, json_text(doc, indent=1) + "\n")
    if not to_stdout:
        what = "GHS game export" if fmt == "ghs" else ("Arkham campaign" if set_name == "arkham" else "campaign")
        out = {"output": output_file, "format": fmt, "kind": set_name, "from": str(path)}
        if fmt == "ghs":
            out["not_carried"] = not_carried
        output.emit(out, as_json,
                    lambda: f"Exported the {what} at {path} to {output_file}." + _not_carried(not_carried))
    elif not_carried:  # the document is on standard output: what GHS has no place for goes to standard error
        typer.echo(_not_carried(not_carried).lstrip("\n"), err=True)


def _not_carried(notes: list[dict]) -> str:
    if not notes:
        return ""
    return "\n\n" + output.table([[n["what"], n["why"]] for n in notes], ["not carried to GHS", "why"],
                                  maxcolwidths=[50, 70])


@app.command("import")
def import_cmd(
    file: str = typer.Argument(..., metavar="FILE",
                               help="A ghcli export, a GHS game export or a GHS data dump ('-': standard input)."),
    party: Optional[str] = typer.Option(None, "--party", metavar="NAME",
                                        help="The GHS party to import (default: the current one)."),
    as_json: bool = output.json_option("Print the report as JSON: {imported, dropped}."),
) -> None:
    """A new campaign from a ghcli or GHS file (refuses an existing one, like init)."""
    from ghcli.campaign.exchange import files

    doc = files.read_json(file)
    kind = files.kind(doc)
    if kind == "native":
        from ghcli.campaign.exchange import native
        from ghcli.errors import BadInput

        if party is not None:
            raise BadInput("--party is for GHS files; a ghcli export holds one campaign")
        set_name, _, _ = native.check_document(doc)
        r = native.import_document(doc, _db_path(set_name))
        imported = {"kind": r["kind"], "campaign": r["campaign"], "path": r["path"], "tables": r["tables"],
                    "entries": r["entries"]}
        dropped = r.get("dropped", [])

        def text() -> str:
            how = (f"{output.counted(r['entries'], 'entry', 'entries')} replayed" if "history" not in r else
                   f"an older ghcli's file: its tables checked and imported, "
                   f"{output.counted(r['history'], 'history entry', 'history entries')} kept as history")
            line = (f"Imported {file} into {r['path']}: campaign {r['campaign']!r}, "
                    f"{sum(r['tables'].values())} rows in {len(r['tables'])} tables ({how}), "
                    + ("nothing dropped." if not dropped else f"{len(dropped)} values cut:"))
            if not dropped:
                return line
            return line + "\n" + output.table([[d["path"], d["why"]] for d in dropped], ["cut", "why"],
                                              maxcolwidths=[50, 70])

        output.emit({"imported": imported, "dropped": dropped}, as_json, text)
        return
    from ghcli.campaign.exchange import ghs

    report = ghs.import_file(doc, kind, settings.db_path(), party=party)
    report["source"] = file
    output.emit({"imported": report["imported"], "dropped": report["dropped"]}, as_json,
                lambda: _report_text(report))
