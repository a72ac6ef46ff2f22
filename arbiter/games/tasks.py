"""The server's flag: a tick (every 0.5 s by default) ends every game whose side to move is
out of time, read from the database, so nothing is lost to a restart or a lost message.

A flag waiting for the next tick would be up to a tick late, plus the time beat takes to
send it: each tick also gives every game running out before the next two ticks a task of its
own, due at the expiry (the worker holds it and runs it then). Either finds the game already
ended, or moved on, and does nothing."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from arbiter.games.read.selectors import game_ids_flag_due, games_flag_soon
from arbiter.games.services.play import game_flag_if_due

LOOKAHEAD = timedelta(seconds=1)


@shared_task(name="games.flag_tick")
def flag_tick() -> int:
    now = timezone.now()
    flagged = 0
    for game_id in game_ids_flag_due(now=now):
        flagged += game_flag_if_due(game_id=game_id)
    for game_id, flag_at in games_flag_soon(now=now, within=LOOKAHEAD):
        # Expires soon after: a worker that was away leaves the game to the tick.
        flag_at_expiry.apply_async(
            kwargs={"game_id": game_id}, eta=flag_at, expires=flag_at + timedelta(seconds=5)
        )
    return flagged


@shared_task(name="games.flag_at_expiry")
def flag_at_expiry(*, game_id: int) -> bool:
    return game_flag_if_due(game_id=game_id)
