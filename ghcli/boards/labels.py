"""Short map labels for a board's figures (at most 3 characters), and the room each has on the map."""

from __future__ import annotations

from typing import Iterable, Optional

from ghcli.boards.grammar import LABEL_RE, TERRAIN_CHAR


def labels(doc: dict, room: Optional[dict] = None) -> dict[int, str]:
    """A short map label (at most 3 characters) for each figure index.

    The figure's own ``label`` (kept from a text board) where it is a valid
    label that fits (with ``room[i]`` characters, default 3), else its id
    where that fits, otherwise a free alias (A, B, ..., A1 ...). Figures
    that cannot get one are left out.
    """
    figs = doc.get("figures") or []
    # only a string can be a label (a fuzzed board's ``"label": []`` is not one, nor a set member)
    ids = {f.get("id") for f in figs if isinstance(f, dict) and isinstance(f.get("id"), str)}
    own = {f.get("label") for f in figs if isinstance(f, dict) and isinstance(f.get("label"), str)}
    used: set = set()
    out: dict[int, str] = {}
    width = {i: (room or {}).get(i, 3) for i in range(len(figs))}

    def fits(i: int, name) -> bool:
        return isinstance(name, str) and bool(LABEL_RE.match(name)) and len(name) <= width[i] and name not in used

    for i, f in enumerate(figs):  # the board's own labels first
        name = f.get("label") if isinstance(f, dict) else None
        if fits(i, name):
            out[i] = name
            used.add(name)
    pending = []
    for i, f in enumerate(figs):
        if i in out:
            continue
        fid = f.get("id") if isinstance(f, dict) else None
        if fits(i, fid) and (fid not in own or fid == f.get("label")):
            out[i] = fid
            used.add(fid)
        else:
            pending.append(i)
    for i in pending:
        for a in _aliases():  # lazily: the first free one is near the start (the 2,600 are not built)
            if a in ids or a in own:
                continue
            if len(a) <= width[i] and a not in used:
                out[i] = a
                used.add(a)
                break
    return out


def rooms(d: dict) -> dict[int, int]:
    """Characters left for the label of each figure drawn in the text map (canonical ``d``)."""
    hexset = {tuple(h) for h in d["hexes"]}
    tchars: dict[tuple, int] = {}
    for kind, hexes in d["terrain"].items():
        if kind in TERRAIN_CHAR:
            for h in hexes:
                if tuple(h) in hexset:
                    tchars[tuple(h)] = tchars.get(tuple(h), 0) + 1
    occupied: dict[tuple, int] = {}
    for i, f in enumerate(d["figures"]):
        h = tuple(f["at"])
        if h in hexset and h not in occupied:
            occupied[h] = i
    room = {i: 3 - (tchars.get(h, 0) if tchars.get(h, 0) <= 3 else 0) for h, i in occupied.items()}
    return {i: w for i, w in room.items() if w > 0}


def _aliases() -> Iterable[str]:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    yield from letters
    for a in letters:
        for d in range(1, 100):
            yield f"{a}{d}"
