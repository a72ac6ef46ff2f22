"""The messages of a game's socket (`/ws/games/{id}/`), for the OpenAPI schema, and the one
games adds to the user's socket (`/ws/me/`)."""

from __future__ import annotations

from rest_framework import serializers

from arbiter.common.schema import SocketErrorMessage, message
from arbiter.games.read.serializers import GameStateOutputSerializer

GameStateMessage = message("game_state", GameStateOutputSerializer(), "GameStateMessage")


class ArbiterActionPayload(serializers.Serializer):
    """What an arbiter did in the game (the state follows in `game_state`), to every watcher."""

    game_id = serializers.IntegerField()
    action = serializers.ChoiceField(
        choices=["paused", "resumed", "time_added", "takeback", "adjudicated"]
    )
    text = serializers.CharField(
        help_text="The sentence in English; a frame goes to every watcher, whatever their"
        " language, so the app words it from the fields below (docs/i18n.md)."
    )
    colour = serializers.ChoiceField(choices=["white", "black"], required=False)
    seconds = serializers.IntegerField(required=False, help_text="Of `time_added`.")
    move = serializers.CharField(required=False, help_text="UCI, of `takeback`.")
    result = serializers.CharField(required=False, help_text="Of `adjudicated`.")
    reason = serializers.CharField(
        required=False, help_text="Of `adjudicated`: as the arbiter wrote it."
    )


class ArbiterCallPayload(serializers.Serializer):
    """To the caller and the game's arbiters: a call was opened or closed; read the calls."""

    game_id = serializers.IntegerField()
    tournament_id = serializers.IntegerField(allow_null=True)
    team_swiss_id = serializers.IntegerField(allow_null=True)


ArbiterActionMessage = message("arbiter_action", ArbiterActionPayload(), "GameArbiterActionMessage")

# A move over the socket that is refused gets `error` (the REST status and message).
SOCKETS = {
    "GameSocketMessage": [GameStateMessage, ArbiterActionMessage, SocketErrorMessage],
    "UserSocketMessage": [message("arbiter_call", ArbiterCallPayload(), "UserArbiterCallMessage")],
}
