"""Recording results: players report, an opponent may dispute, leaders set or correct any.

Results of one event are serialised by the event row lock, and the standings are recomputed in
the result's transaction. So that a burst of results does not queue behind one recomputation
each, the API goes through `result_submit` (group commit): whoever takes the lock applies every
submission waiting for it and recomputes the standings once for all of them, while the others
wait for that commit together (docs/swiss.md, "group commit").
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from arbiter.common.bulk import row_delete, rows_update
from arbiter.common.exceptions import (
    ApplicationError,
    Conflict,
    InvalidInput,
    NotFound,
    PermissionDenied,
)
from arbiter.teams.selectors import team_id_is_leader
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import (
    PAIRING_REPORT_FIELDS,
    PAIRING_RESULT_FIELDS,
    GameResult,
    ParticipantStatus,
    ResultSubmission,
    RoundStatus,
    SubmissionStatus,
    SwissPairing,
    SwissParticipant,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.services.completion import round_complete_if_done
from arbiter.tournaments.services.locking import (
    results_turn_take,
    tournament_lock,
    tournament_lock_wait,
    tournament_results_turn_try,
    waits_shared,
)
from arbiter.tournaments.services.no_shows import no_show_ban, no_show_clear
from arbiter.tournaments.services.ratings import pairings_rate
from arbiter.tournaments.services.standings import standings_store
from arbiter.users.models import User

logger = logging.getLogger(__name__)

PLAYER_RESULTS = {GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW}
SUBMISSION_KEEP = timedelta(hours=1)
TURN_TRIES = 8


# What applying a result reads of a board. The game, if any: an online board takes its result
# from the game, not from a report.
BOARD_RELATIONS = ("round", "white", "black", "game")


def _boards(tournament: SwissTournament, pairing_ids: set[int]) -> dict[int, SwissPairing]:
    """The boards as they are now (the caller holds the event lock, which serialises writes)."""
    boards = SwissPairing.objects.select_related(*BOARD_RELATIONS).filter(id__in=pairing_ids)
    for board in boards:
        board.round.tournament = tournament
    return {board.id: board for board in boards}


class _Writes:
    """Boards changed in memory, written together by `flush`: a burst of results costs a few
    queries under the event lock, not a few per result."""

    def __init__(self, tournament: SwissTournament) -> None:
        self.tournament = tournament
        self.boards: dict[int, SwissPairing] = {}
        self.played_by: set[int] = set()  # users whose game was played over the board
        # Boards whose result stands and only a player's report changed (the opponent
        # confirmed it): their reports are written, the standings need nothing.
        self.confirmed: dict[int, SwissPairing] = {}
        self.written: list[int] = []

    def store(
        self, pairing: SwissPairing, result: str, user: User | None, *, disputed: bool = False
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
        except ValidationError as exc:
            for name, value in before.items():
                setattr(pairing, name, value)
            pairing.reported_by_id = reporter
            raise InvalidInput(exc.message_dict) from exc
        self.boards[pairing.id] = pairing
        if result in PLAYER_RESULTS:  # an over-the-board game resets the no-show ladder
            self.played_by.update(
                uid for uid in (pairing.white.user_id, pairing.black.user_id) if uid is not None
            )
        logger.info(
            "tournament %s round %s board %s: %s (by %s)",
            self.tournament.id,
            pairing.round.number,
            pairing.board,
            result or "disputed",
            user,
        )

    def confirm(self, pairing: SwissPairing) -> None:
        self.confirmed[pairing.id] = pairing

    def flush(self) -> None:
        confirmed = [b for i, b in self.confirmed.items() if i not in self.boards]
        if confirmed:
            rows_update(confirmed, PAIRING_REPORT_FIELDS)
        self.confirmed = {}
        if not self.boards:
            return
        boards = list(self.boards.values())
        rows_update(boards, PAIRING_RESULT_FIELDS)
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
    with the version written, so the live push knows which boards are new. The games of a
    rated event are rated here too, so a result and its rating change commit together."""
    pairings_rate(tournament=tournament, pairing_ids=pairing_ids)
    standings_store(tournament=tournament, boards_written=pairing_ids)
    effects.live_push(tournament_id=tournament.id)


def _report(pairing: SwissPairing, user: User, result: str, writes: _Writes) -> None:
    """A player's report (caller holds the lock)."""
    if pairing.round.tournament.status == TournamentStatus.FINISHED:
        raise ApplicationError("The tournament is finished: only its leaders can correct results.")
    if user.id not in (pairing.white.user_id, pairing.black.user_id):
        raise PermissionDenied("Only the players of this board (or the team's leaders) can report.")
    if hasattr(pairing, "game"):  # the reverse one-to-one is absent over the board
        raise Conflict(
            "This board is played online: its result comes from the game. "
            "Ask the arbiter if it needs correcting."
        )
    if result not in PLAYER_RESULTS:
        raise ApplicationError(
            "Players report 1-0, 0-1 or 1/2-1/2; forfeits are set by an arbiter.",
            extra={"fields": {"result": ["Must be 1-0, 0-1 or 1/2-1/2."]}},
        )
    if pairing.disputed:
        raise ApplicationError("This result is disputed: the arbiter will decide.")
    report_field = "white_report" if user.id == pairing.white.user_id else "black_report"
    if pairing.result:
        if pairing.result == result:
            if getattr(pairing, report_field) != result:
                setattr(pairing, report_field, result)  # the opponent confirms
                writes.confirm(pairing)
            return
        _dispute_check(pairing, user)
        # The opponent contradicts the first report: clear the result and let the arbiter
        # decide, with both reports kept on the board for the dispute queue.
        writes.store(pairing, "", user, disputed=True)
    else:
        writes.store(pairing, result, user)
    setattr(pairing, report_field, result)  # written with the board by `flush`


def _dispute_check(pairing: SwissPairing, user: User) -> None:
    """A player contradicts only the opponent's report, on a board of the round being played:
    a cleared board in a completed round would leave the next round unpairable, and an
    arbiter's decision (forfeits included) is changed only by an arbiter."""
    if pairing.reported_by_id == user.id:
        raise ApplicationError("You already reported this board; ask the arbiter to correct it.")
    rnd = pairing.round
    if rnd.status == RoundStatus.COMPLETE or rnd.number != rnd.tournament.current_round:
        raise ApplicationError("This round is complete: only the arbiter can correct its results.")
    opponents = {pairing.white.user_id, pairing.black.user_id} - {user.id}
    if (
        pairing.reported_by_id not in opponents
        or pairing.result not in PLAYER_RESULTS
        or pairing.no_show_id is not None
    ):
        raise ApplicationError("The arbiter set this result: only the arbiter can change it.")


def _set(
    pairing: SwissPairing,
    user: User | None,
    result: str,
    no_show: str | None,
    writes: _Writes,
) -> None:
    """A leader's decision, forfeits included (caller holds the lock; the leadership was
    checked when the result was submitted). A no-show ("white" / "black") is a forfeit loss,
    and pauses and bans the absent player at once: the caller has written the boards before."""
    tournament = pairing.round.tournament
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
        if absent.user is not None:  # a registered player has no account to ban
            no_show_ban(tournament=tournament, user=absent.user)
        logger.info("tournament %s: no-show by %s, paused and banned", tournament.id, absent.user)
        writes.store(pairing, result, user)
        writes.flush()
        return
    writes.store(pairing, result, user)


def result_submit(
    *, pairing: SwissPairing, user: User, result: str, no_show: str | None = None
) -> SwissPairing:
    """A result from the API, applied by group commit: a leader's decision (`_set`) or a
    player of the board's report (`_report`: if the opponent already reported a different
    one, the board is marked disputed and left to the arbiter). Raises the refusal."""
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
    mine = ResultSubmission.objects.filter(id=submission.id)
    try:
        outcome = _outcome(submission)
    except BaseException:
        mine.delete()  # e.g. the lock wait was interrupted: nothing of it must stay queued
        raise
    _submission_forget(submission.id)
    if outcome.status == SubmissionStatus.REFUSED:
        raise _refusal(outcome)
    return pairing


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
                    return _outcome_as_holder(submission, tournament)
        if not tournament_lock_wait(tournament_id=tournament_id):
            raise NotFound("No such tournament.")
    with transaction.atomic():
        tournament = SwissTournament(id=tournament_id)
        return _outcome_as_holder(submission, tournament_lock(tournament=tournament))


def _outcome_as_holder(
    submission: ResultSubmission, tournament: SwissTournament
) -> ResultSubmission:
    """With the event locked: apply every waiting submission; this one is among them unless a
    holder before decided it."""
    if tournament.status == TournamentStatus.CANCELLED:
        outcome = _outcome_read(submission)
        if outcome.status != SubmissionStatus.PENDING:
            return outcome
        raise ApplicationError("This tournament was cancelled.")
    decided = waiting_results_apply(tournament)
    return decided.get(submission.id) or _outcome_read(submission)


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


def _outcome_read(submission: ResultSubmission) -> ResultSubmission:
    """The submission's status; a statement after a lock or a wait sees what the holder before
    committed."""
    return _outcomes().get(id=submission.id)


def _outcomes() -> QuerySet[ResultSubmission]:
    return ResultSubmission.objects.only("status", "refusal_status", "refusal")


def _outcome_and_turn(submission: ResultSubmission) -> tuple[ResultSubmission, bool]:
    """The submission's status and whether its event's results turn is free, in one statement
    (outside a transaction)."""
    outcome = (
        _outcomes()
        .annotate(turn_free=results_turn_take(tournament_id=submission.tournament_id))
        .get(id=submission.id)
    )
    return outcome, bool(outcome.turn_free)


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
    writes.finish()
    rows_update(waiting, ["status", "refusal_status", "refusal"])
    if len(waiting) > 1:
        logger.info("tournament %s: %s results in one commit", tournament.id, len(waiting))
    return {submission.id: submission for submission in waiting}


def _apply(submission: ResultSubmission, pairing: SwissPairing, writes: _Writes) -> None:
    if submission.as_leader:  # checked when submitted, an instant ago
        _set(pairing, submission.user, submission.result, submission.no_show or None, writes)
    else:
        _report(pairing, submission.user, submission.result, writes)


REFUSALS: dict[int, type[ApplicationError]] = {
    403: PermissionDenied,
    404: NotFound,
    409: Conflict,
}


def _refusal(submission: ResultSubmission) -> ApplicationError:
    """The refusal a lock holder recorded, raised again with its HTTP status."""
    refusal = submission.refusal or {}
    kind = REFUSALS.get(submission.refusal_status or 400, ApplicationError)
    return kind(refusal.get("message", "Refused."), extra=refusal.get("extra") or None)


def result_submissions_prune(*, now: datetime | None = None) -> int:
    """Submissions whose request died before reading its outcome (run by the tick)."""
    cutoff = (now or timezone.now()) - SUBMISSION_KEEP
    deleted, _ = ResultSubmission.objects.filter(created_at__lt=cutoff).delete()
    return deleted


def result_game_record(*, pairing_id: int, result: str, no_show: str | None = None) -> None:
    """An online game's end as its board's result: the same writes as an arbiter's decision
    (a no-show is a forfeit that pauses and bans the absent player), in the game's transaction.
    A game of an event no longer running, or of a board an arbiter has already decided, leaves
    the event as it is."""
    pairing = SwissPairing.objects.select_related("round__tournament").get(id=pairing_id)
    tournament = tournament_lock(tournament=pairing.round.tournament)
    if tournament.status != TournamentStatus.RUNNING:
        logger.info("tournament %s: game of board %s ended late", tournament.id, pairing_id)
        return
    board = _boards(tournament, {pairing_id})[pairing_id]
    if board.result:
        # An arbiter decided this board while the game ran: the decision stands, the game
        # record keeps its own status.
        logger.info(
            "tournament %s: board %s already decided, game result kept apart",
            tournament.id,
            pairing_id,
        )
        return
    writes = _Writes(tournament)
    _set(board, None, result, no_show, writes)
    writes.finish()
