"""A board's result: a player of the board reports it, an arbiter sets or corrects it."""

from __future__ import annotations

from django.db import transaction

from arbiter.common.exceptions import Conflict, InvalidInput, NotFound, PermissionDenied
from arbiter.teams.selectors import team_id_is_leader
from arbiter.teamswiss.live import effects
from arbiter.teamswiss.models import TeamSwissBoard, TeamSwissEvent, TeamSwissRound
from arbiter.teamswiss.read import selectors
from arbiter.teamswiss.services.access import event_locked, version_bump
from arbiter.teamswiss.services.completion import match_points_set, round_complete_if_done
from arbiter.trf.team_event import PLAYED_RESULTS
from arbiter.users.models import User


def _results_with_players(board: TeamSwissBoard) -> tuple[str, ...]:
    """The results a board takes: any while both players are there, else only a forfeit
    against the side that fielded nobody."""
    if board.white_player_id is None and board.black_player_id is None:
        return ("--",)
    if board.white_player_id is None:
        return ("-+", "--")
    if board.black_player_id is None:
        return ("+-", "--")
    return tuple(TeamSwissBoard.Result.values)[1:]


@transaction.atomic
def board_result_submit(
    *, event: TeamSwissEvent, number: int, table: int, board: int, user: User, result: str
) -> TeamSwissBoard:
    """A player of the board reports a played result (1-0, 0-1, 1/2) once; an arbiter (a
    host leader) sets any result, forfeits included, and corrects one at any time."""
    event = event_locked(event=event)
    rnd = selectors.round_get(event=event, number=number)
    match = selectors.match_get(rnd=rnd, table=table) if rnd else None
    if rnd is None or match is None:
        raise NotFound(f"No table {table} in round {number}.")
    found = selectors.board_get(match=match, board=board)
    if found is None:
        if rnd.status == TeamSwissRound.Status.LINEUPS:
            raise Conflict("The boards are set when the line-ups close.")
        raise NotFound(f"No board {board} at table {table}.")
    if not team_id_is_leader(team_id=event.host_id, user=user):
        players = {p.user_id for p in (found.white_player, found.black_player) if p is not None}
        if user.pk not in players:
            raise PermissionDenied("Only the board's players or the event's arbiters report it.")
        if rnd.status != TeamSwissRound.Status.PLAYING:
            raise Conflict("The round is over: ask an arbiter to correct a result.")
        if found.result:
            raise Conflict("The board has a result: ask an arbiter to correct it.")
        if result not in PLAYED_RESULTS:
            raise PermissionDenied("Only an arbiter decides a forfeit.")
    allowed = _results_with_players(found)
    if result not in allowed:
        raise InvalidInput(
            {"result": [f"A board where a team fielded nobody takes {' or '.join(allowed)}."]}
        )
    found.result = result
    found.reported_by = user
    found.full_clean()
    found.save(update_fields=["result", "reported_by", "updated_at"])
    match_points_set(event=event, match=match)
    effects.board_result(event_id=event.id, number=number, table=table)
    round_complete_if_done(event=event, rnd=rnd)
    version_bump(event=event)
    return found
