"""Applying an enhancement sticker in town (first edition rules).

- Only after the global achievement The Power of Enhancement, only in town.
- The cost comes from the enhancement calculator, ``ghcli.rules.enhance.quote``
  with edition "gh": the card's level (X cards count as level 1), and the
  number of stickers already on that action of that card (``previous``).
  A sticker the placement rules forbid is refused by the calculator.
- A class may have at most as many enhanced cards as the prosperity level
  (several stickers on one card count once).
- The character pays the cost. Stickers belong to the class
  (``enhancements.class``) and stay after the character retires.
"""

from __future__ import annotations

from ghcli.campaign import catalog, state
from ghcli.campaign.db import Store
from ghcli.campaign.road import party_member, require_town
from ghcli.campaign.log import Done, command
from ghcli.errors import BadInput, Refused

POWER_OF_ENHANCEMENT = "the-power-of-enhancement"


def sticker_label(ability: str | None, effect: str | None, hexes: int | None) -> str:
    given = [x for x in (ability and f"+1 {ability}", effect, hexes and f"hex (area of {hexes})") if x]
    if len(given) != 1:
        raise BadInput("name exactly one sticker: --ability, --effect or --hex")
    return given[0]


@command("enhance apply", keys={"name": state.character_key})
def apply(store: Store, name: str, card: str, action: str, *, ability: str | None = None,
          effect: str | None = None, hexes: int | None = None, multi: bool = False, on: str | None = None,
          secondary: bool = False) -> dict:
    action = action.strip().lower()
    if action not in ("top", "bottom"):
        raise BadInput(f"--action must be top or bottom, not {action!r}")
    label = sticker_label(ability, effect, hexes)
    party, _ = require_town(store, "cards are enhanced")
    ch = party_member(store, party, name)
    if not store.value("SELECT 1 FROM global_achievements WHERE key = ?", [POWER_OF_ENHANCEMENT]):
        raise Refused("enhancing needs the global achievement The Power of Enhancement")
    cls = catalog.find_class(ch["class"])
    chosen = catalog.find_card(cls["key"], card)
    card_level = 1 if chosen["level"] == "X" else int(chosen["level"])
    enhanced = {r["card"] for r in store.rows("SELECT DISTINCT card FROM enhancements WHERE class = ?",
                                              [cls["key"]])}
    prosperity = catalog.prosperity_level(state.campaign_row(store)["prosperity"])
    if chosen["number"] not in enhanced and len(enhanced) >= prosperity:
        raise Refused(f"the {cls['name']} already has {len(enhanced)} enhanced cards, "
                      f"the most prosperity level {prosperity} allows")
    previous = store.value("SELECT count(*) FROM enhancements WHERE class = ? AND card = ? AND action = ?",
                           [cls["key"], chosen["number"], action])
    from ghcli.rules import enhance

    q = enhance.quote(edition="gh", ability=ability, effect=effect, hexes=hexes, level=card_level,
                      previous=previous, multi=multi, on=on, secondary=secondary)
    if ch["gold"] < q.cost:
        raise Refused(f"{ch['name']} has {ch['gold']} gold; the enhancement costs {q.cost}")
    store.conn.execute("UPDATE characters SET gold = gold - ? WHERE id = ?", [q.cost, ch["id"]])
    store.conn.execute(
        "INSERT INTO enhancements (class, card, action, sticker, cost, character_id) VALUES (?, ?, ?, ?, ?, ?)",
        [cls["key"], chosen["number"], action, label, q.cost, ch["id"]])
    summary = (f"{ch['name']} enhanced {chosen['name']} ({action}) with {label} "
                     f"for {q.cost} gold")
    return Done(summary, {
        "character": ch["name"], "class": cls["key"], "card": chosen["number"], "card_name": chosen["name"],
        "card_level": card_level, "action": action, "sticker": label, "previous": previous, "cost": q.cost,
        "steps": [{"rule": s.rule, "cost": s.cost} for s in q.steps], "gold": ch["gold"] - q.cost})
