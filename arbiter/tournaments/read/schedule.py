"""An event's round schedule as read (docs/swiss.md, "Round schedule"): the listed start
times (`SwissTournament.round_times`, ISO 8601 in UTC) and the check-in window they open."""

from __future__ import annotations

from datetime import datetime, timedelta

from arbiter.tournaments.models import SwissTournament, TournamentStatus


def round_times_list(*, tournament: SwissTournament) -> list[datetime]:
    """The listed start times, aware (UTC); item i is round i + 1's."""
    return [datetime.fromisoformat(value) for value in tournament.round_times or []]


def round_time_listed(*, tournament: SwissTournament, number: int) -> datetime | None:
    times = round_times_list(tournament=tournament)
    return times[number - 1] if 1 <= number <= len(times) else None


def round_one_at(*, tournament: SwissTournament) -> datetime:
    """When round 1 is expected: the time it is due, else its listed time, else the start."""
    if tournament.current_round == 0 and tournament.next_round_at is not None:
        return tournament.next_round_at
    return round_time_listed(tournament=tournament, number=1) or tournament.start_time


def checkin_opens_at(*, tournament: SwissTournament) -> datetime | None:
    """When the check-in window opens (None: the event has no check-in)."""
    if tournament.checkin_minutes is None:
        return None
    return round_one_at(tournament=tournament) - timedelta(minutes=tournament.checkin_minutes)


def checkin_open(*, tournament: SwissTournament, now: datetime) -> bool:
    """The window runs from its opening until round 1 is paired."""
    opens = checkin_opens_at(tournament=tournament)
    return (
        opens is not None
        and tournament.status == TournamentStatus.SCHEDULED
        and tournament.current_round == 0
        and now >= opens
    )
