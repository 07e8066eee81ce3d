"""Issue 26, the focus ties in general: on a board that is its own mirror image every tied destination is an answer.

A board symmetric under a mirror of the grid (M(q, r) = (-q, q + r), the
Euclidean mirror x -> -x of flat hexes, or (q, -q - r), y -> -y: isometries
of the grid, of distances and of line of sight), with the monster and every
enemy on the mirror's axis (so the focus and its tie-breaks by initiative
are the same on both sides), has a mirror image of every way the monster can move and attack: a
destination and M(destination) tie on every rule (movement, range, targets,
disadvantage, the order of the tie-breaks). So the solver's answer, the set
of (destination, targets), must be closed under M; a destination listed
without its mirror image is a tie the solver broke by itself, the fault
issue 26 names for Frosthaven's three-target flying case.

Seeded random boards in all three rule sets: walls, obstacles, traps,
hazardous and difficult terrain, allies, thin walls, in mirrored pairs;
moves, ranges, several targets, areas, flying, jumping, teleport, muddle.
``GHCLI_MIRROR_BOARDS=N`` runs more.
"""

from __future__ import annotations

import os
import random

import pytest

from ghcli.rules.board import Board
from ghcli.rules.monster import decide

RULES = ("gloomhaven", "frosthaven", "jaws-of-the-lion")
COUNT = int(os.environ.get("GHCLI_MIRROR_BOARDS", "150"))
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def mirror(h, kind: int = 0):
    """kind 0: x -> -x, the axis through the centres of the hexes q = 0 (a column of adjacent hexes);
    kind 1: y -> -y, the axis through the centres of (2k, -k) and the edges between the pairs beside it."""
    q, r = h
    return (-q, q + r) if kind == 0 else (q, -q - r)


def _side(h, kind: int) -> int:
    """0 on the axis, 1 on one side, -1 on the other."""
    q, r = h
    v = q if kind == 0 else 2 * r + q
    return (v > 0) - (v < 0)


def distance(a, b) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def symmetric_board(seed: int) -> dict:
    rng = random.Random(seed)
    which = seed % 2  # which mirror
    radius = rng.randint(2, 4)
    hexes = {(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
             if distance((q, r), (0, 0)) <= radius}
    axis = sorted(h for h in hexes if _side(h, which) == 0)
    off = sorted(h for h in hexes if _side(h, which) > 0)  # one of each mirrored pair

    def image(h):
        return mirror(h, which)

    def pairs(share: float) -> list:
        picked = [h for h in off if rng.random() < share]
        return picked + [image(h) for h in picked]

    for h in pairs(0.08):  # holes in the map (walls)
        hexes.discard(h)
    spots = list(axis)
    rng.shuffle(spots)
    monster, enemies = spots[0], spots[1:1 + rng.randint(1, min(3, len(spots) - 1))]
    taken = {monster, *enemies}
    free = [h for h in off if h in hexes and image(h) in hexes]

    def terrain(share: float) -> list:
        out = []
        for h in free:
            if h not in taken and rng.random() < share:
                out += [h, image(h)]
                taken.update((h, image(h)))
        return out

    obstacle, trap, hazardous, difficult = terrain(0.12), terrain(0.05), terrain(0.04), terrain(0.06)
    allies = terrain(0.05)
    walls = []
    for h in free:
        for d in NEIGHBOURS:
            n = (h[0] + d[0], h[1] + d[1])
            if n in hexes and _side(n, which) >= 0 and rng.random() < 0.03:
                walls += [[list(h), list(n)], [list(image(h)), list(image(n))]]
    figures = [{"id": "m", "side": "monster", "at": list(monster)}]
    for i, h in enumerate(enemies):
        side = "summon" if rng.random() < 0.15 else "character"
        initiative = 10 + 10 * i + (0.5 if side == "summon" else 0)
        figures.append({"id": f"c{i}", "side": side, "at": list(h), "initiative": initiative})
    figures += [{"id": f"a{i}", "side": "monster", "at": list(h)} for i, h in enumerate(allies)]
    move = rng.choice([0, 1, 2, 2, 3, 3, 4])
    kind = rng.random()
    action = {"move": move, "jump": False, "flying": False, "teleport": False, "muddled": rng.random() < 0.1}
    if kind < 0.2:
        action["flying"] = True
    elif kind < 0.3:
        action["jump"] = True
    elif kind < 0.35:
        action["teleport"] = True
    if rng.random() < 0.1:
        action["attack"] = None
    else:
        area = []
        if rng.random() < 0.15:
            area = rng.choice([[[1, 0], [1, -1]], [[1, 0], [2, 0]], [[0, 1], [1, 0], [1, -1]]])
        action["attack"] = {"range": rng.choice([0, 0, 1, 2, 3, 4]), "targets": rng.choice([1, 1, 2, 3, "all"]),
                            "area": area}
    return {
        "format": 1, "rules": rng.choice(RULES), "orientation": "flat", "hexes": sorted(map(list, hexes)),
        "terrain": {"obstacle": obstacle, "trap": trap, "hazardous": hazardous, "difficult": difficult, "icy": []},
        "walls": walls, "figures": figures, "active": "m", "action": action, "mirror": which,
    }


def outcomes(doc: dict) -> set:
    answer = decide(Board.from_dict(doc)).to_dict()
    return {(tuple(o["destination"]), tuple(sorted(o["targets"]))) for o in answer["options"]}


@pytest.mark.parametrize("seed", range(COUNT))
def test_the_answer_of_a_mirrored_board_is_mirrored(seed):
    doc = symmetric_board(seed)
    got = outcomes(doc)
    missing = {(mirror(d, doc["mirror"]), t) for d, t in got} - got
    assert not missing, (f"seed {seed} ({doc['rules']}, {doc['action']}): listed {sorted(got)}, "
                         f"not their mirror images {sorted(missing)}")


# -- any board, turned, mirrored, moved and listed in another order: the same answer, turned --------


def rotate(h, turns: int, flip: bool, shift=(0, 0)):
    """The grid isometry: 60-degree turns (q, r) -> (-r, q + r), then the mirror, then a shift."""
    q, r = h
    for _ in range(turns % 6):
        q, r = -r, q + r
    if flip:
        q, r = mirror((q, r), 0)
    return (q + shift[0], r + shift[1])


def transformed(doc: dict, turns: int, flip: bool, shift, rng: random.Random) -> dict:
    def t(h):
        return list(rotate(tuple(h), turns, flip, shift))

    out = dict(doc)
    out["hexes"] = [t(h) for h in doc["hexes"]]
    rng.shuffle(out["hexes"])
    out["terrain"] = {k: [t(h) for h in v] for k, v in doc["terrain"].items()}
    out["walls"] = [[t(a), t(b)][::rng.choice((1, -1))] for a, b in doc["walls"]]
    rng.shuffle(out["walls"])
    out["figures"] = [{**f, "at": t(f["at"])} for f in doc["figures"]]
    rng.shuffle(out["figures"])
    return out


def random_board(seed: int) -> dict:
    """A symmetric board's hexes and terrain, with the enemies anywhere (no symmetry left)."""
    rng = random.Random(10_000 + seed)
    doc = symmetric_board(seed)
    occupied = {tuple(f["at"]) for f in doc["figures"]} | {tuple(h) for v in doc["terrain"].values() for h in v}
    open_ = [tuple(h) for h in doc["hexes"] if tuple(h) not in occupied]
    rng.shuffle(open_)
    for f in doc["figures"]:
        if f["side"] != "monster" and open_:
            f["at"] = list(open_.pop())
    return doc


@pytest.mark.parametrize("seed", range(COUNT))
def test_the_answer_turns_with_the_board(seed):
    rng = random.Random(seed)
    doc = random_board(seed)
    turns, flip, shift = rng.randrange(6), rng.random() < 0.5, (rng.randint(-3, 3), rng.randint(-3, 3))
    want = {(rotate(d, turns, flip, shift), t) for d, t in outcomes(doc)}
    got = outcomes(transformed(doc, turns, flip, shift, rng))
    assert got == want, (f"seed {seed} ({doc['rules']}, {doc['action']}, {turns} turns, flip {flip}): "
                         f"missing {sorted(want - got)}, extra {sorted(got - want)}")
