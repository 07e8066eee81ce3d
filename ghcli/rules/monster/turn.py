"""The set-up every stage shares: the rule set's switches and one ``Turn`` value per board."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ghcli.rules.monster.movement import Movement, Terrain
from ghcli.rules.monster.reach import Reach


@dataclass(frozen=True)
class RuleSet:
    """The named switches where the rule sets differ."""

    name: str
    #: proximity breaks ties in focus (and in ranking extra targets)
    proximity_ranks: bool = True
    #: extra targets are ranked like focuses (else the players choose among them)
    rank_extra_targets: bool = True
    #: a ranged attack keeps its focus out of disadvantage before it counts targets
    #: (Frosthaven counts targets first, then disadvantaged targets, the focus like any)
    focus_disadvantage_first: bool = True
    #: a monster that cannot attack this turn heads for the nearest attack hex
    #: (Frosthaven) rather than the best one (Gloomhaven)
    unreachable_heads_for_nearest: bool = False
    #: a jump landing on difficult terrain pays 2 for that hex (Gloomhaven only)
    jump_landing_pays_difficult: bool = True


RULE_SETS = {
    "gloomhaven": RuleSet("gloomhaven"),
    "frosthaven": RuleSet(
        "frosthaven",
        rank_extra_targets=False,
        focus_disadvantage_first=False,
        unreachable_heads_for_nearest=True,
        jump_landing_pays_difficult=False,
    ),
    "jaws-of-the-lion": RuleSet("jaws-of-the-lion", proximity_ranks=False, jump_landing_pays_difficult=False),
}


@dataclass(frozen=True)
class Turn:
    """One monster's turn on one board: the inputs of every stage (tables are built on first use)."""

    board: object  # ghcli.rules.board.Board
    rules: RuleSet

    @classmethod
    def of(cls, board) -> "Turn":
        return cls(board, RULE_SETS[board.rules])

    @cached_property
    def grid(self):
        return self.board.grid

    @cached_property
    def me(self):
        return self.board.monster

    @cached_property
    def move(self) -> int:
        return self.board.action.move or 0

    @cached_property
    def has_attack(self) -> bool:
        return self.board.action.attack is not None

    @cached_property
    def enemies(self) -> list:
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
        return Reach(self.board, self.grid, self.enemies)

    @cached_property
    def proximity(self) -> dict:
        """Hex number -> hexes from the monster, counted around walls (figures, obstacles and
        negative hexes do not count: proximity is hexes, not paths)."""
        index = self.grid.index
        return self.grid.distances([self.terrain.start], until={index[e.at] for e in self.enemies})

    def prox(self, e) -> int:
        return self.proximity.get(self.grid.index[e.at], 10**6)

    def secondary_key(self, e) -> tuple:
        """How extra targets are ranked: proximity then initiative (Gloomhaven), initiative (Jaws)."""
        if self.rules.proximity_ranks:
            return (self.prox(e), e.initiative)
        return (e.initiative,)
