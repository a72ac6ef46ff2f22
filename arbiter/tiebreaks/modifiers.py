"""C.07 article 14 modifiers (Cut / Median) with the article 16.5 Cut-1 exception."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, TypeVar

T = TypeVar("T")


class Item(NamedTuple):
    """`key` orders by significance (the opponent's score), `value` is what is summed."""

    key: int
    value: int
    vur: bool


def cut_sum(items: Sequence[Item], low: int, high: int, *, exception: bool) -> int:
    """Sum of `value` after dropping `low` least and `high` most significant items.

    16.5 (Swiss): when a low cut is made and VURs remain, the lowest VUR contribution is a
    candidate too; the higher of it and the normal least significant value is cut, the VUR
    on equality. With key == value (Buchholz) this always cuts the lowest VUR. Ties between
    equal items go to the earliest round. Cutting more items than exist leaves 0.
    """
    if not low and not high:
        return sum(item.value for item in items)
    remaining = list(items)
    for _ in range(low):
        if not remaining:
            break
        chosen = min(range(len(remaining)), key=lambda i: (remaining[i].key, remaining[i].value))
        if exception:
            vurs = [i for i, item in enumerate(remaining) if item.vur]
            if vurs:
                lowest_vur = min(vurs, key=lambda i: (remaining[i].value, remaining[i].key))
                if remaining[chosen].value <= remaining[lowest_vur].value:
                    chosen = lowest_vur
        del remaining[chosen]
    for _ in range(high):
        if not remaining:
            break
        top = max(range(len(remaining)), key=lambda i: (remaining[i].key, remaining[i].value))
        # max() keeps the first of equal items, like the low cut.
        del remaining[top]
    return sum(item.value for item in remaining)


def sorted_cut(ordered: Sequence[T], low: int, high: int) -> Sequence[T]:
    """An ascending sequence without its `low` first and `high` last items."""
    kept = ordered[low:]
    return kept[: max(len(kept) - high, 0)]


def cut_sorted(values: Sequence[int], low: int, high: int) -> list[int]:
    """Values without the `low` smallest and `high` largest (ARO)."""
    return list(sorted_cut(sorted(values), low, high))
