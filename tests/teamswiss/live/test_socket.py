"""`/ws/team-swiss/{id}/`: a watcher hears a board's result (its match, as REST shows it) and
the versions to reload the pages at (docs/live.md, "Version pings")."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from arbiter.teamswiss.models import TeamSwissBoard, TeamSwissRound
from config.asgi import application
from tests.teamswiss.helpers import event_with_teams, round_stored
from tests.timing import WAIT_SECONDS, frames_until
from tests.worker import celery_worker

pytestmark = pytest.mark.django_db(transaction=True)

ORIGIN = [(b"origin", b"http://localhost")]


def test_a_watcher_hears_each_board_result_and_the_versions_to_reload(client_for):
    built = event_with_teams(teams=2, num_rounds=1)
    round_stored(built, pairs=[(0, 1)])
    base = f"/api/team-swiss/{built.event.id}"
    white = built.players[0][0]  # board 1: team A's first player has White

    def version() -> int:
        built.event.refresh_from_db()
        return built.event.version

    async def watch() -> list[dict[str, Any]]:
        socket = WebsocketCommunicator(
            application,
            f"/ws/team-swiss/{built.event.id}/",
            headers=ORIGIN,
        )
        assert (await socket.connect(timeout=WAIT_SECONDS))[0]
        hello = await socket.receive_json_from(timeout=WAIT_SECONDS)
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
            url = f"{base}/rounds/1/boards/1/2/result/"  # the last board: the event ends
            assert (
                client_for(built.leader).post(url, {"result": "1/2"}, format="json").status_code
                == 200
            )

        await database_sync_to_async(report)()
        last = await database_sync_to_async(version)()
        frames = await frames_until(
            socket,
            lambda got: any(
                f["event"] == "reload" and f["payload"]["version"] == last for f in got
            ),
        )
        await socket.disconnect(timeout=WAIT_SECONDS)
        return frames

    with celery_worker():  # the second result's reload trails the first's by a second
        frames = async_to_sync(watch)()
    results = [f["payload"] for f in frames if f["event"] == "board_result"]
    reloads = [f["payload"]["version"] for f in frames if f["event"] == "reload"]
    assert {f["event"] for f in frames} == {"board_result", "reload"}
    # Each fact reads the state after its own commit: the first result alone, then both.
    assert [[b["result"] for b in match["boards"]] for match in results] == [
        ["1-0", ""],
        ["1-0", "1/2"],
    ]
    match = results[1]
    assert match == client_for(white).get(f"{base}/rounds/1/").json()["matches"][0]
    assert match["complete"] and match["white_match_points"] == "2.0"
    # The pages of the last version show the end: what a client refetches on `reload`.
    assert reloads == sorted(set(reloads)) and reloads[-1] == version()
    assert client_for(white).get(f"{base}/").json()["status"] == "finished"
    standings = client_for(white).get(f"{base}/standings/").json()
    assert [row["tpn"] for row in standings["standings"]] == [1, 2]


def test_a_captains_line_up_is_pushed_as_the_fact_only(client_for):
    built = event_with_teams(teams=2, num_rounds=1)
    rnd = round_stored(built, pairs=[(0, 1)])
    rnd.status = TeamSwissRound.Status.LINEUPS
    rnd.save()
    TeamSwissBoard.objects.filter(match__round=rnd).delete()
    squad = list(built.teams[1].players.order_by("order").values_list("id", flat=True))

    async def watch() -> list[dict[str, Any]]:
        socket = WebsocketCommunicator(
            application, f"/ws/team-swiss/{built.event.id}/", headers=ORIGIN
        )
        assert (await socket.connect(timeout=WAIT_SECONDS))[0]
        await socket.receive_json_from(timeout=WAIT_SECONDS)  # hello

        def submit() -> None:
            url = f"/api/team-swiss/{built.event.id}/rounds/1/lineups/2/"
            answer = client_for(built.captains[1]).put(url, {"players": squad}, format="json")
            assert answer.status_code == 200, answer.json()

        await database_sync_to_async(submit)()
        fact = {"event": "lineup_submitted", "payload": {"round": 1, "tpn": 2}}
        frames = await frames_until(socket, lambda got: fact in got)
        await socket.disconnect(timeout=WAIT_SECONDS)
        return frames

    frames = async_to_sync(watch)()
    # The fact, and the new version to reload (the line-up itself stays secret on every
    # page); the two travel apart, so either may come first.
    assert {"event": "lineup_submitted", "payload": {"round": 1, "tpn": 2}} in frames
    assert sorted(f["event"] for f in frames) in (
        ["lineup_submitted"],
        ["lineup_submitted", "reload"],
    )


def test_an_unknown_event_closes_the_socket():
    async def connect() -> tuple[bool, Any]:
        socket = WebsocketCommunicator(application, "/ws/team-swiss/999999/")
        return await socket.connect(timeout=WAIT_SECONDS)

    connected, _ = async_to_sync(connect)()
    assert not connected  # refused before the handshake
