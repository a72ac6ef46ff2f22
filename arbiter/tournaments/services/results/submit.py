"""A result from the API, applied by group commit. Results of one event are serialised by
the event's lock, and the standings are recomputed in the result's transaction; so that a
burst of results does not queue behind one recomputation each, a request queues its result
(`ResultSubmission`) and whoever takes the lock applies every waiting one (`turn`), while the
others wait for that commit together (docs/swiss.md, "group commit")."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime, timedelta

from django.db import DatabaseError, transaction
from django.utils import timezone

from arbiter.common.bulk import row_delete
from arbiter.common.exceptions import NotFound, PermissionDenied, refusal_raised
from arbiter.teams.read import team_id_is_leader
from arbiter.tournaments.models import (
    ResultSubmission,
    SubmissionStatus,
    SwissPairing,
    SwissTournament,
)
from arbiter.tournaments.read.selectors import pairing_result_get
from arbiter.tournaments.services.locking import (
    results_turn_take,
    tournament_lock,
    tournament_lock_wait,
    tournament_results_turn_try,
    waits_shared,
)
from arbiter.tournaments.services.results.turn import outcome_as_holder, outcomes
from arbiter.users.models import User

logger = logging.getLogger(__name__)

SUBMISSION_KEEP = timedelta(hours=1)
TURN_TRIES = 8


def result_submit(
    *, pairing: SwissPairing, user: User, result: str, no_show: str | None = None
) -> SwissPairing:
    """A leader's decision or a report by a player of the board (if the opponent already
    reported a different one, the board is marked disputed and left to the arbiter). Returns
    the board as it was written, with its rating changes; raises the refusal."""
    as_leader = team_id_is_leader(team_id=pairing.round.tournament.team_id, user=user)
    if no_show and not as_leader:
        raise PermissionDenied("Only an arbiter records no-shows.")
    submission = ResultSubmission.objects.create(
        tournament_id=pairing.round.tournament_id,
        pairing=pairing,
        user=user,
        as_leader=as_leader,
        result=result,
        no_show=no_show or "",
    )
    decided = False
    try:
        outcome = _outcome(submission)
        decided = True
    finally:
        if not decided:  # e.g. the lock wait was interrupted: nothing of it may stay queued
            ResultSubmission.objects.filter(id=submission.id).delete()
    _submission_forget(submission.id)
    if outcome.status == SubmissionStatus.REFUSED:
        raise refusal_raised(outcome.refusal or {})
    return pairing_result_get(pairing_id=pairing.id)


def results_submit(*, decisions: Sequence[tuple[SwissPairing, str]], user: User) -> None:
    """Results of several boards of one event by one user at once (a round's sheet typed in,
    the demo's rounds): queued in one statement, so that one holder applies them all and the
    standings are recomputed once, not once per board. Raises the first refusal; the others
    are applied as each would be alone."""
    if not decisions:
        return
    tournament = decisions[0][0].round.tournament
    if any(pairing.round.tournament_id != tournament.id for pairing, _ in decisions):
        raise ValueError("results_submit takes the boards of one event")
    as_leader = team_id_is_leader(team_id=tournament.team_id, user=user)
    submissions = ResultSubmission.objects.bulk_create(
        ResultSubmission(
            tournament_id=tournament.id,
            pairing=pairing,
            user=user,
            as_leader=as_leader,
            result=result,
        )
        for pairing, result in decisions
    )
    ids = [submission.id for submission in submissions]
    decided = False
    try:
        # Inserted together: once the last is decided, so are the ones before it.
        _outcome(submissions[-1])
        decided = True
    finally:
        if not decided:
            ResultSubmission.objects.filter(id__in=ids).delete()
    refused = [
        o
        for o in outcomes().filter(id__in=ids).order_by("id")
        if o.status == SubmissionStatus.REFUSED
    ]
    for submission_id in ids:
        _submission_forget(submission_id)
    if refused:
        raise refusal_raised(refused[0].refusal or {})


def _outcome(submission: ResultSubmission) -> ResultSubmission:
    """This request's submission once decided: applied by this request as the event's results
    holder, or by another holder while this one waited.

    Under a burst most requests are decided by a holder they waited for. They wait together
    (`tournament_lock_wait`) and read their outcome outside the lock; were they to take the
    lock in turn just to read it, the next holder would queue behind all of them. One that finds
    its submission still pending, and the turn free, tries to become the next holder; after
    `TURN_TRIES` rounds it queues for the lock like any writer, so a request always gets
    through."""
    tournament_id = submission.tournament_id
    # In a caller's transaction a share lock would last until it ends and block every holder.
    shared = waits_shared() and not transaction.get_connection().in_atomic_block
    for _ in range(TURN_TRIES if shared else 0):
        outcome, turn_free = _outcome_and_turn(submission)
        if outcome.status != SubmissionStatus.PENDING:
            return outcome
        if turn_free:
            with transaction.atomic():
                tournament = tournament_results_turn_try(tournament_id=tournament_id)
                if tournament is not None:
                    return outcome_as_holder(submission, tournament)
        if not tournament_lock_wait(tournament_id=tournament_id):
            raise NotFound("No such tournament.")
    with transaction.atomic():
        tournament = SwissTournament(id=tournament_id)
        locked = tournament_lock(tournament=tournament, versioned=False)
        return outcome_as_holder(submission, locked)


def _outcome_and_turn(submission: ResultSubmission) -> tuple[ResultSubmission, bool]:
    """The submission's status and whether its event's results turn is free, in one statement
    (outside a transaction)."""
    outcome = (
        outcomes()
        .annotate(turn_free=results_turn_take(tournament_id=submission.tournament_id))
        .get(id=submission.id)
    )
    return outcome, bool(outcome.turn_free)


def _submission_forget(submission_id: int) -> None:
    """Delete a decided submission, after the commit and outside the lock (under a burst most
    requests only read their outcome). The result is saved by then: a failure here must not
    answer an error for it (the client would retry a write that happened), and the tick
    prunes what is left (`result_submissions_prune`)."""
    try:
        if transaction.get_connection().in_atomic_block:
            with transaction.atomic():  # a savepoint: a failure leaves the caller's open
                row_delete(ResultSubmission, submission_id)
        else:
            row_delete(ResultSubmission, submission_id)  # one statement, atomic by itself
    except DatabaseError:
        logger.warning(
            "result submission %s left for the tick to prune", submission_id, exc_info=True
        )


def result_submissions_prune(*, now: datetime | None = None) -> int:
    """Submissions whose request died before reading its outcome (run by the tick)."""
    cutoff = (now or timezone.now()) - SUBMISSION_KEEP
    deleted, _ = ResultSubmission.objects.filter(created_at__lt=cutoff).delete()
    return deleted
