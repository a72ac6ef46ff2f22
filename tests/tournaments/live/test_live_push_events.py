"""Every change a watcher can see is pushed, in an order that makes sense (issue 13, defect 13):
withdraw and rejoin, a lifted ban, the next round's time; a round's standings after the round
itself; one `pairing_failed` per failure; and a tick with nothing to do logs nothing at INFO."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.utils import timezone

from arbiter.realtime.push import channel_layer, user_group
from arbiter.tournaments.live.push import live_flush, push_catch_up, swiss_group
from arbiter.tournaments.models import SwissTournament
from arbiter.tournaments.services.schedule import round_start_if_due
from config.asgi import application
from tests.timing import WAIT_SECONDS, frames_until
from tests.tournaments.helpers import client_of, create_event, team_with_members
from tests.worker import celery_worker

pytestmark = pytest.mark.django_db(transaction=True)


def heard(
    group: str,
    action: Callable[[], Any],
    *,
    quiet: float = 1.0,
    until: Callable[[list[dict[str, Any]]], bool] | None = None,
) -> list[dict[str, Any]]:
    """The frames pushed to `group` while `action` runs, until `until(frames)` holds (a push
    a worker sends: each frame waited for up to WAIT_SECONDS), then until `quiet` seconds pass
    with nothing more, in the order received."""
    layer = channel_layer()

    async def listen() -> list[dict[str, Any]]:
        inbox = await layer.new_channel()
        await layer.group_add(group, inbox)
        await database_sync_to_async(action)()
        frames: list[dict[str, Any]] = []
        while True:
            waiting = until is not None and not until(frames)
            try:
                message = await asyncio.wait_for(
                    layer.receive(inbox), timeout=WAIT_SECONDS if waiting else quiet
                )
            except TimeoutError:
                return frames
            frames += [json.loads(t) for t in message.get("texts") or [message["text"]]]

    return async_to_sync(listen)()


def has(event: str) -> Callable[[list[dict[str, Any]]], bool]:
    """`until` for `heard`: once a frame of this event has come."""
    return lambda frames: any(f["event"] == event for f in frames)


def running_event(players: int = 4, **options: Any) -> tuple[int, Any, list[Any], str]:
    team, leader, members = team_with_members(players)
    event = create_event(leader, team, num_rounds=3, **options)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    assert client_of(leader).post(f"{base}/start-next-round/").status_code == 201
    return event["id"], leader, members, base


def test_a_round_start_comes_before_the_standings_it_changed():
    """Fails before the fix: the round start's push flushed the standings (with the new
    round's pairing numbers) first, then sent `round_start`."""
    team, leader, members = team_with_members(4)
    event = create_event(leader, team, num_rounds=3)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201

    def start() -> None:
        assert client_of(leader).post(f"{base}/start-next-round/").status_code == 201

    frames = heard(swiss_group(event["id"]), start, until=has("standings_update"))
    events = [f["event"] for f in frames]
    assert events[: events.index("round_start") + 1] == ["round_start"], events
    assert "standings_update" in events
    version = SwissTournament.objects.get(id=event["id"]).standings_version
    assert frames[-1]["event"] == "standings_update"
    assert frames[-1]["payload"]["version"] == version


def test_withdraw_rejoin_and_the_next_round_time_are_pushed():
    """Fails before the fix: withdrawing or rejoining changed no standings version and pushed
    nothing, and a round's completion or a leader's schedule did not tell the watchers when
    the next round starts."""

    def status_of(frames: list[dict[str, Any]]) -> str:
        updates = [f for f in frames if f["event"] == "standings_update"]
        assert updates, [f["event"] for f in frames]
        rows = {row["username"]: row for row in updates[-1]["payload"]["standings"]}
        return rows[player]["status"]

    def shows(status: str) -> Callable[[list[dict[str, Any]]], bool]:
        """Until the worker's push of the change has come."""
        return lambda frames: (
            any(f["event"] == "standings_update" for f in frames) and (status_of(frames) == status)
        )

    # The worker runs from the joins on: their pushes (joins are pushed) are delivered, not
    # left queued for a worker that would drop them as stale while their window still holds.
    with celery_worker():  # runs the live pushes
        event_id, leader, members, base = running_event(round_interval_seconds=None)
        group = swiss_group(event_id)
        player = members[0].username
        frames = heard(
            group,
            lambda: client_of(members[0]).post(f"{base}/withdraw/", {}, format="json"),
            until=shows("paused"),
        )
        assert status_of(frames) == "paused"
        frames = heard(
            group,
            lambda: client_of(members[0]).post(f"{base}/rejoin/", {}, format="json"),
            until=shows("active"),
        )
        assert status_of(frames) == "active"

    boards = client_of(leader).get(f"{base}/rounds/1/").json()["pairings"]

    def complete_round() -> None:
        for board in boards:
            url = f"{base}/pairings/{board['id']}/result/"
            assert client_of(leader).post(url, {"result": "1-0"}, format="json").status_code == 200

    heard(group, complete_round, quiet=0.5)
    at = (timezone.now() + timedelta(minutes=10)).replace(microsecond=0)

    def schedule() -> None:
        url = f"{base}/schedule-next-round/"
        response = client_of(leader).post(url, {"at": at.isoformat()}, format="json")
        assert response.status_code == 200, response.json()

    frames = heard(group, schedule, until=has("tournament_update"))
    updates = [f for f in frames if f["event"] == "tournament_update"]
    assert len(updates) == 1
    assert updates[0]["payload"]["id"] == event_id
    assert updates[0]["payload"]["next_round_at"] == at.isoformat().replace("+00:00", "Z")


def test_a_join_before_the_first_round_is_pushed():
    """Fails before the fix: before round 1 a join changed no standings version and pushed
    nothing, so the entry list on a watcher's screen missed the newcomer until a reload."""
    team, leader, members = team_with_members(3)
    event = create_event(leader, team, num_rounds=3)
    base = f"/api/tournaments/swiss/{event['id']}"
    assert client_of(members[0]).post(f"{base}/join/", {}, format="json").status_code == 201

    def join() -> None:
        assert client_of(members[1]).post(f"{base}/join/", {}, format="json").status_code == 201

    def joined(frames: list[dict[str, Any]]) -> bool:
        """Until the worker's push of the join has come."""
        return any(
            f["event"] == "standings_update"
            and members[1].username in {row["username"] for row in f["payload"]["standings"]}
            for f in frames
        )

    with celery_worker():  # runs the live pushes
        frames = heard(swiss_group(event["id"]), join, until=joined)
    updates = [f for f in frames if f["event"] == "standings_update"]
    assert updates, [f["event"] for f in frames]
    names = {row["username"] for row in updates[-1]["payload"]["standings"]}
    assert names == {members[0].username, members[1].username}
    version = SwissTournament.objects.get(id=event["id"]).standings_version
    assert updates[-1]["payload"]["version"] == version


def test_the_next_round_time_is_pushed_when_a_round_completes():
    event_id, leader, _, base = running_event(round_interval_seconds=600)
    boards = client_of(leader).get(f"{base}/rounds/1/").json()["pairings"]

    def complete_round() -> None:
        for board in boards:
            url = f"{base}/pairings/{board['id']}/result/"
            assert client_of(leader).post(url, {"result": "0-1"}, format="json").status_code == 200

    frames = heard(swiss_group(event_id), complete_round, until=has("tournament_update"))
    updates = [f["payload"] for f in frames if f["event"] == "tournament_update"]
    due = SwissTournament.objects.get(id=event_id).next_round_at
    assert due is not None
    assert [u["next_round_at"] for u in updates] == [due.isoformat().replace("+00:00", "Z")]

    # A leader starts round 2 early: its round_start tells the watchers that no round is due
    # any more, so the tick finds nothing to catch up.
    assert client_of(leader).post(f"{base}/start-next-round/").status_code == 201
    assert push_catch_up() == []


def test_a_lifted_ban_is_pushed_to_the_player():
    """Fails before the fix: lifting a ban told nobody."""
    event_id, leader, members, base = running_event()
    board = client_of(leader).get(f"{base}/rounds/1/").json()["pairings"][0]
    url = f"{base}/pairings/{board['id']}/result/"
    body = {"result": "-+", "no_show": "white"}
    assert client_of(leader).post(url, body, format="json").status_code == 200
    absent = next(u for u in members if u.username == board["white"])

    def lift() -> None:
        response = client_of(leader).post(f"{base}/bans/{absent.username}/lift/")
        assert response.status_code < 300, response.content

    frames = heard(user_group(absent.id), lift, quiet=0.5, until=has("ban_lifted"))
    assert [f["event"] for f in frames] == ["ban_lifted"]
    assert frames[0]["payload"]["tournament"] == event_id


def failing_engine(directory: Path) -> Path:
    """A bbpPairings stand-in that takes a second, then fails."""
    script = directory / "failing-engine"
    script.write_text("#!/bin/sh\nsleep 1\necho 'out of cheese' >&2\nexit 3\n")
    script.chmod(0o755)
    return script


def test_a_pairing_failure_is_reported_once(tmp_path, monkeypatch):
    """Fails before the fix: the tick's task and the schedule's ETA task both ran the engine
    for the same due round, and each told the leaders."""
    team, leader, members = team_with_members(4)
    event = create_event(leader, team, num_rounds=3)
    for user in members:
        url = f"/api/tournaments/swiss/{event['id']}/join/"
        assert client_of(user).post(url, {}, format="json").status_code == 201
    due = timezone.now() - timedelta(seconds=1)
    SwissTournament.objects.filter(id=event["id"]).update(next_round_at=due)
    monkeypatch.setenv("ARBITER_PAIRING_ENGINE", "bbpPairings")
    monkeypatch.setenv("ARBITER_BBPPAIRINGS", str(failing_engine(tmp_path)))

    def two_at_once() -> None:
        def attempt() -> None:
            try:
                assert round_start_if_due(tournament_id=event["id"]) is None
            finally:
                connection.close()

        attempts = [threading.Thread(target=attempt) for _ in range(2)]
        for thread in attempts:
            thread.start()
        for thread in attempts:
            thread.join(timeout=60)

    frames = heard(user_group(leader.id), two_at_once, quiet=0.5, until=has("pairing_failed"))
    assert [f["event"] for f in frames] == ["pairing_failed"]
    assert "out of cheese" in frames[0]["payload"]["message"]
    tournament = SwissTournament.objects.get(id=event["id"])
    assert tournament.next_round_at is not None and tournament.next_round_at > due


def test_a_tick_with_nothing_to_do_logs_nothing_at_info():
    """Fails before the fix: Celery logged three INFO lines per tick (beat sent it, the worker
    received it, it succeeded), every two seconds, and as many per live push."""
    event_id, leader, _, base = running_event()
    board = client_of(leader).get(f"{base}/rounds/1/").json()["pairings"][0]
    url = f"{base}/pairings/{board['id']}/result/"
    # No worker runs: the result's push waits for the tick to catch it up (a WARNING).
    assert client_of(leader).post(url, {"result": "1-0"}, format="json").status_code == 200
    with celery_worker(beat=True, extra_env={"ARBITER_TICK_SECONDS": "0.5"}) as worker:
        log = Path(worker.log_path)
        deadline = time.monotonic() + 60
        while "pushes caught up by the tick" not in log.read_text():
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        time.sleep(3)  # a few more ticks with nothing to do
        lines = log.read_text().splitlines()
    noisy = [
        line
        for line in lines
        if "INFO" in line and ("tournaments.tick" in line or "tournaments.live_push" in line)
    ]
    assert noisy == []
    assert any("WARNING" in line and "pushes caught up" in line for line in lines)
    assert SwissTournament.objects.get(id=event_id).standings_version > 0


def test_a_socket_asking_for_one_frame_gets_each_live_push_as_one_standings_update():
    team, leader, members = team_with_members(4)
    event = create_event(leader, team, num_rounds=3)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    path = f"/ws/tournaments/swiss/{event['id']}/"

    async def watch() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        origin = [(b"origin", b"http://localhost")]
        one = WebsocketCommunicator(application, f"{path}?frames=one", headers=origin)
        legacy = WebsocketCommunicator(application, path, headers=origin)
        for socket in (one, legacy):
            assert (await socket.connect(timeout=WAIT_SECONDS))[0]
            assert (await socket.receive_json_from(timeout=WAIT_SECONDS))["event"] == "hello"

        def start_then_report() -> None:
            response = client_of(leader).post(f"{base}/start-next-round/")
            board = response.json()["pairings"][0]
            url = f"{base}/pairings/{board['id']}/result/"
            assert client_of(leader).post(url, {"result": "1-0"}, format="json").status_code == 200
            live_flush(tournament_id=event["id"])  # the result's push, as the worker runs it

        await database_sync_to_async(start_then_report)()
        heard: tuple[list[dict[str, Any]], list[dict[str, Any]]] = ([], [])
        for socket, frames, pushes in zip((one, legacy), heard, (2, 4), strict=True):
            frames += await frames_until(socket, lambda got, n=pushes: len(got) >= n)
            await socket.disconnect(timeout=WAIT_SECONDS)
        return heard

    one, legacy = async_to_sync(watch)()
    assert [f["event"] for f in legacy] == [
        "round_start",
        "standings_update",
        "game_result",
        "standings_update",
    ]
    assert [f["event"] for f in one] == ["standings_update", "standings_update"]
    started, reported = (f["payload"] for f in one)
    assert started["round_start"] == legacy[0]["payload"]
    assert "results" not in started
    assert reported["results"] == legacy[2]["payload"]["results"]
    assert "round_start" not in reported
    for mine, theirs in ((started, legacy[1]), (reported, legacy[3])):
        # The standings_update of a legacy socket, with the push's other parts added.
        assert list(mine)[:4] == ["version", "tiebreaks_after_round", "standings", "hidden"]
        assert {k: mine[k] for k in list(mine)[:4]} == theirs["payload"]
