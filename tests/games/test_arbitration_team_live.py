"""The arbiter in a team event's game reaches both players live: a call pings the event's
leader on `/ws/me/` with the team event's id, and each action (pause, time, resume, takeback,
result) reaches both players' game sockets as an `arbiter_action` with the new state, while
the team event's log records it."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from arbiter.games.services.play import game_move
from arbiter.teamswiss.models import TeamAuditEntry
from arbiter.users.services import api_token_create
from config.asgi import application
from tests.teamswiss.online_game import team_online_game
from tests.timing import WAIT_SECONDS
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db(transaction=True)


def _socket(path: str, user: Any) -> WebsocketCommunicator:
    _, plain = api_token_create(user=user, name="socket")
    headers = [(b"origin", b"http://localhost"), (b"authorization", f"Bearer {plain}".encode())]
    return WebsocketCommunicator(application, path, headers=headers)


async def _frame(socket: WebsocketCommunicator, event: str) -> dict[str, Any]:
    while True:
        frame = await socket.receive_json_from(timeout=WAIT_SECONDS)
        if frame["event"] == event:
            return dict(frame["payload"])


async def _told(socket: WebsocketCommunicator) -> tuple[dict[str, Any], dict[str, Any]]:
    """An arbiter's action: its `arbiter_action` and the new `game_state`, in either order
    (skipping the `game_state` of a move that came first)."""
    told: dict[str, Any] | None = None
    state: dict[str, Any] | None = None
    while told is None or state is None:
        frame = await socket.receive_json_from(timeout=WAIT_SECONDS)
        if frame["event"] == "arbiter_action":
            told = frame["payload"]
        elif frame["event"] == "game_state" and frame["payload"]["corrections"] > 0:
            state = frame["payload"]
    return told, state


async def test_both_players_hear_each_action_and_the_team_log_records_it() -> None:
    playing = await database_sync_to_async(team_online_game)()
    gid = playing.game.id
    event_id = playing.built.event.id
    for ply, uci in enumerate(["e2e4", "e7e5", "g1f3"]):
        mover = playing.white if ply % 2 == 0 else playing.black
        await database_sync_to_async(game_move)(game_id=gid, user=mover, uci=uci, ply=ply)
    players = [
        await database_sync_to_async(_socket)(f"/ws/games/{gid}/", playing.white),
        await database_sync_to_async(_socket)(f"/ws/games/{gid}/", playing.black),
    ]
    arbiter_me = await database_sync_to_async(_socket)("/ws/me/", playing.leader)
    for socket in [*players, arbiter_me]:
        connected, code = await socket.connect(timeout=WAIT_SECONDS)
        assert connected, code
    for socket in players:
        await _frame(socket, "game_state")

    def post(user: Any, path: str, body: dict[str, Any] | None = None) -> int:
        response = client_of(user).post(f"/api/games/{gid}/{path}", body or {}, format="json")
        return int(response.status_code)

    assert await database_sync_to_async(post)(playing.black, "call/", {"reason": "other"}) == 201
    ping = await _frame(arbiter_me, "arbiter_call")
    assert ping == {"game_id": gid, "tournament_id": None, "team_swiss_id": event_id}

    steps: list[tuple[str, dict[str, Any] | None, dict[str, Any]]] = [
        ("pause/", None, {"action": "paused", "text": "The arbiter paused the clocks."}),
        (
            "time/",
            {"colour": "white", "seconds": 45},
            {"action": "time_added", "colour": "white", "seconds": 45},
        ),
        ("resume/", None, {"action": "resumed", "text": "The arbiter resumed the clocks."}),
        ("takeback/", None, {"action": "takeback", "colour": "white", "move": "g1f3"}),
        (
            "result/",
            {"result": "0-1", "reason": "White left."},
            {"action": "adjudicated", "result": "0-1"},
        ),
    ]
    for corrections, (path, body, expected) in enumerate(steps, 1):
        assert await database_sync_to_async(post)(playing.leader, path, body) == 200, path
        for socket in players:
            told, state = await _told(socket)
            if path != "result/":  # the end is no correction
                assert state["corrections"] == corrections
            assert {key: told[key] for key in expected} == expected, path
            assert told["text"], path
            if path == "pause/":
                assert state["paused"] is True and state["clock_running"] is False
            if path == "time/":
                assert told["text"] == "The arbiter gave white 45 s more."
            if path == "takeback/":
                assert state["moves"] == "e2e4 e7e5" and state["turn"] == "white"
            if path == "result/":
                assert state["status"] == "adjudicated" and state["winner"] == "black"
                assert told["text"] == "The arbiter set the result 0-1: White left."
    for socket in [*players, arbiter_me]:
        await socket.disconnect(timeout=WAIT_SECONDS)

    def actions() -> list[str]:
        entries = TeamAuditEntry.objects.filter(event_id=event_id).order_by("id")
        return [entry.action for entry in entries]

    assert await database_sync_to_async(actions)() == [
        "game.paused",
        "game.time_added",
        "game.resumed",
        "game.takeback",
        "game.adjudicated",
    ]
