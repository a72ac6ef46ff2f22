"""Rounds that start by themselves: the due check behind the periodic tick, retries after an
engine failure, and the leaders' manual scheduling."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from arbiter.common.exceptions import ApplicationError, ServiceUnavailable
from arbiter.realtime.push import user_push
from arbiter.teams.models import Membership
from arbiter.tournaments.models import RoundStatus, SwissRound, SwissTournament, TournamentStatus
from arbiter.tournaments.services.permissions import leader_required
from arbiter.tournaments.services.rounds import round_pair_next
from arbiter.tournaments.services.tournament import tournament_lock
from arbiter.users.models import User

logger = logging.getLogger(__name__)

PAIRING_RETRY = timedelta(seconds=30)
OPEN = (TournamentStatus.SCHEDULED, TournamentStatus.RUNNING)


def _leaders_notify(tournament: SwissTournament, message: str) -> None:
    leaders = Membership.objects.filter(team_id=tournament.team_id, role=Membership.Role.LEADER)
    for user_id in leaders.values_list("user_id", flat=True):
        user_push(
            user_id=user_id,
            event="pairing_failed",
            payload={"tournament": tournament.id, "name": tournament.name, "message": message},
        )


def round_start_if_due(*, tournament_id: int) -> int | None:
    """Pair the next round if it is due; return its number. Safe to call any number of times
    from any number of processes: the event row lock and the due check make it idempotent."""
    now = timezone.now()
    try:
        with transaction.atomic():
            tournament = SwissTournament.objects.select_for_update().get(id=tournament_id)
            if tournament.status not in OPEN or not tournament.next_round_at:
                return None
            if tournament.next_round_at > now:
                return None
            logger.info(
                "tournament %s: round %s is due, pairing",
                tournament.id,
                tournament.current_round + 1,
            )
            rnd = round_pair_next(tournament=tournament)
            return rnd.number if rnd else None
    except ServiceUnavailable as exc:
        retry_at = now + PAIRING_RETRY
        SwissTournament.objects.filter(id=tournament_id, status__in=OPEN).update(
            next_round_at=retry_at
        )
        logger.error(
            "tournament %s: pairing failed, retrying at %s: %s", tournament_id, retry_at, exc
        )
        _leaders_notify(SwissTournament.objects.get(id=tournament_id), exc.message)
        return None
    except ApplicationError as exc:
        # Not pairable now (e.g. a board still without a result): wait for a leader.
        SwissTournament.objects.filter(id=tournament_id).update(next_round_at=None)
        logger.warning("tournament %s: due round not started: %s", tournament_id, exc.message)
        return None


@transaction.atomic
def round_schedule(*, tournament: SwissTournament, user: User, at: datetime) -> SwissTournament:
    """A leader sets when the next round starts (manual mode, or to move the start)."""
    tournament = tournament_lock(tournament=tournament)
    leader_required(team=tournament.team, user=user, action="schedule rounds")
    if tournament.status not in OPEN:
        raise ApplicationError("This tournament is over.")
    if tournament.current_round >= tournament.num_rounds:
        raise ApplicationError("Every round has been played.")
    current = SwissRound.objects.filter(
        tournament=tournament, number=tournament.current_round
    ).first()
    if current is not None and current.status != RoundStatus.COMPLETE:
        raise ApplicationError(f"Round {current.number} is still being played.")
    if at < timezone.now() - timedelta(minutes=1):
        raise ApplicationError(
            "That time is in the past.", extra={"fields": {"at": ["Must not be in the past."]}}
        )
    tournament.next_round_at = at
    if tournament.status == TournamentStatus.SCHEDULED:
        tournament.start_time = at
    tournament.save(update_fields=["next_round_at", "start_time"])
    transaction.on_commit(lambda: _eta_nudge(tournament.id, at))
    logger.info(
        "tournament %s: round %s scheduled for %s", tournament.id, tournament.current_round + 1, at
    )
    return tournament


def _eta_nudge(tournament_id: int, at: datetime) -> None:
    """An ETA task may start the round sooner than the next tick; the tick stays the guarantee."""
    from arbiter.tournaments.tasks import round_start_due

    round_start_due.apply_async(kwargs={"tournament_id": tournament_id}, eta=at)
