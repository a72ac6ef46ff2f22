"""The game socket: the full state on connect, moves with their ply, refusals to the sender
only, and every watcher (a spectator too) sees each move once."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from arbiter.users.services import api_token_create
from config.asgi import application
from tests.games.helpers import Started, online_round
from tests.timing import WAIT_SECONDS
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db(transaction=True)


def _socket(game_id: int, user: Any = None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://localhost")]
    if user is not None:
        _, plain = api_token_create(user=user, name="socket")
        headers.append((b"authorization", f"Bearer {plain}".encode()))
    return WebsocketCommunicator(application, f"/ws/games/{game_id}/", headers=headers)


async def _connected(socket: WebsocketCommunicator) -> dict[str, Any]:
    connected, code = await socket.connect(timeout=WAIT_SECONDS)
    assert connected, code
    hello = await socket.receive_json_from(timeout=WAIT_SECONDS)
    assert hello["event"] == "game_state"
    return hello["payload"]


async def test_players_move_over_the_socket_and_a_spectator_watches() -> None:
    started: Started = await database_sync_to_async(online_round)()
    gid = started.game.id
    white = await database_sync_to_async(_socket)(gid, started.white)
    black = await database_sync_to_async(_socket)(gid, started.black)
    spectator = _socket(gid)
    for socket in (white, black, spectator):
        state = await _connected(socket)
        assert state["ply"] == 0 and state["status"] == "started"
        assert state["first_move_deadline"] is not None and state["server_time"] > 0
    await white.send_json_to({"type": "move", "uci": "e2e4", "ply": 0})
    for socket in (white, black, spectator):
        pushed = await socket.receive_json_from(timeout=WAIT_SECONDS)
        assert pushed["event"] == "game_state" and pushed["payload"]["moves"] == "e2e4"
        assert pushed["payload"]["ply"] == 1
    await white.send_json_to({"type": "move", "uci": "d2d4", "ply": 0})  # a stale second tab
    refused = await white.receive_json_from(timeout=WAIT_SECONDS)
    assert refused["event"] == "error" and refused["payload"]["status"] == 409
    await spectator.send_json_to({"type": "resign"})
    assert (await spectator.receive_json_from(timeout=WAIT_SECONDS))["payload"]["status"] == 401
    assert await black.receive_nothing(timeout=0.3)
    await black.send_json_to({"type": "resign"})
    ended = await spectator.receive_json_from(timeout=WAIT_SECONDS)
    assert (ended["payload"]["status"], ended["payload"]["winner"]) == ("resign", "white")
    for socket in (white, black, spectator):
        await socket.disconnect(timeout=WAIT_SECONDS)


async def test_an_unknown_game_closes_the_socket() -> None:
    socket = _socket(999999)
    connected, code = await socket.connect(timeout=WAIT_SECONDS)
    assert not connected and code == 4404


async def test_a_move_over_rest_reaches_the_watchers_with_the_full_state() -> None:
    started: Started = await database_sync_to_async(online_round)()
    gid = started.game.id
    watcher = _socket(gid)
    await _connected(watcher)

    def rest_move() -> int:
        response = client_of(started.white).post(f"/api/games/{gid}/move/e2e4/?ply=0")
        return int(response.status_code)

    assert await database_sync_to_async(rest_move)() == 200
    pushed = (await watcher.receive_json_from(timeout=WAIT_SECONDS))["payload"]
    assert (pushed["ply"], pushed["moves"], pushed["turn"]) == (1, "e2e4", "black")
    white = pushed["white"]  # also the rating and, once rated, its change (the game page)
    assert (white["id"], white["username"]) == (started.white.id, started.white.username)
    assert set(white) == {"id", "username", "rating", "rating_change"}
    assert (pushed["round"], pushed["board"]) == (1, 1)
    assert pushed["tournament_id"] == started.event["id"]
    await watcher.disconnect(timeout=WAIT_SECONDS)


async def test_each_socket_move_is_timed_in_the_log(caplog: pytest.LogCaptureFixture) -> None:
    started: Started = await database_sync_to_async(online_round)()
    gid = started.game.id
    white = await database_sync_to_async(_socket)(gid, started.white)
    await _connected(white)
    with caplog.at_level(logging.INFO, logger="arbiter.games.timing"):
        await white.send_json_to({"type": "move", "uci": "e2e4", "ply": 0})
        assert (await white.receive_json_from(timeout=WAIT_SECONDS))["payload"]["ply"] == 1
        await white.send_json_to({"type": "move", "uci": "d2d4", "ply": 0})
        assert (await white.receive_json_from(timeout=WAIT_SECONDS))["event"] == "error"
    lines = [r.getMessage() for r in caplog.records if r.name == "arbiter.games.timing"]
    assert [line.split(" in ")[0] for line in lines] == [
        f"game {gid}: move ok",
        f"game {gid}: move refused",
    ]
    await white.disconnect(timeout=WAIT_SECONDS)
