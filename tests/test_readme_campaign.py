"""The campaign walkthrough (issue 2, docs/campaign.md) runs as written, and says what happens."""

from __future__ import annotations

import json
import random
from ghcli.campaign import catalog
from helpers import campaign_walkthrough


def test_walkthrough_runs_as_written(cli):
    commands = campaign_walkthrough()
    assert [c[0] for c in commands][:2] == ["init", "character"]
    assert ["undo"] in commands and ["history"] in commands and ["status"] in commands
    outputs = {}
    for args in commands:
        r = cli(*args)
        assert r.exit_code == 0, (args, r.output)
        outputs[" ".join(args[:2])] = r.stdout

    # What the walkthrough says happens.
    seed = int(commands[0][commands[0].index("--seed") + 1])
    quests = [q["number"] for q in catalog.personal_quests()]
    assert sorted(random.Random(f"{seed}:1").sample(quests, 2)) == [514, 528]  # Hilda's offer (1 history entry)
    hilda = json.loads(cli("character", "show", "Hilda", "--json").stdout)
    quill = json.loads(cli("character", "show", "Quill", "--json").stdout)
    assert hilda["quest"]["number"] == 528 and quill["quest"]["number"] == 521
    assert (hilda["gold"], hilda["xp"], hilda["level"]) == (30, 0, 1)   # the adjustment was undone
    assert "gold 25" in outputs["character show"] and "XP 8" in outputs["character show"]
    st = json.loads(cli("status", "--json").stdout)
    assert st["campaign"]["name"] == "Our Gloomhaven" and st["party"]["name"] == "The Lumberjacks"
    assert st["party"]["reputation"] == 2
    assert [a["key"] for a in st["achievements"]["global"]] == ["city-rule-economic"]
    assert [c["name"] for c in st["characters"]] == ["Hilda", "Quill"]
    hist = json.loads(cli("history", "--json").stdout)
    # one row per entry, each with one name (the registered command); the undone adjustment stays, marked
    assert [h["command"] for h in reversed(hist)] == [
        "init", "character new", "character quest keep", "character new", "character adjust", "undo",
        "campaign achievement add", "party reputation"]
    adjust, undo = hist[3], hist[2]
    assert adjust["undone_by"] == undo["seq"] and undo["args"] == {"entry": adjust["id"]}
    assert f"(undone by #{undo['seq']})" in outputs["history"]
    assert "Hilda" in outputs["status"] and "Quill" in outputs["status"]
    assert "Black Barrow" in outputs["scenario list"]
