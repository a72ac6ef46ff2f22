"""One tie-break for every participant at once, from a prepared Event."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from arbiter.tiebreaks import counts
from arbiter.tiebreaks.buchholz import average_of_buchholz, buchholz
from arbiter.tiebreaks.codes import TiebreakCode
from arbiter.tiebreaks.koya import koya, koya_limit
from arbiter.tiebreaks.rating_based import aro, average_of_opponents, performance_table
from arbiter.tiebreaks.scores import Event, decimal_half, decimal_quarter
from arbiter.tiebreaks.sonneborn import sonneborn_berger

Values = list[Decimal | None]


def _integer(value: int | None) -> Decimal | None:
    return None if value is None else Decimal(value)


def _halves(function: Callable[[Event, int], int]) -> Callable[[Event, TiebreakCode], Values]:
    def compute(event: Event, code: TiebreakCode) -> Values:
        return [decimal_half(function(event, p)) for p in range(len(event.ids))]

    return compute


def _counted(function: Callable[[Event, int], int]) -> Callable[[Event, TiebreakCode], Values]:
    def compute(event: Event, code: TiebreakCode) -> Values:
        return [Decimal(function(event, p)) for p in range(len(event.ids))]

    return compute


def _points(event: Event, code: TiebreakCode) -> Values:
    return [decimal_half(total) for total in event.standing]


def _pairing_number(event: Event, code: TiebreakCode) -> Values:
    return [Decimal(number) for number in event.numbers]


def _progressive(event: Event, code: TiebreakCode) -> Values:
    low, high = code.cut_low, code.cut_high
    return [decimal_half(counts.progressive(event, p, low, high)) for p in range(len(event.ids))]


def _buchholz(event: Event, code: TiebreakCode) -> Values:
    fore = code.name == "FB"
    return [
        decimal_half(buchholz(event, p, code.cut_low, code.cut_high, fore=fore))
        for p in range(len(event.ids))
    ]


def _aob(event: Event, code: TiebreakCode) -> Values:
    return [average_of_buchholz(event, p) for p in range(len(event.ids))]


def _sonneborn(event: Event, code: TiebreakCode) -> Values:
    return [
        decimal_quarter(sonneborn_berger(event, p, code.cut_low, code.cut_high))
        for p in range(len(event.ids))
    ]


def _koya(event: Event, code: TiebreakCode) -> Values:
    limit = koya_limit(event, code.koya_percent, code.koya_shift)
    return [decimal_half(koya(event, p, limit)) for p in range(len(event.ids))]


def _aro(event: Event, code: TiebreakCode) -> Values:
    return [_integer(aro(event, p, code.cut_low, code.cut_high)) for p in range(len(event.ids))]


def _performance(event: Event, code: TiebreakCode) -> Values:
    return [_integer(value) for value in performance_table(event, code.name)]


def _average_performance(event: Event, code: TiebreakCode) -> Values:
    table = performance_table(event, "TPR" if code.name == "APRO" else "PTP")
    return [_integer(average_of_opponents(event, p, table)) for p in range(len(event.ids))]


CALCULATORS: dict[str, Callable[[Event, TiebreakCode], Values]] = {
    "PTS": _points,
    "WIN": _counted(counts.wins),
    "WON": _counted(counts.won),
    "BPG": _counted(counts.black_games),
    "BWG": _counted(counts.black_wins),
    "PS": _progressive,
    "REP": _counted(counts.elected),
    "STD": _halves(counts.standard),
    "TPN": _pairing_number,
    "BH": _buchholz,
    "FB": _buchholz,
    "AOB": _aob,
    "SB": _sonneborn,
    "KS": _koya,
    "ARO": _aro,
    "TPR": _performance,
    "PTP": _performance,
    "APRO": _average_performance,
    "APPO": _average_performance,
}


def values_for(event: Event, code: TiebreakCode) -> Values:
    """The value of `code` for every participant, in Event order (not DE/DC)."""
    return CALCULATORS[code.name](event, code)
