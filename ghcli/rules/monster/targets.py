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
        attacked from h): the size of the largest of ``groups(h, focus)``.

        Line of sight to the extra targets is asked one enemy at a time, only while it can
        still change the answer: each way of attacking (an area placement, or single targets
        only) counts its known hits and, at most, the enemies in range not yet asked."""
        reach, m = self.reach, self.m
        fbit = reach.bit[focus.id]
        focus_hit = (m or not reach.area) and reach.hit_bits(h, fbit)
        if not reach.area:  # (base, cover, cap): base targets plus up to cap single ones outside cover
            ways = [(1, 0, m)] if focus_hit else []
        else:
            ways = [(cov.bit_count(), cov, m) for cov in reach.placements(h) if cov & fbit]
            if focus_hit:
                ways += [(cov.bit_count() + 1, cov, m - 1) for cov in reach.placements(h) if not cov & fbit]
                ways.append((1, 0, m - 1))
        if not ways:
            return 0
        others = reach.range_mask(h) & ~fbit if m else 0
        while True:
            hit, unknown = reach.known_hits(h, others)
            low = high = 0
            ask = 0
            for base, cov, cap in ways:
                sure = (hit & ~cov).bit_count()
                maybe = unknown & ~cov
                low = max(low, base + min(cap, sure))
                up = base + min(cap, sure + maybe.bit_count())
                if up > high:
                    high, ask = up, maybe
            if high <= low:
                return low
            reach.hit_bits(h, ask & -ask)  # (the way with the highest bound has one to ask)

    def size_bound(self, h: int, focus) -> int:
        """An upper bound of ``best_size(h, focus)`` that asks no line of sight: every enemy in
        range counted as in sight (sight only ever takes targets away, from an area
        placement or from the single targets)."""
        reach, m = self.reach, self.m
        fbit = reach.bit[focus.id]
        hit = reach.range_mask(h) if (m or not reach.area) else 0
        others = hit & ~fbit
        if not reach.area:
            return 1 + min(m, others.bit_count()) if hit & fbit else 0
        best = 0
        focus_hit = m >= 1 and hit & fbit
        for cov in reach.raw_covers(h):
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
        """(Line of sight asked for the group's members only.)"""
        reach, m = self.reach, self.m
        if not reach.area:
            return group.bit_count() <= m + 1 and reach.hit_bits(h, group) == group
        covs = reach.placements(h)
        covered = 0
        for cov in covs:
            covered |= cov
        if group & ~(covered | (reach.range_mask(h) if m else 0)):
            return False
        for cov in covs:
            if cov & ~group == 0:
                rest = group & ~cov
                if rest.bit_count() <= m and (not rest or reach.hit_bits(h, rest) == rest):
                    return True
        return group.bit_count() <= m and reach.hit_bits(h, group) == group
