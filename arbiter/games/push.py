"""The game socket's events: `game_state` (the full state, after every change)."""

from __future__ import annotations

from django.utils import timezone

from arbiter.games.payloads import game_payload
from arbiter.games.selectors import game_get
from arbiter.realtime.push import group_push


def game_group(game_id: int) -> str:
    return f"game.{game_id}"


def game_state_push(*, game_id: int) -> None:
    game = game_get(game_id=game_id)
    if game is not None:
        group_push(
            group=game_group(game_id),
            event="game_state",
            payload=game_payload(game, now=timezone.now()),
        )
