"""The arbiter's actions reach everyone live: the game socket's watchers (both players and a
spectator) get the `arbiter_action` and the new state, the arbiters' `/ws/me/` a call's ping,
and a lichess Board-API client (berserk, through a served Arbiter) sees each change as a
`gameState`: a pause, time added, a takeback."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
import requests
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from arbiter.games.services.play import game_move
from arbiter.users.services import api_token_create
from config.asgi import application
from tests.games.helpers import online_game
from tests.lichess.board.helpers import Listener, board_client, hang_up, rapid_game
from tests.timing import WAIT_SECONDS
from tests.tournaments.helpers import client_of
from tests.web import web_server

pytestmark = pytest.mark.django_db(transaction=True)


def _socket(path: str, user: Any = None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://localhost")]
    if user is not None:
        _, plain = api_token_create(user=user, name="socket")
        headers.append((b"authorization", f"Bearer {plain}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


async def _frame(socket: WebsocketCommunicator, event: str) -> dict[str, Any]:
    while True:
        frame = await socket.receive_json_from(timeout=WAIT_SECONDS)
        if frame["event"] == event:
            return dict(frame["payload"])


async def _told(socket: WebsocketCommunicator) -> tuple[dict[str, Any], dict[str, Any]]:
    """An arbiter's action: its `arbiter_action` and the new `game_state`, in either order."""
    frames: dict[str, dict[str, Any]] = {}
    while len(frames) < 2:
        frame = await socket.receive_json_from(timeout=WAIT_SECONDS)
        frames[frame["event"]] = frame["payload"]
    return frames["arbiter_action"], frames["game_state"]


async def test_watchers_and_both_players_hear_the_arbiter() -> None:
    playing = await database_sync_to_async(online_game)()
    gid = playing.game.id
    sockets = [
        await database_sync_to_async(_socket)(f"/ws/games/{gid}/", playing.white),
        await database_sync_to_async(_socket)(f"/ws/games/{gid}/", playing.black),
        _socket(f"/ws/games/{gid}/"),
    ]
    arbiter_me = await database_sync_to_async(_socket)("/ws/me/", playing.leader)
    for socket in [*sockets, arbiter_me]:
        connected, code = await socket.connect(timeout=WAIT_SECONDS)
        assert connected, code
    for socket in sockets:
        await _frame(socket, "game_state")

    def call() -> int:
        body = {"reason": "disconnection"}
        return int(
            client_of(playing.white)
            .post(f"/api/games/{gid}/call/", body, format="json")
            .status_code
        )

    assert await database_sync_to_async(call)() == 201
    ping = await _frame(arbiter_me, "arbiter_call")
    assert ping["game_id"] == gid and ping["tournament_id"] == playing.event.id

    def act(path: str, body: dict[str, Any] | None = None) -> int:
        response = client_of(playing.leader).post(
            f"/api/games/{gid}/{path}", body or {}, format="json"
        )
        return int(response.status_code)

    assert await database_sync_to_async(act)("pause/") == 200
    for socket in sockets:
        told, state = await _told(socket)
        assert told["action"] == "paused" and told["text"] == "The arbiter paused the clocks."
        assert state["paused"] is True and state["clock_running"] is False
    assert await database_sync_to_async(act)("time/", {"colour": "black", "seconds": 30}) == 200
    for socket in sockets:
        told, state = await _told(socket)
        assert state["btime"] == state["wtime"] + 30_000  # 3+2: both had 3 minutes
        assert (told["action"], told["colour"], told["seconds"]) == ("time_added", "black", 30)
        assert told["text"] == "The arbiter gave black 30 s more."
    for socket in [*sockets, arbiter_me]:
        await socket.disconnect(timeout=WAIT_SECONDS)


@pytest.fixture(scope="module")
def port(django_db_setup: None) -> Iterator[int]:
    with web_server(workers=1, env={"ARBITER_STREAM_KEEPALIVE_SECONDS": "1"}) as served_port:
        yield served_port


def test_a_board_api_client_sees_pause_time_and_takeback_as_game_states(port: int) -> None:
    playing = rapid_game()
    gid = playing.game.id
    for ply, uci in enumerate(["e2e4", "e7e5", "g1f3"]):
        game_move(game_id=gid, user=playing.white if ply % 2 == 0 else playing.black, uci=uci)
    white = board_client(port, playing.white)
    stream = Listener(lambda: white.board.stream_game_state(str(gid)))
    full = stream.next_line()
    assert full["type"] == "gameFull" and full["state"]["moves"] == "e2e4 e7e5 g1f3"

    _, token = api_token_create(user=playing.leader, name="arbiter")
    headers = {"Authorization": f"Bearer {token}"}

    def act(path: str, body: dict[str, Any] | None = None) -> None:
        url = f"http://127.0.0.1:{port}/api/games/{gid}/{path}"
        response = requests.post(url, json=body, headers=headers, timeout=WAIT_SECONDS)
        assert response.status_code == 200, response.text

    act("pause/")
    paused = stream.until("gameState")
    assert paused["paused"] is True and paused["status"] == "started"
    act("time/", {"colour": "black", "seconds": 30})
    added = stream.until("gameState")
    assert added["btime"] - paused["btime"] == timedelta(seconds=30)  # berserk reads ms
    assert added["wtime"] == paused["wtime"]  # paused: nobody's clock ran
    act("takeback/")
    taken = stream.until("gameState")
    assert taken["moves"] == "e2e4 e7e5" and taken.get("paused") is True
    act("resume/")
    resumed = stream.until("gameState")
    assert "paused" not in resumed and resumed["moves"] == "e2e4 e7e5"
    hang_up(white)
