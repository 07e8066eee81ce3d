"""Enhancement costs and sticker placement for four editions, and Jaws of the Lion's (gh's): docs/enhancement.md.

Pure: standard library only. ``quote(...)`` returns a :class:`Quote` (the
total and the arithmetic step by step) or raises ``Refused`` (the sticker
rules forbid it, exit 1) or ``BadInput`` (a bad value, exit 2).

Editions differ only in the switches of :data:`EDITIONS` (base costs, hex
numerator and rounding, what is not doubled, level and previous surcharges,
the lost / persistent multipliers, the enhancer building, the temporary
variant); :func:`quote` applies whichever switches the edition has, in the
order of the Frosthaven rulebook (Appendix D):

1. base cost (a hex: numerator / hexes the area has now)
2. x2 if the ability targets several figures (not what the edition exempts)
3. x1/2 if the action has a lost icon (fh: and no persistent icon;
   gh2e: not for summon actions), rounded up
4. x3 if the action gives a persistent bonus (fh only; not summon stats)
5. + per card level above 1
6. + per previous enhancement on the same action
7. enhancer building (fh): level 2 -10; level 3 -10 per card level above 1;
   level 4 -25 per previous enhancement (levels are cumulative)
8. temporary variant (fh): -20 if the action already has an enhancement,
   then x0.8, rounded up

``Step.cost`` is the running total after that step, so the last step's cost
is the quote's cost. A flag that does not change the cost in the chosen
edition but that the user gave (``--multi`` on a hex, ``--persistent`` on a
summon stat ...) is shown as a step that leaves the total unchanged.

Readings where the sources are silent or disagree (docs/enhancement.md, "Where the
sources disagree", gives each one's sources):

* gh: Teleport 40 and Regenerate 50 come from the first edition's cost table
  with Forgotten Circles' stickers (rulebook: Enhancement costs). gh has no
  Ward sticker. Doubling applies to everything except a hex ("never for
  hexes"), so also to +1 Target and elements.
* gh-digital: the digital edition's exception to the doubling (its updated
  enhancement costs) reaches ghcli without its icon; its worked example does
  not double the hex, so only a hex is exempt. 150 / hexes is rounded down
  like the first edition (no rounding is given). No Teleport, Regenerate or
  Ward sticker (its cost table prices none of them).
* fh and gh2e: halving is rounded up, like the hex and the temporary variant.
  Enhancer level 3 takes 10 off each card level above 1 (the level surcharge
  becomes 15 a level). Costs never go below 0.
* gh2e: fh's base costs and stickers (Ward 75, no Disarm); halved when lost
  unless a summon action, whether or not it is persistent; no x3, no
  enhancer building, no temporary variant.
* A sticker an edition does not have, and a flag an edition does not know
  (--lost in gh, --enhancer-level outside fh ...), is bad input (exit 2).

Placement (checked against ``on``, the ability the sticker goes on): negative
conditions only on abilities that target enemies; positive conditions only on
abilities that target yourself or allies (a Move does not); Jump only on a
Move; elements only on main abilities (not ``secondary``, small-print ones);
hexes only on area attacks; +1 only on a number printed on that ability.
When ``on`` is None the sticker's usual host is assumed (+1 Range -> attack,
a negative condition -> attack, a positive one -> heal, Jump -> move, an
element or a hex -> attack), so a plain cost question is never refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping, Optional

from ghcli.errors import BadInput, NotFound, Refused
from ghcli.rules.elements import ELEMENTS
from ghcli.rules.level import MAX_CHARACTER_LEVEL

# --- stickers -------------------------------------------------------------

ABILITIES = (
    "move", "attack", "range", "shield", "push", "pull", "pierce", "retaliate", "heal", "target",
    "teleport", "summon-move", "summon-attack", "summon-range", "summon-hp",
)
NEGATIVE = ("poison", "wound", "muddle", "immobilize", "disarm", "curse")
POSITIVE = ("strengthen", "bless", "regenerate", "ward")
EFFECTS = (*NEGATIVE, *POSITIVE, "jump", "element", "any-element")

# --- hosts: the ability a sticker goes on ---------------------------------
# name -> (whom it targets, the +1 numbers that can be printed on it)
ENEMIES, ALLIES, NOBODY = "enemies", "yourself or allies", "nobody"


@dataclass(frozen=True)
class Host:
    name: str
    targets: str
    numbers: frozenset[str]

    def __repr__(self) -> str:
        return f"Host({self.name!r})"


def _hosts() -> Mapping[str, Host]:
    table = {
        "attack": (ENEMIES, {"attack", "range", "target", "pierce", "push", "pull"}),
        "push": (ENEMIES, {"push", "range", "target"}),
        "pull": (ENEMIES, {"pull", "range", "target"}),
        "move": (NOBODY, {"move"}),
        "teleport": (NOBODY, {"teleport"}),
        "loot": (NOBODY, set()),
        "summon": (NOBODY, {"summon-move", "summon-attack", "summon-range", "summon-hp"}),
        "heal": (ALLIES, {"heal", "range", "target"}),
        "shield": (ALLIES, {"shield", "range", "target"}),
        "retaliate": (ALLIES, {"retaliate", "range", "target"}),
    }
    # a printed condition as an ability of its own ("Curse, Range 3")
    table.update({c: (ENEMIES, {"range", "target"}) for c in NEGATIVE})
    table.update({c: (ALLIES, {"range", "target"}) for c in POSITIVE})
    return MappingProxyType({k: Host(k, t, frozenset(n)) for k, (t, n) in table.items()})


HOSTS = _hosts()

# where a sticker usually goes, when ``on`` is not given
_USUAL_HOST = {
    **{a: a for a in ("move", "attack", "shield", "retaliate", "heal", "teleport", "push", "pull")},
    "range": "attack", "target": "attack", "pierce": "attack",
    **{a: "summon" for a in ABILITIES if a.startswith("summon-")},
    **{c: "attack" for c in NEGATIVE}, **{c: "heal" for c in POSITIVE},
    "jump": "move", "element": "attack", "any-element": "attack", "hex": "attack",
}


# --- editions -------------------------------------------------------------


@dataclass(frozen=True)
class EnhancerBuilding:
    """Frosthaven's enhancer building: what each of its levels takes off (levels are cumulative)."""

    max_level: int = 4
    #: level 2: off every enhancement
    level2_off: int = 10
    #: level 3: off each card level above 1
    level3_off_per_level: int = 10
    #: level 4: off each previous enhancement on the action
    level4_off_per_previous: int = 25


@dataclass(frozen=True)
class TemporaryVariant:
    """Frosthaven's temporary enhancement: a fee off when the action has one already, then a share kept."""

    off_if_previous: int = 20
    #: the share of the cost kept, as numerator / denominator (rounded up)
    keep: tuple[int, int] = (4, 5)


@dataclass(frozen=True)
class Edition:
    """The named switches in which the rule sets differ."""

    name: str
    title: str
    base: Mapping[str, int]
    hex_numerator: int
    hex_round_up: bool
    not_doubled: frozenset[str]
    per_level: int
    per_previous: int
    lost: Optional[str] = None  # None | "unless-persistent" | "unless-summon"
    persistent: Optional[str] = None  # None (flag refused) | "triple" | "ignored"
    enhancer: Optional[EnhancerBuilding] = None  # None: no enhancer building
    temporary: Optional[TemporaryVariant] = None  # None: no temporary variant


_GH_BASE = dict(
    move=30, attack=50, range=30, shield=100, push=30, pull=30, pierce=30, retaliate=100, heal=30, target=50,
    teleport=40,  # Forgotten Circles' sticker (docs/enhancement.md)
    **{"summon-move": 100, "summon-attack": 100, "summon-range": 50, "summon-hp": 50},
    poison=75, wound=75, muddle=50, immobilize=100, disarm=150, curse=75, strengthen=50, bless=50,
    regenerate=50,  # Forgotten Circles' sticker
    jump=50, element=100, **{"any-element": 150},
)
_DIGITAL_BASE = dict(
    move=20, attack=35, range=30, push=20, pull=15, pierce=15, target=40, heal=20, shield=60, retaliate=40,
    **{"summon-move": 40, "summon-attack": 60, "summon-range": 40, "summon-hp": 30},
    poison=30, wound=45, muddle=25, immobilize=100, disarm=150, curse=100, strengthen=100, bless=50,
    jump=35, element=60, **{"any-element": 90},
)
_FH_BASE = dict(
    move=30, attack=50, range=30, target=75, shield=80, retaliate=60, pierce=30, heal=30, push=30, pull=20,
    teleport=50, **{"summon-hp": 40, "summon-move": 60, "summon-attack": 100, "summon-range": 50},
    regenerate=40, ward=75, strengthen=100, bless=75, wound=75, poison=50, immobilize=150, muddle=40,
    curse=150, element=100, **{"any-element": 150}, jump=60,
)
_FH_NOT_DOUBLED = frozenset({"target", "hex", "element", "any-element"})

EDITIONS: Mapping[str, Edition] = MappingProxyType({
    "gh": Edition(
        "gh", "first edition", MappingProxyType(_GH_BASE), 200, False, frozenset({"hex"}), 25, 75,
    ),
    "gh-digital": Edition(
        "gh-digital", "digital edition (updated costs)", MappingProxyType(_DIGITAL_BASE), 150, False,
        frozenset({"hex"}), 10, 20,
    ),
    "fh": Edition(
        "fh", "Frosthaven", MappingProxyType(_FH_BASE), 200, True, _FH_NOT_DOUBLED, 25, 75,
        lost="unless-persistent", persistent="triple", enhancer=EnhancerBuilding(), temporary=TemporaryVariant(),
    ),
    "gh2e": Edition(
        "gh2e", "second edition", MappingProxyType(_FH_BASE), 200, True, _FH_NOT_DOUBLED, 25, 75,
        lost="unless-summon", persistent="ignored",
    ),
    # Jaws of the Lion prints the first edition's cost table: gh's switches under its own name
    "jotl": Edition(
        "jotl", "Jaws of the Lion (the first edition's costs)", MappingProxyType(_GH_BASE), 200, False,
        frozenset({"hex"}), 25, 75,
    ),
})


# --- values ---------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One rule applied; ``cost`` is the running total after it."""

    rule: str
    cost: int


@dataclass(frozen=True)
class Quote:
    cost: int
    steps: tuple[Step, ...] = field(default_factory=tuple)

    def as_dict(self) -> dict[str, Any]:
        return {"cost": self.cost, "steps": [{"rule": s.rule, "cost": s.cost} for s in self.steps]}


@dataclass(frozen=True)
class Sticker:
    kind: str  # "ability" | "negative" | "positive" | "jump" | "element" | "any-element" | "hex"
    key: str  # the base-cost key: "attack", "poison", "element", "hex" ...
    label: str  # for messages: "+1 Attack", "Poison", "one element (fire)", "a hex"


def edition_named(name: str) -> Edition:
    key = str(name or "gh").strip().lower()
    if key not in EDITIONS:
        raise NotFound("edition", name, EDITIONS)
    return EDITIONS[key]


def _title(key: str) -> str:
    return " ".join(w.capitalize() for w in key.split("-"))


def sticker_for(ability: Optional[str] = None, effect: Optional[str] = None, hexes: Optional[int] = None) -> Sticker:
    """The one sticker asked for (exactly one of ability, effect, hexes)."""
    given = [n for n, v in (("an ability", ability), ("an effect", effect), ("a hex count", hexes)) if v is not None]
    if len(given) != 1:
        both = " and ".join(given)
        raise BadInput("name exactly one sticker: an ability, an effect or a hex count"
                       + (f" (not {both})" if both else ""),
                       field=("ability", "effect", "hexes"))
    if ability is not None:
        key = str(ability).strip().lower()
        if key not in ABILITIES:
            raise NotFound("ability", ability, ABILITIES, field="ability")
        return Sticker("ability", key, f"+1 {_title(key)}")
    if effect is not None:
        key = str(effect).strip().lower()
        if key in ELEMENTS:
            return Sticker("element", "element", f"one element ({key})")
        if key not in EFFECTS:
            raise NotFound("effect", effect, (*EFFECTS, *ELEMENTS), field="effect")
        if key in NEGATIVE:
            return Sticker("negative", key, _title(key))
        if key in POSITIVE:
            return Sticker("positive", key, _title(key))
        labels = {"jump": "Jump", "element": "one element", "any-element": "any element"}
        return Sticker(key, key, labels[key])
    if isinstance(hexes, bool) or not isinstance(hexes, int) or hexes < 1:
        raise BadInput(f"a hex sticker needs the number of hexes the area attack has now (1 or more), not {hexes!r}",
                       field="hexes")
    return Sticker("hex", "hex", "a hex")


def check_placement(sticker: Sticker, on: Optional[str] = None, secondary: bool = False) -> Host:
    """The host ability, or Refused with the sticker rule that forbids placing it there."""
    name = (_USUAL_HOST[sticker.key] if on is None else str(on)).strip().lower()
    if name not in HOSTS:
        raise NotFound("ability to place the sticker on", on, HOSTS, field="on")
    host = HOSTS[name]
    where = f"{'an' if host.name[0] in 'aeiou' else 'a'} {_title(host.name)} ability"
    if sticker.kind == "negative" and host.targets != ENEMIES:
        raise Refused(
            f"{sticker.label} is a negative condition: it goes only on abilities that target enemies, "
            f"and {where} does not"
        )
    if sticker.kind == "positive" and host.targets != ALLIES:
        why = "a Move does not target allies" if host.name == "move" else f"{where} targets {host.targets}"
        raise Refused(
            f"{sticker.label} is a positive condition: it goes only on abilities that target yourself or allies; {why}"
        )
    if sticker.kind == "jump" and host.name != "move":
        raise Refused(f"Jump goes only on a Move ability, not on {where}")
    if sticker.kind in ("element", "any-element") and secondary:
        raise Refused(f"element stickers go only on main (large-print) abilities, not on a secondary {host.name}")
    if sticker.kind == "hex" and host.name != "attack":
        raise Refused(f"hex stickers go only on area attacks, not on {where}")
    if sticker.kind == "ability" and sticker.key not in host.numbers:
        raise Refused(
            f"{sticker.label} goes only on a printed {_title(sticker.key)} number, and {where} prints none"
        )
    return host


def _halve(x: int) -> int:
    return -(-x // 2)


def quote(
    edition: str = "gh",
    ability: Optional[str] = None,
    effect: Optional[str] = None,
    hexes: Optional[int] = None,
    level: int = 1,
    previous: int = 0,
    multi: bool = False,
    lost: bool = False,
    persistent: bool = False,
    enhancer_level: Optional[int] = None,
    temporary: bool = False,
    on: Optional[str] = None,
    secondary: bool = False,
) -> Quote:
    """What one enhancement sticker costs in ``edition``, step by step."""
    ed = edition_named(edition)
    sticker = sticker_for(ability, effect, hexes)
    _check_values(ed, level, previous, lost, persistent, enhancer_level, temporary)
    if sticker.key != "hex" and sticker.key not in ed.base:
        raise BadInput(f"the {ed.title} ({ed.name}) has no {sticker.label} sticker")
    host = check_placement(sticker, on, secondary)
    summon_stat = sticker.key.startswith("summon-")
    summon_action = summon_stat or host.name == "summon"

    steps: list[Step] = []

    def step(rule: str, total: int) -> int:
        steps.append(Step(rule, total))
        return total

    total = _base_multiplied(ed, sticker, hexes, multi, lost, persistent, summon_stat, summon_action, step)  # 1-4
    # 5. card level
    if level > 1:
        total = step(f"card level {level}: +{ed.per_level} x {level - 1}", total + ed.per_level * (level - 1))
    # 6. previous enhancements
    if previous:
        s = "s" if previous != 1 else ""
        total = step(f"{previous} previous enhancement{s} on the action: +{ed.per_previous} x {previous}",
                     total + ed.per_previous * previous)
    # 7. enhancer building (fh)
    if enhancer_level is not None and ed.enhancer is not None:  # (``_check_values``: fh only)
        total = _building(ed.enhancer, enhancer_level, level, previous, total, step)
    # 8. temporary variant (fh)
    t = ed.temporary
    if temporary and t is not None:  # (``_check_values``: fh only)
        if previous:
            total = step(f"temporary: -{t.off_if_previous}, the action already has an enhancement",
                         total - t.off_if_previous)
        num, den = t.keep
        total = step(f"temporary: x{num / den:g} (rounded up)", -(-total * num // den))
    if total < 0:
        total = step("not below 0", 0)
    return Quote(total, tuple(steps))


def _base_multiplied(ed: Edition, sticker: Sticker, hexes: Optional[int], multi: bool, lost: bool,
                     persistent: bool, summon_stat: bool, summon_action: bool, step: Callable[[str, int], int]) -> int:
    """``quote``'s steps 1-4: the base cost, then the several-targets, lost and persistent
    multipliers (each step told to ``step``)."""
    # 1. base
    if sticker.kind == "hex":
        assert hexes is not None  # (``sticker_for`` gives a hex sticker only with its hexes)
        n, num = hexes, ed.hex_numerator
        cost = -(-num // n) if ed.hex_round_up else num // n
        exact = num % n == 0
        rounding = "" if exact else (" (rounded up)" if ed.hex_round_up else " (rounded down)")
        total = step(f"base: a hex, {num} / {n} hex{'es' if n != 1 else ''}{rounding}", cost)
    else:
        total = step(f"base: {sticker.label} ({ed.name})", ed.base[sticker.key])
    # 2. several targets
    if multi:
        if sticker.key in ed.not_doubled:
            total = step(f"several targets: not doubled for {sticker.label}", total)
        else:
            total = step("several targets: x2", total * 2)
    # 3. lost
    if lost:
        if ed.lost == "unless-persistent" and persistent:
            total = step("lost icon: not halved, the action is persistent", total)
        elif ed.lost == "unless-summon" and summon_action:
            total = step("lost icon: not halved for a summon action", total)
        else:
            total = step("lost icon: x1/2 (rounded up)", _halve(total))
    # 4. persistent
    if persistent:
        if ed.persistent == "ignored":
            total = step(f"persistent: no multiplier in the {ed.title}", total)
        elif summon_stat:
            total = step("persistent: summon stats are not tripled", total)
        else:
            total = step("persistent bonus: x3", total * 3)
    return total


def _building(b: EnhancerBuilding, building: int, level: int, previous: int, total: int,
              step: Callable[[str, int], int]) -> int:
    """Step 7: the enhancer building's discounts up to its level ``building``."""
    if building >= 2:
        total = step(f"enhancer level 2: -{b.level2_off}", total - b.level2_off)
    if building >= 3 and level > 1:
        total = step(f"enhancer level 3: -{b.level3_off_per_level} x {level - 1} card levels",
                     total - b.level3_off_per_level * (level - 1))
    if building >= 4 and previous:
        total = step(f"enhancer level 4: -{b.level4_off_per_previous} x {previous} previous",
                     total - b.level4_off_per_previous * previous)
    return total


def _check_values(ed: Edition, level: Any, previous: Any, lost: bool, persistent: bool, enhancer_level: Any,
                  temporary: bool) -> None:
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= MAX_CHARACTER_LEVEL:
        raise BadInput(f"the card level must be from 1 to {MAX_CHARACTER_LEVEL}, not {level!r}", field="level")
    if isinstance(previous, bool) or not isinstance(previous, int) or previous < 0:
        raise BadInput(f"the enhancements already on the action must be 0 or more, not {previous!r}", field="previous")
    if lost and ed.lost is None:
        raise BadInput(f"the lost-icon surcharge applies to fh and gh2e, not {ed.name}", field="lost")
    if persistent and ed.persistent is None:
        raise BadInput(f"the persistent surcharge applies to fh and gh2e, not {ed.name}", field="persistent")
    if enhancer_level is not None:
        if not ed.enhancer:
            raise BadInput(f"the enhancer building's level applies to fh only, not {ed.name}", field="enhancer_level")
        top = ed.enhancer.max_level
        if isinstance(enhancer_level, bool) or not isinstance(enhancer_level, int) or not 1 <= enhancer_level <= top:
            raise BadInput(f"the enhancer building's level must be 1 to {top}, not {enhancer_level!r}",
                           field="enhancer_level")
    if temporary and not ed.temporary:
        raise BadInput(f"temporary enhancement is a Frosthaven variant (fh), not {ed.name}", field="temporary")
