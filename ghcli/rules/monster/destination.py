"""Stage 5, destination and path: where the monster ends its move and whom it attacks.

If the monster can attack its focus this turn it moves to the best attack
reachable now (``best_attacks``). Otherwise it picks its destination among
every hex it could attack its focus from (Gloomhaven, Jaws of the Lion: the
best attack; Frosthaven: the nearest) and moves towards it (``approach``):
to the reachable hex with the fewest negative hexes on the whole way
(this turn's and later turns' count the same), then nearest the
destination, then using the least movement.

The best attack, Gloomhaven and Jaws of the Lion: a ranged attack (not
muddled) keeps its focus out of disadvantage where it can; then the most
targets; then the groups of extra targets ranked like focuses (the movement
to attack the whole group, then ``Turn.secondary_key``); then fewest
disadvantaged targets; then least movement; then disadvantage on the less
important targets. Frosthaven: the most targets; then fewest disadvantaged
targets, the focus counted like any other; then least movement; then
disadvantage on the less important targets.
"""

from __future__ import annotations

from dataclasses import dataclass

from ghcli.rules.monster.movement import MOVE


@dataclass(frozen=True)
class Plan:
    """One focus's outcome: ``choices`` (hex, target group) if it attacks this turn, else
    the ``destinations`` it heads for and the hexes it ``ends`` on (hex numbers)."""

    focus: object  # Figure
    now: bool
    choices: tuple = ()
    destinations: tuple = ()
    ends: tuple = ()


def plan(turn, groups, choice, focus) -> Plan:
    """The destination stage for one focus."""
    cost, reach, endable, move = turn.movement.cost, turn.reach, turn.terrain.endable, turn.move
    # the hexes the focus can be attacked from with the fewest negative hexes (its attack
    # cost's), asking line of sight for the focus only: those reachable this turn first
    least_neg = choice.ranks[focus.id][0] >> 20
    near = [h for h in reach.attack_hexes(focus) if cost[h] is not None and cost[h] >> 20 == least_neg and endable(h)]
    now = [h for h in near if cost[h] & MOVE <= move and reach.targetable(h, focus)]
    cands = now or [h for h in near if reach.targetable(h, focus)]
    if not cands:
        return Plan(focus, False)
    if not now and turn.rules.unreachable_heads_for_nearest:  # only the distance counts
        top = min(cost[h] for h in cands)
        dests = tuple(sorted(h for h in cands if cost[h] == top))
    else:
        chosen = best_attacks(turn, groups, choice, focus, cands)
        if now:
            return Plan(focus, True, choices=tuple(chosen))
        dests = tuple(sorted({h for h, _ in chosen}))
    ways = approach(turn, dests)
    ends = tuple(x for d in dests for x in ways[d])
    return Plan(focus, False, destinations=dests, ends=ends)


def best_attacks(turn, groups, choice, focus, pool: list) -> list:
    """The (hex, group) pairs of ``pool`` ranked first for this focus (ties: players' choice)."""
    cost, reach, rs = turn.movement.cost, turn.reach, turn.rules
    if reach.range > 0 and not reach.muddled and rs.focus_disadvantage_first:
        pool = [h for h in pool if not reach.disadvantaged(h, focus)] or pool
    # the most targets: hexes tried by a bound that asks no line of sight, highest first;
    # a hex whose bound is below the best size found cannot have it (size -1: not tried)
    size = dict.fromkeys(pool, -1)
    k = -1
    for ub, h in sorted(((groups.size_bound(h, focus), h) for h in pool), key=lambda x: -x[0]):
        if ub < k:
            break
        size[h] = groups.best_size(h, focus)
        k = max(k, size[h])
    pool_k = [h for h in pool if size[h] == k]
    dis = reach.dis_mask

    def preference(h, group):  # fewest disadvantaged targets, then least movement
        return ((dis(h) & group).bit_count(), cost[h])

    scored = []
    if rs.rank_extra_targets:  # the groups ranked like focuses, from the cheapest hexes
        cheapest = min(cost[h] for h in pool_k)
        found = set()
        for h in pool_k:
            if cost[h] == cheapest:
                found.update(g for g in groups.groups(h, focus) if g.bit_count() == k)
        rank = {g: sorted(turn.secondary_key(e) for e in reach.members(g) if e is not focus) for g in found}
        best = min(rank.values())
        ranked = [g for g in found if rank[g] == best]
        for h in pool:
            if size[h] >= k:
                for g in ranked:
                    if groups.can_attack(h, g):
                        scored.append((preference(h, g), h, g))
    else:  # Frosthaven: no ranking; hexes tried by a bound on their disadvantaged targets
        def bound(h):
            return (max(0, k - reach.reach_count(h, ~dis(h), k)), cost[h])

        lowest = None
        for b, h in sorted(((bound(h), h) for h in pool_k), key=lambda x: x[0]):
            if lowest is not None and b > lowest:
                break  # no hex from here on can do better
            for g in groups.groups(h, focus):
                if g.bit_count() == k:
                    sc = preference(h, g)
                    scored.append((sc, h, g))
                    if lowest is None or sc < lowest:
                        lowest = sc
    return first_ranked(turn, choice, focus, scored)


def first_ranked(turn, choice, focus, scored: list) -> list:
    """The (h, group) of ``scored`` ((preference, h, group)) ranked first, disadvantage on the
    least important targets breaking the ties of preference."""
    top = min(sc for sc, _, _ in scored)
    tied = [(h, g) for sc, h, g in scored if sc == top]
    if len(tied) == 1:
        return tied
    reach = turn.reach
    order = [reach.bit[e.id] for e in sorted(turn.enemies, key=lambda e: (e is not focus, choice.ranks.get(e.id, ())))]
    dis = reach.dis_mask
    flags = [tuple(bool(dis(h) & g & b) for b in order if g & b) for h, g in tied]
    low = min(flags)
    return [hg for hg, f in zip(tied, flags) if f == low]


def approach(turn, dests) -> dict:
    """For each destination, the hexes reachable this turn that bring the monster best towards
    it: fewest negative hexes on the whole way, then nearest it, then least movement (its own
    hex if none)."""
    mv, endable, move = turn.movement, turn.terrain.endable, turn.move
    cost = mv.cost
    reach = [h for h, c in enumerate(cost) if c is not None and c & MOVE <= move and endable(h)]
    out = {}
    for d, rem in mv.towards(dests, reach).items():
        if not rem:
            out[d] = [turn.terrain.start]
            continue
        scored = [((rem[x] & MOVE, cost[x] & MOVE), x) for x in rem]
        best = min(sc for sc, _ in scored)
        out[d] = [x for sc, x in scored if sc == best]
    return out
