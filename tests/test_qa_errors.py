"""The error standard across the whole CLI (a QA pass).

Bad input gets a one-line ``error: ...`` naming the problem, exit 2 for bad
usage and 1 for a rule refusal, never a traceback, and the database exactly as
it was (compared byte for byte after folding the WAL in, and as an SQL dump).

Each case is a row: the state the database is in, the command line, the exit
code and a fragment of the message. States are built through the CLI itself.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from ghcli.campaign.kind import Store
from ghcli.journal.store import MAX_SQLITE_INT
from ghcli.errors import BadInput

HUGE = "99999999999999999999"  # beyond SQLite's 64-bit integers


# -- states ------------------------------------------------------------------


def _ok(cli, *args):
    r = cli(*args)
    assert r.exit_code == 0, (args, r.output)
    return r


def _campaign(cli, db):
    _ok(cli, "--db", db, "init", "--seed", "2024")
    _ok(cli, "--db", db, "character", "new", "Hilda", "--class", "brute", "--player", "ana", "--quest", "512")
    _ok(cli, "--db", db, "character", "new", "Rook", "--class", "spellweaver", "--player", "ben", "--quest", "514")


def _on_road(cli, db):
    _campaign(cli, db)
    _ok(cli, "--db", db, "travel", "1")


def _road_event_drawn(cli, db):
    _on_road(cli, db)
    _ok(cli, "--db", db, "event", "draw", "road")


def _road_event_resolved(cli, db):
    _road_event_drawn(cli, db)
    _ok(cli, "--db", db, "event", "resolve", "road", "--option", "A", "--return")


def _arkham(cli, db):
    _ok(cli, "--db", db, "arkham", "init", "--name", "Zealot")
    _ok(cli, "--db", db, "arkham", "investigator", "join", "Roland Banks", "--player", "Ann",
        "--health", "9", "--sanity", "5")
    _ok(cli, "--db", db, "arkham", "deck", "add", "Roland", "Knife", "--copies", "2")
    _ok(cli, "--db", db, "arkham", "scenario", "The Gathering", "--victory", "2", "--bonus", "2")


def _text_file(cli, db):
    Path(db).write_text("not a database\n", encoding="utf-8")


def _foreign_sqlite(cli, db):
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()


STATES = {
    "none": lambda cli, db: None,
    "text": _text_file,
    "sqlite": _foreign_sqlite,
    "directory": lambda cli, db: Path(db).mkdir(),
    "under-a-file": None,  # --db names a file inside a regular file: nothing can be created there
    "campaign": _campaign,
    "road": _on_road,
    "drawn": _road_event_drawn,
    "resolved": _road_event_resolved,
    "arkham": _arkham,
}


@pytest.fixture
def make(cli, tmp_path):
    def build(state: str) -> Path:
        if state == "under-a-file":
            (tmp_path / "plain").write_text("x", encoding="utf-8")
            return tmp_path / "plain" / "x.db"
        db = tmp_path / "qa.db"
        STATES[state](cli, str(db))
        return db

    return build


def snapshot(path: Path):
    """What must not change: the file's bytes and SQL dump, or that it is absent (or a directory)."""
    if path.is_dir():
        return "directory", sorted(p.name for p in path.iterdir())
    if not path.exists():
        return "absent", [p.name for p in path.parent.glob(path.name + "*")] if path.parent.is_dir() else []
    try:
        conn = sqlite3.connect(f"file:{path}?mode=rw", uri=True)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        dump = list(conn.iterdump())
        conn.close()
    except sqlite3.DatabaseError:
        dump = None
    return path.read_bytes(), dump


# -- the table ---------------------------------------------------------------

CASES = [
    # no database yet, or something that is not one
    ("none", ["status"], 1, "run `ghcli init` first"),
    ("none", ["status", "--json"], 1, "run `ghcli init` first"),
    ("none", ["history"], 1, "run `ghcli init` first"),
    ("none", ["arkham", "status"], 1, "run `ghcli arkham init` first"),
    ("none", ["init", "--seed", HUGE], 2, f"--seed {HUGE} is out of range"),
    ("text", ["status"], 2, "is not a ghcli database"),
    ("text", ["shop", "--json"], 2, "is not a ghcli database"),
    ("text", ["init"], 1, "not a ghcli database already exists"),
    ("text", ["arkham", "init"], 1, "refusing to overwrite it"),
    ("sqlite", ["status"], 2, "an SQLite database that ghcli did not make"),
    ("sqlite", ["init"], 1, "refusing to overwrite it"),
    ("directory", ["status"], 2, "is a directory, not a database file"),
    ("directory", ["init"], 2, "is a directory, not a database file"),
    ("directory", ["arkham", "init"], 2, "is a directory, not a database file"),
    ("under-a-file", ["init"], 2, "is not a directory"),
    ("under-a-file", ["arkham", "init"], 2, "is not a directory"),
    ("arkham", ["status"], 2, "holds an Arkham campaign, not a Gloomhaven campaign"),
    ("arkham", ["init"], 1, "an Arkham campaign already exists"),
    ("campaign", ["arkham", "status"], 2, "holds a Gloomhaven campaign, not an Arkham campaign"),
    ("campaign", ["arkham", "init"], 1, "a Gloomhaven campaign already exists"),
    ("campaign", ["init"], 1, "a campaign already exists"),
    # click's usage errors: one line, exit 2, where the help is
    ("campaign", ["character", "new", "Zed"], 2, "missing option '--class'"),
    ("campaign", ["event", "draw"], 2, "missing argument 'city|road' (see `ghcli event draw --help`)"),
    ("campaign", ["history", "--limit", "abc"], 2, "invalid value for '--limit'"),
    ("campaign", ["history", "--limit", "-1"], 2, "invalid value for '--limit'"),
    ("campaign", ["perk", "Hilda", "-1"], 2, "put -- before it"),
    ("campaign", ["campaign", "unlock-scenario", "-3"], 2, "no such option: -3"),
    ("campaign", ["statsu"], 2, "Did you mean 'status'?"),
    ("campaign", ["--bogus", "status"], 2, "no such option: --bogus"),
    ("campaign", ["level-up", "Hilda"], 2, "missing option '--card'"),
    ("none", ["rules", "level", "1,2"], 2, "'1,2' is not a valid int"),
    ("none", ["rules", "attack"], 2, "missing argument 'base'"),
    # unknown names, numbers written as names
    ("campaign", ["character", "new", "Zed", "--class", "nope"], 2, "unknown class 'nope'"),
    ("campaign", ["buy", "Hilda", "nope"], 2, "unknown item 'nope'"),
    ("campaign", ["buy", "Hilda", "--", "-1"], 2, "unknown item '-1'"),
    ("campaign", ["buy", "Hilda", HUGE], 2, f"unknown item '{HUGE}'"),
    ("campaign", ["travel", "--", "-1"], 2, "unknown scenario '-1'"),
    ("campaign", ["character", "show", "nope"], 2, "unknown character 'nope'"),
    ("campaign", ["campaign", "achievement", "add", "nope"], 2, "unknown achievement 'nope'"),
    ("campaign", ["character", "quest", "Hilda", HUGE], 2, "unknown personal quest"),
    # amounts too large to be real (or to store)
    ("campaign", ["character", "adjust", "Hilda", "--gold", HUGE], 2, f"--gold: {HUGE} is too large"),
    ("campaign", ["character", "adjust", "Hilda", "--xp", "9223372036854775800"], 2,
     "--xp: 9223372036854775800 is too large"),
    ("campaign", ["character", "adjust", "Hilda", "--checkmarks", "+99999999"], 2,
     "--checkmarks: 99999999 is too large"),
    ("resolved", ["scenario", "finish", "1", "--won", "--coins", f"Hilda={HUGE}"], 2,
     f"--coins Hilda: {HUGE} is too large"),
    ("resolved", ["scenario", "finish", "1", "--won", "--xp", f"Rook={HUGE}"], 2, f"--xp Rook: {HUGE} is too large"),
    ("resolved", ["scenario", "finish", "1", "--won", "--checkmarks", f"Rook={HUGE}"], 2, "--checkmarks Rook"),
    ("drawn", ["event", "resolve", "road", "--option", "A", "--return", "--gold-each", HUGE], 2, "--gold-each"),
    ("drawn", ["event", "resolve", "road", "--option", "A", "--return", "--gold-each", "-" + HUGE], 2, "too small"),
    ("drawn", ["event", "resolve", "road", "--option", "A", "--return", "--gold", f"Hilda={HUGE}"], 2, "--gold Hilda"),
    ("drawn", ["event", "resolve", "road", "--option", "A", "--return", "--xp-each", HUGE], 2, "--xp-each"),
    ("drawn", ["event", "resolve", "road", "--option", "A", "--return", "--gold-each", "x"], 2,
     "'x' is not a valid int"),
    # event cards that do not exist
    ("drawn", ["event", "resolve", "road", "--option", "A", "--return", "--add-event", "city:999"], 2,
     "there is no city event 999: city events are numbered 1-90"),
    ("drawn", ["event", "resolve", "road", "--option", "A", "--return", "--add-event", "road:0"], 2,
     "road events are numbered 1-69 and 82-83"),
    # rule refusals still exit 1 and change nothing
    ("road", ["event", "draw", "city"], 1, "only in town"),
    ("drawn", ["scenario", "finish", "1", "--won"], 1, "a road event is due"),
    # Arkham
    ("arkham", ["arkham", "scenario", "X", "--victory", HUGE], 2, f"--victory: {HUGE} is too large"),
    ("arkham", ["arkham", "xp", "Roland", "--bonus", "-" + HUGE], 2, "--bonus"),
    ("arkham", ["arkham", "trauma", "Roland", "--physical", HUGE], 2, "--physical"),
    ("arkham", ["arkham", "investigator", "add", "X", "--health", HUGE, "--sanity", "5"], 2, "printed health"),
    ("arkham", ["arkham", "deck", "add", "Roland", "X", "--copies", HUGE], 2, "--copies"),
    ("arkham", ["arkham", "buy", "Roland", "Guts", "--level", "0", "--remove", "Knife", "--copies", HUGE], 2,
     "--copies"),
    ("arkham", ["arkham", "log", "count", "Cultists", "+" + HUGE], 2, "count Cultists"),
    ("arkham", ["arkham", "log", "cross", HUGE], 2, f"unknown log entry '{HUGE}'"),
    ("arkham", ["arkham", "log", "cross", "-1"], 2, "put -- before it"),
    ("arkham", ["arkham", "weaknesses", "abc"], 2, "'abc' is not a valid int"),
]


@pytest.mark.parametrize("state, args, code, fragment", CASES,
                         ids=[f"{s}:{' '.join(a)}"[:70] for s, a, _, _ in CASES])
def test_bad_input_is_one_line_and_changes_nothing(cli, make, state, args, code, fragment):
    db = make(state)
    before = snapshot(db)
    r = cli("--db", db, *args)
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == code, (r.exit_code, r.stderr)
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    assert fragment in lines[0], lines[0]
    assert "Traceback" not in r.output
    assert r.stdout == ""
    assert snapshot(db) == before


# -- huge numbers where they mean "all" ---------------------------------------


@pytest.mark.parametrize("state, args", [
    ("campaign", ["history", "--limit", HUGE, "--json"]),
    ("arkham", ["arkham", "history", "--limit", HUGE, "--json"]),
])
def test_a_huge_limit_is_everything(cli, make, state, args):
    db = make(state)
    everything = json.loads(_ok(cli, "--db", db, *args[:-3], "--json").stdout)
    assert json.loads(_ok(cli, "--db", db, *args).stdout) == everything and len(everything) >= 3


# -- the store's own guard ----------------------------------------------------


def test_store_turns_an_oversized_number_into_bad_input(cli, make):
    db = make("campaign")
    store = Store.open(db)
    with pytest.raises(BadInput, match=f"{2**70} is too large"):
        store.one("SELECT * FROM characters WHERE id = ?", [2**70])
    before = snapshot(db)
    from ghcli.journal import run
    from ghcli.journal.commands import Command

    def overflow(ctx):  # an entry whose write slips past the commands' own checks
        ctx.db.execute("UPDATE characters SET gold = 1")
        ctx.db.execute("UPDATE characters SET xp = ?", [MAX_SQLITE_INT + 1])

    with pytest.raises(BadInput, match="too large"):
        run.typed(store, Command("test overflow", overflow), {})
    store.close()
    assert snapshot(db) == before


# -- status: where the party is -----------------------------------------------


def _status(cli, db):
    return json.loads(_ok(cli, "--db", db, "status", "--json").stdout), _ok(cli, "--db", db, "status").stdout


@pytest.mark.parametrize("state, location, scenario, where, due, pending, text", [
    ("campaign", "town", None, "in town", False, [], "Party:        Party (in town)"),
    ("road", "road", 1, "on the road to scenario 1 Black Barrow", True, [],
     "Road event:   due, not drawn yet (`ghcli event draw road`)"),
    ("drawn", "road", 1, "on the road to scenario 1 Black Barrow", True, ["road"],
     "Drawn event:  road event {card}, not resolved yet"),
    ("resolved", "road", 1, "on the road to scenario 1 Black Barrow", False, [],
     "Party:        Party (on the road to scenario 1 Black Barrow)"),
])
def test_status_says_where_the_party_is(cli, make, state, location, scenario, where, due, pending, text):
    db = make(state)
    data, out = _status(cli, db)
    party = data["party"]
    # the keys from before stay
    assert {"id", "name", "reputation", "price_modifier", "location", "scenario"} <= set(party)
    assert (party["location"], party["scenario"], party["where"], party["road_event_due"]) == (
        location, scenario, where, due)
    assert party["scenario_name"] == ("Black Barrow" if scenario == 1 else None)
    store = Store.open(db)
    drawn = store.rows("SELECT deck, card FROM pending_events")
    store.close()
    assert [e["deck"] for e in data["pending_events"]] == pending and data["pending_events"] == drawn
    card = drawn[0]["card"] if drawn else None
    assert text.format(card=card) in out
    assert f"Party:        Party ({where})" in out
    if not due or pending:
        assert "Road event:" not in out
    if not pending:
        assert "Drawn event:" not in out


def test_status_after_the_scenario_and_back(cli, make):
    db = make("resolved")
    _ok(cli, "--db", db, "scenario", "finish", "1", "--won")
    data, out = _status(cli, db)
    assert data["party"]["where"] == "at scenario 1 Black Barrow" and data["party"]["location"] == "scenario"
    assert "Party:        Party (at scenario 1 Black Barrow)" in out
    _ok(cli, "--db", db, "return")
    data, out = _status(cli, db)
    assert data["party"]["where"] == "in town" and data["party"]["scenario_name"] is None
    _ok(cli, "--db", db, "event", "draw", "city")
    data, out = _status(cli, db)
    assert [e["deck"] for e in data["pending_events"]] == ["city"]
    assert f"Drawn event:  city event {data['pending_events'][0]['card']}, not resolved yet" in out
