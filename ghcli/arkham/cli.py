"""`ghcli arkham ...`: an Arkham Horror: The Card Game campaign log (docs/arkham.md).

Its own database file: ``--db PATH`` (before the subcommand), else
$GHCLI_ARKHAM_DB, else arkham.db in ghcli's app folder. Typer and the standard
library only at import time; the domain (``ghcli.arkham``'s topic modules) is
imported inside each command.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import List, Optional

import typer

from ghcli.cli import arguments, output, settings

app = typer.Typer(name="arkham", help="Arkham Horror: The Card Game campaign log (its own database).",
                  no_args_is_help=True)
investigator_app = typer.Typer(help="Investigators: the pool, joining, leaving.", no_args_is_help=True)
deck_app = typer.Typer(help="Decks: starting cards and cards a campaign guide adds or removes (no XP).",
                       no_args_is_help=True)
log_app = typer.Typer(help="The campaign log: notes and named counts, crossed out rather than deleted.",
                      invoke_without_command=True)

app.add_typer(investigator_app, name="investigator")
app.add_typer(deck_app, name="deck")
app.add_typer(log_app, name="log")


def db_path() -> Path:
    """--db PATH, else $GHCLI_ARKHAM_DB, else arkham.db in the app folder."""
    ctx = settings.current_context()
    given = ctx.find_root().obj if ctx is not None else None
    if given is not None and getattr(given, "db", None) is not None:
        return settings.campaign_file(Path(given.db))
    env = os.environ.get("GHCLI_ARKHAM_DB")
    if env:
        return settings.campaign_file(Path(env))
    return settings.campaign_file(settings.app_dir() / "arkham.db")


def _store():
    from ghcli.arkham import campaign

    store = campaign.open_store(db_path())
    settings.remember_store(store)
    return store


def _steps(steps: list[str]) -> str:
    return "\n".join(f"  {s}" for s in steps)


# -- campaign --------------------------------------------------------------

@app.command("init")
def init(name: str = typer.Option("Arkham campaign", "--name", help="The campaign's name."),
         standalone: bool = typer.Option(False, "--standalone",
                                         help="One scenario played alone: no trauma from defeat during the game."),
         as_json: bool = output.CHANGE_JSON) -> None:
    """Start a new Arkham campaign in its own database file."""
    from ghcli.arkham import campaign

    path = db_path()
    store = campaign.create(path, name, standalone=standalone)
    output.emit({"path": str(path), "name": name, "standalone": standalone, "entry": store.last_entry}, as_json,
                f"new Arkham {'standalone game' if standalone else 'campaign'} {name!r} at {path}")


@app.command("status")
def status(as_json: bool = output.JSON) -> None:
    """The campaign at a glance: investigators, XP, trauma, counts."""
    from ghcli.arkham import overview

    data = overview.status(_store())

    def text() -> str:
        lines = [f"{data['name']}" + ("  (LOST)" if data["lost"] else "")]
        lines.append(f"scenarios played: {len(data['scenarios'])}" +
                     (f" ({', '.join(data['scenarios'])})" if data["scenarios"] else ""))
        if data["investigators"]:
            lines.append(output.table(
                [[i["name"], i["player"], i["status"], f"{i['health']}/{i['sanity']}",
                  f"{i['physical_trauma']}/{i['mental_trauma']}", i["xp"]["earned"], i["xp"]["spent"],
                  i["xp"]["unspent"]] for i in data["investigators"]],
                ["investigator", "player", "status", "health/sanity", "trauma phys/ment", "XP earned", "spent",
                 "unspent"]))
        lines.append("available to join (the pool): " + (", ".join(data["available"]) or "none"))
        if data["players_needing_investigator"]:
            lines.append("must pick a new investigator: " + ", ".join(data["players_needing_investigator"]))
        for name, value in data["counts"].items():
            lines.append(f"{name}: {value}")
        return "\n".join(lines)

    output.emit(data, as_json, text)


@app.command("history")
def history(as_json: bool = output.JSON,
            limit: Optional[int] = typer.Option(None, "--limit", help="Only the last N entries.")) -> None:
    """Every entry of the campaign's journal, newest first (undone ones marked)."""
    from ghcli.arkham import campaign
    from ghcli.journal.history import shown

    rows = campaign.history(_store(), limit)
    output.emit(rows, as_json, lambda: output.table(
        [[r["seq"], r["at"], r["player"], r["command"], shown(r)] for r in rows],
        ["#", "at", "by", "command", "summary"]) if rows else "no history")


@app.command("undo")
def undo(entry: Optional[str] = typer.Argument(None, metavar="[ENTRY]",
                                               help="The entry to undo (number or id); default: your last change."),
         as_json: bool = output.json_option("Print what changed as JSON: the entry undone, the undo entry.")) -> None:
    """Undo your last change (or ENTRY): an entry that reverts it exactly."""
    from ghcli.arkham import campaign

    store = _store()
    last = campaign.undo(store, entry)
    output.emit({"undone": [last]}, as_json, f"undid #{last['seq']}: {last['summary']}")


@app.command("redo")
def redo(entry: Optional[str] = typer.Argument(None, metavar="[ENTRY]",
                                               help="The undo to revert (number or id); default: your last undo."),
         as_json: bool = output.json_option("Print what changed as JSON: the entry back and the redo entry.")) -> None:
    """Redo what your last undo (or ENTRY) undid."""
    from ghcli.arkham import campaign

    back = campaign.redo(_store(), entry)
    output.emit({"redone": [back]}, as_json, f"redid #{back['seq']}: {back['summary']}")


@app.command("weaknesses")
def weaknesses(xp: int = typer.Argument(..., help="The standalone deck's total XP."),
               as_json: bool = output.JSON) -> None:
    """Standalone mode: extra random basic weaknesses for a deck of XP total experience."""
    from ghcli.arkham.rules import standalone_weaknesses

    n = standalone_weaknesses(xp)
    output.emit({"weaknesses": n}, as_json, f"{xp} XP: {n} extra random basic weakness{'es' if n != 1 else ''}")


# -- experience ------------------------------------------------------------

def _award_lines(awards: list[dict]) -> str:
    return "\n".join(f"{a['investigator']}: {'; '.join(a['arithmetic'])}" for a in awards)


@app.command("scenario")
def scenario(name: str = typer.Argument(..., help="The scenario played."),
             victory: int = typer.Option(0, "--victory", help="XP of the victory display."),
             bonus: int = typer.Option(0, "--bonus", help="The campaign guide's bonus (negative for a penalty)."),
             investigators: Optional[List[str]] = typer.Option(
                 None, "--investigator", "-i", help="Only these investigators (default: all playing)."),
             as_json: bool = output.JSON) -> None:
    """Record a scenario: each investigator earns victory display + bonus XP."""
    from ghcli.arkham import experience

    out = experience.record_scenario(_store(), name, victory, bonus, investigators or None)
    output.emit(out, as_json, lambda: f"scenario {out['number']}: {out['scenario']}\n" + (
        "standalone game: the resolutions are recorded, no experience is awarded" if out["standalone"]
        else _award_lines(out["awards"])))


@app.command("xp")
def xp(investigator: str = typer.Argument(...),
       victory: int = typer.Option(0, "--victory", help="XP of the victory display."),
       bonus: int = typer.Option(0, "--bonus", help="The campaign guide's bonus (negative for a penalty)."),
       scenario_name: Optional[str] = typer.Option(None, "--scenario",
                                                   help="A recorded scenario (default: the latest)."),
       as_json: bool = output.JSON) -> None:
    """Record one investigator's XP for a scenario."""
    from ghcli.arkham import experience

    out = experience.record_xp(_store(), investigator, victory, bonus, scenario_name)
    output.emit(out, as_json, lambda: f"{out['scenario']}: " + _award_lines([out]))


# -- deck changes ----------------------------------------------------------

def _purchase_text(out: dict) -> str:
    head = (f"{out['investigator']} bought {out['copies']} x {out['card']} (level {out['level']})"
            if out["action"] == "buy" else
            f"{out['investigator']} upgraded {out['copies']} x {out['card']} "
            f"from level {out['from_level']} to level {out['level']}")
    lines = [head, _steps(out["arithmetic"]),
             f"  unspent XP: {out['unspent_before']} - {out['xp']} = {out['unspent']}"]
    if out.get("removed"):
        lines.append(f"  removed: {out['removed']}")
    return "\n".join(lines)


@app.command("buy")
def buy(investigator: str = typer.Argument(...),
        card: str = typer.Argument(..., help="The card's title."),
        level: int = typer.Option(..., "--level", help="The card's level (0-5)."),
        exceptional: bool = typer.Option(False, "--exceptional", help="Exceptional: costs double."),
        myriad: bool = typer.Option(False, "--myriad", help="Myriad: copies bought together are paid once."),
        permanent: bool = typer.Option(False, "--permanent", help="Permanent: no card is removed for it."),
        copies: int = typer.Option(1, "--copies", help="How many copies."),
        remove: Optional[List[str]] = typer.Option(
            None, "--remove", help="A card taken out (TITLE or TITLE@LEVEL), once per copy added."),
        as_json: bool = output.JSON) -> None:
    """Buy a card with XP and show the arithmetic."""
    from ghcli.arkham import deck

    out = deck.buy(_store(), investigator, card, level, copies=copies, exceptional=exceptional, myriad=myriad,
                     permanent=permanent, remove=remove or [])
    output.emit(out, as_json, lambda: _purchase_text(out))


@app.command("upgrade")
def upgrade(investigator: str = typer.Argument(...),
            card: str = typer.Argument(..., help="The card's title."),
            from_level: int = typer.Option(..., "--from", help="The level in the deck now."),
            to_level: int = typer.Option(..., "--to", help="The higher level bought."),
            exceptional: bool = typer.Option(False, "--exceptional", help="The new card is Exceptional: costs double."),
            myriad: bool = typer.Option(False, "--myriad", help="Myriad: copies upgraded together are paid once."),
            copies: int = typer.Option(1, "--copies", help="How many copies."),
            as_json: bool = output.JSON) -> None:
    """Upgrade a card to a higher level of the same title and show the arithmetic."""
    from ghcli.arkham import deck

    out = deck.upgrade(_store(), investigator, card, from_level, to_level, copies=copies,
                         exceptional=exceptional, myriad=myriad)
    output.emit(out, as_json, lambda: _purchase_text(out))


# -- trauma ----------------------------------------------------------------

def _trauma_text(out: dict) -> str:
    lines = [f"{out['investigator']}: trauma {out['physical_trauma']} physical (health {out['health']}), "
             f"{out['mental_trauma']} mental (sanity {out['sanity']})"]
    if not out["outcome"]:
        lines.append(f"  starts each scenario with {out['starting_damage']} damage and {out['starting_horror']} horror")
    else:
        lines.append(f"  {out['investigator']} is {out['outcome']}: the player picks a new investigator")
    if out["campaign_lost"]:
        lines.append("  no investigator is left to pick: the campaign is lost")
    return "\n".join(lines)


@app.command("trauma")
def trauma(investigator: str = typer.Argument(...),
           physical: int = typer.Option(0, "--physical", help="Physical trauma to add."),
           mental: int = typer.Option(0, "--mental", help="Mental trauma to add."),
           as_json: bool = output.JSON) -> None:
    """Add trauma: killed at printed health, insane at printed sanity."""
    from ghcli.arkham.trauma import add_trauma

    out = add_trauma(_store(), investigator, physical, mental)
    output.emit(out, as_json, lambda: _trauma_text(out))


@app.command("defeat")
def defeat(investigator: str = typer.Argument(...),
           by: str = typer.Option(..., "--by", help="damage, horror, both, or card (a card's ability)."),
           choose: Optional[str] = typer.Option(None, "--choose", help="physical or mental (defeated by both)."),
           as_json: bool = output.JSON) -> None:
    """Defeated in a scenario: 1 trauma of that kind; by both at once, the player chooses; by a card, none."""
    from ghcli.arkham import trauma

    with arguments.worded({"choose": "--choose"}):
        out = trauma.defeat(_store(), investigator, by, choose)
    def text() -> str:
        if out["defeated_by"] == "card":
            head = ("Defeated by a card's ability: eliminated from the scenario, no trauma from the defeat itself; "
                    "follow the card for any lasting effect (`ghcli arkham trauma` records trauma it gives).\n")
        else:
            head = "Standalone game: no trauma from a defeat during the game.\n" if out["standalone"] else ""
        return head + _trauma_text(out)

    output.emit(out, as_json, text)


# -- investigators ---------------------------------------------------------

def _inv_rows(rows: list[dict]) -> str:
    return output.table(
        [[i["name"], i["player"] or "", i["status"], i["health"], i["sanity"], i["physical_trauma"],
          i["mental_trauma"], i["xp"]["unspent"]] for i in rows],
        ["investigator", "player", "status", "health", "sanity", "physical", "mental", "unspent XP"])


@investigator_app.command("add")
def investigator_add(name: str = typer.Argument(...),
                     health: int = typer.Option(..., "--health", help="Printed health."),
                     sanity: int = typer.Option(..., "--sanity", help="Printed sanity."),
                     as_json: bool = output.JSON) -> None:
    """Add an investigator the group could pick to the pool."""
    from ghcli.arkham import investigators

    out = investigators.add_investigator(_store(), name, health, sanity)
    output.emit(out, as_json, lambda: f"{out['name']} is available (health {out['health']}, sanity {out['sanity']})")


@investigator_app.command("join")
def investigator_join(name: str = typer.Argument(...),
                      player: Optional[str] = typer.Option(None, "--player", help="Who plays the investigator."),
                      health: Optional[int] = typer.Option(None, "--health",
                                                           help="Printed health (if not in the pool)."),
                      sanity: Optional[int] = typer.Option(None, "--sanity",
                                                           help="Printed sanity (if not in the pool)."),
                      as_json: bool = output.JSON) -> None:
    """An investigator joins (new: 0 XP, no trauma; one who left: everything kept)."""
    from ghcli.arkham import investigators

    out = investigators.join(_store(), name, player, health, sanity)
    output.emit(out, as_json, lambda: f"{out['name']} {'rejoined' if out['rejoined'] else 'joined'} "
                                      f"(player {out['player']}, unspent XP {out['xp']['unspent']})")


@investigator_app.command("leave")
def investigator_leave(name: str = typer.Argument(...), as_json: bool = output.JSON) -> None:
    """An investigator leaves the campaign; their log is kept."""
    from ghcli.arkham import investigators

    out = investigators.leave(_store(), name)
    output.emit(out, as_json, lambda: f"{out['name']} left the campaign (kept: {out['xp']['unspent']} unspent XP, "
                                      f"trauma {out['physical_trauma']}/{out['mental_trauma']})")


@investigator_app.command("list")
def investigator_list(as_json: bool = output.JSON) -> None:
    """Every investigator of the campaign's pool and their state."""
    from ghcli.arkham import investigators

    rows = investigators.pool(_store())
    output.emit(rows, as_json, lambda: _inv_rows(rows) if rows else "no investigators")


def _deck_text(d: dict) -> str:
    if not d["cards"]:
        return f"{d['investigator']}: no cards recorded"
    flags = lambda c: ", ".join(f for f in ("permanent", "exceptional", "myriad") if c[f])  # noqa: E731
    return (f"{d['investigator']}: {output.counted(d['size'], 'card')} counting toward deck size, "
            f"{output.counted(d['weaknesses'], 'weakness', 'weaknesses')}\n" +
            output.table([[c["title"], c["level"], c["copies"], c["kind"], flags(c)] for c in d["cards"]],
                         ["card", "level", "copies", "kind", "flags"]))


@investigator_app.command("show")
def investigator_show(name: str = typer.Argument(...), as_json: bool = output.JSON) -> None:
    """One investigator: trauma, XP earned and spent, purchases, deck."""
    from ghcli.arkham import overview

    d = overview.investigator(_store(), name)

    def text() -> str:
        lines = [_inv_rows([d]),
                 f"starts each scenario with {d['starting_damage']} damage and {d['starting_horror']} horror",
                 f"XP: earned {d['xp']['earned']}, spent {d['xp']['spent']}, unspent {d['xp']['unspent']}"]
        for a in d["xp_awards"]:
            lines.append(f"  {a['scenario'] or '-'}: {a['arithmetic']}")
        for p in d["purchases"]:
            lines.append(f"  {p['action']} {p['copies']} x {p['title']} (level {p['to_level']}): {p['arithmetic']}")
        lines.append(_deck_text(d["deck"]))
        return "\n".join(lines)

    output.emit(d, as_json, text)


# -- deck ------------------------------------------------------------------

@deck_app.command("add")
def deck_add(investigator: str = typer.Argument(...),
             card: str = typer.Argument(..., help="The card's title (or TITLE@LEVEL)."),
             level: int = typer.Option(0, "--level", help="The card's level (0-5)."),
             copies: int = typer.Option(1, "--copies", help="How many copies."),
             weakness: bool = typer.Option(False, "--weakness", help="A weakness (cannot be removed)."),
             required: bool = typer.Option(False, "--required", help="A required card (cannot be removed)."),
             permanent: bool = typer.Option(False, "--permanent", help="Permanent (does not count toward deck size)."),
             exceptional: bool = typer.Option(False, "--exceptional"),
             myriad: bool = typer.Option(False, "--myriad"),
             as_json: bool = output.JSON) -> None:
    """Record starting-deck cards, or cards a campaign guide adds (no XP)."""
    from ghcli.arkham import deck
    from ghcli.errors import BadInput

    if weakness and required:
        raise BadInput("a card is a weakness or a required card, not both")
    kind = "weakness" if weakness else "required" if required else "card"
    d = deck.deck_add(_store(), investigator, card, level, copies=copies, kind=kind, permanent=permanent,
                        exceptional=exceptional, myriad=myriad)
    output.emit(d, as_json, lambda: _deck_text(d))


@deck_app.command("remove")
def deck_remove(investigator: str = typer.Argument(...),
                card: str = typer.Argument(..., help="The card's title (or TITLE@LEVEL)."),
                copies: int = typer.Option(1, "--copies", help="How many copies."),
                as_json: bool = output.JSON) -> None:
    """Take cards out because a campaign guide says so (no XP; any card)."""
    from ghcli.arkham import deck

    d = deck.deck_remove(_store(), investigator, card, copies=copies)
    output.emit(d, as_json, lambda: _deck_text(d))


@deck_app.command("show")
def deck_show(investigator: str = typer.Argument(...), as_json: bool = output.JSON) -> None:
    """An investigator's deck."""
    from ghcli.arkham import deck

    d = deck.show(_store(), investigator)
    output.emit(d, as_json, lambda: _deck_text(d))


# -- the campaign log ------------------------------------------------------

def _entry_line(e: dict) -> str:
    body = f"{e['text']}: {e['value']}" if e["kind"] == "count" else e["text"]
    return f"{e['id']:>3}  {'~~' + body + '~~  (crossed out)' if e['crossed'] else body}"


@log_app.callback()
def log(ctx: typer.Context, as_json: bool = output.JSON) -> None:
    """The campaign log (with no subcommand: list it)."""
    if ctx.invoked_subcommand is not None:
        return
    from ghcli.arkham.log import log_entries

    rows = log_entries(_store())
    output.emit(rows, as_json, lambda: "\n".join(_entry_line(e) for e in rows) if rows else "the log is empty")


@log_app.command("add")
def log_add(text: str = typer.Argument(..., help="The entry."), as_json: bool = output.JSON) -> None:
    """Write a free-text entry."""
    from ghcli.arkham import log

    e = log.log_add(_store(), text)
    output.emit(e, as_json, lambda: _entry_line(e))


@log_app.command("count", context_settings={"ignore_unknown_options": True})
def log_count(name: str = typer.Argument(..., help="The count's name."),
              delta: str = typer.Argument(..., metavar="+N", help="How much to add: +2, 1, or -1 to take away."),
              as_json: bool = output.JSON) -> None:
    """Add to a named count (a new count starts at 0)."""
    from ghcli.arkham import log

    e = log.log_count(_store(), name, log.parse_delta(delta))
    output.emit(e, as_json, lambda: _entry_line(e))


@log_app.command("cross")
def log_cross(entry: int = typer.Argument(..., help="The entry's number (see `ghcli arkham log`)."),
              as_json: bool = output.JSON) -> None:
    """Cross out an entry (it is kept, marked)."""
    from ghcli.arkham import log

    e = log.log_cross(_store(), entry)
    output.emit(e, as_json, lambda: _entry_line(e))
