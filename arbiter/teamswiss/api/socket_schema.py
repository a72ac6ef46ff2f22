"""The messages of an event's socket (`/ws/team-swiss/{id}/`), for the OpenAPI schema: version
pings and the small facts `push` sends, built by `payloads` (docs/live.md)."""

from __future__ import annotations

from rest_framework import serializers

from arbiter.common.schema import ReloadMessage, ResyncMessage, SocketErrorMessage, message
from arbiter.teamswiss.models import TeamSwissEvent
from arbiter.teamswiss.read.serializers import TeamSwissMatchOutputSerializer


class TeamSwissHelloPayload(serializers.Serializer):
    event = serializers.IntegerField()
    status = serializers.ChoiceField(choices=TeamSwissEvent.Status.values)
    version = serializers.IntegerField()


class TeamSwissLineupSubmittedPayload(serializers.Serializer):
    round = serializers.IntegerField()
    tpn = serializers.IntegerField()


SOCKETS = {
    "TeamSwissSocketMessage": [
        message("hello", TeamSwissHelloPayload(), "TeamSwissHelloMessage"),
        message(
            "lineup_submitted",
            TeamSwissLineupSubmittedPayload(),
            "TeamSwissLineupSubmittedMessage",
        ),
        message("board_result", TeamSwissMatchOutputSerializer(), "TeamSwissBoardResultMessage"),
        ReloadMessage,
        ResyncMessage,
        SocketErrorMessage,
    ],
}
