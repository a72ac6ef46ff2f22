"""Where the fields of a TRF line are, and how numbers are written in them: shared by the
reader and the writer (internal)."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

# 001 line: 0-based [start, end) slices of each fixed field (1-based columns in comments).
START_NUMBER: Final = (4, 8)  # 5-8
SEX: Final = (9, 10)  # 10
TITLE: Final = (10, 13)  # 11-13
NAME: Final = (14, 47)  # 15-47
RATING: Final = (48, 52)  # 49-52
FEDERATION: Final = (53, 56)  # 54-56
FIDE_ID: Final = (57, 68)  # 58-68
BIRTH_DATE: Final = (69, 79)  # 70-79
POINTS: Final = (80, 84)  # 81-84
RANK: Final = (85, 89)  # 86-89
# Columns that must stay blank between the fields (0-based): 4, 9, 14, 48, 53, 57, 69,
# 80, 85, 90, 91.
PLAYER_GAPS: Final = (3, 8, 13, 47, 52, 56, 68, 79, 84, 89, 90)
FIRST_ROUND: Final = 91  # 0-based start of round 1's block (column 92)
ROUND_WIDTH: Final = 10  # a round block: 4 opponent, gap, colour, gap, result, 2 gaps

CODE_WIDTH: Final = 3  # record code in columns 1-3

_HEADER_CODE_RE: Final = re.compile(r"[0-9][0-9]2")
_INT_RE: Final = re.compile(r"[0-9]+")
_DECIMAL_RE: Final = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)")


def is_header_code(code: str) -> bool:
    """A tournament-section record code (``??2``: 012, 022, ..., 192, ...)."""
    return _HEADER_CODE_RE.fullmatch(code) is not None


def parse_int(text: str) -> int | None:
    """A plain non-negative decimal integer (ASCII digits only), or None."""
    return int(text) if _INT_RE.fullmatch(text) else None


def parse_decimal(text: str) -> Decimal | None:
    """A plain decimal number such as ``3.5``, ``-0.5``, ``1`` or ``2,5``, or None."""
    if not _DECIMAL_RE.fullmatch(text):
        return None
    return Decimal(text.replace(",", "."))


def format_decimal(value: Decimal) -> str:
    """Canonical text of a points value: one decimal place, more only when needed.

    ``Decimal("3.5") -> "3.5"``, ``Decimal(3) -> "3.0"``, ``Decimal("0.25") -> "0.25"``.
    """
    value = Decimal(value)
    if not value.is_finite():
        raise ValueError(f"points value {value} is not a finite number")
    if value == 0:
        return "0.0"
    one_place = value.quantize(Decimal("0.1"))
    if one_place == value:
        return f"{one_place:f}"
    return f"{value.normalize():f}"
