"""docs/sync.md's group walkthrough runs as written and ends as it says: the purchases pushed first are
accepted everywhere, the last one waits in its player's retry queue, reported as the page shows."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "sync.md"


def commands() -> list[list[str]]:
    out = []
    for block in re.findall(r"```sh\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S):
        out += [shlex.split(line) for line in block.splitlines() if line.strip()]
    return out


def shown_report() -> list[str]:
    return DOC.read_text(encoding="utf-8").split("```text\n", 1)[1].split("```", 1)[0].splitlines()


def seen(history: list[dict]) -> list[dict]:
    """The history every machine shares: not this machine's numbers or its own retry queue."""
    return [{k: v for k, v in h.items() if k not in ("seq", "state", "status", "clock") and not
             (k == "id" and isinstance(v, int))} for h in history
            if h.get("state", h.get("status")) not in ("queued", "dropped")]


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_the_group_walkthrough_runs_as_written(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    outputs = []
    for words in commands():
        if words[0] == "git":
            subprocess.run(words, check=True, capture_output=True)
            continue
        assert words[0] == "ghcli", words
        monkeypatch.setenv("GHCLI_PLAYER", Path(words[2]).stem)
        r = cli(*words[1:])
        assert r.exit_code == 0, (words, r.output)
        outputs.append((words, r.stdout))
    views = []
    for db in ("ann.db", "bob.db", "cid.db"):
        status, shop, history = (json.loads(cli("--db", db, *args, "--json").stdout)
                                 for args in (["status"], ["shop"], ["history"]))
        status.pop("journal")
        views.append((status, shop, seen(history)))
    assert views[0] == views[1] == views[2]
    status, shop, history = views[0]
    assert [c["name"] for c in status["characters"]] == ["Ann", "Bob", "Cid"]
    assert next(i for i in shop["items"] if i["name"] == "Boots of Striding")["copies"] == 0
    assert not any(h["command"] == "buy" and h["args"]["name"] == "Cid" for h in history)
    queue = json.loads(cli("--db", "cid.db", "sync", "status", "--json").stdout)["queued"]
    assert [(q["player"], q["command"]) for q in queue] == [("cid", "buy")]
    cid_sync = next(out for words, out in outputs if words[2:] == ["cid.db", "sync"])
    cid_sync = cid_sync.replace(f"{tmp_path}/", "")  # the remote's path as stored: absolute
    assert cid_sync.splitlines() == shown_report()
    status_out = next(out for words, out in outputs if words[2:] == ["cid.db", "sync", "status"])
    assert "1 in the retry queue" in status_out
