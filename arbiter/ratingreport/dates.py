"""Dates as TRF files write them: the format's own spelling and the others real files use.

`event_date` reads 042/052 (TRF-2026: YYYY/MM/DD), `round_date` a 132 cell (YY/MM/DD),
`birth_date` columns 70-79 (YYYY/MM/DD; a year alone, or 00 for an unknown month and day,
are what files write when only the year is known). Each returns None for text that is no
date, else the date and whether it is written the format's way.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Final, NamedTuple

_ISO: Final = re.compile(r"(?P<y>[0-9]{4})(?P<s>[/.-])(?P<m>[0-9]{1,2})(?P=s)(?P<d>[0-9]{1,2})")
_DAY_FIRST: Final = re.compile(
    r"(?P<d>[0-9]{1,2})(?P<s>[/.-])(?P<m>[0-9]{1,2})(?P=s)(?P<y>[0-9]{4})"
)
_SHORT: Final = re.compile(r"(?P<y>[0-9]{2})(?P<s>[/.-])(?P<m>[0-9]{2})(?P=s)(?P<d>[0-9]{2})")
_MONTH_NAME: Final = re.compile(r"(?P<mon>[A-Za-z]{3})[a-z]*\.? (?P<d>[0-9]{1,2}), (?P<y>[0-9]{4})")
_MONTHS: Final = {
    name: number
    for number, name in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"),
        start=1,
    )
}
_YEAR: Final = re.compile(r"[0-9]{4}")


class ReadDate(NamedTuple):
    value: dt.date
    canonical: bool  # written the way the format says


class BirthDate(NamedTuple):
    year: int
    canonical: bool


def _date(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def event_date(text: str) -> ReadDate | None:
    """042 / 052: YYYY/MM/DD, else YYYY-MM-DD, DD/MM/YYYY, DD.MM.YYYY or "May 29, 2020"."""
    text = text.strip()
    match = _ISO.fullmatch(text)
    if match:
        date = _date(int(match["y"]), int(match["m"]), int(match["d"]))
        canonical = match["s"] == "/" and len(match["m"]) == len(match["d"]) == 2
        return None if date is None else ReadDate(date, canonical)
    match = _DAY_FIRST.fullmatch(text)
    if match:
        date = _date(int(match["y"]), int(match["m"]), int(match["d"]))
        return None if date is None else ReadDate(date, False)
    match = _MONTH_NAME.fullmatch(text)
    if match and match["mon"].lower() in _MONTHS:
        date = _date(int(match["y"]), _MONTHS[match["mon"].lower()], int(match["d"]))
        return None if date is None else ReadDate(date, False)
    return None


def round_date(text: str) -> ReadDate | None:
    """A 132 cell: YY/MM/DD (years 2000-2099), else any spelling `event_date` reads."""
    text = text.strip()
    match = _SHORT.fullmatch(text)
    if match:
        date = _date(2000 + int(match["y"]), int(match["m"]), int(match["d"]))
        return None if date is None else ReadDate(date, match["s"] == "/")
    read = event_date(text)
    return None if read is None else ReadDate(read.value, False)


def birth_date(text: str) -> BirthDate | None:
    """Columns 70-79: the year of birth, and whether the text is YYYY/MM/DD or a year alone
    (YYYY, YYYY/00/00 and YYYY/MM/00 stand for an unknown day or month)."""
    text = text.strip()
    if _YEAR.fullmatch(text):
        return BirthDate(int(text), True)
    match = _ISO.fullmatch(text)
    if match:
        year, month, day = int(match["y"]), int(match["m"]), int(match["d"])
        known = _date(year, month or 1, day or 1) is not None and (month or not day)
        canonical = match["s"] == "/" and len(match["m"]) == len(match["d"]) == 2
        return BirthDate(year, canonical) if known else None
    match = _DAY_FIRST.fullmatch(text)
    if match and _date(int(match["y"]), int(match["m"]), int(match["d"])) is not None:
        return BirthDate(int(match["y"]), False)
    return None
