"""The investigators of an Arkham campaign: the pool, who plays, who left.

Every other topic finds an investigator here (:func:`find` by name or a part
of it; :func:`active`: playing now; :func:`usable`: neither killed nor insane)
and reads their XP (:func:`xp`: earned, spent, unspent) and state (:func:`describe`).

Readings chosen (docs/arkham.md, Pool):

- The investigator pool: ``investigator add`` lists an investigator the group
  could play (printed health and sanity); ``investigator join`` puts one into
  play for a player (adding it to the pool first if health and sanity are
  given). A new investigator starts with 0 XP and no trauma. Only one
  investigator per player is active at a time.
- An investigator who leaves keeps everything (XP, trauma, deck, log) and may
  rejoin later with the same player (a new player picks an investigator not
  yet used); killed or insane investigators can never be used again.
"""

from __future__ import annotations

from ghcli.arkham import campaign
from ghcli.arkham.kind import command
from ghcli.campaign import names
from ghcli.campaign.amounts import amount
from ghcli.errors import BadInput, NotFound, Refused
from ghcli.journal.store import Done, Store


def find(store: Store, name: str) -> dict:
    """An investigator by full name, or by a part of it that names only one ('Roland', 'Banks')."""
    q = name.strip()
    row = store.one("SELECT * FROM investigators WHERE name_key(name) = name_key(?)", [q])
    if row is not None:
        return row
    everyone = store.rows("SELECT * FROM investigators ORDER BY id")
    ql = q.lower()
    hits = [r for r in everyone if ql and (r["name"].lower().startswith(ql) or ql in r["name"].lower().split())]
    if len(hits) == 1:
        return hits[0]
    if len(hits) > 1:
        raise BadInput(f"{q!r} could be " + " or ".join(r["name"] for r in hits) + ": give the full name")
    raise NotFound("investigator", name, [r["name"] for r in everyone])


def active(store: Store, name: str) -> dict:
    """An investigator playing now (refused: one in the pool only, one who left, killed or insane)."""
    row = find(store, name)
    if row["status"] != "active":
        why = {"available": "has not joined the campaign", "left": "has left the campaign",
               "killed": "was killed", "insane": "went insane"}[row["status"]]
        raise Refused(f"{row['name']} {why}")
    return row


def usable(store: Store, name: str) -> dict:
    """An investigator whose deck may still change: any but a killed or insane one."""
    row = find(store, name)
    if row["status"] in ("killed", "insane"):
        raise Refused(f"{row['name']} {'was killed' if row['status'] == 'killed' else 'went insane'}")
    return row


def xp(store: Store, inv_id: int) -> dict:
    """An investigator's XP: earned (every award), spent (every purchase), unspent."""
    earned = store.value("SELECT coalesce(sum(applied), 0) FROM xp_awards WHERE investigator_id = ?", [inv_id])
    spent = store.value("SELECT coalesce(sum(xp), 0) FROM purchases WHERE investigator_id = ?", [inv_id])
    return {"earned": earned, "spent": spent, "unspent": earned - spent}


def describe(store: Store, row: dict) -> dict:
    """An investigator's row as shown: status, printed values, trauma and what it starts each scenario with, XP."""
    from ghcli.arkham import rules

    t = rules.trauma_state(row["health"], row["sanity"], row["physical_trauma"], row["mental_trauma"])
    return {
        "name": row["name"], "player": row["player"], "status": row["status"],
        "health": row["health"], "sanity": row["sanity"],
        "physical_trauma": t.physical, "mental_trauma": t.mental,
        "starting_damage": t.starting_damage, "starting_horror": t.starting_horror,
        "xp": xp(store, row["id"]),
    }


def check_printed(health: int | None, sanity: int | None) -> None:
    for label, v in (("health", health), ("sanity", sanity)):
        if v is not None and v < 1:
            raise BadInput(f"printed {label} is at least 1, not {v}")
        if v is not None:
            amount(f"printed {label}", v)


@command("arkham investigator add")
def add_investigator(store: Store, name: str, health: int, sanity: int) -> dict:
    """Add an investigator to the pool the group can pick from (not yet in play)."""
    name = name.strip()
    if not name:
        raise BadInput("an investigator needs a name")
    name = names.clean(name, "investigator name")
    check_printed(health, sanity)
    with store.change("arkham investigator add", f"{name} added to the pool") as db:
        campaign.playing(store)
        if store.one("SELECT 1 FROM investigators WHERE name_key(name) = name_key(?)", [name]):
            raise Refused(f"{name} is already in this campaign's pool")
        db.execute("INSERT INTO investigators (name, health, sanity) VALUES (?, ?, ?)", [name, health, sanity])
        db.execute("UPDATE campaign SET pool_listed = 1 WHERE id = 1 AND pool_listed = 0")
    return describe(store, find(store, name))


def _player_active(store: Store, player: str, exclude_id: int) -> dict | None:
    return store.one("SELECT * FROM investigators WHERE name_key(player) = name_key(?) AND status = 'active' "
                     "AND id != ?", [player, exclude_id])


@command("arkham investigator join")
def join(store: Store, name: str, player: str | None = None, health: int | None = None,
         sanity: int | None = None) -> dict:
    """Put an investigator into play: one not yet used (0 XP, no trauma), or one who left (all kept)."""
    name = names.clean(name, "investigator name") if name.strip() else ""
    if player is not None:
        player = names.clean(player, "player name (--player)")
    check_printed(health, sanity)

    def change(db):
        nonlocal player
        campaign.playing(store)
        row = store.one("SELECT * FROM investigators WHERE name_key(name) = name_key(?)", [name])
        if row is None and (health is None or sanity is None):
            try:
                row = find(store, name)
            except NotFound:
                pass
        if row is None:
            if health is None or sanity is None:
                raise BadInput(f"{name} is not in the pool: give --health and --sanity (printed values)")
            if not name:
                raise BadInput("an investigator needs a name")
            db.execute("INSERT INTO investigators (name, health, sanity) VALUES (?, ?, ?)", [name, health, sanity])
            row = store.one("SELECT * FROM investigators WHERE name_key(name) = name_key(?)", [name])
        else:
            for label, given in (("health", health), ("sanity", sanity)):
                if given is not None and given != row[label]:
                    raise BadInput(f"{row['name']}'s printed {label} is {row[label]}, not {given}")
            if row["status"] == "active":
                raise Refused(f"{row['name']} is already playing in this campaign")
            if row["status"] == "killed":
                raise Refused(f"{row['name']} was killed and cannot be used for the rest of the campaign")
            if row["status"] == "insane":
                raise Refused(f"{row['name']} went insane and cannot be used for the rest of the campaign")
        if row["status"] == "left" and player and names.key(player) != names.key(row["player"] or ""):
            raise Refused(f"{row['name']} was {row['player']}'s investigator; a new player picks one "
                          f"not yet used in this campaign")
        player = player or row["player"]
        if not player:
            raise BadInput(f"who plays {row['name']}? give --player NAME")
        other = _player_active(store, player, row["id"])
        if other:
            raise Refused(f"{player} already plays {other['name']}; they leave first")
        seq = (store.value("SELECT max(joined_seq) FROM investigators") or 0) + 1
        rejoin = row["status"] == "left"
        db.execute("UPDATE investigators SET status = 'active', player = ?, joined_seq = ? WHERE id = ?",
                   [player, seq, row["id"]])
        summary = f"{row['name']} {'rejoined' if rejoin else 'joined'} ({player})"
        out = describe(store, store.one("SELECT * FROM investigators WHERE id = ?", [row["id"]]))
        out["rejoined"] = rejoin
        return Done(summary, out)

    return store.apply("arkham investigator join", change)


@command("arkham investigator leave")
def leave(store: Store, name: str) -> dict:
    """An investigator leaves the campaign; their XP, trauma, deck and log are kept."""

    def change(db):
        campaign.playing(store)
        row = active(store, name)
        db.execute("UPDATE investigators SET status = 'left' WHERE id = ?", [row["id"]])
        summary = f"{row['name']} left the campaign"
        return Done(summary, describe(store, store.one("SELECT * FROM investigators WHERE id = ?", [row["id"]])))

    return store.apply("arkham investigator leave", change)


def pool(store: Store) -> list[dict]:
    """Every investigator of the campaign (the pool, those playing, those who left or fell), as described."""
    campaign.row(store)
    return [describe(store, r) for r in store.rows("SELECT * FROM investigators ORDER BY id")]

