"""Tournament records: the ``??2`` tags (012 name, 042/052 dates, the TRF-2026 tags 142-212,
...) into `Tournament.header`, and 132, the round dates."""

from __future__ import annotations

import datetime as dt
import re
from typing import Final

from arbiter.trf import tags2026
from arbiter.trf.columns import FIRST_ROUND, ROUND_WIDTH
from arbiter.trf.errors import TrfError
from arbiter.trf.i18n import gettext as _
from arbiter.trf.read.fields import need_blank_after_code, tokens
from arbiter.trf.read.state import ReadState

# TRF-2026 tags whose text is checked (each given once); the text itself stays in `header`.
TAG_READERS: Final = {
    "142": tags2026.read_rounds,
    "152": tags2026.read_colour,
    "162": tags2026.read_scoring,
    "202": tags2026.read_tiebreaks,
    "212": tags2026.read_tiebreaks,
}

# Dates: 042/052 and 132 accept these spellings (the written text is kept as it is).
_DATE_FORMATS: Final = (
    re.compile(r"(?P<y>[0-9]{4})(?P<s>[/.-])(?P<m>[0-9]{2})(?P=s)(?P<d>[0-9]{2})"),
    re.compile(r"(?P<d>[0-9]{2})\.(?P<m>[0-9]{2})\.(?P<y>[0-9]{4})"),
    re.compile(r"(?P<yy>[0-9]{2})/(?P<m>[0-9]{2})/(?P<d>[0-9]{2})"),
)


def _is_date(text: str) -> bool:
    for pattern in _DATE_FORMATS:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        parts = match.groupdict()
        year = int(parts["y"]) if parts.get("y") else 2000 + int(parts["yy"])
        try:
            dt.date(year, int(parts["m"]), int(parts["d"]))
        except ValueError:
            return False
        return True
    return False


def read_tag(state: ReadState, lineno: int, raw: str) -> None:
    """A ``??2`` record other than 132."""
    code = raw[:3]
    need_blank_after_code(lineno, raw)
    value = raw[4:].rstrip()
    if code in ("042", "052") and value.strip() and not _is_date(value.strip()):
        # Read all the same (kept as written): lichess wrote "May 29, 2020", JaVaFo's
        # sample "24/09/2010".
        column = 5 + len(value) - len(value.lstrip())
        message = (
            _("start date %(date)s is not written YYYY/MM/DD; kept as written")
            if code == "042"
            else _("end date %(date)s is not written YYYY/MM/DD; kept as written")
        )
        state.warn(lineno, column, message % {"date": repr(value.strip())})
    if code in TAG_READERS:
        state.once(code, lineno)
        TAG_READERS[code](lineno, raw)
    if code in state.t.header:
        state.t.header[code] += "\n" + value
    else:
        state.t.header[code] = value


def read_round_dates(state: ReadState, lineno: int, raw: str) -> None:
    """132: one date per round, in the columns of the 001 round blocks."""
    state.once("132", lineno)
    try:
        state.t.round_dates = _round_dates_in_columns(lineno, raw)
    except TrfError as error:
        # Read the dates as the words of the line (a date a column off, another spelling).
        state.warn(
            error.line,
            error.column,
            _("%(message)s; read word by word") % {"message": error.message},
        )
        state.t.round_dates = [word[:10] for _, word in tokens(raw, 4)]


def _round_dates_in_columns(lineno: int, raw: str) -> list[str]:
    stray = raw[3:FIRST_ROUND]
    if stray.strip():
        column = 4 + len(stray) - len(stray.lstrip())
        raise TrfError(
            lineno, column, _("132 round dates must start at column 92 (round 1), 102, 112, ...")
        )
    dates: list[str] = []
    start = FIRST_ROUND
    while start < len(raw):
        cell = raw[start : start + ROUND_WIDTH]
        date = cell.strip()
        if date:
            column = start + 1 + len(cell) - len(cell.lstrip())
            if cell[0] == " " or not _is_date(date):
                raise TrfError(
                    lineno,
                    column,
                    _(
                        "round %(round)s date %(date)s is not a date (YY/MM/DD) "
                        "starting at column %(column)s"
                    )
                    % {"round": len(dates) + 1, "date": repr(date), "column": start + 1},
                )
        dates.append(date)
        start += ROUND_WIDTH
    return dates
