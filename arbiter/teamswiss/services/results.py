"""A board's result: a player of the board reports it (the opponent confirms or disputes it:
the individual boards' rule, `tournaments.rules.board_results`), an arbiter sets or corrects
it, or, online, its game's end writes it as an arbiter's decision. What each does to the
board is decided by the rules (`teamswiss.rules`); this module reads the board under the
event's lock and writes what they decide."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from arbiter.common.exceptions import Conflict, NotFound
from arbiter.games.services.play import games_abort_of_team_boards
from arbiter.teams.permissions import board_player_or_arbiter_required
from arbiter.teams.read import team_id_is_leader
from arbiter.teamswiss.live import effects
from arbiter.teamswiss.models import (
    TeamSwissBoard,
    TeamSwissEvent,
    TeamSwissMatch,
    TeamSwissRound,
)
from arbiter.teamswiss.read import selectors
from arbiter.teamswiss.rules import (
    decision_checked,
    game_board_result,
    player_report_checked,
)
from arbiter.teamswiss.services.audit import board_subject, team_audit_record
from arbiter.teamswiss.services.completion import match_points_set, round_complete_if_done
from arbiter.teamswiss.services.locking import event_locked, version_bump
from arbiter.tournaments.rules.board_results import (
    BoardReportState,
    ReportOutcome,
    decision_audit_action,
    report_outcome,
)
from arbiter.users.models import User


def _report_state(board: TeamSwissBoard, user: User, rnd: TeamSwissRound) -> BoardReportState:
    white = board.white_player.user_id if board.white_player else None
    black = board.black_player.user_id if board.black_player else None
    opponent, their_report = (
        (black, board.black_report) if user.pk == white else (white, board.white_report)
    )
    return BoardReportState(
        result=board.result,
        disputed=board.disputed,
        reported_by=board.reported_by_id,
        # The opponent's own report (an arbiter's decision leaves the reports as they were).
        by_opponent_report=opponent is not None
        and board.reported_by_id == opponent
        and their_report == board.result,
        round_open=rnd.status == TeamSwissRound.Status.PLAYING,
    )


@transaction.atomic
def board_result_submit(
    *, event: TeamSwissEvent, number: int, table: int, board: int, user: User, result: str
) -> TeamSwissBoard:
    """A player of the board reports a played result (1-0, 0-1, 1/2): it stands until the
    opponent confirms it (the same result) or contradicts it (the board is cleared and
    disputed, for the arbiter). An arbiter (a host leader) sets any result, forfeits
    included, and corrects one at any time; their decision ends a dispute and is in the
    event's audit log (`result.set`, `result.corrected`, as an individual event's)."""
    event = event_locked(event=event)
    rnd = selectors.round_get(event=event, number=number)
    match = selectors.match_get(rnd=rnd, table=table) if rnd else None
    if rnd is None or match is None:
        raise NotFound(
            _("No table %(table)s in round %(number)s.") % {"table": table, "number": number}
        )
    found = selectors.board_get(match=match, board=board)
    if found is None:
        if rnd.status == TeamSwissRound.Status.LINEUPS:
            raise Conflict(_("The boards are set when the line-ups close."))
        raise NotFound(
            _("No board %(board)s at table %(table)s.") % {"board": board, "table": table}
        )
    as_arbiter = team_id_is_leader(team_id=event.host_id, user=user)
    board_player_or_arbiter_required(
        as_arbiter=as_arbiter,
        player_ids={p.user_id for p in (found.white_player, found.black_player) if p is not None},
        user=user,
        # Translators: completes "Only the board's players or the event's arbiters …".
        action=gettext("report it"),
        wording="arbiters",
    )
    if not as_arbiter:
        return _report(event, rnd, match, found, user, result)
    decision_checked(
        white_fielded=found.white_player_id is not None,
        black_fielded=found.black_player_id is not None,
        result=result,
    )
    team_audit_record(
        event=event,
        actor=user,
        action=decision_audit_action(result_before=found.result),
        subject=board_subject(number=rnd.number, table=match.table, board=found),
        before={"result": found.result, "disputed": found.disputed},
        after={"result": result},
    )
    found.result, found.reported_by, found.disputed = result, user, False
    _written(event, rnd, match, found)
    # An online board's game still running is over: the arbiter decided (after the commit,
    # so the game's lock is never awaited under the event's; a game ending meanwhile finds
    # the board decided and leaves it).
    board_id = found.id
    transaction.on_commit(lambda: games_abort_of_team_boards(board_ids=[board_id]))
    return found


@transaction.atomic
def board_result_game_record(*, board_id: int, status: str, winner: str) -> TeamSwissBoard | None:
    """An online board's game ended (inside the game's transaction): its result is written as
    an arbiter's decision is (nothing for the players to confirm), and the match's, the
    round's and the push follow. A board decided meanwhile (an arbiter) keeps its result."""
    found = (
        TeamSwissBoard.objects.select_related("match__round__event", "white_player", "black_player")
        .filter(id=board_id)
        .first()
    )
    if found is None:
        return None
    match, rnd = found.match, found.match.round
    event = event_locked(event=rnd.event)
    found.refresh_from_db(fields=["result", "disputed"])
    if found.result:
        return found
    found.result = game_board_result(status=status, winner=winner)
    found.reported_by, found.disputed = None, False
    _written(event, rnd, match, found)
    return found


def _report(
    event: TeamSwissEvent,
    rnd: TeamSwissRound,
    match: TeamSwissMatch,
    found: TeamSwissBoard,
    user: User,
    result: str,
) -> TeamSwissBoard:
    """A player's report (the caller plays on the board and is no arbiter)."""
    player_report_checked(
        round_playing=rnd.status == TeamSwissRound.Status.PLAYING,
        online=hasattr(found, "game"),  # the reverse one-to-one is absent over the board
        reporter=user,
        result=result,
    )
    white = found.white_player is not None and found.white_player.user_id == user.pk
    field = "white_report" if white else "black_report"
    outcome = report_outcome(
        board=_report_state(found, user, rnd),
        reporter=user.pk,
        own_report=getattr(found, field),
        result=result,
    )
    if outcome == ReportOutcome.UNCHANGED:
        return found
    setattr(found, field, result)
    if outcome == ReportOutcome.CONFIRM:
        found.full_clean()
        found.save(update_fields=[field, "updated_at"])  # the result stands: nothing follows
        return found
    if outcome == ReportOutcome.DISPUTE:
        found.result, found.disputed = "", True
    else:
        found.result = result
    found.reported_by = user
    _written(event, rnd, match, found)
    return found


def _written(
    event: TeamSwissEvent, rnd: TeamSwissRound, match: TeamSwissMatch, found: TeamSwissBoard
) -> None:
    """Store the board's result (or its dispute) and what follows: the match's points, the
    push, the round's completion, the version."""
    found.full_clean()
    found.save(
        update_fields=[
            "result",
            "reported_by",
            "disputed",
            "white_report",
            "black_report",
            "updated_at",
        ]
    )
    match_points_set(event=event, match=match)
    effects.board_result(event_id=event.id, number=rnd.number, table=match.table)
    round_complete_if_done(event=event, rnd=rnd)
    version_bump(event=event)
