"""Teams: register, edit the squad, withdraw."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import NestedInputSerializer, StrictCharField, error_responses, reject_body
from arbiter.common.text import name_validator
from arbiter.teamswiss.api.common import (
    TeamSwissInputSerializer,
    event_or_404,
    team_or_404,
    user_in_body,
)
from arbiter.teamswiss.read import selectors
from arbiter.teamswiss.read.serializers import TeamSwissTeamOutputSerializer
from arbiter.teamswiss.services import teams
from arbiter.teamswiss.services.teams import SquadEntry
from arbiter.users.authentication import authenticated_user


class SquadEntryInputSerializer(NestedInputSerializer):
    id = serializers.IntegerField(
        required=False, help_text="An existing squad player (PUT only); omit for a new one."
    )
    username = StrictCharField(max_length=150, required=False, help_text="The player's account.")
    name = StrictCharField(
        max_length=80,
        required=False,
        allow_blank=True,
        help_text="Default: the username.",
        validators=[name_validator],
    )
    rating = serializers.IntegerField(min_value=0, max_value=3500, required=False, allow_null=True)


def squad_entries(rows: list[dict[str, Any]]) -> list[SquadEntry]:
    return [
        SquadEntry(
            id=row.get("id"),
            user=user_in_body(row["username"], f"players.{i}.username")
            if row.get("username")
            else None,
            name=row.get("name", ""),
            rating=row.get("rating"),
            rating_given="rating" in row,
        )
        for i, row in enumerate(rows)
    ]


def team_output(team: Any) -> dict[str, Any]:
    team.squad = selectors.squad_of(team=team)
    return dict(TeamSwissTeamOutputSerializer(team).data)


class TeamSwissTeamRegisterApi(APIView):
    """A host leader registers any team; any signed-in user a team they captain (before
    round 1). The squad is in board order: the first `boards` players are the regular
    line-up, the others reserves."""

    # Counted by the service, in the joins' allowance every path shares (docs/security.md).
    service_throttle = "join"

    class InputSerializer(TeamSwissInputSerializer):
        name = serializers.CharField(max_length=80, validators=[name_validator])
        captain = StrictCharField(
            max_length=150, required=False, help_text="A username; default: the caller."
        )
        players = SquadEntryInputSerializer(many=True, max_length=30)  # type: ignore[call-arg]

    @extend_schema(request=InputSerializer, responses={201: TeamSwissTeamOutputSerializer})
    def post(self, request: Request, event_id: int) -> Response:
        user = authenticated_user(request)
        event = event_or_404(event_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        captain = user_in_body(values["captain"], "captain") if "captain" in values else user
        team = teams.team_register(
            event=event,
            user=user,
            name=values["name"],
            captain=captain,
            squad=squad_entries(values["players"]),
        )
        return Response(team_output(team), status=status.HTTP_201_CREATED)


class TeamSwissTeamUpdateApi(APIView):
    """The team's name and squad. Once a round is paired the squad keeps its players in
    their order (listed first, by `id`); new reserves follow."""

    class InputSerializer(TeamSwissInputSerializer):
        name = serializers.CharField(max_length=80, validators=[name_validator])
        players = SquadEntryInputSerializer(many=True, max_length=30)  # type: ignore[call-arg]

    @extend_schema(request=InputSerializer, responses={200: TeamSwissTeamOutputSerializer})
    def put(self, request: Request, event_id: int, tpn: int) -> Response:
        user = authenticated_user(request)
        team = team_or_404(event_or_404(event_id), tpn)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        team = teams.team_update(
            team=team, user=user, name=values["name"], squad=squad_entries(values["players"])
        )
        return Response(team_output(team))


class TeamSwissTeamWithdrawApi(APIView):
    """Not paired from the next round on."""

    @extend_schema(
        request=None,
        responses={
            200: TeamSwissTeamOutputSerializer,
            **error_responses({409: "The team has withdrawn already, or the event has finished."}),
        },
    )
    def post(self, request: Request, event_id: int, tpn: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        team = teams.team_withdraw(team=team_or_404(event_or_404(event_id), tpn), user=user)
        return Response(team_output(team))
