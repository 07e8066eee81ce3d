"""Stage 2, attack hexes and sight: which enemies an attack from a hex can target.

``Reach`` is the bitmask core: the enemies that can be focused (characters
and summons, not invisible) are bits of an integer, and every question is a
mask: ``hit_bits(h, mask)`` (a single-target attack from hex h reaches them:
in range counted around walls, and in line of sight, neighbours included),
``placements(h)`` (the enemies each area placement usable from h covers, in
sight), ``dis_mask(h)`` (attacked with disadvantage: a ranged attack, not
muddled, on an enemy at range 1). Line of sight (``ghcli.rules.los``) is
the costly part, so it is asked lazily, only for the enemies a question is
about, and every answer is kept in explicit tables (dicts by hex number);
``sees_all``, ``sees_any`` and ``hits_all`` ask one enemy at a time, what is
known first, and stop at the first answer that settles them. ``raw_covers``
and ``reach_bound`` say what would be covered or reached were every enemy
in sight (asking nothing), for the bounds of stage 4.

Range and proximity count hexes around walls (thin walls, hexes off the
map), not through them, ignoring figures and obstacles; a melee attack is
range 1 counted that way, so it cannot reach round a thin wall. An area
pattern may be rotated in 60 degree steps and mirrored; a ranged pattern
needs one red hex on the map within range; with an area, targets above 1
add single extra targets outside it.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Callable, Iterable, Optional

from ghcli.rules.board import MAX_COORD, Action, Attack, Figure
from ghcli.rules.hexes import NO_HEX, Grid, HexNo, mirror
from ghcli.rules.monster.values import EnemySet, scan

if TYPE_CHECKING:
    from ghcli.rules.los import Sight

#: An area pattern: the hexes (axial offsets from the attacker) it covers.
Pattern = tuple[tuple[int, int], ...]

#: ``ranged_placements``' hex keys are ``q * W + r``: unique while every r (a board's, plus a
#: pattern's offsets) lies within +-W/2
W = 4 * MAX_COORD


class Reach:
    """What the active monster's attack can target from each hex (hex numbers, enemy sets).

    Built from plain values: the map (``Grid``), the enemies that can be focused (their
    order gives their bits), the monster's action, and ``sight``, a function giving the
    board's line of sight (``Board.sight``), called on the first sight question only. Every
    table below is filled by the one method named beside it, and kept for the turn."""

    def __init__(self, grid: Grid, enemies: list[Figure], action: Action, sight: Callable[[], Sight]):
        attack = action.attack
        self.grid = grid
        self.attack: Optional[Attack] = attack
        self.range = attack.range if attack else 0
        self.area: Pattern = tuple(attack.area) if attack else ()
        self.muddled = action.muddled
        self.enemies = enemies
        self._sight_of = sight
        self.bit: dict[str, EnemySet] = {e.id: 1 << k for k, e in enumerate(enemies)}
        self._bits = [(1 << k, e) for k, e in enumerate(enemies)]
        self.all_mask: EnemySet = (1 << len(enemies)) - 1
        index = grid.index
        self.pos = {e.id: index[e.at] for e in enemies}  # enemy id -> hex number
        self.at_of_bit = {self.bit[e.id]: e.at for e in enemies}
        #: extra single targets: how many targets beyond the first (area or not)
        self.extra = 0
        if attack is not None:
            self.extra = (len(enemies) if attack.targets == "all" else int(attack.targets)) - 1
        #: single-target attacks are made (no area, or an area with extra targets)
        self.single = not self.area or self.extra > 0
        self._walled: dict[str, dict[HexNo, int]] = {}  # ``walled``
        self._range: list[Optional[tuple[EnemySet, EnemySet]]] = [None] * len(grid)  # ``range_adjacent``
        self._seen: dict[HexNo, list[EnemySet]] = {}  # ``known_visible`` (and ``visible_mask`` adds to it)
        self._place: dict[HexNo, list[EnemySet]] = {}  # ``placements``
        self._covers: dict[HexNo, list[EnemySet]] = {}  # ``raw_covers`` (melee areas)
        self._ranged: dict[HexNo, list[EnemySet]] = {}  # ``raw_placements`` (ranged areas)
        self._attack_hexes: dict[str, set[HexNo]] = {}  # ``attack_hexes``
        self._area_near: dict[str, set[HexNo]] = {}  # ``area_near``
        self._unseen_last: EnemySet = 0  # ``sees_all``: the enemy last found out of sight, asked first

    @cached_property
    def sight(self) -> Sight:
        """Line of sight on this board (asked for on first use: a melee attack may need none)."""
        return self._sight_of()

    def visible(self, h: HexNo, e: Figure) -> bool:
        """e is in line of sight of h (see ``visible_mask``)."""
        return bool(self.visible_mask(h, self.bit[e.id]))

    # -- counting around walls -------------------------------------------------
    def walled(self, e: Figure) -> dict[HexNo, int]:
        """Hex number -> hexes from enemy e counted around walls, up to the attack's range (melee: 1)."""
        out = self._walled.get(e.id)
        if out is None:
            out = self._walled[e.id] = self.grid.distances([self.pos[e.id]], max(self.range, 1))
        return out

    def can_hit(self, h: HexNo, e: Figure) -> bool:
        """A single-target attack from h reaches e (see ``hit_bits``)."""
        return bool(self.hit_bits(h, self.bit[e.id]))

    def disadvantaged(self, h: HexNo, e: Figure) -> bool:
        """A ranged attack from h would attack e with disadvantage (see ``dis_mask``)."""
        return bool(self.dis_mask(h) & self.bit[e.id])

    # -- bit masks ---------------------------------------------------------------
    def mask(self, figures: Iterable[Figure]) -> EnemySet:
        m = 0
        for e in figures:
            m |= self.bit[e.id]
        return m

    def members(self, mask: EnemySet) -> list[Figure]:
        """The enemies of ``mask``, in the order of ``enemies``."""
        return [e for b, e in self._bits if mask & b]

    def range_adjacent(self, h: HexNo) -> tuple[EnemySet, EnemySet]:
        """(enemies within range of h, those adjacent to it with no wall between), counted
        around walls (kept per hex)."""
        out = self._range[h]
        if out is None:
            within = adjacent = 0
            for b, e in self._bits:
                d = self.walled(e).get(h)
                if d:
                    within |= b
                    if d == 1:
                        adjacent |= b
            out = self._range[h] = (within, adjacent)
        return out

    def range_mask(self, h: HexNo) -> EnemySet:
        """The enemies within the attack's range of h (counted around walls), in sight or not."""
        return self.range_adjacent(h)[0]

    def known_visible(self, h: HexNo) -> list[EnemySet]:
        """[enemies whose line of sight from h is known, those of them in sight], asking nothing."""
        st = self._seen.get(h)
        if st is None:
            st = self._seen[h] = [0, 0]
        return st

    def visible_mask(self, h: HexNo, mask: EnemySet) -> EnemySet:
        """The enemies of ``mask`` in line of sight of h (asked lazily, kept)."""
        st = self.known_visible(h)
        unknown = mask & ~st[0]
        if unknown:
            visible = self.sight.visible
            at = self.at_of_bit
            here = self.grid.hexes[h]
            st[0] |= unknown
            yes = 0
            for b in scan(unknown):
                if visible(here, at[b]):
                    yes |= b
            st[1] |= yes
        return st[1] & mask

    def sees_any(self, h: HexNo, mask: EnemySet) -> bool:
        """Some enemy of ``mask`` is in line of sight of h (asked one enemy at a time, what is known
        first, until one is)."""
        known, seen = self.known_visible(h)
        if mask & seen:
            return True
        return any(self.visible_mask(h, b) for b in scan(mask & ~known))

    def hit_bits(self, h: HexNo, mask: EnemySet) -> EnemySet:
        """The enemies of ``mask`` a single-target attack from h reaches: in range and in sight
        (asked lazily, kept). Neighbours too are asked: whether they see each other is the
        sight rule's to say (``ghcli.rules.los``, by the board's map-edge reading), so
        ``rules los`` and the monster's turn give one answer."""
        rest = mask & self.range_adjacent(h)[0]
        return self.visible_mask(h, rest) if rest else 0

    def sees_all(self, h: HexNo, mask: EnemySet) -> bool:
        """Every enemy of ``mask`` is in line of sight of h (asked one enemy at a time, what is
        known first, then the enemy last found out of sight, until one is not)."""
        known, seen = self.known_visible(h)
        if mask & known & ~seen:  # one is known to be out of sight
            return False
        rest = mask & ~known
        if rest & self._unseen_last and not self.visible_mask(h, self._unseen_last):
            return False
        for b in scan(rest & ~self._unseen_last):
            if not self.visible_mask(h, b):
                self._unseen_last = b
                return False
        return True

    def hits_all(self, h: HexNo, mask: EnemySet) -> bool:
        """A single-target attack from h reaches every enemy of ``mask`` (see ``sees_all``)."""
        within = self.range_adjacent(h)[0]
        return not mask & ~within and (not mask or self.sees_all(h, mask))

    def hit_mask(self, h: HexNo) -> EnemySet:
        """Every enemy a single-target attack from h reaches."""
        return self.hit_bits(h, self.all_mask)

    def dis_mask(self, h: HexNo) -> EnemySet:
        """Enemies a ranged attack from h would attack with disadvantage (those adjacent)."""
        return self.range_adjacent(h)[1] if self.range > 0 and not self.muddled else 0

    def reach_bound(self, h: HexNo) -> EnemySet:
        """Every enemy some attack from h could target (area or single) were every enemy in
        range in sight (asks nothing)."""
        out = self.range_mask(h) if self.single else 0
        for cov in self.raw_covers(h):
            out |= cov
        return out

    def reach_count(self, h: HexNo, mask: EnemySet, cap: int) -> int:
        """min(cap, how many enemies of ``mask`` some attack from h could target)."""
        covered = 0  # (a ranged placement's enemies count only if in sight: asked below)
        for cov in self.placements(h) if self.range == 0 else self.raw_placements(h):
            covered |= cov
        n = 0
        for e in self.enemies:
            if n >= cap:
                break
            b = self.bit[e.id]
            if not mask & b:
                continue
            if self.single and self.hit_bits(h, b):
                n += 1
            elif covered & b and (self.range == 0 or self.visible(h, e)):
                n += 1
        return min(n, cap)

    # -- where an enemy can be attacked from -------------------------------------
    def attack_hexes(self, e: Figure) -> set[HexNo]:
        """Hex numbers from which e might be attacked (a superset; ``targetable`` decides)."""
        out = self._attack_hexes.get(e.id)
        if out is None:
            out = set()
            if self.single:
                out.update(self.walled(e))
            if self.area and self.range == 0:
                at = self.grid.at
                for pat in self.patterns:
                    out.update(i for i in (at(e.at, (-o[0], -o[1])) for o in pat) if i != NO_HEX)
            elif self.area:
                out.update(self.area_near(e))
            self._attack_hexes[e.id] = out
        return out

    def targetable(self, h: HexNo, e: Figure) -> bool:
        """e can be one of the targets of an attack from h (asking line of sight for e only)."""
        if self.single and self.can_hit(h, e):
            return True
        if not self.area:
            return False
        if self.range == 0:
            here = self.grid.hexes[h]
            o = (e.at[0] - here[0], e.at[1] - here[1])
            if o == (0, 0) or not any(o in pat for pat in self.pattern_sets):
                return False
            return self.visible(h, e)
        return h in self.area_near(e) and self.visible(h, e)

    def area_near(self, e: Figure) -> set[HexNo]:
        """Hex numbers from which some ranged area placement covering e can be made."""
        out = self._area_near.get(e.id)
        if out is None:
            out = set()
            b = self.bit[e.id]
            for cov, near in self.ranged_placements:
                if cov & b:
                    out.update(near)
            self._area_near[e.id] = out
        return out

    # -- area attacks ------------------------------------------------------------
    @cached_property
    def patterns(self) -> list[Pattern]:
        """The area pattern in each of its rotations and mirror images (distinct ones)."""
        out: list[Pattern] = []
        seen: set[Pattern] = set()
        for cells in (list(self.area), [mirror(o) for o in self.area]):
            for _ in range(6):
                key = tuple(sorted(cells))
                if key not in seen:
                    seen.add(key)
                    out.append(key)
                cells = [(-r, q + r) for q, r in cells]  # 60 degrees on
        return out

    @cached_property
    def pattern_sets(self) -> list[frozenset[tuple[int, int]]]:
        return [frozenset(p) for p in self.patterns]

    def placements(self, h: HexNo) -> list[EnemySet]:
        """Enemies (bit masks) covered, in sight, by each area placement usable from hex h."""
        out = self._place.get(h)
        if out is None:
            found = {self.visible_mask(h, cov) for cov in self.raw_covers(h)}
            found.discard(0)
            out = self._place[h] = list(found)
        return out

    def raw_covers(self, h: HexNo) -> list[EnemySet]:
        """The enemies (bit masks) each area placement usable from h would cover if all of them
        were in sight (a superset, placement by placement, of ``placements``)."""
        if self.range:
            return self.raw_placements(h)
        out = self._covers.get(h)
        if out is None:
            occ: dict[tuple[int, int], EnemySet] = {e.at: self.bit[e.id] for e in self.enemies}
            here = self.grid.hexes[h]
            found = set()
            for pat in self.patterns:
                cov = 0
                for o in pat:
                    if o != (0, 0):
                        cov |= occ.get((here[0] + o[0], here[1] + o[1]), 0)
                if cov:
                    found.add(cov)
            out = self._covers[h] = list(found)
        return out

    def raw_placements(self, h: HexNo) -> list[EnemySet]:
        """The enemies (bit masks) each ranged area placement usable from h would cover if all
        of them were in sight (``placements`` keeps those in sight)."""
        out = self._ranged.get(h)
        if out is None:
            out = self._ranged[h] = [cov for cov, near in self.ranged_placements if h in near]
        return out

    @cached_property
    def ranged_placements(self) -> list[tuple[EnemySet, dict[HexNo, int]]]:
        """(bit mask of the enemies covered, hex numbers within range of a red hex on the map)
        for every set of enemies some ranged area placement covers.

        Every placement covering an enemy puts one of the pattern's cells on it. Hexes are
        keys ``q * W + r`` here, so a placement's cells are its origin's key plus the
        pattern's offsets, and the enemies covered add up origin by origin."""
        occ = {e.at[0] * W + e.at[1]: self.bit[e.id] for e in self.enemies}
        keys_of: dict[EnemySet, set[int]] = {}  # enemies covered -> the hexes (keys) of the placements covering them
        for pat in self.patterns:
            offsets = [q * W + r for q, r in pat]
            cover: dict[int, EnemySet] = {}  # origin -> the enemies its placement covers
            for at, b in occ.items():
                for o in offsets:
                    cover[at - o] = cover.get(at - o, 0) | b
            for origin, cov in cover.items():
                keys_of.setdefault(cov, set()).update([origin + o for o in offsets])
        index = self.grid.index
        out = []
        for cov, keys in keys_of.items():
            cells = sorted(i for i in (index.get(unkey(k)) for k in keys) if i is not None)
            out.append((cov, self.grid.distances(cells, self.range)))
        return out


def unkey(k: int) -> tuple[int, int]:
    """The hex (q, r) of key ``q * W + r`` (see ``Reach.ranged_placements``)."""
    q = (k + W // 2) // W
    return (q, k - q * W)
