"""The results turn: the request holding the event's lock applies every submission waiting
for it, in arrival order, and the standings are recomputed once for all of them."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import QuerySet

from arbiter.common.bulk import rows_update
from arbiter.common.exceptions import ApplicationError, refusal_record
from arbiter.tournaments.models import (
    ResultSubmission,
    SubmissionStatus,
    SwissPairing,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.services.results.apply import (
    BOARD_RELATIONS,
    BoardWrites,
    boards_read,
    decision_apply,
    report_apply,
)

logger = logging.getLogger(__name__)


def outcomes() -> QuerySet[ResultSubmission]:
    """Submissions with only what tells their outcome."""
    return ResultSubmission.objects.only("status", "refusal")


def outcome_read(submission: ResultSubmission) -> ResultSubmission:
    """The submission's status; a statement after a lock or a wait sees what the holder before
    committed."""
    return outcomes().get(id=submission.id)


def outcome_as_holder(
    submission: ResultSubmission, tournament: SwissTournament
) -> ResultSubmission:
    """With the event locked: apply every waiting submission; this one is among them unless a
    holder before decided it."""
    if tournament.status == TournamentStatus.CANCELLED:
        outcome = outcome_read(submission)
        if outcome.status != SubmissionStatus.PENDING:
            return outcome
        raise ApplicationError("This tournament was cancelled.")
    decided = waiting_results_apply(tournament)
    return decided.get(submission.id) or outcome_read(submission)


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
                    boards.update(boards_read(tournament, {pairing.id}))  # as rolled back
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
        decision_apply(
            pairing, submission.user, submission.result, submission.no_show or None, writes
        )
    else:
        report_apply(pairing, submission.user, submission.result, writes)
