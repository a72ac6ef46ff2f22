"""The game socket's events: `game_state` (the full state, after every change), and who hears
which.

- `game.{id}`: the game's sockets (`/ws/games/{id}/`) and the Board API's game streams hear
  every state.
- `game.{id}.end`: the Board API's event streams, which show only a game's end (`gameFinish`),
  hear its final state alone: a move wakes none of them.

A running game's state is published without its legal moves, which only the browser's board
uses (the Board API's lines do not): the message carries the frame without them, where they go
(`legal_at`) and their JSON (`legal`), written once by the process that made the write
(`payloads.game_push_state`); each game socket sends the frame with them spliced in
(`game_state_text`), the same bytes as the state built with them (`payloads.game_payload`).
"""

from __future__ import annotations

import json
from typing import Any

from arbiter.realtime.push import _group_send, channel_layer, push_text

# How `push_text` starts a state's frame (the payload follows, then the closing brace).
STATE_FRAME_HEAD = '{"event":"game_state","payload":'
# A channel-layer message and the group it goes to.
Publication = tuple[str, dict[str, Any]]


def game_group(game_id: int) -> str:
    return f"game.{game_id}"


def game_end_group(game_id: int) -> str:
    """Who hears only the game's final state (the Board API's event streams)."""
    return f"game.{game_id}.end"


def game_state_publications(
    *, game_id: int, state: dict[str, Any], legal: str | None
) -> list[Publication]:
    """The messages of a state and its legal moves (`payloads.game_push_state`) and their
    groups: the frame as is when the state has its `legal` (a game over has `{}`), else
    without them, where they go and what they are."""
    if "legal" in state or legal is None:
        full: dict[str, Any] = {"type": "push", "text": push_text("game_state", state)}
        publications = [(game_group(game_id), full)]
        if state["status"] != "started":
            publications.append((game_end_group(game_id), full))
        return publications
    items = list(state.items())
    cut = next(i for i, (key, _) in enumerate(items) if key == "turn")  # `legal` goes before
    head = json.dumps(dict(items[:cut]), separators=(",", ":"))
    tail = json.dumps(dict(items[cut:]), separators=(",", ":"))
    # `push_text`'s bytes: the two halves of the payload's object joined.
    text = f"{STATE_FRAME_HEAD}{head[:-1]},{tail[1:]}}}"
    at = len(STATE_FRAME_HEAD) + len(head) - 1
    message: dict[str, Any] = {"type": "push", "text": text, "legal_at": at, "legal": legal}
    return [(game_group(game_id), message)]


def game_state_text(message: dict[str, Any]) -> str:
    """The frame a game socket sends for a `game_state_publications` message: with the legal
    moves, as `push_text("game_state", game_payload(...))` writes it."""
    text: str = message["text"]
    at = message.get("legal_at")
    if at is None:
        return text
    return f'{text[:at]},"legal":{message["legal"]}{text[at:]}'


def publications_send(publications: list[Publication]) -> None:
    for group, message in publications:
        _group_send(group, message)


async def publications_publish(publications: list[Publication]) -> None:
    """The same from async code (a socket handler's event loop)."""
    layer = channel_layer()
    for group, message in publications:
        await layer.group_send(group, message)
