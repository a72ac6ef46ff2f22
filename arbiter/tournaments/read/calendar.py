"""Events' rounds as iCalendar (RFC 5545) feeds, by the `icalendar` package: one event's
rounds, or the coming rounds of every event a player entered (docs/api.md, "Calendar feeds").

No stored value makes a feed fail: text goes out as TEXT values (`vText`: line breaks,
`;`, `,` and `\\` escaped; lines folded at 75 octets by the package), without the control
characters RFC 5545 has no escape for, and a round too close to the year 9999 for its end to
be a date gets a DURATION instead of a DTEND. The words of a summary, a description and a
feed's name are the requesting reader's language (the request's, as the middleware set it)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event, vText

from arbiter.tournaments.models import (
    ParticipantStatus,
    SwissParticipant,
    SwissRound,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.read.schedule import round_time_listed
from arbiter.users.models import User

PRODID = "-//Arbiter//Swiss round schedule//EN"
# How long a calendar entry lasts when the round has not completed: lichess's estimate of a
# game (each side's base time plus 40 increments), at least a quarter of an hour.
MIN_ROUND_LENGTH = timedelta(minutes=15)


@dataclass(frozen=True)
class RoundSlot:
    number: int
    start: datetime
    end: datetime | None  # None: past the last date Python holds (the entry has a duration)


def _later(start: datetime, length: timedelta) -> datetime | None:
    try:
        return start + length
    except OverflowError:
        return None


def _text(value: str) -> vText:
    """A TEXT value: RFC 5545 has no escape for control characters but line breaks (which
    vText writes as `\\n`) and tabs, so the others are left out."""
    return vText("".join(c for c in value if c in "\t\r\n" or unicodedata.category(c) != "Cc"))


def _round_length(tournament: SwissTournament) -> timedelta:
    clock = tournament.time_control
    seconds = 2 * (clock.limit_seconds + 40 * clock.increment_seconds)
    return max(timedelta(seconds=seconds), MIN_ROUND_LENGTH)


def round_slots(*, tournament: SwissTournament, rounds: Iterable[SwissRound]) -> list[RoundSlot]:
    """Each round with a known time: when it started (and completed), else when it is due,
    else its listed time. Rounds with none of these (manual mode, or an interval counted from
    a completion still to come) are left out."""
    played = {rnd.number: rnd for rnd in rounds}
    length = _round_length(tournament)
    slots = []
    for number in range(1, tournament.num_rounds + 1):
        rnd = played.get(number)
        if rnd is not None and rnd.started_at is not None:
            end = rnd.completed_at or _later(rnd.started_at, length)
            slots.append(RoundSlot(number, rnd.started_at, end and max(end, rnd.started_at)))
            continue
        due = tournament.next_round_at if number == tournament.current_round + 1 else None
        start = due or round_time_listed(tournament=tournament, number=number)
        if start is not None and tournament.status in (
            TournamentStatus.SCHEDULED,
            TournamentStatus.RUNNING,
        ):
            slots.append(RoundSlot(number, start, _later(start, length)))
    return slots


def _calendar(name: str) -> Calendar:
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", _text(name))  # an X- property is written raw unless typed
    return cal


def event_url(*, site: str, tournament_id: int) -> str:
    """The event's page in the browser app (lichess's path)."""
    return f"{site}/swiss/{tournament_id}"


def _add_rounds(
    cal: Calendar, tournament: SwissTournament, slots: list[RoundSlot], site: str
) -> None:
    host = urlsplit(site).hostname or "arbiter"
    url = event_url(site=site, tournament_id=tournament.id)
    stamp = timezone.now()
    length = _round_length(tournament)
    for slot in slots:
        event = Event()
        # Stable across fetches and feeds, so that a calendar app updates a moved round.
        event.add("uid", f"swiss-{tournament.id}-round-{slot.number}@{host}")
        event.add("dtstamp", stamp)
        event.add("dtstart", slot.start)
        if slot.end is not None:
            event.add("dtend", slot.end)
        else:
            event.add("duration", length)
        summary = _("%(event)s: round %(round)s of %(rounds)s") % {
            "event": tournament.name,
            "round": slot.number,
            "rounds": tournament.num_rounds,
        }
        event.add("summary", _text(summary))
        event.add("url", url)
        if tournament.venue:
            event.add("location", _text(tournament.venue))
        description = _("%(clock)s Swiss, %(team)s") % {
            "clock": tournament.time_control,
            "team": tournament.team.name,
        }
        event.add("description", _text(description))
        cal.add_component(event)


def tournament_calendar(*, tournament: SwissTournament, site: str) -> bytes:
    """Every round of the event with a known time; `site` is the server's origin, for the
    events' URLs and UIDs."""
    cal = _calendar(tournament.name)
    rounds = SwissRound.objects.filter(tournament=tournament)
    _add_rounds(cal, tournament, round_slots(tournament=tournament, rounds=rounds), site)
    return cal.to_ical()


def player_calendar(*, user: User, site: str) -> bytes:
    """The rounds still to be played of the events the user entered that are not over (a
    disqualified entry has none left)."""
    cal = _calendar(_("%(username)s: Swiss rounds") % {"username": user.username})
    entered = (
        SwissParticipant.objects.filter(user=user)
        .exclude(status=ParticipantStatus.DISQUALIFIED)
        .values("tournament_id")
    )
    events = (
        SwissTournament.objects.filter(
            id__in=entered,
            status__in=[TournamentStatus.SCHEDULED, TournamentStatus.RUNNING],
        )
        .select_related("team", "time_control")
        .prefetch_related("rounds")
        .order_by("start_time", "id")
    )
    for tournament in events:
        rounds = list(tournament.rounds.all())  # prefetched: one query for every event
        complete = {r.number for r in rounds if r.completed_at is not None}
        slots = [
            s for s in round_slots(tournament=tournament, rounds=rounds) if s.number not in complete
        ]
        _add_rounds(cal, tournament, slots, site)
    return cal.to_ical()
