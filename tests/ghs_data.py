"""Build each edition's scenario rooms and monster ability decks from Gloomhaven Secretariat's game data.

``python tests/ghs_data.py`` rewrites them for every edition (``python tests/ghs_data.py jotl``: one
edition): Gloomhaven's ``ghcli/data/{scenario_rooms,monster_decks}.json`` from
``../shared/ghs/real/assets/data/gh.json``, Jaws of the Lion's
``ghcli/editions/jotl/{scenario_rooms,monster_decks}.json`` from ``jotl.json`` beside it (GHS 0.150.6;
see ghcli/data/SOURCES.md and ghcli/editions/jotl/SOURCES.md); ``tests/test_scenario_setup.py``
rebuilds them and checks that the shipped files are what this gives. Facts only: numbers and names
(scenario, monster, map tile, condition and element names), never text: GHS's ``custom`` entries
(labels of card text) are left out, and a card that has one says so (``"custom": true``).

Both editions are read the same way: GHS lays Jaws of the Lion out as Gloomhaven (``scenarios[]``
with their ``rooms[]``, ``monsters[]`` with their ``deck``, ``decks[]``). A Jaws of the Lion room's
``tile`` is GHS's ``ref`` for it: the part of the scenario book's printed map (``jotl03-2``: scenario
3's second part; scenario 18's ``top-left`` ...), since the box has no map tiles.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: GHS's built data: this machine's /work/shared, else ../shared beside the checkout (CI); None when absent
DATA = next((p for p in (Path("/work/shared/ghs/real/assets/data"), ROOT.parent / "shared" / "ghs" / "real" / "assets"
                         / "data") if (p / "gh.json").exists()), None)
GHS = DATA / "gh.json" if DATA is not None else None  # (Gloomhaven's file: the older callers' name)
PLAYERS = ("2", "3", "4")

#: edition key -> (GHS's file, the folder the edition's facts are shipped in, the box's name)
EDITIONS = {
    "gh": ("gh.json", ROOT / "ghcli" / "data", "Gloomhaven"),
    "jotl": ("jotl.json", ROOT / "ghcli" / "editions" / "jotl", "Jaws of the Lion"),
}
FILES = ("scenario_rooms", "monster_decks")


def source(edition: str = "gh") -> str:
    return (f"Gloomhaven Secretariat 0.150.6 (upstream commit 3622d080, 2026-03-08), assets/data/"
            f"{EDITIONS[edition][0]}, built by GHS's scripts/build-data.js")


def load_ghs(edition: str = "gh") -> dict:
    return json.loads((DATA / EDITIONS[edition][0]).read_text(encoding="utf-8"))


def shipped_path(edition: str, name: str) -> Path:
    """Where the edition's ``name`` (scenario_rooms, monster_decks) is shipped."""
    return EDITIONS[edition][1] / f"{name}.json"


def _monster_name(name: str) -> tuple[str, int]:
    """GHS's ``living-corpse:+2`` (a monster at the scenario level plus 2) as (name, offset)."""
    base, _, offset = name.partition(":")
    return base, int(offset) if offset else 0


def _standee(m: dict) -> dict:
    name, offset = _monster_name(m["name"])
    out: dict = {"monster": name}
    if offset:
        out["level_offset"] = offset
    for p in PLAYERS:
        kind = m.get("type") or m.get(f"player{p}")
        if kind:
            out[p] = kind
    return out


def scenario_rooms(gh: dict, edition: str = "gh") -> dict:
    """Every scenario's rooms of the edition's campaign (GHS's scenarios without a group, numbered:
    Gloomhaven's 1-95, Jaws of the Lion's 1-25), in the order GHS lists them: the map tile, the room
    opened first, the rooms each opens, and each monster standee with its kind (normal, elite, boss)
    for 2, 3 and 4 characters (absent: no standee there with that many)."""
    out = {}
    for s in gh["scenarios"]:
        if s.get("group") or not s["index"].isdigit():
            continue
        monsters = []
        for name in s.get("monsters", []):
            base, _ = _monster_name(name)
            if base not in monsters:
                monsters.append(base)
        rooms = []
        for r in s.get("rooms", []):
            room = {"room": r["roomNumber"], "tile": r.get("ref"), "initial": bool(r.get("initial")),
                    "opens": list(r.get("rooms", [])), "standees": [_standee(m) for m in r.get("monster", [])]}
            rooms.append(room)
        out[s["index"]] = {"name": s["name"], "monsters": monsters, "rooms": rooms}
    notes = ["standees: for each standee its kind with 2, 3 and 4 characters (absent: none); "
                  "level_offset: the monster is at the scenario level plus this (GHS 'name:+N').",
                  "monsters: every monster type the scenario uses (rooms and special rules), decks from "
                  "monster_decks.json."]
    if edition == "jotl":
        notes.append("tile: GHS's ref for the room, the part of the scenario book's printed map (the box has "
                     "no map tiles); null where GHS names none. Monsters a scenario's special rules bring in "
                     "(GHS's rules[].spawns) are in monsters, not in a room.")
    return {
        "schema": "ghcli-scenario-rooms/1",
        "source": source(edition),
        "notes": notes,
        "scenarios": dict(sorted(out.items(), key=lambda kv: int(kv[0]))),
    }


#: The action and sub-action types whose numbers are shipped; others are counted as "other".
NUMERIC = ("move", "attack", "range", "target", "jump", "pierce", "push", "pull", "shield", "retaliate", "heal",
           "loot", "sufferDamage", "teleport", "fly")
NAMED = ("condition", "element")


def _action(a: dict) -> dict:
    """One GHS card action as numbers and names: ``{"type", "value", "op"?, "sub"?}``; ``area`` keeps
    GHS's hex pattern ("(x,y,kind)|..." coordinates); ``custom`` and unknown kinds are dropped
    (the caller notes them)."""
    t = a["type"]
    out: dict = {"type": t}
    if t in NUMERIC or t in NAMED or t == "area":
        if "value" in a and a["value"] != "":
            out["value"] = a["value"]
        if a.get("valueType"):
            out["op"] = {"plus": "+", "minus": "-", "add": "+", "addition": "+", "subtract": "-"}.get(
                a["valueType"], a["valueType"])
    subs = []
    for sub in a.get("subActions", []):
        got = _action(sub)
        if got is not None:
            subs.append(got)
    if t not in NUMERIC and t not in NAMED and t != "area":
        out = {"type": "other"}
    if subs:
        out["sub"] = subs
    return out


def _has_custom(actions: list) -> bool:
    return any(a["type"] == "custom" or _has_custom(a.get("subActions", [])) for a in actions)


def monster_decks(gh: dict, edition: str = "gh") -> dict:
    """Every monster ability deck of the edition (the decks GHS's monsters use) with each card's
    number, initiative, shuffle and its actions' numbers; and which deck each monster uses."""
    uses = {}
    for m in gh["monsters"]:
        uses[m["name"]] = m.get("deck", m["name"])
    wanted = set(uses.values())
    decks = {}
    for dk in gh["decks"]:
        if dk["name"] not in wanted or not all("cardId" in c for c in dk["abilities"]):
            continue  # (solo scenarios' decks have unnumbered cards: not the campaign's)
        cards = []
        for c in dk["abilities"]:
            card = {"card": c["cardId"], "initiative": c["initiative"], "shuffle": bool(c.get("shuffle")),
                    "actions": [_action(a) for a in c["actions"]]}
            if _has_custom(c["actions"]):
                card["custom"] = True
            cards.append(card)
        decks[dk["name"]] = cards
    return {
        "schema": "ghcli-monster-decks/1",
        "source": source(edition),
        "notes": ["actions: each of the card's actions in order, numbers and names only: a value with op '+' "
                  "or '-' modifies the stat card's (move +1), one without op is the value itself (range 3); "
                  "'sub' are its small actions (range, target, jump, area, conditions ...); 'other' an action "
                  "with text (not shipped); custom: true when the card has text not shipped.",
                  "area: GHS's pattern, '(x,y,kind)' per hex, kind active (the attacker), target, ..."],
        "monster_decks": dict(sorted((m, d) for m, d in uses.items() if d in decks)),
        "decks": dict(sorted(decks.items())),
    }


def dumps(doc: dict) -> str:
    """The files' layout: one scenario, deck or monster per line (diffs stay readable)."""
    lines = ["{"]
    items = list(doc.items())
    for k, (key, value) in enumerate(items):
        end = "," if k + 1 < len(items) else ""
        if isinstance(value, dict) and key in ("scenarios", "decks", "monster_decks"):
            lines.append(f"  {json.dumps(key)}: {{")
            inner = list(value.items())
            for j, (k2, v2) in enumerate(inner):
                sep = "," if j + 1 < len(inner) else ""
                lines.append(f"    {json.dumps(k2)}: {json.dumps(v2, ensure_ascii=False, separators=(',', ':'))}{sep}")
            lines.append(f"  }}{end}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{end}")
    lines.append("}")
    return "\n".join(lines) + "\n"


BUILDS = {"scenario_rooms": scenario_rooms, "monster_decks": monster_decks}


def build(edition: str, name: str, doc: dict | None = None) -> str:
    """The text of the edition's ``name`` file as this script writes it."""
    return dumps(BUILDS[name](load_ghs(edition) if doc is None else doc, edition))


def main(argv: list[str] | None = None) -> int:
    wanted = list(argv if argv is not None else sys.argv[1:]) or list(EDITIONS)
    unknown = [e for e in wanted if e not in EDITIONS]
    if unknown:
        print(f"unknown edition {unknown[0]!r}: {', '.join(EDITIONS)}", file=sys.stderr)
        return 2
    if DATA is None:
        print("no ../shared/ghs/real/assets/data/gh.json here", file=sys.stderr)
        return 1
    for edition in wanted:
        doc = load_ghs(edition)
        for name in FILES:
            shipped_path(edition, name).write_text(build(edition, name, doc), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
