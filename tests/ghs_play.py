"""Random but legal campaigns played through ghcli's CLI, for the GHS round-trip property test (issue 23).

:class:`Play` drives one campaign from a seed: it reads the campaign's state
straight from the database, picks one of the commands a group could type
next (weighted, with arguments that make sense in that state) and runs it.
The rules may still refuse a pick (exit 1: a level-up without the XP, a
second donation this visit ...): that is fine and the database must then be
exactly as it was; anything else (exit 2, a traceback) fails the run, with
every command so far, so a failure can be replayed.

What the campaigns cover: characters of every class incl. Forgotten Circles'
Diviner, with and without players, several players; personal quests kept
and fulfilled, retirements (a player's extra perks for the next one);
travel, road and city events resolved with rewards; scenarios won and lost
with XP, coins, checkmarks and found items, 13's "choose one"; paper
completions (now and then with --no-unlocks); level-ups with card picks and perks, checkmark perks; buying
and selling; enhancements (The Power of Enhancement, stickers read from the
card's slots); donations; achievements, prosperity, reputation; a second
party; solo scenarios; a party left on the road, at a site or in town.

Used by tests/test_exchange_ghs_property.py, which runs a few dozen seeds;
``python tests/test_exchange_ghs_property.py --count 500`` runs more.
"""

from __future__ import annotations

import json
import random
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

PLAYERS = ["Ana", "Ben", "Cyd", "Dora", "Eli"]
NAMES = ["Hilda", "Quill", "Vera", "Bram", "Tusk", "Ember", "Moss", "Rook", "Sable", "Fen", "Wren", "Ivo",
         "Lark", "Nim", "Oda", "Pike", "Rue", "Tamsin", "Umber", "Vale"]
PARTY_NAMES = ["Owls", "Lumberjacks", "Night Watch", "Gilded Fools"]
ACHIEVEMENTS = ["The Power of Enhancement", "City Rule: Economic", "City Rule: Militaristic", "Ancient Technology",
                "The Merchant Flees", "The Dead Invade", "End of Gloom", "The Drake Slain",
                "The Voice Freed", "The Rift Neutralized", "Artifact: Recovered"]
PARTY_ACHIEVEMENTS = ["Jekserah's Plans", "The Poison's Source", "A Demon's Errand", "Through the Ruins",
                      "Stonebreaker's Censer", "Dark Bounty", "Grave Job", "The Scepter and the Voice"]
CONDITIONS_NEG = ["poison", "wound", "muddle", "immobilize", "disarm", "curse"]
CONDITIONS_POS = ["strengthen", "bless", "regenerate"]
ELEMENTS = ["fire", "ice", "air", "earth", "light", "dark"]
HOSTS = {"attack", "move", "heal", "shield", "retaliate", "push", "pull", "teleport", *CONDITIONS_NEG, *CONDITIONS_POS}


@dataclass
class Step:
    args: list[str]
    code: int
    err: str


@dataclass
class Play:
    """One campaign played from ``seed`` on ``db`` through ``cli`` (tests/conftest.py's runner)."""

    cli: object
    db: Path
    seed: int
    steps: list[Step] = field(default_factory=list)

    def __post_init__(self):
        self.rng = random.Random(self.seed)
        self._con: sqlite3.Connection | None = None
        from ghcli.campaign import catalog

        self.catalog = catalog

    # -- reading the campaign ---------------------------------------------------------------------

    def _reader(self) -> sqlite3.Connection:
        """A read-only connection for the reads between two commands (opening one reads the whole schema:
        a few ms a campaign); :meth:`run` closes it before each command, so no command runs beside it."""
        if self._con is None:
            self._con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
            self._con.row_factory = sqlite3.Row
        return self._con

    def _close_reader(self) -> None:
        if self._con is not None:
            self._con.close()
            self._con = None

    def q(self, sql: str, *params) -> list[dict]:
        return [dict(r) for r in self._reader().execute(sql, params).fetchall()]

    def v(self, sql: str, *params):
        rows = self.q(sql, *params)
        return next(iter(rows[0].values())) if rows else None

    def party(self) -> dict:
        return self.q("SELECT p.* FROM parties p JOIN campaign c ON c.current_party = p.id")[0]

    def members(self, active: bool = True) -> list[dict]:
        return self.q("SELECT * FROM characters WHERE party_id = ? AND retired = ? ORDER BY id",
                      self.party()["id"], 0 if active else 1)

    def available(self) -> list[int]:
        from ghcli.campaign import lookup, scenarios
        from ghcli.campaign.kind import Store

        self._close_reader()  # ghcli's own reading, alone on the file as before
        store = Store.open(self.db)
        try:
            return [s["number"] for s in scenarios.availability(store, lookup.current_party(store))
                    if s["state"] == "available"]
        finally:
            store.close()

    def prosperity_level(self) -> int:
        return self.catalog.prosperity_level(self.v("SELECT prosperity FROM campaign"))

    # -- running ------------------------------------------------------------------------------------

    def dump(self, db: Path | None = None) -> list[str]:
        con = sqlite3.connect(db or self.db)
        try:
            return list(con.iterdump())
        finally:
            con.close()

    def _files(self) -> tuple[bytes, bytes | None]:
        """The database's file and its -wal as they lie: the same bytes are the same campaign."""
        wal = Path(f"{self.db}-wal")
        return self.db.read_bytes(), wal.read_bytes() if wal.exists() else None

    def _dump_of(self, files: tuple[bytes, bytes | None]) -> list[str]:
        """The SQL dump of the campaign those files held (a copy of them, opened beside the database)."""
        import tempfile

        with tempfile.TemporaryDirectory(dir=self.db.parent) as tmp:
            copy = Path(tmp) / "before.db"
            copy.write_bytes(files[0])
            if files[1] is not None:
                Path(f"{copy}-wal").write_bytes(files[1])
            return self.dump(copy)

    def run(self, *args) -> int:
        args = [str(a) for a in args]
        self._close_reader()
        # what the database held before: its files (a dump is some 10 ms a command; needed only when a
        # refused command left other bytes behind, and then made from these files)
        before = self._files() if self.db.exists() else None
        r = self.cli("--db", str(self.db), *args)
        err = (r.stderr or "").strip()
        self.steps.append(Step(args, r.exit_code, err))
        if r.exit_code != 0:
            assert r.exit_code == 1, self.failure(f"exit {r.exit_code}: {err or r.output}")
            assert err.startswith("error: ") and "\n" not in err, self.failure(f"not a one-line error: {err!r}")
            assert before is None or self._files() == before or self.dump() == self._dump_of(before), \
                self.failure("a refused command changed the database")
        return r.exit_code

    def failure(self, what: str) -> str:
        lines = [f"seed {self.seed}: {what}", "commands:"]
        lines += ["  ghcli " + " ".join(json.dumps(a) if " " in a or not a else a for a in s.args)
                  + ("" if s.code == 0 else f"   # exit {s.code}: {s.err}") for s in self.steps]
        return "\n".join(lines)

    def commands(self) -> list[list[str]]:
        return [s.args for s in self.steps]

    # -- the campaign -------------------------------------------------------------------------------

    def play(self, moves: int = 45) -> "Play":
        rng = self.rng
        name = rng.choice(["Night Owls", "Deep Woods", "Seers", "Circles"])
        party = name if rng.random() < 0.4 else rng.choice(PARTY_NAMES)
        self.run("init", "--name", name, "--party", party, "--seed", rng.randrange(1000))
        if rng.random() < 0.6:
            self.run("campaign", "achievement", "add", "The Power of Enhancement")
        if rng.random() < 0.5:
            self.run("campaign", "prosperity", f"+{rng.randrange(1, 30)}")
        if rng.random() < 0.2:
            self.run("campaign", "unlock-scenario", rng.choice([96, 97, 98]))
        if rng.random() < 0.25:  # on the way to 13's "choose one"
            for n in (1, 2, 3, 8):
                self.run("scenario", "complete", n)
        for _ in range(rng.randrange(2, 5)):
            self.new_character()
        for _ in range(moves):
            where = self.party()["location"]
            actions = self.TOWN if where == "town" else self.ROAD if where == "road" else self.SITE
            names, weights = zip(*actions)
            getattr(self, rng.choices(names, weights)[0])()
        self._close_reader()
        return self

    TOWN = [("new_character", 3), ("keep_quest", 4), ("fulfil_and_retire", 3), ("level_up", 8), ("perk", 3),
            ("buy", 6), ("sell", 2), ("donate", 3), ("enhance", 7), ("city_event", 4), ("travel", 10),
            ("paper_scenario", 3), ("achievement", 2), ("tracks", 3), ("adjust", 6), ("give", 2),
            ("second_party", 1), ("solo", 2), ("unlock_class", 1)]
    ROAD = [("road_event", 6), ("finish", 8), ("finish_casual", 1)]
    SITE = [("go_home", 6), ("travel", 2)]

    def _name(self) -> str:
        taken = {r["name"].lower() for r in self.q("SELECT name FROM characters")}
        free = [n for n in NAMES if n.lower() not in taken]
        return self.rng.choice(free) if free else f"Hero {len(taken)}"

    def new_character(self):
        rng = self.rng
        if len(self.members()) >= 4:
            return
        classes = [r["class"] for r in self.q("SELECT class FROM unlocked_classes")]
        in_party = {c["class"] for c in self.members()}
        choices = [c for c in classes if c not in in_party] or classes
        cls = "diviner" if "diviner" in choices and rng.random() < 0.3 else rng.choice(choices)
        args = ["character", "new", self._name(), "--class", cls]
        if rng.random() < 0.85:
            args += ["--player", rng.choice(PLAYERS)]
        level = rng.randint(1, self.prosperity_level()) if rng.random() < 0.3 else 1
        if level > 1:
            args += ["--level", level]
            picked: set = set()
            for lvl in range(2, level + 1):
                card = self._pick_card(cls, lvl, picked)
                if card is None:
                    break
                picked.add(card)
                args += ["--card", card]
        if rng.random() < 0.3:
            held = {r["quest"] for r in self.q("SELECT quest FROM characters WHERE quest IS NOT NULL")}
            free = [q["number"] for q in self.catalog.personal_quests() if q["number"] not in held]
            if free:
                args += ["--quest", rng.choice(free)]
        self.run(*args)

    def _pick_card(self, cls: str, level: int, picked: set) -> int | None:
        pool = [c["number"] for c in self.catalog.ability_cards(cls)
                if c["level"] not in (1, "X") and int(c["level"]) <= level and c["number"] not in picked]
        return self.rng.choice(pool) if pool else None

    def _member(self) -> dict | None:
        m = self.members()
        return self.rng.choice(m) if m else None

    def keep_quest(self):
        for ch in self.members():
            if ch["quest"] is None and ch["quest_offer"]:
                self.run("character", "quest", ch["name"], self.rng.choice(json.loads(ch["quest_offer"])))
                return

    def fulfil_and_retire(self):
        ch = self._member()
        if ch is None or ch["quest"] is None:
            return
        if not ch["quest_fulfilled"]:
            self.run("character", "quest", ch["name"], "--fulfilled")
        if self.rng.random() < 0.8:
            self.run("retire", ch["name"])

    def level_up(self, ch: dict | None = None):
        ch = ch or self._member()
        if ch is None:
            return
        if ch["level"] >= 9:
            return
        if self.catalog.level_for_xp(ch["xp"]) <= ch["level"] and self.rng.random() < 0.7:
            self.run("character", "adjust", ch["name"], "--xp",
                     f"+{self.catalog.xp_threshold(ch['level'] + 1) - ch['xp']}")
        picked = {r["card"] for r in self.q("SELECT card FROM character_cards WHERE character_id = ?", ch["id"])}
        card = self._pick_card(ch["class"], ch["level"] + 1, picked)
        perk = self._free_perk(ch)
        if card is None or perk is None:
            return
        self.run("level-up", ch["name"], "--card", card, "--perk", perk)

    def _free_perk(self, ch: dict) -> int | None:
        cls = self.catalog.find_class(ch["class"])
        taken = {r["perk"]: r["times"] for r in self.q(
            "SELECT perk, times FROM character_perks WHERE character_id = ?", ch["id"])}
        free = [i + 1 for i, p in enumerate(cls["perks"]) if taken.get(i + 1, 0) < p["count"]]
        return self.rng.choice(free) if free else None

    def perk(self):
        ch = self._member()
        if ch is None:
            return
        if ch["checkmarks"] < 3 and self.rng.random() < 0.5:
            self.run("character", "adjust", ch["name"], "--checkmarks", f"+{self.rng.randint(1, 6)}")
        perk = self._free_perk(ch)
        if perk is not None:
            self.run("perk", ch["name"], perk)

    def buy(self):
        ch = self._member()
        if ch is None:
            return
        supply = [r["item"] for r in self.q("SELECT item FROM supply WHERE copies > 0")]
        if supply:
            item = self.rng.choice(supply)
            if self.catalog.item(item)["cost"] > ch["gold"] and self.rng.random() < 0.7:
                self.run("character", "adjust", ch["name"], "--gold", f"+{self.catalog.item(item)['cost']}")
            self.run("buy", ch["name"], item)

    def sell(self):
        owned = self.q("SELECT c.name, i.item FROM character_items i JOIN characters c ON c.id = i.character_id "
                       "WHERE c.party_id = ? AND c.retired = 0", self.party()["id"])
        if owned:
            pick = self.rng.choice(owned)
            self.run("sell", pick["name"], pick["item"])

    def donate(self):
        ch = self._member()
        if ch is not None:
            self.run("donate", ch["name"])

    def _slotted_card(self, ch: dict, tutorial: float = 0.0) -> int | None:
        """A card of the character's pool (level 1 or X, or picked at a level-up) with an enhancement slot
        in GHS's data; ``tutorial``: the chance a tutorial card (level A, B) joins the pool."""
        from ghcli.campaign.exchange import ghs_map

        rng = self.rng
        picked = {r["card"] for r in self.q("SELECT card FROM character_cards WHERE character_id = ?", ch["id"])}
        pool = [c["number"] for c in self.catalog.ability_cards(ch["class"])
                if c["level"] in (1, "X") or c["number"] in picked
                or (tutorial and c["level"] in ("A", "B") and rng.random() < tutorial)]
        slotted = [n for n in pool if ghs_map.slots(ch["class"], n)]
        return rng.choice(slotted) if slotted else None

    def enhance(self):
        """A sticker a card's slot takes: read from the card's enhancement slots (GHS's data, shipped)."""
        from ghcli.campaign.exchange import ghs_map

        rng = self.rng
        ch = self._member()
        if ch is None:
            return
        card = self._slotted_card(ch)
        if card is None:
            return
        half, path, index, shape, ability = rng.choice(ghs_map.slots(ch["class"], card))
        if ch["gold"] < 300:
            self.run("character", "adjust", ch["name"], "--gold", "+300")
        args = ["enhance", "apply", ch["name"], "--card", card, "--action", half]
        plus = {"attack", "move", "range", "shield", "push", "pull", "pierce", "retaliate", "heal", "target"}
        if shape == "hex":  # the area has its printed hexes and one more for each hex sticker already on it
            earlier = self.v("SELECT count(*) FROM enhancements WHERE class = ? AND card = ? AND action = ? "
                             "AND sticker LIKE 'hex%'", ch["class"], card, half)
            args += ["--hex", (ghs_map.area_hexes(ch["class"], card, path) or 2) + earlier]
        elif shape == "square" or (ability in plus and rng.random() < 0.5):
            if ability not in plus:
                return
            args += ["--ability", ability]
            if ability not in HOSTS:  # a Range, Target, Pierce: name the ability it is printed within
                from ghcli import data

                lines = data.load("enhancement_slots")["cards"].get(ch["class"], {}).get(str(card), {}).get(half, [])
                within = next((x.get("in") for x in lines if x["kind"] == ability and x.get("slots")), None)
                if within not in HOSTS:
                    return
                args += ["--on", within]
        elif ability not in HOSTS:  # a slot on a printed text GHS's data has as custom: leave it
            return
        elif shape == "circle":
            jump = ability == "move" and rng.random() < 0.4
            args += ["--effect", "jump" if jump else rng.choice([*ELEMENTS, "any-element"])]
        elif shape == "diamond":
            args += ["--effect", rng.choice([*CONDITIONS_NEG, *ELEMENTS])]
        elif shape == "diamond_plus":
            args += ["--effect", rng.choice([*CONDITIONS_POS, *ELEMENTS])]
        else:
            return
        if ability in HOSTS and "--hex" not in args:
            args += ["--on", ability]  # the ability the slot is on (a card half may print two that take it)
        if rng.random() < 0.15:
            args.append("--multi")
        self.run(*args, "--yes")  # pays without asking (it asks at a terminal)

    def _resolve(self, deck: str):
        rng = self.rng
        args = ["event", "resolve", deck, "--option", rng.choice("AB"), rng.choice(["--return", "--remove"])]
        members = self.members()
        if rng.random() < 0.4:
            args += ["--gold-each", rng.choice([-5, 5, 10])]
        if rng.random() < 0.3:
            args += ["--xp-each", rng.choice([5, 10])]
        if rng.random() < 0.2 and members:
            args += ["--checkmarks", f"{rng.choice(members)['name']}=1"]
        if rng.random() < 0.3:
            args += ["--reputation", rng.choice([-1, 1, 2])]
        if rng.random() < 0.2:
            args += ["--prosperity", 1]
        if rng.random() < 0.1 and members:
            args += ["--item", f"{rng.choice(members)['name']}={rng.choice([71, 75, 90, 103])}"]
        if rng.random() < 0.1:
            args += ["--item-design", rng.choice([72, 84, 95])]
        if rng.random() < 0.1:
            args += ["--unlock", rng.choice([65, 66, 67, 68, 69, 70, 71])]
        if self.run(*args) == 1:  # the rules refused a reward: resolve it plainly
            self.run("event", "resolve", deck, "--option", "A", "--return")

    def city_event(self):
        if self.v("SELECT card FROM pending_events WHERE deck = 'city'") is None:
            self.run("event", "draw", "city")
        if self.rng.random() < 0.85:
            self._resolve("city")

    def road_event(self):
        drawn = self.v("SELECT card FROM pending_events WHERE deck = 'road'") is not None
        if not drawn and not self.party()["road_event_due"]:
            return self.finish()
        if not drawn:
            self.run("event", "draw", "road")
        if self.rng.random() < 0.85:
            self._resolve("road")

    def travel(self):
        for ch in self.members():  # the rules: level up in town before leaving
            if self.catalog.level_for_xp(ch["xp"]) > ch["level"]:
                return self.level_up(ch)
        avail = self.available()
        if not avail:
            return
        if self.v("SELECT card FROM pending_events WHERE deck = 'city'") is not None:
            return self._resolve("city")
        n = 13 if 13 in avail and self.rng.random() < 0.5 else self.rng.choice(avail)
        # leaving town without the visit's city event is asked for (--yes): drawn first, or left
        self.run("travel", n, "--yes", *(["--casual"] if self.rng.random() < 0.05 else []))

    def finish(self, casual: bool = False):
        rng = self.rng
        party = self.party()
        n = party["scenario"]
        if party["road_event_due"] or self.v("SELECT card FROM pending_events WHERE deck = 'road'") is not None:
            self.road_event()
            return
        won = rng.random() < 0.75
        args = ["scenario", "finish", n, "--won" if won else "--lost"]
        if casual:
            args.append("--casual")
        members, playing = self.members(), []
        for ch in members:
            if rng.random() < 0.15 and len(members) > 1:
                args += ["--absent", ch["name"]]
                continue
            playing.append(ch)
            args += ["--xp", f"{ch['name']}={rng.randint(0, 14)}", "--coins", f"{ch['name']}={rng.randint(0, 8)}"]
            if won and rng.random() < 0.5:
                args += ["--checkmarks", f"{ch['name']}={rng.randint(1, 2)}"]
        if won and rng.random() < 0.1 and playing:
            args += ["--item", f"{playing[0]['name']}={rng.choice([71, 75, 90])}"]
        if rng.random() < 0.2:
            args += ["--level", rng.randint(0, 7)]
        if won and self.catalog.scenario(n)["rewards"]["unlock_one"]:
            args += ["--choose", rng.choice(self.catalog.scenario(n)["unlocks"])]
        if self.run(*args) == 1 and rng.random() < 0.5:
            # the level or a reward refused: the plain result
            self.run("scenario", "finish", n, "--won" if won else "--lost", *(["--choose", args[-1]]
                                                                              if "--choose" in args else []))

    def finish_casual(self):
        self.finish(casual=self.party()["casual"] == 1)

    def go_home(self):
        self.run("return")

    def paper_scenario(self):
        avail = self.available()
        if not avail:
            return
        n = self.rng.choice(avail)
        args = ["scenario", "complete", n]
        if self.catalog.scenario(n)["rewards"]["unlock_one"]:
            args += ["--choose", self.rng.choice(self.catalog.scenario(n)["unlocks"])]
        elif self.rng.random() < 0.15:  # the table has opened its unlocks already (GHS derives them and its blocks)
            args.append("--no-unlocks")
        self.run(*args)

    def achievement(self):
        if self.rng.random() < 0.6:
            self.run("campaign", "achievement", "add", self.rng.choice(ACHIEVEMENTS))
        else:
            self.run("party", "achievement", "add", self.rng.choice(PARTY_ACHIEVEMENTS))

    def tracks(self):
        rng = self.rng
        pick = rng.randrange(3)
        if pick == 0:
            self.run("campaign", "prosperity", f"{rng.choice(['+', '-'])}{rng.randint(1, 6)}")
        elif pick == 1:
            self.run("party", "reputation", f"{rng.choice(['+', '-'])}{rng.randint(1, 5)}")
        else:
            self.run("campaign", "donations", f"+{rng.choice([10, 50, 100, 250, 600])}")

    def adjust(self):
        ch = self._member()
        if ch is not None:
            self.run("character", "adjust", ch["name"], "--xp", f"+{self.rng.randint(1, 80)}",
                     "--gold", f"+{self.rng.randint(0, 60)}")

    def give(self):
        ch = self._member()
        if ch is not None:
            self.run("character", "give", ch["name"], self.rng.choice([152, 155, 160, 165, 90, 112]),
                     "--not-from-supply")

    def second_party(self):
        parties = self.q("SELECT name FROM parties")
        if len(parties) < 2 and self.rng.random() < 0.5:
            self.run("party", "new", self.rng.choice([n for n in PARTY_NAMES if n not in
                                                      {p["name"] for p in parties}]))
            self.new_character()
        elif len(parties) > 1:
            current = self.party()["name"]
            self.run("party", "switch", self.rng.choice([p["name"] for p in parties if p["name"] != current]))

    def solo(self):
        ch = self._member()
        if ch is None:
            return
        if self.prosperity_level() < 3:
            self.run("campaign", "prosperity", "+10")
        for _ in range(4):  # up to level 5
            if ch["level"] >= 5:
                break
            self.level_up(ch)
            ch = self.q("SELECT * FROM characters WHERE id = ?", ch["id"])[0]
        if ch["level"] < 5:
            return
        if self.v("SELECT count(*) FROM characters WHERE retired = 1") < 2:
            self.run("character", "new", self._name(), "--class", "brute", "--retired")
        won = self.rng.random() < 0.7
        self.run("solo", "finish", ch["name"], "--won" if won else "--lost", "--xp", self.rng.randint(0, 12),
                 "--coins", self.rng.randint(0, 5))

    def unlock_class(self):
        locked = [c["key"] for c in self.catalog.classes()
                  if c["key"] not in {r["class"] for r in self.q("SELECT class FROM unlocked_classes")}]
        if locked:
            self.run("campaign", "unlock-class", self.rng.choice(locked))


def played(cli, db: Path, seed: int, moves: int = 45, shelf: Path | None = None, wait: bool = True) -> Play | None:
    """The seed's campaign on ``db``: :meth:`Play.play`, run once per test session.

    Two tests play the same seeds (the GHS round trip and what the seeds cover). A campaign played
    to its end is put on ``shelf`` (a folder shared by the session's processes: its file and its
    steps); a later call copies it to ``db`` with the steps (and so with every check :meth:`Play.run`
    made on the way) instead of playing it again (the same seed plays the same commands with the
    same answers). A campaign that failed is not kept: the next caller plays it and fails alike.
    One process plays a seed at a time (a lock file); with ``wait`` False, a seed another process is
    playing gives None at once.
    """
    import fcntl
    import shutil

    if shelf is None:
        return Play(cli, db, seed).play(moves)
    name = shelf / f"seed-{seed}-{moves}"
    with open(f"{name}.lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            return None
        kept, steps = Path(f"{name}.db"), Path(f"{name}.json")

        def copy(a: Path, b: Path) -> None:  # the file and its -wal if one is left (none is, once closed)
            for suffix in ("", "-wal"):
                if Path(f"{a}{suffix}").exists():
                    shutil.copyfile(f"{a}{suffix}", f"{b}{suffix}")

        if steps.exists():
            db.parent.mkdir(parents=True, exist_ok=True)
            copy(kept, db)
            return Play(cli, db, seed, [Step(**s) for s in json.loads(steps.read_text())])
        play = Play(cli, db, seed).play(moves)
        copy(db, kept)
        steps.write_text(json.dumps([s.__dict__ for s in play.steps]))
        return play
