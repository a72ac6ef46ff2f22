"""C.07 article 8: Buchholz (BH), Fore Buchholz (FB), Average of Opponents' Buchholz (AOB)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from arbiter.tiebreaks.article16 import contributions
from arbiter.tiebreaks.modifiers import sorted_cut
from arbiter.tiebreaks.scores import OTB, Event


def buchholz(event: Event, p: int, low: int = 0, high: int = 0, *, fore: bool = False) -> int:
    """BH (or FB) in half-points."""
    row = contributions(event, fore=fore)[p]
    if not low and not high:
        return sum(score for score, _, _ in row)
    if not event.swiss or not any(vur for _, _, vur in row):
        # No VUR to cut first: the cut drops the lowest and highest of the sorted scores.
        return sum(sorted_cut(sorted(score for score, _, _ in row), low, high))
    # With key == value the 16.5 exception always cuts the lowest VUR while one is left.
    vurs = sorted(score for score, _, vur in row if vur and event.swiss)
    others = sorted(score for score, _, vur in row if not (vur and event.swiss))
    for _ in range(low):
        if vurs:
            del vurs[0]
        elif others:
            del others[0]
    return sum(sorted_cut(sorted(vurs + others), 0, high))


def plain_buchholz(event: Event) -> list[int]:
    """Uncut BH of everyone, computed once (AOB needs the opponents' values)."""
    cached = event.cache.get("BH")
    if cached is None:
        cached = [sum(score for score, _, _ in row) for row in contributions(event)]
        event.cache["BH"] = cached
    return cached  # type: ignore[return-value]


def aob_places(rounds: int) -> Decimal:
    """AOB precision: enough decimals that two different averages stay apart in practice."""
    if rounds < 9:
        return Decimal("0.01")
    if rounds < 27:
        return Decimal("0.001")
    if rounds < 73:
        return Decimal("0.0001")
    return Decimal("0.00001")


def average_of_buchholz(event: Event, p: int) -> Decimal | None:
    """AOB (8.2): mean of the full BH of the opponents met over the board."""
    values = plain_buchholz(event)
    met = [values[event.opp[p][r]] for r in range(event.rounds) if event.kind[p][r] == OTB]
    if not met:
        return None
    exact = Fraction(sum(met), 2 * len(met))
    places = aob_places(event.rounds)
    return (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(
        places, rounding=ROUND_HALF_UP
    )
