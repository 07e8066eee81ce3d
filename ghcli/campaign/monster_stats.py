"""Monster stats from the active edition's facts, named as players say them.

Gloomhaven's are ghcli/data/monsters.json, Jaws of the Lion's ghcli/editions/jotl/monsters.json
(``monster show --edition``; the campaign's edition by default).

- Names match ignoring case, spaces, hyphens and punctuation: "bandit guard",
  "Bandit Guard" and ``bandit-guard`` are the same monster. A typo is an
  error naming the closest monster.
- Variants (named scenario monsters and solo-scenario versions, ``variant``
  in the facts) are found only when asked for by their own name ("Cave Bear
  (Scenario 54)", ``cave-bear-scenario-54``, "The Husk"); they are never
  listed or suggested.
- Where the facts' ``summary.doubts`` question a value, the value shipped is
  the file's (Gloomhaven Secretariat's) and :func:`doubts` returns the notes
  that name the monster; except where ghcli decided a doubt by the majority
  of sources (``overrides`` in monsters.json, ghcli/data/SOURCES.md):
  the value shipped is the decided one and :func:`decisions` says why.

No database: these are table questions.
"""

from __future__ import annotations

import functools
import re

from ghcli import editions
from ghcli.campaign.catalog import _norm
from ghcli.errors import NotFound
from ghcli.rules import monster_stats


def _facts() -> dict:
    """The active edition's monsters (Gloomhaven's: ghcli/data/monsters.json; Jaws of the Lion's its own)."""
    return editions.current().load("monsters")


def all_monsters() -> list[dict]:
    return _facts()["monsters"]


def _index() -> dict[str, dict]:
    return _edition_index(editions.current().key)


@functools.cache
def _edition_index(edition_key: str) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for m in editions.get(edition_key).load("monsters")["monsters"]:
        out[_norm(m["key"])] = m
        out.setdefault(_norm(m["name"]), m)
    return out


def base_monsters() -> list[dict]:
    """Every monster that is not a variant, by name."""
    return sorted((m for m in all_monsters() if not m["variant"]), key=lambda m: m["name"])


def find(name: str) -> dict:
    """A monster by key or name as players say it; unknown names suggest the closest base monster."""
    found = _index().get(_norm(name))
    if found is not None:
        return found
    raise NotFound("monster", name, [m["name"] for m in base_monsters()])


def _about_level(text: str, level: int | None) -> bool:
    """Whether a doubt is about ``level``: one that names levels ("L6", "L4-7") is about those
    only; one that names none ("by level", "at all levels", no number) is about every level."""
    if level is None:
        return True
    named = [(int(a), int(b or a)) for a, b in re.findall(r"\bL(\d)(?:-(\d))?\b", text)]
    return not named or any(lo <= level <= hi for lo, hi in named)


def doubts(key: str, level: int | None = None) -> list[str]:
    """The facts' doubts that name this monster and are not decided (its value as shipped is the
    file's); with ``level``, only those about that level."""
    pattern = re.compile(rf"(?<![a-z-]){re.escape(key)}(?![a-z-])")
    settled = {d["doubt"] for d in _facts().get("overrides", {}).get("decisions", [])}
    return [d for d in _facts()["summary"]["doubts"]
            if pattern.search(d) and d not in settled and _about_level(d, level)]


def decisions(key: str, level: int | None = None) -> list[str]:
    """ghcli's decisions on this monster's doubted values (the value shipped is the decided one);
    with ``level``, only those about that level."""
    return [d["decided"] for d in _facts().get("overrides", {}).get("decisions", [])
            if key in d["monsters"] and _about_level(d["doubt"], level)]


def _types(m: dict) -> tuple[str, ...]:
    return ("boss",) if m["boss"] else ("normal", "elite")


def at_level(m: dict, level: int, characters: int | None = None) -> dict:
    """The ``monster show --level --json`` document: {"key", "name", "level", "normal", "elite"}
    (a boss: "boss" and "characters" instead of "normal" and "elite")."""
    stats = monster_stats.stats_at(m["stats"], level, characters)
    out = {"key": m["key"], "name": m["name"], "level": level}
    for kind in _types(m):
        out[kind] = stats[kind].as_dict()
    if m["boss"]:
        out["characters"] = characters
    return out


def show(name: str, level: int | None = None, characters: int | None = None) -> dict:
    """One monster at one level (see :func:`at_level`) or at every level 0-7."""
    if level is not None:
        monster_stats.check_level(level)
    if characters is not None:
        monster_stats.check_characters(characters)
    m = find(name)
    if level is not None:
        return at_level(m, level, characters)
    return {
        "key": m["key"], "name": m["name"], "edition": m["edition"], "boss": m["boss"], "flying": m["flying"],
        "standees": m["standee_count"], "variant_of": m.get("variant_of"), "characters": characters,
        "levels": [{k: v for k, v in at_level(m, lv, characters).items() if k not in ("key", "name", "characters")}
                   for lv in range(monster_stats.MIN_LEVEL, monster_stats.MAX_LEVEL + 1)],
        "doubts": doubts(m["key"]),
        "decided": decisions(m["key"]),
    }
