"""C.07 article 6: Direct Encounter, a ranking of a tied group.

6.1 separate standings from the games between members (forfeits count only in round robins,
where 15.2 treats them as games); repeated encounters count by their average (6.1.2).
6.2 when every pair has met, rank by those standings and re-apply to each sub-group still tied.
6.3 otherwise (Swiss) a member is ranked first only if no result of the missing games could
catch him, then second, and so on; the rest is re-applied as a new group.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from arbiter.tiebreaks.scores import Event


def encounters(event: Event, members: Sequence[int]) -> dict[int, dict[int, Fraction]]:
    """member -> {member met: average result (points)}."""
    inside = set(members)
    table: dict[int, dict[int, Fraction]] = {}
    for p in members:
        results: dict[int, list[int]] = {}
        for r in range(event.rounds):
            o = event.opp[p][r]
            if o in inside and o != p and event.counts_as_game(p, r):
                results.setdefault(o, []).append(event.pts[p][r])
        table[p] = {o: Fraction(sum(res), 2 * len(res)) for o, res in results.items()}
    return table


def de_scores(event: Event, members: Sequence[int]) -> dict[int, Fraction]:
    """Each member's score in the group's separate standings."""
    return {p: sum(met.values(), Fraction(0)) for p, met in encounters(event, members).items()}


def de_order(event: Event, members: Sequence[int]) -> list[list[int]]:
    """The group split into ordered tiers (players in one tier remain tied)."""
    group = list(members)
    if len(group) < 2:
        return [group]
    table = encounters(event, group)
    scores = {p: sum(met.values(), Fraction(0)) for p, met in table.items()}
    everyone_met = not event.swiss or all(len(table[p]) == len(group) - 1 for p in group)
    if everyone_met:
        tiers = _tiers(group, scores)
        if len(tiers) == 1:
            return tiers
        return [sub for tier in tiers for sub in de_order(event, tier)]
    best_possible = {p: scores[p] + (len(group) - 1 - len(table[p])) for p in group}
    remaining = sorted(group, key=lambda p: (-scores[p], -best_possible[p]))
    placed: list[list[int]] = []
    while len(remaining) > 1:
        leader, rest = remaining[0], remaining[1:]
        if scores[leader] > max(best_possible[p] for p in rest):
            placed.append([leader])
            remaining = rest
        else:
            break
    if not placed:
        return [group]
    return placed + de_order(event, remaining)


def _tiers(group: list[int], scores: dict[int, Fraction]) -> list[list[int]]:
    tiers: dict[Fraction, list[int]] = {}
    for p in group:
        tiers.setdefault(scores[p], []).append(p)
    return [tiers[score] for score in sorted(tiers, reverse=True)]
