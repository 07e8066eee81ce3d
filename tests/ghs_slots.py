"""Each edition's enhancement_slots.json from GHS's data (``../shared/ghs/real/assets/data/``:
Gloomhaven's ``ghcli/data/enhancement_slots.json`` from ``gh.json`` and ``fc.json``, Jaws of the
Lion's ``ghcli/editions/jotl/enhancement_slots.json`` from ``jotl.json``), and the monster types of
each scenario that ``ghcli.data.scenario_monsters`` derives from ghs.json.

Run as a script to write the files again (``python tests/ghs_slots.py [gh|jotl ...] [GHS data folder]``:
both editions' by default); ``tests/test_enhance_slots.py`` checks that the shipped files, and the
derived monster types, are what this makes from GHS's data (when ../shared is there).
The monster types: keys of monsters.json (completion offers those of the unlocked scenarios).
enhancement_slots.json, facts only: for each ability
card's top and bottom action, the abilities it prints (their kind, the enhancement slots beside
them and their shapes, small print or not, the ability a line belongs to, whether it targets
several figures, a summon's stats that take a sticker). No card text. An edition's tutorial
cards (Jaws of the Lion's A and B: ``Edition.tutorial_card_levels``) are never enhanced and are
left out.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# ../shared beside the checkout (CI), else this machine's /work/shared
GHS = next((p / "ghs" / "real" / "assets" / "data" for p in (ROOT.parent / "shared", Path("/work/shared"))
            if (p / "ghs" / "real" / "assets" / "data").is_dir()), ROOT.parent / "shared" / "ghs/real/assets/data")
OUT = ROOT / "ghcli" / "data" / "enhancement_slots.json"
#: edition -> (GHS's files of its class decks, the folder of its facts: classes.json, enhancement_slots.json)
SLOT_EDITIONS = {"gh": (("gh", "fc"), ROOT / "ghcli" / "data"),
                 "jotl": (("jotl",), ROOT / "ghcli" / "editions" / "jotl")}
ABOUT = {"gh": "Enhancement slots of every ability card's top and bottom action (facts: kinds, slot "
               "shapes, small print), from GHS's decks; see SOURCES.md. Written by tests/ghs_slots.py.",
         "jotl": "Enhancement slots of every ability card's top and bottom action but the tutorial's A and B "
                 "cards, which are never enhanced (facts: kinds, slot shapes, small print), from GHS's jotl "
                 "decks; see SOURCES.md. Written by tests/ghs_slots.py."}
#: edition -> (GHS's files of its scenarios, the folder of its facts), for each edition's derived monster types
SCENARIO_EDITIONS = {"gh": (("gh", "fc"), ROOT / "ghcli" / "data"),
                     "jotl": (("jotl",), ROOT / "ghcli" / "editions" / "jotl")}

# GHS ability kinds kept as lines (a host of stickers, or a number a +1 goes on)
KINDS = {"attack", "move", "heal", "shield", "retaliate", "push", "pull", "pierce", "range", "target", "area",
         "jump", "loot", "teleport", "condition", "summon"}
CONTAINERS = {"concatenation", "box", "grid"}  # layout only: their lines belong to the ability around them
SUMMON_STATS = {"heal": "summon-hp", "move": "summon-move", "attack": "summon-attack", "range": "summon-range"}


def _targets_several(action: dict) -> bool:
    for sub in action.get("subActions") or []:
        if sub["type"] == "target" and str(sub.get("value", "")).isdigit() and int(sub["value"]) > 1:
            return True
        if sub["type"] == "area":
            return True
        if sub["type"] == "specialTarget" and str(sub.get("value", "")).startswith(("enemies", "allies", "all")):
            return True
    return False


def lines(actions: list[dict] | None, within: str | None = None) -> list[dict]:
    out = []
    for a in actions or []:
        kind = a["type"]
        slots = list(a.get("enhancementTypes") or [])
        if kind in CONTAINERS and "any" not in slots:
            out.extend(lines(a.get("subActions"), within))
            continue
        if kind in KINDS or slots:
            line = {"kind": kind if kind in KINDS else "custom", "slots": slots, "small": bool(a.get("small")),
                    "in": within}
            if kind == "condition":
                line["kind"] = str(a.get("value"))
            if kind in ("attack", "heal", "shield", "retaliate", "push", "pull") or line["kind"] != kind:
                line["several"] = _targets_several(a)
            if kind == "summon":
                stats = (a.get("valueObject") or {}).get("enhancements") or []
                line["stats"] = [SUMMON_STATS[s] for s in stats if s in SUMMON_STATS]
            out.append(line)
            host = line["kind"] if line["kind"] not in ("range", "target", "area", "pierce", "jump") else within
            out.extend(lines(a.get("subActions"), host))
        else:
            out.extend(lines(a.get("subActions"), within))
    return out


def out(edition: str = "gh") -> Path:
    """The edition's shipped enhancement_slots.json."""
    return SLOT_EDITIONS[edition][1] / "enhancement_slots.json"


def build(ghs: Path = GHS, edition: str = "gh") -> dict:
    """The edition's enhancement_slots.json (Gloomhaven's: with Forgotten Circles'; ``jotl``: Jaws of
    the Lion's, its tutorial cards left out)."""
    from ghcli import editions

    sources, facts = SLOT_EDITIONS[edition]
    tutorial = {str(lv) for lv in editions.get(edition).tutorial_card_levels}
    classes = json.loads((facts / "classes.json").read_text(encoding="utf-8"))
    by_ghs = {(c.get("spoiler_code") or c["key"]): c["key"] for c in classes}
    cards: dict = {}
    for source in sources:
        doc = json.loads((ghs / f"{source}.json").read_text(encoding="utf-8"))
        for deck in doc["decks"]:
            if not deck.get("character") or deck["name"] not in by_ghs:
                continue
            key = by_ghs[deck["name"]]
            for card in deck["abilities"]:
                if str(card.get("level")) in tutorial:
                    continue
                cards.setdefault(key, {})[str(card["cardId"])] = {
                    "top": lines(card.get("actions")), "bottom": lines(card.get("bottomActions"))}
    return {"about": ABOUT[edition], "cards": {k: cards[k] for k in sorted(cards)}}


def build_scenario_monsters(ghs: Path = GHS, edition: str = "gh") -> dict:
    """{scenario number: [monster keys]} for the edition's scenarios (Gloomhaven's: with Forgotten
    Circles'; ``jotl``: Jaws of the Lion's)."""
    sources, facts = SCENARIO_EDITIONS[edition]
    known = {m["key"] for m in json.loads((facts / "monsters.json").read_text(encoding="utf-8"))["monsters"]}
    names = {str(s["number"]): s["name"].lower() for s in json.loads(
        (facts / "scenarios.json").read_text(encoding="utf-8"))}
    out: dict[str, list[str]] = {}
    for edition in sources:
        for s in json.loads((ghs / f"{edition}.json").read_text(encoding="utf-8"))["scenarios"]:
            index = str(s.get("index", ""))  # the campaign's scenarios only (not solo ones numbered alike)
            if index.isdigit() and names.get(str(int(index))) == s["name"].lower():
                keys = [m.split(":")[0] for m in s.get("monsters") or []]
                out[str(int(index))] = sorted({m for m in keys if m in known})
    return {"about": "The monster types of each scenario (monsters.json keys), from GHS's scenarios; see "
                     "SOURCES.md. Written by tests/ghs_slots.py.",
            "scenarios": dict(sorted(out.items(), key=lambda kv: int(kv[0])))}


def text(doc: dict) -> str:
    """The file's text: one card a line."""
    out = ['{"about": ' + json.dumps(doc["about"]) + ',', ' "cards": {']
    classes = list(doc["cards"])
    for i, cls in enumerate(classes):
        out.append(f'  {json.dumps(cls)}: {{')
        numbers = list(doc["cards"][cls])
        for j, n in enumerate(numbers):
            comma = "," if j < len(numbers) - 1 else ""
            out.append(f'   {json.dumps(n)}: {json.dumps(doc["cards"][cls][n], separators=(",", ":"))}{comma}')
        out.append("  }" + ("," if i < len(classes) - 1 else ""))
    out.append(" }}")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    wanted = [a for a in argv if a in SLOT_EDITIONS] or list(SLOT_EDITIONS)
    paths = [a for a in argv if a not in SLOT_EDITIONS]
    source = Path(paths[0]) if paths else GHS
    for edition in wanted:
        out(edition).write_text(text(build(source, edition)), encoding="utf-8")
        print(f"wrote {out(edition)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main(sys.argv[1:]))
