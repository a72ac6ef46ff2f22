"""The checks of the tournament section: place, federation, dates, round dates, arbiters,
the numbers of players, and the time control."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from typing import Final

from arbiter.ratingreport import rules
from arbiter.ratingreport.dates import event_date, round_date
from arbiter.ratingreport.federations import is_federation
from arbiter.ratingreport.findings import ERROR, WARNING, Finding, Severity
from arbiter.ratingreport.timecontrol import TimeControl, minutes_text, read_122, read_222
from arbiter.trf import facts
from arbiter.trf.errors import TrfError
from arbiter.trf.i18n import gettext as _
from arbiter.trf.i18n import ngettext
from arbiter.trf.model import Tournament

# An arbiter's FIDE ID in the 102/112 text, as files write it: "IA Jane Doe (22232540)",
# "Doe, Jane 1500001". Four digits at least, so "ver 3.13" is no ID.
_ARBITER_ID: Final = re.compile(r"(?<![0-9.])([0-9]{4,10})(?![0-9.])")
FIRST_CONTROL_MOVES: Final = 30


def _event(field: str, message: str, rule: str, severity: Severity) -> Finding:
    return Finding(None, "", field, message, rule, severity)


def _text(t: Tournament, code: str) -> str:
    return t.header.get(code, "").strip()


def event_span(t: Tournament) -> tuple[dt.date | None, dt.date | None]:
    """The start and end dates (042/052) where they can be read."""
    start, end = event_date(_text(t, "042")), event_date(_text(t, "052"))
    return (start.value if start else None, end.value if end else None)


def event_findings(t: Tournament) -> Iterator[Finding]:
    yield from _place(t)
    yield from _federation(t)
    yield from _dates(t)
    yield from _round_dates(t)
    yield from _arbiters(t)
    yield from _counts(t)


def _place(t: Tournament) -> Iterator[Finding]:
    if not _text(t, "022"):
        yield _event(
            "place",
            _("no place: write the city where the event is played (record 022)"),
            rules.TRF_PLACE,
            ERROR,
        )


def _federation(t: Tournament) -> Iterator[Finding]:
    code = _text(t, "032")
    if not code:
        yield _event(
            "event_federation",
            _(
                "no federation: write the FIDE code of the federation the event is rated "
                "through (record 032)"
            ),
            rules.TRF_EVENT_FEDERATION,
            ERROR,
        )
    elif not is_federation(code):
        message = (
            _(
                "032 federation %(code)s is not a FIDE federation code (write it in capitals: "
                "%(upper)s)"
            )
            if is_federation(code.upper())
            else _("032 federation %(code)s is not a FIDE federation code")
        )
        yield _event(
            "event_federation",
            message % {"code": repr(code), "upper": code.upper()},
            rules.FEDERATION_LIST,
            ERROR,
        )


def _dates(t: Tournament) -> Iterator[Finding]:
    read = {}
    messages = {
        "042": (
            _("no start date: write it YYYY/MM/DD (record %(code)s)"),
            _("start date %(text)s is not a date: write it YYYY/MM/DD (record %(code)s)"),
            _("start date %(text)s is read as %(date)s: write it so (record %(code)s)"),
        ),
        "052": (
            _("no end date: write it YYYY/MM/DD (record %(code)s)"),
            _("end date %(text)s is not a date: write it YYYY/MM/DD (record %(code)s)"),
            _("end date %(text)s is read as %(date)s: write it so (record %(code)s)"),
        ),
    }
    for code, (no_date, not_a_date, read_as) in messages.items():
        text = _text(t, code)
        if not text:
            yield _event(
                "event_dates",
                no_date % {"code": code},
                rules.TRF_EVENT_DATES,
                ERROR,
            )
            continue
        date = event_date(text)
        if date is None:
            yield _event(
                "event_dates",
                not_a_date % {"text": repr(text), "code": code},
                rules.TRF_EVENT_DATES,
                ERROR,
            )
            continue
        read[code] = date.value
        if not date.canonical:
            yield _event(
                "event_dates",
                read_as % {"text": repr(text), "date": f"{date.value:%Y/%m/%d}", "code": code},
                rules.TRF_EVENT_DATES,
                WARNING,
            )
    if "042" in read and "052" in read and read["052"] < read["042"]:
        yield _event(
            "event_dates",
            _("the end date %(end)s is before the start date %(start)s")
            % {"end": f"{read['052']:%Y/%m/%d}", "start": f"{read['042']:%Y/%m/%d}"},
            rules.TRF_EVENT_DATES,
            ERROR,
        )


def played_rounds(t: Tournament) -> list[int]:
    """Rounds with at least one game or bye recorded (a result other than blank)."""
    rounds = set()
    for player in t.players:
        for rnd, entry in enumerate(player.rounds, start=1):
            if entry.opponent is not None or entry.result.strip():
                rounds.add(rnd)
    return sorted(rounds)


def _round_dates(t: Tournament) -> Iterator[Finding]:
    rounds = played_rounds(t)
    if not rounds:
        return
    if not any(d.strip() for d in t.round_dates):
        yield _event(
            "round_dates",
            _(
                "no round dates: write the date of each round (record 132, YY/MM/DD under "
                "each round's columns)"
            ),
            rules.TRF_ROUND_DATES,
            ERROR,
        )
        return
    start, end = event_span(t)
    if start and end and end < start:
        start = end = None  # the dates themselves are wrong (reported once, under 042/052)
    previous: tuple[int, dt.date] | None = None
    missing = []
    for rnd in rounds:
        text = t.round_dates[rnd - 1].strip() if rnd <= len(t.round_dates) else ""
        if not text:
            missing.append(rnd)
            continue
        date = round_date(text)
        if date is None:
            yield _event(
                "round_dates",
                _("round %(round)s date %(text)s is not a date: write it YY/MM/DD (record 132)")
                % {"round": rnd, "text": repr(text)},
                rules.TRF_ROUND_DATES,
                ERROR,
            )
            continue
        day = date.value
        if not date.canonical:
            yield _event(
                "round_dates",
                _("round %(round)s date %(text)s is read as %(date)s: write it so")
                % {"round": rnd, "text": repr(text), "date": f"{day:%y/%m/%d}"},
                rules.TRF_ROUND_DATES,
                WARNING,
            )
        if previous is not None and day < previous[1]:
            yield _event(
                "round_dates",
                _(
                    "round %(round)s is dated %(date)s, before round %(previous)s "
                    "(%(previous_date)s)"
                )
                % {
                    "round": rnd,
                    "date": f"{day:%Y/%m/%d}",
                    "previous": previous[0],
                    "previous_date": f"{previous[1]:%Y/%m/%d}",
                },
                rules.TRF_ROUND_DATES,
                ERROR,
            )
        if (start and day < start) or (end and day > end):
            since = f"{start:%Y/%m/%d}" if start else "…"
            span = (
                _("%(start)s to %(end)s") % {"start": since, "end": f"{end:%Y/%m/%d}"}
                if end
                else _("%(start)s onwards") % {"start": since}
            )
            yield _event(
                "round_dates",
                _(
                    "round %(round)s is dated %(date)s, outside the event's dates (%(span)s, "
                    "records 042/052)"
                )
                % {"round": rnd, "date": f"{day:%Y/%m/%d}", "span": span},
                rules.TRF_ROUND_DATES,
                ERROR,
            )
        previous = (rnd, day)
    if missing:
        listed = ", ".join(str(r) for r in missing)
        yield _event(
            "round_dates",
            ngettext(
                "round %(rounds)s played but not dated: write the date under the round's "
                "columns (record 132)",
                "rounds %(rounds)s played but not dated: write the date under the round's "
                "columns (record 132)",
                len(missing),
            )
            % {"rounds": listed},
            rules.TRF_ROUND_DATES,
            ERROR,
        )


def arbiter_id(text: str) -> str | None:
    match = _ARBITER_ID.search(text)
    return match[1] if match else None


def _arbiters(t: Tournament) -> Iterator[Finding]:
    chief = _text(t, "102")
    if not chief:
        yield _event(
            "chief_arbiter",
            _("no chief arbiter: write the chief arbiter's name and FIDE ID (record 102)"),
            rules.TRF_CHIEF_ARBITER,
            ERROR,
        )
    elif arbiter_id(chief) is None:
        yield _event(
            "chief_arbiter",
            _(
                "chief arbiter %(chief)s has no FIDE ID: write it after the name, e.g. "
                "'%(name)s (12345678)' (record 102); FIDE checks it against the event's "
                "registration"
            )
            % {"chief": repr(chief), "name": chief},
            rules.ARBITER_LICENCE,
            WARNING,
        )
    for deputy in t.header.get("112", "").split("\n"):
        deputy = deputy.strip()
        if deputy and arbiter_id(deputy) is None:
            yield _event(
                "deputy_arbiter",
                _(
                    "deputy arbiter %(deputy)s has no FIDE ID: write it after the name (record "
                    "112, one line per arbiter)"
                )
                % {"deputy": repr(deputy)},
                rules.ARBITER_LICENCE,
                WARNING,
            )


def _counts(t: Tournament) -> Iterator[Finding]:
    players = len(t.players)
    rated = sum(1 for p in t.players if p.rating)
    counts = (
        (
            "062",
            _(
                "record %(code)s gives %(text)s players, the player lines have %(actual)s: write "
                "%(actual)s"
            ),
            players,
        ),
        (
            "072",
            _(
                "record %(code)s gives %(text)s rated players, the player lines have %(actual)s: "
                "write %(actual)s"
            ),
            rated,
        ),
    )
    for code, message, actual in counts:
        text = _text(t, code)
        if text and text != str(actual):
            yield _event(
                "counts",
                message % {"code": code, "text": text, "actual": actual},
                rules.TRF_COUNTS,
                WARNING,
            )
    try:
        declared = facts.total_rounds(t)
    except (TrfError, ValueError):  # 142 not a number: the reader has said so
        declared = None
    if declared is not None and t.rounds_played < declared:
        yield _event(
            "counts",
            _(
                "%(played)s of the %(declared)s rounds are in the file: a rating report is "
                "sent once the event is over"
            )
            % {"played": t.rounds_played, "declared": declared},
            rules.TRF_ROUNDS,
            WARNING,
        )


def time_control(t: Tournament) -> TimeControl | None:
    """222 where it reads, else 122."""
    encoded = read_222(_text(t, "222")) if _text(t, "222") else None
    return encoded or (read_122(_text(t, "122")) if _text(t, "122") else None)


def time_control_findings(t: Tournament, control: TimeControl | None) -> Iterator[Finding]:
    encoded, text = _text(t, "222"), _text(t, "122")
    if encoded and read_222(encoded) is None:
        yield _event(
            "time_control",
            _(
                "222 %(encoded)s is not an encoded time control (e.g. 5400+30, or "
                "40/6000+30:1800+30)"
            )
            % {"encoded": repr(encoded)},
            rules.TRF_TIME_CONTROL,
            WARNING,
        )
    if control is None:
        message = (
            _(
                "122 %(text)s names no time that can be read: write the rate of play in 222 "
                "(e.g. 5400+30 for 90 min + 30 s a move) so it can be checked against the "
                "rating rules"
            )
            % {"text": repr(text)}
            if text
            else _(
                "no time control: write the rate of play in 222 (e.g. 5400+30 for 90 min + "
                "30 s a move) so it can be checked against the rating rules"
            )
        )
        yield _event(
            "time_control",
            message,
            rules.TRF_TIME_CONTROL,
            WARNING,
        )
        return
    minutes = minutes_text(control.game_minutes)
    if control.speed != "standard":
        message = (
            _(
                "%(minutes)s min per player for 60 moves is a rapid time control: the event "
                "is rated on the rapid list, not the standard one"
            )
            if control.speed == "rapid"
            else _(
                "%(minutes)s min per player for 60 moves is a blitz time control: the event "
                "is rated on the blitz list, not the standard one"
            )
        )
        yield _event(
            "time_control",
            message % {"minutes": minutes},
            rules.SPEEDS,
            WARNING,
        )
        return
    first = control.first_moves
    if first is not None and first < FIRST_CONTROL_MOVES:
        yield _event(
            "time_control",
            _("the first time control is for %(first)s moves; it must be for at least %(least)s")
            % {"first": first, "least": FIRST_CONTROL_MOVES},
            rules.FIRST_CONTROL,
            ERROR if control.source == "222" else WARNING,
        )
