"""C.07 article 7 tie-breaks that count results or rounds (PTS WIN WON BPG BWG PS REP STD TPN).

In a round robin (15.2) a forfeit counts like a game, except that a forfeit loss is treated as
an unplayed round (so it is never a game played with Black, nor a round elected to play).
"""

from __future__ import annotations

from itertools import accumulate

from arbiter.tiebreaks.scores import FORFEIT_LOSS, FORFEIT_WIN, FULL_BYE, OTB, PAB, Event

_ELECTED = frozenset({OTB, PAB, FULL_BYE, FORFEIT_WIN})


def _game(event: Event, p: int, r: int) -> bool:
    """A game for WON/BPG/BWG: OTB, or in a round robin a forfeit other than a loss."""
    if event.kind[p][r] == OTB:
        return True
    return not event.swiss and event.opp[p][r] >= 0 and event.kind[p][r] != FORFEIT_LOSS


def wins(event: Event, p: int) -> int:
    """WIN (7.1): rounds worth a win, played or not."""
    return sum(1 for points in event.pts[p] if points == 2)


def won(event: Event, p: int) -> int:
    """WON (7.2): games won over the board."""
    return sum(1 for r in range(event.rounds) if event.pts[p][r] == 2 and _game(event, p, r))


def black_games(event: Event, p: int) -> int:
    """BPG (7.3)."""
    return sum(1 for r in range(event.rounds) if event.black[p][r] and _game(event, p, r))


def black_wins(event: Event, p: int) -> int:
    """BWG (7.4)."""
    return sum(
        1
        for r in range(event.rounds)
        if event.black[p][r] and event.pts[p][r] == 2 and _game(event, p, r)
    )


def progressive(event: Event, p: int, low: int = 0, high: int = 0) -> int:
    """PS (7.5) in half-points; a cut drops the running totals of the first (last) rounds."""
    totals = list(accumulate(event.pts[p]))
    return sum(totals[low : max(len(totals) - high, low)])


def elected(event: Event, p: int) -> int:
    """REP (7.6): rounds minus half-byes, zero-byes (absences) and forfeit losses."""
    return sum(1 for kind in event.kind[p] if kind in _ELECTED)


def standard(event: Event, p: int) -> int:
    """STD (7.7) in half-points: 1 per round above a draw, 1/2 per round worth a draw."""
    return sum(2 if points > 1 else points for points in event.pts[p])
