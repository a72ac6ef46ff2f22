"""The messages of an event's socket (`/ws/team-swiss/{id}/`), for the OpenAPI schema:
`push` sends them, built by `payloads`."""

from __future__ import annotations

from rest_framework import serializers

from arbiter.common.schema import ReloadMessage, ResyncMessage, SocketErrorMessage, message
from arbiter.teamswiss.models import TeamSwissEvent
from arbiter.teamswiss.read.serializers import (
    TeamSwissEventOutputSerializer,
    TeamSwissMatchOutputSerializer,
    TeamSwissRoundOutputSerializer,
    TeamSwissStandingOutputSerializer,
    TeamSwissStandingsOutputSerializer,
)


class TeamSwissHelloPayload(serializers.Serializer):
    event = serializers.IntegerField()
    status = serializers.ChoiceField(choices=TeamSwissEvent.Status.values)
    version = serializers.IntegerField()


class TeamSwissLineupSubmittedPayload(serializers.Serializer):
    round = serializers.IntegerField()
    tpn = serializers.IntegerField()


class TeamSwissEventEndPayload(serializers.Serializer):
    event = TeamSwissEventOutputSerializer()
    version = serializers.IntegerField()
    standings = TeamSwissStandingOutputSerializer(many=True)


SOCKETS = {
    "TeamSwissSocketMessage": [
        message("hello", TeamSwissHelloPayload(), "TeamSwissHelloMessage"),
        message("round_paired", TeamSwissRoundOutputSerializer(), "TeamSwissRoundPairedMessage"),
        message(
            "lineup_submitted",
            TeamSwissLineupSubmittedPayload(),
            "TeamSwissLineupSubmittedMessage",
        ),
        message("round_start", TeamSwissRoundOutputSerializer(), "TeamSwissRoundStartMessage"),
        message("board_result", TeamSwissMatchOutputSerializer(), "TeamSwissBoardResultMessage"),
        message(
            "standings_update",
            TeamSwissStandingsOutputSerializer(),
            "TeamSwissStandingsUpdateMessage",
        ),
        message("event_end", TeamSwissEventEndPayload(), "TeamSwissEventEndMessage"),
        ReloadMessage,
        ResyncMessage,
        SocketErrorMessage,
    ],
}
