"""The messages of a game's socket (`/ws/games/{id}/`), for the OpenAPI schema."""

from __future__ import annotations

from arbiter.common.schema import SocketErrorMessage, message
from arbiter.games.serializers import GameStateOutputSerializer

GameStateMessage = message("game_state", GameStateOutputSerializer(), "GameStateMessage")

# A move over the socket that is refused gets `error` (the REST status and message).
SOCKETS = {"GameSocketMessage": [GameStateMessage, SocketErrorMessage]}
