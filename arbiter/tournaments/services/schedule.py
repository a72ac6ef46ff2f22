"""Rounds that start by themselves: the due check behind the periodic tick, retries after an
engine failure, and the leaders' manual scheduling."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import ApplicationError, ServiceUnavailable
from arbiter.teams.permissions import team_leader_required
from arbiter.teams.read import team_leader_ids
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import PairingMode, SwissTournament, TournamentStatus
from arbiter.tournaments.services.audit import audit_record
from arbiter.tournaments.services.completion import current_round_playing
from arbiter.tournaments.services.locking import tournament_lock
from arbiter.tournaments.services.pairing import TeammatesUnpairable, round_pair_next
from arbiter.tournaments.services.pairing_lease import PairingBusy
from arbiter.users.models import User

logger = logging.getLogger(__name__)

PAIRING_RETRY = timedelta(seconds=30)
OPEN = (TournamentStatus.SCHEDULED, TournamentStatus.RUNNING)


def _due(tournament: SwissTournament, now: datetime) -> bool:
    # A time set while the current round is played (`round_schedule(during_round=True)`)
    # waits for the round to complete.
    return (
        tournament.status in OPEN
        and tournament.next_round_at is not None
        and tournament.next_round_at <= now
        and current_round_playing(tournament=tournament) is None
    )


def round_start_if_due(*, tournament_id: int) -> int | None:
    """Pair the next round if it is due; return its number. Safe to call any number of times
    from any number of processes: the due check is repeated under the event lock before the
    engine runs and again before the round is written."""
    now = timezone.now()
    tournament = SwissTournament.objects.filter(id=tournament_id).first()
    if tournament is None or not _due(tournament, now):
        return None
    if tournament.pairing_mode == PairingMode.MANUAL:
        _due_by_hand(tournament_id, now)
        return None
    logger.info(
        "tournament %s: round %s is due, pairing", tournament_id, tournament.current_round + 1
    )
    try:
        rnd = round_pair_next(tournament=tournament, wanted=lambda locked: _due(locked, now))
    except PairingBusy:  # another run pairs it now (or seed_demo is playing the event)
        logger.info("tournament %s: already being paired", tournament_id)
        return None
    except ServiceUnavailable as exc:
        retry_at = now + PAIRING_RETRY
        with transaction.atomic():
            # Only the attempt that finds the due time it started from reports the failure:
            # the tick's task and the schedule's ETA task may both have run the engine.
            moved = SwissTournament.objects.filter(
                id=tournament_id, status__in=OPEN, next_round_at=tournament.next_round_at
            ).update(next_round_at=retry_at)
            if not moved:
                logger.info(
                    "tournament %s: pairing failed, already retrying: %s", tournament_id, exc
                )
                return None
            logger.error(
                "tournament %s: pairing failed, retrying at %s: %s", tournament_id, retry_at, exc
            )
            _leaders_told_pairing_failed(tournament, exc.message)
            effects.tournament_update_push(tournament_id=tournament_id)
        return None
    except ApplicationError as exc:
        # Not pairable now (e.g. a board still without a result): wait for a leader.
        with transaction.atomic():
            SwissTournament.objects.filter(id=tournament_id).update(next_round_at=None)
            effects.tournament_update_push(tournament_id=tournament_id)
            if isinstance(exc, TeammatesUnpairable):  # only a leader can lift it: tell them
                _leaders_told_pairing_failed(tournament, exc.message)
        logger.warning("tournament %s: due round not started: %s", tournament_id, exc.message)
        return None
    return rnd.number if rnd else None


def _leaders_told_pairing_failed(tournament: SwissTournament, message: str) -> None:
    """The `pairing_failed` notice on the leaders' `/ws/me/` (after commit)."""
    effects.users_notify(
        tournament_id=tournament.id,
        user_ids=team_leader_ids(team_id=tournament.team_id),
        event="pairing_failed",
        payload={"tournament": tournament.id, "name": tournament.name, "message": message},
    )


def _due_by_hand(tournament_id: int, now: datetime) -> None:
    """Manual-only pairing: a due round is never paired by the engine. The leaders are told
    once (the due time is cleared under the lock, so a second tick finds nothing due) and
    pair it in the editor."""
    with transaction.atomic():
        locked = tournament_lock(tournament=SwissTournament.objects.get(id=tournament_id))
        if not _due(locked, now) or locked.pairing_mode != PairingMode.MANUAL:
            return
        locked.next_round_at = None
        locked.save(update_fields=["next_round_at"])
        effects.users_notify(
            tournament_id=tournament_id,
            user_ids=team_leader_ids(team_id=locked.team_id),
            event="pairing_due",
            payload={
                "tournament": tournament_id,
                "name": locked.name,
                "round": locked.current_round + 1,
            },
        )
        effects.tournament_update_push(tournament_id=tournament_id)
    logger.info("tournament %s: round due, waiting for a leader's pairing", tournament_id)


@transaction.atomic
def round_schedule(
    *,
    tournament: SwissTournament,
    user: User,
    at: datetime,
    manual: bool = False,
    during_round: bool = False,
) -> SwissTournament:
    """A leader sets when the next round starts (manual mode, or to move the start).
    `manual`: the event switches to manual mode (no interval). `during_round`: a time set
    while the current round is played is kept, and the round starts at it once the current
    one is complete (refused otherwise)."""
    tournament = tournament_lock(tournament=tournament)
    # Translators: completes "Only the team's leaders can …".
    team_leader_required(team_id=tournament.team_id, user=user, action=gettext("schedule rounds"))
    if tournament.status not in OPEN:
        raise ApplicationError(_("This tournament is over."))
    if tournament.current_round >= tournament.num_rounds:
        raise ApplicationError(_("Every round has been played."))
    current = current_round_playing(tournament=tournament)
    if current is not None and not during_round:
        raise ApplicationError(
            _("Round %(number)s is still being played.") % {"number": current.number}
        )
    if at < timezone.now() - timedelta(minutes=1):
        raise ApplicationError(
            _("That time is in the past."),
            extra={"fields": {"at": [_("Must not be in the past.")]}},
        )
    audit_record(
        tournament=tournament,
        actor=user,
        action="round.scheduled",
        subject=f"round {tournament.current_round + 1}",
        before={"at": tournament.next_round_at, "interval": tournament.round_interval_seconds},
        after={"at": at, "interval": None if manual else tournament.round_interval_seconds},
    )
    tournament.next_round_at = at
    if tournament.status == TournamentStatus.SCHEDULED:
        tournament.start_time = at
    fields = ["next_round_at", "start_time"]
    if manual:
        tournament.round_interval_seconds = None
        fields.append("round_interval_seconds")
    tournament.save(update_fields=fields)
    effects.round_start_at(tournament_id=tournament.id, at=at)
    logger.info(
        "tournament %s: round %s scheduled for %s", tournament.id, tournament.current_round + 1, at
    )
    return tournament
