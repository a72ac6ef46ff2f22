"""The Board API's actions on a game (`POST /api/board/game/{id}/…`): lichess's answers
(`{"ok":true}`, or 400/404 `{"error": …}` with lichess's texts) over Arbiter's game services.

Only the players act; a game of someone else's, or none, is a 404 as on lichess. What lichess
refuses in a Swiss game (abort, berserk) is refused with its text; what it allows but Arbiter
has no use for (takebacks, which tournaments never allow; chat; claiming an absent opponent's
game, which the server's flag decides here) answers ok and does nothing."""

from __future__ import annotations

from typing import Any

import chess
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from arbiter.common.exceptions import (
    ApplicationError,
    Conflict,
    InvalidInput,
    NotFound,
    PermissionDenied,
)
from arbiter.common.throttling import ScopedRateThrottle
from arbiter.games.models import Game, GameStatus
from arbiter.games.rules import board_replay
from arbiter.games.services.play import game_draw, game_move, game_resign
from arbiter.lichess.board.lean import lean_post, lean_served
from arbiter.lichess.board.schema import BoardChatInputSerializer
from arbiter.lichess.board.selectors import NO_SUCH_GAME, NOT_YOUR_GAME, board_game_of_player
from arbiter.lichess.http import LichessError, LichessView, ok
from arbiter.lichess.identity import object_id
from arbiter.lichess.schema import LichessErrorSerializer, LichessOkSerializer
from arbiter.users.models import User

NOT_YOUR_TURN = "Not your turn, or game already over"
CANNOT_RESIGN = "This game cannot be resigned"
CANNOT_ABORT = "This game can no longer be aborted"
CANNOT_BERSERK = "Cannot berserk"
TRUEISH = ("yes", "true", "1")


OK = {200: LichessOkSerializer}
ERRORS = {
    400: OpenApiResponse(LichessErrorSerializer, description="Refused (lichess's text)"),
    401: OpenApiResponse(LichessErrorSerializer, description="No or unknown token"),
    404: OpenApiResponse(LichessErrorSerializer, description="No such game / Not your game"),
    429: OpenApiResponse(LichessErrorSerializer, description="Too many actions"),
}


def _refusal(exc: ApplicationError, *, over: str = NOT_YOUR_TURN) -> LichessError:
    """A game service's refusal in lichess's words (what the view's checks did not catch:
    a move or an end that came first from another request)."""
    if isinstance(exc, NotFound):
        return LichessError(NO_SUCH_GAME, 404)
    if isinstance(exc, Conflict):
        return LichessError(over, 400)
    return LichessError(exc.message, 400)


class BoardAction(LichessView):
    """A player's action on their game, throttled per user as Arbiter's own game actions."""

    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "game"

    def game(self, game_id: str) -> Game:
        return board_game_of_player(game_id=game_id, user=self.user())


def _illegal(board: chess.Board, move: chess.Move) -> str:
    """scalachess's words for a move the position refuses."""
    origin, target = chess.square_name(move.from_square), chess.square_name(move.to_square)
    piece = board.piece_at(move.from_square)
    if piece is None:
        return f"No piece on {origin}"
    if piece.color != board.turn:
        return f"Not my piece on {origin}"
    return f"Piece on {origin} cannot move to {target}"


class BoardMoveApi(BoardAction):
    """Play a move (UCI; castling as the king's move, `e1g1`)."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        """A Board client's move (a POST with a token and no body) takes the lean path: plain
        Django, no DRF (`lean.py`: the same token selector, the same `game` throttle, the
        same answers). Anything else (a body, no token, another method) is DRF's, as before;
        the schema documents the view from `post`."""
        if lean_served(request):
            game_id, uci = kwargs["game_id"], kwargs["uci"]
            offering = request.GET.get("offeringDraw")
            return lean_post(
                request,
                lambda user: _move(user=user, game_id=game_id, uci=uci, offering=offering),
            )
        return super().dispatch(request, *args, **kwargs)

    @extend_schema(
        request=None,
        parameters=[
            OpenApiParameter(
                "offeringDraw",
                bool,
                description="`true`: offer (or accept) a draw with the move; `false`: decline "
                "the opponent's offer.",
            )
        ],
        responses={**OK, **ERRORS},
    )
    def post(self, request: Request, game_id: str, uci: str) -> Response:
        offering = request.query_params.get("offeringDraw")
        _move(user=self.user(), game_id=game_id, uci=uci, offering=offering)
        return ok()


def _move(*, user: User, game_id: str, uci: str, offering: str | None) -> None:
    """The move, refused in lichess's words (LichessError). It goes straight to the service,
    which reads the game once, under its lock: the hot path of the Board API reads nothing
    before it. lichess's words for a refusal are worked out only when there is one."""
    try:
        move = chess.Move.from_uci(uci)
    except ValueError:
        raise LichessError(f"Invalid UCI: {uci}") from None
    pk = object_id(game_id)
    if pk is None:
        raise LichessError(NO_SUCH_GAME, 404)
    try:
        game_move(game_id=pk, user=user, uci=uci)
    except NotFound:
        raise LichessError(NO_SUCH_GAME, 404) from None
    except PermissionDenied:
        raise LichessError(NOT_YOUR_GAME, 404) from None
    except InvalidInput:
        game = board_game_of_player(game_id=game_id, user=user)
        raise LichessError(_illegal(board_replay(game.move_list), move)) from None
    except ApplicationError:  # not this player's turn, or the game is over
        raise LichessError(NOT_YOUR_TURN) from None
    if offering is not None:
        _draw_answer(pk, user, accept=offering.lower() in TRUEISH)


def _draw_answer(game_id: int, user: User, *, accept: bool) -> None:
    """Offer, accept or decline a draw. Where the rules allow none yet (Arbiter's no draw
    before move 30) or the game is over, nothing happens and the answer is still ok, as
    lichess answers."""
    try:
        game_draw(game_id=game_id, user=user, accept=accept)
    except PermissionDenied:
        raise LichessError(NOT_YOUR_GAME, 404) from None
    except ApplicationError:
        pass


class BoardResignApi(BoardAction):
    """Resign (a Swiss game is never aborted instead, even before the first moves)."""

    @extend_schema(request=None, responses={**OK, **ERRORS})
    def post(self, request: Request, game_id: str) -> Response:
        game = self.game(game_id)
        if game.status != GameStatus.STARTED:
            raise LichessError(CANNOT_RESIGN)
        try:
            game_resign(game_id=game.id, user=self.user())
        except ApplicationError as exc:
            raise _refusal(exc, over=CANNOT_RESIGN) from exc
        return ok()


class BoardDrawApi(BoardAction):
    """`yes` / `true`: offer, accept the opponent's offer, or claim a threefold repetition or
    the fifty-move rule; anything else declines."""

    @extend_schema(request=None, responses={**OK, **ERRORS})
    def post(self, request: Request, game_id: str, answer: str) -> Response:
        game = self.game(game_id)
        _draw_answer(game.id, self.user(), accept=answer.lower() in TRUEISH)
        return ok()


class BoardAbortApi(BoardAction):
    """Swiss games are mandatory: lichess refuses to abort them, and so does Arbiter."""

    @extend_schema(request=None, responses={**OK, **ERRORS})
    def post(self, request: Request, game_id: str) -> Response:
        self.game(game_id)
        raise LichessError(CANNOT_ABORT)


class BoardBerserkApi(BoardAction):
    """Berserk exists in arenas only."""

    @extend_schema(request=None, responses={**OK, **ERRORS})
    def post(self, request: Request, game_id: str) -> Response:
        self.game(game_id)
        raise LichessError(CANNOT_BERSERK)


class BoardNoOpApi(BoardAction):
    """`claim-victory` (the server's flag ends a game whose player left), `takeback/{yes|no}`
    (never allowed in tournaments): ok, and nothing happens."""

    @extend_schema(request=None, responses={**OK, **ERRORS})
    def post(self, request: Request, game_id: str, answer: str = "") -> Response:
        self.game(game_id)
        return ok()


class BoardClaimVictorySlashApi(BoardNoOpApi):
    """`claim-victory/`: berserk posts it with a trailing slash."""

    @extend_schema(
        operation_id="board_game_claim_victory_slash", request=None, responses={**OK, **ERRORS}
    )
    def post(self, request: Request, game_id: str, answer: str = "") -> Response:
        return super().post(request, game_id, answer)


class BoardChatApi(BoardAction):
    """No chat on Arbiter: a message is accepted and dropped, the chat is always empty."""

    @extend_schema(
        request={
            "application/json": BoardChatInputSerializer,
            "application/x-www-form-urlencoded": BoardChatInputSerializer,
        },
        responses={**OK, **ERRORS},
    )
    def post(self, request: Request, game_id: str) -> Response:
        self.game(game_id)
        return ok()

    @extend_schema(
        responses={200: OpenApiResponse(description="Always `[]`"), **ERRORS},
    )
    def get(self, request: Request, game_id: str) -> Response:
        self.game(game_id)
        return Response([])
