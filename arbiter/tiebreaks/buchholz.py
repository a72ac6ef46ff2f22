"""C.07 article 8: Buchholz (BH), Fore Buchholz (FB), Average of Opponents' Buchholz (AOB)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from arbiter.tiebreaks.article16 import contributions
from arbiter.tiebreaks.modifiers import Item, cut_sum
from arbiter.tiebreaks.scores import OTB, Event


def buchholz(event: Event, p: int, low: int = 0, high: int = 0, *, fore: bool = False) -> int:
    """BH (or FB) in half-points."""
    items = [Item(c.score, c.score, c.vur) for c in contributions(event, fore=fore)[p]]
    return cut_sum(items, low, high, exception=event.swiss)


def plain_buchholz(event: Event) -> list[int]:
    """Uncut BH of everyone, computed once (AOB needs the opponents' values)."""
    cached = event.cache.get("BH")
    if cached is None:
        cached = [sum(c.score for c in row) for row in contributions(event)]
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
