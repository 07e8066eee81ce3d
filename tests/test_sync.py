"""Group sync through a git remote (issue 19), with local bare repositories."""

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

from helpers import dump

from ghcli.campaign import log
from ghcli.campaign.db import Store

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
ROOT = Path(__file__).resolve().parent.parent


class Machine:
    """One player's machine: its own database (and the clone beside it)."""

    def __init__(self, folder: Path, name: str):
        self.db = folder / name / "campaign.db"
        self.db.parent.mkdir(parents=True, exist_ok=True)
        self.name = name

    def run(self, *args, ok: bool = True):
        from typer.testing import CliRunner

        from ghcli.cli import app

        r = CliRunner().invoke(app, ["--db", str(self.db), *map(str, args)], env={"GHCLI_PLAYER": self.name},
                               catch_exceptions=False)
        if ok:
            assert r.exit_code == 0, (self.name, args, r.output)
        return r

    def json(self, *args):
        return json.loads(self.run(*args, "--json").stdout)

    def view(self) -> dict:
        """Everything a player sees of the campaign."""
        chars = self.json("character", "list")
        return {
            "status": self.json("status"),
            "characters": [self.json("character", "show", c["name"]) for c in chars],
            "shop": self.json("shop"),
            "scenarios": self.json("scenario", "list"),
            "history": self.json("history"),
        }


@pytest.fixture
def group(tmp_path):
    remote = tmp_path / "group.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    return remote, [Machine(tmp_path, n) for n in ("ann", "bob", "cid")]


def start(remote, machines):
    a = machines[0]
    a.run("init", "--seed", "5")
    a.run("character", "new", "Ann", "--class", "brute", "--quest", "512")
    a.run("character", "new", "Bob", "--class", "tinkerer", "--quest", "514")
    for m in machines:
        m.run("sync", "init", remote)


def test_three_machines_join_one_remote_and_agree(group):
    remote, (a, b, c) = group
    start(remote, [a, b, c])
    assert a.view() == b.view() == c.view()
    assert not (b.db.parent / "other").exists()
    a.run("buy", "Ann", "Boots of Striding")
    b.run("party", "reputation", "+2")
    c.run("character", "new", "Cid", "--class", "spellweaver", "--quest", "521")
    for m in (a, b, c, a, b):
        m.run("sync")
    views = [m.view() for m in (a, b, c)]
    assert views[0] == views[1] == views[2]
    st_ = views[0]["status"]
    assert st_["party"]["reputation"] == 2 and [x["name"] for x in st_["characters"]] == ["Ann", "Bob", "Cid"]
    assert [h["player"] for h in views[0]["history"]][:3] == ["cid", "bob", "ann"]
    s = a.json("sync", "status")
    assert s["remote"] == str(remote) and s["unpushed"] == [] and s["last_sync"]


def test_the_last_copy_race_is_rejected_on_every_machine_with_the_reason(group):
    remote, (a, b, c) = group
    start(remote, [a, b, c])
    a.run("buy", "Ann", "Boots of Striding")
    a.run("sync")
    b.run("sync")
    a.run("buy", "Bob", "Boots of Striding")            # offline: both buy the last copy
    b.run("character", "new", "Cid", "--class", "spellweaver", "--quest", "521")
    b.run("buy", "Cid", "Boots of Striding")
    ra = a.run("sync").stdout
    rb = b.run("sync").stdout
    rc = c.run("sync").stdout
    reason = "no copy of Boots of Striding is left in the supply (the party's characters hold the others)"
    assert reason in rb and reason in rc and reason not in ra
    a.run("sync")
    views = [m.view() for m in (a, b, c)]
    assert views[0] == views[1] == views[2]
    rejected = [h for h in views[0]["history"] if h["status"] == "rejected"]
    because = " (the last buy before it: Bob bought item 1 Boots of Striding for 20 gold, by ann)"
    assert [(h["command"], h["player"], h["reason"]) for h in rejected] == [("buy", "bob", reason + because)]
    owners = [ch["name"] for ch in views[0]["characters"] if any(i["name"] == "Boots of Striding"
                                                                  for i in ch["items"])]
    assert owners == ["Ann", "Bob"]
    cid = next(ch for ch in views[0]["characters"] if ch["name"] == "Cid")
    assert cid["gold"] == 30                            # the rejected purchase cost nothing
    assert "REJECTED" in a.run("history").stdout


def test_an_undo_travels(group):
    remote, (a, b, c) = group
    start(remote, [a, b, c])
    b.run("character", "adjust", "Ann", "--gold", "7")
    b.run("undo")
    b.run("character", "adjust", "Bob", "--gold", "3")
    for m in (b, a, c):
        m.run("sync")
    assert a.view() == b.view() == c.view()
    gold = {ch["name"]: ch["gold"] for ch in a.json("character", "list")}
    assert gold == {"Ann": 30, "Bob": 33}
    a.run("undo")                                       # undoes Bob's +3 everywhere
    a.run("sync")
    b.run("sync")
    assert {ch["name"]: ch["gold"] for ch in b.json("character", "list")} == {"Ann": 30, "Bob": 30}
    hist = b.json("history")
    assert [h["status"] for h in hist[:4]] == ["ok", "undone", "ok", "undone"]


def test_an_undo_that_is_no_longer_last_is_rejected_with_the_reason(group):
    remote, (a, b, _) = group
    start(remote, [a, b])
    b.run("character", "adjust", "Ann", "--gold", "7")
    b.run("sync")
    a.run("sync")
    a.run("character", "adjust", "Bob", "--gold", "1")  # a's change comes first ...
    b.run("undo")                                       # ... so b's undo of its own +7 is not the last
    a.run("sync")
    out = b.run("sync").stdout
    assert "is not the last change in effect" in out
    assert a.run("sync").exit_code == 0
    assert a.view() == b.view()
    assert {ch["name"]: ch["gold"] for ch in a.json("character", "list")} == {"Ann": 37, "Bob": 31}


def push_files(remote: Path, work: Path, files: dict[str, bytes | str]) -> None:
    """Someone pushes hand-made files to the group's remote."""
    subprocess.run(["git", "clone", "-q", "-b", "main", str(remote), str(work)], check=True)
    for name, data in files.items():
        path = work / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, str) and data.startswith("symlink:"):
            os.symlink(data[8:], path)
        else:
            path.write_bytes(data if isinstance(data, bytes) else data.encode())
    env = dict(os.environ, GIT_AUTHOR_NAME="x", GIT_AUTHOR_EMAIL="x@x", GIT_COMMITTER_NAME="x",
               GIT_COMMITTER_EMAIL="x@x")
    subprocess.run(["git", "-C", str(work), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(work), "commit", "-qm", "hostile"], check=True, env=env)
    subprocess.run(["git", "-C", str(work), "push", "-q", "origin", "HEAD:main"], check=True)


def hostile_entry(file_uid: str, command: str, args, **over) -> str:
    doc = {"format": 1, "uid": file_uid, "clock": "9999999999999-0000", "at": "2026-12-01T10:00:00+00:00",
           "player": "mallory", "version": "0.1.0", "command": command, "args": args, "draws": []}
    doc.update(over)
    return json.dumps(doc)


def test_hostile_entries_are_rejected_everywhere_and_change_nothing(group, tmp_path):
    remote, (a, b, c) = group
    start(remote, [a, b])
    before = a.view()
    uids = [f"{i:032x}" for i in range(1, 12)]
    files = {
        f"entries/{uids[0]}.json": hostile_entry(uids[0], "rm -rf /", {}),
        f"entries/{uids[1]}.json": hostile_entry(uids[1], "character adjust", {"name": "Ann", "gold": 10**30}),
        f"entries/{uids[2]}.json": hostile_entry(uids[2], "character adjust", {"name": "Ann", "gold": "lots"}),
        f"entries/{uids[3]}.json": hostile_entry(uids[3], "buy", {"name": "Ann", "item_name": "1",
                                                                  "path": "/etc/passwd"}),
        f"entries/{uids[4]}.json": "{not json",
        f"entries/{uids[5]}.json": hostile_entry(uids[5], "character adjust", {"name": "Ann", "gold": 5},
                                                 uid=uids[6]),
        f"entries/{uids[7]}.json": hostile_entry(uids[7], "init", {"name": "X", "party": "Y", "seed": None}),
        f"entries/{uids[8]}.json": hostile_entry(uids[8], "character new",
                                                 {"name": "Eve", "class_name": "brute"}, draws=[["shuffle", [1e400]]]),
        f"entries/{uids[9]}.json": "x" * (log.MAX_ENTRY_BYTES + 10),
        f"entries/{uids[10]}.json": "symlink:/etc/passwd",
        "entries/../../escape.json": "{}",
        "entries/readme.txt": "hello",
        "hooks/post-merge": "#!/bin/sh\ntouch /tmp/pwned\n",
    }
    files.pop("entries/../../escape.json")  # git cannot even hold such a path
    push_files(remote, tmp_path / "mallory", files)
    outside = sorted(p.name for p in tmp_path.iterdir())
    reports = [m.run("sync", "--json") for m in (a, b)]
    c.run("sync", "init", remote)
    for r in reports:
        data = json.loads(r.stdout)
        assert len(data["rejected"]) == 10 and data["ignored"] == ["entries/readme.txt (not a log entry)"]
    views = [m.view() for m in (a, b, c)]
    assert views[0] == views[1] == views[2]
    after = views[0]
    assert after["status"] == before["status"] and after["characters"] == before["characters"]
    reasons = {h["uid"]: h["reason"] for h in after["history"] if h["status"] == "rejected"}
    assert reasons[uids[0]] == "unknown command 'rm -rf /'"
    assert reasons[uids[1]] == "argument gold: the number is too large"
    assert reasons[uids[2]] == "argument gold: must be a whole number"
    assert reasons[uids[3]] == "buy takes no argument 'path'"
    assert reasons[uids[4]] == "the entry is not valid JSON"
    assert reasons[uids[5]] == "the entry's id does not match its file name"
    assert reasons[uids[7]] == "the campaign exists already: it is made once"
    assert reasons[uids[8]] == "a draw's outcome is not plain numbers or short text"
    assert reasons[uids[9]] == "the entry is larger than 64 KiB"
    assert reasons[uids[10]] == "the entry is not a plain file"
    assert sorted(p.name for p in tmp_path.iterdir()) == outside   # nothing written beside
    assert not Path("/tmp/pwned").exists()
    a.run("character", "adjust", "Ann", "--gold", "1")  # still usable, still syncing
    a.run("sync")
    b.run("sync")
    assert a.view() == b.view()


def test_an_entry_changed_after_it_was_written_is_reported_and_the_first_stands(group, tmp_path):
    remote, (a, b, _) = group
    start(remote, [a, b])
    a.run("character", "adjust", "Ann", "--gold", "5")
    a.run("sync")
    b.run("sync")
    uid = a.json("history")[0]["uid"]
    work = tmp_path / "mallory"
    subprocess.run(["git", "clone", "-q", "-b", "main", str(remote), str(work)], check=True)
    path = work / "entries" / f"{uid}.json"
    path.write_text(path.read_text().replace('"gold":5', '"gold":500'))
    env = dict(os.environ, GIT_AUTHOR_NAME="x", GIT_AUTHOR_EMAIL="x@x", GIT_COMMITTER_NAME="x",
               GIT_COMMITTER_EMAIL="x@x")
    subprocess.run(["git", "-C", str(work), "commit", "-qam", "tamper"], check=True, env=env)
    subprocess.run(["git", "-C", str(work), "push", "-q", "origin", "HEAD:main"], check=True)
    r = json.loads(b.run("sync", "--json").stdout)
    assert r["ignored"] == [f"entries/{uid}.json (changed or deleted after it was written: "
                            "the entry stands as first received)"]
    assert {c["name"]: c["gold"] for c in b.json("character", "list")}["Ann"] == 35


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
    r = a.run("sync", "init", remote, ok=False)
    assert "synced with" in r.stderr
    r = Machine(tmp_path, "dan").run("sync", ok=False)
    assert r.exit_code == 1 and "ghcli init" in r.stderr


def test_a_remote_turned_into_another_campaign_is_refused(group, tmp_path):
    remote, (a, b, _) = group
    start(remote, [a, b])
    before = a.view()
    push_files(remote, tmp_path / "mallory", {"campaign.json": json.dumps({"format": 1, "campaign": "f" * 32})})
    r = a.run("sync", ok=False)
    assert r.exit_code == 1 and "now holds another campaign (ffffffff): sync refused" in r.stderr
    assert a.view() == before


def test_a_second_sync_at_once_is_refused(group):
    import fcntl

    remote, (a, _, _) = group
    start(remote, [a])
    with open(a.db.parent / "campaign.db.sync" / ".git" / "ghcli.lock", "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        r = a.run("sync", ok=False)
    assert r.exit_code == 1 and "another sync of this campaign is running" in r.stderr
    a.run("sync")


def test_unlogged_changes_are_refused_on_a_synced_campaign(group):
    remote, (a, _, _) = group
    start(remote, [a])
    store = Store.open(a.db)
    with pytest.raises(Exception, match="not a logged command"):
        with store.change("by hand"):
            pass
    store.close()


def test_git_missing_is_said_plainly(group, monkeypatch):
    remote, (a, _, _) = group
    a.run("init")
    monkeypatch.setenv("PATH", "/nonexistent")
    r = a.run("sync", "init", remote, ok=False)
    assert r.exit_code == 1 and "needs the git program" in r.stderr


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
    gold = {ch["name"]: ch["gold"] for ch in a.json("character", "list")}
    assert gold == {"Ann": 70, "Bob": 35}
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
    ("buy", "Ann", "Boots of Striding"), ("buy", "Bob", "Boots of Striding"), ("buy", "Ann", "Cloak of Invisibility"),
    ("sell", "Ann", "Boots of Striding"), ("donate", "Ann"), ("donate", "Bob"),
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
        for who, cmd in steps:
            machines[who].run(*cmd, ok=False)            # the rules may refuse: that changes nothing
        for m in machines + machines[:2]:
            m.run("sync")
        views = [m.view() for m in machines]
        assert views[0] == views[1] == views[2]
        # Each machine's database, rewound and replayed by its syncs, is the log replayed afresh.
        for m in machines:
            store = Store.open(m.db)
            rebuilt, _ = log.rebuild(m.db.parent / "fresh.db", log.entries(store))
            store.close()
            rebuilt.close()
            assert dump(m.db.parent / "fresh.db") == dump(m.db)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
