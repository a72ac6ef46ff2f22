"""A Swiss's results, TRF and games on lichess's paths: NDJSON, text and PGN, chosen by the
endpoint (and by Accept for the games), never refused for an Accept header."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.request import Request

from arbiter.common.page_cache import page_response
from arbiter.common.parsers import query_int
from arbiter.games.live.payloads import game_pgn
from arbiter.games.selectors import game_rating_changes
from arbiter.lichess.http import (
    LichessError,
    LichessView,
    ndjson_response,
    text_response,
    wants_json,
)
from arbiter.lichess.identity import object_id
from arbiter.lichess.swiss import pages
from arbiter.lichess.swiss.forms import parse_bool
from arbiter.lichess.swiss.lookups import swiss_or_404
from arbiter.lichess.swiss.pages import RESULT_TIEBREAKS
from arbiter.lichess.swiss.shapes import game_json, result_row
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


class SwissGamesApi(LichessView):
    """`GET /api/swiss/{id}/games`: PGN, or NDJSON when Accept names NDJSON or JSON. Flags:
    `player`, `moves`, `tags`, `pgnInJson`; the others (clocks, evals, opening…) have no data
    here and are ignored."""

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
        games = selectors.event_games(
            tournament=tournament, player=request.query_params.get("player") or None
        )
        moves, tags = _flag(request, "moves", True), _flag(request, "tags", True)
        if not wants_json(request):
            text = "".join(_pgn(game_pgn(game), tags=tags, moves=moves) for game in games)
            return text_response(text, PGN)
        in_json = _flag(request, "pgnInJson", False)
        return ndjson_response(
            game_json(
                game,
                moves=moves,
                pgn=_pgn(game_pgn(game), tags=tags, moves=moves) if in_json else None,
                rating_diffs=game_rating_changes(game_id=game.id),
            )
            for game in games
        )
