"""An online event's boards as games on the server (the games app, the individual events'
games): each board a team fielded both players for becomes a game when the line-ups close,
on the event's clock, White and Black as the board has them; its end writes the board's
result (`results.board_result_game_record`)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from arbiter.common.exceptions import InvalidInput
from arbiter.games.services import time_control_get_or_create
from arbiter.games.services.creation import Seat, games_create
from arbiter.teamswiss.live import effects
from arbiter.teamswiss.models import TeamSwissBoard, TeamSwissEvent, TeamSwissPlayer


def online_clock_required(*, event: TeamSwissEvent) -> None:
    """An online event's games need its clock (`clock_minutes`, `clock_increment`)."""
    if event.mode == TeamSwissEvent.Mode.ONLINE and not event.clock_minutes:
        raise InvalidInput({"clock_minutes": [_("An online event needs its clock's base time.")]})


def board_games_create(*, event: TeamSwissEvent, number: int, boards: list[TeamSwissBoard]) -> int:
    """One game per board still to play (a forfeit is decided already), for an online event;
    the players are told after the commit. Returns how many games (caller holds the event
    lock, and the boards are saved)."""
    if event.mode != TeamSwissEvent.Mode.ONLINE:
        return 0
    online_clock_required(event=event)
    to_play = [board for board in boards if not board.result]
    if not to_play:
        return 0
    player_ids = {b.white_player_id for b in to_play} | {b.black_player_id for b in to_play}
    users: dict[int | None, int | None] = dict(
        TeamSwissPlayer.objects.filter(id__in=player_ids).values_list("id", "user_id")
    )
    assert event.clock_minutes is not None
    clock = time_control_get_or_create(
        limit_seconds=event.clock_minutes * 60, increment_seconds=event.clock_increment
    )
    # A squad line without an account gets a seat nobody can take: the first-move deadline
    # forfeits it, as an individual event's registered entry.
    games = games_create(
        seats=[
            Seat(
                pairing_id=None,
                white_user_id=users.get(board.white_player_id),
                black_user_id=users.get(board.black_player_id),
                team_board_id=board.id,
            )
            for board in to_play
        ],
        time_control=clock,
    )
    effects.games_started(event_id=event.id, number=number)
    return len(games)
