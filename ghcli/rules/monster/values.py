"""The small values the stages pass each other, named: movement costs and sets of enemies.

Both are plain ints, for speed (the searches compare and add millions of them),
with one helper per question, as python-chess does with its ``Square`` and
``Bitboard`` ints and ``scan_forward``. Hex numbers, the third such value, are
``ghcli.rules.hexes.HexNo`` (with ``NO_HEX``, the gaps of ``Grid.steps``).

* ``Cost``: what reaching a hex costs, ``negative hexes * NEG + movement
  points`` (``cost(negatives, points)``). NEG is larger than any movement, so
  costs compare as the pair (negative hexes entered, movement): a trap or
  hazardous hex is an obstacle whenever any path avoids it. ``negatives(c)``
  and ``points(c)`` read the two parts back; ``negatives_part(c)`` is the cost
  of the negative hexes alone (in hot loops: ``c & MOVE``, ``c & NEGATIVES``).
* ``EnemySet``: a set of the enemies that can be focused, one bit each
  (``Reach.bit``: enemy k is ``1 << k``). ``scan(s)`` yields its members'
  bits, lowest first; ``len`` is ``s.bit_count()``, union ``|``, difference
  ``& ~``.
"""

from __future__ import annotations

from typing import Iterator

#: What reaching a hex costs: negative hexes and movement points, packed (see the docstring).
Cost = int
#: A set of enemies, one bit each (see the docstring).
EnemySet = int

#: The bits below a cost's negative hexes: room for a million movement points (``board.MAX_NUMBER``).
NEG_SHIFT = 20
#: Weight of one negative hex in a cost: larger than any movement.
NEG = 1 << NEG_SHIFT
#: ``c & MOVE`` is cost c's movement points (``points(c)``), ...
MOVE = NEG - 1
#: ... and ``c & NEGATIVES`` the cost of its negative hexes alone (``negatives_part(c)``): the
#: helpers' bodies, for the loops that run them over every hex.
NEGATIVES = ~MOVE


def cost(negatives: int, points: int) -> Cost:
    """The cost of entering ``negatives`` negative hexes with ``points`` movement points."""
    return negatives * NEG + points


def negatives(c: Cost) -> int:
    """The negative hexes entered at cost c."""
    return c >> NEG_SHIFT


def points(c: Cost) -> int:
    """The movement points spent at cost c."""
    return c & MOVE


def negatives_part(c: Cost) -> Cost:
    """Cost c without its movement points: ``cost(negatives(c), 0)``."""
    return c & NEGATIVES


def scan(s: EnemySet) -> Iterator[EnemySet]:
    """The bits of the members of s, lowest first (python-chess's ``scan_forward``)."""
    while s:
        b = s & -s
        yield b
        s ^= b
