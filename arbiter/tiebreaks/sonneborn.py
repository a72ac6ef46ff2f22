"""C.07 9.1 Sonneborn-Berger: the sum of each opponent's score times the result against him."""

from __future__ import annotations

from arbiter.tiebreaks.article16 import contributions
from arbiter.tiebreaks.modifiers import Item, cut_sum
from arbiter.tiebreaks.scores import Event


def sonneborn_berger(event: Event, p: int, low: int = 0, high: int = 0) -> int:
    """SB in quarter-points. The least significant value is the one of the lowest-scored
    opponent (then the lowest product); the 16.5 exception compares contributions."""
    items = [Item(c.score, c.score * c.result, c.vur) for c in contributions(event)[p]]
    return cut_sum(items, low, high, exception=event.swiss)
