"""EGF Direct Comparison (DC), applied iteratively to sub-groups that remain tied.

DC of a player relative to a group is his number-of-wins score (win 1, draw 1/2) in the games
played over the board inside the group. In a Swiss/McMahon event, if the tied players have not
all played each other the same number of times, every one of them gets 0. Each iteration only
refines the order inside a sub-group; we apply the same-number test to every sub-group.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from arbiter.tiebreaks.scores import OTB, Event


def dc_scores(event: Event, members: Sequence[int]) -> dict[int, int]:
    """Half-points each member scored against the rest of the group (0 for all if unequal)."""
    inside = set(members)
    scores = dict.fromkeys(members, 0)
    meetings: Counter[tuple[int, int]] = Counter()
    for p in members:
        for r in range(event.rounds):
            o = event.opp[p][r]
            if o in inside and o != p and event.kind[p][r] == OTB:
                scores[p] += event.pts[p][r]
                meetings[(min(p, o), max(p, o))] += 1
    if event.swiss and len(members) > 1:
        counts = {
            meetings[(min(p, q), max(p, q))] for p in members for q in members if p < q
        }  # counts every game twice (once per side): equal counts stay equal
        if len(counts) > 1:
            return dict.fromkeys(members, 0)
    return scores


def dc_order(event: Event, members: Sequence[int]) -> list[list[int]]:
    """Ordered tiers after iterated Direct Comparison."""
    group = list(members)
    if len(group) < 2:
        return [group]
    scores = dc_scores(event, group)
    tiers: dict[int, list[int]] = {}
    for p in group:
        tiers.setdefault(scores[p], []).append(p)
    if len(tiers) == 1:
        return [group]
    return [sub for value in sorted(tiers, reverse=True) for sub in dc_order(event, tiers[value])]
