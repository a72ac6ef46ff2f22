"""An online team event's games through lichess's Board API, unchanged: the line-ups close,
the event stream announces each player's game (`gameStart`), the game's stream plays it, and
a resignation sent through the Board API writes the team board's result."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from arbiter.games.models import Game
from arbiter.teamswiss.models import TeamSwissBoard
from arbiter.teamswiss.services.lineups import lineups_close
from arbiter.teamswiss.services.pairing import round_pair_next
from tests.lichess.board.helpers import Listener, board_client, hang_up
from tests.lichess.board.test_board_api import _subscribers, _wait_for
from tests.teamswiss.helpers import event_with_teams
from tests.timing import WAIT_SECONDS
from tests.web import web_server

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="module")
def port(django_db_setup: None) -> Iterator[int]:
    with web_server(workers=1, env={"ARBITER_STREAM_KEEPALIVE_SECONDS": "1"}) as served_port:
        yield served_port


def test_a_team_board_is_played_and_resigned_through_the_board_api(port: int) -> None:
    built = event_with_teams(
        teams=2, boards=2, num_rounds=2, mode="online", clock_minutes=10, clock_increment=5
    )
    first = built.players[0][0]  # board 1: the match's white team's first player has White
    client = board_client(port, first)
    events = Listener(client.board.stream_incoming_events)
    assert _wait_for(lambda: _subscribers(f"user.{first.id}") == 1)  # the stream subscribed
    round_pair_next(event=built.event, user=built.leader)
    lineups_close(event=built.event, number=1, user=built.leader)
    game = Game.objects.get(white=first)
    opponent = game.black
    assert opponent is not None

    start = events.until("gameStart")["game"]
    assert start["gameId"] == str(game.id) and start["swissId"] == str(built.event.id)
    assert start["color"] == "white" and start["isMyTurn"] is True
    assert start["opponent"]["id"] == opponent.username.lower()
    assert start["speed"] == "rapid"

    watch = Listener(lambda: client.board.stream_game_state(str(game.id)))
    full = watch.next_line()
    assert full["type"] == "gameFull" and full["clock"] == {"initial": 600_000, "increment": 5_000}
    client.board.make_move(str(game.id), "e2e4")
    assert watch.next_line()["moves"] == "e2e4"
    other = board_client(port, opponent)
    other.board.make_move(str(game.id), "c7c5")
    assert watch.next_line()["moves"] == "e2e4 c7c5"
    other.board.resign_game(str(game.id))
    end = watch.next_line()
    assert (end["status"], end["winner"]) == ("resign", "white")

    deadline = time.monotonic() + WAIT_SECONDS
    board = TeamSwissBoard.objects.get(game=game)
    while not board.result and time.monotonic() < deadline:
        time.sleep(0.05)
        board.refresh_from_db()
    assert board.result == "1-0"
    hang_up(client)
    hang_up(other)
