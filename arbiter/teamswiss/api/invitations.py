"""Squad invitations: the invited user lists, accepts and declines them; a captain or a host
leader withdraws one."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses, paginated_response, reject_body
from arbiter.common.pagination import DefaultPagination
from arbiter.teamswiss.api.common import event_or_404
from arbiter.teamswiss.api.teams import team_output
from arbiter.teamswiss.read import selectors
from arbiter.teamswiss.read.serializers import (
    TeamSwissInvitationOutputSerializer,
    TeamSwissTeamOutputSerializer,
)
from arbiter.teamswiss.services import invitations
from arbiter.users.authentication import authenticated_user


class TeamSwissInvitationListApi(APIView):
    """The caller's pending squad invitations, in events not finished (their page shows them
    with accept and decline)."""

    pagination_class = DefaultPagination

    @extend_schema(responses={200: TeamSwissInvitationOutputSerializer(many=True)})
    def get(self, request: Request) -> Response:
        user = authenticated_user(request)
        return paginated_response(
            queryset=selectors.invitations_of(user=user),
            request=request,
            view=self,
            serializer_class=TeamSwissInvitationOutputSerializer,
        )


class TeamSwissInvitationAcceptApi(APIView):
    """Only the invited user accepts: the line becomes their account's (their username and
    classical rating); their other invitations in the event go."""

    @extend_schema(
        request=None,
        responses={
            200: TeamSwissTeamOutputSerializer,
            **error_responses(
                {409: "The event has finished, the team withdrew, or the user plays already."}
            ),
        },
    )
    def post(self, request: Request, event_id: int, player: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        team = invitations.squad_invitation_accept(
            event=event_or_404(event_id), user=user, player_id=player
        )
        return Response(team_output(team))


class TeamSwissInvitationDeclineApi(APIView):
    """The invited user declines; the team's captain or a host leader withdraws it. The line
    stays in the squad without an account."""

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, event_id: int, player: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        invitations.squad_invitation_remove(
            event=event_or_404(event_id), user=user, player_id=player
        )
        return Response(status=status.HTTP_204_NO_CONTENT)
