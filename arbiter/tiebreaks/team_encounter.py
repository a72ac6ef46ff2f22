"""C.07 article 6 for teams: Direct Encounter (DE) and Extended Direct Encounter (EDE).

DE ranks a tied group by the separate standings of the matches played between its members
(forfeited matches do not count in a Swiss), in one score (match points unless the code
names game points); repeated encounters count by their average (6.1.2). 6.2: when every
pair has met, rank by those standings and apply again to each sub-group still tied. 6.3:
otherwise a team is placed first only if its score beats every other member's best possible
score (its score plus a won match for each member it has not met), then second, and so on;
the rest is a new group.

EDE applies DE on the primary score until nothing changes, then DE on the secondary score
until nothing changes, and so on in turn, until neither changes anything (gacrux's order).

TBR (top board result) ranks a tied group by the game points scored on board 1 over the
event, then on board 2, and so on; BBE (bottom board elimination) by the game points of all
boards without the last board, then without the last two, and so on.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from arbiter.tiebreaks.team_scores import PLAYED, Key, TeamTable


def encounters(table: TeamTable, group: Sequence[int], key: Key) -> dict[int, dict[int, Fraction]]:
    """member -> {member met in a played match: average score against him}."""
    inside = set(group)
    met: dict[int, dict[int, Fraction]] = {}
    for i in group:
        results: dict[int, list[Fraction]] = {}
        for row in table.rows[i]:
            if row.kind == PLAYED and row.opponent in inside and row.opponent != i:
                assert row.opponent is not None
                results.setdefault(row.opponent, []).append(Fraction(row.score(key)))
        met[i] = {o: sum(values, Fraction(0)) / len(values) for o, values in results.items()}
    return met


def de_scores(table: TeamTable, group: Sequence[int], key: Key) -> dict[int, Fraction]:
    return {i: sum(m.values(), Fraction(0)) for i, m in encounters(table, group, key).items()}


def de_step(table: TeamTable, group: list[int], key: Key) -> list[list[int]]:
    """One application of DE to a tied group: its tiers, best first (one tier: no split)."""
    if len(group) < 2:
        return [group]
    met = encounters(table, group, key)
    scores = {i: sum(m.values(), Fraction(0)) for i, m in met.items()}
    if all(len(met[i]) == len(group) - 1 for i in group):
        tiers: dict[Fraction, list[int]] = {}
        for i in sorted(group):
            tiers.setdefault(scores[i], []).append(i)
        return [tiers[score] for score in sorted(tiers, reverse=True)]
    win = Fraction(table.win[key])
    best = {i: scores[i] + (len(group) - 1 - len(met[i])) * win for i in group}
    remaining = sorted(group, key=lambda i: (-scores[i], -best[i], i))
    placed: list[list[int]] = []
    while len(remaining) > 1 and scores[remaining[0]] > max(best[i] for i in remaining[1:]):
        placed.append([remaining[0]])
        remaining = remaining[1:]
    return [*placed, sorted(remaining)] if placed else [group]


def _until_stable(
    table: TeamTable, tiers: list[list[int]], key: Key
) -> tuple[list[list[int]], bool]:
    changed = False
    while True:
        refined = [sub for tier in tiers for sub in de_step(table, tier, key)]
        if len(refined) == len(tiers):
            return tiers, changed
        tiers, changed = refined, True


def de_order(table: TeamTable, group: list[int], key: Key) -> list[list[int]]:
    return _until_stable(table, [group], key)[0]


def ede_order(table: TeamTable, group: list[int]) -> list[list[int]]:
    keys = (table.primary, table.secondary)
    tiers = [group]
    stable = [False, False]
    turn = 0
    while not all(stable):
        tiers, changed = _until_stable(table, tiers, keys[turn])
        if changed:
            stable = [False, False]
        stable[turn] = True
        turn = 1 - turn
    return tiers


def board_totals(table: TeamTable) -> list[list[Decimal]]:
    """Each team's game points per board (board 1 first) over all its rounds."""
    totals = [[Decimal(0)] * table.event.boards for _ in table.teams]
    for i, rows in enumerate(table.rows):
        for row in rows:
            for board, points in enumerate(row.boards):
                totals[i][board] += points
    return totals


def board_order(table: TeamTable, group: list[int], name: str) -> list[list[int]]:
    """TBR or BBE on a tied group: its tiers, best first."""
    totals = board_totals(table)
    boards = table.event.boards
    tiers = [group]
    for step in range(1, boards + 1):
        if name == "TBR":
            values = {i: totals[i][step - 1] for i in group}
        else:
            values = {i: sum(totals[i][: boards - step], Decimal(0)) for i in group}
        refined: list[list[int]] = []
        for tier in tiers:
            split: dict[Decimal, list[int]] = {}
            for i in sorted(tier):
                split.setdefault(values[i], []).append(i)
            refined.extend(split[value] for value in sorted(split, reverse=True))
        tiers = refined
    return tiers
