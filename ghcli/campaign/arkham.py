"""An Arkham Horror: The Card Game campaign, kept in its own database file.

The domain over the "arkham" migration set (schema: ghcli/data/arkham_schema.sql),
with the same conventions as the Gloomhaven campaign: every changing command
is one change (one transaction, one history entry, exact undo): a
``with store.change(...)`` block, or ``store.apply(...)`` of a function that
returns what it did (``Done``: the summary, the values) when the summary is
known only once the change is made. Checks happen inside the change before
any write, so a refusal leaves the file exactly as it was. The rules themselves are in :mod:`ghcli.rules.arkham`.

Readings chosen here (the rulebook seed where issue 8 is silent):

- The investigator pool: ``investigator add`` lists an investigator the group
  could play (printed health and sanity); ``investigator join`` puts one into
  play for a player (adding it to the pool first if health and sanity are
  given). A new investigator starts with 0 XP and no trauma. Only one
  investigator per player is active at a time.
- An investigator who leaves keeps everything (XP, trauma, deck, log) and may
  rejoin later with the same player (a new player picks an investigator not
  yet used); killed or insane investigators can never be used again.
- When an investigator is killed or goes insane, that player picks any
  investigator not yet used in the campaign (seed 001). ghcli knows which are
  left only when the group listed its pool (``investigator add``: the pool is
  then the investigators the group can pick from): if more players must pick
  than listed investigators remain, the campaign is lost and every later
  change is refused (undo still works). A group that never listed its pool
  is never declared lost: the player picks a new investigator with ``join
  NAME --health H --sanity S`` (issue 26).
- A defeat by a card's ability (``defeat --by card``, seed 001) eliminates the
  investigator and gives no trauma of itself: the card says what follows
  (``trauma`` records it).
- XP is earned per scenario by active investigators; unspent XP is carried
  over (earned minus spent). Purchases need enough unspent XP.
- The deck is recorded per investigator (``deck add`` for the starting deck and
  for cards a campaign guide adds; those cost nothing). ``buy``: each copy of a
  non-permanent card needs one ``--remove`` of a card in the deck (not a
  weakness, not a required card, not a permanent card); permanent cards need
  none. ``upgrade`` swaps copies of the lower level for the higher one, so the
  deck size is kept; weaknesses and required cards cannot be upgraded away.
- ``undo`` never reverts ``init`` (delete the file to start over).
- Standalone play (``create(standalone=True)``, seed 001): a defeat during
  the game records no trauma; trauma from a resolution is still recorded
  (``add_trauma``). The resolutions are recorded as in a campaign except
  experience: ``scenario`` records the scenario and awards no XP (a
  ``--victory`` or ``--bonus`` is refused), ``xp`` is refused (issue 26). A standalone deck holds at most 50 XP of cards
  (``deck_xp``: each copy's level, doubled when Exceptional, Myriad copies
  once): ``deck add`` refuses a card that would pass it and reports the extra
  random basic weaknesses (0-9 XP none ... 40-50 four).
- The campaign log: notes and named counts, numbered; crossing out marks an
  entry, nothing is deleted. Counting on a crossed-out name starts a new count.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ghcli.campaign import names
from ghcli.campaign.amounts import amount
from ghcli.journal.kinds import Bound, Kind, Migration, journal_migration
from ghcli.journal.store import Done, MAX_SQLITE_INT, Store
from ghcli.errors import BadInput, NotFound, Refused

KIND = "Arkham campaign"
INIT_HINT = "ghcli arkham init"


def _schema(db) -> None:
    from ghcli.data import arkham_schema_sql

    db.executescript(arkham_schema_sql())


def _standalone(db) -> None:
    db.execute("ALTER TABLE campaign ADD COLUMN standalone INTEGER NOT NULL DEFAULT 0 CHECK (standalone IN (0, 1))")


def _pool_listed(db) -> None:
    """Issue 26: whether the group listed the investigators it may pick from (``investigator add``);
    a file from before counts as listed when it holds an investigator never played."""
    db.execute("ALTER TABLE campaign ADD COLUMN pool_listed INTEGER NOT NULL DEFAULT 0 CHECK (pool_listed IN (0, 1))")
    db.execute("UPDATE campaign SET pool_listed = 1 WHERE EXISTS "
               "(SELECT 1 FROM investigators WHERE status = 'available')")


ARKHAM_MIGRATIONS: list[Migration] = [
    ("0001_arkham_schema", _schema),
    ("0002_standalone", _standalone),
    ("0003_journal", journal_migration("arkham")),
    ("0004_pool_listed", _pool_listed),
]

_NAME = Bound(length=names.MAX_NAME, name=True)
_COUNT = Bound(0, 999)
ARKHAM_BOUNDS = {
    ("campaign", "name"): _NAME, ("campaign", "created"): Bound(length=40),
    ("investigators", "name"): _NAME, ("investigators", "player"): _NAME,
    ("investigators", "health"): Bound(1, 99), ("investigators", "sanity"): Bound(1, 99),
    ("investigators", "status"): Bound(length=10),
    ("investigators", "physical_trauma"): _COUNT, ("investigators", "mental_trauma"): _COUNT,
    ("investigators", "joined_seq"): Bound(0, 10**6),
    ("scenarios", "name"): Bound(length=200),
    ("xp_awards", "victory"): Bound(0, 10**6), ("xp_awards", "bonus"): Bound(-10**6, 10**6),
    ("xp_awards", "applied"): Bound(-10**6, 2 * 10**6), ("xp_awards", "arithmetic"): Bound(length=200),
    ("deck_cards", "title"): Bound(length=200), ("deck_cards", "level"): Bound(0, 5),
    ("deck_cards", "kind"): Bound(length=10), ("deck_cards", "copies"): Bound(1, 99),
    ("purchases", "action"): Bound(length=10), ("purchases", "title"): Bound(length=200),
    ("purchases", "from_level"): Bound(0, 5), ("purchases", "to_level"): Bound(0, 5),
    ("purchases", "copies"): Bound(1, 99), ("purchases", "xp"): Bound(1, 10**6),
    ("purchases", "arithmetic"): Bound(length=200), ("purchases", "removed"): Bound(length=2000),
    ("log_entries", "kind"): Bound(length=10), ("log_entries", "text"): Bound(length=500),
    ("log_entries", "value"): Bound(0, 10**9),
    ("campaign", "pool_listed"): Bound(0, 1),
}

#: the Arkham campaign as a journal kind (its own file, migrations and commands)
ARKHAM = Kind(name="arkham", words=KIND, migrations=ARKHAM_MIGRATIONS, init_hint=INIT_HINT,
              command_modules=("ghcli.campaign.arkham",), bounds=ARKHAM_BOUNDS, functions={"name_key": names.key},
              schema_digest="e9b9b49a170e88cd42a792fc572b6ec2")  # see ghcli/campaign/kind.py's SCHEMA_DIGEST
command = ARKHAM.commands.command


# -- opening ---------------------------------------------------------------

def create(path: str | Path, name: str = "Arkham campaign", *, standalone: bool = False) -> Store:
    """A new campaign file; ``standalone``: one scenario played alone (no trauma from defeat during the game)."""
    name = (name or "").strip()
    if not name:
        raise BadInput("the campaign needs a name")

    def fill(store: Store) -> None:
        start(store, name, standalone)

    # Built beside the target and moved into place whole (Store.create).
    return Store.create(path, ARKHAM, fill=fill)


@command("arkham init", creates=True)
def start(store: Store, name: str, standalone: bool = False) -> dict:
    """The campaign's first entry."""
    with store.change("arkham init", f"new {'standalone game' if standalone else 'campaign'} {name!r}") as db:
        db.execute("INSERT INTO campaign (id, name, standalone, created) VALUES (1, ?, ?, ?)",
                   [name, int(standalone), store.now()])
    return {"name": name, "standalone": standalone}


def open_store(path: str | Path) -> Store:
    return Store.open(path, ARKHAM)


def _campaign(store: Store) -> dict:
    row = store.one("SELECT * FROM campaign WHERE id = 1")
    if row is None:
        raise Refused(f"the database holds no Arkham campaign: run `{INIT_HINT}`")
    return row


def _playing(store: Store) -> dict:
    """The campaign, refusing changes once it is lost."""
    row = _campaign(store)
    if row["lost"]:
        raise Refused("the campaign is lost: a player had to pick a new investigator and none was left")
    return row


# -- investigators ---------------------------------------------------------

def _find(store: Store, name: str) -> dict:
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


def _active(store: Store, name: str) -> dict:
    row = _find(store, name)
    if row["status"] != "active":
        why = {"available": "has not joined the campaign", "left": "has left the campaign",
               "killed": "was killed", "insane": "went insane"}[row["status"]]
        raise Refused(f"{row['name']} {why}")
    return row


def _xp(store: Store, inv_id: int) -> dict:
    earned = store.value("SELECT coalesce(sum(applied), 0) FROM xp_awards WHERE investigator_id = ?", [inv_id])
    spent = store.value("SELECT coalesce(sum(xp), 0) FROM purchases WHERE investigator_id = ?", [inv_id])
    return {"earned": earned, "spent": spent, "unspent": earned - spent}


def _describe(store: Store, row: dict) -> dict:
    from ghcli.rules import arkham as rules

    t = rules.trauma_state(row["health"], row["sanity"], row["physical_trauma"], row["mental_trauma"])
    return {
        "name": row["name"], "player": row["player"], "status": row["status"],
        "health": row["health"], "sanity": row["sanity"],
        "physical_trauma": t.physical, "mental_trauma": t.mental,
        "starting_damage": t.starting_damage, "starting_horror": t.starting_horror,
        "xp": _xp(store, row["id"]),
    }


def _check_printed(health: int | None, sanity: int | None) -> None:
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
    _check_printed(health, sanity)
    with store.change("arkham investigator add", f"{name} added to the pool") as db:
        _playing(store)
        if store.one("SELECT 1 FROM investigators WHERE name_key(name) = name_key(?)", [name]):
            raise Refused(f"{name} is already in this campaign's pool")
        db.execute("INSERT INTO investigators (name, health, sanity) VALUES (?, ?, ?)", [name, health, sanity])
        db.execute("UPDATE campaign SET pool_listed = 1 WHERE id = 1 AND pool_listed = 0")
    return _describe(store, _find(store, name))


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
    _check_printed(health, sanity)

    def change(db):
        nonlocal player
        _playing(store)
        row = store.one("SELECT * FROM investigators WHERE name_key(name) = name_key(?)", [name])
        if row is None and (health is None or sanity is None):
            try:
                row = _find(store, name)
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
        if row["status"] == "left" and player and player.lower() != (row["player"] or "").lower():
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
        out = _describe(store, store.one("SELECT * FROM investigators WHERE id = ?", [row["id"]]))
        out["rejoined"] = rejoin
        return Done(summary, out)

    return store.apply("arkham investigator join", change)


@command("arkham investigator leave")
def leave(store: Store, name: str) -> dict:
    """An investigator leaves the campaign; their XP, trauma, deck and log are kept."""

    def change(db):
        _playing(store)
        row = _active(store, name)
        db.execute("UPDATE investigators SET status = 'left' WHERE id = ?", [row["id"]])
        summary = f"{row['name']} left the campaign"
        return Done(summary, _describe(store, store.one("SELECT * FROM investigators WHERE id = ?", [row["id"]])))

    return store.apply("arkham investigator leave", change)


def investigators(store: Store) -> list[dict]:
    _campaign(store)
    return [_describe(store, r) for r in store.rows("SELECT * FROM investigators ORDER BY id")]


def investigator(store: Store, name: str) -> dict:
    _campaign(store)
    row = _find(store, name)
    out = _describe(store, row)
    out["xp_awards"] = store.rows(
        "SELECT s.name AS scenario, a.victory, a.bonus, a.applied, a.arithmetic FROM xp_awards a "
        "LEFT JOIN scenarios s ON s.id = a.scenario_id WHERE a.investigator_id = ? ORDER BY a.id", [row["id"]])
    out["purchases"] = store.rows(
        "SELECT action, title, from_level, to_level, copies, xp, arithmetic, removed FROM purchases "
        "WHERE investigator_id = ? ORDER BY id", [row["id"]])
    out["deck"] = deck(store, row["name"])
    return out


# -- experience ------------------------------------------------------------

def _award(store: Store, db, inv: dict, scenario_id: int | None, victory: int, bonus: int) -> dict:
    from ghcli.rules import arkham as rules

    award = rules.scenario_xp(victory, bonus, _xp(store, inv["id"])["unspent"])
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
        standalone = bool(_playing(store).get("standalone"))
        if standalone and (victory or bonus):
            raise Refused(f"a standalone game awards no experience (seed 001): record {name!r} "
                          "without --victory and --bonus")
        if only:
            invs = [_active(store, n) for n in only]
            if len({i["id"] for i in invs}) != len(invs):
                raise BadInput("an investigator is named twice")
        else:
            invs = store.rows("SELECT * FROM investigators WHERE status = 'active' ORDER BY id")
            if not invs:
                raise Refused("no investigator is playing: join one first")
        scenario_id = db.execute("INSERT INTO scenarios (name) VALUES (?)", [name]).lastrowid
        if standalone:  # seed 001: the resolutions are recorded, experience is not
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
        if _playing(store).get("standalone"):
            raise Refused("a standalone game awards no experience (seed 001): its decks are built with "
                          "`arkham deck add`, up to 50 XP of cards")
        inv = _active(store, name)
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


# -- the deck --------------------------------------------------------------

def _parse_card(text: str) -> tuple[str, int | None]:
    """'Knife' or 'Knife@2' -> (title, level or None)."""
    title, sep, level = text.strip().rpartition("@")
    if not sep:
        return text.strip(), None
    try:
        return title.strip(), int(level)
    except ValueError:
        raise BadInput(f"{text!r}: write a card as TITLE or TITLE@LEVEL") from None


def _deck_row(store: Store, inv: dict, card: str, level: int | None = None) -> dict:
    title, at = _parse_card(card)
    if level is not None and at is not None and level != at:
        raise BadInput(f"{card!r}: two different levels given")
    level = at if at is not None else level
    sql, params = "SELECT * FROM deck_cards WHERE investigator_id = ? AND title = ? COLLATE NOCASE", [inv["id"], title]
    if level is not None:
        sql += " AND level = ?"
        params.append(level)
    rows = store.rows(sql + " ORDER BY level", params)
    if not rows:
        known = [r["title"] for r in store.rows("SELECT title FROM deck_cards WHERE investigator_id = ?", [inv["id"]])]
        what = f"{title} (level {level})" if level is not None else title
        if any(k.lower() == title.lower() for k in known):
            raise NotFound(f"card in {inv['name']}'s deck", what, [])
        raise NotFound(f"card in {inv['name']}'s deck", what, known)
    if len(rows) > 1:
        levels = ", ".join(f"{title}@{r['level']}" for r in rows)
        raise BadInput(f"{inv['name']} has {title} at more than one level: say which ({levels})")
    return rows[0]


def _take(db, row: dict, copies: int) -> None:
    if row["copies"] > copies:
        db.execute("UPDATE deck_cards SET copies = ? WHERE id = ?", [row["copies"] - copies, row["id"]])
    else:
        db.execute("DELETE FROM deck_cards WHERE id = ?", [row["id"]])


def _put(store: Store, db, inv: dict, title: str, level: int, copies: int, *, kind: str = "card",
         permanent: bool = False, exceptional: bool = False, myriad: bool = False) -> None:
    row = store.one("SELECT * FROM deck_cards WHERE investigator_id = ? AND title = ? COLLATE NOCASE AND level = ?",
                    [inv["id"], title, level])
    if row is not None:
        if row["kind"] != kind:
            raise Refused(f"{row['title']} (level {level}) is already in the deck as a {row['kind']}")
        db.execute("UPDATE deck_cards SET copies = ? WHERE id = ?", [row["copies"] + copies, row["id"]])
    else:
        db.execute("INSERT INTO deck_cards (investigator_id, title, level, kind, copies, permanent, exceptional, "
                   "myriad) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   [inv["id"], title, level, kind, copies, int(permanent), int(exceptional), int(myriad)])


def _purchase(db, inv: dict, action: str, title: str, from_level: int | None, to_level: int, copies: int,
              cost, removed: str) -> None:
    """Record a purchase (a buy or an upgrade) and what it cost."""
    db.execute("INSERT INTO purchases (investigator_id, action, title, from_level, to_level, copies, xp, arithmetic, "
               "removed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [inv["id"], action, title, from_level, to_level, copies, cost.xp, cost.arithmetic, removed])


def _usable(store: Store, name: str) -> dict:
    row = _find(store, name)
    if row["status"] in ("killed", "insane"):
        raise Refused(f"{row['name']} {'was killed' if row['status'] == 'killed' else 'went insane'}")
    return row


@command("arkham deck add")
def deck_add(store: Store, name: str, card: str, level: int = 0, *, copies: int = 1, kind: str = "card",
             permanent: bool = False, exceptional: bool = False, myriad: bool = False) -> dict:
    """Record cards of the starting deck, or cards a campaign guide adds: no XP."""
    from ghcli.rules import arkham as rules

    title, at = _parse_card(card)
    level = at if at is not None else level
    rules.buy_cost(level)  # validates the level
    if not title:
        raise BadInput("a card needs a title")
    if copies < 1:
        raise BadInput(f"copies must be at least 1, not {copies}")
    amount("--copies", copies)

    def change(db):
        camp = _playing(store)
        inv = _usable(store, name)
        _put(store, db, inv, title, level, copies, kind=kind, permanent=permanent, exceptional=exceptional,
             myriad=myriad)
        summary = f"{inv['name']}: +{copies} {title} (level {level}, {kind}, no XP)"
        if camp.get("standalone"):
            xp = deck_xp(store, inv["id"])
            extra = rules.standalone_weaknesses(xp)  # refuses a deck of more than 50 XP
            summary += f"; standalone deck {xp} XP: {extra} extra random basic weakness(es)"
        return Done(summary, deck(store, name))

    return store.apply("arkham deck add", change)


def deck_xp(store: Store, inv_id: int) -> int:
    """The experience in a deck's cards (a standalone deck's total): each copy's level, doubled when
    Exceptional; Myriad copies of one title and level count once."""
    total = 0
    for c in store.rows("SELECT level, copies, exceptional, myriad FROM deck_cards WHERE investigator_id = ?",
                        [inv_id]):
        total += c["level"] * (1 if c["myriad"] else c["copies"]) * (2 if c["exceptional"] else 1)
    return total


@command("arkham deck remove")
def deck_remove(store: Store, name: str, card: str, *, copies: int = 1) -> dict:
    """Take cards out of a deck because a campaign guide says so: no XP, any kind of card."""
    if copies < 1:
        raise BadInput(f"copies must be at least 1, not {copies}")
    amount("--copies", copies)

    def change(db):
        _playing(store)
        inv = _usable(store, name)
        row = _deck_row(store, inv, card)
        if row["copies"] < copies:
            raise Refused(f"{inv['name']}'s deck holds {row['copies']} {row['title']}, not {copies}")
        _take(db, row, copies)
        summary = f"{inv['name']}: -{copies} {row['title']} (level {row['level']})"
        return Done(summary, deck(store, name))

    return store.apply("arkham deck remove", change)


def deck(store: Store, name: str) -> dict:
    _campaign(store)
    inv = _find(store, name)
    cards = store.rows(
        "SELECT title, level, kind, copies, permanent, exceptional, myriad FROM deck_cards "
        "WHERE investigator_id = ? ORDER BY kind, title, level", [inv["id"]])
    for c in cards:
        for flag in ("permanent", "exceptional", "myriad"):
            c[flag] = bool(c[flag])
    size = sum(c["copies"] for c in cards if c["kind"] == "card" and not c["permanent"])
    out = {"investigator": inv["name"], "cards": cards, "size": size,
           "weaknesses": sum(c["copies"] for c in cards if c["kind"] == "weakness")}
    if _campaign(store).get("standalone"):
        from ghcli.rules import arkham as rules

        out["xp"] = deck_xp(store, inv["id"])
        out["standalone_weaknesses"] = rules.standalone_weaknesses(min(out["xp"], rules.STANDALONE_MAX_XP))
    return out


def _removals(store: Store, inv: dict, removes: list[str], needed: int) -> list[tuple[dict, int]]:
    """Check the cards taken out to keep the deck size; returns (row, copies) pairs, writes nothing."""
    if len(removes) != needed:
        if needed == 0:
            raise BadInput("a permanent card does not count toward deck size: remove nothing (drop --remove)")
        raise Refused(f"the deck size is kept: {needed} card(s) added, so name {needed} card(s) to remove "
                      f"with --remove (got {len(removes)})")
    taken: dict[int, list] = {}
    for card in removes:
        row = _deck_row(store, inv, card)
        if row["kind"] == "weakness":
            raise Refused(f"{row['title']} is a weakness: weaknesses cannot be removed")
        if row["kind"] == "required":
            raise Refused(f"{row['title']} is a required card: required cards cannot be removed")
        if row["permanent"]:
            raise Refused(f"{row['title']} is permanent and does not count toward deck size: remove another card")
        entry = taken.setdefault(row["id"], [row, 0])
        entry[1] += 1
        if entry[1] > row["copies"]:
            raise Refused(f"{inv['name']}'s deck holds only {row['copies']} {row['title']} (level {row['level']})")
    return [(row, n) for row, n in taken.values()]


@command("arkham buy")
def buy(store: Store, name: str, card: str, level: int, *, copies: int = 1, exceptional: bool = False,
        myriad: bool = False, permanent: bool = False, remove: list[str] | None = None) -> dict:
    """Buy new cards with XP: level (at least 1) per copy, Exceptional doubled, Myriad paid once."""
    from ghcli.rules import arkham as rules

    remove = list(remove or [])
    title, at = _parse_card(card)
    if at is not None and at != level:
        raise BadInput(f"{card!r}: the level is given twice ({at} and --level {level})")
    if not title:
        raise BadInput("a card needs a title")
    amount("--copies", copies)
    cost = rules.buy_cost(level, exceptional=exceptional, myriad=myriad, copies=copies)

    def change(db):
        _playing(store)
        inv = _active(store, name)
        xp = _xp(store, inv["id"])
        if cost.xp > xp["unspent"]:
            raise Refused(f"{inv['name']} has {xp['unspent']} unspent XP; {title} costs {cost.xp} ({cost.arithmetic})")
        taken = _removals(store, inv, remove, 0 if permanent else copies)
        for row, n in taken:
            _take(db, row, n)
        _put(store, db, inv, title, level, copies, permanent=permanent, exceptional=exceptional, myriad=myriad)
        removed = "; ".join(f"{n} x {row['title']} (level {row['level']})" for row, n in taken)
        _purchase(db, inv, "buy", title, None, level, copies, cost, removed)
        summary = f"{inv['name']} bought {copies} x {title} (level {level}) for {cost.xp} XP"
        return Done(summary, {"investigator": inv["name"], "action": "buy", "card": title, "level": level,
                              "copies": copies, "xp": cost.xp, "arithmetic": list(cost.steps), "removed": removed,
                              "unspent_before": xp["unspent"], "unspent": xp["unspent"] - cost.xp})

    return store.apply("arkham buy", change)


@command("arkham upgrade")
def upgrade(store: Store, name: str, card: str, from_level: int, to_level: int, *, copies: int = 1,
            exceptional: bool = False, myriad: bool = False) -> dict:
    """Upgrade copies of a card to a higher level of the same title: the difference (at least 1) per copy."""
    from ghcli.rules import arkham as rules

    title, at = _parse_card(card)
    if at is not None:
        raise BadInput("give the levels with --from and --to")
    amount("--copies", copies)
    cost = rules.upgrade_cost(from_level, to_level, exceptional=exceptional, myriad=myriad, copies=copies)

    def change(db):
        _playing(store)
        inv = _active(store, name)
        xp = _xp(store, inv["id"])
        row = _deck_row(store, inv, title, from_level)
        if row["kind"] != "card":
            raise Refused(f"{row['title']} is a {row['kind']} card: it cannot be removed, so it cannot be upgraded")
        if row["copies"] < copies:
            raise Refused(f"{inv['name']}'s deck holds {row['copies']} {row['title']} (level {from_level}), "
                          f"not {copies} to upgrade")
        if cost.xp > xp["unspent"]:
            raise Refused(f"{inv['name']} has {xp['unspent']} unspent XP; the upgrade costs {cost.xp} "
                          f"({cost.arithmetic})")
        _take(db, row, copies)
        _put(store, db, inv, row["title"], to_level, copies, permanent=bool(row["permanent"]),
             exceptional=exceptional, myriad=myriad)
        _purchase(db, inv, "upgrade", row["title"], from_level, to_level, copies, cost,
                  f"{copies} x {row['title']} (level {from_level})")
        summary = (f"{inv['name']} upgraded {copies} x {row['title']} from level {from_level} "
                   f"to {to_level} for {cost.xp} XP")
        return Done(summary, {"investigator": inv["name"], "action": "upgrade", "card": row["title"],
                              "from_level": from_level, "level": to_level, "copies": copies, "xp": cost.xp,
                              "arithmetic": list(cost.steps), "unspent_before": xp["unspent"],
                              "unspent": xp["unspent"] - cost.xp})

    return store.apply("arkham upgrade", change)


# -- trauma ----------------------------------------------------------------

def _lost_check(store: Store) -> tuple[list[str], int]:
    """Players who must pick a new investigator, and how many investigators remain available."""
    needing = [r["player"] for r in store.rows(
        "SELECT i.player, i.status FROM investigators i WHERE i.player IS NOT NULL AND i.joined_seq = "
        "(SELECT max(j.joined_seq) FROM investigators j WHERE name_key(j.player) = name_key(i.player)) "
        "AND i.status IN ('killed', 'insane') ORDER BY i.player")]
    available = store.value("SELECT count(*) FROM investigators WHERE status = 'available'")
    return needing, available


def _apply_trauma(store: Store, db, inv: dict, physical: int, mental: int) -> dict:
    from ghcli.rules import arkham as rules

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
        needing, available = _lost_check(store)
        out["players_needing_investigator"] = needing
        out["available_investigators"] = available
        listed = bool(_campaign(store).get("pool_listed"))
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
        _playing(store)
        inv = _active(store, name)
        out = _apply_trauma(store, db, inv, physical, mental)
        return Done(_trauma_summary(out), out)

    return store.apply("arkham trauma", change)


@command("arkham defeat")
def defeat(store: Store, name: str, by: str, choose: str | None = None) -> dict:
    """Defeated in a scenario by damage (1 physical), horror (1 mental), or both (the player chooses)."""
    from ghcli.rules import arkham as rules

    physical, mental = rules.defeat_trauma(by, choose)

    def change(db):
        nonlocal physical, mental
        standalone = bool(_playing(store).get("standalone"))
        inv = _active(store, name)
        if standalone:  # seed 001: no trauma from a defeat during a standalone game
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


# -- the campaign log ------------------------------------------------------

@command("arkham log add")
def log_add(store: Store, text: str) -> dict:
    text = text.strip()
    if not text:
        raise BadInput("a log entry needs some text")
    with store.change("arkham log add", f"log: {text}") as db:
        _playing(store)
        entry_id = db.execute("INSERT INTO log_entries (kind, text) VALUES ('note', ?)", [text]).lastrowid
    return _entry(store, entry_id)


def parse_delta(text: str) -> int:
    """'+2', '2' or '-1' -> int."""
    try:
        return int(str(text).strip())
    except ValueError:
        raise BadInput(f"count by a whole number like +1 or -1, not {text!r}") from None


@command("arkham log count")
def log_count(store: Store, name: str, delta: int) -> dict:
    """Add to a named count (started at 0 if new, or if the old one was crossed out)."""
    name = name.strip()
    if not name:
        raise BadInput("a count needs a name")
    amount(f"count {name}", delta)

    def change(db):
        _playing(store)
        row = store.one("SELECT * FROM log_entries WHERE kind = 'count' AND crossed = 0 AND text = ? COLLATE NOCASE",
                        [name])
        before = row["value"] if row else 0
        after = before + delta
        if after < 0:
            raise Refused(f"{name} is {before}; it cannot go below 0")
        if row:
            db.execute("UPDATE log_entries SET value = ? WHERE id = ?", [after, row["id"]])
            entry_id = row["id"]
        else:
            entry_id = db.execute("INSERT INTO log_entries (kind, text, value) VALUES ('count', ?, ?)",
                                  [name, after]).lastrowid
        summary = f"count {name}: {before} {'+' if delta >= 0 else '-'} {abs(delta)} = {after}"
        return Done(summary, _entry(store, entry_id))

    return store.apply("arkham log count", change)


@command("arkham log cross")
def log_cross(store: Store, entry_id: int) -> dict:
    """Cross out an entry (it stays in the log, marked)."""
    if not 1 <= entry_id <= MAX_SQLITE_INT:
        raise NotFound("log entry", entry_id, [])

    def change(db):
        _playing(store)
        row = store.one("SELECT * FROM log_entries WHERE id = ?", [entry_id])
        if row is None:
            raise NotFound("log entry", entry_id, [])
        if row["crossed"]:
            raise Refused(f"entry {entry_id} is already crossed out")
        db.execute("UPDATE log_entries SET crossed = 1 WHERE id = ?", [entry_id])
        summary = f"crossed out entry {entry_id}: {row['text']}"
        return Done(summary, _entry(store, entry_id))

    return store.apply("arkham log cross", change)


def _entry(store: Store, entry_id: int) -> dict:
    row = store.one("SELECT id, kind, text, value, crossed FROM log_entries WHERE id = ?", [entry_id])
    row["crossed"] = bool(row["crossed"])
    return row


def log_entries(store: Store) -> list[dict]:
    _campaign(store)
    return [_entry(store, r["id"]) for r in store.rows("SELECT id FROM log_entries ORDER BY id")]


# -- history, undo --------------------------------------------------------

def history(store: Store, limit: int | None = None) -> list[dict]:
    return store.history(limit)


def undo(store: Store, ref: str | None = None) -> dict:
    """Add an undo entry reverting ``ref`` (default: this player's own last change; never the init)."""
    from ghcli.journal import history as journal_history, run

    target = journal_history.find(store, ref) if ref is not None else run.default_undo(store)
    ARKHAM.commands.undo(store, target["id"])
    return target


def redo(store: Store, ref: str | None = None) -> dict:
    """Add a redo entry reverting an undo (default: this player's last undo in effect)."""
    from ghcli.journal import history as journal_history, run

    target = journal_history.find(store, ref) if ref is not None else run.default_redo(store)
    ARKHAM.commands.redo(store, target["id"])
    return run._target_of(store, target) or target


# -- overview --------------------------------------------------------------

def status(store: Store) -> dict[str, Any]:
    camp = _campaign(store)
    needing, available = _lost_check(store)
    return {
        "name": camp["name"],
        "standalone": bool(camp.get("standalone")),
        "lost": bool(camp["lost"]),
        "pool_listed": bool(camp.get("pool_listed")),
        "scenarios": [r["name"] for r in store.rows("SELECT name FROM scenarios ORDER BY id")],
        "investigators": [_describe(store, r) for r in store.rows(
            "SELECT * FROM investigators WHERE status != 'available' ORDER BY joined_seq, id")],
        "available": [r["name"] for r in store.rows(
            "SELECT name FROM investigators WHERE status = 'available' ORDER BY id")],
        "players_needing_investigator": needing,
        "counts": {r["text"]: r["value"] for r in store.rows(
            "SELECT text, value FROM log_entries WHERE kind = 'count' AND crossed = 0 ORDER BY id")},
    }
