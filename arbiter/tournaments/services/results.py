"""Recording results: players report, an opponent may dispute, leaders set or correct any."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import Subquery
from django.utils import timezone

from arbiter.common.exceptions import ApplicationError, PermissionDenied
from arbiter.teams.selectors import team_is_leader
from arbiter.tournaments import push
from arbiter.tournaments.models import (
    GameResult,
    ParticipantStatus,
    SwissPairing,
    SwissParticipant,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.services.entries import no_show_ban, no_show_clear
from arbiter.tournaments.services.rounds import round_complete_if_done
from arbiter.tournaments.services.standings import standings_store
from arbiter.tournaments.services.tournament import tournament_lock
from arbiter.users.models import User

logger = logging.getLogger(__name__)

PLAYER_RESULTS = {GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW}


def _load(pairing: SwissPairing) -> tuple[SwissPairing, bool]:
    tournament = tournament_lock(tournament=pairing.round.tournament)
    if tournament.status == TournamentStatus.CANCELLED:
        raise ApplicationError("This tournament was cancelled.")
    pairing = (
        SwissPairing.objects.select_for_update()
        .select_related("round", "white", "black")
        .get(id=pairing.id)
    )
    pairing.round.tournament = tournament
    return pairing, tournament.status == TournamentStatus.FINISHED


def _store(
    pairing: SwissPairing, result: str, user: User, *, disputed: bool = False
) -> SwissPairing:
    tournament = pairing.round.tournament
    pairing.result = result
    pairing.reported_by = user
    pairing.reported_at = timezone.now()
    pairing.disputed = disputed
    # Only the result fields change: the board's relations and uniqueness were validated
    # when the round was stored, and re-checking them would cost a query each, under the lock.
    pairing.full_clean(
        exclude=["round", "white", "black", "no_show", "reported_by"], validate_constraints=False
    )
    pairing.save(update_fields=["result", "reported_by", "reported_at", "disputed", "no_show"])
    if result in PLAYER_RESULTS:  # an over-the-board game resets the no-show ladder
        no_show_clear(
            tournament=tournament, user_ids=[pairing.white.user_id, pairing.black.user_id]
        )
    event_id = tournament.id
    # Registered first: clients hear of the result before the round ends or the event does.
    transaction.on_commit(lambda: push.live_push_request(tournament_id=event_id))
    round_complete_if_done(tournament=tournament, rnd=pairing.round)
    standings_store(tournament=tournament)
    # Stamped with the version just written, so the live push knows which boards are new.
    SwissPairing.objects.filter(id=pairing.id).update(
        result_version=Subquery(
            SwissTournament.objects.filter(id=event_id).values("standings_version")
        )
    )
    logger.info(
        "tournament %s round %s board %s: %s (by %s)",
        tournament.id,
        pairing.round.number,
        pairing.board,
        result or "disputed",
        user,
    )
    return pairing


@transaction.atomic
def result_report(*, pairing: SwissPairing, user: User, result: str) -> SwissPairing:
    """A player of the board reports an over-the-board result. If the opponent already
    reported a different one, the board is marked disputed and left to the arbiter."""
    pairing, finished = _load(pairing)
    if finished:
        raise ApplicationError("The tournament is finished: only its leaders can correct results.")
    if user.id not in (pairing.white.user_id, pairing.black.user_id):
        raise PermissionDenied("Only the players of this board (or the team's leaders) can report.")
    if result not in PLAYER_RESULTS:
        raise ApplicationError(
            "Players report 1-0, 0-1 or 1/2-1/2; forfeits are set by an arbiter.",
            extra={"fields": {"result": ["Must be 1-0, 0-1 or 1/2-1/2."]}},
        )
    if pairing.disputed:
        raise ApplicationError("This result is disputed: the arbiter will decide.")
    if pairing.result:
        if pairing.result == result:
            return pairing
        if pairing.reported_by_id == user.id:
            raise ApplicationError(
                "You already reported this board; ask the arbiter to correct it."
            )
        # The opponent contradicts the first report: clear it and let the arbiter decide.
        return _store(pairing, "", user, disputed=True)
    return _store(pairing, result, user)


@transaction.atomic
def result_set(
    *, pairing: SwissPairing, user: User, result: str, no_show: str | None = None
) -> SwissPairing:
    """A leader (the arbiter) sets or corrects any result, forfeits included. `no_show`
    ("white" / "black") records that player as a no-show: a forfeit loss, paused, banned."""
    pairing, _ = _load(pairing)
    tournament = pairing.round.tournament
    if not team_is_leader(team=tournament.team, user=user):
        raise PermissionDenied("Only the team's leaders can set or correct results.")
    if result not in GameResult.values or result == "":
        raise ApplicationError("Unknown result.", extra={"fields": {"result": ["Unknown result."]}})
    if no_show is not None:
        absent: SwissParticipant = pairing.white if no_show == "white" else pairing.black
        expected = (
            GameResult.BLACK_WINS_FORFEIT if no_show == "white" else GameResult.WHITE_WINS_FORFEIT
        )
        if result not in (expected, GameResult.DOUBLE_FORFEIT):
            raise ApplicationError(
                "A no-show loses by forfeit.",
                extra={
                    "fields": {"result": [f"Must be {expected} or -- for a no-show by {no_show}."]}
                },
            )
        pairing.no_show = absent
        absent.status = ParticipantStatus.PAUSED
        absent.save(update_fields=["status"])
        no_show_ban(tournament=tournament, user=absent.user)
        logger.info("tournament %s: no-show by %s, paused and banned", tournament.id, absent.user)
    return _store(pairing, result, user)
