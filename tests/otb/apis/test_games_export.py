"""The event's games exports hold the games entered over the board, from the one list both
dialects read (`otb.live.payloads.event_games_export`): Arbiter's
`GET /api/tournaments/swiss/{id}/games/` and lichess's `GET /api/swiss/{id}/games`."""

from __future__ import annotations

import io
import json

import chess.pgn
import pytest
from rest_framework.test import APIClient

from tests.factories.events import BuiltEvent, event_with_round
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def _entered() -> BuiltEvent:
    """Round 1 of six players: board 2's game entered whole, board 1's begun, board 3's not."""
    built = event_with_round(6, registered=2)
    first, second, _ = built.boards
    base = f"/api/tournaments/swiss/{built.event.id}/pairings"
    leader = client_of(built.leader)
    for board, body in (
        (second, {"moves": ["c4", "e5", "Nc3"], "result": "1/2-1/2"}),
        (first, {"moves": ["e4", "c5"]}),
    ):
        assert leader.put(f"{base}/{board.id}/game/", body, format="json").status_code == 200
    return built


def _games(text: str) -> list[chess.pgn.Game]:
    handle = io.StringIO(text)
    games = []
    while (game := chess.pgn.read_game(handle)) is not None:
        assert not game.errors
        games.append(game)
    return games


def test_lichess_games_export_holds_the_games_entered_over_the_board() -> None:
    built = _entered()
    event = built.event
    answer = APIClient().get(f"/api/swiss/{event.id}/games")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("application/x-chess-pgn")
    games = _games(answer.content.decode())
    assert [g.headers["Round"] for g in games] == ["1.1", "1.2"]  # board 3 has no game
    assert [m.uci() for m in games[0].mainline_moves()] == ["e2e4", "c7c5"]
    assert (games[0].headers["Result"], games[1].headers["Result"]) == ("*", "1/2-1/2")

    lines = APIClient().get(
        f"/api/swiss/{event.id}/games?pgnInJson=true", HTTP_ACCEPT="application/x-ndjson"
    )
    rows = [json.loads(line) for line in lines.content.decode().splitlines() if line]
    boards = built.boards
    assert [row["id"] for row in rows] == [f"otb-{boards[0].id}", f"otb-{boards[1].id}"]
    assert (rows[0]["moves"], rows[0]["status"]) == ("e4 c5", "started")
    assert (rows[1]["status"], "winner" in rows[1]) == ("draw", False)
    assert rows[1]["swiss"] == str(event.id)
    assert '[Result "1/2-1/2"]' in rows[1]["pgn"]


def test_arbiters_games_export_holds_them_too() -> None:
    built = _entered()
    event = built.event
    answer = APIClient().get(f"/api/tournaments/swiss/{event.id}/games/")
    assert answer.status_code == 200
    games = _games(answer.content.decode())
    assert [g.headers["Round"] for g in games] == ["1.1", "1.2"]
    assert games[1].headers["Result"] == "1/2-1/2"
    assert APIClient().get("/api/tournaments/swiss/999999/games/").status_code == 404
