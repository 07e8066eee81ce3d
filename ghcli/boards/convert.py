"""The canonical form of a format-1 document: defaults filled in, hex lists sorted (one spelling per board)."""

from __future__ import annotations

import json
from typing import Any

from ghcli.boards.grammar import FLAGS, FORMAT1_KEYS, check_limits, wall
from ghcli.errors import BadInput
from ghcli.rules.board import MAX_AREA, MAX_FIGURES, MAX_HEXES, TERRAINS


def _pair(v: Any, what: str) -> tuple[int, int]:
    if (
        not isinstance(v, (list, tuple))
        or len(v) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)
    ):
        raise BadInput(f"{what}: {_short(v)} is not a hex [q, r] of two integers")
    check_limits(v, what)
    return (v[0], v[1])


def _short(v: Any) -> str:
    """A value as JSON, cut to 60 characters (for messages)."""
    try:
        text = json.dumps(v, ensure_ascii=False)
    except (ValueError, RecursionError):
        text = repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


def canonical(doc: dict) -> dict:
    """The document with defaults filled in and hex lists sorted (same board, one spelling).

    Two documents describe the same board exactly when their canonical forms are
    equal. Raises BadInput where the document's shape makes that impossible.
    """
    if not isinstance(doc, dict):
        raise BadInput("board must be an object")
    if doc.get("format", 1) != 1:
        raise BadInput(f"board format {doc.get('format')!r} is not 1")
    out: dict = {"format": 1, "rules": doc.get("rules", "gloomhaven"), "orientation": doc.get("orientation", "flat")}
    if "hexes" not in doc:
        raise BadInput("board has no 'hexes'")
    hexes = _list(doc["hexes"], "hexes")
    if len(hexes) > MAX_HEXES:
        raise BadInput(f"board has {len(hexes):,} hexes; at most {MAX_HEXES:,}")
    out["hexes"] = [list(h) for h in sorted({_pair(h, "hexes") for h in hexes})]
    terrain = doc.get("terrain") or {}
    if not isinstance(terrain, dict):
        raise BadInput("terrain must be an object of lists")
    t: dict = {k: [] for k in TERRAINS}
    for kind, hexes in terrain.items():
        hexes = _list(hexes, f"terrain {kind}")
        if len(hexes) > MAX_HEXES:
            raise BadInput(f"terrain {kind} has {len(hexes):,} hexes; at most {MAX_HEXES:,}")
        t[kind] = [list(h) for h in sorted({_pair(h, f"terrain {kind}") for h in hexes})]
    out["terrain"] = t
    walls = set()
    wall_list = _list(doc.get("walls") or [], "walls")
    if len(wall_list) > 3 * MAX_HEXES:
        raise BadInput(f"board has {len(wall_list):,} walls; at most {3 * MAX_HEXES:,}")
    for w in wall_list:
        if not isinstance(w, (list, tuple)) or len(w) != 2:
            raise BadInput(f"walls: {json.dumps(w)} is not a pair of hexes")
        walls.add(wall(_pair(w[0], "walls"), _pair(w[1], "walls")))
    out["walls"] = [[list(a), list(b)] for a, b in sorted(walls)]
    figs = []
    fig_list = _list(doc.get("figures") or [], "figures")
    if len(fig_list) > MAX_FIGURES:
        raise BadInput(f"board has {len(fig_list):,} figures; at most {MAX_FIGURES}")
    for f in fig_list:
        if not isinstance(f, dict) or not isinstance(f.get("id"), str) or not isinstance(f.get("side"), str):
            raise BadInput(f"figures: {_short(f)} needs a string 'id' and 'side'")
        fig = {"id": f["id"], "side": f["side"], "at": list(_pair(f.get("at"), f"figure {f['id']} at"))}
        fig.update({k: v for k, v in f.items() if k not in fig})
        figs.append(fig)
    out["figures"] = figs
    if "active" in doc:
        out["active"] = doc["active"]
    if "action" in doc:
        a = doc["action"]
        if not isinstance(a, dict):
            raise BadInput("action must be an object")
        action = {"move": a.get("move") or 0, "attack": None}
        atk = a.get("attack")
        if atk is not None:
            if not isinstance(atk, dict):
                raise BadInput("action.attack must be an object or null")
            area = _list(atk.get("area") or [], "attack area")
            if len(area) > MAX_AREA:
                raise BadInput(f"attack area has {len(area)} hexes; at most {MAX_AREA}")
            attack = {"range": atk.get("range", 0), "targets": atk.get("targets", 1),
                      "area": [list(_pair(o, "attack area")) for o in area]}
            attack.update({k: v for k, v in atk.items() if k not in attack})
            action["attack"] = attack
        for flag in FLAGS:
            action[flag] = bool(a.get(flag, False))
        action.update({k: v for k, v in a.items() if k not in action})
        out["action"] = action
    for k, v in doc.items():
        if k not in out and k not in FORMAT1_KEYS:
            out[k] = v
    return out


def _list(v: Any, what: str) -> list:
    if not isinstance(v, (list, tuple)):
        raise BadInput(f"{what} must be a list")
    return list(v)
