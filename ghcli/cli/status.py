"""Top-level `ghcli init` (start a campaign) and `ghcli status` (where it stands).

Only typer and the standard library at import time: the campaign modules are
imported inside the commands. ``status --json`` keys (see docs/campaign.md):
campaign{name, created, seed}, prosperity{checkmarks, level, to_next_level},
donations, party{id, name, reputation, price_modifier, location, scenario,
scenario_name, where, road_event_due, casual},
achievements{global, party: [{key, name, count}]}, characters[{name, class,
class_name, player, party, level, xp, gold, checkmarks, perks_taken,
perks_earned, quest, retired}], available_scenarios[{number, name, location}],
unlocked_classes[key], pending_events[{deck, card}] (drawn, not resolved),
due[{step, character, text, command}] (ghcli/campaign/due.py: what the party has not done yet),
journal{entries, local, queued, held} (local: not pushed yet; queued: the retry queue; docs/sync.md).
"""

from __future__ import annotations

from typing import Optional

import typer

from ghcli.cli import arguments, output, settings


def _signed_text(n: int) -> str:
    return f"{n:+d}"


def _status_text(s: dict) -> str:
    p, party, edition = s["prosperity"], s["party"], s["edition"]
    lines = [
        f"Campaign:     {s['campaign']['name']}",
        f"Edition:      {edition['name']}",
        f"Party:        {party['name']} ({_where(party)})",
    ]
    if p is not None:
        nxt = (f"{p['to_next_level']} to level {p['level'] + 1}" if p["to_next_level"] is not None else "top level")
        lines.append(f"Prosperity:   level {p['level']} ({output.counted(p['checkmarks'], 'checkmark')}; {nxt})")
    if party["reputation"] is not None:
        lines.append(f"Reputation:   {_signed_text(party['reputation'])} "
                     f"(shop prices {_signed_text(party['price_modifier'])})")
    if s["donations"] is not None:
        lines.append(f"Donations:    {s['donations']} gold")
    if "achievements" not in edition["lacks"]:
        lines += [
            output.wrapped("Global achievements: " + (", ".join(_ach(a) for a in s["achievements"]["global"])
                                                      or "none")),
            output.wrapped("Party achievements:  " + (", ".join(_ach(a) for a in s["achievements"]["party"])
                                                      or "none")),
        ]
    if edition["lacks"]:
        lines.append(output.wrapped("Not in this edition: " + ", ".join(edition["lacks"])))
    pending = s.get("pending_events", [])
    if party["road_event_due"] and not any(e["deck"] == "road" for e in pending):
        lines.append("Road event:   due, not drawn yet (`ghcli event draw road`)")
    for e in pending:
        lines.append(f"Drawn event:  {e['deck']} event {e['card']}, not resolved yet "
                     f"(`ghcli event resolve {e['deck']} --option A|B ... --return|--remove`)")
    for d in s.get("due", []):
        label = DUE_LABELS.get(d["step"])
        if label:
            lines.append(output.wrapped(f"{label + ':':<13} {d['text']} (`{d['command']}`)", indent=" " * 14))
    lines.append("")
    if s["characters"]:
        lines.append(output.table(
            [[c["name"], c["class_name"], c["party"], c["level"], c["xp"], c["gold"], c["checkmarks"],
              f"{c['perks_taken']}/{c['perks_earned']}"] for c in s["characters"]],
            ["character", "class", "party", "level", "xp", "gold", "checkmarks", "perks"],
        ))
    else:
        lines.append("No characters yet: `ghcli character new NAME --class CLASS`.")
    lines.extend(_journal_lines(s.get("journal") or {}))
    lines.append("")
    lines.append(output.wrapped("Available scenarios: " + (
        ", ".join(f"{x['number']} {x['name']}" for x in s["available_scenarios"]) or "none")))
    return "\n".join(lines)


# The due steps status shows on lines of their own (road events have their lines above).
DUE_LABELS = {"city-event": "City event", "level-up": "Level-up", "perk": "Perk", "quest": "Quest",
              "retire": "Retire"}


def _journal_lines(j: dict) -> list[str]:
    """What waits in the journal: entries not pushed, refused at a sync (the retry queue), held."""
    out = []
    if j.get("local"):
        out.append(f"Not pushed:   {output.counted(j['local'], 'entry', 'entries')} (`ghcli sync`)")
    if j.get("queued"):
        out.append(f"Refused:      {output.counted(j['queued'], 'entry', 'entries')} at a sync, in the retry queue "
                   "(`ghcli history`, `ghcli sync retry`)")
    if j.get("held"):
        out.append(f"Held:         {output.counted(j['held'], 'entry', 'entries')} this ghcli cannot apply yet "
                   "(`ghcli history`)")
    return out


def _where(party: dict) -> str:
    """'in town', 'on the road to scenario 1 Black Barrow', 'at scenario 1 Black Barrow, casual play'."""
    return party["where"] + (", casual play" if party.get("casual") else "")


def _ach(a: dict) -> str:
    return a["name"] + (f" x{a['count']}" if a["count"] > 1 else "")


app = typer.Typer()


@app.command("init")
def init_cmd(
    name: Optional[str] = typer.Option(None, "--name", show_default=False,
                                       help="The campaign's name (default: the edition's, Gloomhaven)."),
    party: str = typer.Option("Party", "--party", help="The first party's name."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for reproducible shuffles and draws."),
    edition: str = typer.Option("gh", "--edition", metavar="gh|jotl",
                                help="The box the campaign is played with: gh (Gloomhaven with Forgotten "
                                     "Circles) or jotl (Jaws of the Lion)."),
    as_json: bool = output.CHANGE_JSON,
) -> None:
    """Start a new campaign (refuses to overwrite an existing one)."""
    from ghcli.campaign import init

    with arguments.worded({"edition": "--edition"}):
        r = init.init(settings.db_path(), name=name, party=party, seed=seed, edition=edition)
    output.emit(r, as_json, lambda: _init_text(r))


def _init_text(r: dict) -> str:
    if r["edition"] == "gh":
        return (f"New campaign {r['name']!r} at {r['path']}: party {r['party']!r} in town; "
                f"prosperity 1; classes {', '.join(r['classes'])}; shop items 1-14; "
                f"city and road decks 1-30 shuffled; scenario 1 unlocked.")
    shop = (f"shop items {', '.join(map(str, r['supply']))}" if r["supply"]
            else "the shop empty (the scenarios fill it)")
    decks = "; ".join(f"{deck} deck {n} cards" for deck, n in r["decks"].items() if n) or "no event deck yet"
    return (f"New {r['edition_name']} campaign {r['name']!r} at {r['path']}: party {r['party']!r} in town; "
            f"classes {', '.join(r['classes'])}; {shop}; {decks}; "
            f"scenario {', '.join(map(str, r['scenarios']))} unlocked.")


@app.command("status")
def status_cmd(as_json: bool = output.JSON) -> None:
    """Prosperity, reputation, donations, achievements, characters and available scenarios."""
    from ghcli.campaign import status

    store = settings.open_store()
    data = status.status(store)
    output.emit(data, as_json, lambda: _status_text(data))
