"""The server's flag: a tick (every 0.5 s by default) ends every game whose side to move is
out of time, read from the database, so nothing is lost to a restart or a lost message."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from arbiter.games.selectors import game_ids_flag_due
from arbiter.games.services.play import game_flag_if_due


@shared_task(name="games.flag_tick")
def flag_tick() -> int:
    flagged = 0
    for game_id in game_ids_flag_due(now=timezone.now()):
        flagged += game_flag_if_due(game_id=game_id)
    return flagged
