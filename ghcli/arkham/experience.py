"""Experience in an Arkham campaign: the scenarios played and the XP each investigator earns.

Readings chosen (docs/arkham.md, XP and Standalone):

- XP is earned per scenario by active investigators (or those named); unspent
  XP is carried over (earned minus spent, ``investigators.xp``). Purchases need
  enough unspent XP (``deck``).
- Standalone play (rulebook: Standalone play): the resolutions are recorded as
  in a campaign except experience: ``scenario`` records the scenario and awards
  no XP (a ``--victory`` or ``--bonus`` is refused), ``xp`` is refused.
"""

from __future__ import annotations

from ghcli.arkham import campaign, investigators
from ghcli.arkham.kind import command
from ghcli.campaign.amounts import amount
from ghcli.errors import BadInput, NotFound, Refused
from ghcli.journal.store import Done, Store


def _award(store: Store, db, inv: dict, scenario_id: int | None, victory: int, bonus: int) -> dict:
    from ghcli.arkham import rules

    award = rules.scenario_xp(victory, bonus, investigators.xp(store, inv["id"])["unspent"])
    db.execute("INSERT INTO xp_awards (investigator_id, scenario_id, victory, bonus, applied, arithmetic) "
               "VALUES (?, ?, ?, ?, ?, ?)",
               [inv["id"], scenario_id, victory, bonus, award.applied, award.arithmetic])
    return {"investigator": inv["name"], "victory": victory, "bonus": bonus, "earned": award.earned,
            "unspent": award.unspent_after, "arithmetic": list(award.steps)}


def _check_award(victory: int, bonus: int) -> None:
    amount("--victory", victory)
    amount("--bonus", bonus)


@command("arkham scenario")
def record_scenario(store: Store, name: str, victory: int = 0, bonus: int = 0,
                    only: list[str] | None = None) -> dict:
    """A scenario played: each active investigator (or those named) earns victory display + bonus."""
    name = name.strip()
    if not name:
        raise BadInput("the scenario needs a name")
    _check_award(victory, bonus)

    def change(db):
        standalone = bool(campaign.playing(store).get("standalone"))
        if standalone and (victory or bonus):
            raise Refused(f"a standalone game awards no experience: record {name!r} "
                          "without --victory and --bonus")
        if only:
            invs = [investigators.active(store, n) for n in only]
            if len({i["id"] for i in invs}) != len(invs):
                raise BadInput("an investigator is named twice")
        else:
            invs = store.rows("SELECT * FROM investigators WHERE status = 'active' ORDER BY id")
            if not invs:
                raise Refused("no investigator is playing: join one first")
        scenario_id = db.execute("INSERT INTO scenarios (name) VALUES (?)", [name]).lastrowid
        if standalone:  # rulebook, Standalone play: the resolutions are recorded, experience is not
            return Done(f"scenario {name!r} (standalone game: no XP)",
                        {"scenario": name, "number": scenario_id, "awards": [], "standalone": True})
        awards = [_award(store, db, inv, scenario_id, victory, bonus) for inv in invs]
        summary = f"scenario {name!r}: " + ", ".join(f"{a['investigator']} {a['earned']:+d} XP" for a in awards)
        return Done(summary, {"scenario": name, "number": scenario_id, "awards": awards, "standalone": False})

    return store.apply("arkham scenario", change)


@command("arkham xp")
def record_xp(store: Store, name: str, victory: int = 0, bonus: int = 0, scenario: str | None = None) -> dict:
    """One investigator's XP for a recorded scenario (the latest unless named)."""
    _check_award(victory, bonus)

    def change(db):
        if campaign.playing(store).get("standalone"):
            raise Refused("a standalone game awards no experience: its decks are built with "
                          "`arkham deck add`, up to 50 XP of cards")
        inv = investigators.active(store, name)
        if scenario:
            row = store.one("SELECT * FROM scenarios WHERE name = ? COLLATE NOCASE ORDER BY id DESC LIMIT 1",
                            [scenario.strip()])
            if row is None:
                raise NotFound("scenario", scenario, [r["name"] for r in store.rows("SELECT name FROM scenarios")])
        else:
            row = store.one("SELECT * FROM scenarios ORDER BY id DESC LIMIT 1")
            if row is None:
                raise Refused("no scenario recorded yet: record one with `ghcli arkham scenario NAME`")
        award = _award(store, db, inv, row["id"], victory, bonus)
        summary = f"{inv['name']} {award['earned']:+d} XP ({row['name']})"
        return Done(summary, {"scenario": row["name"], **award})

    return store.apply("arkham xp", change)
