"""The messages of an event's socket (`/ws/tournaments/swiss/{id}/`) and of a user's
(`/ws/me/`), for the OpenAPI schema: `payloads` and `push` build them, docs/live.md says when
each is sent, and tests/tournaments/live/test_socket_schema.py holds them to these fields."""

from __future__ import annotations

from rest_framework import serializers

from arbiter.common.schema import ReloadMessage, ResyncMessage, SocketErrorMessage, message
from arbiter.tournaments.models import TournamentStatus
from arbiter.tournaments.read.serializers import (
    PairingOutputSerializer,
    PrizeTableOutputSerializer,
    RoundDetailOutputSerializer,
    StandingOutputSerializer,
    TeamStandingOutputSerializer,
    TournamentOutputSerializer,
)


class HelloPayload(serializers.Serializer):
    """On connect: enough to tell whether the client missed a push."""

    tournament = serializers.IntegerField()
    status = serializers.ChoiceField(choices=TournamentStatus.choices)
    current_round = serializers.IntegerField()
    standings_version = serializers.IntegerField()
    version = serializers.IntegerField(
        help_text="The event's read version: its pages' `Arbiter-Version` (docs/live.md)."
    )


class RoundStartPayload(RoundDetailOutputSerializer):
    round = serializers.IntegerField(help_text="The round's number (as `number`).")


class BoardResultSerializer(PairingOutputSerializer):
    round = serializers.IntegerField()


class GameResultPayload(serializers.Serializer):
    version = serializers.IntegerField(help_text="The standings version these results made.")
    results = BoardResultSerializer(many=True, help_text="In the order they were written.")


class StandingsUpdatePayload(serializers.Serializer):
    """The first page of the standings. On a `?frames=one` socket it also carries the
    `results` and the `round_start` of the same push, to be applied before the standings."""

    version = serializers.IntegerField()
    tiebreaks_after_round = serializers.IntegerField()
    standings = StandingOutputSerializer(many=True)
    hidden = serializers.BooleanField(
        help_text="The event hides its standings while it runs: `standings` is empty and each "
        "client reads its own view over REST (a player: their own row)."
    )
    team_standings = TeamStandingOutputSerializer(
        many=True, required=False, help_text="Co-hosted events only: every team's row."
    )
    results = BoardResultSerializer(many=True, required=False)
    round_start = RoundStartPayload(required=False)


class TournamentEndPayload(serializers.Serializer):
    tournament = TournamentOutputSerializer()
    standings = StandingOutputSerializer(many=True, help_text="The full final standings.")
    team_standings = TeamStandingOutputSerializer(
        many=True, required=False, help_text="Co-hosted events only: the final team standings."
    )


class UserHelloPayload(serializers.Serializer):
    """On connect to `/ws/me/`: whose socket it is."""

    username = serializers.CharField()


class GameStartPayload(serializers.Serializer):
    """A round started with an online game of the user's: the client opens it unless the user
    turned that off (`redirect`). A team event's game (its line-ups closed) names its team
    event instead of an individual one."""

    game_id = serializers.IntegerField()
    tournament_id = serializers.IntegerField(allow_null=True)
    team_swiss_id = serializers.IntegerField(required=False)
    round = serializers.IntegerField()
    redirect = serializers.BooleanField()


class PairingFailedPayload(serializers.Serializer):
    """To the team's leaders: a round that was due could not be paired."""

    tournament = serializers.IntegerField()
    name = serializers.CharField()
    message = serializers.CharField()


class PairingDuePayload(serializers.Serializer):
    """To the team's leaders of a manual-only event: a round is due; pair it in the editor."""

    tournament = serializers.IntegerField()
    name = serializers.CharField()
    round = serializers.IntegerField()


class BanLiftedPayload(serializers.Serializer):
    """To the player: a leader lifted their no-show ban; they may join the team's events."""

    tournament = serializers.IntegerField()
    team = serializers.CharField(help_text="The team's slug.")


SOCKETS = {
    "SwissSocketMessage": [
        message("hello", HelloPayload(), "SwissHelloMessage"),
        message("round_start", RoundStartPayload(), "SwissRoundStartMessage"),
        message("game_result", GameResultPayload(), "SwissGameResultMessage"),
        message("standings_update", StandingsUpdatePayload(), "SwissStandingsUpdateMessage"),
        message("tournament_update", TournamentOutputSerializer(), "SwissTournamentUpdateMessage"),
        message("tournament_end", TournamentEndPayload(), "SwissTournamentEndMessage"),
        message("prizes_update", PrizeTableOutputSerializer(), "SwissPrizesUpdateMessage"),
        ReloadMessage,
        ResyncMessage,
        SocketErrorMessage,
    ],
    "UserSocketMessage": [
        message("hello", UserHelloPayload(), "UserHelloMessage"),
        message("game_start", GameStartPayload(), "UserGameStartMessage"),
        message("pairing_failed", PairingFailedPayload(), "UserPairingFailedMessage"),
        message("ban_lifted", BanLiftedPayload(), "UserBanLiftedMessage"),
        message("pairing_due", PairingDuePayload(), "UserPairingDueMessage"),
        SocketErrorMessage,
    ],
}
