"""C.07 9.2 Koya system: points scored against opponents with at least 50 % of the maximum."""

from __future__ import annotations

from fractions import Fraction

from arbiter.tiebreaks.scores import Event


def koya_limit(event: Event, percent: Fraction, shift: Fraction) -> Fraction:
    """The limit in points. In a round robin the maximum excludes free rounds and players
    who never played (an odd field sits out once per cycle)."""
    games = event.rounds
    if not event.swiss:
        field = len(event.ids)
        if field and games % field == 0:
            games -= games // field
        games -= sum(1 for opps in event.opp if all(o < 0 for o in opps))
    return percent / 100 * games + shift


def koya(event: Event, p: int, limit: Fraction) -> int:
    """KS in half-points; every round against a named opponent counts, forfeits included."""
    total = 0
    for r in range(event.rounds):
        o = event.opp[p][r]
        if o >= 0 and Fraction(event.total[o], 2) >= limit:
            total += event.pts[p][r]
    return total
