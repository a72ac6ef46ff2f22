"""`/ws/team-swiss/{id}/`: a watcher hears a board's result and the standings it makes,
built by the same serializers as the REST answers."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from tests.teamswiss.helpers import event_with_teams, round_stored

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_watcher_hears_board_result_then_standings_update(client_for):
    built = event_with_teams(teams=2, num_rounds=1)
    round_stored(built, pairs=[(0, 1)])
    base = f"/api/team-swiss/{built.event.id}"
    white = built.players[0][0]  # board 1: team A's first player has White

    async def watch() -> list[dict[str, Any]]:
        socket = WebsocketCommunicator(
            application,
            f"/ws/team-swiss/{built.event.id}/",
            headers=[(b"origin", b"http://localhost")],
        )
        assert (await socket.connect())[0]
        hello = await socket.receive_json_from(timeout=5)
        assert hello == {
            "event": "hello",
            "payload": {
                "event": built.event.id,
                "status": "started",
                "version": built.event.version,
            },
        }

        def report() -> None:
            url = f"{base}/rounds/1/boards/1/1/result/"
            assert client_for(white).post(url, {"result": "1-0"}, format="json").status_code == 200

        await database_sync_to_async(report)()
        frames = []
        while not await socket.receive_nothing(timeout=0.5):
            frames.append(await socket.receive_json_from())
        await socket.disconnect()
        return frames

    frames = async_to_sync(watch)()
    assert [f["event"] for f in frames] == ["board_result", "standings_update"]
    match = frames[0]["payload"]
    assert match == client_for(white).get(f"{base}/rounds/1/").json()["matches"][0]
    assert [b["result"] for b in match["boards"]] == ["1-0", ""]
    standings = frames[1]["payload"]
    assert standings == client_for(white).get(f"{base}/standings/").json()
    assert [row["tpn"] for row in standings["standings"]] == [1, 2]


def test_an_unknown_event_closes_the_socket():
    async def connect() -> tuple[bool, Any]:
        socket = WebsocketCommunicator(application, "/ws/team-swiss/999999/")
        return await socket.connect()

    connected, _ = async_to_sync(connect)()
    assert not connected  # refused before the handshake
