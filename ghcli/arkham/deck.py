"""An investigator's deck in an Arkham campaign: the cards recorded, and the XP spent on new ones.

Readings chosen (docs/arkham.md, Costs, Deck size and Standalone):

- The deck is recorded per investigator (``deck add`` for the starting deck and
  for cards a campaign guide adds; those cost nothing). ``buy``: each copy of a
  non-permanent card needs one ``--remove`` of a card in the deck (not a
  weakness, not a required card, not a permanent card); permanent cards need
  none. ``upgrade`` swaps copies of the lower level for the higher one, so the
  deck size is kept; weaknesses and required cards cannot be upgraded away.
- A card is written TITLE or TITLE@LEVEL.
- Standalone play (rulebook: Standalone play): a standalone deck holds at most
  50 XP of cards (:func:`deck_xp`: each copy's level, doubled when Exceptional,
  Myriad copies once): ``deck add`` refuses a card that would pass it and
  reports the extra random basic weaknesses (0-9 XP none ... 40-50 four).
"""

from __future__ import annotations

from ghcli.arkham import campaign, investigators
from ghcli.arkham.kind import command
from ghcli.campaign.amounts import amount
from ghcli.errors import BadInput, NotFound, Refused
from ghcli.journal.store import Done, Store


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
        given = {"permanent": permanent, "exceptional": exceptional, "myriad": myriad}
        differ = [flag for flag, on in given.items() if bool(row[flag]) != on]
        if differ:  # one card, one set of keywords: a copy with others would change the deck size or cost
            held = ", ".join(("" if row[flag] else "not ") + flag for flag in differ)
            raise Refused(f"{row['title']} (level {level}) is in the deck already, {held}: "
                          "every copy of a card has its keywords")
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



@command("arkham deck add")
def deck_add(store: Store, name: str, card: str, level: int = 0, *, copies: int = 1, kind: str = "card",
             permanent: bool = False, exceptional: bool = False, myriad: bool = False) -> dict:
    """Record cards of the starting deck, or cards a campaign guide adds: no XP."""
    from ghcli.arkham import rules

    title, at = _parse_card(card)
    if at is not None and level not in (0, at):  # 0: --level not given (TITLE@LEVEL says it)
        raise BadInput(f"{card!r}: the level is given twice ({at} and --level {level})")
    level = at if at is not None else level
    rules.buy_cost(level)  # validates the level
    if not title:
        raise BadInput("a card needs a title")
    if copies < 1:
        raise BadInput(f"copies must be at least 1, not {copies}")
    amount("--copies", copies)

    def change(db):
        camp = campaign.playing(store)
        inv = investigators.usable(store, name)
        _put(store, db, inv, title, level, copies, kind=kind, permanent=permanent, exceptional=exceptional,
             myriad=myriad)
        summary = f"{inv['name']}: +{copies} {title} (level {level}, {kind}, no XP)"
        if camp.get("standalone"):
            xp = deck_xp(store, inv["id"])
            extra = rules.standalone_weaknesses(xp)  # refuses a deck of more than 50 XP
            summary += f"; standalone deck {xp} XP: {extra} extra random basic weakness(es)"
        return Done(summary, show(store, name))

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
        campaign.playing(store)
        inv = investigators.usable(store, name)
        row = _deck_row(store, inv, card)
        if row["copies"] < copies:
            raise Refused(f"{inv['name']}'s deck holds {row['copies']} {row['title']}, not {copies}")
        _take(db, row, copies)
        summary = f"{inv['name']}: -{copies} {row['title']} (level {row['level']})"
        return Done(summary, show(store, name))

    return store.apply("arkham deck remove", change)


def show(store: Store, name: str) -> dict:
    """An investigator's deck: its cards, how many count toward deck size, its weaknesses (a standalone
    deck: its XP and the extra random basic weaknesses that gives)."""
    campaign.row(store)
    inv = investigators.find(store, name)
    cards = store.rows(
        "SELECT title, level, kind, copies, permanent, exceptional, myriad FROM deck_cards "
        "WHERE investigator_id = ? ORDER BY kind, title, level", [inv["id"]])
    for c in cards:
        for flag in ("permanent", "exceptional", "myriad"):
            c[flag] = bool(c[flag])
    size = sum(c["copies"] for c in cards if c["kind"] == "card" and not c["permanent"])
    out = {"investigator": inv["name"], "cards": cards, "size": size,
           "weaknesses": sum(c["copies"] for c in cards if c["kind"] == "weakness")}
    if campaign.row(store).get("standalone"):
        from ghcli.arkham import rules

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
    from ghcli.arkham import rules

    remove = list(remove or [])
    title, at = _parse_card(card)
    if at is not None and at != level:
        raise BadInput(f"{card!r}: the level is given twice ({at} and --level {level})")
    if not title:
        raise BadInput("a card needs a title")
    amount("--copies", copies)
    cost = rules.buy_cost(level, exceptional=exceptional, myriad=myriad, copies=copies)

    def change(db):
        campaign.playing(store)
        inv = investigators.active(store, name)
        xp = investigators.xp(store, inv["id"])
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
    from ghcli.arkham import rules

    title, at = _parse_card(card)
    if at is not None:
        raise BadInput("give the levels with --from and --to")
    amount("--copies", copies)
    cost = rules.upgrade_cost(from_level, to_level, exceptional=exceptional, myriad=myriad, copies=copies)

    def change(db):
        campaign.playing(store)
        inv = investigators.active(store, name)
        xp = investigators.xp(store, inv["id"])
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
