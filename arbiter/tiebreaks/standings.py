"""The public API: one tie-break value, or full ranked standings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from arbiter.tiebreaks.codes import ASCENDING, GROUP_RANKINGS, TiebreakCode, parse_code
from arbiter.tiebreaks.compute import values_for
from arbiter.tiebreaks.direct_comparison import dc_order, dc_scores
from arbiter.tiebreaks.direct_encounter import de_order, de_scores
from arbiter.tiebreaks.model import Player, TiebreakGame
from arbiter.tiebreaks.scores import Event, decimal_half, prepare


@dataclass(slots=True)
class Standing:
    player_id: str
    rank: int
    points: Decimal
    values: dict[str, Decimal | None] = field(default_factory=dict)


def tiebreak(
    code: str,
    player_id: str,
    rounds: Sequence[Sequence[TiebreakGame]],
    players: Sequence[Player],
    *,
    regulations: str = "2026",
    system: str = "swiss",
) -> Decimal | None:
    """One player's value. For DE and DC `players` is the tied group and the value is the
    player's score in the group's separate standings."""
    spec = parse_code(code)
    event = prepare(rounds, players, regulations=regulations, system=system)
    if player_id not in event.index:
        raise ValueError(f"unknown player {player_id!r}")
    p = event.index[player_id]
    if spec.name in GROUP_RANKINGS:
        group = [event.index[player.id] for player in players]
        if p not in group:
            raise ValueError(f"player {player_id!r} is not in the tied group")
        return _group_values(event, spec, group)[p]
    return values_for(event, spec)[p]


def rank(
    rounds: Sequence[Sequence[TiebreakGame]],
    players: Sequence[Player],
    order: Sequence[str],
    *,
    regulations: str = "2026",
    system: str = "swiss",
    points: Mapping[str, Decimal] | None = None,
) -> list[Standing]:
    """Standings sorted by points, then by each tie-break of `order` in turn.

    DE and DC rank each group still tied at their turn (re-applied to sub-ties); players
    tied after the last tie-break share a rank and are listed by pairing number.
    `points`: the scores to rank by and report when they are not the scores of `rounds` (a
    round in progress: its results count for points while the tie-breaks are computed over
    the complete rounds); a player it does not name has the score of `rounds`.
    """
    specs = [(code, parse_code(code)) for code in order]
    event = prepare(rounds, players, regulations=regulations, system=system)
    n = len(event.ids)
    scores = [decimal_half(total) for total in event.standing]
    if points is not None:
        scores = [points.get(pid, score) for pid, score in zip(event.ids, scores, strict=True)]
    tiers = _split([list(range(n))], scores, False)
    columns: dict[str, list[Decimal | None]] = {}
    for code, spec in specs:
        if spec.name in GROUP_RANKINGS:
            column: list[Decimal | None] = [Decimal(0)] * n
            refined: list[list[int]] = []
            for tier in tiers:
                if len(tier) > 1:
                    group_values = _group_values(event, spec, tier)
                    for p in tier:
                        column[p] = group_values[p]
                    order_function = de_order if spec.name == "DE" else dc_order
                    refined.extend(order_function(event, tier))
                else:
                    refined.append(tier)
            tiers = refined
        else:
            column = values_for(event, spec)
            tiers = _split(tiers, column, spec.name in ASCENDING)
        columns[code] = column  # keyed by the code exactly as the caller wrote it
    standings: list[Standing] = []
    for tier in tiers:
        position = len(standings) + 1
        for p in sorted(tier, key=lambda q: event.numbers[q]):
            values = {code: values_of[p] for code, values_of in columns.items()}
            standings.append(Standing(event.ids[p], position, scores[p], values))
    return standings


def _group_values(event: Event, spec: TiebreakCode, group: list[int]) -> dict[int, Decimal | None]:
    if spec.name == "DE":
        scores = de_scores(event, group)
        return {p: Decimal(v.numerator) / Decimal(v.denominator) for p, v in scores.items()}
    return {p: decimal_half(v) for p, v in dc_scores(event, group).items()}


def _split(
    tiers: list[list[int]], column: Sequence[Decimal | None], ascending: bool
) -> list[list[int]]:
    """Refine each tier by one column; a missing value ranks last."""
    result: list[list[int]] = []
    for tier in tiers:
        if len(tier) == 1:
            result.append(tier)
            continue
        groups: dict[Decimal | None, list[int]] = {}
        for p in tier:
            groups.setdefault(column[p], []).append(p)
        known = sorted((v for v in groups if v is not None), reverse=not ascending)
        result.extend(groups[v] for v in known)
        if None in groups:
            result.append(groups[None])
    return result
