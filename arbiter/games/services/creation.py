"""Games of a paired online round (an individual event's pairings, a team event's boards once
the line-ups close), created in the round's transaction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import timezone

from arbiter.games.models import Game, TimeControl
from arbiter.games.rules import first_move_deadline_at, starting_ms


@dataclass(frozen=True)
class Seat:
    """One board to play: its pairing (or team board, `team_board_id`) and the players'
    users (None: a registered entry)."""

    pairing_id: int | None
    white_user_id: int | None
    black_user_id: int | None
    team_board_id: int | None = None


def games_create(
    *, seats: Sequence[Seat], time_control: TimeControl, first_move_seconds: int | None = None
) -> list[Game]:
    """`first_move_seconds`: the event's no-show time (None: the speed's default)."""
    now = timezone.now()
    # `initial_ms` is the control's base time (the speed, the PGN's TimeControl); the clocks
    # start at `starting_ms`, which differs for a 0-minute clock.
    initial_ms = time_control.limit_seconds * 1000
    start_ms = starting_ms(time_control.limit_seconds, time_control.increment_seconds)
    return Game.objects.bulk_create(
        Game(
            pairing_id=seat.pairing_id,
            team_board_id=seat.team_board_id,
            white_id=seat.white_user_id,
            black_id=seat.black_user_id,
            initial_ms=initial_ms,
            increment_ms=time_control.increment_seconds * 1000,
            white_ms=start_ms,
            black_ms=start_ms,
            turn_started_at=now,
            first_move_seconds=first_move_seconds,
            flag_at=first_move_deadline_at(
                speed=time_control.speed,
                round_started_at=now,
                now=now,
                seconds=first_move_seconds,
            ),
        )
        for seat in seats
    )
