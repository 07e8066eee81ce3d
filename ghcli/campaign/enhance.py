"""Applying an enhancement sticker in town (first edition rules; the campaign's edition's switches).

- Only in town; in Gloomhaven only after the global achievement The Power of
  Enhancement (``Edition.enhancing_needs``; Jaws of the Lion: from the start).
- The sticker goes in a slot the card prints (docs/enhancement.md): the action's
  abilities and their slots come from ``data/enhancement_slots.json`` and
  ``ghcli.rules.enhance_slots.place`` finds the slot (a +1 only on a number the
  action prints, a slot's shape taking the sticker, a slot not already
  filled); the ability it sits on is the host the placement rules check, and
  whether that ability targets several figures doubles the cost whether or
  not ``--multi`` was given. ``--on`` is needed only when two abilities of
  the action could take the sticker (or the card is one the data does not
  hold and the sticker's host matters: a condition or an element).
- The cost comes from the enhancement calculator, ``ghcli.rules.enhance.quote``
  with the edition's costs (``Edition.enhancement_costs``: "gh", the first
  edition's, for Gloomhaven; "jotl", the same table under the box's name, for
  Jaws of the Lion, whose rulebook prints it): the card's level (X cards count as level 1), and the
  number of stickers already on that action of that card (``previous``).
  A sticker the placement rules forbid is refused by the calculator.
- ``plan`` is the whole check and the quote, a read (``enhance apply`` shows
  the cost before paying, and ``--dry-run`` stops there); ``apply`` pays.
- In Gloomhaven a class may have at most as many enhanced cards as the
  prosperity level (several stickers on one card count once); Jaws of the
  Lion, without prosperity, has no such limit. Its tutorial cards (A, B) are
  not enhanced.
- The character pays the cost. Stickers belong to the class
  (``enhancements.class``) and stay after the character retires.
"""

from __future__ import annotations

from ghcli.campaign import catalog, lookup
from ghcli.campaign.kind import Store, command
from ghcli.campaign.road import party_member, require_town
from ghcli.journal.store import Done
from ghcli.errors import BadInput, Refused

POWER_OF_ENHANCEMENT = "the-power-of-enhancement"


def sticker_label(ability: str | None, effect: str | None, hexes: int | None) -> str:
    given = [x for x in (ability and f"+1 {ability}", effect, hexes and f"hex (area of {hexes})") if x]
    if len(given) != 1:
        raise BadInput("name exactly one sticker: --ability, --effect or --hex")
    return given[0]


def _sticker_of(label: str):
    """The sticker a stored label names ("+1 attack", "poison", "fire", "hex (area of 3)")."""
    from ghcli.rules import enhance

    if label.startswith("+1 "):
        return enhance.sticker_for(ability=label[3:])
    if label.startswith("hex (area of "):
        return enhance.sticker_for(hexes=int(label.split()[-1].rstrip(")")))
    return enhance.sticker_for(effect=label)


def quote(class_key: str, card: dict, action: str, *, ability: str | None = None, effect: str | None = None,
          hexes: int | None = None, stickers: list[str] = (), multi: bool = False, on: str | None = None,
          secondary: bool = False):
    """The price of one sticker on a card's top or bottom action: ``(quote, on, secondary, several)``.

    ``card`` is the ability card (``catalog.find_card``), ``stickers`` the labels already on that action.
    The slot is found on the card as printed (``data/enhancement_slots.json``): the ability it sits on is
    the host, and an ability that targets several figures doubles the cost even without ``multi``. One
    function for every way a sticker is priced (``enhance apply``, a GHS file's stickers)."""
    from ghcli.rules import enhance, enhance_slots

    level = 1 if card["level"] == "X" else int(card["level"])
    sticker = enhance.sticker_for(ability, effect, hexes)
    lines = catalog.card_action_lines(class_key, card["number"], action)
    where = f"{card['name']} ({action})"
    several = multi
    if lines is not None:
        used = [_sticker_of(s) for s in stickers]
        spot = enhance_slots.place(sticker, [enhance_slots.Line.from_dict(x) for x in lines], on=on, used=used,
                                   where=where)
        on, secondary, several = spot.host, spot.secondary, multi or spot.several
    elif on is None and sticker.kind in ("negative", "positive", "element", "any-element"):
        raise BadInput(f"ghcli's card data does not hold {where}: name the ability {sticker.label} goes on",
                       field="on")
    q = enhance.quote(edition=catalog.edition().enhancement_costs, ability=ability, effect=effect, hexes=hexes,
                      level=level, previous=len(stickers), multi=several, on=on, secondary=secondary)
    return q, on, secondary, several


def plan(store: Store, name: str, card: str, action: str, *, ability: str | None = None,
         effect: str | None = None, hexes: int | None = None, multi: bool = False, on: str | None = None,
         secondary: bool = False) -> dict:
    """Everything ``apply`` checks, and what it would cost (a read)."""
    action = action.strip().lower()
    if action not in ("top", "bottom"):
        raise BadInput(f"--action must be top or bottom, not {action!r}")
    label = sticker_label(ability, effect, hexes)
    party, _ = require_town(store, "cards are enhanced")
    ch = party_member(store, party, name)
    edition = catalog.edition()
    needs = edition.enhancing_needs
    if needs and not store.value("SELECT 1 FROM global_achievements WHERE key = ?", [needs]):
        raise Refused(f"enhancing needs the global achievement {catalog.achievement(needs)['name']}")
    cls = catalog.find_class(ch["class"])
    chosen = catalog.find_card(cls["key"], card)
    if chosen["level"] in edition.tutorial_card_levels:
        raise Refused(f"{catalog.pool_words(chosen)}: only the class's own cards are enhanced")
    card_level = 1 if chosen["level"] == "X" else int(chosen["level"])
    enhanced = {r["card"] for r in store.rows("SELECT DISTINCT card FROM enhancements WHERE class = ?",
                                              [cls["key"]])}
    if edition.enhanced_cards_by_prosperity:
        prosperity = catalog.prosperity_level(lookup.campaign_row(store)["prosperity"])
        if chosen["number"] not in enhanced and len(enhanced) >= prosperity:
            raise Refused(f"the {cls['name']} already has {len(enhanced)} enhanced cards, "
                          f"the most prosperity level {prosperity} allows")
    stickers = [r["sticker"] for r in store.rows(
        "SELECT sticker FROM enhancements WHERE class = ? AND card = ? AND action = ? ORDER BY id",
        [cls["key"], chosen["number"], action])]
    previous = len(stickers)
    q, on, secondary, several = quote(cls["key"], chosen, action, ability=ability, effect=effect, hexes=hexes,
                                      stickers=stickers, multi=multi, on=on, secondary=secondary)
    return {
        "character": ch["name"], "class": cls["key"], "card": chosen["number"], "card_name": chosen["name"],
        "card_level": card_level, "action": action, "sticker": label, "on": on, "several_targets": several,
        "previous": previous, "cost": q.cost, "steps": [{"rule": s.rule, "cost": s.cost} for s in q.steps],
        "gold_before": ch["gold"], "gold": ch["gold"] - q.cost, "affordable": ch["gold"] >= q.cost,
        "character_id": ch["id"]}


@command("enhance apply", keys={"name": lookup.character_key})
def apply(store: Store, name: str, card: str, action: str, *, ability: str | None = None,
          effect: str | None = None, hexes: int | None = None, multi: bool = False, on: str | None = None,
          secondary: bool = False) -> dict:
    """Pay for a sticker and record it on the class's card (``plan``'s checks first)."""
    p = plan(store, name, card, action, ability=ability, effect=effect, hexes=hexes, multi=multi, on=on,
             secondary=secondary)
    if not p["affordable"]:
        raise Refused(f"{p['character']} has {p['gold_before']} gold; the enhancement costs {p['cost']}")
    store.db.execute("UPDATE characters SET gold = gold - ? WHERE id = ?", [p["cost"], p["character_id"]])
    store.db.execute(
        "INSERT INTO enhancements (class, card, action, sticker, cost, character_id) VALUES (?, ?, ?, ?, ?, ?)",
        [p["class"], p["card"], p["action"], p["sticker"], p["cost"], p["character_id"]])
    summary = f"{p['character']} enhanced {p['card_name']} ({p['action']}) with {p['sticker']} for {p['cost']} gold"
    values = {k: v for k, v in p.items() if k not in ("character_id", "affordable", "gold_before")}
    return Done(summary, values)


# -- listings (character show, campaign show) -------------------------------

def _sticker_rows(store: Store, where: str, params: list) -> list[dict]:
    rows = store.rows(f"SELECT e.class, e.card, e.action, e.sticker, e.cost, c.name AS character FROM enhancements e "
                      f"LEFT JOIN characters c ON c.id = e.character_id WHERE {where} ORDER BY e.class, e.card, e.id",
                      params)
    out = []
    for r in rows:
        try:
            card_name = catalog.find_card(r["class"], r["card"])["name"]
        except Exception:  # a card number the data does not know: show the number
            card_name = str(r["card"])
        out.append({"class": r["class"], "card": r["card"], "card_name": card_name, "action": r["action"],
                    "sticker": r["sticker"], "cost": r["cost"], "character": r["character"]})
    return out


def character_enhancements(store: Store, character_id: int) -> list[dict]:
    """The stickers a character paid for: card, action, sticker, cost paid."""
    return [{k: v for k, v in r.items() if k not in ("class", "character")}
            for r in _sticker_rows(store, "e.character_id = ?", [character_id])]


def class_enhancements(store: Store) -> list[dict]:
    """Every class's enhanced cards (stickers stay with the class): one entry per class, its cards and stickers."""
    by_class: dict[str, dict] = {}
    for r in _sticker_rows(store, "1", []):
        cls = by_class.setdefault(r["class"], {"class": r["class"],
                                               "class_name": catalog.find_class(r["class"])["name"],
                                               "cards": []})
        if not cls["cards"] or cls["cards"][-1]["card"] != r["card"]:
            cls["cards"].append({"card": r["card"], "name": r["card_name"], "stickers": []})
        cls["cards"][-1]["stickers"].append({"action": r["action"], "sticker": r["sticker"], "cost": r["cost"],
                                             "character": r["character"]})
    return list(by_class.values())
