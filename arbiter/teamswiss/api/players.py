"""A squad player's FIDE data, where the rating report points at it."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses
from arbiter.teamswiss.api.common import TeamSwissInputSerializer, event_or_404
from arbiter.teamswiss.services import players
from arbiter.tournaments.api.entry_data import EntryFideDataApi
from arbiter.users.authentication import authenticated_user


class TeamSwissPlayerFideDataOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    team = serializers.IntegerField(source="team.tpn", help_text="The team's pairing number.")
    name = serializers.CharField()
    username = serializers.CharField(
        source="user.username", allow_null=True, default=None, help_text="null: no account."
    )
    fide_id = serializers.CharField()
    federation = serializers.CharField()
    title = serializers.CharField()
    birth_year = serializers.IntegerField(allow_null=True)
    sex = serializers.CharField()
    rating = serializers.IntegerField(allow_null=True)
    rating_kind = serializers.CharField()


class TeamSwissPlayerFideDataApi(APIView):
    """The event's leaders, or the team's captain for their own squad, set a player's FIDE
    data: the fields of the TRF 001 record (a finished event's too)."""

    # The individual entry's checks of each field, one set for both kinds of event; the
    # name stays the squad's (an account's player is named by the account).
    class InputSerializer(TeamSwissInputSerializer, EntryFideDataApi.InputSerializer):
        name = None  # type: ignore[assignment]
        rating_kind = serializers.ChoiceField(
            choices=list(players.RATING_KINDS),
            required=False,
            help_text="fide: the rating is a FIDE rating; national or arbiter: the player is "
            "new to FIDE's list, for the rating report.",
        )

    @extend_schema(
        request=InputSerializer,
        responses={
            200: TeamSwissPlayerFideDataOutputSerializer,
            **error_responses(
                {
                    403: "Only the event's leaders or the team's captain edit its players' "
                    "FIDE data.",
                    404: "No such event, or no such player in it.",
                }
            ),
        },
    )
    def patch(self, request: Request, event_id: int, player: int) -> Response:
        user = authenticated_user(request)
        event = event_or_404(event_id)
        players.player_fide_editor_check(event=event, player_id=player, user=user)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        edited = players.player_fide_data_set(
            event=event, user=user, player_id=player, data=dict(data.validated_data)
        )
        return Response(TeamSwissPlayerFideDataOutputSerializer(edited).data)
