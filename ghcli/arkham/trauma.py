"""Trauma in an Arkham campaign: trauma from a resolution, defeat in a scenario, the lost campaign.

The arithmetic (killed at printed health, insane at printed sanity, which
defeat gives which trauma) is :mod:`ghcli.arkham.rules`'. Readings chosen
(docs/arkham.md, Pool, Trauma and Standalone):

- When an investigator is killed or goes insane, that player picks any
  investigator not yet used in the campaign (rulebook: Joining or leaving a
  campaign). ghcli knows which are left only when the group listed its pool
  (``investigator add``: the pool is then the investigators the group can pick
  from): if more players must pick than listed investigators remain, the
  campaign is lost and every later change is refused (undo still works). A
  group that never listed its pool is never declared lost: the player picks a
  new investigator with ``join NAME --health H --sanity S``.
- A defeat by a card's ability (``defeat --by card``, rulebook: Defeated by a
  card ability) eliminates the investigator and gives no trauma of itself: the
  card says what follows (``trauma`` records it).
- Standalone play (rulebook: Standalone play): a defeat during the game records
  no trauma; trauma from a resolution is still recorded (:func:`add_trauma`).
"""

from __future__ import annotations

from ghcli.arkham import campaign, investigators
from ghcli.arkham.kind import command
from ghcli.campaign.amounts import amount
from ghcli.errors import BadInput
from ghcli.journal.store import Done, Store


def lost_check(store: Store) -> tuple[list[str], int]:
    """Players who must pick a new investigator, and how many investigators remain available."""
    needing = [r["player"] for r in store.rows(
        "SELECT i.player, i.status FROM investigators i WHERE i.player IS NOT NULL AND i.joined_seq = "
        "(SELECT max(j.joined_seq) FROM investigators j WHERE name_key(j.player) = name_key(i.player)) "
        "AND i.status IN ('killed', 'insane') ORDER BY i.player")]
    available = store.value("SELECT count(*) FROM investigators WHERE status = 'available'")
    return needing, available


def _apply_trauma(store: Store, db, inv: dict, physical: int, mental: int) -> dict:
    from ghcli.arkham import rules

    t = rules.trauma_state(inv["health"], inv["sanity"], inv["physical_trauma"] + physical,
                           inv["mental_trauma"] + mental)
    status = "killed" if t.killed else "insane" if t.insane else "active"
    db.execute("UPDATE investigators SET physical_trauma = ?, mental_trauma = ?, status = ? WHERE id = ?",
               [t.physical, t.mental, status, inv["id"]])
    out = {"investigator": inv["name"], "added_physical": physical, "added_mental": mental,
           "physical_trauma": t.physical, "mental_trauma": t.mental, "health": t.health, "sanity": t.sanity,
           "starting_damage": t.starting_damage, "starting_horror": t.starting_horror,
           "outcome": t.outcome, "status": status, "campaign_lost": False}
    if status != "active":
        needing, available = lost_check(store)
        out["players_needing_investigator"] = needing
        out["available_investigators"] = available
        listed = bool(campaign.row(store).get("pool_listed"))
        out["pool_listed"] = listed
        if listed and len(needing) > available:
            db.execute("UPDATE campaign SET lost = 1 WHERE id = 1")
            out["campaign_lost"] = True
    return out


def _trauma_summary(out: dict) -> str:
    s = (f"{out['investigator']}: trauma {out['physical_trauma']} physical, {out['mental_trauma']} mental")
    if out["outcome"]:
        s += f" - {out['outcome']}"
    if out["campaign_lost"]:
        s += "; the campaign is lost"
    return s


@command("arkham trauma")
def add_trauma(store: Store, name: str, physical: int = 0, mental: int = 0) -> dict:
    """Physical and/or mental trauma (from a resolution); killed/insane when it reaches health/sanity."""
    if physical < 0 or mental < 0:
        raise BadInput("trauma is added, 0 or more of each")
    amount("--physical", physical)
    amount("--mental", mental)
    if physical == 0 and mental == 0:
        raise BadInput("give --physical N and/or --mental N")

    def change(db):
        campaign.playing(store)
        inv = investigators.active(store, name)
        out = _apply_trauma(store, db, inv, physical, mental)
        return Done(_trauma_summary(out), out)

    return store.apply("arkham trauma", change)


@command("arkham defeat")
def defeat(store: Store, name: str, by: str, choose: str | None = None) -> dict:
    """Defeated in a scenario by damage (1 physical), horror (1 mental), or both (the player chooses)."""
    from ghcli.arkham import rules

    physical, mental = rules.defeat_trauma(by, choose)

    def change(db):
        nonlocal physical, mental
        standalone = bool(campaign.playing(store).get("standalone"))
        inv = investigators.active(store, name)
        if standalone:  # rulebook, Standalone play: no trauma from a defeat during the game
            physical = mental = 0
        out = _apply_trauma(store, db, inv, physical, mental)
        out["defeated_by"] = by.strip().lower()
        out["standalone"] = standalone
        by_card = out["defeated_by"] == "card"
        summary = (f"defeated by {'a card' if by_card else out['defeated_by']}; "
                   + ("standalone game: no trauma from defeat; " if standalone and not by_card else "")
                   + ("no trauma from the defeat itself, the card says what follows; " if by_card else "")
                   + _trauma_summary(out))
        return Done(summary, out)

    return store.apply("arkham defeat", change)
