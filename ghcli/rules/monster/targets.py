"""Stage 4, target groups: the sets of enemies (bit masks, the focus among them) one attack
from a hex can target, the extra targets picked as the rule set ranks them.

Gloomhaven and Jaws of the Lion rank extra targets like focuses (here by
``Turn.secondary_key`` and their disadvantage from the hex); Frosthaven
does not rank them, so only their disadvantage tells groups apart. Tables
are kept per (hex, focus) and (hex, group): tied focuses ask the same.
"""

from __future__ import annotations

import itertools


def best_masks(keyed: list, m: int) -> list:
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
    """The target groups of one turn's attack (explicit tables per hex)."""

    def __init__(self, turn):
        self.turn = turn
        self.reach = turn.reach
        self.m = self.reach.extra if turn.has_attack else 0  # extra targets allowed
        self._groups: dict = {}
        self._can: dict = {}

    def groups(self, h: int, focus) -> list:
        """The target groups (bit masks with the focus) worth considering from hex h."""
        key = (h, focus.id)
        out = self._groups.get(key)
        if out is not None:
            return out
        reach, m = self.reach, self.m
        hit = reach.members(reach.hit_mask(h))
        bit = reach.bit
        fbit = bit[focus.id]
        if self.turn.rules.rank_extra_targets:
            key_of = self.turn.secondary_key
            keyed = [((key_of(e), reach.disadvantaged(h, e)), bit[e.id]) for e in hit]
        else:
            keyed = [(reach.disadvantaged(h, e), bit[e.id]) for e in hit]
        hit_mask = sum(b for _, b in keyed)
        others = [kb for kb in keyed if kb[1] != fbit]
        found = set()
        if not reach.area:
            if hit_mask & fbit:
                found.update(fbit | g for g in best_masks(others, m))
        else:
            for cov in reach.placements(h):
                rest = [kb for kb in others if not cov & kb[1]]
                if cov & fbit:
                    found.update(cov | g for g in best_masks(rest, m))
                elif m >= 1 and hit_mask & fbit:
                    found.update(cov | fbit | g for g in best_masks(rest, m - 1))
            if m >= 1 and hit_mask & fbit:  # extra targets only, no one in the area
                found.update(fbit | g for g in best_masks(others, m - 1))
        out = self._groups[key] = list(found)
        return out

    def best_size(self, h: int, focus) -> int:
        """The most targets, the focus among them, of one attack from h (0: the focus cannot be
        attacked from h): the size of the largest of ``groups(h, focus)``."""
        reach, m = self.reach, self.m
        fbit = reach.bit[focus.id]
        hit = reach.hit_mask(h) if (m or not reach.area) else 0
        others = hit & ~fbit
        if not reach.area:
            return 1 + min(m, others.bit_count()) if hit & fbit else 0
        best = 0
        focus_hit = m >= 1 and hit & fbit
        for cov in reach.placements(h):
            rest = (others & ~cov).bit_count()
            if cov & fbit:
                n = cov.bit_count() + min(m, rest)
            elif focus_hit:
                n = cov.bit_count() + 1 + min(m - 1, rest)
            else:
                continue
            best = max(best, n)
        if focus_hit:
            best = max(best, 1 + min(m - 1, others.bit_count()))
        return best

    def can_attack(self, h: int, group: int) -> bool:
        """The whole group (a bit mask) can be the targets of one attack from h."""
        key = (h, group)
        out = self._can.get(key)
        if out is None:
            out = self._can[key] = self._can_attack(h, group)
        return out

    def _can_attack(self, h: int, group: int) -> bool:
        reach, m = self.reach, self.m
        if not reach.area:
            return group.bit_count() <= m + 1 and group & ~reach.hit_mask(h) == 0
        if group & ~reach.reach_mask(h):
            return False
        hit = reach.hit_mask(h) if m else 0
        for cov in reach.placements(h):
            if cov & ~group == 0:
                rest = group & ~cov
                if rest.bit_count() <= m and rest & ~hit == 0:
                    return True
        return group.bit_count() <= m and group & ~hit == 0
