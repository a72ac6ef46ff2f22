"""A result applied to a board: the rule (`tournaments.rules.board_results`) on the board as
read under the event's lock, then its writes. A player's report, a leader's decision
(forfeits and no-shows included), an online game's end; the boards changed are written
together (`BoardWrites`), then the ratings and the standings once for all of them."""

from __future__ import annotations

import logging

from django.core.exceptions import ValidationError
from django.utils import timezone

from arbiter.common.audit_record import audit_subject
from arbiter.common.bulk import rows_update
from arbiter.common.exceptions import InvalidInput
from arbiter.tournaments.live import effects
from arbiter.tournaments.models import (
    PAIRING_REPORT_FIELDS,
    PAIRING_RESULT_FIELDS,
    ParticipantStatus,
    PauseReason,
    RoundStatus,
    SwissPairing,
    SwissParticipant,
    SwissTournament,
    TournamentStatus,
)
from arbiter.tournaments.rules.board_results import (
    PLAYED_RESULTS,
    BoardReportState,
    ReportedBoard,
    ReportOutcome,
    Side,
    decision_audit_action,
    decision_checked,
    player_report_side,
    report_outcome,
)
from arbiter.tournaments.services.audit import audit_record
from arbiter.tournaments.services.completion import round_complete_if_done
from arbiter.tournaments.services.locking import tournament_lock
from arbiter.tournaments.services.no_shows import no_show_ban, no_show_clear
from arbiter.tournaments.services.ratings import pairings_rate
from arbiter.tournaments.services.standings import standings_store
from arbiter.users.models import User

logger = logging.getLogger(__name__)

# What applying a result reads of a board. The game, if any: an online board takes its result
# from the game, not from a report.
BOARD_RELATIONS = ("round", "white", "black", "game")


def boards_read(*, tournament: SwissTournament, pairing_ids: set[int]) -> dict[int, SwissPairing]:
    """The boards as they are now (the caller holds the event lock, which serialises writes)."""
    boards = SwissPairing.objects.select_related(*BOARD_RELATIONS).filter(id__in=pairing_ids)
    for board in boards:
        board.round.tournament = tournament
    return {board.id: board for board in boards}


class BoardWrites:
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
        if result in PLAYED_RESULTS:  # an over-the-board game resets the no-show ladder
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
        """Write what is left, then the standings for everything written, in the same
        transaction. The games of a rated event are rated here too, so a result and its rating
        change commit together; the boards are stamped with the standings version, so the live
        push knows which boards are new."""
        self.flush()
        if self.written:
            pairings_rate(tournament=self.tournament, pairing_ids=self.written)
            standings_store(tournament=self.tournament, boards_written=self.written)
            effects.live_push(tournament_id=self.tournament.id)


def report_apply(*, pairing: SwissPairing, user: User, result: str, writes: BoardWrites) -> None:
    """A player's report: the rule (`rules.board_results`) on the board as locked, then its
    writes."""
    side = player_report_side(
        board=ReportedBoard(
            white_user=pairing.white.user_id,
            black_user=pairing.black.user_id,
            online=hasattr(pairing, "game"),  # the reverse one-to-one is absent over the board
            event_finished=pairing.round.tournament.status == TournamentStatus.FINISHED,
        ),
        reporter=user,
        result=result,
    )
    report_field = f"{side}_report"
    outcome = report_outcome(
        board=_report_state(pairing, user),
        reporter=user.id,
        own_report=getattr(pairing, report_field),
        result=result,
    )
    if outcome == ReportOutcome.UNCHANGED:
        return
    if outcome == ReportOutcome.CONFIRM:
        setattr(pairing, report_field, result)  # the opponent confirms
        writes.confirm(pairing)
        return
    if outcome == ReportOutcome.DISPUTE:
        # The opponent contradicts the first report: clear the result and let the arbiter
        # decide, with both reports kept on the board for the dispute queue.
        writes.store(pairing, "", user, disputed=True)
    else:
        writes.store(pairing, result, user)
    setattr(pairing, report_field, result)  # written with the board by `flush`


def _report_state(pairing: SwissPairing, user: User) -> BoardReportState:
    """The board for the report rule. A cleared board in a completed round would leave the
    next round unpairable; a no-show is an arbiter's decision."""
    rnd = pairing.round
    opponents = {pairing.white.user_id, pairing.black.user_id} - {user.id}
    return BoardReportState(
        result=pairing.result,
        disputed=pairing.disputed,
        reported_by=pairing.reported_by_id,
        by_opponent_report=pairing.reported_by_id in opponents
        and pairing.result in PLAYED_RESULTS
        and pairing.no_show_id is None,
        round_open=rnd.status != RoundStatus.COMPLETE
        and rnd.number == rnd.tournament.current_round,
    )


def decision_apply(
    *,
    pairing: SwissPairing,
    user: User | None,
    result: str,
    no_show: Side | None,
    writes: BoardWrites,
) -> None:
    """A leader's decision, forfeits included (the leadership was checked when the result was
    submitted), or an online game's end (`user` None): the rule, then its writes. A no-show
    pauses and bans the absent player at once: the boards before it are written first."""
    tournament = pairing.round.tournament
    decision = decision_checked(result=result, no_show=no_show)
    if user is not None:  # a leader's decision is in the event's audit log
        audit_record(
            tournament=tournament,
            actor=user,
            action=decision_audit_action(result_before=pairing.result),
            subject=board_subject(pairing),
            before={"result": pairing.result, "disputed": pairing.disputed},
            after={"result": result, "no_show": no_show or ""},
        )
    if decision.absent is None:
        writes.store(pairing, decision.result, user)
        return
    absent: SwissParticipant = pairing.white if decision.absent == "white" else pairing.black
    pairing.no_show = absent
    absent.status = ParticipantStatus.PAUSED
    absent.pause_reason = PauseReason.NO_SHOW
    absent.save(update_fields=["status", "pause_reason"])
    if absent.user is not None:  # a registered player has no account to ban
        no_show_ban(tournament=tournament, user=absent.user)
    logger.info("tournament %s: no-show by %s, paused and banned", tournament.id, absent.user)
    writes.store(pairing, decision.result, user)
    writes.flush()


def board_subject(pairing: SwissPairing) -> str:
    return audit_subject(
        round_number=pairing.round.number,
        board=pairing.board,
        white=pairing.white.display_name,
        black=pairing.black.display_name,
    )


def result_game_record(*, pairing_id: int, result: str, no_show: Side | None = None) -> None:
    """An online game's end as its board's result: the same writes as an arbiter's decision
    (a no-show is a forfeit that pauses and bans the absent player), in the game's transaction.
    A game of an event no longer running, or of a board an arbiter has already decided, leaves
    the event as it is."""
    pairing = SwissPairing.objects.select_related("round__tournament").get(id=pairing_id)
    tournament = tournament_lock(tournament=pairing.round.tournament, versioned=False)
    if tournament.status != TournamentStatus.RUNNING:
        logger.info("tournament %s: game of board %s ended late", tournament.id, pairing_id)
        return
    board = boards_read(tournament=tournament, pairing_ids={pairing_id})[pairing_id]
    if board.result:
        # An arbiter decided this board while the game ran: the decision stands, the game
        # record keeps its own status.
        logger.info(
            "tournament %s: board %s already decided, game result kept apart",
            tournament.id,
            pairing_id,
        )
        return
    writes = BoardWrites(tournament)
    decision_apply(pairing=board, user=None, result=result, no_show=no_show, writes=writes)
    writes.finish()
