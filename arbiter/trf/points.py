"""Points of a round entry and of a player, from the TRF codes and the XXS point values.

Standard values (used where `point_values` gives nothing): win 1, draw ½, loss 0,
pairing-allocated bye (U) 1, full-point bye (F) 1, half-point bye (H) ½, zero-point bye (Z) 0,
forfeit win (+) 1, forfeit loss / absent (-) 0, blank (no result yet / not paired) 0.

XXS codes follow JaVaFo's convention (also py4swiss's): the specific codes WW BW WD BD WL BL
ZPB HPB FPB PAB FW FL, and the generic ones W (covers WW, BW, FW, FPB), D (WD, BD, HPB) and
L (WL, BL, ZPB, FL). A specific code wins over its generic one; PAB has no generic code.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Final

from arbiter.trf.model import PlayerRecord, RoundEntry

ONE: Final = Decimal(1)
HALF: Final = Decimal("0.5")
ZERO: Final = Decimal(0)

# Every code an XXS record may set, in the order the writer emits them.
XXS_CODES: Final = (
    "WW",
    "BW",
    "WD",
    "BD",
    "WL",
    "BL",
    "ZPB",
    "HPB",
    "FPB",
    "PAB",
    "FW",
    "FL",
    "W",
    "D",
    "L",
)

STANDARD_POINTS: Final[Mapping[str, Decimal]] = {
    "WW": ONE,
    "BW": ONE,
    "WD": HALF,
    "BD": HALF,
    "WL": ZERO,
    "BL": ZERO,
    "ZPB": ZERO,
    "HPB": HALF,
    "FPB": ONE,
    "PAB": ONE,
    "FW": ONE,
    "FL": ZERO,
    "W": ONE,
    "D": HALF,
    "L": ZERO,
}

_WIN_CODES: Final = frozenset("1W")
_DRAW_CODES: Final = frozenset("=D")
_LOSS_CODES: Final = frozenset("0L")


def _lookup(point_values: Mapping[str, Decimal] | None, *codes: str) -> Decimal:
    if point_values:
        for code in codes:
            value = point_values.get(code)
            if value is not None:
                return Decimal(value)
    return STANDARD_POINTS[codes[0]]


def entry_code(entry: RoundEntry) -> str | None:
    """The XXS code that prices `entry` (e.g. "WW", "HPB"), or None for a blank result."""
    result = entry.result.upper()
    white = entry.colour == "w"
    if result in _WIN_CODES:
        return "WW" if white else "BW"
    if result in _DRAW_CODES:
        return "WD" if white else "BD"
    if result in _LOSS_CODES:
        return "WL" if white else "BL"
    return {"+": "FW", "-": "FL", "H": "HPB", "F": "FPB", "U": "PAB", "Z": "ZPB"}.get(result)


SPECIFIC_CODES: Final = XXS_CODES[:12]
_GENERIC: Final = {
    "WW": "W",
    "BW": "W",
    "FW": "W",
    "FPB": "W",
    "WD": "D",
    "BD": "D",
    "HPB": "D",
    "WL": "L",
    "BL": "L",
    "ZPB": "L",
    "FL": "L",
}


def entry_points(entry: RoundEntry, point_values: Mapping[str, Decimal] | None = None) -> Decimal:
    """Points one round entry is worth to its player.

    A played game with colour "-" (which the reader refuses) is priced like the white side.
    """
    code = entry_code(entry)
    if code is None:
        return ZERO
    return code_points(point_values, code)


def code_points(point_values: Mapping[str, Decimal] | None, code: str) -> Decimal:
    """Points of a specific code (WW ... FL): its own value, else its generic one's."""
    generic = _GENERIC.get(code)
    if generic is None:
        return _lookup(point_values, code)
    return _lookup(point_values, code, generic)


def player_points(
    player: PlayerRecord, point_values: Mapping[str, Decimal] | None = None
) -> Decimal:
    """The sum of `entry_points` over the player's rounds (what the points column must say)."""
    total = ZERO
    for entry in player.rounds:
        total += entry_points(entry, point_values)
    return total
