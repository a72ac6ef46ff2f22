"""The broadcast feeds (`/swiss/{id}/round/{n}.pgn`, `/swiss/{id}.pgn`), read as a lichess
broadcast reads them while games are entered: every step parses with python-chess, the moves
grow, `*` until the result, the tags and the board order hold, and an unchanged feed answers
304 to its ETag. An online event's feed carries its running games' moves at once."""

from __future__ import annotations

import io
from typing import Any

import chess.pgn
import pytest
from django.test import Client

from arbiter.games.models import Game
from arbiter.games.services.play import game_move
from arbiter.tournaments.models import EventMode, SwissPairing
from tests.factories.events import BuiltEvent, event_with_round
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db

PGN = "application/x-chess-pgn; charset=utf-8"


def read_feed(body: bytes) -> list[chess.pgn.Game]:
    handle = io.StringIO(body.decode())
    games = []
    while (game := chess.pgn.read_game(handle)) is not None:
        assert not game.errors, game.errors
        games.append(game)
    return games


def poll(url: str, etag: str = "") -> Any:
    """As a broadcast polls: no session, no token, any Accept, its last ETag."""
    headers = {"HTTP_ACCEPT": "*/*"} | ({"HTTP_IF_NONE_MATCH": etag} if etag else {})
    return Client().get(url, **headers)


def enter(built: BuiltEvent, board: SwissPairing, user: Any, body: dict[str, Any]) -> None:
    url = f"/api/tournaments/swiss/{built.event.id}/pairings/{board.id}/game/"
    answer = client_of(user).put(url, body, format="json")
    assert answer.status_code == 200, answer.json()


def test_an_otb_rounds_feed_grows_as_its_games_are_entered() -> None:
    # Five players: one has the pairing bye, which the feed does not list.
    built = event_with_round(5, registered=3, venue="Chess Club, Oslo")
    event = built.event
    boards = built.boards
    assert len(boards) == 2 and len(built.byes) == 1
    url = f"/swiss/{event.id}/round/1.pgn"

    first = poll(url)
    assert first.status_code == 200
    assert first["Content-Type"] == PGN
    games = read_feed(first.content)
    assert [g.headers["Round"] for g in games] == ["1.1", "1.2"]
    assert all(g.headers["Result"] == "*" and not list(g.mainline_moves()) for g in games)
    tags = games[0].headers
    board = boards[0]
    assert tags["Event"] == event.name and tags["Site"] == "Chess Club, Oslo"
    assert tags["White"] == (board.white.name or board.white.user.username)
    assert tags["Black"] == (board.black.name or board.black.user.username)
    assert tags["WhiteElo"] == str(board.white.rating)
    clock = event.time_control
    assert tags["TimeControl"] == f"{clock.limit_seconds}+{clock.increment_seconds}"
    assert tags["UTCDate"] == built.round.started_at.strftime("%Y.%m.%d")
    assert tags["Date"] == tags["UTCDate"] and len(tags["UTCTime"]) == 8
    registered = [
        (g.headers, colour, entry)
        for g, b in zip(games, boards, strict=True)
        for colour, entry in (("White", b.white), ("Black", b.black))
        if entry.fide_id
    ]
    assert registered, "registered players carry FIDE IDs"
    for headers, colour, entry in registered:
        assert headers[f"{colour}FideId"] == entry.fide_id
    # Unchanged: the broadcast's ETag gets 304.
    assert poll(url, first["ETag"]).status_code == 304

    # The first moves of board 2, entered by the arbiter; board 1 untouched.
    enter(built, boards[1], built.leader, {"moves": ["d4", "Nf6"]})
    second = poll(url, first["ETag"])
    assert second.status_code == 200 and second["ETag"] != first["ETag"]
    games = read_feed(second.content)
    assert [g.headers["Round"] for g in games] == ["1.1", "1.2"]  # the order holds
    assert [len(list(g.mainline_moves())) for g in games] == [0, 2]

    # More moves, then the result.
    enter(built, boards[1], built.leader, {"pgn": "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 *"})
    games = read_feed(poll(url).content)
    assert [m.uci() for m in games[1].mainline_moves()][-1] == "f8b4"
    assert games[1].headers["Result"] == "*"
    enter(
        built,
        boards[1],
        built.leader,
        {"moves": ["d4", "Nf6", "c4", "e6", "Nc3", "Bb4"], "result": "0-1"},
    )
    final = poll(url)
    games = read_feed(final.content)
    assert games[1].headers["Result"] == "0-1"
    assert len(list(games[1].mainline_moves())) == 6
    assert games[0].headers["Result"] == "*"

    # The whole event's feed: the same boards, round by round.
    whole = read_feed(poll(f"/swiss/{event.id}.pgn").content)
    assert [g.headers["Round"] for g in whole] == ["1.1", "1.2"]
    assert whole[1].headers["Result"] == "0-1"


def test_a_board_reported_without_moves_and_a_forfeit_are_listed_with_their_result() -> None:
    built = event_with_round(4)
    first, second = built.boards
    client_of(built.leader).post(
        f"/api/tournaments/swiss/{built.event.id}/pairings/{first.id}/result/",
        {"result": "+-"},
        format="json",
    )
    enter(built, second, second.white.user, {"moves": ["e4"]})
    games = read_feed(poll(f"/swiss/{built.event.id}/round/1.pgn").content)
    assert [(g.headers["Result"], g.headers.get("Termination")) for g in games] == [
        ("1-0", "abandoned"),
        ("*", None),
    ]


def test_round_numbers_the_event_does_not_have_are_404() -> None:
    built = event_with_round(4)
    missing = poll(f"/swiss/{built.event.id}/round/{built.event.num_rounds + 1}.pgn")
    assert missing.status_code == 404
    assert missing.json()["message"] == (
        f"Round {built.event.num_rounds + 1} does not exist: the event has rounds 1 to "
        f"{built.event.num_rounds}."
    )
    assert poll(f"/swiss/{built.event.id}/round/0.pgn").status_code == 404
    assert poll("/swiss/999999.pgn").json()["message"] == "No such tournament."
    # A round not paired yet: no game yet, not an error (a broadcast may poll it early).
    early = poll(f"/swiss/{built.event.id}/round/2.pgn")
    assert (early.status_code, early.content) == (200, b"")


def test_hidden_standings_leave_the_feed_public() -> None:
    built = event_with_round(4, standings_hidden=True)
    board = built.boards[0]
    enter(built, board, built.leader, {"moves": ["e4"], "result": "1-0"})
    games = read_feed(poll(f"/swiss/{built.event.id}/round/1.pgn").content)
    assert games[0].headers["Result"] == "1-0"


def test_an_online_events_feed_carries_its_running_games_moves() -> None:
    built = event_with_round(4, mode=EventMode.ONLINE)
    game = Game.objects.select_related("white", "black").get(pairing=built.boards[0])
    url = f"/swiss/{built.event.id}/round/1.pgn"
    before = poll(url)
    games = read_feed(before.content)
    assert [g.headers["Round"] for g in games] == ["1.1", "1.2"]
    assert games[0].headers["Site"] == f"http://testserver/game/{game.id}"
    assert not list(games[0].mainline_moves())

    game_move(game_id=game.id, user=game.white, uci="e2e4")
    moved = poll(url, before["ETag"])  # a move moves no event version: the feed sees it anyway
    assert moved.status_code == 200
    assert [m.uci() for m in read_feed(moved.content)[0].mainline_moves()] == ["e2e4"]
    assert poll(url, moved["ETag"]).status_code == 304
    game_move(game_id=game.id, user=game.black, uci="c7c5")
    games = read_feed(poll(url, moved["ETag"]).content)
    assert [m.uci() for m in games[0].mainline_moves()] == ["e2e4", "c7c5"]
    assert games[0].headers["Result"] == "*"
