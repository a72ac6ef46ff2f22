"""The Baku Acceleration Method (FIDE C.04.5.1), computed by us, never by an engine.

- Group A: before round 1 the players to be paired (those paired in round 1: not absent, not
  on a requested bye, not entered later), in pairing order, are split in two; GA holds the
  first half rounded up to the nearest even number, i.e. 2 * ceil(N / 4) players, and is
  everyone ranked at or above the last of them (an absent player ranked higher is in GA).
  A late entry slots into the list by rating; the last GA player stays the same, so GA is
  everyone ranked at or above them (GA may become odd).
- Accelerated rounds: the first half of the rounds, rounded up. GA players get 1 virtual
  point in the first half (rounded up) of the accelerated rounds and 0.5 in the others;
  nobody gets virtual points after the accelerated rounds, and GB players never do.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from arbiter.pairing.request import PairingRequest

ONE: Final = Decimal(1)
HALF: Final = Decimal("0.5")
ZERO: Final = Decimal(0)


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def baku_round_points(total_rounds: int) -> tuple[Decimal, ...]:
    """Virtual points of a GA player for rounds 1..total_rounds (e.g. 9 rounds: 1,1,1,½,½,0...)."""
    accelerated = _ceil_div(total_rounds, 2)
    full = _ceil_div(accelerated, 2)
    return tuple(
        ONE if rnd <= full else HALF if rnd <= accelerated else ZERO
        for rnd in range(1, total_rounds + 1)
    )


def baku_group_a(request: PairingRequest) -> tuple[int, ...]:
    """Pairing numbers of group A for the round being paired."""
    initial = _paired_in_round_one(request)
    if not initial:
        return ()
    size = min(2 * _ceil_div(len(initial), 4), len(initial))
    last_ga = initial[size - 1]
    return tuple(sorted(p.number for p in request.players if p.number <= last_ga))


def _paired_in_round_one(request: PairingRequest) -> list[int]:
    """Pairing numbers of "the list of players to be paired" before round 1 (C.04.5.1)."""
    if request.round == 1:
        present = set(request.present)
        return sorted(p.number for p in request.players if p.number in present)
    return sorted(
        p.number
        for p in request.players
        if p.entry_round <= 1
        and p.history
        and (p.history[0].opponent is not None or p.history[0].result in "U+")
    )


def virtual_points(request: PairingRequest) -> dict[int, tuple[Decimal, ...]]:
    """Virtual points per player per round (only players who have some), trailing zeros cut.

    Explicit `request.virtual_points` win; otherwise Baku when `request.acceleration` is on.
    """
    if request.virtual_points is not None:
        table = {n: tuple(Decimal(v) for v in vs) for n, vs in request.virtual_points.items()}
    elif request.acceleration:
        points = baku_round_points(request.total_rounds)
        table = {n: points for n in baku_group_a(request)}
    else:
        return {}
    out: dict[int, tuple[Decimal, ...]] = {}
    for number, values in table.items():
        trimmed = list(values)
        while trimmed and trimmed[-1] == 0:
            trimmed.pop()
        if trimmed:
            out[number] = tuple(trimmed)
    return out


def round_virtual_points(table: dict[int, tuple[Decimal, ...]], number: int, rnd: int) -> Decimal:
    """The virtual points `number` carries when round `rnd` is paired."""
    values = table.get(number, ())
    return values[rnd - 1] if rnd <= len(values) else ZERO


def records_250(table: dict[int, tuple[Decimal, ...]]) -> list[tuple[str, ...]]:
    """The table as 2025 TRF 250 records (match points, game points, first and last round,
    first and last player): players with the same values share a record where their pairing
    numbers are consecutive, and so do consecutive rounds with the same value."""
    records: list[tuple[str, ...]] = []
    numbers = sorted(table)
    start = 0
    while start < len(numbers):
        stop = start
        while (
            stop + 1 < len(numbers)
            and numbers[stop + 1] == numbers[stop] + 1
            and table[numbers[stop + 1]] == table[numbers[start]]
        ):
            stop += 1
        values = table[numbers[start]]
        rnd = 0
        while rnd < len(values):
            last = rnd
            while last + 1 < len(values) and values[last + 1] == values[rnd]:
                last += 1
            if values[rnd] != 0:
                points, rounds = f"{values[rnd]:.1f}", (str(rnd + 1), str(last + 1))
                records.append(("", points, *rounds, str(numbers[start]), str(numbers[stop])))
            rnd = last + 1
        start = stop + 1
    return records
