"""Group sync through a git remote (issues 19, 30, and the git parts of 29), with local bare repositories.

The model under test: the remote's ``main`` is the group's linear history; an
entry is accepted when a push puts it on top; nothing accepted is ever
rejected or changed by a later sync; a local entry that no longer holds goes to
the retry queue, reported to the player who made it with the entry in the way.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import dump, invoke

from ghcli.campaign.kind import Store
from ghcli.sync import ledger, remote as layout

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
ROOT = Path(__file__).resolve().parent.parent
BOOTS = "Boots of Striding"


class Machine:
    """One player's machine: its own database (and the clone beside it)."""

    def __init__(self, folder: Path, name: str):
        self.db = folder / name / "campaign.db"
        self.db.parent.mkdir(parents=True, exist_ok=True)
        self.name = name

    def run(self, *args, ok: bool = True, env: dict | None = None):
        r = invoke(["--db", str(self.db), *map(str, args)], env={"GHCLI_PLAYER": self.name, **(env or {})},
                   catch_exceptions=False)
        if ok:
            assert r.exit_code == 0, (self.name, args, r.output)
        return r

    def json(self, *args):
        return json.loads(self.run(*args, "--json").stdout)

    def view(self) -> dict:
        """Everything a player sees of the campaign (but this machine's own sync bookkeeping)."""
        chars = self.json("character", "list")
        status = self.json("status")
        status.pop("journal", None)   # this machine's own counts
        rows = self.json("history")
        ids = {h["seq"]: h["id"] for h in rows}  # numbers are this machine's own: an entry is its id
        history = [{**{k: v for k, v in h.items() if k not in ("id", "seq", "state", "status", "clock")},
                    "undone_by": ids.get(h.get("undone_by"))}
                   for h in rows if h.get("state", h.get("status")) not in ("queued", "dropped")]
        return {
            "status": status,
            "characters": [self.json("character", "show", c["name"]) for c in chars],
            "shop": self.json("shop"),
            "scenarios": self.json("scenario", "list"),
            "history": history,
        }

    def gold(self) -> dict:
        return {ch["name"]: ch["gold"] for ch in self.json("character", "list")}

    def owners(self, item: str = BOOTS) -> list[str]:
        return [c["name"] for c in self.json("character", "list")
                if any(i["name"] == item for i in self.json("character", "show", c["name"])["items"])]


@pytest.fixture
def group(tmp_path):
    remote = tmp_path / "group.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    return remote, [Machine(tmp_path, n) for n in ("ann", "bob", "cid")]


def hid(h: dict) -> str:
    """A history row's entry id."""
    return h["id"] if isinstance(h.get("id"), str) else h["uid"]


def start(remote, machines):
    a = machines[0]
    a.run("init", "--seed", "5")
    a.run("character", "new", "Ann", "--class", "brute", "--quest", "512")
    a.run("character", "new", "Bob", "--class", "tinkerer", "--quest", "514")
    for m in machines:
        m.run("sync", "init", remote)


# -- the remote, seen with git ------------------------------------------------------------

def rgit(remote: Path, *args, input: bytes | None = None, env: dict | None = None) -> str:
    full = dict(os.environ, GIT_AUTHOR_NAME="mallory", GIT_AUTHOR_EMAIL="m@x", GIT_COMMITTER_NAME="mallory",
                GIT_COMMITTER_EMAIL="m@x")
    full.update(env or {})
    r = subprocess.run(["git", f"--git-dir={remote}", *args], input=input, capture_output=True, env=full,
                       check=True)
    return r.stdout.decode().strip()


def history_of(remote: Path) -> list[layout.Commit]:
    """The remote's main, oldest first, read as ghcli reads it."""
    shas = rgit(remote, "rev-list", "--first-parent", "--reverse", "main").split()
    return layout.Clone(remote, str(remote)).read(shas)


def documents(remote: Path) -> list[bytes]:
    return [d for c in history_of(remote) for d in c.documents]


def forge(document: bytes, **changes) -> bytes:
    """A document like ``document`` with fields changed (None removes one)."""
    doc = json.loads(document)
    for k, v in changes.items():
        if v is None:
            doc.pop(k, None)
        else:
            doc[k] = v
    return ledger.canonical(doc)


def fresh(document: bytes, **changes) -> bytes:
    """A new entry (a nonce of its own) made from ``document``."""
    import secrets

    return forge(document, **{ledger.NONCE_KEY: ledger.new_nonce(secrets.token_hex(16)), **changes})


def made(machine: Machine, folder: Path, *commands) -> list[bytes]:
    """The documents of real entries made by ``commands`` on a copy of ``machine``'s campaign (as
    someone whose machine stood where this one stands would make them), not on the machine itself."""
    import sqlite3

    scratch = Machine(folder, f"scratch-{len(list(folder.glob('scratch-*')))}")
    con = sqlite3.connect(machine.db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    shutil.copy(machine.db, scratch.db)
    last = max(seq_of(scratch.db))
    for args in commands:
        scratch.run(*args)
    con = sqlite3.connect(scratch.db)
    docs = [r[0].encode() for r in con.execute("SELECT document FROM journal WHERE seq > ? ORDER BY seq", [last])]
    con.close()
    return docs


def seq_of(db: Path) -> list[int]:
    import sqlite3

    con = sqlite3.connect(db)
    try:
        return [r[0] for r in con.execute("SELECT seq FROM journal")]
    finally:
        con.close()


def push_commit(remote: Path, body: bytes, *, author: str = "mallory", tree: str | None = None,
                parent: str | None = "main", subject: bytes | None = None) -> str:
    """Someone with push access adds a commit to the remote's main (as a push would)."""
    if tree is None:
        tree = rgit(remote, "rev-parse", "main^{tree}")
    subj = subject if subject is not None else b"ghcli: 1 entry by " + author.encode()
    args = ["commit-tree", tree] + (["-p", rgit(remote, "rev-parse", parent)] if parent else [])
    sha = rgit(remote, *args, input=subj + b"\n\n" + body + b"\n",
               env={"GIT_AUTHOR_NAME": author, "GIT_COMMITTER_NAME": author})
    rgit(remote, "update-ref", "refs/heads/main", sha)
    return sha


# -- joining, agreeing ----------------------------------------------------------------------

def test_three_machines_join_one_remote_and_agree(group):
    remote, (a, b, c) = group
    start(remote, [a, b, c])
    assert a.view() == b.view() == c.view()
    a.run("buy", "Ann", BOOTS)
    b.run("party", "reputation", "+2")
    c.run("character", "new", "Cid", "--class", "spellweaver", "--quest", "521")
    for m in (a, b, c, a, b):
        m.run("sync")
    views = [m.view() for m in (a, b, c)]
    assert views[0] == views[1] == views[2]
    st_ = views[0]["status"]
    assert st_["party"]["reputation"] == 2 and [x["name"] for x in st_["characters"]] == ["Ann", "Bob", "Cid"]
    # The group's order is the order of the pushes: ann's, then bob's, then cid's.
    assert [h["player"] for h in views[0]["history"]][:3] == ["cid", "bob", "ann"]
    s = a.json("sync", "status")
    assert s["remote"] == str(remote) and s["unpushed"] == [] and s["last_sync"]
    assert s["counts"] == {"local": 0, "queued": 0, "held": 0}


def test_each_push_adds_one_commit_authored_by_the_player_and_nothing_else(group):
    remote, (a, b, _) = group
    start(remote, [a, b])
    objects = int(rgit(remote, "count-objects", "-v").split("count: ")[1].split()[0])
    a.run("buy", "Ann", BOOTS)
    a.run("donate", "Ann")
    a.run("sync")
    after = int(rgit(remote, "count-objects", "-v").split("count: ")[1].split()[0])
    assert after == objects + 1                         # one commit; the tree and its file are the same
    commits = history_of(remote)
    assert [c.author for c in commits] == ["ann", "ann"]
    assert len(commits[-1].documents) == 2 and commits[-1].parents == (commits[0].sha,)
    assert rgit(remote, "ls-tree", "--name-only", "main") == "campaign.json"
    campaign = a.json("sync", "status")["campaign"]
    assert json.loads(rgit(remote, "show", "main:campaign.json")) == {"campaign": campaign, "format": 2}
    assert campaign == ledger.parse(commits[0].documents[0]).id   # the campaign is its first entry


# -- accepted is final --------------------------------------------------------------------

@pytest.mark.parametrize("first", ["a", "b"])
def test_the_last_copy_bought_twice_goes_to_whoever_pushed_first(group, first):
    remote, (a, b, c) = group
    start(remote, [a, b, c])
    a.run("buy", "Ann", BOOTS)                          # 2 copies in the supply: one left
    a.run("sync")
    b.run("sync")
    c.run("sync")
    a.run("buy", "Bob", BOOTS)                          # offline, both buy the last copy
    b.run("character", "new", "Cid", "--class", "spellweaver", "--quest", "521")
    b.run("buy", "Cid", BOOTS)
    winner, loser = (a, b) if first == "a" else (b, a)
    won = "Bob" if first == "a" else "Cid"
    lost = "Cid" if first == "a" else "Bob"
    out_w = winner.run("sync").stdout
    c.run("sync")
    assert c.owners() == ["Ann", won]                   # cid saw the winner's purchase accepted ...
    out_l = loser.run("sync").stdout
    for m in (c, winner):
        assert "refused" not in m.run("sync").stdout
    # ... and nobody ever saw the other one as accepted: the loser's is queued on the loser's machine only.
    assert "refused" not in out_w
    assert "refused: #" in out_l and f"buy {lost}" not in json.dumps(c.json("history"))
    report = loser.json("sync", "status")
    assert [q["command"] for q in report["queued"]] == ["buy"]
    reason = "no copy of Boots of Striding is left in the supply (the party's characters hold the others)"
    assert reason in out_l
    assert "in the way: #" in out_l and f"{won} bought item 1 Boots of Striding" in out_l.split("in the way")[1]
    for m in (a, b, c):
        assert m.owners() == ["Ann", won]
    assert a.view() == b.view() == c.view()
    assert loser.gold()[lost] == winner.gold()[lost]    # the refused purchase cost nothing
    # Syncing again changes nothing: an accepted entry stays accepted.
    for m in (a, b, c):
        m.run("sync")
        assert m.owners() == ["Ann", won]


def test_the_retry_queue_retry_and_drop(group):
    remote, (a, b, _) = group
    start(remote, [a, b])
    a.run("buy", "Ann", BOOTS)
    a.run("sync")
    b.run("buy", "Ann", BOOTS)                          # offline: ann's boots bought on both machines
    out = b.run("sync").stdout
    assert "1 refused" in out and "Ann already owns Boots of Striding" in out, out
    assert "the last buy before it" not in out          # the entry in the way is named, nothing else
    queued = b.json("sync", "status")["queued"]
    assert len(queued) == 1
    assert {k: b.json("status")["journal"][k] for k in ("local", "queued", "held")} == \
        {"local": 0, "queued": 1, "held": 0}
    assert "in the retry queue" in b.run("status").stdout
    r = b.json("sync", "retry")
    assert not r["applied"] and "Ann already owns" in r["still_queued"][0]["reason"]
    a.run("sell", "Ann", BOOTS)
    a.run("sync")
    b.run("sync")
    assert b.json("sync", "status")["counts"]["queued"] == 1  # a sync never retries by itself
    r = b.json("sync", "retry", queued[0]["id"][:10])
    assert [e["command"] for e in r["applied"]] == ["buy"] and not r["still_queued"]
    assert b.json("sync", "status")["counts"] == {"local": 1, "queued": 0, "held": 0}
    b.run("sync")
    a.run("sync")
    assert a.owners() == ["Ann"] and a.view() == b.view()
    # drop: a refused entry dropped stays in the history, marked.
    a.run("character", "adjust", "Bob", "--gold", "-30")
    a.run("sync")
    b.run("buy", "Bob", BOOTS)                          # bob had 30 gold here
    out = b.run("sync").stdout
    assert "1 refused" in out, out
    q = b.json("sync", "status")["queued"][0]
    d = b.json("sync", "drop", str(q["seq"]))
    assert d["dropped"]["state"] == "dropped"
    assert b.json("sync", "status")["counts"]["queued"] == 0
    assert "dropped" in b.run("history").stdout
    accepted = b.json("history")[0]
    r = b.run("sync", "drop", str(accepted["seq"] if "seq" in accepted else accepted["id"]), ok=False)
    assert r.exit_code == 1 and "only an entry in the retry queue" in r.stderr
    b.run("sync")
    a.run("sync")
    assert a.view() == b.view()


def test_an_undo_after_a_sync_undoes_your_own_entry(group):
    remote, (a, b, c) = group
    start(remote, [a, b, c])
    a.run("character", "adjust", "Ann", "--gold", "7")
    a.run("sync")
    b.run("sync")
    b.run("character", "adjust", "Bob", "--gold", "3")  # bob's, after ann's
    b.run("sync")
    a.run("sync")
    r = a.json("undo")                                   # ann's own last entry, not bob's later one
    assert "Ann" in json.dumps(r["undone"]) and r["undone"][0]["player"] == "ann"
    a.run("sync")
    b.run("sync")
    c.run("sync")
    for m in (a, b, c):
        assert m.gold() == {"Ann": 30, "Bob": 33}
    out = b.run("sync").stdout + c.json("history").__repr__()
    assert "ann" in out
    undone = [h for h in c.json("history") if h.get("undone_by")]
    assert [h["player"] for h in undone] == ["ann"]
    # Another player's entry only when named.
    r = a.json("undo", str(next(h for h in a.json("history") if h["player"] == "bob")["seq"]))
    assert r["undone"][0]["player"] == "bob"


def test_an_offline_scenario_night_against_town_actions_at_home(group):
    """At the table (offline): travel, road event, scenario won, XP, return, city event. At home: shopping,
    a donation and a city event. Nothing accepted is revoked; only the city draw that no longer fits waits."""
    remote, (a, b, c) = group
    start(remote, [a, b, c])
    b.run("buy", "Bob", BOOTS)                          # at home
    b.run("donate", "Bob")
    b.run("event", "draw", "city")
    b.run("event", "resolve", "city", "--option", "A", "--return")
    b.run("sync")
    c.run("sync")
    home = {hid(h): h["summary"] for h in c.json("history")[:4]}
    for args in (("travel", "1"), ("event", "draw", "road"), ("event", "resolve", "road", "--option", "A", "--return"),
                 ("scenario", "finish", "1", "--won", "--xp", "Ann=9", "--xp", "Bob=7", "--coins", "Ann=4"),
                 ("return",), ("event", "draw", "city")):
        a.run(*args)                                    # at the table, offline
    out = a.run("sync").stdout
    c.run("sync")
    b.run("sync")
    after = {hid(h): h["summary"] for h in c.json("history")}
    assert {k: after.get(k) for k in home} == home      # home's entries stand as they were accepted
    chars = {ch["name"]: ch for ch in c.json("character", "list")}
    assert chars["Ann"]["xp"] >= 9 and chars["Bob"]["xp"] >= 7
    assert {s["number"]: s["state"] for s in c.json("scenario", "list")}[1] == "completed"
    assert "1 refused" in out and "city event" in out.split("refused:")[1]
    r = a.json("sync", "retry")                          # the city event is drawn anew
    assert [e["command"] for e in r["applied"]] == ["event draw"]
    a.run("sync")
    b.run("sync")
    c.run("sync")
    assert a.view() == b.view() == c.view()


# -- every way in syncs ---------------------------------------------------------------------

def _three_agree(remote, first: Machine, others: list[Machine]):
    first.run("sync", "init", remote)
    for m in others:
        m.run("sync", "init", remote)
    first.run("character", "adjust", first.json("character", "list")[0]["name"], "--gold", "1")
    first.run("sync")
    for m in others:
        m.run("sync")
    views = [m.view() for m in [first, *others]]
    assert views[0] == views[1] == views[2]
    assert dump(first.db) == dump(others[0].db) == dump(others[1].db)


def test_a_ghs_import_syncs_to_three_machines(group):
    remote, (a, b, c) = group
    fixture = ROOT / "tests" / "ghs_fixtures" / "a-gh-bare-export" / "ghs-game_The Lumberjacks.json"
    a.run("import", fixture)
    _three_agree(remote, a, [b, c])


def test_a_ghcli_import_syncs_to_three_machines(group, tmp_path):
    remote, (a, b, c) = group
    src = Machine(tmp_path, "src")
    src.run("init", "--seed", "3")
    src.run("character", "new", "Ann", "--class", "brute")
    src.run("export", "-o", tmp_path / "export.json")
    a.run("import", tmp_path / "export.json")
    _three_agree(remote, a, [b, c])


def test_a_paper_campaign_syncs_to_three_machines(group, tmp_path):
    remote, (a, b, c) = group
    for args in (("init", "--name", "Night Owls", "--party", "Owls"), ("scenario", "complete", "1"),
                 ("scenario", "complete", "2"), ("campaign", "donations", "+110"),
                 ("character", "new", "Ann", "--class", "brute"), ("character", "give", "Ann", BOOTS),
                 ("event", "deck", "set", "city", "3,1,2")):
        a.run(*args)                                    # a campaign entered from its sheets
    _three_agree(remote, a, [b, c])


def test_a_lost_database_is_rebuilt_from_the_remote(group):
    remote, (a, b, _) = group
    start(remote, [a, b])
    a.run("buy", "Ann", BOOTS)
    a.run("sync")
    b.run("party", "reputation", "+1")
    b.run("sync")
    before = b.view()
    b.db.unlink()                                      # the laptop's disk died: the clone went too
    shutil.rmtree(b.db.with_name("campaign.db.sync"))
    r = b.json("sync", "init", remote)
    assert r["joined"] is True
    assert b.view() == before == (a.run("sync") and a.view())


def test_a_new_machine_joins_from_the_latest_snapshot(group, monkeypatch):
    remote, (a, b, c) = group
    start(remote, [a, b])
    for _ in range(3):
        a.run("character", "adjust", "Ann", "--gold", "1")
    r = a.json("sync", "snapshot")
    assert any("pushed a snapshot" in n for n in r["notes"])
    assert history_of(remote)[-1].documents[0].startswith(b"{") and b'"command":"snapshot"' in \
        history_of(remote)[-1].documents[0]
    b.run("sync")                                       # b checks the snapshot against its own state
    assert b.json("sync", "status")["counts"]["held"] == 0
    b.run("party", "reputation", "+1")
    b.run("sync")
    r = c.json("sync", "init", remote)
    assert any("joined from the snapshot" in n and "not replayed" in n for n in r["notes"])
    hist = c.json("history")
    assert [h["command"] for h in hist[:2]] == ["party reputation", "snapshot"]
    assert all(not h["applied"] for h in hist[2:]) and hist[1]["applied"]
    # The same history (the rows before the snapshot named by their command, not replayed here) ...
    assert [(h["id"], h["player"]) for h in hist] == [(h["id"], h["player"]) for h in b.json("history")]
    a.run("sync")
    assert a.view()["status"] == b.view()["status"] == c.view()["status"]   # ... and the same campaign
    assert a.view()["characters"] == c.view()["characters"] and a.view()["shop"] == c.view()["shop"]
    r = c.run("undo", str(hist[3]["seq"]), ok=False)   # made before the snapshot: history only here
    assert r.exit_code == 1 and "not applied here" in r.stderr
    # Every SNAPSHOT_EVERY accepted entries, a sync pushes one by itself.
    from ghcli.sync import engine

    monkeypatch.setattr(engine, "SNAPSHOT_EVERY", 3)
    for _ in range(3):
        c.run("character", "adjust", "Bob", "--gold", "1")
    r = c.json("sync")
    assert any("pushed a snapshot" in n for n in r["notes"])


# -- mistakes are safe ----------------------------------------------------------------------

def test_sync_init_never_deletes_unpushed_entries(group):
    remote, (a, b, _) = group
    start(remote, [a, b])
    b.run("character", "adjust", "Bob", "--gold", "5")   # not pushed
    old = b.db.with_name("campaign.db.sync")
    shutil.rmtree(old)
    old.mkdir()                                         # something else where the clone was
    (old / ".git").mkdir()
    (old / ".git" / "precious").write_text("a commit not pushed")
    store = Store.open(b.db)                            # and the sync settings are lost
    store.clear_sync_settings()
    store.close()
    r = b.json("sync", "init", remote)
    assert any("moved campaign.db.sync" in n and "nothing in it was deleted" in n for n in r["notes"])
    aside = [p for p in b.db.parent.iterdir() if p.name.startswith("campaign.db.sync.old-")]
    assert len(aside) == 1 and (aside[0] / ".git" / "precious").read_text() == "a commit not pushed"
    assert [e["command"] for e in r["out"]] == ["character adjust"]
    a.run("sync")
    assert a.gold()["Bob"] == 35


def test_an_entry_from_a_newer_ghcli_is_held_then_applies_after_an_upgrade(group, monkeypatch):
    remote, (a, b, c) = group
    start(remote, [a, b, c])
    a.run("character", "adjust", "Ann", "--gold", "2")
    a.run("sync")
    template = documents(remote)[-1]
    nothing = __import__("hashlib").sha256(b"").hexdigest()[:16]   # the effect of an entry that changes no row
    newer = fresh(template, command="campaign weather", args={"kind": "rain"}, draws=[], effect=nothing)
    push_commit(remote, newer, author="dan")
    a.run("character", "adjust", "Bob", "--gold", "1")
    out = a.run("sync").stdout
    assert "1 held" in out and "campaign weather" in out and "newer ghcli" in out
    assert a.json("status")["journal"]["held"] == 1
    c.run("sync")                                      # the others go on: bob's gold arrives
    assert c.gold() == {"Ann": 32, "Bob": 31}
    # "Upgrade": this ghcli learns the command (and says it is another version).
    import ghcli
    from ghcli.campaign.kind import GHCLI, command
    from ghcli.journal.store import Done

    monkeypatch.setattr(ghcli, "__version__", "9.9.9")
    @command("campaign weather")
    def weather(store, kind: str):
        return Done(f"weather {kind}")

    try:
        r = c.json("sync")
        assert [e["command"] for e in r["in"]] == ["campaign weather"] and not r["held"]
        assert c.json("sync", "status")["counts"]["held"] == 0
    finally:
        GHCLI.commands.commands.pop("campaign weather", None)


def test_a_forged_author_is_the_one_git_recorded(group):
    remote, (a, b, c) = group
    start(remote, [a, b, c])
    a.run("character", "adjust", "Ann", "--gold", "4")
    a.run("sync")
    b.run("sync")
    ann_entry = json.loads(documents(remote)[-1])
    target = ledger.parse(documents(remote)[-1]).id
    undo = fresh(documents(remote)[-1], command="undo", args={"entry": target}, draws=[])
    claims = fresh(documents(remote)[-1], player="ann")  # an entry that says who made it
    push_commit(remote, undo + b"\n" + claims, author="mallory")
    out = b.run("sync").stdout
    hist = b.json("history")
    undo_row = next(h for h in hist if h["command"] == "undo")
    assert undo_row["player"] == "mallory"             # not ann, whatever the entry says
    assert "mallory" in out
    assert "player" not in json.dumps(ann_entry)        # documents carry no author
    a.run("sync")
    c.run("sync")
    assert a.view() == b.view() == c.view()


def test_an_author_name_with_escapes_is_printed_escaped(group, tmp_path):
    remote, (a, b, _) = group
    start(remote, [a, b])
    doc = made(b, tmp_path, ("character", "adjust", "Ann", "--gold", "1"))[0]
    push_commit(remote, doc, author="eve\x1b[2J\x1b]0;pwned\x07")
    out = a.run("sync").stdout
    assert "\x1b" not in out and "\x07" not in out and "(eve " in out   # the journal keeps names clean
    assert json.loads(a.run("sync", "status", "--json").stdout)["remote"] == str(remote)


def test_a_far_future_date_stops_nothing(group, tmp_path):
    remote, (a, b, _) = group
    start(remote, [a, b])
    a.run("character", "adjust", "Ann", "--gold", "1")
    a.run("sync")
    b.run("sync")
    doc = made(b, tmp_path, ("character", "adjust", "Ann", "--gold", "1"))[0]
    push_commit(remote, forge(doc, at="9999-12-31T23:59:59+00:00"), author="bob")
    a.run("sync")
    for _ in range(3):
        a.run("character", "adjust", "Bob", "--gold", "1")  # writes go on
    a.run("sync")
    b.run("sync")
    assert a.gold() == b.gold() == {"Ann": 32, "Bob": 33}
    hist = b.json("history")
    assert hist[0]["player"] == "ann" and hist[3]["at"].startswith("9999")  # shown, orders nothing


def test_odd_tree_shapes_and_foreign_commits_never_stop_a_sync(group, tmp_path):
    remote, (a, b, _) = group
    start(remote, [a, b])
    a.run("character", "adjust", "Ann", "--gold", "1")
    a.run("sync")
    b.run("sync")
    docs = made(b, tmp_path, *[("character", "adjust", "Ann", "--gold", "1")] * 4)
    blob = rgit(remote, "hash-object", "-w", "--stdin", input=b"#!/bin/sh\ntouch /tmp/pwned\n")
    empty = rgit(remote, "mktree", input=b"")
    inner = rgit(remote, "mktree", input=f"100644 blob {blob}\tx.json\n".encode())
    shapes = [
        f"040000 tree {inner}\tcampaign.json\n",                    # campaign.json is a folder
        f"120000 blob {blob}\tcampaign.json\n",                     # a link
        f"160000 commit {'1' * 40}\tcampaign.json\n",               # a submodule
        f"100644 blob {blob}\tREADME\n040000 tree {inner}\tentries\n",
    ]
    for i, shape in enumerate(shapes):
        tree = rgit(remote, "mktree", "--missing", input=shape.encode())
        push_commit(remote, docs[i], tree=tree, author="bob")
    push_commit(remote, b"", tree=empty, subject=b"Merge something by hand", author="eve")
    push_commit(remote, b"not json\n{\"also\": \"not an entry\"}", author="eve")
    r = b.json("sync")
    assert len(r["in"]) == 4 and any("is not a ghcli commit" in t for t in r["ignored"])
    assert sum("line" in t for t in r["ignored"]) == 2
    a.run("sync")
    assert a.gold() == b.gold() == {"Ann": 35, "Bob": 30}
    assert not Path("/tmp/pwned").exists()
    assert rgit(remote, "ls-tree", "--name-only", "main") in ("", "campaign.json")


@pytest.mark.parametrize("bad", ["--upload-pack=touch /tmp/ghcli-pwned", "-q", "ext::sh -c touch% /tmp/x",
                                 "fd::0", "ssh://-oProxyCommand=touch%20/tmp/x/r", "foo://x/y"])
def test_an_option_like_remote_is_refused(group, bad):
    remote, (a, _, _) = group
    a.run("init")
    before = dump(a.db)
    r = a.run("sync", "init", "--", bad, ok=False)
    assert r.exit_code == 2 and r.stderr.startswith("error: ") and len(r.stderr.strip().splitlines()) == 1
    assert dump(a.db) == before and not a.db.with_name("campaign.db.sync").exists()
    assert not Path("/tmp/ghcli-pwned").exists()


def test_a_stored_remote_that_is_an_option_is_refused(group):
    remote, (a, _, _) = group
    start(remote, [a])
    store = Store.open(a.db)
    store.set_sync_settings(remote="--upload-pack=touch /tmp/ghcli-pwned")
    store.close()
    r = a.run("sync", ok=False)
    assert r.exit_code == 2 and "never an option" in r.stderr
    assert not Path("/tmp/ghcli-pwned").exists()


def test_git_failures_are_one_true_sentence(group, tmp_path):
    remote, (a, _, _) = group
    a.run("init")
    (tmp_path / "plain").mkdir()
    fake_ssh = tmp_path / "ssh"
    fake_ssh.write_text("#!/bin/sh\necho 'git@host: Permission denied (publickey).' >&2\nexit 255\n")
    fake_ssh.chmod(0o755)
    cases = [
        (str(tmp_path / "nope.git"), {}, "is not a git repository"),
        (str(tmp_path / "plain"), {}, "is not a git repository"),
        ("ssh://git@127.0.0.1:1/x.git", {}, "cannot be reached"),
        ("https://127.0.0.1:1/x.git", {}, "cannot be reached"),
        ("ssh://git@example.org/x.git", {"GIT_SSH_COMMAND": str(fake_ssh)}, "no access to"),
    ]
    for url, env, words in cases:
        r = a.run("sync", "init", url, ok=False, env=env)
        lines = r.stderr.strip().splitlines()
        assert r.exit_code == 1 and len(lines) == 1 and words in lines[0], (url, r.stderr)
        assert "Please make sure" not in r.stderr and "Traceback" not in r.output
        assert a.json("sync", "status")["synced"] is False


def test_git_missing_is_said_plainly(group, monkeypatch):
    remote, (a, _, _) = group
    a.run("init")
    monkeypatch.setenv("PATH", "/nonexistent")
    r = a.run("sync", "init", remote, ok=False)
    assert r.exit_code == 1 and "needs the git program" in r.stderr


def test_no_identity_names_the_fix():
    from ghcli.sync import git

    r = subprocess.CompletedProcess([], 128, b"", b"*** Please tell me who you are.\n\nfatal: unable to "
                                    b"auto-detect email address (got 'root@x.(none)')\n")
    e = git.failure(r, "commit-tree", "/x.git")
    assert isinstance(e, git.NoIdentity) and "git config --global user.name" in str(e)


# -- hostile and broken entries ---------------------------------------------------------------

def test_hostile_entries_are_held_or_ignored_alike_everywhere_and_change_nothing(group, tmp_path):
    remote, (a, b, c) = group
    start(remote, [a, b])
    before = a.view()
    t = documents(remote)[-1]
    hostile = [
        fresh(t, command="rm -rf /", args={}),                                       # unknown command
        fresh(t, command="character adjust", args={"name": "Ann", "gold": 10**30}),  # too large
        fresh(t, command="character adjust", args={"name": "Ann", "gold": "lots"}),
        fresh(t, command="buy", args={"name": "Ann", "item_name": "1", "path": "/etc/passwd"}),
        fresh(t, command="init", args={"name": "X", "party": "Y", "seed": None}),
        fresh(t, command="character new", args={"name": "Eve", "class_name": "brute"},
              draws=[["shuffle", [7]]]).replace(b"[7]]", b"[1e400]]"),
        fresh(t, format=99),
    ]
    garbage = [b"{not json", b"[1, 2]", b"x" * (ledger.MAX_DOC_BYTES + 10)]
    push_commit(remote, b"\n".join(hostile + garbage), author="mallory")
    outside = sorted(p.name for p in tmp_path.iterdir())
    reports = [m.json("sync") for m in (a, b)]
    c.run("sync", "init", remote)
    for r in reports:
        assert len(r["held"]) == len(hostile) and len(r["ignored"]) == len(garbage)
    views = [m.view() for m in (a, b, c)]
    assert views[0] == views[1] == views[2]
    assert views[0]["status"] == before["status"] and views[0]["characters"] == before["characters"]
    reasons = [h["reason"] for h in a.json("sync", "status")["held"]]

    assert any("is not a command name" in x for x in reasons)
    assert any("too large" in x for x in reasons) and any("must be a whole number" in x for x in reasons)
    assert any("takes no argument 'path'" in x for x in reasons)
    assert any("made once" in x for x in reasons)
    assert sorted(p.name for p in tmp_path.iterdir()) == outside   # nothing written beside
    a.run("character", "adjust", "Ann", "--gold", "1")  # still usable, still syncing
    a.run("sync")
    b.run("sync")
    assert a.view() == b.view()


def test_an_edited_entry_is_a_different_entry_and_the_accepted_one_stands(group):
    remote, (a, b, c) = group
    start(remote, [a, b])
    a.run("character", "adjust", "Ann", "--gold", "5")
    a.run("sync")
    b.run("sync")
    original = documents(remote)[-1]
    edited = forge(original, args={"name": "Ann", "gold": 500})   # same nonce, other content: another id
    assert ledger.parse(edited).id != ledger.parse(original).id
    push_commit(remote, edited, author="mallory")
    reports = [m.json("sync") for m in (a, b)] + [c.json("sync", "init", remote)]   # c: a new machine
    for r in reports:
        assert any("an edited copy of" in t and "as first accepted stands" in t for t in r["ignored"])
    for m in (a, b, c):
        assert m.gold()["Ann"] == 35
    assert a.view() == b.view() == c.view()


def test_a_rewritten_remote_history_is_reported_and_new_machines_join_what_was_accepted(group, tmp_path):
    remote, (a, b, c) = group
    start(remote, [a, b])
    a.run("character", "adjust", "Ann", "--gold", "5")
    a.run("sync")
    b.run("party", "reputation", "+1")
    b.run("sync")
    a.run("sync")
    # Mallory rewrites the history: ann's +5 becomes +500, and everything after it is re-made.
    commits = history_of(remote)
    parent = commits[0].sha
    for cm in commits[1:]:
        body = b"\n".join(forge(d, args={"name": "Ann", "gold": 500}) if b'"gold":5' in d else d
                          for d in cm.documents)
        parent = push_commit(remote, body, author=cm.author, parent=parent)
    rgit(remote, "update-ref", "refs/heads/main", parent)
    early = Machine(tmp_path, "early")
    early.run("sync", "init", remote)                   # joins the rewritten history before anyone syncs
    assert early.gold()["Ann"] == 30                     # the edit no longer matches its own effect: held
    assert [h["command"] for h in early.json("sync", "status")["held"]] == ["character adjust"]
    ra = a.json("sync")
    assert any("rewritten" in n for n in ra["notes"]) and any("snapshot" in n for n in ra["notes"])
    b.json("sync")
    rc = c.json("sync", "init", remote)
    for m in (a, b, c):
        assert m.gold()["Ann"] == 35
    assert a.view()["status"] == b.view()["status"] == c.view()["status"]
    assert rc["joined"] and any("not the one its author accepted" in n for n in rc["notes"])
    re = early.json("sync")                             # the snapshot does not match what it applied
    assert re["held"] and {h["command"] for h in re["held"]} == {"snapshot"}   # a's, and b's: both say so
    assert "Ann" in re["held"][0]["reason"] or "gold" in re["held"][0]["reason"], re["held"][0]["reason"]


def test_another_campaign_is_refused_and_joining_needs_a_campaign(group, tmp_path):
    remote, (a, b, c) = group
    start(remote, [a])
    b.run("init", "--name", "Other")
    r = b.run("sync", "init", remote, ok=False)
    assert r.exit_code == 1 and "holds another campaign" in r.stderr
    assert not (b.db.parent / "campaign.db.sync").exists()
    assert b.json("sync", "status")["synced"] is False
    empty = tmp_path / "empty.git"
    subprocess.run(["git", "init", "-q", "--bare", str(empty)], check=True)
    r = c.run("sync", "init", empty, ok=False)
    assert r.exit_code == 1 and "holds no campaign" in r.stderr and not c.db.exists()
    r = a.run("sync", "init", empty, ok=False)
    assert "synced with" in r.stderr
    r = Machine(tmp_path, "dan").run("sync", ok=False)
    assert r.exit_code == 1 and "ghcli init" in r.stderr


def test_a_remote_turned_into_another_campaign_is_refused(group, tmp_path):
    remote, (a, b, _) = group
    start(remote, [a, b])
    before = a.view()
    other = Machine(tmp_path, "other")
    other.run("init", "--name", "Other")
    other_remote = tmp_path / "other.git"
    subprocess.run(["git", "init", "-q", "--bare", str(other_remote)], check=True)
    other.run("sync", "init", other_remote)
    rgit(remote, "fetch", "-q", str(other_remote), "+main:main")   # someone force-pushes another campaign
    r = a.run("sync", ok=False)
    assert r.exit_code == 1 and "now holds another campaign" in r.stderr and "sync refused" in r.stderr
    assert a.view() == before


def test_a_remote_of_the_older_layout_is_refused_with_what_to_do(group, tmp_path):
    remote, (a, b, _) = group
    a.run("init")
    blob = rgit(remote, "hash-object", "-w", "--stdin",
                input=json.dumps({"format": 1, "campaign": "a" * 32}).encode())
    entry = rgit(remote, "hash-object", "-w", "--stdin", input=b"{}")
    entries = rgit(remote, "mktree", input=f"100644 blob {entry}\t{'a' * 32}.json\n".encode())
    tree = rgit(remote, "mktree", input=f"100644 blob {blob}\tcampaign.json\n040000 tree {entries}\tentries\n".encode())
    push_commit(remote, b"", tree=tree, parent=None, subject=b"ghcli: 1 entry")
    for m in (a, b):
        r = m.run("sync", "init", remote, ok=False)
        assert r.exit_code == 1 and "synced by an older ghcli" in r.stderr and "new empty remote" in r.stderr
    assert a.json("sync", "status")["synced"] is False and not b.db.exists()


def test_a_join_whose_first_entry_cannot_be_applied_is_refused_and_leaves_nothing(group, tmp_path):
    remote, (a, _, c) = group
    start(remote, [a])
    first = documents(remote)[0]
    other = tmp_path / "newer.git"
    subprocess.run(["git", "init", "-q", "--bare", str(other)], check=True)
    tree = rgit(other, "mktree", input=b"")
    push_commit(other, forge(first, format=3), tree=tree, parent=None, subject=b"ghcli: 1 entry by dan")
    r = c.run("sync", "init", other, ok=False)
    assert r.exit_code == 1 and "first entry, which creates the campaign, cannot be applied" in r.stderr
    assert sorted(p.name for p in c.db.parent.iterdir()) == []


def test_a_remote_restored_from_an_old_backup_gets_the_lost_commits_back(group, tmp_path):
    remote, (a, b, _) = group
    start(remote, [a, b])
    old = rgit(remote, "rev-parse", "main")
    a.run("character", "adjust", "Ann", "--gold", "3")
    a.run("sync")
    rgit(remote, "update-ref", "refs/heads/main", old)  # the remote went back in time
    r = a.json("sync")
    assert any("pushed them back" in n for n in r["notes"])
    b.run("sync")
    assert b.gold()["Ann"] == 33


def test_a_push_that_races_another_is_rebased_and_pushed_again(group, monkeypatch):
    remote, (a, b, _) = group
    start(remote, [a, b])
    from ghcli.sync import remote as rmod

    real = rmod.Clone.push
    raced = []

    def push(self, sha):
        if not raced:                                  # bob pushes while ann's sync is between fetch and push
            raced.append(1)
            b.run("party", "reputation", "+1")
            b.run("sync")
        return real(self, sha)

    a.run("character", "adjust", "Ann", "--gold", "2")
    monkeypatch.setattr(rmod.Clone, "push", push)
    r = a.json("sync")
    monkeypatch.undo()
    assert [e["command"] for e in r["in"]] == ["party reputation"] and len(r["out"]) == 1
    b.run("sync")
    assert a.view() == b.view()


def test_a_second_sync_at_once_is_refused(group):
    import fcntl

    remote, (a, _, _) = group
    start(remote, [a])
    with open(a.db.parent / "campaign.db.sync" / "ghcli.lock", "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        r = a.run("sync", ok=False)
    assert r.exit_code == 1 and "another sync of this campaign is running" in r.stderr
    a.run("sync")


def test_kill_9_during_sync_leaves_everything_usable(group):
    remote, (a, b, _) = group
    start(remote, [a, b])
    for i in range(40):
        b.run("character", "adjust", "Ann", "--gold", "1")
    b.run("sync")
    env = dict(os.environ, PYTHONPATH=str(ROOT), GHCLI_PLAYER="ann")
    for delay in (0.05, 0.15, 0.3, 0.5, 0.8):
        a.run("character", "adjust", "Bob", "--gold", "1")
        p = subprocess.Popen([sys.executable, "-m", "ghcli", "--db", str(a.db), "sync"], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        time.sleep(delay)
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        a.json("status")                                 # the database is usable
    a.run("sync")
    b.run("sync")
    a.run("sync")
    assert a.view() == b.view()
    assert a.gold() == {"Ann": 70, "Bob": 35}
    c = Machine(a.db.parent.parent, "cid")               # a join killed halfway: the next one completes
    for delay in (0.1, 0.3, 0.6):
        p = subprocess.Popen([sys.executable, "-m", "ghcli", "--db", str(c.db), "sync", "init", str(remote)],
                             env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        time.sleep(delay)
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
    if not c.db.exists():
        c.run("sync", "init", remote)
    c.run("sync")
    assert c.view() == a.view()


COMMANDS = st.sampled_from([
    ("buy", "Ann", BOOTS), ("buy", "Bob", BOOTS), ("buy", "Ann", "Cloak of Invisibility"),
    ("sell", "Ann", BOOTS), ("donate", "Ann"), ("donate", "Bob"),
    ("character", "adjust", "Bob", "--gold", "5"), ("character", "adjust", "Ann", "--gold", "-5"),
    ("party", "reputation", "+1"), ("campaign", "prosperity", "+1"),
    ("character", "new", "Cid", "--class", "spellweaver"), ("undo",),
])
STEPS = st.lists(st.tuples(st.integers(0, 2), st.one_of(COMMANDS, st.just(("sync",)))), min_size=1, max_size=10)


@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
@given(steps=STEPS)
def test_random_offline_commands_and_syncs_end_the_same_everywhere(steps):
    folder = Path(tempfile.mkdtemp(prefix="ghcli-sync-prop-"))
    try:
        remote = folder / "group.git"
        subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
        machines = [Machine(folder, n) for n in ("ann", "bob", "cid")]
        start(remote, machines)
        accepted: dict[str, str] = {}
        for who, cmd in steps:
            machines[who].run(*cmd, ok=False)            # the rules may refuse: that changes nothing
            for m in machines:                           # accepted is final: once accepted, always accepted
                for h in m.json("history"):
                    if h.get("state") == "accepted":
                        assert accepted.setdefault(h["id"] if "id" in h else h["uid"], h["summary"]) == h["summary"]
        for m in machines + machines[:2]:
            m.run("sync")
        views = [m.view() for m in machines]
        assert views[0] == views[1] == views[2]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
