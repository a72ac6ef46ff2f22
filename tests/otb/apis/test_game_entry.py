"""Entering a board's over-the-board game (docs/otb-games.md): by an arbiter or a player of
the board, as a SAN list or one game's PGN, saved again as it grows; its result reaching the
board through the result path: set, confirmed, disputed, or kept."""

from __future__ import annotations

from typing import Any

import chess
import pytest
from rest_framework.test import APIClient

from arbiter.otb.models import OtbGame
from arbiter.tournaments.models import (
    AuditEntry,
    EventMode,
    SwissPairing,
    SwissTournament,
)
from arbiter.tournaments.services.results.submit import result_submit
from tests.factories.events import BuiltEvent, event_with_round
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def game_url(built: BuiltEvent, board: SwissPairing) -> str:
    return f"/api/tournaments/swiss/{built.event.id}/pairings/{board.id}/game/"


def result_url(built: BuiltEvent, board: SwissPairing) -> str:
    return f"/api/tournaments/swiss/{built.event.id}/pairings/{board.id}/result/"


def put(user: Any, url: str, body: dict[str, Any]) -> Any:
    return client_of(user).put(url, body, format="json")


def version(built: BuiltEvent) -> int:
    return SwissTournament.objects.values_list("version", flat=True).get(id=built.event.id)


def test_a_leader_enters_a_game_whose_result_becomes_the_boards() -> None:
    built = event_with_round(4)
    board = built.boards[0]
    before = version(built)
    answer = put(
        built.leader, game_url(built, board), {"moves": ["e4", "e5", "Nf3"], "result": "1-0"}
    )
    assert answer.status_code == 200, answer.json()
    game = answer.json()
    assert (game["ply"], game["san"], game["uci"]) == (
        3,
        ["e4", "e5", "Nf3"],
        ["e2e4", "e7e5", "g1f3"],
    )
    assert game["moves"] == "e2e4 e7e5 g1f3"
    assert game["fens"][0] == chess.STARTING_FEN and len(game["fens"]) == 4
    assert chess.Board(game["fens"][-1]).fullmove_number == 2
    assert (game["result"], game["board_result"], game["by_leader"]) == ("1-0", "1-0", True)
    assert game["result_entry"]["status"] == "set"
    assert game["entered_by"] == built.leader.username
    assert game["white"]["name"] == (board.white.name or board.white.user.username)
    board.refresh_from_db()
    assert (board.result, board.reported_by_id) == ("1-0", built.leader.id)
    # A leader's decision like any other: in the audit log, and the readers' version moved.
    assert AuditEntry.objects.filter(tournament=built.event, action="result.set").count() == 1
    assert version(built) > before
    # Anyone reads it, signed in or not.
    read = APIClient().get(game_url(built, board))
    assert read.status_code == 200
    assert {k: read.json()[k] for k in ("ply", "result", "san")} == {
        "ply": 3,
        "result": "1-0",
        "san": ["e4", "e5", "Nf3"],
    }


def test_a_player_enters_their_game_in_steps_then_reports_its_result() -> None:
    built = event_with_round(4)
    board = built.boards[0]
    white, black = board.white.user, board.black.user
    url = game_url(built, board)

    first = put(white, url, {"moves": ["d4"]})
    assert first.status_code == 200, first.json()
    assert (first.json()["ply"], first.json()["result"]) == (1, "*")
    assert first.json()["result_entry"]["status"] == "none"

    grown = put(black, url, {"pgn": "1. d4 d5 2. c4 e6 *"})  # either player of the board
    assert grown.status_code == 200, grown.json()
    assert grown.json()["ply"] == 4 and grown.json()["entered_by"] == black.username
    board.refresh_from_db()
    assert board.result == ""  # nothing reported while the game is entered

    done = put(white, url, {"pgn": '[Result "1-0"]\n\n1. d4 d5 2. c4 e6 3. Nc3 1-0'})
    assert done.status_code == 200, done.json()
    assert done.json()["result_entry"]["status"] == "set"
    board.refresh_from_db()
    # White's report, which the opponent confirms or disputes as any report.
    assert (board.result, board.white_report, board.black_report) == ("1-0", "1-0", "")
    confirmed = client_of(black).post(result_url(built, board), {"result": "1-0"}, format="json")
    assert confirmed.status_code == 200 and confirmed.json()["black_report"] == "1-0"

    # A finished game is the arbiter's to change.
    again = put(black, url, {"moves": ["d4", "d5"]})
    assert again.status_code == 409
    assert again.json()["message"] == "This game is finished: ask the arbiter to correct it."
    assert OtbGame.objects.get(pairing=board).ply == 5


def test_a_player_enters_their_own_board_only() -> None:
    built = event_with_round(4)
    board, other = built.boards
    refused = put(other.white.user, game_url(built, board), {"moves": ["e4"]})
    assert refused.status_code == 403
    assert "Only the players of this board" in refused.json()["message"]
    anonymous = APIClient().put(game_url(built, board), {"moves": ["e4"]}, format="json")
    assert anonymous.status_code == 401
    assert not OtbGame.objects.exists()


def test_a_game_the_arbiter_entered_is_the_arbiters_to_change() -> None:
    built = event_with_round(4)
    board = built.boards[0]
    assert put(built.leader, game_url(built, board), {"moves": ["e4"]}).status_code == 200
    refused = put(board.white.user, game_url(built, board), {"moves": ["e4", "e5"]})
    assert refused.status_code == 409
    assert "only the arbiter changes it" in refused.json()["message"]


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"moves": ["e4", "e5", "Ke3"]}, "moves", "Move 2. Ke3 is illegal in this position."),
        (
            {"pgn": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 Nf9 *"},
            "pgn",
            "Move 4... Nf9 is not a move in standard algebraic notation.",
        ),
        ({"moves": ["f3", "e5", "g4", "Qh4#"], "result": "1-0"}, "result", "The last position"),
        ({"moves": ["e4"], "pgn": "1. e4 *"}, "non_field_errors", "Send the game as `moves`"),
        ({"result": "1-0"}, "non_field_errors", "Send the game as `moves`"),
    ],
)
def test_an_unreadable_game_is_refused_naming_the_move(
    body: dict[str, Any], field: str, message: str
) -> None:
    built = event_with_round(4)
    board = built.boards[0]
    answer = put(built.leader, game_url(built, board), body)
    assert answer.status_code == 400, answer.json()
    assert answer.json()["extra"]["fields"][field][0].startswith(message)
    board.refresh_from_db()
    assert board.result == "" and not OtbGame.objects.exists()


def test_checkmate_decides_the_result_left_out() -> None:
    built = event_with_round(4)
    board = built.boards[0]
    answer = put(board.black.user, game_url(built, board), {"moves": ["f3", "e5", "g4", "Qh4#"]})
    assert answer.status_code == 200, answer.json()
    assert (answer.json()["result"], answer.json()["board_result"]) == ("0-1", "0-1")


def test_a_players_game_contradicting_the_opponents_report_disputes_the_board() -> None:
    built = event_with_round(4)
    board = built.boards[0]
    result_submit(pairing=board, user=board.black.user, result="0-1")
    answer = put(board.white.user, game_url(built, board), {"moves": ["e4", "e5"], "result": "1-0"})
    assert answer.status_code == 200, answer.json()
    entry = answer.json()["result_entry"]
    assert entry["status"] == "disputed"
    assert "waits for the arbiter" in entry["message"]
    board.refresh_from_db()
    assert (board.result, board.disputed) == ("", True)
    assert (board.white_report, board.black_report) == ("1-0", "0-1")
    assert OtbGame.objects.get(pairing=board).result == "1-0"  # the game is kept


def test_a_players_game_against_the_arbiters_decision_is_saved_but_not_reported() -> None:
    built = event_with_round(4)
    board = built.boards[0]
    result_submit(pairing=board, user=built.leader, result="1/2-1/2")
    answer = put(board.white.user, game_url(built, board), {"moves": ["e4"], "result": "1-0"})
    assert answer.status_code == 200, answer.json()
    entry = answer.json()["result_entry"]
    assert entry["status"] == "refused"
    assert "only the arbiter can change it" in entry["message"]
    board.refresh_from_db()
    assert (board.result, board.disputed) == ("1/2-1/2", False)


def test_an_arbiters_game_contradicting_the_board_disputes_it_for_the_queue() -> None:
    built = event_with_round(4)
    board = built.boards[0]
    result_submit(pairing=board, user=board.white.user, result="1-0")
    answer = put(built.leader, game_url(built, board), {"pgn": "1. e4 e5 0-1"})
    assert answer.status_code == 200, answer.json()
    assert answer.json()["result_entry"]["status"] == "disputed"
    assert (answer.json()["board_result"], answer.json()["disputed"]) == ("", True)
    board.refresh_from_db()
    assert (board.result, board.disputed, board.white_report) == ("", True, "1-0")
    logged = AuditEntry.objects.get(tournament=built.event, action="result.corrected")
    assert logged.after == {"result": "", "disputed": True, "game_result": "0-1"}
    # The arbiter decides it as any dispute.
    decided = client_of(built.leader).post(
        result_url(built, board), {"result": "0-1"}, format="json"
    )
    assert (decided.json()["result"], decided.json()["disputed"]) == ("0-1", False)


def test_a_completed_rounds_result_stands_against_an_arbiters_game() -> None:
    built = event_with_round(4, rounds=2, results=[["1-0", "0-1"]])
    first = SwissPairing.objects.get(round__tournament=built.event, round__number=1, board=1)
    answer = put(built.leader, game_url(built, first), {"moves": ["e4"], "result": "0-1"})
    assert answer.status_code == 200, answer.json()
    assert answer.json()["result_entry"]["status"] == "kept"
    first.refresh_from_db()
    assert (first.result, first.disputed) == ("1-0", False)


def test_the_same_result_again_changes_nothing() -> None:
    built = event_with_round(4)
    board = built.boards[0]
    url = game_url(built, board)
    assert put(built.leader, url, {"moves": ["e4"], "result": "1-0"}).status_code == 200
    again = put(built.leader, url, {"moves": ["e4", "e5"], "result": "1-0"})
    assert again.json()["result_entry"]["status"] == "unchanged"
    assert AuditEntry.objects.filter(tournament=built.event, action="result.set").count() == 1


def test_an_online_events_boards_are_the_servers_games() -> None:
    built = event_with_round(4, mode=EventMode.ONLINE)
    board = built.boards[0]
    refused = put(built.leader, game_url(built, board), {"moves": ["e4"]})
    assert refused.status_code == 409
    assert "played online" in refused.json()["message"]
    read = APIClient().get(game_url(built, board))
    assert read.status_code == 404
    assert read.json()["message"].startswith("This board is played online: its game is /game/")


def test_a_board_without_a_game_reads_as_an_empty_one() -> None:
    built = event_with_round(4)
    read = APIClient().get(game_url(built, built.boards[1]))
    assert read.status_code == 200
    body = read.json()
    assert (body["ply"], body["result"], body["fens"], body["entered_at"]) == (
        0,
        "*",
        [chess.STARTING_FEN],
        None,
    )
    assert body["pgn"].endswith("\n\n*\n\n")
    missing = APIClient().get(f"/api/tournaments/swiss/{built.event.id}/pairings/999999/game/")
    assert missing.status_code == 404 and missing.json()["message"] == "No such pairing."
