"""Stage 4, target groups: the sets of enemies (bit masks, the focus among them) one attack
from a hex can target, the extra targets picked as the rule set ranks them.

Gloomhaven and Jaws of the Lion rank extra targets like focuses (here by
``Turn.secondary_key`` and their disadvantage from the hex); Frosthaven
does not rank them, so only their disadvantage tells groups apart. Tables
are kept per (hex, focus) and (hex, group): tied focuses ask the same.

Line of sight is the costly question, so each answer starts from what asks
none: ``size_bound`` counts every enemy in range as in sight (sight only
takes targets away); ``best_size`` tries the ways of attacking by that
bound, highest first, and stops when no bound is above the best found;
``can_attack`` skips, unasked, every placement that cannot take the group,
and then asks one enemy at a time, stopping at the first answer that
settles it.
"""

from __future__ import annotations

import itertools
from functools import cached_property
from typing import TYPE_CHECKING, Any, Optional

from ghcli.rules.board import Figure
from ghcli.rules.hexes import HexNo
from ghcli.rules.monster.values import EnemySet, scan

if TYPE_CHECKING:
    from ghcli.rules.monster.turn import Turn

#: How an extra target ranks (``Turn.secondary_key``, and its disadvantage from a hex): least first.
Key = Any


def best_masks(keyed: list[tuple[Key, EnemySet]], m: int) -> list[EnemySet]:
    """Bit masks of every m-subset of ``keyed`` ((key, bit) pairs) made of the m best by key,
    ties at the cut enumerated."""
    if m <= 0:
        return [0]
    if len(keyed) <= m:
        return [sum(b for _, b in keyed)]
    keyed = sorted(keyed)
    cut = keyed[m - 1][0]
    sure = sum(b for k, b in keyed[:m] if k < cut)
    n_sure = sum(1 for k, _ in keyed[:m] if k < cut)
    tied = [b for k, b in keyed if k == cut]
    return [sure + sum(c) for c in itertools.combinations(tied, m - n_sure)]


class TargetGroups:
    """The target groups of one turn's attack (tables per hex, each filled by the one method
    named beside it)."""

    def __init__(self, turn: Turn):
        self.turn = turn
        self.reach = turn.reach
        self.m = self.reach.extra if turn.has_attack else 0  # extra targets allowed
        self._groups: dict[tuple[HexNo, str, Optional[int]], list[EnemySet]] = {}  # ``groups``
        self._can: dict[tuple[HexNo, EnemySet], bool] = {}  # ``can_attack``
        self._bounds: dict[HexNo, list[tuple[int, EnemySet]]] = {}  # ``_bounds_of``
        self._size: dict[tuple[HexNo, str], int] = {}  # ``best_size``
        self._covering: dict[HexNo, dict[EnemySet, int]] = {}  # ``_covering_bounds``

    def groups(self, h: HexNo, focus: Figure, size: Optional[int] = None) -> list[EnemySet]:
        """The target groups (bit masks with the focus) worth considering from hex h (``size``:
        only those of that many targets; the others are not built)."""
        key = (h, focus.id, size)
        out = self._groups.get(key)
        if out is not None:
            return out
        reach, m = self.reach, self.m
        hit = reach.members(reach.hit_mask(h))
        bit = reach.bit
        fbit = bit[focus.id]
        keyed: list[tuple[Key, EnemySet]]
        if self.turn.rules.rank_extra_targets:
            key_of = self.turn.secondary_key
            keyed = [((key_of(e), reach.disadvantaged(h, e)), bit[e.id]) for e in hit]
        else:
            keyed = [(reach.disadvantaged(h, e), bit[e.id]) for e in hit]
        hit_mask = sum(b for _, b in keyed)
        others = [kb for kb in keyed if kb[1] != fbit]
        found: set[EnemySet] = set()

        def add(base: EnemySet, rest: list[tuple[Key, EnemySet]], n: int) -> None:  # base and the n best of rest
            if size is None or base.bit_count() + min(n, len(rest)) == size:
                found.update(base | g for g in best_masks(rest, n))

        if not reach.area:
            if hit_mask & fbit:
                add(fbit, others, m)
        else:
            for cov in reach.placements(h):
                rest = [kb for kb in others if not cov & kb[1]]
                if cov & fbit:
                    add(cov, rest, m)
                elif m >= 1 and hit_mask & fbit:
                    add(cov | fbit, rest, m - 1)
            if m >= 1 and hit_mask & fbit:  # extra targets only, no one in the area
                add(fbit, others, m - 1)
        out = self._groups[key] = list(found)
        return out

    def best_size(self, h: HexNo, focus: Figure) -> int:
        """The most targets, the focus among them, of one attack from h (0: the focus cannot be
        attacked from h): the size of the largest of ``groups(h, focus)``.

        A way of attacking is an area placement (the enemies it covers in sight, ``cov``, none
        for single targets only) and up to m single targets among the other enemies hit:
        ``|cov| + min(m, hit outside cov)`` targets, the focus among them when it is covered,
        or else hit (with m >= 1; it is then one of the single targets, and the count is the
        same). So with the focus hit every way counts; without, only the placements covering
        it. The ways are tried by their bound (``_bounds_of``: every enemy in range counted as in
        sight), highest first, until no bound is above the best found; line of sight is asked
        for a placement's enemies, and for the single targets one enemy at a time until m
        are hit (``_hits_upto``)."""
        key = (h, focus.id)
        out = self._size.get(key)
        if out is None:
            out = self._size[key] = self._best_size(h, focus)
        return out

    def _best_size(self, h: HexNo, focus: Figure) -> int:
        reach, m = self.reach, self.m
        fbit = reach.bit[focus.id]
        within = reach.range_mask(h)
        if not reach.area:
            if not reach.hit_bits(h, fbit):
                return 0
            return 1 + self._hits_upto(h, within & ~fbit, m)
        focus_hit = m >= 1 and reach.hit_bits(h, fbit)
        best = 0
        for bound, raw in self._bounds_of(h):
            if bound <= best:
                break
            if not focus_hit:
                if not raw & fbit:
                    continue
                if not reach.visible_mask(h, fbit):
                    break  # no placement covers the focus in sight
            cov = reach.visible_mask(h, raw)
            if focus_hit or cov & fbit:
                best = max(best, cov.bit_count() + self._hits_upto(h, within & ~cov, m))
        return best

    def _hits_upto(self, h: HexNo, mask: EnemySet, cap: int) -> int:
        """min(cap, how many enemies of ``mask`` a single-target attack from h hits), asking line
        of sight one enemy at a time until cap are hit."""
        reach = self.reach
        unknown = mask & ~reach.known_visible(h)[0]
        n = reach.hit_bits(h, mask & ~unknown).bit_count()  # (asks nothing)
        if n < cap:
            for b in scan(unknown):
                if reach.hit_bits(h, b):
                    n += 1
                    if n == cap:
                        break
        return min(n, cap)

    def _bounds_of(self, h: HexNo) -> list[tuple[int, EnemySet]]:
        """(bound, raw) of every way of attacking from h (see ``best_size``), highest bound
        first: ``raw`` the enemies an area placement would cover if all were in sight (0: single
        targets only), ``bound`` its targets counting every enemy in range as in sight (sight
        only ever takes targets away, from a placement or from the single targets)."""
        ways = self._bounds.get(h)
        if ways is None:
            reach, m = self.reach, self.m
            within = reach.range_mask(h) if m else 0
            ways = [(cov.bit_count() + min(m, (within & ~cov).bit_count()), cov) for cov in reach.raw_covers(h)]
            if within:
                ways.append((min(m, within.bit_count()), 0))
            ways.sort(key=lambda w: -w[0])
            ways = self._bounds[h] = ways or [(0, 0)]
        return ways

    @cached_property
    def _secondary(self) -> dict[EnemySet, Key]:
        """Enemy bit -> its ``Turn.secondary_key`` (for ``rank``)."""
        return {self.reach.bit[e.id]: self.turn.secondary_key(e) for e in self.reach.enemies}

    def rank(self, group: EnemySet, focus: Figure) -> list[Key]:
        """How the group's extra targets (all but the focus) rank, like focuses: their
        ``Turn.secondary_key``, best first (Gloomhaven and Jaws of the Lion compare these)."""
        key = self._secondary
        return sorted(key[b] for b in scan(group & ~self.reach.bit[focus.id]))

    def size_bound(self, h: HexNo, focus: Figure) -> int:
        """An upper bound of ``best_size(h, focus)`` that asks no line of sight: every enemy in
        range counted as in sight (sight only ever takes targets away, from an area
        placement or from the single targets)."""
        reach, m = self.reach, self.m
        fbit = reach.bit[focus.id]
        if not reach.area:
            within = reach.range_mask(h)
            return 1 + min(m, (within & ~fbit).bit_count()) if within & fbit else 0
        if m >= 1 and reach.range_mask(h) & fbit:
            return self._bounds_of(h)[0][0]
        return self._covering_bounds(h).get(fbit, 0)

    def _covering_bounds(self, h: HexNo) -> dict[EnemySet, int]:
        """Enemy bit -> the highest bound (``_bounds_of``) of a placement from h that would
        cover that enemy."""
        out = self._covering.get(h)
        if out is None:
            out = self._covering[h] = {}
            seen = 0
            for n, raw in self._bounds_of(h):  # highest first
                new, seen = raw & ~seen, seen | raw
                if new:  # (most placements add no one: no scan made for them)
                    for b in scan(new):
                        out[b] = n
        return out

    def can_attack(self, h: HexNo, group: EnemySet) -> bool:
        """The whole group (a bit mask) can be the targets of one attack from h."""
        key = (h, group)
        out = self._can.get(key)
        if out is None:
            out = self._can[key] = self._can_attack(h, group)
        return out

    def _can_attack(self, h: HexNo, group: EnemySet) -> bool:
        """One area placement covers, in sight, some of the group and no one else, and the rest
        of the group (at most m) are single targets hit; or the whole group (at most m) is
        single targets. Asking no line of sight, the placements that might do are those whose
        enemies (if all were in sight, ``Reach.raw_covers``) leave at most m of the group
        outside, all of them in range; if some might, sight is asked for the group's
        enemies, one at a time (every target is in sight), then for each such
        placement's enemies outside the group, one at a time (any of them in sight: the
        placement would target them too)."""
        reach, m = self.reach, self.m
        if not reach.area:
            return group.bit_count() <= m + 1 and reach.hits_all(h, group)
        within = reach.range_adjacent(h)[0]
        usable = [raw for raw in reach.raw_covers(h)
                  if raw & group and (group & ~raw).bit_count() <= m and not group & ~raw & ~within]
        alone = group.bit_count() <= m and not group & ~within  # single targets only
        if not (usable or alone) or not reach.sees_all(h, group):
            return False
        for raw in usable:
            if reach.sees_any(h, raw & ~group):
                continue
            rest = group & ~reach.visible_mask(h, raw & group)  # (known by now)
            if rest.bit_count() <= m and reach.hits_all(h, rest):
                return True
        return alone and reach.hits_all(h, group)
