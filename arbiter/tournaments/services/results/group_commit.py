"""The group commit of results: one entry, `results_commit`. Results of one event are
serialised by the event's lock and the standings are recomputed in the results' transaction;
so that a burst of results does not queue behind one recomputation each, a request queues its
results (`ResultSubmission`) and whoever holds the event's results turn applies every waiting
one at once (`waiting_results_apply`), while the others wait for that commit together
(docs/swiss.md, "group commit"). What a result does to its board is `apply` (the rule and its
writes); this module only decides who applies it and when."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import DatabaseError, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from arbiter.common.bulk import row_delete, rows_update
from arbiter.common.exceptions import ApplicationError, NotFound, refusal_record
from arbiter.tournaments.models import (
    ResultSubmission,
    SubmissionStatus,
    SwissPairing,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.rules.board_results import Side
from arbiter.tournaments.services.locking import (
    results_turn_take,
    tournament_lock,
    tournament_lock_wait,
    tournament_results_turn_try,
    waits_shared,
)
from arbiter.tournaments.services.results.apply import (
    BOARD_RELATIONS,
    BoardWrites,
    boards_read,
    decision_apply,
    report_apply,
)
from arbiter.users.models import User

logger = logging.getLogger(__name__)

SUBMISSION_KEEP = timedelta(hours=1)
TURN_TRIES = 8


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One result to commit: the board, the result, and a no-show (an arbiter's only)."""

    pairing: SwissPairing
    result: str
    no_show: Side | None = None


def results_commit(
    *, tournament_id: int, user: User, as_leader: bool, results: Sequence[BoardResult]
) -> list[ResultSubmission]:
    """Commit `results` of one event by `user` (`as_leader`: an arbiter's decisions, checked
    by the caller) and return each one's outcome (applied or refused, in order). Queued in one
    statement, they are applied by one holder with the standings recomputed once; nothing of
    them stays queued if the wait is interrupted."""
    submissions = ResultSubmission.objects.bulk_create(
        ResultSubmission(
            tournament_id=tournament_id,
            pairing=entry.pairing,
            user=user,
            as_leader=as_leader,
            result=entry.result,
            no_show=entry.no_show or "",
        )
        for entry in results
    )
    ids = [submission.id for submission in submissions]
    decided = False
    try:
        # Inserted together: once the last is decided, so are the ones before it.
        last = _outcome(submissions[-1])
        decided = True
    finally:
        if not decided:  # e.g. the lock wait was interrupted: nothing of it may stay queued
            ResultSubmission.objects.filter(id__in=ids).delete()
    decided_ones = [last] if len(ids) == 1 else list(_outcomes().filter(id__in=ids).order_by("id"))
    for submission_id in ids:
        _submission_forget(submission_id)
    return decided_ones


def _outcomes() -> QuerySet[ResultSubmission]:
    """Submissions with only what tells their outcome."""
    return ResultSubmission.objects.only("status", "refusal")


def _outcome_read(submission: ResultSubmission) -> ResultSubmission:
    """The submission's status; a statement after a lock or a wait sees what the holder before
    committed."""
    return _outcomes().get(id=submission.id)


def _outcome_as_holder(
    submission: ResultSubmission, tournament: SwissTournament
) -> ResultSubmission:
    """With the event locked: apply every waiting submission; this one is among them unless a
    holder before decided it."""
    if tournament.status == TournamentStatus.CANCELLED:
        outcome = _outcome_read(submission)
        if outcome.status != SubmissionStatus.PENDING:
            return outcome
        raise ApplicationError(_("This tournament was cancelled."))
    decided = waiting_results_apply(tournament)
    return decided.get(submission.id) or _outcome_read(submission)


def waiting_results_apply(tournament: SwissTournament) -> dict[int, ResultSubmission]:
    """Apply every waiting submission of the event in arrival order (caller holds the lock),
    then recompute the standings once. The boards are read once and written together; a
    refused submission changes nothing (its checks come before any change), and a no-show,
    which writes at once, gets a savepoint of its own."""
    # The submissions and their boards in one query (the holder's round trips are the turn's
    # length, and every other result waits for the turn); a board with several submissions is
    # one object, changed by each in turn.
    waiting = list(
        ResultSubmission.objects.filter(tournament=tournament, status=SubmissionStatus.PENDING)
        .select_related(*(f"pairing__{name}" for name in BOARD_RELATIONS), "user")
        .order_by("id")
    )
    boards: dict[int, SwissPairing] = {}
    for submission in waiting:
        board = boards.setdefault(submission.pairing_id, submission.pairing)
        board.round.tournament = tournament
    writes = BoardWrites(tournament)
    for submission in waiting:
        pairing = boards[submission.pairing_id]
        try:
            if submission.no_show:
                writes.flush()  # the boards before it are written before its ban
                try:
                    with transaction.atomic():
                        _apply(submission, pairing, writes)
                except Exception:
                    boards.update(
                        boards_read(tournament=tournament, pairing_ids={pairing.id})
                    )  # as rolled back
                    raise
            else:
                _apply(submission, pairing, writes)
            submission.status = SubmissionStatus.APPLIED
        except ApplicationError as exc:
            submission.status = SubmissionStatus.REFUSED
            submission.refusal = refusal_record(exc)
    writes.finish()
    rows_update(waiting, ["status", "refusal"])
    if len(waiting) > 1:
        logger.info("tournament %s: %s results in one commit", tournament.id, len(waiting))
    return {submission.id: submission for submission in waiting}


def _apply(submission: ResultSubmission, pairing: SwissPairing, writes: BoardWrites) -> None:
    if submission.as_leader:  # checked when submitted, an instant ago
        no_show: Side | None = submission.no_show or None  # type: ignore[assignment]
        decision_apply(
            pairing=pairing,
            user=submission.user,
            result=submission.result,
            no_show=no_show,
            writes=writes,
        )
    else:
        report_apply(pairing=pairing, user=submission.user, result=submission.result, writes=writes)


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
    for _attempt in range(TURN_TRIES if shared else 0):
        outcome, turn_free = _outcome_and_turn(submission)
        if outcome.status != SubmissionStatus.PENDING:
            return outcome
        if turn_free:
            with transaction.atomic():
                tournament = tournament_results_turn_try(tournament_id=tournament_id)
                if tournament is not None:
                    return _outcome_as_holder(submission, tournament)
        if not tournament_lock_wait(tournament_id=tournament_id):
            raise NotFound(_("No such tournament."))
    with transaction.atomic():
        tournament = SwissTournament(id=tournament_id)
        locked = tournament_lock(tournament=tournament, versioned=False)
        return _outcome_as_holder(submission, locked)


def _outcome_and_turn(submission: ResultSubmission) -> tuple[ResultSubmission, bool]:
    """The submission's status and whether its event's results turn is free, in one statement
    (outside a transaction)."""
    outcome = (
        _outcomes()
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
    deleted, _by_model = ResultSubmission.objects.filter(created_at__lt=cutoff).delete()
    return deleted
