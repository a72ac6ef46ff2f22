"""Over-the-board games: a board's game (read it; enter it, as one of the event's leaders or
a player of the board), a round's PGN file (leaders), the event's games as PGN, and the
broadcast feeds at the host's root (docs/otb-games.md)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses
from arbiter.common.exceptions import NotFound
from arbiter.common.page_cache import page_response
from arbiter.otb.live import pages, payloads
from arbiter.otb.models import OtbResult
from arbiter.otb.read import selectors
from arbiter.otb.read.serializers import (
    OtbGameOutputSerializer,
    OtbGameSavedSerializer,
    RoundUploadOutputSerializer,
)
from arbiter.otb.rules.notation import MAX_PLIES
from arbiter.otb.services.entry import ResultOutcome, game_entry_read, otb_game_save
from arbiter.otb.services.upload import UploadReport, round_pgn_upload
from arbiter.tournaments.api.common import SwissInputSerializer, tournament_or_404
from arbiter.tournaments.read import selectors as swiss_selectors
from arbiter.users.authentication import authenticated_user

PGN_MEDIA = "application/x-chess-pgn"  # served with "; charset=utf-8"
PGN_RESPONSE = OpenApiResponse(OpenApiTypes.STR, description="PGN")
OTB_ONLY = {409: "The event is played online (its games are the server's), or cancelled"}


def _result_entry(outcome: ResultOutcome | None) -> dict[str, str] | None:
    if outcome is None:
        return None
    return {"status": str(outcome.status), "message": outcome.message}


class OtbGameApi(APIView):
    """`GET`: the board's game for anyone who may see the event (an empty game while none is
    entered). `PUT`: save it, as a SAN list (`moves`) or one game's PGN (`pgn`), with an
    optional `result`: one of the event's leaders, or a player of the board while the event
    runs and the game is `*`. Save it again as it grows; a result goes to the board through
    the result path (`result_entry` says what it did)."""

    class InputSerializer(SwissInputSerializer):
        moves = serializers.ListField(
            child=serializers.CharField(max_length=16),
            required=False,
            max_length=MAX_PLIES,
            help_text='The moves in SAN, one per item: ["e4", "e5", "Nf3"].',
        )
        pgn = serializers.CharField(
            max_length=100_000,
            required=False,
            trim_whitespace=False,
            help_text="One game's PGN text (its tags kept: Annotator, Source, UTCDate…).",
        )
        result = serializers.ChoiceField(
            choices=OtbResult.values,
            required=False,
            help_text="The game's result; the PGN's Result tag when left out, else `*`.",
        )

    def get_permissions(self) -> list[Any]:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(responses={200: OtbGameOutputSerializer})
    def get(self, request: Request, tournament_id: int, pairing_id: int) -> HttpResponse:
        return page_response(
            request, pages.game_page(tournament_id=tournament_id, pairing_id=pairing_id)
        )

    @extend_schema(
        request=InputSerializer,
        responses={200: OtbGameSavedSerializer, **error_responses(OTB_ONLY)},
    )
    def put(self, request: Request, tournament_id: int, pairing_id: int) -> Response:
        user = authenticated_user(request)
        board = selectors.board_get(tournament_id=tournament_id, pairing_id=pairing_id)
        if board is None:
            if swiss_selectors.tournament_row_get(tournament_id=tournament_id) is None:
                raise NotFound(_("No such tournament."))
            raise NotFound(_("No such pairing."))
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = game_entry_read(
            moves=data.validated_data.get("moves"),
            pgn=data.validated_data.get("pgn"),
            result=data.validated_data.get("result"),
        )
        saved = otb_game_save(board=board, user=user, entry=entry)
        fresh = selectors.board_get(tournament_id=tournament_id, pairing_id=pairing_id)
        assert fresh is not None
        body = payloads.game_payload(fresh) | {"result_entry": _result_entry(saved.result)}
        return Response(body)


def _report_json(report: UploadReport) -> dict[str, Any]:
    return {
        "round": report.round,
        "saved": report.saved,
        "games": [
            {
                "index": game.index,
                "white": game.white,
                "black": game.black,
                "round_tag": game.round_tag,
                "board": game.board,
                "status": game.status,
                "message": game.message,
                "result": game.result,
                "result_entry": _result_entry(game.result_entry),
            }
            for game in report.games
        ],
        "boards_without_game": report.boards_without_game,
    }


class RoundPgnUploadApi(APIView):
    """A round's games as one PGN file's text (leaders): each game is matched to its board
    by the players' names or FIDE IDs (the Round `n.board` / Board tags cross-check), the
    matched games are saved as a leader's entry, and the answer reports every game of the
    file and the boards left without a game."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(SwissInputSerializer):
        pgn = serializers.CharField(
            max_length=2_000_000,
            trim_whitespace=False,
            help_text="The PGN file's text: the round's games, in any order.",
        )

    @extend_schema(
        request=InputSerializer,
        responses={200: RoundUploadOutputSerializer, **error_responses(OTB_ONLY)},
    )
    def post(self, request: Request, tournament_id: int, number: int) -> Response:
        user = authenticated_user(request)
        tournament = tournament_or_404(tournament_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        report = round_pgn_upload(
            tournament=tournament, number=number, user=user, text=data.validated_data["pgn"]
        )
        return Response(_report_json(report))


class _AnyAccept(DefaultContentNegotiation):
    """A PGN reader's Accept header names no JSON renderer: never a 406 for it (errors are
    still written as JSON)."""

    def select_renderer(self, request: Any, renderers: Any, format_suffix: Any = None) -> Any:
        return renderers[0], renderers[0].media_type


def _path_number(text: str) -> int | None:
    """A whole number from the path (what a bigint column holds), else None."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


def _origin(request: Request) -> str:
    return f"{request.scheme}://{request.get_host()}"


class PgnFeed(APIView):
    """A broadcast feed: public, never refused for a credential (a broadcast polls without
    one), any Accept."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    content_negotiation_class = _AnyAccept

    def feed(self, request: Request, tournament_id: str, number: str | None) -> HttpResponse:
        event = _path_number(tournament_id)
        if event is None:
            raise NotFound(_("No such tournament."))
        round_number = None if number is None else _path_number(number)
        if number is not None and round_number is None:
            raise NotFound(_("Round %(number)s does not exist.") % {"number": repr(number)})
        page, _shareable = pages.feed_page(
            tournament_id=event, number=round_number, origin=_origin(request)
        )
        return page_response(request, page)


class RoundPgnFeedApi(PgnFeed):
    """`/swiss/{id}/round/{n}.pgn`: the round's boards in board order, each with its moves
    so far, `*` until it has a result (what lichess's broadcast polls: docs/otb-games.md)."""

    @extend_schema(operation_id="swiss_round_pgn", responses={(200, PGN_MEDIA): PGN_RESPONSE})
    def get(self, request: Request, tournament_id: str, number: str) -> HttpResponse:
        return self.feed(request, tournament_id, number)


class EventPgnFeedApi(PgnFeed):
    """`/swiss/{id}.pgn`: every round's boards, round by round."""

    @extend_schema(operation_id="swiss_pgn", responses={(200, PGN_MEDIA): PGN_RESPONSE})
    def get(self, request: Request, tournament_id: str) -> HttpResponse:
        return self.feed(request, tournament_id, None)


class EventGamesPgnApi(APIView):
    """Every game of the event as PGN, online or over the board (lichess's
    `/api/swiss/{id}/games` is the same games)."""

    permission_classes = [AllowAny]
    content_negotiation_class = _AnyAccept

    @extend_schema(responses={(200, PGN_MEDIA): PGN_RESPONSE})
    def get(self, request: Request, tournament_id: int) -> HttpResponse:
        tournament = tournament_or_404(tournament_id)
        games = payloads.event_games_export(tournament=tournament)
        return HttpResponse(
            "\n".join(game.pgn for game in games),
            content_type=pages.PGN,
        )
