"""An Arkham campaign read whole: ``arkham status`` and one investigator's sheet (``investigator show``).

Reads what the topics beside it keep; changes nothing.
"""

from __future__ import annotations

from typing import Any

from ghcli.arkham import campaign, deck, investigators, trauma
from ghcli.journal.store import Store


def investigator(store: Store, name: str) -> dict:
    """One investigator: their state and XP, every award and purchase, and the deck."""
    campaign.row(store)
    row = investigators.find(store, name)
    out = investigators.describe(store, row)
    out["xp_awards"] = store.rows(
        "SELECT s.name AS scenario, a.victory, a.bonus, a.applied, a.arithmetic FROM xp_awards a "
        "LEFT JOIN scenarios s ON s.id = a.scenario_id WHERE a.investigator_id = ? ORDER BY a.id", [row["id"]])
    out["purchases"] = store.rows(
        "SELECT action, title, from_level, to_level, copies, xp, arithmetic, removed FROM purchases "
        "WHERE investigator_id = ? ORDER BY id", [row["id"]])
    out["deck"] = deck.show(store, row["name"])
    return out


def status(store: Store) -> dict[str, Any]:
    """The campaign at a glance: scenarios, investigators in play and in the pool, who must pick, counts."""
    camp = campaign.row(store)
    needing, _available = trauma.lost_check(store)
    return {
        "name": camp["name"],
        "standalone": bool(camp.get("standalone")),
        "lost": bool(camp["lost"]),
        "pool_listed": bool(camp.get("pool_listed")),
        "scenarios": [r["name"] for r in store.rows("SELECT name FROM scenarios ORDER BY id")],
        "investigators": [investigators.describe(store, r) for r in store.rows(
            "SELECT * FROM investigators WHERE status != 'available' ORDER BY joined_seq, id")],
        "available": [r["name"] for r in store.rows(
            "SELECT name FROM investigators WHERE status = 'available' ORDER BY id")],
        "players_needing_investigator": needing,
        "counts": {r["text"]: r["value"] for r in store.rows(
            "SELECT text, value FROM log_entries WHERE kind = 'count' AND crossed = 0 ORDER BY id")},
    }
