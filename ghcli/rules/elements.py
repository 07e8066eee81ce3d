"""The element board: infusing, consuming and waning (rulebook "Elements").

Six elements, each inert, waning or strong. Readings (rulebook: Elements;
docs/table.md, Elements):

- An element infused during a turn is placed at the END of that turn: it
  becomes strong then, so the figure that infused it cannot consume it in
  the same turn; every later turn (the rest of this round, then the next
  round while it is waning) can.
- Consuming makes an element inert at once. Consuming and infusing the
  same element in one turn leaves it strong after the turn.
- At the end of every round strong becomes waning and waning becomes
  inert. So an element infused this round is strong for the rest of this
  round, waning the next round and inert after that.
- Strong and waning elements are both usable (consumable).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from ghcli.errors import BadInput, Refused

ELEMENTS = ("fire", "ice", "air", "earth", "light", "dark")
STATES = ("inert", "waning", "strong")
USABLE = frozenset({"waning", "strong"})
_ALIASES = {"frost": "ice", "wind": "air", "sun": "light", "darkness": "dark", "night": "dark"}


def element(name: str) -> str:
    """A canonical element name (a few common aliases accepted)."""
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in ELEMENTS:
        from ghcli.errors import NotFound

        raise NotFound("element", name, ELEMENTS)
    return key


def wane(state: str) -> str:
    """What one end of round does to one element's state."""
    if state not in STATES:
        raise BadInput(f"unknown element state {state!r}; choose from {', '.join(STATES)}")
    return {"strong": "waning", "waning": "inert", "inert": "inert"}[state]


def board(strong: Iterable[str] = (), waning: Iterable[str] = ()) -> dict[str, str]:
    """The element board from the strong and waning elements (all others inert)."""
    state = {e: "inert" for e in ELEMENTS}
    seen: dict[str, str] = {}
    for label, names in (("strong", strong), ("waning", waning)):
        for name in names:
            e = element(name)
            if e in seen and seen[e] != label:
                raise BadInput(f"{e} cannot be both {seen[e]} and {label}")
            seen[e] = label
            state[e] = label
    return state


@dataclass(frozen=True)
class ElementTimeline:
    """One element through the rest of the current turn, this round and the next rounds."""

    element: str
    now: str  # during the current turn
    usable_now: bool
    infused: bool  # infused during the current turn
    consumed: bool  # consumed during the current turn
    after_turn: str  # from the next turn on, for the rest of this round
    usable_after_turn: bool
    next_round: str  # after this round's end
    usable_next_round: bool
    round_after: str  # after the next round's end too

    def as_dict(self) -> dict[str, Any]:
        return {
            "now": self.now,
            "usable_now": self.usable_now,
            "infused_this_turn": self.infused,
            "consumed_this_turn": self.consumed,
            "after_turn": self.after_turn,
            "usable_after_turn": self.usable_after_turn,
            "next_round": self.next_round,
            "usable_next_round": self.usable_next_round,
            "round_after": self.round_after,
        }


def timeline(
    strong: Iterable[str] = (),
    waning: Iterable[str] = (),
    infused: Iterable[str] = (),
    consumed: Iterable[str] = (),
) -> list[ElementTimeline]:
    """Each element's state now, after the current turn, next round and the round after.

    ``strong``/``waning`` describe the board at the start of the current
    turn; ``infused`` are the elements infused during it (placed at its end);
    ``consumed`` the ones consumed during it (they must be usable now).
    """
    start = board(strong, waning)
    infused_set = {element(n) for n in infused}
    consumed_set = {element(n) for n in consumed}
    for e in sorted(consumed_set):
        if start[e] not in USABLE:
            raise Refused(f"{e} is inert: it cannot be consumed "
                          "(an element infused this turn is usable from the next turn)")
    out = []
    for e in ELEMENTS:
        now = "inert" if e in consumed_set else start[e]
        after_turn = "strong" if e in infused_set else now
        next_round = wane(after_turn)
        out.append(
            ElementTimeline(
                element=e,
                now=now,
                usable_now=start[e] in USABLE and e not in consumed_set,
                infused=e in infused_set,
                consumed=e in consumed_set,
                after_turn=after_turn,
                usable_after_turn=after_turn in USABLE,
                next_round=next_round,
                usable_next_round=next_round in USABLE,
                round_after=wane(next_round),
            )
        )
    return out
