"""The TRF-2026 tournament tags the reader checks: 142 rounds, 152 initial colour, 162 point
system, 202/212 tie-breaks. Their text stays in `Tournament.header` as written (so a file
reads and writes back without loss); these functions check it and give its meaning.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from arbiter.trf.columns import format_decimal, parse_decimal, parse_int
from arbiter.trf.errors import TrfError
from arbiter.trf.i18n import gettext as _
from arbiter.trf.points import SPECIFIC_CODES, code_points

# 162: a result symbol at column 6, its points in 7-10, the next pair 9 columns further on.
SCORE_SYMBOLS: Final = ("W", "D", "L", "A", "P", "X")
SCORE_DEFAULTS: Final = {
    "W": Decimal(1),
    "D": Decimal("0.5"),
    "L": Decimal(0),
    "A": Decimal(0),
}
_SCORE_FIRST: Final = 5  # 0-based column of the first symbol (column 6)
_SCORE_STRIDE: Final = 9
_TIEBREAK_CODE: Final = re.compile(r"[A-Za-z][A-Za-z0-9]*(?::[A-Za-z]+)?(?:/[A-Za-z0-9.\-]+)*")


def _value(raw: str) -> tuple[int, str]:
    """The tag's text (from column 5) stripped, and the 1-based column where it starts."""
    text = raw[4:]
    return 5 + len(text) - len(text.lstrip()), text.strip()


def read_rounds(lineno: int, raw: str) -> int:
    """142: the number of rounds, a positive whole number."""
    column, text = _value(raw)
    number = parse_int(text)
    if number is None or number < 1:
        raise TrfError(
            lineno,
            column,
            _("142 number of rounds %(text)s is not a positive number") % {"text": repr(text)},
        )
    return number


def read_colour(lineno: int, raw: str) -> str:
    """152: "W" or "B" (either case) -> "white" / "black"."""
    column, text = _value(raw)
    if text.upper() not in ("W", "B"):
        raise TrfError(
            lineno, column, _("152 initial colour %(text)s is not W or B") % {"text": repr(text)}
        )
    return "white" if text.upper() == "W" else "black"


def read_scoring(lineno: int, raw: str) -> dict[str, Decimal]:
    """162: symbol -> points, e.g. {"W": 3, "D": 1}. Symbols W D L A P X, each at most once."""
    line = raw.rstrip()
    values: dict[str, Decimal] = {}
    start = _SCORE_FIRST
    if len(line) <= start:
        raise TrfError(lineno, len(line) + 1, _("162 needs a result symbol at column 6"))
    if line[4] != " ":
        raise TrfError(
            lineno, 5, _("162: column 5 must be blank (the first symbol is in column 6)")
        )
    while start < len(line):
        symbol = line[start].upper()
        if symbol not in SCORE_SYMBOLS:
            raise TrfError(
                lineno,
                start + 1,
                _("162 result symbol %(symbol)s is not one of W D L A P X")
                % {"symbol": repr(line[start])},
            )
        if symbol in values:
            raise TrfError(
                lineno,
                start + 1,
                _("162 gives the points of %(symbol)s twice") % {"symbol": symbol},
            )
        points_text = line[start + 1 : start + 5].strip()
        points = parse_decimal(points_text)
        if points is None:
            raise TrfError(
                lineno,
                start + 2,
                _("162 points %(points)s for %(symbol)s are not a number")
                % {"points": repr(points_text), "symbol": symbol},
            )
        values[symbol] = points
        gap = line[start + 5 : start + _SCORE_STRIDE]
        if gap.strip():
            column = start + 6 + len(gap) - len(gap.lstrip())
            raise TrfError(lineno, column, _("162: columns between two results must be blank"))
        start += _SCORE_STRIDE
    return values


def read_tiebreaks(lineno: int, raw: str) -> list[str]:
    """202 / 212: comma-separated tie-break codes (spaces around the commas allowed)."""
    column, text = _value(raw)
    if not text:
        return []
    codes: list[str] = []
    position = column
    for part in raw[column - 1 :].rstrip().split(","):
        code = part.strip()
        if not _TIEBREAK_CODE.fullmatch(code):
            at = position + len(part) - len(part.lstrip())
            raise TrfError(
                lineno,
                at,
                _("%(record)s tie-break code %(code)s is not a code such as BH/C1")
                % {"record": raw[:3], "code": repr(code)},
            )
        codes.append(code)
        position += len(part) + 1
    return codes


def scoring_text(values: dict[str, Decimal]) -> str:
    """The 162 text (from column 5) for symbol -> points, in the order W D L A P X."""
    out = " "
    for symbol in SCORE_SYMBOLS:
        if symbol in values:
            points = format_decimal(values[symbol])
            if len(points) > 4:
                raise ValueError(f"162 points {points} of {symbol} do not fit 4 columns")
            out += symbol + points.rjust(4) + "    "
    return out.rstrip()


def xxs_values(scoring: dict[str, Decimal]) -> dict[str, Decimal]:
    """The XXS point values (see arbiter.trf.points) a 162 point system stands for."""
    values: dict[str, Decimal] = {}
    if "W" in scoring:
        values["W"] = scoring["W"]
    if "D" in scoring:
        values["D"] = scoring["D"]
    if "L" in scoring:
        values["WL"] = values["BL"] = scoring["L"]
    if "A" in scoring:
        values["ZPB"] = values["FL"] = scoring["A"]
    if "P" in scoring or "W" in scoring:  # P defaults to W's value
        values["PAB"] = scoring.get("P", scoring.get("W", Decimal(1)))
    return values


def scoring_from_xxs(values: dict[str, Decimal]) -> dict[str, Decimal]:
    """The 162 point system of XXS values; ValueError if 162 cannot say them (162 has one
    value per outcome, XXS may price white's and black's wins apart)."""
    scoring = _closest_scoring(values)
    if any(code_points(values, c) != code_points(xxs_values(scoring), c) for c in SPECIFIC_CODES):
        raise ValueError(
            _("the XXS point values %(values)s have no TRF-2026 162 equivalent")
            % {"values": values}
        )
    return scoring


def _closest_scoring(values: dict[str, Decimal]) -> dict[str, Decimal]:
    scoring: dict[str, Decimal] = {}
    for symbol, codes in (
        ("W", ("W", "WW")),
        ("D", ("D", "WD")),
        ("L", ("WL", "L")),
        ("A", ("ZPB", "FL", "L")),
        ("P", ("PAB",)),
    ):
        found = next((values[code] for code in codes if code in values), None)
        if found is not None:
            scoring[symbol] = found
    if scoring and "P" not in scoring:
        scoring["P"] = Decimal(1)  # XXS's PAB stays 1 unless set; 162's P would follow W
    return scoring
