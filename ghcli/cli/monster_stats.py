"""`ghcli monster show|list`: monster stat cards at the table (no campaign needed).

The noun is still `monster`; this module is named for what it shows, the stat cards (the monster turn
solver is ``ghcli.rules.monster``, `ghcli rules focus`)."""

from __future__ import annotations

from typing import Optional

import typer

from ghcli.cli import arguments, complete, output, settings

app = typer.Typer(name="monster", help="Monster stats: normal and elite (or boss) stats by scenario level.",
                          no_args_is_help=True)


def _words(items: list[str]) -> str:
    return ", ".join("special rule (see the stat card)" if a.startswith("custom:") else a for a in items)


def stat_rows(doc: dict) -> list[list]:
    """Table rows (type, health, move, attack, range, attributes, immunities) of one level's document."""
    rows = []
    for kind in ("normal", "elite", "boss"):
        s = doc.get(kind)
        if s is None:
            continue
        health = str(s["health"]) + (f" ({s['health_formula']})" if s.get("health_formula") else "")
        rows.append([kind, health, s["move"], s["attack"], s["range"] or "melee", _words(s["attributes"]),
                     ", ".join(s["immunities"])])
    return rows


HEADERS = ["type", "health", "move", "attack", "range", "attributes", "immunities"]


def level_text(doc: dict) -> str:
    """One monster at one level, as text."""
    head = f"{doc['name']}, level {doc['level']}"
    if "boss" in doc:
        head += (f", {doc['characters']} characters" if doc.get("characters")
                 else " (health in C = characters: give --characters N)")
    return head + "\n" + output.table(stat_rows(doc), HEADERS, disable_numparse=True)


@app.command("show")
def show_cmd(
    name: str = typer.Argument(..., metavar="NAME", help="As players say it: 'bandit guard', bandit-guard, ...",
                               autocompletion=complete.monsters),
    level: Optional[int] = typer.Option(None, "--level", "-l", metavar="L",
                                        help="Scenario (monster) level 0-7; default all."),
    characters: Optional[int] = typer.Option(None, "--characters", "-c", metavar="N",
                                             help="Characters in play (1-4): works out a boss's health formula."),
    edition: Optional[str] = settings.edition_option(),
    as_json: bool = output.JSON,
) -> None:
    """A monster's normal and elite stats (a boss's stats) at one level or at every level."""
    from ghcli.campaign import monster_stats

    settings.use_edition(edition)
    with arguments.worded({"characters": "--characters"}):
        doc = monster_stats.show(name, level, characters)

    def text() -> str:
        if level is not None:
            out = level_text(doc)
            notes, decided = monster_stats.doubts(doc["key"], level), monster_stats.decisions(doc["key"], level)
        else:
            flags = [doc["edition"].upper()] + (["boss"] if doc["boss"] else []) + (["flying"] if doc["flying"] else [])
            head = f"{doc['name']} ({', '.join(flags)}; {doc['standees']} standees" + (
                f"; a variant of {doc['variant_of']}" if doc["variant_of"] else "") + ")"
            rows = [[lv["level"], *row] for lv in doc["levels"] for row in stat_rows(lv)]
            out = head + "\n" + output.table(rows, ["level", *HEADERS], disable_numparse=True)
            notes, decided = doc["doubts"], doc["decided"]
        return (out + "".join(f"\ndoubt (the value shown is the facts file's): {d}" for d in notes)
                + "".join(f"\ndecided (sources disagree; the majority's value is shown): {d}" for d in decided))

    output.emit(doc, as_json, text)


@app.command("list")
def list_cmd(edition: Optional[str] = settings.edition_option(), as_json: bool = output.JSON) -> None:
    """Every monster and boss (not the named scenario variants: ask for those by name)."""
    from ghcli.campaign import monster_stats

    settings.use_edition(edition)
    rows = [{"key": m["key"], "name": m["name"], "edition": m["edition"], "boss": m["boss"]}
            for m in monster_stats.base_monsters()]
    output.emit(rows, as_json, lambda: output.table(
        [[r["name"], r["key"], r["edition"], "boss" if r["boss"] else ""] for r in rows],
        ["monster", "key", "edition", ""]))

