"""docs/sync.md's group walkthrough runs as written and ends as it says."""

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
    views = [[json.loads(cli("--db", db, *args, "--json").stdout)
              for args in (["status"], ["shop"], ["history"])] for db in ("ann.db", "bob.db", "cid.db")]
    assert views[0] == views[1] == views[2]
    status, shop, history = views[0]
    assert [c["name"] for c in status["characters"]] == ["Ann", "Bob", "Cid"]
    assert next(i for i in shop["items"] if i["name"] == "Boots of Striding")["copies"] == 0
    rejected = [h for h in history if h["status"] == "rejected"]
    assert [(h["player"], h["args"]["name"]) for h in rejected] == [("cid", "Cid")]
    cid_sync = next(out for words, out in outputs if words[2:] == ["cid.db", "sync"])
    shown = DOC.read_text(encoding="utf-8").split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    cid_sync = cid_sync.replace(f"{tmp_path}/", "")  # the remote's path as stored: absolute
    assert cid_sync.splitlines()[0] == shown[0]
    line = next(ln for ln in cid_sync.splitlines() if "rejected:" in ln)
    assert re.sub(r"\(\d{4}-[^)]*\)", "(T)", line) == re.sub(r"\(\d{4}-[^)]*\)", "(T)", shown[2])
