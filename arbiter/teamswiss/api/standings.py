"""Standings, crosstable and board scores: anyone reads them."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.views import APIView

from arbiter.common.page_cache import page_response
from arbiter.teamswiss.live import pages, payloads
from arbiter.teamswiss.models import TeamSwissEvent
from arbiter.teamswiss.read import standings
from arbiter.teamswiss.read.serializers import TeamSwissStandingsOutputSerializer


def points_field(**kwargs: Any) -> serializers.DecimalField:
    return serializers.DecimalField(max_digits=5, decimal_places=1, **kwargs)


class TeamSwissStandingsApi(APIView):
    """Teams ranked by the primary score, then the event's tie-breaks in order."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: TeamSwissStandingsOutputSerializer})
    def get(self, request: Request, event_id: int) -> HttpResponse:
        return page_response(
            request,
            pages.event_page(
                event_id=event_id, variant="standings", render=payloads.standings_payload
            ),
        )


class TeamSwissCrosstableCellSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    kind = serializers.ChoiceField(
        choices=["match", "bye", "absent"],
        help_text="bye: the pairing-allocated bye; absent: not paired (withdrawn or late).",
    )
    opponent = serializers.IntegerField(allow_null=True, help_text="The opponent's tpn.")
    colour = serializers.ChoiceField(choices=["w", "b"], allow_null=True)
    match_points = points_field(allow_null=True)
    game_points = points_field(allow_null=True)


class TeamSwissCrosstableApi(APIView):
    """Per team (by pairing number), per paired round: the opponent, the team's colour on
    board 1, and its match and game points (null while the match is played)."""

    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        tpn = serializers.IntegerField()
        name = serializers.CharField()
        rounds = TeamSwissCrosstableCellSerializer(many=True)

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request: Request, event_id: int) -> HttpResponse:
        def render(event: TeamSwissEvent) -> Any:
            rows = standings.crosstable_rows(event=event)
            return self.OutputSerializer(rows, many=True).data

        page = pages.event_page(event_id=event_id, variant="crosstable", render=render)
        return page_response(request, page)


class TeamSwissBoardScoresApi(APIView):
    """Each player who played a game: team, boards, points, games and performance."""

    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        number = serializers.IntegerField(help_text="The player's start number (TRF 001).")
        name = serializers.CharField()
        tpn = serializers.IntegerField()
        team = serializers.CharField()
        boards = serializers.ListField(
            child=serializers.IntegerField(), help_text="The board of each game, in round order."
        )
        board = serializers.IntegerField(allow_null=True, help_text="The board most played.")
        points = points_field()
        games = serializers.IntegerField()
        rating = serializers.IntegerField(allow_null=True)
        performance = serializers.IntegerField(allow_null=True)

    @extend_schema(responses={200: OutputSerializer(many=True)})
    def get(self, request: Request, event_id: int) -> HttpResponse:
        def render(event: TeamSwissEvent) -> Any:
            rows = standings.board_score_rows(event=event)
            return self.OutputSerializer(rows, many=True).data

        page = pages.event_page(event_id=event_id, variant="board-scores", render=render)
        return page_response(request, page)
