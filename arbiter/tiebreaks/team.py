"""Team standings of a team Swiss (FIDE C.04.6, tie-breaks C.07 as gacrux computes them).

from arbiter.tiebreaks.team import team_standings, board_scores

Plain Python: reads `arbiter.trf.team_event.TeamEvent`, returns plain data.
docs/team-swiss.md, "Standings and team tie-breaks", lists the codes and what each counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from arbiter.tiebreaks.team_boards import BoardScore, board_scores
from arbiter.tiebreaks.team_codes import ASCENDING, GROUP_RANKINGS, TeamCode, parse_team_code
from arbiter.tiebreaks.team_compute import team_values
from arbiter.tiebreaks.team_encounter import (
    board_order,
    board_totals,
    de_scores,
    encounter_functions,
    encounter_order,
)
from arbiter.tiebreaks.team_scores import PLAYED, TeamTable, complete_rounds
from arbiter.trf.team_event import TeamEvent

__all__ = ["BoardScore", "TeamStanding", "board_scores", "team_standings"]


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """`played`: matches played (at least one board over the board); `tiebreaks`: each code
    of the event's `tiebreaks`, keyed as the event spells it, in that order."""

    rank: int
    tpn: int
    name: str
    match_points: Decimal
    game_points: Decimal
    played: int
    tiebreaks: dict[str, Decimal] = field(default_factory=dict)


def team_standings(event: TeamEvent, *, after_round: int | None = None) -> list[TeamStanding]:
    """Teams ranked by the primary score, then each tie-break of `event.tiebreaks`; teams
    equal on everything share a rank (1, 1, 3 ...), listed by the other score, then TPN.

    Computed over rounds 1..`after_round` as if the event had ended there (the dummy cap
    of C.07 16.4.2 and Koya's maximum use that number of rounds); a round counts only once
    every board of every match has a result, so `after_round` is lowered to the last
    complete round (the default). Unknown codes raise UnknownTiebreak.
    """
    complete = complete_rounds(event)
    if after_round is not None and after_round < 0:
        raise ValueError(f"after_round must be 0 or more, not {after_round}")
    rounds = complete if after_round is None else min(after_round, complete)
    table = TeamTable(event, rounds)
    codes = [(text, parse_team_code(text, table.primary)) for text in event.tiebreaks]
    return rank_teams(table, codes)


def rank_teams(table: TeamTable, codes: Sequence[tuple[str, TeamCode]]) -> list[TeamStanding]:
    n = len(table.teams)
    primary = table.total[table.primary]
    tiers = _split([list(range(n))], primary, ascending=False)
    columns: dict[str, list[Decimal]] = {}
    totals: list[list[Decimal]] = []
    for text, code in codes:
        if code.name in GROUP_RANKINGS:
            column = [Decimal(0)] * n
            tied = [tier for tier in tiers if len(tier) > 1]
            if code.name in ("TBR", "BBE"):
                totals = totals or board_totals(table)
                for tier in tied:
                    for i in tier:
                        first = totals[i][:1] if code.name == "TBR" else totals[i][:-1]
                        column[i] = sum(first, Decimal(0))
                ordered = [sub for tier in tied for sub in board_order(table, tier, code.name)]
            else:
                for tier in tied:
                    for i, score in de_scores(table, tier, code.score).items():
                        column[i] = _decimal(score)
                functions = encounter_functions(table, code.name, code.score)
                ordered = encounter_order(tied, functions)
            tiers = _merge(tiers, ordered)
        else:
            column = team_values(table, code)
            tiers = _split(tiers, column, ascending=code.name in ASCENDING)
        columns[text] = column
    standings: list[TeamStanding] = []
    played = [sum(1 for row in rows if row.kind == PLAYED) for rows in table.rows]
    other = table.total[table.secondary]
    for tier in tiers:
        position = len(standings) + 1
        # Teams no tie-break separates share the rank; they are listed by the other score,
        # then TPN, so a team with fewer game points never shows above one with more.
        for i in sorted(tier, key=lambda j: (-other[j], table.teams[j].tpn)):
            team = table.teams[i]
            standings.append(
                TeamStanding(
                    rank=position,
                    tpn=team.tpn,
                    name=team.name,
                    match_points=table.total["m"][i],
                    game_points=table.total["g"][i],
                    played=played[i],
                    tiebreaks={text: column[i] for text, column in columns.items()},
                )
            )
    return standings


def _merge(tiers: list[list[int]], ordered: list[list[int]]) -> list[list[int]]:
    """`tiers` with each tied tier replaced by its refinement in `ordered` (same order)."""
    refined = iter(ordered)
    result: list[list[int]] = []
    for tier in tiers:
        if len(tier) == 1:
            result.append(tier)
            continue
        left = set(tier)
        while left:
            part = next(refined)
            result.append(part)
            left -= set(part)
    return result


def _decimal(value: Fraction) -> Decimal:
    quotient = Decimal(value.numerator) / Decimal(value.denominator)
    return quotient.normalize() if quotient == quotient.to_integral_value() else quotient


def _split(
    tiers: list[list[int]], column: Sequence[Decimal], *, ascending: bool
) -> list[list[int]]:
    result: list[list[int]] = []
    for tier in tiers:
        if len(tier) == 1:
            result.append(tier)
            continue
        groups: dict[Decimal, list[int]] = {}
        for i in tier:
            groups.setdefault(column[i], []).append(i)
        result.extend(groups[value] for value in sorted(groups, reverse=not ascending))
    return result
