"""Editions: one folder of facts and one set of rule switches per game box a campaign is played with.

An :class:`Edition` is the campaign rules' switches (what the edition has,
how its shop fills, what a new character starts with, which enhancement
costs and monster rules it uses) and the folder of its facts (JSON files,
numbers and names only). Each edition is a subpackage:

- ``ghcli/editions/gh/``: Gloomhaven first edition with Forgotten Circles; its
  facts are ``ghcli/data/`` (kept where they were: the folder it points at);
- ``ghcli/editions/jotl/``: Jaws of the Lion; its facts beside its switches.

A third edition (Gloomhaven second edition, Frosthaven) is a new subpackage
with a folder of facts and an ``EDITION``, added to :data:`EDITIONS`.

The campaign's edition is chosen at ``ghcli init --edition`` and kept in the
database (``campaign.edition``). Opening a campaign makes its edition the
*active* one (:func:`activate`, a context variable), and every catalog lookup
(``ghcli.campaign.catalog``) reads the active edition's facts; a command the
edition does not have calls :meth:`Edition.require`, which refuses it with
the edition's own sentence. With no campaign open the active edition is
Gloomhaven.

Standard library, ``ghcli.errors`` and ``ghcli.records`` only (no campaign, no database).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import json
from dataclasses import field
from pathlib import Path
from types import MappingProxyType
from typing import Iterator, Mapping

from ghcli.errors import BadInput, Refused
from ghcli.records import record

#: the campaign features an edition may lack, in the order docs/campaign.md's edition table lists them
FEATURES = (
    "prosperity", "reputation", "donations", "achievements", "class unlocks", "city events", "road events",
    "personal quests", "retirement", "random dungeons", "solo scenarios",
)

#: the facts an edition lacks read as empty: lists, except the monster file (an object)
_EMPTY: Mapping[str, object] = MappingProxyType({"monsters": {"monsters": [], "summary": {"doubts": []}},
                                                 "enhancement_slots": {"cards": {}},
                                                 "scenario_rooms": {"scenarios": {}},
                                                 "monster_decks": {"monster_decks": {}, "decks": {}}})


@record(frozen=True)
class Edition:
    """One edition's campaign rules as named switches, and where its facts are."""

    key: str                      #: what ``init --edition`` takes and the database keeps
    name: str                     #: the box's name, as sentences use it
    title: str                    #: the name with what it includes ("Gloomhaven with Forgotten Circles")
    facts_dir: Path               #: the folder of its facts
    facts: tuple[str, ...]        #: the fact files it ships (``<name>.json``); the rest read as empty
    ghs: str                      #: Gloomhaven Secretariat's id for the edition
    rule_set: str                 #: the monster rules (``ghcli.rules.rulesets``)
    enhancement_costs: str        #: the enhancement calculator's edition (``ghcli.rules.enhance``)
    #: feature -> the sentence that refuses it ("Jaws of the Lion has no prosperity: ...")
    lacks: Mapping[str, str] = field(default_factory=dict)
    #: where the shop's items come from: "prosperity" (levels' items) or "scenarios" (item designs only)
    shop: str = "prosperity"
    #: the highest level a new character may start at: "prosperity" (the level) or "party" (the party's highest)
    start_level: str = "prosperity"
    #: gold a new character starts with, per level above 0 ("15 x (L + 1)": 15, 15); 0, 0 for none
    start_gold_per_level: int = 15
    start_gold_base: int = 15
    #: the global achievement that opens enhancing (None: open from the start)
    enhancing_needs: str | None = None
    #: a class's enhanced cards are at most the prosperity level
    enhanced_cards_by_prosperity: bool = True
    #: a character below the prosperity level may level up to it without the XP
    level_up_to_prosperity: bool = True
    #: ability-card levels that are never chosen at a level-up, beside 1 and X (the tutorial's A and B)
    tutorial_card_levels: tuple[str, ...] = ()
    #: classes playable at once beside the starting ones, with no unlock events (Forgotten Circles' Diviner)
    at_once_classes: tuple[str, ...] = ()
    #: every visit back in town owes a city event (``status`` lists it due, ``travel`` asks before leaving
    #: without it); False: drawing one is the players' call
    city_event_each_visit: bool = True

    def has(self, feature: str) -> bool:
        """Whether the edition's campaign has this feature (one of :data:`FEATURES`)."""
        if feature not in FEATURES:
            raise KeyError(feature)
        return feature not in self.lacks

    def require(self, feature: str) -> None:
        """Refuse (exit 1) what the edition does not have, with its sentence."""
        if not self.has(feature):
            raise Refused(self.lacks[feature])

    def start_gold(self, level: int) -> int:
        """The gold a new character starts with at ``level``."""
        return self.start_gold_base + self.start_gold_per_level * level

    def load(self, name: str):
        """The parsed JSON of one of the edition's fact files (cached: treat it as read-only);
        a file the edition does not ship reads as empty."""
        return _load(self.key, name)

    def __repr__(self) -> str:
        return f"Edition({self.key!r})"


@functools.cache
def _load(key: str, name: str):
    ed = get(key)
    if name not in ed.facts:
        return json.loads(json.dumps(_EMPTY.get(name, [])))
    if ed.facts_dir == _GH_DATA:  # Gloomhaven's facts stay where they were: read through ghcli.data
        from ghcli import data

        return data.load(name)
    with open(ed.facts_dir / f"{name}.json", encoding="utf-8") as f:
        return json.load(f)


_GH_DATA = Path(__file__).resolve().parent.parent / "data"


def _registry() -> Mapping[str, Edition]:
    from ghcli.editions import gh, jotl

    return MappingProxyType({e.key: e for e in (gh.EDITION, jotl.EDITION)})


@functools.cache
def editions() -> Mapping[str, Edition]:
    """Every edition ghcli keeps campaigns of, by key (Gloomhaven first: the default)."""
    return _registry()


def keys() -> tuple[str, ...]:
    """The keys ``init --edition`` takes, the default first."""
    return tuple(editions())


DEFAULT = "gh"


def get(key: str) -> Edition:
    """The edition with this key (as ``init --edition`` takes it); BadInput naming the editions otherwise."""
    text = str(key).strip().lower()
    found = editions().get(text)
    if found is None:
        raise BadInput(f"unknown edition {key!r}: ghcli keeps {' and '.join(keys())} campaigns "
                       f"({', '.join(f'{e.key} = {e.title}' for e in editions().values())})", field="edition")
    return found


_active: contextvars.ContextVar[str] = contextvars.ContextVar("ghcli_edition", default=DEFAULT)


def current() -> Edition:
    """The active edition: the open campaign's (Gloomhaven when none is open)."""
    key = _active.get()
    found = editions().get(key)  # (the key is one activate() checked: asked on every catalog lookup)
    return found if found is not None else get(key)


def activate(key: str | None) -> Edition:
    """Make an edition the active one (opening a campaign does); None or '' is Gloomhaven."""
    ed = get(key or DEFAULT)
    _active.set(ed.key)
    return ed


def reset() -> None:
    """Back to no campaign open: Gloomhaven."""
    _active.set(DEFAULT)


def for_rule_set(rule_set: str) -> Edition | None:
    """The edition whose monsters play under this rule set (``ghcli.rules.rulesets``: a board's
    ``rules``), or None when ghcli ships no edition of it (Frosthaven)."""
    return next((e for e in editions().values() if e.rule_set == rule_set), None)


@contextlib.contextmanager
def using(key: str) -> Iterator[Edition]:
    """The edition active inside a block (reading another edition's facts), the previous one after it."""
    token = _active.set(get(key).key)
    try:
        yield current()
    finally:
        _active.reset(token)
