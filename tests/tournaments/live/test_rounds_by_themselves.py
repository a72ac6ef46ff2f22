"""With a real Celery worker and beat on Redis, an event with a 5-second interval plays three
rounds by itself while results are posted through the API, and a WebSocket client hears every
event in order."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from config.asgi import application
from tests.timing import WAIT_SECONDS
from tests.tournaments.helpers import client_of, create_event, team_with_members
from tests.worker import celery_worker

pytestmark = pytest.mark.django_db(transaction=True)

INTERVAL = 5


async def next_event(socket: WebsocketCommunicator, *, timeout: float = 40) -> dict[str, Any]:
    return await socket.receive_json_from(timeout=timeout)


async def next_other_than_standings(
    socket: WebsocketCommunicator, seen: list[str], versions: list[int]
) -> dict[str, Any]:
    """The next event that is not a standings push or an event update (those may interleave
    anywhere); the standings versions heard on the way are collected."""
    while True:
        message = await next_event(socket)
        seen.append(message["event"])
        if message["event"] == "standings_update":
            versions.append(message["payload"]["version"])
        elif message["event"] != "tournament_update":
            return message


@database_sync_to_async
def setup_event() -> tuple[dict[str, Any], Any, dict[str, Any]]:
    team, leader, members = team_with_members(6)
    start = timezone.now() + timedelta(seconds=4)
    event = create_event(
        leader,
        team,
        num_rounds=3,
        round_interval_seconds=INTERVAL,
        start_time=start.isoformat(),
        mode="otb",  # the players report their results
    )
    for user in members:
        assert (
            client_of(user)
            .post(f"/api/tournaments/swiss/{event['id']}/join/", {}, format="json")
            .status_code
            == 201
        )
    return event, leader, {u.username: u for u in members}


@database_sync_to_async
def post_result(event_id: int, board: dict[str, Any], user: Any, result: str) -> dict[str, Any]:
    url = f"/api/tournaments/swiss/{event_id}/pairings/{board['id']}/result/"
    response = client_of(user).post(url, {"result": result}, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


@database_sync_to_async
def rest(path: str) -> Any:
    return client_of(None).get(path).json()


async def test_three_rounds_play_by_themselves(monkeypatch):
    monkeypatch.setenv("ARBITER_TICK_SECONDS", "1")
    event, _, players = await setup_event()
    base = f"/api/tournaments/swiss/{event['id']}"
    socket = WebsocketCommunicator(
        application,
        f"/ws/tournaments/swiss/{event['id']}/",
        headers=[(b"origin", b"http://localhost")],
    )
    connected, _ = await socket.connect(timeout=WAIT_SECONDS)
    assert connected
    hello = await next_event(socket)
    assert hello["event"] == "hello" and hello["payload"]["current_round"] == 0

    seen: list[str] = []
    versions: list[int] = []
    completed_at: dict[int, float] = {}
    results = ["1-0", "0-1", "1/2-1/2"]
    with celery_worker(beat=True):
        for number in (1, 2, 3):
            # Wait for the round to start by itself; standings pushes may come in between.
            message = await next_other_than_standings(socket, seen, versions)
            assert message["event"] == "round_start", message
            started = time.monotonic()
            payload = message["payload"]
            assert payload["round"] == number
            if number > 1:
                assert started - completed_at[number - 1] >= INTERVAL - 0.5
            assert payload == {"round": number, **(await rest(f"{base}/rounds/{number}/"))}
            assert len(payload["pairings"]) == 3
            for i, board in enumerate(payload["pairings"]):
                if i == len(payload["pairings"]) - 1:
                    # The round completes with this result, not before it is sent: timed after
                    # its answer, a slow answer made the next round look early (4.4 s of 5).
                    completed_at[number] = time.monotonic()
                await post_result(event["id"], board, players[board["white"]], results[i])
            # Every result comes back in a game_result (several may share one, coalesced), in
            # the order posted, with the REST payload of its board.
            boards_heard = []
            while len(boards_heard) < 3:
                message = await next_other_than_standings(socket, seen, versions)
                assert message["event"] == "game_result", message
                for result in message["payload"]["results"]:
                    assert result["round"] == number
                    board = await rest(f"{base}/rounds/{number}/")
                    rest_board = next(b for b in board["pairings"] if b["id"] == result["id"])
                    assert result == {"round": number, **rest_board}
                    boards_heard.append((result["board"], result["result"]))
            assert boards_heard == [
                (b["board"], results[i]) for i, b in enumerate(payload["pairings"])
            ]

        message = await next_other_than_standings(socket, seen, versions)
    assert message["event"] == "tournament_end"
    final = await rest(f"{base}/standings/")
    assert message["payload"]["standings"] == final["results"]
    assert message["payload"]["tournament"]["status"] == "finished"
    assert versions == sorted(versions) and versions, versions
    assert seen.count("round_start") == 3 and 3 <= seen.count("game_result") <= 9
    await socket.disconnect(timeout=WAIT_SECONDS)
