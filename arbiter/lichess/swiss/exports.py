"""A Swiss's results, TRF and games on lichess's paths: NDJSON, text and PGN, chosen by the
endpoint (and by Accept for the games), never refused for an Accept header."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.request import Request

from arbiter.common.page_cache import page_response
from arbiter.common.parsers import query_int
from arbiter.games.live.payloads import san_replay
from arbiter.games.read.selectors import game_rating_changes
from arbiter.lichess.http import (
    LichessError,
    LichessView,
    ndjson_response,
    text_response,
    wants_json,
)
from arbiter.lichess.identity import light_user, object_id, user_id_of
from arbiter.lichess.swiss import pages
from arbiter.lichess.swiss.forms import parse_bool
from arbiter.lichess.swiss.lookups import swiss_or_404
from arbiter.lichess.swiss.pages import RESULT_TIEBREAKS
from arbiter.lichess.swiss.shapes import game_json, millis, result_row
from arbiter.otb.live.payloads import ExportedGame, event_games_export
from arbiter.ratings.speeds import speed_for_clock
from arbiter.tournaments.models import SwissParticipant
from arbiter.tournaments.read import selectors
from arbiter.tournaments.read.trf_export import STANDINGS_HIDDEN, tournament_trf, trf_file_name
from arbiter.tournaments.services.standings import tiebreak_values

PGN = "application/x-chess-pgn"
NDJSON_ROWS = OpenApiResponse(OpenApiTypes.STR, description="NDJSON, one object per line")


def _flag(request: Request, name: str, default: bool) -> bool:
    """A boolean query flag, read as lila does (any case: berserk sends `True`/`False`)."""
    value = parse_bool(request.query_params.get(name, ""))
    return default if value is None else value


class SwissResultsApi(LichessView):
    """`GET /api/swiss/{id}/results?nb=`: NDJSON, best first, whatever the Accept header. The
    order is Arbiter's standings order (the event's tie-breaks); `rank` is the row's place."""

    auth_required = False

    @extend_schema(
        parameters=[OpenApiParameter("nb", int, description="At most this many players.")],
        responses={(200, "application/x-ndjson"): NDJSON_ROWS},
    )
    def get(self, request: Request, swiss_id: str) -> HttpResponse:
        nb = query_int(request.query_params, "nb", low=1)
        number = object_id(swiss_id)
        if number is not None:
            page = pages.results_page(tournament_id=number, nb=nb)
            if page.public:
                return page_response(request, page)
        tournament = swiss_or_404(swiss_id)
        # Hidden standings: a player's own row only while the event runs (a visitor's: none).
        entries = list(selectors.standings_for_viewer(tournament=tournament, viewer=request.user))
        if nb is not None:
            entries = entries[:nb]
        values = tiebreak_values(tournament=tournament, codes=RESULT_TIEBREAKS)
        # A player's own row alone is placed by its rank, not as the first of one.
        own = selectors.standings_hidden_from(tournament=tournament, viewer=request.user)
        return ndjson_response(
            result_row(entry.rank or position if own else position, entry, values.get(entry.id, {}))
            for position, entry in enumerate(entries, start=1)
        )


class SwissTrfApi(LichessView):
    """`GET /swiss/{id}.trf`: the event as TRF-16 with the pairing engines' XXR/XXC records
    (Arbiter's `trfx`), the flavour closest to lichess's file."""

    auth_required = False

    @extend_schema(
        responses={
            (200, "text/plain"): OpenApiResponse(description="TRF file"),
            (404, "text/plain"): OpenApiResponse(
                OpenApiTypes.STR, description="`Tournament not found`"
            ),
            (403, "text/plain"): OpenApiResponse(
                OpenApiTypes.STR, description="The event hides its standings until it ends."
            ),
        }
    )
    def get(self, request: Request, swiss_id: str) -> HttpResponse:
        try:
            tournament = swiss_or_404(swiss_id)
        except LichessError:
            return HttpResponse(
                "Tournament not found", status=404, content_type="text/plain; charset=utf-8"
            )
        if selectors.standings_hidden_from(tournament=tournament, viewer=request.user):
            return HttpResponse(
                STANDINGS_HIDDEN, status=403, content_type="text/plain; charset=utf-8"
            )
        return text_response(
            tournament_trf(tournament=tournament, fmt="trfx"),
            "text/plain",
            filename=trf_file_name(tournament=tournament, fmt="trfx"),
        )


def _pgn(text: str, *, tags: bool, moves: bool) -> str:
    """One game as lichess ends it: followed by two empty lines (berserk splits a PGN stream
    there)."""
    headers, _, movetext = text.strip().partition("\n\n")
    parts = [part for part, wanted in ((headers, tags), (movetext, moves)) if wanted and part]
    return "\n\n".join(parts) + "\n\n\n"


def _otb_player(entry: SwissParticipant) -> dict[str, Any]:
    if entry.user is not None:
        return {"user": light_user(entry.user), "rating": entry.rating}
    return {"user": {"id": user_id_of(entry.name), "name": entry.name}, "rating": entry.rating}


def otb_game_json(game: ExportedGame, *, moves: bool, pgn: str | None) -> dict[str, Any]:
    """A game played over the board as an NDJSON line of the export, in the online ones'
    shape: `id` is the board's (`otb-{pairing id}`), the clock the event's; `status` is
    "started" until the board (or the game) has a result, then "draw", or "resign" for a
    decisive one (an entered game says no more of how it ended; `winner` says who won)."""
    assert game.otb is not None
    board = game.board
    tournament = board.round.tournament
    clock = tournament.time_control
    speed = str(speed_for_clock(clock.limit_seconds, clock.increment_seconds))
    result = board.result if board.result in ("1-0", "0-1", "1/2-1/2") else game.otb.result
    status = {"1-0": "resign", "0-1": "resign", "1/2-1/2": "draw"}.get(result, "started")
    data: dict[str, Any] = {
        "id": f"otb-{board.id}",
        "rated": tournament.rated,
        "variant": "standard",
        "speed": speed,
        "perf": speed,
        "createdAt": millis(game.otb.created_at),
        "lastMoveAt": millis(game.otb.entered_at),
        "status": status,
        "source": "swiss",
        "players": {"white": _otb_player(board.white), "black": _otb_player(board.black)},
    }
    if result in ("1-0", "0-1"):
        data["winner"] = "white" if result == "1-0" else "black"
    if moves:
        data["moves"] = " ".join(san_replay(game.otb.move_list)[0])
    if pgn is not None:
        data["pgn"] = pgn
    data["swiss"] = str(tournament.id)
    data["clock"] = {
        "initial": clock.limit_seconds,
        "increment": clock.increment_seconds,
        "totalTime": clock.limit_seconds + 40 * clock.increment_seconds,
    }
    return data


class SwissGamesApi(LichessView):
    """`GET /api/swiss/{id}/games`: PGN, or NDJSON when Accept names NDJSON or JSON. Flags:
    `player`, `moves`, `tags`, `pgnInJson`; the others (clocks, evals, opening…) have no data
    here and are ignored. The games are the event's export (`otb.live.payloads`), online or
    over the board, as Arbiter's own `GET /api/tournaments/swiss/{id}/games/` lists them."""

    auth_required = False

    @extend_schema(
        parameters=[
            OpenApiParameter("player", str, description="Only this player's games."),
            OpenApiParameter("moves", bool, default=True),
            OpenApiParameter("tags", bool, default=True),
            OpenApiParameter("pgnInJson", bool, default=False),
        ],
        responses={
            (200, PGN): OpenApiResponse(OpenApiTypes.STR, description="PGN"),
            (200, "application/x-ndjson"): NDJSON_ROWS,
        },
    )
    def get(self, request: Request, swiss_id: str) -> HttpResponse:
        tournament = swiss_or_404(swiss_id)
        games = event_games_export(
            tournament=tournament, player=request.query_params.get("player") or None
        )
        moves, tags = _flag(request, "moves", True), _flag(request, "tags", True)
        if not wants_json(request):
            text = "".join(_pgn(game.pgn, tags=tags, moves=moves) for game in games)
            return text_response(text, PGN)
        in_json = _flag(request, "pgnInJson", False)
        return ndjson_response(
            _game_line(
                game, moves=moves, pgn=_pgn(game.pgn, tags=tags, moves=moves) if in_json else None
            )
            for game in games
        )


def _game_line(game: ExportedGame, *, moves: bool, pgn: str | None) -> dict[str, Any]:
    if game.online is None:
        return otb_game_json(game, moves=moves, pgn=pgn)
    return game_json(
        game.online, moves=moves, pgn=pgn, rating_diffs=game_rating_changes(game_id=game.online.id)
    )
