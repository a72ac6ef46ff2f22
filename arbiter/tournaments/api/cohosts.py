"""Co-hosted events: invitations, the team an entry plays for, the check of "teammates do not
meet" and the team standings (docs/teams.md)."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses, reject_body
from arbiter.common.exceptions import InvalidInput
from arbiter.common.page_cache import VERSION_HEADER, page_response
from arbiter.teams.models import NAME_MAX_LENGTH, Team
from arbiter.teams.read import team_get_by_slug_or_name
from arbiter.tournaments.api.common import (
    SwissInputSerializer,
    entry_named,
    team_in_body,
    team_or_404,
    tournament_or_404,
)
from arbiter.tournaments.live import pages, payloads
from arbiter.tournaments.read.selectors import standings_hidden_from
from arbiter.tournaments.read.serializers import (
    CoHostOutputSerializer,
    TeamStandingOutputSerializer,
)
from arbiter.tournaments.services import cohosts, teammates
from arbiter.users.authentication import authenticated_user


class CoHostInviteApi(APIView):
    """The host's leaders invite a team to co-host; its leaders accept or decline. The team
    is named by its slug or by its name as it shows (any case): the browser's picker finds it
    through the team search (`GET /api/teams/?search=`) and sends the slug."""

    class InputSerializer(SwissInputSerializer):
        team = serializers.CharField(
            max_length=NAME_MAX_LENGTH + 12,
            help_text="The invited team's slug, or its name (any case).",
        )

    @extend_schema(
        request=InputSerializer,
        responses={
            201: CoHostOutputSerializer,
            **error_responses({409: "The team is already invited, or the event is over."}),
        },
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = tournament_or_404(tournament_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        cohost = cohosts.cohost_invite(
            tournament=tournament, user=user, team=_team_named(data.validated_data["team"])
        )
        return Response(CoHostOutputSerializer(cohost).data, status=status.HTTP_201_CREATED)


def _team_named(value: str) -> Team:
    """The team a leader named by slug or by name: unknown is a 400 on `team`."""
    team = team_get_by_slug_or_name(value=value)
    if team is None:
        raise InvalidInput(
            {
                "team": [
                    _("No team is named %(name)s: search by name and pick one.")
                    % {"name": repr(value.strip())}
                ]
            }
        )
    return team


class CoHostRemoveApi(APIView):
    """The host's leaders withdraw an invitation, or remove a co-host nobody plays for."""

    @extend_schema(
        request=None,
        responses={
            204: None,
            **error_responses({409: "Players play for the team, or the event is over."}),
        },
    )
    def delete(self, request: Request, tournament_id: int, team: str) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        cohosts.cohost_remove(
            tournament=tournament_or_404(tournament_id), user=user, team=team_or_404(team)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class CoHostAcceptApi(APIView):
    @extend_schema(
        request=None,
        responses={
            200: CoHostOutputSerializer,
            **error_responses({409: "Already accepted, or the event is over."}),
        },
    )
    def post(self, request: Request, tournament_id: int, team: str) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        cohost = cohosts.cohost_accept(
            tournament=tournament_or_404(tournament_id), user=user, team=team_or_404(team)
        )
        return Response(CoHostOutputSerializer(cohost).data)


class CoHostDeclineApi(APIView):
    @extend_schema(
        request=None,
        responses={
            204: None,
            **error_responses({409: "Accepted already: only the host's leaders remove it."}),
        },
    )
    def post(self, request: Request, tournament_id: int, team: str) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        cohosts.cohost_decline(
            tournament=tournament_or_404(tournament_id), user=user, team=team_or_404(team)
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class PlayerTeamSetApi(APIView):
    """The host's leaders set the team a player plays for (a registered player: by name)."""

    class InputSerializer(SwissInputSerializer):
        player = serializers.CharField(max_length=150)
        team = serializers.SlugField()

    class OutputSerializer(serializers.Serializer):
        username = serializers.CharField(source="display_name")
        team = serializers.SlugField(source="team.slug")

    @extend_schema(
        request=InputSerializer,
        responses={200: OutputSerializer, **error_responses({409: "The event is over."})},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = tournament_or_404(tournament_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        participant = cohosts.entry_team_set(
            tournament=tournament,
            user=user,
            participant=entry_named(tournament, data.validated_data["player"], "player"),
            team=team_in_body(data.validated_data["team"]),
        )
        return Response(self.OutputSerializer(participant).data)


class TeammatesCheckApi(APIView):
    """The pairing engine pairs the next round under these options and answers; nothing is
    stored (the leader form calls it before saving "teammates do not meet")."""

    class InputSerializer(SwissInputSerializer):
        teammates_do_not_meet = serializers.BooleanField(default=True)
        teammates_rounds = serializers.IntegerField(
            min_value=1, max_value=100, allow_null=True, required=False, default=None
        )

    class OutputSerializer(serializers.Serializer):
        round = serializers.IntegerField(allow_null=True)
        applies = serializers.BooleanField(help_text="The option holds in that round.")
        pairable = serializers.BooleanField(
            allow_null=True, help_text="null: nothing to check (no round to pair now)."
        )
        message = serializers.CharField()
        boards = serializers.ListField(
            child=serializers.DictField(child=serializers.CharField()),
            help_text="The engine's pairing: {white, black} by name.",
        )
        bye = serializers.CharField(allow_null=True)

    @extend_schema(
        request=InputSerializer,
        responses={
            200: OutputSerializer,
            **error_responses({503: "The pairing engine failed; retry."}),
        },
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = tournament_or_404(tournament_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        check = teammates.teammates_check(tournament=tournament, user=user, **data.validated_data)
        return Response(self.OutputSerializer(check).data)


class TeamStandingsApi(APIView):
    """Each team's best `team_standings_top` players' points added up (every team of the
    event, the host alone when nobody co-hosts). Empty to all but the leaders while the event
    hides its standings: the team totals would tell the players' points."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="tournaments_swiss_team_standings_list",
        responses={200: TeamStandingOutputSerializer(many=True)},
    )
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        page = pages.team_standings_page(tournament_id=tournament_id)
        if page.public:
            return page_response(request, page)
        tournament = tournament_or_404(tournament_id)
        rows = (
            []
            if standings_hidden_from(tournament=tournament, viewer=request.user)
            else payloads.team_standings_payload(tournament=tournament)
        )
        # The version read, as a cached page says it (rows read after it are never older): a
        # leader's page kept live by the version pings knows it is current, and is not read
        # again as if it were behind (docs/frontend.md, "Version pings").
        return Response(rows, headers={VERSION_HEADER: str(page.version)})
