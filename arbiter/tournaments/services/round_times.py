"""The round schedule: a list of round start times set by a leader, kept with the interval and
manual modes (docs/swiss.md, "Round schedule"). Item i is round i + 1's start; rounds beyond
the list follow the interval (after the previous round completes) or wait for a leader."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

from arbiter.common.exceptions import InvalidInput
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import SwissTournament, TournamentStatus
from arbiter.tournaments.read.schedule import round_time_listed
from arbiter.tournaments.services.completion import current_round_playing

# A time "now" from a client whose clock is a little behind is not in the past.
PAST_GRACE = timedelta(minutes=5)


def round_times_clean(
    *,
    times: Sequence[datetime],
    before: Sequence[datetime],
    num_rounds: int,
    start_time: datetime,
    current_round: int,
) -> list[str]:
    """The list as stored (ISO 8601, UTC), or InvalidInput on `round_times`: one time per round
    at most, strictly increasing, round 1 not before the event's start (while it is yet to be
    played: a start moved later by `round_schedule` does not lock the list), and no round yet to
    start moved into the past (a listed time that has passed may stay while its round is late)."""
    problems = []
    if len(times) > num_rounds:
        problems.append(
            _("At most one time per round: this event has %(num_rounds)s rounds.")
            % {"num_rounds": num_rounds}
        )
    if times and times[0] < start_time and current_round == 0:  # a played round 1 keeps its time
        problems.append(_("Round 1 cannot start before the event's start time."))
    for number in range(2, len(times) + 1):
        if times[number - 1] <= times[number - 2]:
            # Named with the earlier round's time: the fix is to move one of the two. In UTC,
            # as the list is answered (the server knows no viewer's zone).
            problems.append(
                _("Round %(number)s must start after round %(previous)s (%(time)s UTC).")
                % {
                    "number": number,
                    "previous": number - 1,
                    "time": f"{times[number - 2].astimezone(UTC):%Y-%m-%d %H:%M}",
                }
            )
    earliest = timezone.now() - PAST_GRACE
    for number, at in enumerate(times, start=1):
        kept = number <= len(before) and before[number - 1] == at
        if number > current_round and at < earliest and not kept:
            problems.append(_("Round %(number)s's time is in the past.") % {"number": number})
    if problems:
        raise InvalidInput({"round_times": problems})
    return [at.astimezone(UTC).isoformat() for at in times]


def round_times_next_apply(*, tournament: SwissTournament) -> None:
    """After the list changed (the caller holds the event lock and saves): the next round's
    due time follows its listed time, if it has one and no round is being played (a round in
    progress times the next one when it completes). The leader's own `round_schedule` of a
    round without a listed time is left as it was."""
    if tournament.status not in (TournamentStatus.SCHEDULED, TournamentStatus.RUNNING):
        return
    if tournament.current_round >= tournament.num_rounds:
        return
    if current_round_playing(tournament=tournament) is not None:
        return
    number = tournament.current_round + 1
    listed = round_time_listed(tournament=tournament, number=number)
    if listed is None:
        if number == 1:
            tournament.next_round_at = tournament.start_time
        return
    tournament.next_round_at = listed
    effects.round_start_at(tournament_id=tournament.id, at=listed)
