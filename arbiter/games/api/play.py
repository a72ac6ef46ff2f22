"""The lichess Board-API shape for online games: read the state, move, resign, draw, PGN."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arbiter.common.api import error_responses, reject_body
from arbiter.common.exceptions import InvalidInput, NotFound
from arbiter.common.throttling import ScopedRateThrottle
from arbiter.games.live.payloads import game_payload, game_pgn
from arbiter.games.models import Game
from arbiter.games.read import selectors
from arbiter.games.read.serializers import GameStateOutputSerializer
from arbiter.games.services.play import game_draw, game_move, game_resign
from arbiter.users.authentication import authenticated_user

# What the error statuses mean for a game (the schema hook adds the generic ones elsewhere).
ERRORS = error_responses(
    {
        400: "Illegal move or a refused action (error shape)",
        401: "Not authenticated",
        403: "Not your game",
        404: "Unknown game",
        409: "Not your turn, a stale ply, or the game is over",
        429: "Too many actions (the per-user game rate)",
    }
)
PLY = OpenApiParameter(
    "ply", int, description="The ply the client moves from; another is refused as stale (409)."
)


def _game(game_id: int) -> Game:
    game = selectors.game_get(game_id=game_id)
    if game is None:
        raise NotFound(_("No such game."))
    return game


def _state(game_id: int) -> Response:
    return Response(game_payload(_game(game_id), now=timezone.now()))


class GameDetailApi(APIView):
    """Anyone may watch a game."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: GameStateOutputSerializer, 404: ERRORS[404]})
    def get(self, request: Request, game_id: int) -> Response:
        return _state(game_id)


class GameAction(APIView):
    """A player's action: authenticated, and throttled per user (the "game" rate, which a
    bullet player never reaches; docs/security.md)."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "game"


def _ply(request: Request) -> int | None:
    """From the query (`?ply=`) or the body `{"ply": n}`; a body holding anything else is
    refused, as the rest of the API refuses bodies it does not read."""
    raw = request.query_params.get("ply")
    data = request.data
    if isinstance(data, dict) and set(data) <= {"ply"}:
        if raw is None:
            raw = data.get("ply")
    else:
        reject_body(request)
    if raw is None or raw == "":
        return None
    try:
        ply = int(raw)
    except (TypeError, ValueError):
        raise InvalidInput({"ply": [_("Must be a whole number.")]}) from None
    if ply < 0:
        raise InvalidInput({"ply": [_("Must not be negative.")]})
    return ply


class GameMoveApi(GameAction):
    @extend_schema(
        request=None, parameters=[PLY], responses={200: GameStateOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, game_id: int, uci: str) -> Response:
        game_move(game_id=game_id, user=authenticated_user(request), uci=uci, ply=_ply(request))
        return _state(game_id)


class GameResignApi(GameAction):
    @extend_schema(request=None, responses={200: GameStateOutputSerializer, **ERRORS})
    def post(self, request: Request, game_id: int) -> Response:
        reject_body(request)
        game_resign(game_id=game_id, user=authenticated_user(request))
        return _state(game_id)


class GameDrawApi(GameAction):
    """`yes`: offer, accept the opponent's offer, or claim (threefold, fifty moves); `no`:
    decline the opponent's offer. Not before move 30."""

    @extend_schema(request=None, responses={200: GameStateOutputSerializer, **ERRORS})
    def post(self, request: Request, game_id: int, answer: str) -> Response:
        reject_body(request)
        if answer not in ("yes", "no"):
            raise InvalidInput({"answer": [_("Must be yes or no.")]})
        game_draw(game_id=game_id, user=authenticated_user(request), accept=answer == "yes")
        return _state(game_id)


def _pgn_response(text: str) -> HttpResponse:
    return HttpResponse(text, content_type="application/x-chess-pgn; charset=utf-8")


class GamePgnApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiResponse(description="PGN"), 404: ERRORS[404]})
    def get(self, request: Request, game_id: int) -> HttpResponse:
        return _pgn_response(game_pgn(_game(game_id)))
