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
targets, the focus counted like any other; then least movement; and what
still ties is the players' choice (docs/rules.md, multi-target attacks: Frosthaven ranks no target
above another once they are counted, so which target is at disadvantage
breaks no tie).

Line of sight is asked only where its answer can change the outcome: a
focus is attacked this turn exactly when its attack cost (stage 3) is within
the move; the most targets are found trying hexes by a bound that asks no
sight (``most_targets``); the ranked groups are tried one preference at a
time, least first, since preferences ask none (``first_attackable``); and
Frosthaven's hexes by a bound on their disadvantaged targets
(``unranked_attacks``). A hex the focus cannot be attacked from takes no
targets, so such hexes never need weeding out first.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, cast

from ghcli.records import record
from ghcli.rules.board import Figure
from ghcli.rules.hexes import HexNo
from ghcli.rules.monster.values import MOVE, NEGATIVES, Cost, EnemySet

if TYPE_CHECKING:
    from ghcli.rules.monster.focus import FocusChoice
    from ghcli.rules.monster.targets import TargetGroups
    from ghcli.rules.monster.turn import Turn

#: An attack's preference: (disadvantaged targets, movement cost), least first.
Preference = tuple[int, Cost]
#: An attack the monster might make: (its preference, the hex, the target group).
Scored = tuple[Any, HexNo, EnemySet]


@record(frozen=True)
class Plan:
    """One focus's outcome: ``choices`` (hex, target group) if it attacks this turn, else
    the ``destinations`` it heads for and the hexes it ``ends`` on (hex numbers)."""

    focus: Figure
    now: bool
    choices: tuple[tuple[HexNo, EnemySet], ...] = ()
    destinations: tuple[HexNo, ...] = ()
    ends: tuple[HexNo, ...] = ()


def _costs(turn: Turn) -> list[Cost]:
    """The movement costs, for hexes known to be reached (the attack hexes kept, the pool)."""
    return cast("list[Cost]", turn.movement.cost)


def plan(turn: Turn, groups: TargetGroups, choice: FocusChoice, focus: Figure) -> Plan:
    """The destination stage for one focus."""
    cost, reach, endable, move = turn.movement.cost, turn.reach, turn.terrain.endable, turn.move
    # the hexes the focus might be attacked from with the fewest negative hexes (its attack
    # cost's); line of sight is left to the target stage. The cheapest hex it can be
    # attacked from costs its attack cost, so that tells whether it is attacked this turn.
    attack_cost = choice.ranks[focus.id][0]
    least_neg = attack_cost & NEGATIVES  # (``values.negatives_part``)
    near = [h for h in reach.attack_hexes(focus)
            if (c := cost[h]) is not None and c & NEGATIVES == least_neg and endable(h)]
    if attack_cost & MOVE <= move:
        known = _costs(turn)
        now = [h for h in near if known[h] & MOVE <= move]
        return Plan(focus, True, choices=tuple(best_attacks(turn, groups, choice, focus, now)))
    if turn.rules.unreachable_heads_for_nearest:  # only the distance counts
        dests = tuple(sorted(h for h in near if cost[h] == attack_cost and reach.targetable(h, focus)))
    else:
        dests = tuple(sorted({h for h, _ in best_attacks(turn, groups, choice, focus, near)}))
    ways = approach(turn, dests)
    ends = tuple(x for d in dests for x in ways[d])
    return Plan(focus, False, destinations=dests, ends=ends)


def best_attacks(turn: Turn, groups: TargetGroups, choice: FocusChoice, focus: Figure,
                 pool: list[HexNo]) -> list[tuple[HexNo, EnemySet]]:
    """The (hex, group) pairs of ``pool`` ranked first for this focus (ties: players' choice).

    ``pool``: hexes the focus might be attacked from, one of them at least in line of sight
    (a hex it cannot be attacked from takes no targets, so it is never chosen)."""
    cost, reach, rs = _costs(turn), turn.reach, turn.rules
    bound = {h: groups.size_bound(h, focus) for h in pool}
    if reach.range > 0 and not reach.muddled and rs.focus_disadvantage_first:
        # (tried in the order ``most_targets`` tries hexes: its first questions are these)
        pool = sorted(pool, key=lambda h: (-bound[h], cost[h], h))
        clear = [h for h in pool if not reach.disadvantaged(h, focus)]
        if any(reach.targetable(h, focus) for h in clear):
            pool = clear
    k, hexes = most_targets(groups, focus, pool, cost, bound)
    if rs.rank_extra_targets:
        scored = ranked_attacks(turn, groups, focus, hexes, k)
    else:
        scored = unranked_attacks(turn, groups, focus, hexes, k)
    return first_ranked(turn, choice, focus, scored)


def ranked_attacks(turn: Turn, groups: TargetGroups, focus: Figure, hexes: list[HexNo], k: int) -> list[Scored]:
    """Gloomhaven, Jaws of the Lion: (preference, h, group) of the attacks of k targets on the
    groups of extra targets ranked first (like focuses: of the groups the cheapest hexes taking
    k can attack, those best by ``TargetGroups.rank``), at their least preference."""
    cost = _costs(turn)
    cheapest: list[HexNo] = []
    for _, tier in itertools.groupby(sorted(hexes, key=cost.__getitem__), key=cost.__getitem__):
        cheapest = [h for h in tier if groups.best_size(h, focus) == k]
        if cheapest:
            break
    found = {g for h in cheapest for g in groups.groups(h, focus, k)}
    if len(found) == 1:
        ranked = list(found)
    else:
        rank = {g: groups.rank(g, focus) for g in found}
        best = min(rank.values())
        ranked = [g for g in found if rank[g] == best]
    return first_attackable(groups, hexes, ranked, cost, turn.reach.dis_mask, k)


def unranked_attacks(turn: Turn, groups: TargetGroups, focus: Figure, hexes: list[HexNo], k: int) -> list[Scored]:
    """Frosthaven: (preference, h, group) of the attacks of k targets, any group, at their
    least preference: hexes tried by bounds on their disadvantaged targets (the first asks no
    line of sight, the second asks it for the enemies not disadvantaged, until k)."""
    cost, reach = _costs(turn), turn.reach
    dis = reach.dis_mask

    def bound(h: HexNo) -> Preference:
        return (max(0, k - (reach.reach_bound(h) & ~dis(h)).bit_count()), cost[h])

    def sharper(h: HexNo) -> Preference:
        return (max(0, k - reach.reach_count(h, ~dis(h), k)), cost[h])

    scored: list[Scored] = []
    lowest: Optional[Preference] = None
    for b, h in sorted((bound(h), h) for h in hexes):
        if lowest is not None and b > lowest:
            break  # no hex from here on can do better
        if groups.best_size(h, focus) != k or (lowest is not None and sharper(h) > lowest):
            continue
        for g in groups.groups(h, focus, k):
            sc = ((dis(h) & g).bit_count(), cost[h])  # fewest disadvantaged, then least movement
            scored.append((sc, h, g))
            if lowest is None or sc < lowest:
                lowest = sc
    return scored


def first_attackable(groups: TargetGroups, hexes: list[HexNo], ranked: list[EnemySet], cost: list[Cost],
                     dis: Callable[[HexNo], EnemySet], k: int) -> list[Scored]:
    """(preference, h, g) of every pair of a hex of ``hexes`` and a group of ``ranked`` (k
    targets each) whose preference, (disadvantaged targets, movement), is the least among the
    pairs one attack can take (``can_attack``).

    Preferences ask no line of sight, so the pairs are tried one preference at a time, least
    first, and sight is asked only until some pair of one preference is attackable. (A hex
    that takes k targets has at least k as its ``size_bound``: ``hexes`` may be those.)"""
    by_cost: dict[Cost, list[HexNo]] = {}
    for h in hexes:
        by_cost.setdefault(cost[h], []).append(h)
    tiers = sorted(by_cost.items())
    union = 0
    for g in ranked:
        union |= g
    split: dict[HexNo, dict[int, list[EnemySet]]] = {}  # hex -> {disadvantaged targets: the ranked groups}

    def split_of(h: HexNo) -> dict[int, list[EnemySet]]:
        out = split.get(h)
        if out is None:
            d = dis(h) & union
            out = split[h] = {0: ranked} if not d else {}
            if d:
                for g in ranked:
                    out.setdefault((d & g).bit_count(), []).append(g)
        return out

    for n in range(k + 1):
        for c, tier in tiers:
            scored = [((n, c), h, g) for h in tier for g in split_of(h).get(n, ()) if groups.can_attack(h, g)]
            if scored:
                return scored
    return []


def most_targets(groups: TargetGroups, focus: Figure, pool: list[HexNo], cost: list[Cost],
                 bound: dict[HexNo, int]) -> tuple[int, list[HexNo]]:
    """(k, hexes): the most targets k one attack on the focus from a hex of ``pool`` takes, and
    the hexes of pool that might take k (``best_size`` tells which).

    Hexes are tried by a bound that asks no line of sight (``bound``: hex -> ``size_bound``),
    highest first (then cheapest), until no bound is above the best size found: only a hex
    whose bound reaches k might take k targets."""
    k = 0
    for h in sorted(pool, key=lambda h: (-bound[h], cost[h])):
        if bound[h] <= k:
            break
        k = max(k, groups.best_size(h, focus))
    return k, [h for h in pool if bound[h] >= k]


def first_ranked(turn: Turn, choice: FocusChoice, focus: Figure, scored: list[Scored]) -> list[tuple[HexNo, EnemySet]]:
    """The (h, group) of ``scored`` ((preference, h, group)) ranked first; Gloomhaven and Jaws of
    the Lion break the ties of preference by disadvantage on the least important targets (the
    focus, then the extra targets as ranked). Frosthaven ranks no target above another once they
    are counted (the focus like any other): every pair tied on preference is an answer."""
    top = min(sc for sc, _, _ in scored)
    tied = [(h, g) for sc, h, g in scored if sc == top]
    if len(tied) == 1 or top[0] == 0 or not turn.rules.rank_extra_targets:
        return tied  # (no disadvantaged target, or nothing ranks the targets: no tie to break)
    reach = turn.reach
    order = [reach.bit[e.id] for e in sorted(turn.enemies, key=lambda e: (e is not focus, choice.ranks.get(e.id, ())))]
    dis = reach.dis_mask
    flags = [tuple(bool(dis(h) & g & b) for b in order if g & b) for h, g in tied]
    low = min(flags)
    return [hg for hg, f in zip(tied, flags) if f == low]


def approach(turn: Turn, dests: Iterable[HexNo]) -> dict[HexNo, list[HexNo]]:
    """For each destination, the hexes reachable this turn that bring the monster best towards
    it: fewest negative hexes on the whole way, then nearest it, then least movement (its own
    hex if none)."""
    mv, endable, move = turn.movement, turn.terrain.endable, turn.move
    reach = [h for h, c in enumerate(mv.cost) if c is not None and c & MOVE <= move and endable(h)]
    cost = _costs(turn)
    out = {}
    for d, rem in mv.towards(dests, reach).items():
        if not rem:
            out[d] = [turn.terrain.start]
            continue
        scored = [((rem[x] & MOVE, cost[x] & MOVE), x) for x in rem]
        best = min(sc for sc, _ in scored)
        out[d] = [x for sc, x in scored if sc == best]
    return out
