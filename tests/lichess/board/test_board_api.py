"""lichess's client, unchanged, plays Arbiter's online Swiss games over the Board API: the
event stream, a game's stream, the actions and their refusals. Two web processes on Redis,
so a move sent to one reaches the streams the other serves."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
import redis
from berserk.exceptions import ResponseError
from django.conf import settings
from django.utils import timezone

from arbiter.games.models import Game
from arbiter.games.services.play import game_move
from arbiter.tournaments.live.push import game_start_send
from arbiter.tournaments.models import EventMode
from tests.factories.events import event_with_players, round_next
from tests.factories.users import UserFactory
from tests.games.helpers import FOOLS_MATE, quiet_moves
from tests.lichess.board.helpers import Listener, board_client, hang_up, rapid_game
from tests.timing import WAIT_SECONDS
from tests.web import web_server

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="module")
def port(django_db_setup: None) -> Iterator[int]:
    """One server for the module, on the test database (set up first)."""
    with web_server(workers=2, env={"ARBITER_STREAM_KEEPALIVE_SECONDS": "1"}) as served_port:
        yield served_port


def _refusal(call: Any) -> tuple[int, Any]:
    with pytest.raises(ResponseError) as refused:
        call()
    return refused.value.status_code, refused.value.cause


def _subscribers(group: str) -> int:
    """Web processes subscribed to a channel-layer group (the Redis pub/sub layer's name)."""
    layer: Any = settings.CHANNEL_LAYERS["default"]
    name = f"{layer['CONFIG']['prefix']}__group__{group}"
    client = redis.Redis.from_url(settings.REDIS_URL)
    return int(dict(client.pubsub_numsub(name))[name.encode()])


def _wait_for(condition: Callable[[], bool]) -> bool:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)
    return condition()


def _unsubscribed(group: str) -> bool:
    return _wait_for(lambda: _subscribers(group) == 0)


def test_a_swiss_game_played_to_mate_through_the_streams(port: int) -> None:
    playing = rapid_game()
    game_id = str(playing.game.id)
    white, black = board_client(port, playing.white), board_client(port, playing.black)

    events = Listener(white.board.stream_incoming_events)
    start = events.until("gameStart")["game"]
    assert start["gameId"] == start["id"] == start["fullId"] == game_id
    assert start["source"] == "swiss" and start["swissId"] == str(playing.event.id)
    assert start["color"] == "white" and start["isMyTurn"] is True and start["hasMoved"] is False
    assert start["opponent"]["id"] == playing.black.username.lower()
    assert start["status"] == {"id": 20, "name": "started"}
    assert start["speed"] == start["perf"] == "rapid" and start["secondsLeft"] == 600
    assert start["compat"] == {"bot": False, "board": True}

    watch_white = Listener(lambda: white.board.stream_game_state(game_id))
    watch_black = Listener(lambda: black.board.stream_game_state(game_id))
    full = watch_white.next_line()
    assert full["type"] == "gameFull" and full["id"] == game_id
    assert full["white"] == {
        "id": playing.white.username.lower(),
        "name": playing.white.username,
        "title": None,
        "rating": 1500,
    }
    assert full["clock"] == {"initial": 600_000, "increment": 5_000}
    assert full["speed"] == "rapid" and full["initialFen"] == "startpos"
    assert abs(full["createdAt"] - playing.game.created_at) < timedelta(seconds=1)  # berserk's
    assert full["state"]["moves"] == "" and full["state"]["status"] == "started"
    assert "millisToMove" in full["state"]["expiration"]  # the first-move window
    assert watch_black.next_line()["type"] == "gameFull"

    for ply, uci in enumerate(FOOLS_MATE):
        (white if ply % 2 == 0 else black).board.make_move(game_id, uci)
        for watch in (watch_white, watch_black):
            state = watch.next_line()
            assert state["type"] == "gameState"
            assert state["moves"] == " ".join(FOOLS_MATE[: ply + 1])
    assert state["status"] == "mate" and state["winner"] == "black"
    assert isinstance(state["wtime"], timedelta)  # berserk read ms
    assert watch_white.wait_end() == [] and watch_black.wait_end() == []

    finish = events.until("gameFinish")["game"]
    assert finish["gameId"] == game_id and finish["winner"] == "black"
    assert finish["status"] == {"id": 30, "name": "mate"}
    assert finish["lastMove"] == "d8h4" and finish["isMyTurn"] is False

    # A finished game's stream is its gameFull alone.
    (again,) = list(white.board.stream_game_state(game_id))
    assert again["type"] == "gameFull" and again["state"]["status"] == "mate"

    # The client gone, its stream leaves its groups in both processes.
    hang_up(white)
    assert _unsubscribed(f"user.{playing.white.id}") and _unsubscribed(f"game.{game_id}")


def test_the_actions_answer_as_lichess(port: int) -> None:
    playing = rapid_game()
    game_id = str(playing.game.id)
    white, black = board_client(port, playing.white), board_client(port, playing.black)
    stranger = board_client(port, UserFactory())

    assert _refusal(lambda: stranger.board.make_move(game_id, "e2e4")) == (
        404,
        {"error": "Not your game"},
    )
    assert _refusal(lambda: next(stranger.board.stream_game_state(game_id))) == (
        404,
        {"error": "Not your game"},
    )
    for unknown in ("99999999", "abc"):
        assert _refusal(lambda u=unknown: white.board.resign_game(u)) == (
            404,
            {"error": "No such game"},
        )
    assert _refusal(lambda: black.board.make_move(game_id, "e7e5")) == (
        400,
        {"error": "Not your turn, or game already over"},
    )
    assert _refusal(lambda: white.board.make_move(game_id, "e2e9")) == (
        400,
        {"error": "Invalid UCI: e2e9"},
    )
    assert _refusal(lambda: white.board.make_move(game_id, "e2e5")) == (
        400,
        {"error": "Piece on e2 cannot move to e5"},
    )
    assert _refusal(lambda: white.board.abort_game(game_id)) == (
        400,
        {"error": "This game can no longer be aborted"},
    )
    assert _refusal(lambda: white.board.go_berserk(game_id)) == (400, {"error": "Cannot berserk"})
    # Each answers 200 with a JSON body (berserk reads it), and nothing happens.
    white.board.claim_victory(game_id)
    white.board.offer_takeback(game_id)
    white.board.post_message(game_id, "good luck")
    assert white.board.get_game_chat(game_id) == []
    unchanged = Game.objects.get(id=game_id)
    assert (unchanged.status, unchanged.ply, unchanged.draw_offer) == ("started", 0, "")
    # A draw offer before move 30 is answered ok and ignored, as lichess ignores those.
    white.board.make_move(game_id, "e2e4")
    black.board.make_move(game_id, "e7e5")
    white.board.offer_draw(game_id)
    assert Game.objects.get(id=game_id).draw_offer == ""

    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/board/game/{game_id}/resign", method="POST"
    )
    with pytest.raises(urllib.error.HTTPError) as anonymous:
        urllib.request.urlopen(request, timeout=WAIT_SECONDS)
    assert anonymous.value.code == 401
    assert anonymous.value.read() == b'{"error":"Missing authorization header"}'

    black.board.resign_game(game_id)
    assert Game.objects.get(id=game_id).status == "resign"
    assert _refusal(lambda: black.board.resign_game(game_id)) == (
        400,
        {"error": "This game cannot be resigned"},
    )


def test_draw_offers_from_move_30_reach_the_stream(port: int) -> None:
    playing = rapid_game()
    game_id = str(playing.game.id)
    *played, move_30 = quiet_moves(59)
    for ply, uci in enumerate(played):
        game_move(
            game_id=playing.game.id, user=playing.black if ply % 2 else playing.white, uci=uci
        )
    white, black = board_client(port, playing.white), board_client(port, playing.black)
    watch = Listener(lambda: black.board.stream_game_state(game_id))
    assert len(watch.next_line()["state"]["moves"].split()) == 58

    # White's 30th move, offering a draw with it (berserk has no such argument: by hand).
    moved = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/board/game/{game_id}/move/{move_30}?offeringDraw=true",
        method="POST",
        headers={"Authorization": white.board._r.session.headers["Authorization"]},
    )
    with urllib.request.urlopen(moved, timeout=WAIT_SECONDS) as reply:
        assert json.load(reply) == {"ok": True}
    assert watch.next_line()["moves"].endswith(move_30)
    offered = watch.next_line()
    assert offered["wdraw"] is True and "bdraw" not in offered
    black.board.decline_draw(game_id)
    assert "wdraw" not in watch.next_line()
    white.board.offer_draw(game_id)
    assert watch.next_line()["wdraw"] is True
    black.board.accept_draw(game_id)
    drawn = watch.next_line()
    assert drawn["status"] == "draw" and "winner" not in drawn
    assert watch.wait_end() == []


def test_a_stream_whose_end_was_never_pushed_reads_it_after_the_deadline(port: int) -> None:
    playing = rapid_game()
    game_id = str(playing.game.id)
    Game.objects.filter(id=game_id).update(flag_at=timezone.now() - timedelta(seconds=10))
    white = board_client(port, playing.white)
    watch = Listener(lambda: white.board.stream_game_state(game_id))
    assert watch.next_line()["state"]["expiration"]["millisToMove"] == 0
    # Ended as the flag tick ends it, but with its push lost (Redis away at that moment).
    Game.objects.filter(id=game_id).update(status="noStart", winner="black", flag_at=None)
    (ended,) = watch.wait_end()
    assert (ended["type"], ended["status"], ended["winner"]) == ("gameState", "noStart", "black")


def test_a_round_start_reaches_an_open_event_stream(port: int) -> None:
    built = event_with_players(2, mode=EventMode.ONLINE, num_rounds=3)
    first, second = built.users
    client = board_client(port, first)
    events = Listener(client.board.stream_incoming_events)
    # Subscribed (a stream sends nothing while its user plays nothing).
    assert _wait_for(lambda: _subscribers(f"user.{first.id}") == 1)
    round_next(built)
    game = Game.objects.get(pairing=built.boards[0])
    game_start_send(tournament_id=built.event.id, number=1)  # what the round start pushes

    start = events.until("gameStart")["game"]
    assert start["gameId"] == str(game.id) and start["swissId"] == str(built.event.id)
    assert start["color"] == ("white" if game.white == first else "black")
    assert start["opponent"]["id"] == second.username.lower()
    hang_up(client)
