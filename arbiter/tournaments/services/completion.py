"""A round completes when its last board has a result; the event finishes after its last
round (or when no further round can be paired). Callers hold the event lock."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.utils import timezone

from arbiter.tournaments.live import effects
from arbiter.tournaments.models import (
    RoundStatus,
    SwissPairing,
    SwissRound,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.read.schedule import round_time_listed

logger = logging.getLogger(__name__)


def current_round_playing(*, tournament: SwissTournament) -> SwissRound | None:
    """The current round while its games are still being played."""
    return (
        SwissRound.objects.filter(tournament=tournament, number=tournament.current_round)
        .exclude(status=RoundStatus.COMPLETE)
        .first()
    )


def tournament_finish(*, tournament: SwissTournament, reason: str) -> None:
    """Freeze the event."""
    tournament.status = TournamentStatus.FINISHED
    tournament.end_reason = reason
    tournament.finished_at = timezone.now()
    tournament.next_round_at = None
    tournament.save(update_fields=["status", "end_reason", "finished_at", "next_round_at"])
    effects.tournament_end_push(tournament_id=tournament.id)
    logger.info("tournament %s finished: %s", tournament.id, reason)


def round_finish_if_done(*, tournament: SwissTournament) -> bool:
    """Finish the event after its last round."""
    if (
        tournament.status != TournamentStatus.RUNNING
        or tournament.current_round < tournament.num_rounds
    ):
        return False
    last = SwissRound.objects.filter(tournament=tournament, number=tournament.current_round).first()
    if last is None or last.status != RoundStatus.COMPLETE:
        return False
    tournament_finish(tournament=tournament, reason="All rounds have been played.")
    return True


def round_complete_if_done(*, tournament: SwissTournament, rnd: SwissRound) -> bool:
    """Complete the round once every board has a result; then finish the event, or schedule
    the next round when the event runs by itself."""
    if rnd.status == RoundStatus.COMPLETE:
        return True
    if SwissPairing.objects.filter(round=rnd, result="").exists():
        return False
    rnd.status = RoundStatus.COMPLETE
    rnd.completed_at = timezone.now()
    rnd.save(update_fields=["status", "completed_at"])
    logger.info("tournament %s: round %s complete", tournament.id, rnd.number)
    finished = round_finish_if_done(tournament=tournament)
    if finished:
        return True
    listed = round_time_listed(tournament=tournament, number=rnd.number + 1)
    if tournament.next_round_at is not None:
        # A time a leader set while this round was played (`round_schedule(during_round=…)`).
        effects.round_start_at(
            tournament_id=tournament.id, at=max(tournament.next_round_at, rnd.completed_at)
        )
    elif listed is not None or tournament.round_interval_seconds is not None:
        # The next round's listed time; a round that completes after it (late) lets the next
        # one start at once. Without one, the interval counts from this completion.
        if listed is not None:
            at = max(listed, rnd.completed_at)
        else:
            at = rnd.completed_at + timedelta(seconds=tournament.round_interval_seconds or 0)
        tournament.next_round_at = at
        tournament.save(update_fields=["next_round_at"])
        effects.round_start_at(tournament_id=tournament.id, at=at)
    return True
