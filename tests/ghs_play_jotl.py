"""Random but legal Jaws of the Lion campaigns played through ghcli's CLI, for the JotL GHS round-trip property.

:class:`JotlPlay` is tests/ghs_play.py's :class:`~ghs_play.Play` for the box
(``init --edition jotl``): it reads the campaign's state from the database,
picks one of the commands a group could type next (weighted, with arguments
that make sense in that state) and runs it through :meth:`Play.run`, which
fails the run on exit 2 or a traceback and checks that a refusal (exit 1)
is a one-line ``error: ...`` that leaves the database as it was.

What the campaigns cover: characters of the four classes, with and without
players, some started above level 1 (at most the party's highest); the
scenarios in the box's order, won and lost, with XP, coins, checkmarks and
found items, the tutorial's rules as ghcli has them (1 and 2 without bonus
XP, 2's gold, 3's extra perk each and the city deck, 4's item, 5's XP),
7 and 8, 11 and 12 blocking each other; paper completions, some with
--no-unlocks, and a start deeper in the book by them; level-ups with a card
(never a tutorial card) and a perk, checkmark and extra perks; buying and
selling in the shop the completed scenarios fill; enhancements from the
start (stickers read from GHS's slots of the card, as ghs_play's ``enhance``
does); city events once scenario 3 brought the deck, with rewards, the
scenarios 20-25 they unlock and removed cards put back; the deck's order
set by hand; scenarios unlocked by hand; items given; values adjusted by
hand; a second party; undo; and what the box lacks (prosperity, reputation,
road events, retirement ...), which must be refused with exit 1.
"""

from __future__ import annotations

from pathlib import Path

from ghs_play import CONDITIONS_NEG, CONDITIONS_POS, ELEMENTS, PLAYERS, Play

PARTY_NAMES = ["Gloomy Gulls", "Lions", "Harbor Rats", "Black Ship"]
#: commands for what the box lacks: each must be refused (exit 1)
LACKING = [
    ("campaign", "prosperity", "+1"), ("party", "reputation", "+1"), ("campaign", "donations", "+10"),
    ("campaign", "achievement", "add", "The Power of Enhancement"), ("campaign", "unlock-class", "brute"),
    ("event", "draw", "road"), ("solo", "list"), ("dungeon", "finish", "--won"),
]
#: ability types a GHS slot is on that ghcli takes as ``--on`` (a sticker's host)
HOSTS = {"attack", "move", "heal", "shield", "retaliate", "push", "pull"}


class JotlPlay(Play):
    """One Jaws of the Lion campaign played from ``seed`` on ``db`` through ``cli``."""

    def play(self, moves: int = 45) -> "JotlPlay":
        from ghcli import editions

        with editions.using("jotl"):  # the catalog's lookups between commands read the box's facts
            return self._play(moves)

    def _play(self, moves: int) -> "JotlPlay":
        rng = self.rng
        args = ["init", "--edition", "jotl", "--party", rng.choice(PARTY_NAMES), "--seed", rng.randrange(1000)]
        if rng.random() < 0.3:
            args += ["--name", "Gloomhaven Docks"]
        self.run(*args)
        for _ in range(rng.randrange(1, 5)):
            self.new_character()
        if rng.random() < 0.35:  # a group that played on paper before: deeper into the book (9, 15's items, 11/12)
            for _ in range(rng.randrange(3, 16)):
                avail = self.available()
                if not avail:
                    break
                self.run("scenario", "complete", min(avail) if rng.random() < 0.7 else rng.choice(avail))
        for _ in range(moves):
            where = self.party()["location"]
            actions = self.TOWN if where == "town" else self.ROAD if where == "road" else self.SITE
            names, weights = zip(*actions)
            getattr(self, rng.choices(names, weights)[0])()
        self._close_reader()
        return self

    TOWN = [("new_character", 2), ("level_up", 8), ("perk", 4), ("buy", 6), ("sell", 2), ("enhance", 7),
            ("city_event", 5), ("travel", 14), ("paper_scenario", 2), ("adjust", 5), ("give", 2),
            ("second_party", 1), ("unlock_scenario", 1), ("lacking", 1), ("undo", 1), ("city_deck", 1)]
    ROAD = [("finish", 10), ("finish_casual", 1)]
    SITE = [("go_home", 6), ("travel", 2)]

    # -- characters ---------------------------------------------------------------------------------

    def new_character(self):
        rng = self.rng
        members = self.members()
        if len(members) >= 4:
            return
        in_party = {c["class"] for c in members}
        classes = [r["class"] for r in self.q("SELECT class FROM unlocked_classes")]
        cls = rng.choice([c for c in classes if c not in in_party] or classes)
        args = ["character", "new", self._name(), "--class", cls]
        if rng.random() < 0.8:
            args += ["--player", rng.choice(PLAYERS)]
        highest = max([c["level"] for c in members] or [1])
        level = rng.randint(1, highest) if rng.random() < 0.5 else 1
        if level > 1:
            args += ["--level", level]
            picked: set = set()
            for lvl in range(2, level + 1):
                card = self._pick_card(cls, lvl, picked)
                if card is None:
                    break
                picked.add(card)
                args += ["--card", card]
        self.run(*args)

    def _pick_card(self, cls: str, level: int, picked: set) -> int | None:
        """A card a level-up to ``level`` may choose (levels 2..level); now and then a tutorial card (refused)."""
        cards = self.catalog.ability_cards(cls)
        if self.rng.random() < 0.03:
            return self.rng.choice([c["number"] for c in cards if c["level"] in ("A", "B")])
        pool = [c["number"] for c in cards if self.catalog.chosen_at_level_up(c) and c["level"] <= level
                and c["number"] not in picked]
        return self.rng.choice(pool) if pool else None

    def adjust(self):
        ch = self._member()
        if ch is None:
            return
        rng = self.rng
        args = ["character", "adjust", ch["name"]]
        if rng.random() < 0.7:
            args += ["--xp", f"+{rng.randint(1, 80)}"]
        if rng.random() < 0.6:
            args += ["--gold", f"{rng.choice('+-')}{rng.randint(1, 40)}"]
        if rng.random() < 0.3:
            args += ["--checkmarks", f"+{rng.randint(1, 4)}"]
        if len(args) > 3:
            self.run(*args)

    def give(self):
        ch = self._member()
        if ch is not None:
            item = self.rng.choice([i["number"] for i in self.catalog.items()])
            self.run("character", "give", ch["name"], item, *(["--not-from-supply"] if self.rng.random() < 0.7
                                                                else []))

    # -- the shop and the cards -----------------------------------------------------------------------

    def enhance(self):
        """A sticker a card's slot takes, read from GHS's slots of the box's cards (its ghs.json)."""
        from ghcli.campaign.exchange import ghs_map

        rng = self.rng
        ch = self._member()
        if ch is None:
            return
        card = self._slotted_card(ch, tutorial=0.02)  # a tutorial card now and then: refused
        if card is None:
            return
        slots = ghs_map.slots(ch["class"], card)
        half, path, _, shape, ability = rng.choice(slots)
        if ch["gold"] < 250:
            self.run("character", "adjust", ch["name"], "--gold", "+250")
        args = ["enhance", "apply", ch["name"], "--card", card, "--action", half]
        host = ability
        if ability not in HOSTS:  # a Range, Target on an ability: the one its action prints
            parent = path.rsplit("-", 1)[0] if path.count("-") > (1 if half == "bottom" else 0) else None
            host = next((s[4] for s in slots if s[1] == parent), None)
            if host not in HOSTS or ability not in ("range", "target") or shape != "circle":
                return
            args += ["--ability", ability]
        elif shape == "circle" and rng.random() < 0.5:
            args += ["--ability", ability]
        elif shape == "circle":
            args += ["--effect", "jump" if ability == "move" and rng.random() < 0.4
                     else rng.choice([*ELEMENTS, "any-element"])]
        elif shape == "diamond":
            args += ["--effect", rng.choice([*CONDITIONS_NEG, *ELEMENTS])]
        elif shape == "diamond_plus":
            args += ["--effect", rng.choice([*CONDITIONS_POS, *ELEMENTS])]
        else:
            return
        args += ["--on", host]
        if rng.random() < 0.15:
            args.append("--multi")
        self.run(*args, "--yes")

    # -- events, scenarios --------------------------------------------------------------------------

    def city_event(self):
        rng = self.rng
        in_play = self.v("SELECT count(*) FROM event_decks WHERE deck = 'city'")
        if self.v("SELECT card FROM pending_events WHERE deck = 'city'") is None and (in_play or rng.random() < 0.2):
            self.run("event", "draw", "city")  # before scenario 3, or a second one this visit: refused
        if self.v("SELECT card FROM pending_events WHERE deck = 'city'") is None or rng.random() > 0.85:
            return
        args = ["event", "resolve", "city", "--option", rng.choice("AB"), rng.choice(["--return", "--remove"])]
        members = self.members()
        if rng.random() < 0.4:
            args += ["--gold-each", rng.choice([-5, 5, 10])]
        if rng.random() < 0.3:
            args += ["--xp-each", rng.choice([2, 5, 10])]
        if rng.random() < 0.2 and members:
            args += ["--checkmarks", f"{rng.choice(members)['name']}=1"]
        if rng.random() < 0.2 and members:
            args += ["--gold", f"{rng.choice(members)['name']}={rng.choice([5, 10, -5])}"]
        if rng.random() < 0.1 and members:
            args += ["--item", f"{rng.choice(members)['name']}={rng.randint(27, 36)}"]
        if rng.random() < 0.1:
            args += ["--item-design", rng.randint(14, 36)]
        if rng.random() < 0.2:
            args += ["--unlock", rng.randint(20, 25)]
        held = {r["card"] for r in self.q("SELECT card FROM event_decks WHERE deck = 'city' UNION "
                                          "SELECT card FROM pending_events")}
        gone = sorted(set(range(1, 23)) - held)
        if gone and rng.random() < 0.15:  # a removed card back into the deck
            args += ["--add-event", f"city:{rng.choice(gone)}"]
        if rng.random() < 0.05:
            args += ["--reputation", 1]  # the box has none: refused
        if self.run(*args) == 1:
            self.run("event", "resolve", "city", "--option", "A", "--return")

    def travel(self):
        for ch in self.members():  # the rules: level up in town before leaving
            if self.catalog.level_for_xp(ch["xp"]) > ch["level"] and self.rng.random() < 0.9:
                return self.level_up(ch)
        avail = self.available()
        if not avail:
            return
        n = min(avail) if self.rng.random() < 0.5 else self.rng.choice(avail)  # mostly the box's order
        self.run("travel", n, "--yes", *(["--casual"] if self.rng.random() < 0.05 else []))

    def finish(self, casual: bool = False):
        rng = self.rng
        n = self.party()["scenario"]
        won = rng.random() < 0.75
        args = ["scenario", "finish", n, "--won" if won else "--lost"]
        if casual:
            args.append("--casual")
        members, playing = self.members(), []
        for ch in members:
            if rng.random() < 0.1 and len(members) > 1:
                args += ["--absent", ch["name"]]
                continue
            playing.append(ch)
            if rng.random() < 0.9:
                args += ["--xp", f"{ch['name']}={rng.randint(0, 14)}"]
            if rng.random() < 0.8:
                args += ["--coins", f"{ch['name']}={rng.randint(0, 8)}"]
            if won and rng.random() < 0.4:
                args += ["--checkmarks", f"{ch['name']}={rng.randint(1, 2)}"]
        reward = self.catalog.scenario(n)["rewards"]["items"]
        if won and playing and (reward or rng.random() < 0.1):
            item = reward[0] if reward and rng.random() < 0.9 else rng.randint(27, 36)
            args += ["--item", f"{rng.choice(playing)['name']}={item}"]
        if rng.random() < 0.2:
            args += ["--level", rng.randint(0, 4) if rng.random() < 0.8 else 7]
        if self.run(*args) == 1 and rng.random() < 0.7:  # a level or a reward refused: the plain result
            self.run("scenario", "finish", n, "--won" if won else "--lost")

    def finish_casual(self):
        self.finish(casual=self.party()["casual"] == 1)

    def city_deck(self):
        """The city deck's order as a sheet lists it (``event deck set``): the deck reordered, a card left out."""
        cards = [r["card"] for r in self.q("SELECT card FROM event_decks WHERE deck = 'city' ORDER BY position")]
        if not cards and self.rng.random() < 0.7:
            return
        self.rng.shuffle(cards)
        if len(cards) > 1 and self.rng.random() < 0.3:
            cards.pop()
        self.run("event", "deck", "set", "city", ",".join(map(str, cards or [1, 2, 3])))

    def paper_scenario(self):
        avail = self.available()
        if avail:
            self.run("scenario", "complete", self.rng.choice(avail), *(["--no-unlocks"] if self.rng.random() < 0.15
                                                                       else []))

    def unlock_scenario(self):
        self.run("campaign", "unlock-scenario", self.rng.randint(2, 25))

    def second_party(self):
        parties = self.q("SELECT name FROM parties")
        if len(parties) < 2 and self.rng.random() < 0.5:
            self.run("party", "new", self.rng.choice([n for n in PARTY_NAMES
                                                      if n not in {p["name"] for p in parties}]))
            self.new_character()
        elif len(parties) > 1:
            current = self.party()["name"]
            self.run("party", "switch", self.rng.choice([p["name"] for p in parties if p["name"] != current]))

    def lacking(self):
        args = self.rng.choice(LACKING)
        if self.members():
            args = self.rng.choice([*[args] * 3, ("retire", self.members()[0]["name"]),
                                    ("donate", self.members()[0]["name"]),
                                    ("character", "quest", self.members()[0]["name"], "510")])
        assert self.run(*args) == 1, self.failure(f"what Jaws of the Lion lacks was not refused: {args}")

    def undo(self):
        if len(self.steps) > 2 and self.steps[-1].code == 0 and self.steps[-1].args[0] not in ("init", "undo"):
            self.run("undo")


def played(cli, db: Path, seed: int, moves: int = 45) -> JotlPlay:
    """The seed's Jaws of the Lion campaign on ``db``."""
    return JotlPlay(cli, db, seed).play(moves)
