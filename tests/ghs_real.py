"""Gloomhaven Secretariat's own code and data, where they are beside the project (../shared/ghs/real).

- :func:`load` runs GHS's loading code (``ghs-load.mjs``, GHS 0.150.6 bundled for node) on a file:
  what GHS then shows (``view``), what it saves (``saved``: its "Export game") and what it logged.
- :func:`build_ghs_facts` derives ``ghcli/data/ghs.json`` (the GHS numbering ghcli's GHS files use)
  from GHS's game data (``assets/data/gh.json``, ``fc.json``, ``gh-envx.json``); a test keeps the
  shipped file equal to it.

A user's clone has neither ../shared nor node: :func:`skip_reason` says why a test skips.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT.parent / "shared" / "ghs" / "real"  # ../shared beside the project's root
if not REAL.exists() and Path("/work/shared/ghs/real").exists():  # a worktree in /work/wt/NAME
    REAL = Path("/work/shared/ghs/real")
LOADER = REAL / "ghs-load.mjs"
ASSETS = REAL / "assets" / "data"


def skip_reason() -> str | None:
    """Why GHS's code cannot run here (None: it can)."""
    if not LOADER.exists():
        return f"GHS's own loading code is not here ({LOADER}: a fresh clone has no ../shared/ghs/real)"
    if shutil.which("node") is None:
        return "node is not installed: GHS's loading code runs under node"
    return None


@dataclass
class Loaded:
    line: str
    view: dict
    saved: dict | None
    console: list


def run_loader(path: Path, out: Path, *flags: str, loader: Path | None = None) -> subprocess.CompletedProcess:
    """``node ghs-load.mjs PATH OUT FLAGS``: what it printed, its exit code, and its files in ``out``.

    GHS's answer is a function of the file's name and bytes, the flags and the loader (its files
    name nothing of OUT): the tests' session keeps each answer that exited 0 (in the folder
    ``$GHCLI_TEST_SHARED`` names, shared by pytest-xdist's workers: tests/conftest.py), so a file
    exported the same by two tests is loaded by node once (some 0.7 s of CPU each)."""
    import fcntl
    import hashlib
    import os

    loader = loader or LOADER
    out.mkdir(parents=True, exist_ok=True)
    shared = os.environ.get("GHCLI_TEST_SHARED")
    if not shared or not Path(shared).is_dir():
        return subprocess.run(["node", str(loader), str(path), str(out), *flags], capture_output=True, text=True,
                              timeout=120)
    st = loader.stat()
    key = hashlib.sha256(json.dumps([str(loader), st.st_size, st.st_mtime_ns, Path(path).name, flags]).encode()
                         + Path(path).read_bytes()).hexdigest()
    kept = Path(shared) / "ghs-loads" / key
    kept.parent.mkdir(exist_ok=True)
    with open(f"{kept}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (kept / "answer.json").exists():
            fresh = Path(f"{kept}.out")
            shutil.rmtree(fresh, ignore_errors=True)
            fresh.mkdir()
            r = subprocess.run(["node", str(loader), str(path), str(fresh), *flags], capture_output=True,
                               text=True, timeout=120)
            if r.returncode != 0:  # not kept: the caller sees it as it came
                shutil.copytree(fresh, out, dirs_exist_ok=True)
                return r
            (fresh / "answer.json").write_text(json.dumps([r.returncode, r.stdout, r.stderr]))
            fresh.rename(kept)
        code, stdout, stderr = json.loads((kept / "answer.json").read_text())
    for f in kept.iterdir():
        if f.name != "answer.json":
            shutil.copyfile(f, out / f.name)
    return subprocess.CompletedProcess(["node", str(loader), str(path), str(out), *flags], code, stdout, stderr)


def load(path: Path, out: Path, *flags: str) -> Loaded:
    """Load ``path`` into GHS as its Data management > Import does."""
    r = run_loader(path, out, *flags)
    assert r.returncode == 0, r.stderr
    saved = out / "saved-game.json"
    return Loaded(line=r.stdout.strip(), view=json.loads((out / "view.json").read_text()),
                  saved=json.loads(saved.read_text()) if saved.exists() else None,
                  console=json.loads((out / "console.json").read_text()))


# -- ghcli/data/ghs.json from GHS's data ------------------------------------------------------------------


def _slots(actions: list, prefix: str, half: str) -> list[list]:
    """Every enhancement slot of a card half: [half, action path, index, shape, ability], in GHS's numbering
    (CharacterManager.enhancementMapping: action i is "i", its sub-action j "i-j", bottom ones "bottom-i")."""
    out = []
    for i, action in enumerate(actions or []):
        path = f"{prefix}-{i}" if prefix else str(i)
        if action.get("type") == "custom" and action.get("value") == "%character.abilities.wip%":
            continue
        for n, shape in enumerate(action.get("enhancementTypes") or []):
            out.append([half, path, n, shape, action.get("type")])
        out += _slots(action.get("subActions"), path, half)
    return out


def _area_targets(actions: list, prefix: str) -> dict[str, int]:
    out = {}
    for i, action in enumerate(actions or []):
        path = f"{prefix}-{i}" if prefix else str(i)
        if action.get("type") == "area":
            out[path] = sum(1 for cell in str(action.get("value")).split("|") if ",target" in cell)
        out.update(_area_targets(action.get("subActions"), path))
    return out


def _monsters(s: dict, monster_editions: dict) -> list[list]:
    allies = set(s.get("allies") or [])
    out = []
    for m in s.get("monsters") or []:
        name, _, offset = m.partition(":")
        out.append([name, monster_editions.get(name, s["edition"]), int(offset or 0), name in allies])
    return out


def build_ghs_facts(assets: Path = ASSETS, classes: list | None = None) -> dict:
    """The facts of ghcli/data/ghs.json, read from GHS's data."""
    from ghcli import data

    classes = classes or data.load("classes")
    books = {name: json.loads((assets / f"{name}.json").read_text()) for name in ("gh", "fc", "gh-envx")}
    monster_editions = {m["name"]: m["edition"] for b in ("gh", "fc") for m in books[b]["monsters"]}
    decks = {(b, d["name"]): d for b in ("gh", "fc") for d in books[b]["decks"] if d.get("character")}
    out: dict = {"classes": {}, "cards": {}, "areas": {}, "scenarios": {}, "solo": {}, "conclusions": {},
                 "item_editions": {}, "random_dungeon": None}
    for cls in classes:
        ident = cls.get("spoiler_code") or cls["key"]
        edition = "fc" if cls["key"] == "diviner" else "gh"
        deck = decks[(edition, ident)]["abilities"]
        out["classes"][cls["key"]] = {"id": ident, "edition": edition, "deck": [a["cardId"] for a in deck]}
        cards, areas = {}, {}
        for a in deck:
            slots = _slots(a.get("actions"), "", "top") + _slots(a.get("bottomActions"), "bottom", "bottom")
            if slots:
                cards[str(a["cardId"])] = slots
            hexes = {**_area_targets(a.get("actions"), ""), **_area_targets(a.get("bottomActions"), "bottom")}
            if hexes:
                areas[str(a["cardId"])] = hexes
        out["cards"][cls["key"]] = cards
        out["areas"][cls["key"]] = areas
    by_id = {c["id"]: key for key, c in out["classes"].items()}
    for b in ("gh", "fc"):
        for s in books[b]["scenarios"]:
            if s.get("group") == "solo":
                out["solo"][by_id[s["solo"]]] = {"index": s["index"], "edition": b,
                                                 "monsters": _monsters(s, monster_editions)}
            elif s.get("group") == "randomDungeon":
                out["random_dungeon"] = {"index": s["index"], "edition": b, "group": s["group"]}
            elif not s.get("group"):
                rewards = s.get("rewards") or {}
                out["scenarios"][s["index"]] = {
                    "edition": b, "initial": bool(s.get("initial")),
                    "unlocks": [int(x) for x in s.get("unlocks") or []],
                    "blocks": [int(x) for x in s.get("blocks") or []],
                    "choose": [int(x) for x in rewards.get("chooseLocation") or []],
                    # GHS lists an unlocked scenario only when one of these sets is all completed
                    # (ScenarioManager.scenarioData): 19 needs 14, though 5 unlocks it
                    "requires": [[int(x) for x in group] for group in s.get("requires") or []],
                    "monsters": _monsters(s, monster_editions)}
        for sec in books[b].get("sections") or []:
            if sec.get("conclusion") and (sec.get("unlocks") or sec.get("blocks")):
                out["conclusions"][f"{b}:{sec['index']}"] = {
                    "parent": int(sec["parent"]) if sec.get("parent") else None,
                    "unlocks": [int(x) for x in sec.get("unlocks") or []],
                    "blocks": [int(x) for x in sec.get("blocks") or []]}
    for b in ("gh", "fc", "gh-envx"):
        for item in books[b].get("items") or []:
            out["item_editions"][str(item["id"])] = b
    return out
