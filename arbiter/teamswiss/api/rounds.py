"""Rounds: pair the next, read one, line-ups, close them, board results."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses, reject_body
from arbiter.common.page_cache import page_response
from arbiter.teamswiss.api.common import (
    TeamSwissInputSerializer,
    event_or_404,
    round_or_404,
    team_or_404,
)
from arbiter.teamswiss.live import pages, payloads
from arbiter.teamswiss.read import selectors
from arbiter.teamswiss.read.serializers import (
    TeamSwissBoardOutputSerializer,
    TeamSwissPlayerOutputSerializer,
    TeamSwissRoundOutputSerializer,
)
from arbiter.teamswiss.services import lineups, pairing, results
from arbiter.trf.team_event import BOARD_RESULTS
from arbiter.users.authentication import authenticated_user


class TeamSwissStartNextRoundApi(APIView):
    """Pairs the next round with the FIDE C.04.6 engine; line-ups then open."""

    @extend_schema(
        request=None,
        responses={
            201: TeamSwissRoundOutputSerializer,
            **error_responses(
                {
                    400: "No valid pairing exists (the engine's text), or too few teams.",
                    409: "The current round is not complete, or the event is over.",
                    503: "The pairing engine failed; retry.",
                }
            ),
        },
    )
    def post(self, request: Request, event_id: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        rnd = pairing.round_pair_next(event=event_or_404(event_id), user=user)
        rnd.refresh_from_db()
        return Response(payloads.round_payload(rnd), status=status.HTTP_201_CREATED)


class TeamSwissRoundDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: TeamSwissRoundOutputSerializer})
    def get(self, request: Request, event_id: int, number: int) -> HttpResponse:
        page = pages.event_page(
            event_id=event_id,
            variant=f"round:{number}",
            render=lambda event: payloads.round_payload(round_or_404(event, number)),
        )
        return page_response(request, page)


@extend_schema_field(
    {
        "type": "array",
        "items": {
            "allOf": [{"$ref": "#/components/schemas/TeamSwissPlayerOutput"}],
            "nullable": True,
        },
    }
)
class BoardPlayersField(serializers.ListField):
    """A line-up's players, one per board, each null where nobody plays: the nullable flag of
    `many=True, allow_null=True` is on the list, not its items (a None item was serialized as
    a player: 500), and drf-spectacular leaves a list child's `allow_null` out."""


class TeamSwissLineupApi(APIView):
    """A team's line-up for a round: its captain or an arbiter reads and submits it."""

    class InputSerializer(TeamSwissInputSerializer):
        players = serializers.ListField(
            child=serializers.IntegerField(allow_null=True),
            max_length=12,
            help_text="Squad player ids for boards 1..N, in the squad's order; null: nobody "
            "on that board (only the last boards may be empty).",
        )

    class OutputSerializer(serializers.Serializer):
        round = serializers.IntegerField()
        tpn = serializers.IntegerField()
        submitted = serializers.BooleanField(
            help_text="False: nothing submitted; `players` shows the default line-up."
        )
        submitted_by = serializers.CharField(allow_null=True)
        submitted_at = serializers.DateTimeField(allow_null=True)
        players = BoardPlayersField(
            child=TeamSwissPlayerOutputSerializer(allow_null=True),
            help_text="Boards 1..N; null: nobody on that board.",
        )

    def _output(self, event: Any, number: int, team: Any) -> dict[str, Any]:
        rnd = round_or_404(event, number)
        squad = {p.id: p for p in selectors.squad_of(team=team)}
        lineup = lineups.lineup_read(team=team, rnd=rnd, user=self.request.user)
        ids = lineup.players if lineup is not None else list(squad)[: event.boards]
        return dict(
            self.OutputSerializer(
                {
                    "round": number,
                    "tpn": team.tpn,
                    "submitted": lineup is not None,
                    "submitted_by": lineup.submitted_by.username
                    if lineup is not None and lineup.submitted_by
                    else None,
                    "submitted_at": lineup.submitted_at if lineup is not None else None,
                    "players": [squad.get(i) if i is not None else None for i in ids],
                }
            ).data
        )

    @extend_schema(responses={200: OutputSerializer})
    def get(self, request: Request, event_id: int, number: int, tpn: int) -> Response:
        event = event_or_404(event_id)
        return Response(self._output(event, number, team_or_404(event, tpn)))

    @extend_schema(
        request=InputSerializer,
        responses={
            200: OutputSerializer,
            **error_responses({409: "The round's line-ups have closed."}),
        },
    )
    def put(self, request: Request, event_id: int, number: int, tpn: int) -> Response:
        user = authenticated_user(request)
        event = event_or_404(event_id)
        team = team_or_404(event, tpn)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        lineups.lineup_submit(
            team=team, number=number, user=user, players=data.validated_data["players"]
        )
        return Response(self._output(event, number, team))


class TeamSwissCloseLineupsApi(APIView):
    """Close the line-ups now: a team without one plays its first N squad players."""

    @extend_schema(
        request=None,
        responses={
            200: TeamSwissRoundOutputSerializer,
            **error_responses({409: "The line-ups have closed already."}),
        },
    )
    def post(self, request: Request, event_id: int, number: int) -> Response:
        user = authenticated_user(request)
        reject_body(request)
        event = event_or_404(event_id)
        rnd = lineups.lineups_close(event=event, number=number, user=user)
        rnd.refresh_from_db()
        return Response(payloads.round_payload(rnd))


class TeamSwissBoardResultApi(APIView):
    """A player of the board reports its result (1-0, 0-1, 1/2): it stands until the opponent
    confirms it (the same result) or contradicts it (the board is cleared and disputed, for
    the arbiter). An arbiter sets any result, forfeits included, and corrects it at any time."""

    class InputSerializer(TeamSwissInputSerializer):
        result = serializers.ChoiceField(choices=list(BOARD_RESULTS))

    @extend_schema(
        request=InputSerializer,
        responses={
            200: TeamSwissBoardOutputSerializer,
            **error_responses(
                {409: "The boards are not set yet, or the round is over (players only)."}
            ),
        },
    )
    def post(
        self, request: Request, event_id: int, number: int, table: int, board: int
    ) -> Response:
        user = authenticated_user(request)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        event = event_or_404(event_id)
        round_or_404(event, number)
        found = results.board_result_submit(
            event=event,
            number=number,
            table=table,
            board=board,
            user=user,
            result=data.validated_data["result"],
        )
        match = selectors.match_get(rnd=round_or_404(event, number), table=table)
        assert match is not None  # the service found it
        boards = payloads.match_payload(match)["boards"]
        return Response(next(b for b in boards if b["board"] == found.board))
