"""Recording results: players report, an opponent may dispute, leaders set or correct any.

Results of one event are serialised by the event row lock, and the standings are recomputed in
the result's transaction. So that a burst of results does not queue behind one recomputation
each, the API goes through `result_submit` (group commit): whoever takes the lock applies every
submission waiting for it and recomputes the standings once for all of them.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Subquery
from django.utils import timezone

from arbiter.common.exceptions import ApplicationError, PermissionDenied
from arbiter.teams.selectors import team_id_is_leader
from arbiter.tournaments import push
from arbiter.tournaments.models import (
    GameResult,
    ParticipantStatus,
    ResultSubmission,
    SubmissionStatus,
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
SUBMISSION_KEEP = timedelta(hours=1)


def _lock(pairing: SwissPairing) -> SwissTournament:
    tournament = tournament_lock(tournament=pairing.round.tournament)
    if tournament.status == TournamentStatus.CANCELLED:
        raise ApplicationError("This tournament was cancelled.")
    return tournament


def _boards(tournament: SwissTournament, pairing_ids: set[int]) -> dict[int, SwissPairing]:
    """The boards as they are now (the caller holds the event lock, which serialises writes)."""
    boards = SwissPairing.objects.select_related("round", "white", "black").filter(
        id__in=pairing_ids
    )
    for board in boards:
        board.round.tournament = tournament
    return {board.id: board for board in boards}


STORED_FIELDS = ["result", "reported_by", "reported_at", "disputed", "no_show"]


class _Writes:
    """Boards changed in memory, written together by `flush`: a burst of results costs a few
    queries under the event lock, not a few per result."""

    def __init__(self, tournament: SwissTournament) -> None:
        self.tournament = tournament
        self.boards: dict[int, SwissPairing] = {}
        self.played_by: set[int] = set()  # users whose game was played over the board
        self.written: list[int] = []

    def store(
        self, pairing: SwissPairing, result: str, user: User, *, disputed: bool = False
    ) -> None:
        before = {name: getattr(pairing, name) for name in ("result", "disputed", "reported_at")}
        reporter = pairing.reported_by_id
        pairing.result = result
        pairing.reported_by = user
        pairing.reported_at = timezone.now()
        pairing.disputed = disputed
        try:
            # Only the result fields change: the board's relations and uniqueness were
            # validated when the round was stored.
            pairing.full_clean(
                exclude=["round", "white", "black", "no_show", "reported_by"],
                validate_constraints=False,
            )
        except ValidationError:
            for name, value in before.items():
                setattr(pairing, name, value)
            pairing.reported_by_id = reporter
            raise
        self.boards[pairing.id] = pairing
        if result in PLAYER_RESULTS:  # an over-the-board game resets the no-show ladder
            self.played_by.update((pairing.white.user_id, pairing.black.user_id))
        logger.info(
            "tournament %s round %s board %s: %s (by %s)",
            self.tournament.id,
            pairing.round.number,
            pairing.board,
            result or "disputed",
            user,
        )

    def flush(self) -> None:
        if not self.boards:
            return
        boards = list(self.boards.values())
        SwissPairing.objects.bulk_update(boards, STORED_FIELDS)
        if self.played_by:
            no_show_clear(tournament=self.tournament, user_ids=sorted(self.played_by))
        for rnd in {board.round_id: board.round for board in boards}.values():
            round_complete_if_done(tournament=self.tournament, rnd=rnd)
        self.written += [board.id for board in boards]
        self.boards, self.played_by = {}, set()

    def finish(self) -> None:
        """Write what is left, then the standings for everything written."""
        self.flush()
        if self.written:
            _after_writes(self.tournament, self.written)


def _after_writes(tournament: SwissTournament, pairing_ids: list[int]) -> None:
    """Standings for the results just written, in their transaction; the boards are stamped
    with the version written, so the live push knows which boards are new."""
    standings_store(tournament=tournament)
    SwissPairing.objects.filter(id__in=pairing_ids).update(
        result_version=Subquery(
            SwissTournament.objects.filter(id=tournament.id).values("standings_version")
        )
    )
    event_id = tournament.id
    transaction.on_commit(lambda: push.live_push_request(tournament_id=event_id))


def _report(pairing: SwissPairing, user: User, result: str, writes: _Writes) -> None:
    """A player's report (caller holds the lock)."""
    if pairing.round.tournament.status == TournamentStatus.FINISHED:
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
            return
        if pairing.reported_by_id == user.id:
            raise ApplicationError(
                "You already reported this board; ask the arbiter to correct it."
            )
        # The opponent contradicts the first report: clear it and let the arbiter decide.
        writes.store(pairing, "", user, disputed=True)
        return
    writes.store(pairing, result, user)


def _set(
    pairing: SwissPairing,
    user: User,
    result: str,
    no_show: str | None,
    writes: _Writes,
    *,
    leader_checked: bool,
) -> None:
    """A leader's decision (caller holds the lock). A no-show writes the absent player's pause
    and ban at once: the caller has written the boards before it."""
    tournament = pairing.round.tournament
    if not leader_checked and not team_id_is_leader(team_id=tournament.team_id, user=user):
        raise PermissionDenied("Only the team's leaders can set or correct results.")
    if result not in GameResult.values or result == "":
        raise ApplicationError("Unknown result.", extra={"fields": {"result": ["Unknown result."]}})
    if no_show:
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
        writes.store(pairing, result, user)
        writes.flush()
        return
    writes.store(pairing, result, user)


@transaction.atomic
def result_report(*, pairing: SwissPairing, user: User, result: str) -> SwissPairing:
    """A player of the board reports an over-the-board result. If the opponent already
    reported a different one, the board is marked disputed and left to the arbiter."""
    tournament = _lock(pairing)
    pairing = _boards(tournament, {pairing.id})[pairing.id]
    writes = _Writes(tournament)
    _report(pairing, user, result, writes)
    writes.finish()
    return pairing


@transaction.atomic
def result_set(
    *, pairing: SwissPairing, user: User, result: str, no_show: str | None = None
) -> SwissPairing:
    """A leader (the arbiter) sets or corrects any result, forfeits included. `no_show`
    ("white" / "black") records that player as a no-show: a forfeit loss, paused, banned."""
    tournament = _lock(pairing)
    pairing = _boards(tournament, {pairing.id})[pairing.id]
    writes = _Writes(tournament)
    _set(pairing, user, result, no_show, writes, leader_checked=False)
    writes.finish()
    return pairing


def result_submit(
    *, pairing: SwissPairing, user: User, result: str, no_show: str | None = None
) -> SwissPairing:
    """A result from the API: a leader's decision (`result_set`) or a player's report
    (`result_report`), applied by group commit. Raises what those would raise."""
    submission = ResultSubmission.objects.create(
        tournament_id=pairing.round.tournament_id,
        pairing=pairing,
        user=user,
        as_leader=team_id_is_leader(team_id=pairing.round.tournament.team_id, user=user),
        result=result,
        no_show=no_show or "",
    )
    mine = ResultSubmission.objects.filter(id=submission.id)
    try:
        with transaction.atomic():
            tournament = _lock(pairing)
            submission = mine.only("status", "refusal_status", "refusal").get()
            if submission.status == SubmissionStatus.PENDING:  # else a lock holder applied it
                submission = _apply_waiting(tournament)[submission.id]
            mine.delete()
    except BaseException:
        mine.delete()  # e.g. the lock wait was interrupted: nothing of it must stay queued
        raise
    if submission.status == SubmissionStatus.REFUSED:
        raise _refusal(submission)
    return pairing


def _apply_waiting(tournament: SwissTournament) -> dict[int, ResultSubmission]:
    """Apply every waiting submission of the event in arrival order (caller holds the lock),
    then recompute the standings once. The boards are read once and written together; a
    refused submission changes nothing (its checks come before any change), and a no-show,
    which writes at once, gets a savepoint of its own."""
    waiting = list(
        ResultSubmission.objects.filter(tournament=tournament, status=SubmissionStatus.PENDING)
        .select_related("user")
        .order_by("id")
    )
    boards = _boards(tournament, {submission.pairing_id for submission in waiting})
    writes = _Writes(tournament)
    for submission in waiting:
        pairing = boards[submission.pairing_id]
        try:
            if submission.no_show:
                writes.flush()  # the boards before it are written before its ban
                try:
                    with transaction.atomic():
                        _apply(submission, pairing, writes)
                except Exception:
                    boards.update(_boards(tournament, {pairing.id}))  # as the rollback left it
                    raise
            else:
                _apply(submission, pairing, writes)
            submission.status = SubmissionStatus.APPLIED
        except ApplicationError as exc:
            submission.status = SubmissionStatus.REFUSED
            submission.refusal_status = exc.status_code
            submission.refusal = {"message": exc.message, "extra": exc.extra}
        except ValidationError as exc:
            submission.status = SubmissionStatus.REFUSED
            submission.refusal_status = 400
            submission.refusal = {"message": "; ".join(exc.messages), "extra": {}}
    writes.finish()
    ResultSubmission.objects.bulk_update(waiting, ["status", "refusal_status", "refusal"])
    if len(waiting) > 1:
        logger.info("tournament %s: %s results in one commit", tournament.id, len(waiting))
    return {submission.id: submission for submission in waiting}


def _apply(submission: ResultSubmission, pairing: SwissPairing, writes: _Writes) -> None:
    if submission.as_leader:  # checked when submitted, an instant ago
        _set(
            pairing,
            submission.user,
            submission.result,
            submission.no_show or None,
            writes,
            leader_checked=True,
        )
    else:
        _report(pairing, submission.user, submission.result, writes)


def _refusal(submission: ResultSubmission) -> ApplicationError:
    refusal = submission.refusal or {}
    kind = PermissionDenied if submission.refusal_status == 403 else ApplicationError
    return kind(refusal.get("message", "Refused."), extra=refusal.get("extra") or None)


def result_submissions_prune(*, now: datetime | None = None) -> int:
    """Submissions whose request died before reading its outcome (run by the tick)."""
    cutoff = (now or timezone.now()) - SUBMISSION_KEEP
    deleted, _ = ResultSubmission.objects.filter(created_at__lt=cutoff).delete()
    return deleted
