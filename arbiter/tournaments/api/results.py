"""A board's result: reported by its players, set or corrected by the leaders."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses
from arbiter.common.exceptions import NotFound
from arbiter.tournaments.api.common import SwissInputSerializer
from arbiter.tournaments.live import payloads
from arbiter.tournaments.models import GameResult
from arbiter.tournaments.read import selectors
from arbiter.tournaments.read.serializers import PairingOutputSerializer
from arbiter.tournaments.services.results.submit import result_submit
from arbiter.users.authentication import authenticated_user


class PairingResultApi(APIView):
    """Players of the board report a result; the team's leaders set or correct any result
    (forfeits, double forfeits and no-shows included)."""

    class InputSerializer(SwissInputSerializer):
        result = serializers.ChoiceField(choices=[c for c in GameResult.values if c])
        no_show = serializers.ChoiceField(
            choices=["white", "black"], required=False, allow_null=True
        )

    @extend_schema(
        request=InputSerializer,
        responses={
            200: PairingOutputSerializer,
            **error_responses({409: "A player's report on a board played online"}),
        },
    )
    def post(self, request: Request, tournament_id: int, pairing_id: int) -> Response:
        user = authenticated_user(request)
        board = selectors.pairing_with_event_get(tournament_id=tournament_id, pairing_id=pairing_id)
        if board is None:
            if selectors.tournament_row_get(tournament_id=tournament_id) is None:
                raise NotFound(_("No such tournament."))
            raise NotFound(_("No such pairing."))
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        board = result_submit(pairing=board, user=user, **data.validated_data)
        return Response(payloads.board_payload(board))
