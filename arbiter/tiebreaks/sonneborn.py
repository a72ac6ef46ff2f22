"""C.07 9.1 Sonneborn-Berger: the sum of each opponent's score times the result against him."""

from __future__ import annotations

from arbiter.tiebreaks.article16 import contributions
from arbiter.tiebreaks.modifiers import Item, cut_sum, sorted_cut
from arbiter.tiebreaks.scores import Event


def sonneborn_berger(event: Event, p: int, low: int = 0, high: int = 0) -> int:
    """SB in quarter-points. The least significant value is the one of the lowest-scored
    opponent (then the lowest product); the 16.5 exception compares contributions."""
    row = contributions(event)[p]
    if not low and not high:
        return sum(score * result for score, result, _ in row)
    if event.swiss and any(vur for _, _, vur in row):
        items = [Item(score, score * result, vur) for score, result, vur in row]
        return cut_sum(items, low, high, exception=True)
    # no VUR: cutting the least / most significant is cutting from the sorted order
    ordered = sorted((score, score * result) for score, result, _ in row)
    return sum(value for _, value in sorted_cut(ordered, low, high))
