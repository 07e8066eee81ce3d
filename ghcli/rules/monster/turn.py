"""The set-up every stage shares: one ``Turn`` value per board, with its rule set's switches (rules/rulesets.py)."""

from __future__ import annotations

from functools import cached_property
from typing import Optional, Union

from ghcli.records import record
from ghcli.rules.board import Board, Figure
from ghcli.rules.hexes import Grid
from ghcli.rules.monster.movement import Movement, Terrain
from ghcli.rules.monster.reach import Reach
from ghcli.rules.rulesets import RULE_SETS, RuleSet

__all__ = ["Turn", "RULE_SETS", "RuleSet", "UNREACHED"]

#: The proximity of an enemy no path of hexes reaches: farther than any hex of a board
#: (coordinates lie within +-1000, so no real count comes near it).
UNREACHED = 10**6


@record(frozen=True)
class Turn:
    """One monster's turn on one board: the inputs of every stage (tables are built on first use)."""

    board: Board
    rules: RuleSet

    @classmethod
    def of(cls, board: Board) -> Turn:
        return cls(board, RULE_SETS[board.rules].reading(board.readings))

    @cached_property
    def grid(self) -> Grid:
        return self.board.grid

    @cached_property
    def me(self) -> Figure:
        return self.board.monster

    @cached_property
    def move(self) -> int:
        return self.board.action.move or 0

    @cached_property
    def has_attack(self) -> bool:
        return self.board.action.attack is not None

    @cached_property
    def enemies(self) -> list[Figure]:
        """The enemies that can be focused: characters and summons, not invisible."""
        return [f for f in self.board.figures if f.is_enemy and not f.invisible]

    @cached_property
    def terrain(self) -> Terrain:
        return Terrain.of(self.board)

    @cached_property
    def movement(self) -> Movement:
        act = self.board.action
        mode = "teleport" if act.teleport else "fly" if act.flying else "jump" if act.jump else "walk"
        return Movement(self.terrain, mode, self.rules.jump_landing_pays_difficult)

    @cached_property
    def reach(self) -> Reach:
        board = self.board
        return Reach(self.grid, self.enemies, board.action, lambda: board.sight)

    @cached_property
    def proximity(self) -> list[Optional[int]]:
        """By hex number: hexes from the monster, counted around walls (figures, obstacles and
        negative hexes do not count: proximity is hexes, not paths), as far as the farthest
        enemy (None beyond). Under the ``straight`` proximity reading: hexes counted straight
        across everything, walls included."""
        if self.rules.proximity == "straight":
            q, r = self.grid.hexes[self.terrain.start]
            return [(abs(h[0] - q) + abs(h[1] - r) + abs(h[0] + h[1] - q - r)) // 2 for h in self.grid.hexes]
        index = self.grid.index
        return self.grid.distance_list([self.terrain.start], until={index[e.at] for e in self.enemies})

    def prox(self, e: Figure) -> int:
        """The proximity of enemy e (``UNREACHED`` if no path of hexes leads to it)."""
        d = self.proximity[self.grid.index[e.at]]
        return UNREACHED if d is None else d

    def secondary_key(self, e: Figure) -> tuple[Union[int, float, None], ...]:
        """How extra targets are ranked: proximity then initiative (Gloomhaven), initiative (Jaws)."""
        if self.rules.proximity_ranks:
            return (self.prox(e), e.initiative)
        return (e.initiative,)
