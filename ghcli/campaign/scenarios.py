"""Which scenarios a party may play, and why not.

A scenario the campaign knows (unlocked on the map) is in one state:

- ``completed``: some party has won it (the rulebook: choose a scenario "no
  party has won yet"; it may be replayed).
- ``blocked``: a completed scenario blocks it (its reasons name which), or it
  was blocked by hand. One won before it was blocked stays ``completed``, its
  reasons saying it is blocked (no replay but casual play).
- ``locked``: its requirements are not met for this party: a global or party
  achievement missing, one held that must not be, a counted achievement held
  too few times (``requires.min_counts``), or none of the alternative sets of
  ``requires_any`` met (scenarios 22, 26, 33).
- ``available``: none of the above.

Scenarios not yet unlocked are not listed (their names are spoilers);
``is_available`` says "not unlocked" for them. A replay (``replay=True``) of a
completed scenario still needs its requirements met and it not blocked.
"""

from __future__ import annotations

from dataclasses import field

from ghcli.campaign import catalog, lookup
from ghcli.campaign.kind import Store
from ghcli.records import record

STATES = ("available", "completed", "locked", "blocked")


@record(frozen=True)
class Availability:
    """Whether a party may play a scenario; false with reasons when not. Truthy when available."""

    number: int
    state: str
    reasons: tuple[str, ...] = field(default_factory=tuple)
    ok: bool = False

    def __bool__(self) -> bool:
        return self.ok

    def why(self) -> str:
        return "; ".join(self.reasons)


def _name(key: str) -> str:
    try:
        return catalog.achievement(key)["name"]
    except Exception:  # an unknown key in old data: show the key
        return key


def _unmet(req: dict, held_global: dict[str, int], held_party: set[str]) -> list[str]:
    """Reasons one requirement set is not met (empty when it is)."""
    out: list[str] = []
    counts = req.get("min_counts") or {}
    for key in req.get("global", []):
        need = counts.get(key, 1)
        have = held_global.get(key, 0)
        if have == 0:
            out.append(f"needs global achievement {_name(key)}" + (f" x{need}" if need > 1 else ""))
        elif have < need:
            out.append(f"needs global achievement {_name(key)} x{need} (have {have})")
    for key, need in counts.items():
        if key not in req.get("global", []) and held_global.get(key, 0) < need:
            out.append(f"needs global achievement {_name(key)} x{need} (have {held_global.get(key, 0)})")
    for key in req.get("party", []):
        if key not in held_party:
            out.append(f"needs party achievement {_name(key)}")
    for key in req.get("not_global", []):
        if key in held_global:
            out.append(f"global achievement {_name(key)} is held")
    for key in req.get("not_party", []):
        if key in held_party:
            out.append(f"party achievement {_name(key)} is held")
    return out


def requirement_reasons(scenario: dict, held_global: dict[str, int], held_party: set[str]) -> list[str]:
    """Why a scenario's requirements are not met (empty when they are)."""
    reasons = _unmet(scenario.get("requires") or {}, held_global, held_party)
    alternatives = scenario.get("requires_any") or []
    if alternatives:
        missing = [_unmet(alt, held_global, held_party) for alt in alternatives]
        if all(missing):
            reasons.append("needs one of: " + " | ".join(
                " and ".join(r.removeprefix("needs ") for r in m) for m in missing))
    return reasons


class _Context:
    """What availability needs, read once."""

    def __init__(self, store: Store, party: dict | int | None):
        if party is None:
            party = lookup.current_party(store)
        self.party_id = party["id"] if isinstance(party, dict) else int(party)
        self.known = {r["number"]: r for r in store.rows("SELECT * FROM scenarios")}
        self.held_global = {r["key"]: r["count"] for r in store.rows("SELECT key, count FROM global_achievements")}
        self.held_party = {r["key"] for r in store.rows(
            "SELECT key FROM party_achievements WHERE party_id = ?", [self.party_id])}
        self.completed = sorted(n for n, r in self.known.items() if r["completed"])

    def check(self, number: int, replay: bool = False) -> Availability:
        row = self.known.get(number)
        if row is None or not row["unlocked"]:
            return Availability(number, "locked", ("not unlocked",))
        scen = catalog.scenario(number)
        if row["blocked"]:
            by = [n for n in self.completed if number in (catalog.scenario(n).get("blocks") or [])]
            reason = ("blocked by " + ", ".join(f"scenario {n} ({catalog.scenario(n)['name']})" for n in by)
                      if by else "blocked")
            if row["completed"]:  # won before it was blocked: the map shows it completed; no replay
                return Availability(number, "completed", ("completed", f"{reason}: no replay"))
            return Availability(number, "blocked", (reason,))
        reasons = requirement_reasons(scen, self.held_global, self.held_party)
        if row["completed"]:
            if replay and not reasons:
                return Availability(number, "completed", (), ok=True)
            return Availability(number, "completed", ("completed (replay it)", *reasons))
        if reasons:
            return Availability(number, "locked", tuple(reasons))
        return Availability(number, "available", (), ok=True)


def is_available(store: Store, party: dict | int | None, number: int, *, replay: bool = False) -> Availability:
    """May ``party`` (a parties row, its id, or None for the current party) play scenario ``number``?

    Truthy when yes; otherwise ``.state`` and ``.reasons`` (``.why()``) say why not.
    """
    return _Context(store, party).check(int(number), replay=replay)


def availability(store: Store, party: dict | int | None = None) -> list[dict]:
    """Every unlocked scenario with its state and reasons, by number."""
    ctx = _Context(store, party)
    out = []
    for number in sorted(n for n, r in ctx.known.items() if r["unlocked"]):
        a = ctx.check(number)
        scen = catalog.scenario(number)
        out.append({
            "number": number,
            "name": scen["name"],
            "location": scen.get("location"),
            "state": a.state,
            "reasons": list(a.reasons),
        })
    return out
