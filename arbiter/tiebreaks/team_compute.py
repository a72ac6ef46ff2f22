"""One team tie-break for every team at once, from a prepared TeamTable (not DE/EDE)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import NamedTuple

from arbiter.tiebreaks.team_codes import SONNEBORN, TeamCode
from arbiter.tiebreaks.team_scores import PLAYED, VUR_KINDS, ZERO, TeamTable

Values = list[Decimal]


class Contribution(NamedTuple):
    """One round of a Buchholz or Sonneborn-Berger sum: `score` orders by significance (the
    opponent's score), `value` is what is summed, `vur` marks a voluntary unplayed round."""

    score: Decimal
    value: Decimal
    vur: bool


def cut_sum(items: list[Contribution], low: int, high: int, rounds: int) -> Decimal:
    """The sum after the C.07 article 14 cuts, with the article 16.5 exception on low cuts.

    A low cut removes the least significant contribution, or the lowest VUR contribution
    when that is not above it; a high cut the most significant. Ties go to the earlier item
    of the list as it stands, and the list keeps the order the last cut sorted it in (what
    gacrux does, which decides which VUR flag remains for a second cut).
    """
    low = min(low, rounds)
    high = min(high, rounds - low)
    remaining = list(items)
    for _ in range(low):
        if not remaining:
            break
        by_score = sorted(remaining, key=lambda item: (item.score, item.value))
        by_vur = sorted(remaining, key=lambda item: (not item.vur, item.value, item.score))
        if not by_vur[0].vur or by_score[0].value > by_vur[0].value:
            remaining = by_score[1:]
        else:
            remaining = by_vur[1:]
    for _ in range(high):
        if not remaining:
            break
        remaining = sorted(remaining, key=lambda item: (-item.score, -item.value))[1:]
    return sum((item.value for item in remaining), ZERO)


def contributions(table: TeamTable, i: int, code: TeamCode) -> list[Contribution]:
    """BH / SB contributions of team `i`, one per round (C.07 article 16 for unplayed ones).

    A match played: the opponent's adjusted score (16.3). Any other round: a dummy opponent
    with the team's own score, capped under the 2026 rules by the scheduled opponent's
    adjusted score (a forfeit, 16.4.1) or by a draw's worth times the rounds (16.4.2).
    """
    key = code.score
    adjusted = table.adjusted(key)
    own = table.total[key][i]
    cap = table.draw[key] * table.rounds
    capped = table.regulations == "2026"
    sonneborn = code.name in SONNEBORN
    items: list[Contribution] = []
    for row in table.rows[i]:
        if row.kind == PLAYED and row.opponent is not None:
            score, vur = adjusted[row.opponent], False
        else:
            score, vur = own, row.kind in VUR_KINDS
            if capped:
                score = min(score, adjusted[row.opponent] if row.opponent is not None else cap)
        value = score * row.score(code.result) if sonneborn else score
        items.append(Contribution(score, value, vur))
    return items


def _buchholz(table: TeamTable, code: TeamCode) -> Values:
    return [
        cut_sum(contributions(table, i, code), code.cut_low, code.cut_high, table.rounds)
        for i in range(len(table.teams))
    ]


def _total(table: TeamTable, code: TeamCode) -> Values:
    return list(table.total[code.score])


def _pairing_number(table: TeamTable, code: TeamCode) -> Values:
    return [Decimal(team.tpn) for team in table.teams]


def _wins(table: TeamTable, code: TeamCode) -> Values:
    """Rounds worth a win (match points), or boards worth a win (game points)."""
    if code.score == "m":
        win = table.win["m"]
        return [Decimal(sum(1 for row in rows if row.mp == win)) for rows in table.rows]
    board_win = table.event.scores.game.win
    return [
        Decimal(sum(1 for row in rows for points in row.boards if points == board_win))
        for rows in table.rows
    ]


def _progressive(table: TeamTable, code: TeamCode) -> Values:
    values: Values = []
    for rows in table.rows:
        running = total = ZERO
        for r, row in enumerate(rows):
            running += row.score(code.score)
            if r >= code.cut_low:
                total += running
        values.append(total)
    return values


def _board_count(table: TeamTable, code: TeamCode) -> Values:
    """Sum of board number x game points on that board over all rounds (lower ranks
    higher: among teams equal on game points, points on the top boards)."""
    return [
        sum(
            (board * points for row in rows for board, points in enumerate(row.boards, start=1)),
            ZERO,
        )
        for rows in table.rows
    ]


CALCULATORS: dict[str, Callable[[TeamTable, TeamCode], Values]] = {
    "MP": _total,
    "GP": _total,
    "PTS": _total,
    "MPVGP": _total,
    "TPN": _pairing_number,
    "WIN": _wins,
    "PS": _progressive,
    "BH": _buchholz,
    "SB": _buchholz,
    "ESB": _buchholz,
    "EMMSB": _buchholz,
    "EMGSB": _buchholz,
    "EGMSB": _buchholz,
    "EGGSB": _buchholz,
    "BC": _board_count,
}


def team_values(table: TeamTable, code: TeamCode) -> Values:
    """The value of `code` for every team, in TPN order (not DE/EDE)."""
    return CALCULATORS[code.name](table, code)
