"""Rounds: read them; leaders pair one by hand, start the next now or schedule it."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema, extend_schema_field, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses, reject_body
from arbiter.common.page_cache import page_response
from arbiter.common.parsers import instant_within_horizon
from arbiter.tournaments.api.common import (
    SwissInputSerializer,
    entry_named,
    round_or_404,
    tournament_or_404,
)
from arbiter.tournaments.live import pages, payloads
from arbiter.tournaments.read.serializers import (
    RoundDetailOutputSerializer,
    RoundOutputSerializer,
    TournamentOutputSerializer,
)
from arbiter.tournaments.services import pairing, schedule
from arbiter.users.authentication import authenticated_user


class RoundListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: RoundOutputSerializer(many=True)})
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        return page_response(request, pages.round_list_page(tournament_id=tournament_id))


class RoundDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: RoundDetailOutputSerializer})
    def get(self, request: Request, tournament_id: int, number: int) -> HttpResponse:
        return page_response(request, pages.round_page(tournament_id=tournament_id, number=number))


@extend_schema_serializer(component_name="ManualBoard")
class ManualBoardSerializer(serializers.Serializer):
    white = serializers.CharField(max_length=150)
    black = serializers.CharField(max_length=150)


@extend_schema_field(ManualBoardSerializer(many=True))
class ManualBoardsField(serializers.ListField):
    """Boards in order, players by username (or a registered player's name). Read as a list of
    objects, each then checked by the view's board serializer."""


class ManualPairingApi(APIView):
    """Replace the pairing of the next round (or of the current one while no result is in).
    Players are named by username, or registered players (no account) by their name."""

    class BoardSerializer(SwissInputSerializer):
        white = serializers.CharField(max_length=150)
        black = serializers.CharField(max_length=150)

    class InputSerializer(SwissInputSerializer):
        boards = ManualBoardsField(child=serializers.DictField(), max_length=2000)
        bye = serializers.CharField(max_length=150, allow_null=True, required=False)

        def validate_boards(self, value: list[dict[str, Any]]) -> list[dict[str, str]]:
            board = ManualPairingApi.BoardSerializer(data=value, many=True)
            board.is_valid(raise_exception=True)
            return list(board.validated_data)

    @extend_schema(request=InputSerializer, responses={201: RoundDetailOutputSerializer})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        tournament = tournament_or_404(tournament_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        boards = [
            (
                entry_named(tournament, b["white"], "boards").id,
                entry_named(tournament, b["black"], "boards").id,
            )
            for b in data.validated_data["boards"]
        ]
        bye_name = data.validated_data.get("bye")
        rnd = pairing.round_pair_manually(
            tournament=tournament,
            user=user,
            boards=boards,
            bye=entry_named(tournament, bye_name, "bye").id if bye_name else None,
        )
        return Response(round_or_404(tournament, rnd.number), status=status.HTTP_201_CREATED)


class StartNextRoundApi(APIView):
    @extend_schema(
        request=None,
        responses={
            201: RoundDetailOutputSerializer,
            200: TournamentOutputSerializer,
            **error_responses(
                {
                    409: "Another run is pairing this event now; retry",
                    503: "The pairing engine failed; retry",
                }
            ),
        },
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        tournament = tournament_or_404(tournament_id)
        rnd = pairing.round_start_now(tournament=tournament, user=user)
        if rnd is None:  # the event ended instead (no valid pairing, too few players)
            return Response(payloads.tournament_payload(tournament_or_404(tournament_id)))
        return Response(round_or_404(tournament, rnd.number), status=status.HTTP_201_CREATED)


class PairingProposalApi(APIView):
    """What the manual-pairing editor starts from (leaders only; nothing is stored): the
    current round's boards while it is paired and no result is in, otherwise the engine's
    pairing of the next round."""

    class OutputSerializer(serializers.Serializer):
        round = serializers.IntegerField()
        boards = ManualBoardsField(
            child=serializers.DictField(child=serializers.CharField()),
            help_text="Boards in order: {white, black} display names.",
        )
        bye = serializers.CharField(allow_null=True)
        replaces_current = serializers.BooleanField()

    @extend_schema(
        responses={
            200: OutputSerializer,
            **error_responses(
                {
                    400: "The event takes no pairing now (e.g. it has finished).",
                    403: "Only the team's leaders see the proposal.",
                    503: "The pairing engine failed; retry.",
                }
            ),
        },
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        proposal = pairing.round_pairing_propose(
            tournament=tournament_or_404(tournament_id), user=user
        )
        return Response(self.OutputSerializer(proposal).data)


class ScheduleNextRoundApi(APIView):
    """Leaders set when the next round starts (manual mode; before the start it moves it)."""

    class InputSerializer(SwissInputSerializer):
        at = serializers.DateTimeField(validators=[instant_within_horizon])

    @extend_schema(request=InputSerializer, responses={200: TournamentOutputSerializer})
    def post(self, request: Request, tournament_id: int) -> Response:
        user = authenticated_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        schedule.round_schedule(
            tournament=tournament_or_404(tournament_id), user=user, at=data.validated_data["at"]
        )
        return Response(payloads.tournament_payload(tournament_or_404(tournament_id)))
