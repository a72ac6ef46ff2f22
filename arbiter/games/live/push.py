"""The game socket's events: `game_state` (the full state, after every change)."""

from __future__ import annotations

from typing import Any

from arbiter.realtime.push import channel_layer, group_push, push_text


def game_group(game_id: int) -> str:
    return f"game.{game_id}"


def game_state_push(*, game_id: int, payload: dict[str, Any]) -> None:
    group_push(group=game_group(game_id), event="game_state", payload=payload)


async def game_state_publish(*, game_id: int, payload: dict[str, Any]) -> None:
    """The same push from async code (a socket handler's event loop)."""
    text = push_text("game_state", payload)
    await channel_layer().group_send(game_group(game_id), {"type": "push", "text": text})
