"""Random Arkham campaigns played through ghcli's CLI, each command checked against the rules (issue 8).

:class:`Play` drives one Arkham Horror: The Card Game campaign log from a
seed, in-process (``helpers.invoke``): ``arkham init`` (a campaign, now and
then a standalone game), a pool listed or not, investigators joining,
leaving and rejoining, scenarios with victory display and bonus (or
penalty) XP for everyone or for some, one investigator's XP, buying and
upgrading cards (Exceptional, Myriad, permanent; with the removals that
keep the deck size), the deck as a campaign guide changes it, trauma and
defeats up to killed and insane (and a lost campaign), the campaign log
(notes, counts, crossings out), undo and redo, and the read commands
(``--json`` and text).

The player keeps its own model of the campaign, written from the rules as
docs/arkham.md and the rulebook's text on campaign play (seed 001) state
them, never from ghcli's code: every command it types is either legal
(exit 0 expected) or carries a fault it chose (a card it cannot afford, a
wrong removal, a killed investigator ...), and the model says which exit
codes the faults allow (1: the rules refuse; 2: bad input, an unknown
name). After every command (:meth:`Play.run`):

1. an exit other than the expected ones fails the run, as does a Python
   exception or an exit of 3 or more; a failing command prints one line,
   ``error: ...``, and leaves the database exactly as it was;
2. ``--json`` output parses;
3. the database agrees with the model (investigators, statuses, trauma,
   XP earned and spent, decks, purchases and their cost, scenarios, the
   log, the lost flag), and the rules' invariants hold on what is stored
   (:meth:`Play.check`): XP spent never exceeds XP earned, killed at printed
   health and insane at printed sanity, one investigator per player, a
   killed or insane investigator never plays again, a standalone game holds
   no XP and decks of at most 50 XP; what a command prints (its arithmetic)
   is the numbers stored;
4. at the end (:meth:`Play.undo_walk`) every entry is undone back to the
   init, the campaign after each undo exactly as before that command
   (journal tables aside: ``helpers.state_dump``), then redone forward, each
   state checked again.

A failure names the seed and lists every command so far, so it can be
replayed by hand. Used by tests/test_arkham_play_property.py.
"""

from __future__ import annotations

import copy
import json
import random
import re
import sqlite3
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from helpers import JOURNAL_TABLES, Snapshot, dump, invoke, snapshot

# name, printed health, printed sanity (first names tell them apart: "Roland" is Roland Banks)
INVESTIGATORS = [("Roland Banks", 9, 5), ("Daisy Walker", 5, 9), ("Skids O'Toole", 8, 6), ("Agnes Baker", 6, 8),
                 ("Wendy Adams", 7, 7), ("Zoey Samaras", 9, 6), ("Rex Murphy", 6, 9), ("Jenny Barnes", 8, 7),
                 ("Jim Culver", 7, 8), ("Ashcan Pete", 6, 5), ("Mark Harrigan", 9, 5), ("Minh Thi Phan", 7, 7)]
# players, and how else they may be typed (the same player: names compare by case folding and NFKC)
PLAYERS = {"Ann": ["ann", "ANN"], "Ben": ["ben"], "Cy": ["CY"], "Weiß": ["WEISS", "weiss"], "Zoë": ["ZOË", "zoë"]}
# title: (permanent, exceptional, myriad), the card's own keywords
CARDS = {"Knife": (False, False, False), "Beat Cop": (False, False, False), "Guts": (False, False, False),
         "Vicious Blow": (False, False, False), "Machete": (False, False, False),
         "Flashlight": (False, False, False), "Deduction": (False, False, False),
         "Shrivelling": (False, False, False), "Lucky!": (False, False, False),
         "Emergency Cache": (False, False, False), "Ammo Pouch": (False, False, True),
         "Sign Magick": (False, False, True), "Charisma": (True, False, False), "Relic Hunter": (True, False, False),
         "Ace in the Hole": (False, True, False), "Lightning Gun": (False, False, False)}
WEAKNESSES = ["Cover Up", "Amnesia", "Paranoia", "Haunted"]
REQUIRED = ["Roland's .38 Special", "Daisy's Tote Bag"]
SCENARIOS = ["The Gathering", "The Midnight Masks", "The Devourer Below", "Extracurricular Activity",
             "The House Always Wins", "The Miskatonic Museum"]
NOTES = ["The Ghoul Priest is still alive", "Your house has burned to the ground", "Lita was forced to find others",
         "The investigators were pulled into the Dreamlands", "Obadiah was captured"]
COUNTS = ["Cultists interrogated", "Cultists who got away", "Supplies", "Doom"]

OK = frozenset({0})
GROUPS = ("investigator", "deck", "log")


def command_name(args: list[str]) -> str:
    """The journal's name of the command ARGS types ("arkham deck add")."""
    return "arkham " + " ".join(args[:2] if args[0] in GROUPS else args[:1])


def key(name: str | None) -> str | None:
    """How two names compare (docs/campaign.md: Unicode case folding and NFKC)."""
    if name is None:
        return None
    text = unicodedata.normalize("NFKC", name).strip()
    return unicodedata.normalize("NFKC", text.casefold())


def tkey(title: str) -> str:
    """How card titles, scenario and count names compare ("Knife", "knife"; ASCII letters)."""
    return title.strip().lower()


@dataclass
class Card:
    title: str
    level: int
    kind: str
    copies: int
    permanent: bool = False
    exceptional: bool = False
    myriad: bool = False


@dataclass
class Inv:
    name: str
    health: int
    sanity: int
    player: str | None = None
    status: str = "available"
    physical: int = 0
    mental: int = 0
    earned: int = 0
    spent: int = 0
    seq: int | None = None
    deck: dict = field(default_factory=dict)       # (title key, level) -> Card
    purchases: list = field(default_factory=list)  # (action, title, from, to, copies, xp)

    @property
    def unspent(self) -> int:
        return self.earned - self.spent


@dataclass
class Model:
    """The campaign as the rules say it is now."""

    standalone: bool = False
    lost: bool = False
    pool_listed: bool = False
    invs: dict = field(default_factory=dict)      # name key -> Inv, in the order they were added
    scenarios: list = field(default_factory=list)
    log: list = field(default_factory=list)       # [id, kind, text, value, crossed]
    seq: int = 0
    fallen: set = field(default_factory=set)      # name keys of the killed and insane: never again in play

    def active(self) -> list[Inv]:
        return [i for i in self.invs.values() if i.status == "active"]

    def current(self) -> dict:
        """Each player (by name key) and the investigator they joined last."""
        out: dict = {}
        for inv in sorted((i for i in self.invs.values() if i.seq is not None), key=lambda i: i.seq):
            out[key(inv.player)] = inv
        return out

    def needing(self) -> list[str]:
        return sorted(inv.player for inv in self.current().values() if inv.status in ("killed", "insane"))

    def available(self) -> list[Inv]:
        return [i for i in self.invs.values() if i.status == "available"]


def cost(base: int, exceptional: bool, myriad: bool, copies: int) -> int:
    """docs/arkham.md, Costs: per copy the level (at least 1) or the difference, doubled when Exceptional;
    Myriad copies bought together paid once."""
    per_copy = base * 2 if exceptional else base
    return per_copy if myriad else per_copy * copies


def deck_xp(inv: Inv) -> int:
    """A standalone deck's XP: each copy's level, doubled when Exceptional, Myriad copies once."""
    return sum(c.level * (1 if c.myriad else c.copies) * (2 if c.exceptional else 1) for c in inv.deck.values())


@dataclass
class Step:
    args: list[str]
    code: int
    err: str


class PlayFailure(AssertionError):
    pass


@dataclass
class Play:
    """One Arkham campaign played from ``seed`` on ``db``."""

    db: Path
    seed: int
    steps: list[Step] = field(default_factory=list)

    def __post_init__(self):
        self.rng = random.Random(self.seed)
        self.m = Model()
        # per entry in effect: the campaign before it (what undoing it gives back) and the command
        self.before: list[tuple[Model, Snapshot, str]] = []
        self.redoable: list[tuple[Model, Snapshot, str]] = []  # undone, and nothing typed since
        self._con: sqlite3.Connection | None = None
        self._unreplayable = False  # the command being built records a text a replay refuses

    # -- running and checking --------------------------------------------------------------------------

    def fail(self, what: str):
        lines = [f"seed {self.seed}: {what}", "commands:"]
        lines += ["  ghcli arkham " + " ".join(json.dumps(a) if re.search(r"[\s'\"!]", a) or not a else a
                                              for a in s.args)
                  + ("" if s.code == 0 else f"   # exit {s.code}: {s.err}") for s in self.steps]
        raise PlayFailure("\n".join(lines))

    def q(self, sql: str, *params) -> list[dict]:
        """Rows read straight from the file: one read-only connection between two commands (:meth:`run`
        closes it first: no command runs beside it)."""
        if self._con is None:
            self._con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
            self._con.row_factory = sqlite3.Row
        return [dict(r) for r in self._con.execute(sql, params).fetchall()]

    def _close(self) -> None:
        if self._con is not None:
            self._con.close()
            self._con = None

    def entries(self) -> int:
        return self.q("SELECT count(*) AS n FROM journal")[0]["n"]

    def run(self, *args, expect=OK, change: bool = True):
        """Run ``ghcli arkham ARGS``; the exit must be one of ``expect``; see the module's docstring."""
        args = [str(a) for a in args]
        n = self.entries() if self.db.exists() else 0
        self._close()
        before = snapshot(self.db) if self.db.exists() else None
        try:
            r = invoke(["--db", str(self.db), "arkham", *args], catch_exceptions=False)
        except Exception as e:  # noqa: BLE001 - a traceback is a bug, reported with the commands
            self.steps.append(Step(args, -1, repr(e)))
            self.fail(f"raised {type(e).__name__}: {e}")
        self._unreplayable = False
        err = (r.stderr or "").strip()
        self.steps.append(Step(args, r.exit_code, err))
        if r.exit_code not in (0, 1, 2):
            self.fail(f"exit {r.exit_code}: {err or r.output}")
        if r.exit_code != 0:
            if not (err.startswith("error: ") and "\n" not in err) or r.stdout.strip():
                self.fail(f"not a one-line error: {r.output!r}")
            if before is not None and not self._unchanged(before):
                self.fail("a refused command changed the database")
        if r.exit_code not in expect:
            self.fail(f"exit {r.exit_code}, expected {sorted(expect)}: {err or r.stdout[:300]}")
        if r.exit_code == 0:
            if "--json" in args:
                try:
                    r.data = json.loads(r.stdout)
                except ValueError:
                    self.fail(f"--json printed what is not JSON: {r.stdout[:300]!r}")
            if before is not None and change and args[0] not in ("undo", "redo"):
                if self.entries() != n + 1:
                    self.fail(f"a change made {self.entries() - n} journal entries, not 1")
                self.before.append((copy.deepcopy(self.m), before, command_name(args)))
                self.redoable.clear()
            elif before is not None and not change and not self._unchanged(before):
                self.fail("a read command changed the database")
        return r

    def _unchanged(self, before: Snapshot) -> bool:
        """The file as ``before`` held it: the same bytes, or at least the same SQL dump."""
        now = snapshot(self.db)
        return now == before or now.dump == before.dump

    def expect(self, faults: set[int]) -> frozenset:
        """The exits a command may end with: 0 when the player made it legal, else one of its faults'."""
        if self.m.lost:  # every change is refused then (undo still works)
            faults = faults | {1}
        if self._unreplayable:  # bad input, unless the command refuses first
            faults = faults | {2}
        return frozenset(faults) if faults else OK

    def js(self, *args, change: bool = True, expect=OK):
        r = self.run(*args, "--json", expect=expect, change=change)
        return getattr(r, "data", None) if r.exit_code == 0 else None

    # -- the model against the database ------------------------------------------------------------------

    def check(self) -> None:
        """The database agrees with the model and the rules' invariants hold on what is stored."""
        m = self.m
        camp = self.q("SELECT * FROM campaign")[0]
        if (bool(camp["lost"]), bool(camp["pool_listed"]), bool(camp["standalone"])) != \
                (m.lost, m.pool_listed, m.standalone):
            self.fail(f"campaign lost/pool_listed/standalone {camp['lost']}/{camp['pool_listed']}/"
                      f"{camp['standalone']}, the rules say {m.lost}/{m.pool_listed}/{m.standalone}")
        rows = self.q("SELECT * FROM investigators ORDER BY id")
        got = [(r["name"], r["health"], r["sanity"], r["player"], r["status"], r["physical_trauma"],
                r["mental_trauma"]) for r in rows]
        want = [(i.name, i.health, i.sanity, i.player, i.status, i.physical, i.mental) for i in m.invs.values()]
        if got != want:
            self.fail(f"investigators:\n  stored {got}\n  rules  {want}")
        players = {}
        for r, inv in zip(rows, m.invs.values()):
            self._check_investigator(r, inv)
            if r["status"] == "active":
                if key(r["player"]) in players:
                    self.fail(f"{r['player']} plays {players[key(r['player'])]} and {r['name']}")
                players[key(r["player"])] = r["name"]
            if key(r["name"]) in m.fallen and r["status"] not in ("killed", "insane"):
                self.fail(f"{r['name']} was killed or went insane, and is {r['status']} now")
        scen = [r["name"] for r in self.q("SELECT name FROM scenarios ORDER BY id")]
        if scen != m.scenarios:
            self.fail(f"scenarios {scen}, the rules say {m.scenarios}")
        log = [[r["id"], r["kind"], r["text"], r["value"], bool(r["crossed"])]
               for r in self.q("SELECT * FROM log_entries ORDER BY id")]
        if log != m.log:
            self.fail(f"log:\n  stored {log}\n  rules  {m.log}")
        if any(v is not None and v < 0 for _, _, _, v, _ in log):
            self.fail("a count below 0")
        if m.standalone and self.q("SELECT 1 FROM xp_awards"):
            self.fail("a standalone game holds XP awards")

    def _check_investigator(self, r: dict, inv: Inv) -> None:
        earned = self.q("SELECT coalesce(sum(applied), 0) AS n FROM xp_awards WHERE investigator_id = ?",
                        r["id"])[0]["n"]
        spent = self.q("SELECT coalesce(sum(xp), 0) AS n FROM purchases WHERE investigator_id = ?", r["id"])[0]["n"]
        if (earned, spent) != (inv.earned, inv.spent):
            self.fail(f"{inv.name}: XP earned/spent stored {earned}/{spent}, the rules say {inv.earned}/{inv.spent}")
        if spent > earned:
            self.fail(f"{inv.name} spent {spent} XP of {earned} earned")
        killed, insane = r["physical_trauma"] >= r["health"], r["mental_trauma"] >= r["sanity"]
        if (r["status"] == "killed") != killed or (r["status"] == "insane") != (insane and not killed):
            self.fail(f"{inv.name}: {r['status']} with trauma {r['physical_trauma']}/{r['mental_trauma']} "
                      f"(health {r['health']}, sanity {r['sanity']})")
        cards = {(tkey(c["title"]), c["level"]): (c["title"], c["kind"], c["copies"], bool(c["permanent"]),
                                                  bool(c["exceptional"]), bool(c["myriad"]))
                 for c in self.q("SELECT * FROM deck_cards WHERE investigator_id = ?", r["id"])}
        want = {k: (c.title, c.kind, c.copies, c.permanent, c.exceptional, c.myriad) for k, c in inv.deck.items()}
        if cards != want:
            self.fail(f"{inv.name}'s deck:\n  stored {sorted(cards.items())}\n  rules  {sorted(want.items())}")
        bought = [(p["action"], p["title"], p["from_level"], p["to_level"], p["copies"], p["xp"])
                  for p in self.q("SELECT * FROM purchases WHERE investigator_id = ? ORDER BY id", r["id"])]
        if bought != inv.purchases:
            self.fail(f"{inv.name}'s purchases:\n  stored {bought}\n  rules  {inv.purchases}")
        for p in self.q("SELECT xp, arithmetic FROM purchases WHERE investigator_id = ?", r["id"]):
            if not p["arithmetic"].endswith(f"total {p['xp']} XP"):
                self.fail(f"{inv.name}: a purchase of {p['xp']} XP written as {p['arithmetic']!r}")
        if self.m.standalone and deck_xp(inv) > 50:
            self.fail(f"{inv.name}'s standalone deck holds {deck_xp(inv)} XP")

    # -- naming things -----------------------------------------------------------------------------------

    def ref(self, inv: Inv) -> str:
        """How a player types an investigator: the full name, the first name, another case."""
        x = self.rng.random()
        typed = inv.name if x < 0.7 else inv.name.split()[0] if x < 0.9 else inv.name.upper()
        if self.rng.random() < 0.02:  # found (names are trimmed), but a change would record the newline
            self._unreplayable = True
            typed += "\n"
        return typed

    def typed_player(self, player: str) -> str:
        """A player's name as typed now: as first given, or another form of it."""
        base = next((p for p in PLAYERS if key(p) == key(player)), player)
        return self.rng.choice([base, *PLAYERS[base]]) if self.rng.random() < 0.3 else player

    def find(self, typed: str, partial: bool = True) -> Inv | None:
        """The investigator a name typed names (docs: the full name, or a part naming only one)."""
        inv = self.m.invs.get(key(typed))
        if inv is not None or not partial:
            return inv
        t = typed.strip().lower()
        hits = [i for i in self.m.invs.values() if t and (i.name.lower().startswith(t) or t in i.name.lower().split())]
        return hits[0] if len(hits) == 1 else None

    def pick(self, invs: list[Inv]) -> Inv | None:
        return self.rng.choice(invs) if invs else None

    def add(self, name: str, health: int, sanity: int) -> Inv:
        inv = Inv(name, health, sanity)
        self.m.invs[key(name)] = inv
        return inv

    def card_ref(self, inv: Inv, card: Card) -> str:
        """A card as typed: TITLE when the deck holds it at one level, else TITLE@LEVEL (sometimes anyway)."""
        levels = [lv for (t, lv) in inv.deck if t == tkey(card.title)]
        title = card.title if self.rng.random() < 0.85 else card.title.lower()
        return title if len(levels) == 1 and self.rng.random() < 0.7 else f"{title}@{card.level}"

    def deck_row(self, inv: Inv, typed: str) -> tuple[Card | None, int]:
        """The deck's card that TITLE or TITLE@LEVEL names, or (None, 2): unknown, or at several levels."""
        title, sep, level = typed.rpartition("@")
        if not sep:
            title, level = typed, None
        rows = [c for (t, lv), c in inv.deck.items() if t == tkey(title) and (level is None or lv == int(level))]
        return (rows[0], 0) if len(rows) == 1 else (None, 2)

    def same_state(self, snap: Snapshot, what: str) -> None:
        """The campaign's own tables as ``snap`` held them (the journal aside: an undo is an entry)."""
        now = [line for line in snapshot(self.db).dump if not _journal_line(line)]
        then = [line for line in snap.dump if not _journal_line(line)]
        if now != then:
            gone = [line for line in then if line not in now][:5]
            new = [line for line in now if line not in then][:5]
            self.fail(f"after {what} the campaign is not as it was: missing {gone}, new {new}")

    # -- the campaign ------------------------------------------------------------------------------------

    MOVES = [("pool_add", 2), ("join", 5), ("leave", 2), ("scenario", 6), ("xp", 3), ("buy", 9), ("upgrade", 5),
             ("deck_add", 5), ("deck_remove", 2), ("trauma", 3), ("defeat", 3), ("log_add", 2), ("log_count", 3),
             ("log_cross", 2), ("undo", 3), ("read", 4), ("weaknesses", 1), ("init_again", 0.3), ("starting_deck", 1.5)]

    def play(self, moves: int = 40) -> "Play":
        rng = self.rng
        standalone = rng.random() < 0.15
        self.run("init", "--name", rng.choice(["Night of the Zealot", "The Dunwich Legacy", "Zoë's campaign"]),
                 *(["--standalone"] if standalone else []))
        self.m.standalone = standalone
        self.check()
        if rng.random() < 0.6:  # the group lists the investigators it may pick from
            for _ in range(rng.randint(1, 5)):
                self.pool_add(legal=True)
                self.check()
        for _ in range(rng.randint(1, 3)):
            self.join(legal=True)
            self.check()
            self.starting_deck()
        names, weights = zip(*self.MOVES)
        for _ in range(moves):
            move = rng.choices(names, weights)[0]
            if not self.m.active() and move not in ("undo", "read") and rng.random() < 0.6:
                move = "join"
            if self.m.lost and rng.random() < 0.5:
                move = "undo"
            getattr(self, move)()
            self.check()
        self.round_trip()
        self.undo_walk()
        return self

    # investigators

    def pool_add(self, legal: bool = False):
        rng, faults = self.rng, set()
        unused = [t for t in INVESTIGATORS if key(t[0]) not in self.m.invs]
        if unused and (legal or rng.random() < 0.85):
            name, h, s = rng.choice(unused)
        elif self.m.invs:
            inv = rng.choice(list(self.m.invs.values()))
            name, h, s = rng.choice([inv.name, inv.name.upper()]), inv.health, inv.sanity
            faults.add(1)  # already in the pool
        else:
            return
        if not legal and rng.random() < 0.08:
            h = rng.choice([0, -2])
            faults.add(2)
        d = self.js("investigator", "add", name, "--health", h, "--sanity", s, expect=self.expect(faults))
        if d is not None:
            self.add(name, h, s)
            self.m.pool_listed = True
            if (d["name"], d["status"], d["health"], d["sanity"]) != (name, "available", h, s):
                self.fail(f"investigator add printed {d}")

    def join(self, legal: bool = False):
        rng, m = self.rng, self.m
        busy = {key(i.player) for i in m.active()}
        free = [p for p in PLAYERS if key(p) not in busy]
        left = [i for i in m.invs.values() if i.status == "left" and key(i.player) not in busy]
        unused = [t for t in INVESTIGATORS if key(t[0]) not in m.invs]
        h = s = player = None
        x = rng.random()
        if left and x < 0.25:
            inv = rng.choice(left)
            name, player = self.ref(inv), rng.choice([None, self.typed_player(inv.player)])
        elif m.available() and x < 0.7:
            name = self.ref(rng.choice(m.available()))
            player = self.typed_player(rng.choice(free or list(PLAYERS)))
        elif unused:
            name, h, s = rng.choice(unused)
            player = self.typed_player(rng.choice(free or list(PLAYERS)))
        else:
            return
        if not legal and rng.random() < 0.3:  # something a player could get wrong
            wrong = rng.randrange(5)
            if wrong == 0 and m.invs:     # someone already playing, killed, insane, left ...
                inv = rng.choice(list(m.invs.values()))
                name, h, s = self.ref(inv), None, None
            elif wrong == 1:              # a player already playing someone
                player = self.typed_player(rng.choice(list(PLAYERS)))
            elif wrong == 2 and m.invs:   # the printed values of another card
                inv = rng.choice(list(m.invs.values()))
                name, h, s = inv.name, inv.health + 1, inv.sanity
            elif wrong == 3:              # a new investigator without printed values
                h = s = None
            else:                         # nobody says who plays
                player = None
        self._join(name, player, h, s)

    def _join(self, name: str, player: str | None, h: int | None, s: int | None):
        m, faults = self.m, set()
        inv = self.find(name, partial=h is None or s is None)
        if inv is None:
            if h is None or s is None:
                faults.add(2)  # not in the pool: its printed values are needed
        else:
            if (h is not None and h != inv.health) or (s is not None and s != inv.sanity):
                faults.add(2)
            if inv.status in ("active", "killed", "insane"):
                faults.add(1)  # playing already; never again
            if inv.status == "left" and player is not None and key(player) != key(inv.player):
                faults.add(1)  # one who left rejoins with the same player
        who = player if player is not None else inv.player if inv is not None else None
        if who is None:
            faults.add(2)
        elif any(key(i.player) == key(who) and i is not inv for i in m.active()):
            faults.add(1)  # one investigator per player
        args = ["investigator", "join", name] + (["--player", player] if player is not None else [])
        args += ["--health", h] if h is not None else []
        args += ["--sanity", s] if s is not None else []
        d = self.js(*args, expect=self.expect(faults))
        if d is None:
            return
        if inv is None:
            inv = self.add(name, h, s)
        rejoined = inv.status == "left"
        m.seq += 1
        inv.status, inv.player, inv.seq = "active", who, m.seq
        if (d["name"], d["status"], d["rejoined"], d["xp"]["unspent"], d["physical_trauma"], d["mental_trauma"]) != \
                (inv.name, "active", rejoined, inv.unspent, inv.physical, inv.mental):
            self.fail(f"investigator join printed {d}")

    def leave(self):
        inv = self.pick(self.m.active()) if self.rng.random() < 0.8 else self.pick(list(self.m.invs.values()))
        if inv is None:
            return
        faults = set() if inv.status == "active" else {1}
        d = self.js("investigator", "leave", self.ref(inv), expect=self.expect(faults))
        if d is not None:
            inv.status = "left"
            if d["xp"]["unspent"] != inv.unspent or d["status"] != "left":
                self.fail(f"investigator leave printed {d}")

    # experience

    def _award_values(self) -> tuple[int, int, set]:
        rng, faults = self.rng, set()
        victory = rng.randint(0, 8)
        bonus = rng.choice([0, 0, 0, 1, 2, 3, -1, -2, -5])
        if self.m.standalone and rng.random() < 0.8:
            victory = bonus = 0
        if rng.random() < 0.04:
            victory = -1
            faults.add(2)
        return victory, bonus, faults

    def scenario(self):
        rng, m = self.rng, self.m
        victory, bonus, faults = self._award_values()
        name = rng.choice(SCENARIOS) if rng.random() < 0.97 else "  "
        if not name.strip():
            faults.add(2)
        only: list[Inv] = []
        refs: list[str] = []
        if rng.random() < 0.3 and m.invs:
            only = rng.sample(list(m.invs.values()), rng.randint(1, min(3, len(m.invs))))
            if not self.steps or rng.random() < 0.7:
                only = [i for i in only if i.status == "active"] or only
            refs = [self.ref(i) for i in only]
            if rng.random() < 0.05:
                refs.append(refs[0])
                faults.add(2)  # named twice
            if any(i.status != "active" for i in only):
                faults.add(1)
        elif not m.active():
            faults.add(1)  # nobody plays
        if m.standalone and (victory or bonus):
            faults.add(1)  # a standalone game awards no experience
        if victory < 0 and (m.standalone or not (only or m.active())):
            faults.add(1)
        args = ["scenario", name, "--victory", victory, "--bonus", bonus]
        for r in refs:
            args += ["-i", r]
        d = self.js(*args, expect=self.expect(faults))
        if d is None:
            return
        m.scenarios.append(name.strip())
        if m.standalone:
            if d["awards"] or not d["standalone"]:
                self.fail(f"a standalone scenario printed {d}")
            return
        got = {a["investigator"]: a for a in d["awards"]}
        for inv in only or m.active():
            self._award(inv, victory, bonus, got.get(inv.name))
        if len(got) != len(only or m.active()):
            self.fail(f"scenario awarded {sorted(got)}")

    def _award(self, inv: Inv, victory: int, bonus: int, out: dict | None):
        """docs/arkham.md, XP: victory display + bonus added to the unspent XP, never below 0."""
        before = inv.unspent
        applied = max(victory + bonus, -before)
        inv.earned += applied
        if out is None or out["earned"] != victory + bonus or out["unspent"] != inv.unspent:
            self.fail(f"{inv.name}: {victory} victory {bonus:+d} bonus on {before} unspent, printed {out}")
        steps = " ; ".join(out["arithmetic"])
        a = re.search(r"victory display (\d+) ([+-]) \w+ (\d+) = (-?\d+)", steps)
        b = re.search(r"unspent (\d+) ([+-]) (\d+) = (-?\d+)(, not below 0 = 0)?", steps)
        if not a or not b:
            self.fail(f"{inv.name}: the XP arithmetic {steps!r}")
        va, vb = int(a[1]), int(a[3]) * (1 if a[2] == "+" else -1)
        ua, ub = int(b[1]), int(b[3]) * (1 if b[2] == "+" else -1)
        total = 0 if b[5] else int(b[4])
        if (va, vb, va + vb, ua, ua + ub, total) != (victory, bonus, int(a[4]), before, int(b[4]), inv.unspent):
            self.fail(f"{inv.name}: the XP arithmetic {steps!r} is not {victory} {bonus:+d} on {before}")

    def xp(self):
        rng, m = self.rng, self.m
        victory, bonus, faults = self._award_values()
        inv = self.pick(m.active()) if rng.random() < 0.85 else self.pick(list(m.invs.values()))
        if inv is None:
            return
        if inv.status != "active":
            faults.add(1)
        args = ["xp", self.ref(inv), "--victory", victory, "--bonus", bonus]
        x = rng.random()
        if x < 0.2 and m.scenarios:
            args += ["--scenario", rng.choice(m.scenarios).lower()]
        elif x < 0.25:
            args += ["--scenario", "The Lost Scenario"]
            faults.add(2)
        elif not m.scenarios:
            faults.add(1)  # no scenario recorded yet
        if m.standalone:
            faults.add(1)
        if victory < 0 and faults - {2}:
            faults.add(1)
        d = self.js(*args, expect=self.expect(faults))
        if d is not None:
            self._award(inv, victory, bonus, d)

    # cards

    def _removable(self, inv: Inv) -> list[Card]:
        """Copies that may be taken out to keep the deck size: not a weakness, a required or permanent card."""
        return [c for c in inv.deck.values() if c.kind == "card" and not c.permanent for _ in range(c.copies)]

    def _clash(self, inv: Inv, title: str, level: int, kind: str, flags: tuple, removed: dict | None = None) -> bool:
        """Whether the deck holds TITLE at LEVEL as another kind or with other keywords (one card is not two)."""
        c = inv.deck.get((tkey(title), level))
        if c is None or (removed and removed.get(id(c), 0) >= c.copies):
            return False
        return c.kind != kind or (c.permanent, c.exceptional, c.myriad) != flags

    def buy(self):
        rng, m = self.rng, self.m
        inv = self.pick(m.active()) if rng.random() < 0.92 else self.pick(list(m.invs.values()))
        if inv is None:
            return
        if inv.unspent == 0 and inv.status == "active" and rng.random() < 0.7:
            return
        title = rng.choice(list(CARDS))
        perm, exc, myr = CARDS[title]
        levels = [lv for lv in range(6) if cost(max(1, lv), exc, myr, 1) <= inv.unspent]
        level = rng.choice(levels) if levels and rng.random() < 0.85 else rng.randint(0, 5)
        copies = rng.randint(1, 3) if myr else 2 if rng.random() < 0.2 else 1
        pool = self._removable(inv)
        removes = [self.card_ref(inv, c) for c in rng.sample(pool, min(len(pool), 0 if perm else copies))]
        typed = title
        if rng.random() < 0.25:  # something a player could get wrong
            wrong = rng.randrange(7)
            others = [c for c in inv.deck.values() if c.kind != "card" or c.permanent]
            if wrong == 0 and removes and others:
                removes[0] = self.card_ref(inv, rng.choice(others))
            elif wrong == 1:
                removes.append(rng.choice(["Machete@5", "Old Book of Lore", removes[0] if removes else "Knife"]))
            elif wrong == 2 and removes:
                removes.pop()
            elif wrong == 3:
                level = rng.choice([6, -1])
            elif wrong == 6:
                typed = f"{title}@{(level + 1) % 6}"
            elif wrong == 4 and myr:
                copies = 4
            elif wrong == 5:  # the keywords of another card of the same title and level
                held = [c for c in inv.deck.values() if c.kind == "card" and c.title in CARDS]
                if held:
                    c = rng.choice(held)
                    title = typed = c.title
                    level, (perm, exc, myr) = c.level, CARDS[c.title]
                perm, exc, myr = rng.choice([(not perm, exc, myr), (perm, not exc, myr), (perm, exc, not myr)])
                removes = removes[:0 if perm else copies]
                if not perm and len(removes) < copies:
                    removes += [self.card_ref(inv, c) for c in rng.sample(pool, min(len(pool), copies))]
                    removes = removes[:copies]
        self._buy(inv, typed, level, copies, (perm, exc, myr), removes)

    def _buy_faults(self, inv: Inv, typed: str, level: int, copies: int, flags: tuple,
                    removes: list[str]) -> tuple[set, list[Card]]:
        perm, exc, myr = flags
        faults: set = set()
        title, sep, at = typed.rpartition("@")
        title = title if sep else typed
        if sep and int(at) != level:
            faults.add(2)
        valid = 0 <= level <= 5
        if not valid:
            faults.add(2)
        if myr and copies > 3:
            faults.add(1)  # a Myriad card: at most 3 copies
        if inv.status != "active":
            return faults | {1}, []
        if valid and cost(max(1, level), exc, myr, copies) > inv.unspent:
            faults.add(1)
        needed = 0 if perm else copies
        taken: list[Card] = []
        if len(removes) != needed:
            faults.add(2 if needed == 0 else 1)
        for rm in removes:
            card, bad = self.deck_row(inv, rm)
            if card is None:
                faults.add(bad)
            elif card.kind != "card" or card.permanent:
                faults.add(1)  # weaknesses, required and permanent cards are not removed for a new one
            elif taken.count(card) >= card.copies:
                faults.add(1)
            else:
                taken.append(card)
        if valid and self._clash(inv, title, level, "card", flags, {id(c): taken.count(c) for c in taken}):
            faults.add(1)
        return faults, taken

    def _buy(self, inv: Inv, typed: str, level: int, copies: int, flags: tuple, removes: list[str]):
        perm, exc, myr = flags
        faults, taken = self._buy_faults(inv, typed, level, copies, flags, removes)
        args = ["buy", self.ref(inv), typed, "--level", level, "--copies", copies]
        args += [f for f, on in (("--permanent", perm), ("--exceptional", exc), ("--myriad", myr)) if on]
        for rm in removes:
            args += ["--remove", rm]
        as_json = self.rng.random() < 0.6
        r = self.run(*args, *(["--json"] if as_json else []), expect=self.expect(faults))
        if r.exit_code != 0:
            return
        title = typed.rpartition("@")[0] or typed
        price = cost(max(1, level), exc, myr, copies)
        before = inv.unspent
        for c in taken:
            self._take(inv, c, 1)
        self._put(inv, Card(title, level, "card", copies, perm, exc, myr))
        inv.spent += price
        inv.purchases.append(("buy", title, None, level, copies, price))
        self._purchase_output(r, as_json, inv, price, before)

    def _purchase_output(self, r, as_json: bool, inv: Inv, price: int, before: int):
        """What buy and upgrade print: the cost as stored, and the unspent XP's arithmetic."""
        if as_json:
            d = r.data
            if (d["xp"], d["unspent_before"], d["unspent"]) != (price, before, inv.unspent) or \
                    d["arithmetic"][-1] != f"total {price} XP":
                self.fail(f"{inv.name}: a purchase of {price} XP on {before} unspent printed {d}")
            return
        a = re.search(r"unspent XP: (\d+) - (\d+) = (-?\d+)", r.stdout)
        if not a or (int(a[1]), int(a[2]), int(a[3])) != (before, price, before - price) or \
                f"total {price} XP" not in r.stdout:
            self.fail(f"{inv.name}: a purchase of {price} XP on {before} unspent printed {r.stdout!r}")

    def _take(self, inv: Inv, card: Card, n: int):
        card.copies -= n
        if card.copies == 0:
            del inv.deck[(tkey(card.title), card.level)]

    def _put(self, inv: Inv, card: Card):
        old = inv.deck.get((tkey(card.title), card.level))
        if old is not None:
            old.copies += card.copies
        else:
            inv.deck[(tkey(card.title), card.level)] = card

    def upgrade(self):
        rng, m = self.rng, self.m
        inv = self.pick(m.active()) if rng.random() < 0.92 else self.pick(list(m.invs.values()))
        if inv is None:
            return
        cards = [c for c in inv.deck.values() if c.level < 5 and (c.kind == "card" or rng.random() < 0.1)]
        if not cards:
            return
        card = rng.choice(cards)
        _, exc, myr = CARDS.get(card.title, (False, False, False))
        affordable = [to for to in range(card.level + 1, 6) if cost(to - card.level, exc, myr, 1) <= inv.unspent]
        to = rng.choice(affordable) if affordable and rng.random() < 0.85 else rng.randint(card.level + 1, 5)
        frm, copies = card.level, rng.randint(1, min(card.copies, 3 if myr else 2))
        typed = card.title if rng.random() < 0.9 else card.title.lower()
        if rng.random() < 0.2:
            wrong = rng.randrange(5)
            if wrong == 0:
                to = rng.randint(0, frm)             # not higher
            elif wrong == 1:
                frm = (frm + rng.randint(1, 4)) % 5  # a level the deck may not hold
            elif wrong == 2:
                copies = card.copies + 1
            elif wrong == 3:
                to = 6
            else:
                typed = f"{card.title}@{frm}"
        self._upgrade(inv, typed, frm, to, copies, exc, myr)

    def _upgrade(self, inv: Inv, typed: str, frm: int, to: int, copies: int, exc: bool, myr: bool):
        faults: set = set()
        if "@" in typed or not (0 <= frm <= 5 and 0 <= to <= 5):
            faults.add(2)
        elif to <= frm:
            faults.add(1)  # an upgrade goes to a higher level
        if myr and copies > 3:
            faults.add(1)
        card = inv.deck.get((tkey(typed), frm))
        if inv.status != "active":
            faults.add(1)
        elif card is None:
            faults.add(2)
        else:
            if card.kind != "card":
                faults.add(1)  # a weakness or required card is never taken out
            if copies > card.copies:
                faults.add(1)
            if not faults and cost(to - frm, exc, myr, copies) > inv.unspent:
                faults.add(1)
            if not faults and self._clash(inv, card.title, to, "card", (card.permanent, exc, myr)):
                faults.add(1)
        args = ["upgrade", self.ref(inv), typed, "--from", frm, "--to", to, "--copies", copies]
        args += [f for f, on in (("--exceptional", exc), ("--myriad", myr)) if on]
        as_json = self.rng.random() < 0.6
        r = self.run(*args, *(["--json"] if as_json else []), expect=self.expect(faults))
        if r.exit_code != 0:
            return
        price, before = cost(to - frm, exc, myr, copies), inv.unspent
        self._take(inv, card, copies)
        self._put(inv, Card(card.title, to, "card", copies, card.permanent, exc, myr))
        inv.spent += price
        inv.purchases.append(("upgrade", card.title, frm, to, copies, price))
        self._purchase_output(r, as_json, inv, price, before)

    # the deck as a campaign guide changes it

    def starting_deck(self):
        """A few level-0 cards and a weakness recorded for an investigator whose deck is thin."""
        thin = [i for i in self.m.active() if len(self._removable(i)) < 4]
        inv = self.pick(thin)
        for _ in range(self.rng.randint(2, 4) if inv else 0):
            self.deck_add(inv, legal=True)
            self.check()

    def deck_add(self, inv: Inv | None = None, legal: bool = False):
        rng, m = self.rng, self.m
        usable = [i for i in m.invs.values() if i.status not in ("killed", "insane")]
        if inv is None:
            inv = self.pick(usable) if rng.random() < 0.92 else self.pick(list(m.invs.values()))
        if inv is None:
            return
        faults: set = set()
        x = rng.random()
        kind = "card" if x < 0.7 or legal else "weakness" if x < 0.85 else "required"
        title = rng.choice(list(CARDS) if kind == "card" else WEAKNESSES if kind == "weakness" else REQUIRED)
        flags = CARDS.get(title, (False, False, False))
        level = rng.choice([0, 0, 0, 1, 2, 3, 4, 5]) if kind == "card" and not legal else 0
        copies = rng.randint(1, 3 if flags[2] else 2)
        typed, level_opt = title, level
        if rng.random() < 0.2:
            typed, level_opt = f"{title}@{level}", 0
        extra: list = []
        if not legal and rng.random() < 0.15:
            wrong = rng.randrange(5)
            if wrong == 0:
                copies = 0
                faults.add(2)
            elif wrong == 1:
                extra = ["--weakness", "--required"]
                faults.add(2)
            elif wrong == 2:  # the keywords of another card of the same title and level
                held = [c for c in inv.deck.values() if c.kind == "card" and c.title in CARDS]
                if held:
                    c = rng.choice(held)
                    title, level, typed, level_opt = c.title, c.level, c.title, c.level
                    flags = CARDS[c.title]
                flags = rng.choice([(not flags[0], flags[1], flags[2]), (flags[0], not flags[1], flags[2]),
                                    (flags[0], flags[1], not flags[2])])
            elif wrong == 3:
                typed, level_opt = f"{title}@{level}", (level + 1) % 5 + 1
                faults.add(2)  # two different levels
            else:
                kind = "weakness" if kind != "weakness" else "card"
        if inv.status in ("killed", "insane"):
            faults.add(1)
        if copies >= 1 and self._clash(inv, title, level, kind, flags):
            faults.add(1)
        if m.standalone and not faults:
            probe = copy.deepcopy(inv)
            self._put(probe, Card(title, level, kind, copies, *flags))
            if deck_xp(probe) > 50:
                faults.add(1)  # a standalone deck holds at most 50 XP
        args = ["deck", "add", self.ref(inv), typed, "--level", level_opt, "--copies", copies, *extra]
        args += {"weakness": ["--weakness"], "required": ["--required"]}.get(kind, []) if not extra else []
        args += [f for f, on in zip(("--permanent", "--exceptional", "--myriad"), flags) if on]
        d = self.js(*args, expect=self.expect(faults))
        if d is not None:
            self._put(inv, Card(title, level, kind, copies, *flags))
            self._deck_output(inv, d)

    def _deck_output(self, inv: Inv, d: dict):
        """A deck as printed: its cards, its size (non-permanent cards), its weaknesses; standalone: its XP."""
        size = sum(c.copies for c in inv.deck.values() if c.kind == "card" and not c.permanent)
        weak = sum(c.copies for c in inv.deck.values() if c.kind == "weakness")
        cards = sorted((tkey(c["title"]), c["level"], c["copies"], c["kind"]) for c in d["cards"])
        want = sorted((tkey(c.title), c.level, c.copies, c.kind) for c in inv.deck.values())
        if (d["size"], d["weaknesses"], cards) != (size, weak, want):
            self.fail(f"{inv.name}'s deck printed {d}; the rules say size {size}, {weak} weaknesses, {want}")
        if self.m.standalone:
            xp = deck_xp(inv)
            if (d.get("xp"), d.get("standalone_weaknesses")) != (xp, min(4, min(xp, 50) // 10)):
                self.fail(f"{inv.name}'s standalone deck of {xp} XP printed {d}")

    def deck_remove(self):
        rng, m = self.rng, self.m
        inv = self.pick([i for i in m.invs.values() if i.deck])
        if inv is None:
            return
        card = rng.choice(list(inv.deck.values()))
        copies = rng.randint(1, card.copies) if rng.random() < 0.9 else card.copies + 1
        typed = self.card_ref(inv, card)
        if rng.random() < 0.1:
            typed = card.title  # at several levels, maybe
        found, bad = self.deck_row(inv, typed)
        faults: set = {1} if inv.status in ("killed", "insane") else set()
        if found is None:
            faults.add(bad)
        elif copies > found.copies:
            faults.add(1)
        d = self.js("deck", "remove", self.ref(inv), typed, "--copies", copies, expect=self.expect(faults))
        if d is not None:
            self._take(inv, found, copies)
            self._deck_output(inv, d)

    # trauma

    def _fall(self, inv: Inv) -> None:
        """docs/arkham.md, Trauma and Pool: killed at printed health (first), insane at printed sanity; when
        more players must pick a new investigator than a listed pool has left, the campaign is lost."""
        m = self.m
        if inv.physical >= inv.health:
            inv.status = "killed"
        elif inv.mental >= inv.sanity:
            inv.status = "insane"
        else:
            return
        m.fallen.add(key(inv.name))
        if m.pool_listed and len(m.needing()) > len(m.available()):
            m.lost = True

    def _trauma_output(self, inv: Inv, d: dict):
        outcome = " and ".join(w for w, hit in (("killed", inv.physical >= inv.health),
                                                ("insane", inv.mental >= inv.sanity)) if hit) or None
        if (d["physical_trauma"], d["mental_trauma"], d["status"], d["outcome"], d["campaign_lost"],
                d["starting_damage"], d["starting_horror"]) != \
                (inv.physical, inv.mental, inv.status, outcome, self.m.lost, inv.physical, inv.mental):
            self.fail(f"{inv.name}: trauma {inv.physical}/{inv.mental}, {inv.status}, printed {d}")

    def _sufferer(self) -> Inv | None:
        m = self.m
        return self.pick(m.active()) if self.rng.random() < 0.9 else self.pick(list(m.invs.values()))

    def trauma(self):
        rng = self.rng
        inv = self._sufferer()
        if inv is None:
            return
        x = rng.random()
        if x < 0.25:  # a resolution that kills or drives insane
            physical, mental = rng.choice([(inv.health, 0), (0, inv.sanity), (inv.health, inv.sanity)])
        else:
            physical, mental = rng.choice([(1, 0), (0, 1), (1, 1), (2, 0), (0, 2)])
        faults: set = set() if inv.status == "active" else {1}
        if rng.random() < 0.06:
            physical, mental = rng.choice([(0, 0), (-1, 1)])
            faults.add(2)
        d = self.js("trauma", self.ref(inv), "--physical", physical, "--mental", mental, expect=self.expect(faults))
        if d is not None:
            inv.physical += physical
            inv.mental += mental
            self._fall(inv)
            self._trauma_output(inv, d)

    def defeat(self):
        rng = self.rng
        inv = self._sufferer()
        if inv is None:
            return
        by = rng.choice(["damage", "horror", "both", "card", "Damage"])
        choose = {"damage": None, "horror": None, "Damage": None, "card": None}.get(by, rng.choice(["physical",
                                                                                                  "mental"]))
        faults: set = set() if inv.status == "active" else {1}
        if rng.random() < 0.15:
            wrong = rng.randrange(4)
            if wrong == 0:
                by = "fire"
                faults.add(2)
            elif wrong == 1:
                choose = {"damage": "mental", "Damage": "mental", "horror": "physical", "card": "mental"}.get(by)
                faults.add(1 if choose else 2)
            elif wrong == 2:
                choose = "spiritual"
                faults.add(2)
            elif by == "both":
                choose = None
                faults.add(2)  # defeated by both at once: the player chooses
        args = ["defeat", self.ref(inv), "--by", by] + (["--choose", choose] if choose else [])
        d = self.js(*args, expect=self.expect(faults))
        if d is None:
            return
        if not self.m.standalone:  # a standalone game: no trauma from a defeat during the game
            kind = {"damage": "physical", "horror": "mental"}.get(by.lower(), choose if by == "both" else None)
            inv.physical += kind == "physical"
            inv.mental += kind == "mental"
            self._fall(inv)
        self._trauma_output(inv, d)

    # the campaign log

    def log_add(self):
        x = self.rng.random()
        text = self.rng.choice(NOTES) if x < 0.93 else " " if x < 0.96 else "Ia! " * self.rng.choice([125, 126])
        d = self.js("log", "add", text, expect=self.expect(set() if text.strip() and len(text) <= 500 else {2}))
        if d is not None:
            entry = [max((e[0] for e in self.m.log), default=0) + 1, "note", text.strip(), None, False]
            self.m.log.append(entry)
            if [d["id"], d["kind"], d["text"], d["value"], d["crossed"]] != entry:
                self.fail(f"log add printed {d}, not {entry}")

    def log_count(self):
        rng = self.rng
        name = rng.choice(COUNTS)
        typed = name if rng.random() < 0.8 else name.lower()
        delta = rng.choice([1, 1, 2, 3, -1, -2, 0])
        text = rng.choice([f"+{delta}", str(delta)]) if delta >= 0 else str(delta)
        faults: set = set()
        if rng.random() < 0.05:
            text = rng.choice(["lots", "+1.5", "2000000"])
            faults.add(2)
        row = next((e for e in self.m.log if e[1] == "count" and not e[4] and tkey(e[2]) == tkey(typed)), None)
        before = row[3] if row else 0
        if before + delta < 0:
            faults.add(1)  # a count stays at 0 or more
        d = self.js("log", "count", typed, text, expect=self.expect(faults))
        if d is None:
            return
        if row is None:
            row = [max((e[0] for e in self.m.log), default=0) + 1, "count", typed, 0, False]
            self.m.log.append(row)
        row[3] = before + delta
        if [d["id"], d["value"], d["crossed"]] != [row[0], row[3], False]:
            self.fail(f"log count printed {d}, not {row}")

    def log_cross(self):
        log = self.m.log
        if not log and self.rng.random() < 0.8:
            return
        open_ = [e for e in log if not e[4]]
        x = self.rng.random()
        if open_ and x < 0.8:
            entry = self.rng.choice(open_)
            n, faults = entry[0], set()
        elif log and x < 0.95:
            entry = self.rng.choice(log)
            n, faults = entry[0], set() if not entry[4] else {1}
        else:
            entry, n, faults = None, self.rng.choice([0, len(log) + 5]), {2}
        d = self.js("log", "cross", n, expect=self.expect(faults))
        if d is not None:
            entry[4] = True
            if not d["crossed"] or d["id"] != n:
                self.fail(f"log cross printed {d}")

    # undo and redo

    def undo(self):
        if not self.before:
            self.run("undo", expect=frozenset({1}))  # nothing to undo (the init is never undone)
            return
        model, snap, command = self.before.pop()
        after = (copy.deepcopy(self.m), snapshot(self.db), command)
        d = self.js("undo")
        if d["undone"][0]["command"] != command:
            self.fail(f"undo undid {d['undone'][0]['command']}, not the last change ({command})")
        self.same_state(snap, "undo")
        self.m = model
        self.redoable.append(after)
        if self.rng.random() < 0.4:
            self.check()
            self.redo()

    def redo(self):
        model, snap, command = self.redoable.pop()
        self.before.append((copy.deepcopy(self.m), snapshot(self.db), command))
        r = self.run("redo")
        if ": " not in r.stdout or not r.stdout.startswith("redid #"):
            self.fail(f"redo printed {r.stdout!r}")
        self.same_state(snap, "redo")
        self.m = model

    def round_trip(self):
        """The campaign exported and imported into a new file: the same campaign (every entry replays)."""
        self._close()
        out, back = self.db.with_name("export.json"), self.db.with_name("back.db")
        for args in (["--db", str(self.db), "export", "-o", str(out), "--force"],
                     ["--db", str(back), "import", str(out)]):
            r = invoke(args, catch_exceptions=False)
            if r.exit_code != 0:
                self.fail(f"ghcli {' '.join(args[2:4])}: exit {r.exit_code}: {r.output.strip()}")
        if dump(back) != dump(self.db):
            self.fail("the campaign imported from its export is another campaign")
        back.unlink()
        out.unlink()

    def undo_walk(self):
        """Every entry undone back to the init, each state as before that command; then redone forward."""
        back = []
        while self.before:
            model, snap, command = self.before.pop()
            back.append((copy.deepcopy(self.m), snapshot(self.db), command))
            d = self.js("undo")
            if d["undone"][0]["command"] != command:
                self.fail(f"undo undid {d['undone'][0]['command']}, not {command}")
            self.same_state(snap, f"undoing {command}")
            self.m = model
            self.check()
        self.run("undo", expect=frozenset({1}))
        self.check()
        while back:
            model, snap, command = back.pop()
            self.run("redo")
            self.same_state(snap, f"redoing {command}")
            self.m = model
            self.check()

    # reading

    def read(self):
        rng, m = self.rng, self.m
        what = rng.randrange(8)
        inv = self.pick(list(m.invs.values()))
        if what == 0:
            self._status(self.js("status", change=False))
        elif what == 1:
            rows = self.js("investigator", "list", change=False)
            if [(r["name"], r["status"], r["xp"]["unspent"]) for r in rows] != \
                    [(i.name, i.status, i.unspent) for i in m.invs.values()]:
                self.fail(f"investigator list printed {rows}")
        elif what == 2 and inv is not None:
            self._show(inv, self.js("investigator", "show", self.ref(inv), change=False))
        elif what == 3 and inv is not None:
            self._deck_output(inv, self.js("deck", "show", self.ref(inv), change=False))
        elif what == 4:
            rows = self.js("log", change=False)
            if [[e["id"], e["kind"], e["text"], e["value"], e["crossed"]] for e in rows] != m.log:
                self.fail(f"log printed {rows}")
        elif what == 5:
            rows = self.js("history", change=False)
            if rows[-1]["command"] != "arkham init" or len(rows) != self.entries():
                self.fail(f"history printed {len(rows)} entries, ending {rows[-1:]}")
        else:  # the text forms: they print, that is all they promise here
            args = rng.choice([["status"], ["log"], ["history", "--limit", "5"], ["investigator", "list"]]
                              + ([["investigator", "show", self.ref(inv)], ["deck", "show", self.ref(inv)]]
                                 if inv else []))
            r = self.run(*args, change=False)
            if not r.stdout.strip():
                self.fail(f"{args} printed nothing")

    def _status(self, d: dict):
        m = self.m
        playing = sorted((i for i in m.invs.values() if i.status != "available"),
                         key=lambda i: (i.seq is None, i.seq or 0, list(m.invs.values()).index(i)))
        want = {"lost": m.lost, "pool_listed": m.pool_listed, "standalone": m.standalone, "scenarios": m.scenarios,
                "investigators": [(i.name, i.status, i.physical, i.mental, i.earned, i.spent, i.unspent)
                                  for i in playing],
                "available": [i.name for i in m.available()], "players_needing_investigator": m.needing(),
                "counts": {e[2]: e[3] for e in m.log if e[1] == "count" and not e[4]}}
        got = {k: d[k] for k in want}
        got["investigators"] = [(i["name"], i["status"], i["physical_trauma"], i["mental_trauma"], i["xp"]["earned"],
                                 i["xp"]["spent"], i["xp"]["unspent"]) for i in d["investigators"]]
        if got != want:
            self.fail(f"status printed {got}\n  the rules say {want}")

    def _show(self, inv: Inv, d: dict):
        if (d["xp"], d["starting_damage"], d["starting_horror"], d["status"]) != \
                ({"earned": inv.earned, "spent": inv.spent, "unspent": inv.unspent}, inv.physical, inv.mental,
                 inv.status):
            self.fail(f"investigator show printed {d}")
        if [(p["action"], p["title"], p["from_level"], p["to_level"], p["copies"], p["xp"])
                for p in d["purchases"]] != inv.purchases:
            self.fail(f"investigator show's purchases {d['purchases']}")
        self._deck_output(inv, d["deck"])

    def weaknesses(self):
        xp = self.rng.choice([0, 5, 9, 10, 19, 20, 29, 30, 39, 40, 49, 50, 51, 60, -3])
        expect = {2} if xp < 0 else {1} if xp > 50 else {0}
        r = self.run("weaknesses", "--json", "--", xp, expect=frozenset(expect), change=False)
        if r.exit_code == 0 and r.data != {"weaknesses": min(4, xp // 10)}:  # seed 001: 0-9 none ... 40-50 four
            self.fail(f"weaknesses {xp} printed {r.data}")

    def init_again(self):
        self.run("init", expect=frozenset({1}))  # the file holds a campaign already


def _journal_line(line: str) -> bool:
    return any(line.startswith(f'INSERT INTO "{t}"') for t in JOURNAL_TABLES)


def played(db: Path, seed: int, moves: int = 40) -> Play:
    """The seed's campaign played on ``db`` and walked back and forth (raises PlayFailure)."""
    return Play(db, seed).play(moves)
