"""The Board-API endpoints: state, moves, draws, resignation, PGN; and the boards' game ids."""

from __future__ import annotations

import io

import chess
import chess.pgn
import pytest
from rest_framework.test import APIClient

from tests.games.helpers import FOOLS_MATE, online_round
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def test_a_game_over_the_board_api_to_mate_and_its_pgn() -> None:
    started = online_round()
    gid = started.game.id
    players = [client_of(started.white), client_of(started.black)]
    for ply, uci in enumerate(FOOLS_MATE):
        response = players[ply % 2].post(f"/api/games/{gid}/move/{uci}/")
        assert response.status_code == 200, response.json()
    state = APIClient().get(f"/api/games/{gid}/").json()
    assert state["moves"] == " ".join(FOOLS_MATE) and state["ply"] == 4
    assert (state["status"], state["winner"]) == ("mate", "black")
    assert state["white"]["username"] == started.white.username
    assert state["fen"] == "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    assert state["san"] == [m.san() for m in parsed_moves(FOOLS_MATE)] == ["f3", "e5", "g4", "Qh4#"]
    assert state["check"] is True and state["legal"] == {}  # a finished game has no moves
    pgn = APIClient().get(f"/api/games/{gid}/pgn/")
    assert pgn.status_code == 200 and pgn["Content-Type"].startswith("application/x-chess-pgn")
    parsed = chess.pgn.read_game(io.StringIO(pgn.content.decode()))
    assert parsed is not None and parsed.headers["Result"] == "0-1"
    assert parsed.end().board().fen() == state["fen"]
    every = APIClient().get(f"/api/tournaments/swiss/{started.event['id']}/games/")
    assert every.status_code == 200 and every.content.decode().count("[Event ") == 1


def parsed_moves(ucis: list[str]) -> list[chess.pgn.ChildNode]:
    """python-chess's own SAN of each move, from a PGN game built move by move."""
    node: chess.pgn.GameNode = chess.pgn.Game()
    nodes = []
    for uci in ucis:
        node = node.add_variation(chess.Move.from_uci(uci))
        nodes.append(node)
    return nodes


def test_a_started_game_lists_its_legal_moves_in_san_with_their_uci() -> None:
    started = online_round()
    gid = started.game.id
    assert client_of(started.white).post(f"/api/games/{gid}/move/e2e4/").status_code == 200
    state = APIClient().get(f"/api/games/{gid}/").json()
    board = chess.Board()
    board.push_uci("e2e4")
    assert state["legal"] == {board.san(m): m.uci() for m in board.legal_moves}
    assert len(state["legal"]) == 20 and state["legal"]["Nf6"] == "g8f6"
    assert state["san"] == ["e4"] and state["check"] is False


def test_error_codes() -> None:
    started = online_round()
    gid = started.game.id
    white, black = client_of(started.white), client_of(started.black)
    illegal = white.post(f"/api/games/{gid}/move/e2e5/")
    assert illegal.status_code == 400 and "Illegal" in illegal.json()["message"]
    assert black.post(f"/api/games/{gid}/move/e7e5/").status_code == 409  # not black's turn
    assert client_of(started.leader).post(f"/api/games/{gid}/move/e2e4/").status_code == 403
    assert APIClient().post(f"/api/games/{gid}/move/e2e4/").status_code == 401
    assert white.post(f"/api/games/{gid}/move/e2e4/?ply=3").status_code == 409  # stale
    assert white.post(f"/api/games/{gid}/move/e2e4/?ply=x").status_code == 400
    assert white.post(f"/api/games/{gid}/move/e2e4/?ply=0").status_code == 200
    assert black.post(f"/api/games/{gid}/draw/maybe/").status_code == 400
    early = black.post(f"/api/games/{gid}/draw/yes/")
    assert early.status_code == 400 and "move 30" in early.json()["message"]
    assert black.post(f"/api/games/{gid}/resign/").status_code == 200
    assert white.post(f"/api/games/{gid}/move/d2d4/").status_code == 409  # over
    assert APIClient().get("/api/games/999999/").status_code == 404


def test_round_detail_gives_each_board_its_game() -> None:
    started = online_round()
    rnd = APIClient().get(f"/api/tournaments/swiss/{started.event['id']}/rounds/1/").json()
    assert rnd["pairings"][0]["game_id"] == started.game.id


def test_actions_refuse_bodies_they_do_not_read_and_unknown_events_are_404() -> None:
    """Issue 25, item 10: any JSON body was accepted by the game actions, and the PGN of an
    event that does not exist was an empty 200."""
    started = online_round()
    game_id = started.game.id
    white, black = client_of(started.white), client_of(started.black)
    for path in [f"/api/games/{game_id}/resign/", f"/api/games/{game_id}/draw/no/"]:
        refused = white.post(path, {"surprise": 1}, format="json")
        assert refused.status_code == 400, path
        assert "no request body" in str(refused.json())
    move = f"/api/games/{game_id}/move/e2e4/"
    assert white.post(move, {"ply": 0, "extra": True}, format="json").status_code == 400
    assert white.post(move, {"ply": 0}, format="json").status_code == 200  # `ply` is read
    assert black.post(f"/api/games/{game_id}/draw/no/").status_code == 200  # no body: fine
    assert APIClient().get("/api/tournaments/swiss/999999/games/").status_code == 404
    event = started.event["id"]
    assert APIClient().get(f"/api/tournaments/swiss/{event}/games/").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_cancelling_an_event_aborts_its_games_which_then_refuse_moves() -> None:
    """Issue 25, item 10: the games of a cancelled event stayed `started` and took moves."""
    started = online_round()
    game_id = started.game.id
    white = client_of(started.white)
    assert white.post(f"/api/games/{game_id}/move/e2e4/").status_code == 200
    cancel = f"/api/tournaments/swiss/{started.event['id']}/cancel/"
    assert client_of(started.leader).post(cancel).status_code == 200
    state = APIClient().get(f"/api/games/{game_id}/").json()
    assert (state["status"], state["winner"]) == ("aborted", None)
    refused = client_of(started.black).post(f"/api/games/{game_id}/move/e7e5/")
    assert refused.status_code == 409
    assert APIClient().get(f"/api/games/{game_id}/").json()["ply"] == 1


def test_the_state_has_exactly_the_fields_the_schema_declares() -> None:
    """The GameState component (OpenAPI, hence the generated TypeScript) is the payload."""
    from arbiter.games.read.serializers import GamePlayerOutputSerializer, GameStateOutputSerializer

    started = online_round()
    state = APIClient().get(f"/api/games/{started.game.id}/").json()
    assert set(state) == set(GameStateOutputSerializer().fields)
    assert set(state["white"]) == set(GamePlayerOutputSerializer().fields)
    checked = GameStateOutputSerializer(data=state)
    assert checked.is_valid(), checked.errors
