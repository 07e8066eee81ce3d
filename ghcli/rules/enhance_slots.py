"""Where a sticker goes on a card: the action's printed abilities and their enhancement slots.

Pure: standard library only. A card action is a tuple of :class:`Line` (its
abilities as printed: the kind, the slots beside it and their shapes, small
print or not, the ability a line belongs to); :func:`place` finds the slot a
sticker goes in or says why none can take it, and the placement rules of
``ghcli.rules.enhance.check_placement`` then apply to the ability found.

The slot shapes of the first edition (rulebook, "Enhancements"; GHS's
``enhancementTypes``):

- square: a +1 only;
- circle: a +1, an element, or Jump (on a Move);
- diamond: a +1, an element, or a negative condition;
- diamond plus: a +1, an element, or a positive condition;
- hex: a hex (on an area attack).

A summon's stats each take a +1 (the stats its card marks). A slot holds one
sticker: those already on the action fill slots first, each the first slot
that takes it (the narrowest shape). Readings: an element also goes on a
line's slot only when the line is printed large (main, not small print); a
line GHS could not model (shape "any") takes any sticker, and the host is
then what ``on`` names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Optional, Sequence

from ghcli.errors import BadInput, Refused
from ghcli.rules.enhance import HOSTS, Sticker

#: which sticker kinds each slot shape takes
SHAPES = {
    "square": frozenset({"ability"}),
    "circle": frozenset({"ability", "element", "any-element", "jump"}),
    "diamond": frozenset({"ability", "element", "any-element", "negative"}),
    "diamond_plus": frozenset({"ability", "element", "any-element", "positive"}),
    "hex": frozenset({"hex"}),
    "any": frozenset({"ability", "element", "any-element", "jump", "negative", "positive", "hex"}),
}
SHAPE_NAMES = {"square": "square", "circle": "circle", "diamond": "diamond", "diamond_plus": "diamond+",
               "hex": "hex", "any": "unknown"}
#: a +1 on these goes on a number printed within another ability (a Range of an Attack ...)
WITHIN = {"range", "target", "pierce", "area", "jump"}


@dataclass(frozen=True)
class Line:
    """One printed ability of a card action."""

    kind: str  # attack, move, heal, range (of an attack), poison (a condition), summon, area, custom ...
    slots: tuple[str, ...] = ()  # the shapes of its enhancement slots
    small: bool = False  # small print (a secondary ability)
    within: Optional[str] = None  # the ability it belongs to (range within attack)
    several: bool = False  # it targets several figures
    stats: tuple[str, ...] = ()  # a summon's stats that take a +1 (summon-hp, summon-move ...)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Line:
        return cls(d["kind"], tuple(d.get("slots") or ()), bool(d.get("small")), d.get("in"),
                   bool(d.get("several")), tuple(d.get("stats") or ()))

    @property
    def host(self) -> Optional[str]:
        """The ability a sticker in this line's slot is placed on (its own kind, or the one it is within)."""
        if self.kind in WITHIN or self.kind not in HOSTS and self.kind != "summon":
            return self.within if self.within in HOSTS else None
        return self.kind

    def describe(self) -> str:
        name = self.kind.replace("-", " ").title()
        shapes = ", ".join(SHAPE_NAMES.get(s, s) for s in self.slots)
        if self.kind == "summon":
            shapes = ", ".join(s.replace("summon-", "") for s in self.stats)
            return f"Summon (+1 on {shapes})" if shapes else "Summon"
        return f"{name} ({shapes or 'no slot'})"


@dataclass(frozen=True)
class Placement:
    """Where the sticker goes: the line (its index in the action), the ability it is placed on
    (for the placement rules and the cost), small print or not, several targets or not."""

    line: int
    host: str
    secondary: bool
    several: bool
    unknown: bool = False  # a slot GHS could not model: the sticker rules still apply to ``host``
    notes: tuple[str, ...] = field(default_factory=tuple)


def _takes(sticker: Sticker, line: Line) -> list[str]:
    """The shapes of ``line``'s slots that take ``sticker`` (narrowest first), ignoring what fills them."""
    if sticker.kind == "ability" and sticker.key.startswith("summon-"):
        return ["stat"] if line.kind == "summon" and sticker.key in line.stats else []
    if line.kind == "summon":
        return []
    if sticker.kind == "ability" and "any" not in line.slots and sticker.key != line.kind:
        return []  # a +1 goes on the number printed on that very line
    if sticker.kind == "jump" and line.host != "move" and "any" not in line.slots:
        return []
    if sticker.kind in ("element", "any-element") and line.small:
        return []
    if sticker.kind == "hex" and line.kind != "area" and "any" not in line.slots:
        return []
    fit = [s for s in line.slots if sticker.kind in SHAPES.get(s, ())]
    return sorted(fit, key=lambda s: len(SHAPES[s]))


def _free(lines: Sequence[Line], used: Iterable[Sticker]) -> list[list[str]]:
    """Each line's slots still free after the stickers already on the action (each in the first
    slot that takes it, the narrowest shape)."""
    free = [list(line.stats) if line.kind == "summon" else list(line.slots) for line in lines]
    for sticker in used:
        for i, line in enumerate(lines):
            shapes = _takes(sticker, line)
            if line.kind == "summon" and shapes:
                if sticker.key in free[i]:
                    free[i].remove(sticker.key)
                    break
                continue
            shape = next((s for s in shapes if s in free[i]), None)
            if shape is not None:
                free[i].remove(shape)
                break
    return free


def place(sticker: Sticker, lines: Sequence[Line], *, on: Optional[str] = None, used: Iterable[Sticker] = (),
          where: str = "the action") -> Placement:
    """The slot of ``lines`` that ``sticker`` goes in, or why it cannot: Refused when the action
    prints no ability the sticker can go on or none of its slots is free; BadInput when it could go
    on two abilities and ``on`` (the ability it goes on) does not say which."""
    lines = tuple(lines)
    on = on.strip().lower() if on else None
    free = _free(lines, used)
    fitting = []
    for i, line in enumerate(lines):
        shapes = _takes(sticker, line)
        if not shapes:
            continue
        if on is not None and on not in (line.host, line.kind):
            continue
        open_ = [s for s in shapes if (s in free[i] if s != "stat" else sticker.key in free[i])]
        fitting.append((i, line, bool(open_)))
    printed = "; ".join(line.describe() for line in lines) or "nothing a sticker goes on"
    if not fitting:
        if sticker.kind == "ability" and not any(line.kind == sticker.key or sticker.key in line.stats
                                                 for line in lines):
            what = sticker.key.replace("summon-", "a summon's ")
            raise Refused(f"{where} prints no {what.replace('-', ' ').title() if 'summon' not in what else what}: "
                          f"{sticker.label} goes on a printed number (it prints {printed})")
        named = f" on its {on.title()}" if on else ""
        raise Refused(f"{where} has no slot{named} that takes {sticker.label} (it prints {printed}; a square "
                      "takes a +1 only, a circle a +1, an element or Jump, a diamond a +1, an element or a "
                      "negative condition, a diamond+ a +1, an element or a positive condition, a hex a hex)")
    open_lines = [(i, line) for i, line, is_open in fitting if is_open]
    if not open_lines:
        raise Refused(f"every slot of {where} that takes {sticker.label} holds a sticker already "
                      f"(it prints {printed})")
    hosts = sorted({line.host or line.kind for _, line in open_lines})
    if len(hosts) > 1 and on is None:
        raise BadInput(f"{sticker.label} can go on {' or '.join(h.title() for h in hosts)} on {where}: "
                       f"name the ability it goes on ({'|'.join(hosts)})", field="on")
    i, line = open_lines[0]
    host = line.host or (on if on else None)
    unknown = "any" in line.slots
    if host is None:
        if on is None:
            raise BadInput(f"ghcli's card data does not say which ability {where}'s slot belongs to: "
                           "name the ability it goes on", field="on")
        host = on
    if line.kind == "summon":
        host = "summon"
    return Placement(i, host, line.small, line.several or _several(lines, i), unknown)


def _several(lines: Sequence[Line], i: int) -> bool:
    """Whether the ability line ``i`` belongs to targets several figures (its own mark, or the
    ability it is within)."""
    line = lines[i]
    if line.within is None:
        return line.several
    for other in reversed(lines[:i]):
        if other.kind == line.within and other.within is None:
            return other.several
    return False
