"""Version pings on both Swiss kinds' sockets (`?frames=ping`, docs/live.md "Reads"): a write
is pinged as `reload {version}` after it commits, at most one a second per event (the rest
folded into one trailing ping with the newest version, sent by a real Celery worker); a
reconnect with `?since=` gets exactly the frames it missed, or `resync`."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from arbiter.realtime import ping
from arbiter.tournaments.live.push import swiss_group
from arbiter.tournaments.models import SwissTournament
from config.asgi import application
from tests.teamswiss.helpers import event_with_teams
from tests.timing import WAIT_SECONDS
from tests.tournaments.helpers import client_of, create_event, team_with_members
from tests.worker import celery_worker

pytestmark = pytest.mark.django_db(transaction=True)
ORIGIN = [(b"origin", b"http://localhost")]


async def _open(path: str) -> tuple[WebsocketCommunicator, dict[str, Any]]:
    socket = WebsocketCommunicator(application, path, headers=ORIGIN)
    assert (await socket.connect(timeout=WAIT_SECONDS))[0]
    hello = await socket.receive_json_from(timeout=WAIT_SECONDS)
    assert hello["event"] == "hello"
    return socket, hello


async def _frames(socket: WebsocketCommunicator, *, until: int, quiet: float) -> list[Any]:
    """Frames until a `reload` of version `until` came, then until `quiet` seconds of none."""
    frames: list[Any] = []
    while not any(f["event"] == "reload" and f["payload"]["version"] >= until for f in frames):
        frames.append(await socket.receive_json_from(timeout=WAIT_SECONDS))
    return frames + await _rest(socket, quiet)


async def _rest(socket: WebsocketCommunicator, quiet: float) -> list[Any]:
    """The frames that come until `quiet` seconds pass with none (without cancelling the
    socket's application, as a receive that times out would)."""
    frames = []
    while not await socket.receive_nothing(timeout=quiet):
        frames.append(await socket.receive_json_from(timeout=WAIT_SECONDS))
    return frames


def _event_and_group() -> tuple[int, str]:
    """A new event's id and its socket group."""
    team, leader, _members = team_with_members(4)
    event_id = create_event(leader, team)["id"]
    return event_id, swiss_group(event_id)


async def _open_pinged(event_id: int) -> tuple[WebsocketCommunicator, int]:
    """A ping socket of the event, and the version its hello gave."""
    socket, hello = await _open(f"/ws/tournaments/swiss/{event_id}/?frames=ping")
    return socket, hello["payload"]["version"]


def _version(event_id: int) -> int:
    return SwissTournament.objects.get(id=event_id).version


def test_writes_are_pinged_once_a_second_with_the_newest_version() -> None:
    team, leader, _members = team_with_members(4)
    event = create_event(leader, team)
    path = f"/api/tournaments/swiss/{event['id']}/"

    async def run() -> tuple[dict[str, Any], list[Any], float]:
        socket, hello = await _open(f"/ws/tournaments/swiss/{event['id']}/?frames=ping")
        started = time.monotonic()
        for n in range(4):  # four writes within a second: one ping now, one trailing
            answer = await database_sync_to_async(client_of(leader).patch)(
                path, {"description": f"edit {n}"}, format="json"
            )
            assert answer.status_code == 200
        newest = await database_sync_to_async(_version)(event["id"])
        frames = await _frames(socket, until=newest, quiet=1.5)
        await socket.disconnect()
        return hello, frames, started

    with celery_worker():  # sends the trailing ping
        hello, frames, _started = async_to_sync(run)()
    assert hello["payload"]["version"] == _version(event["id"]) - 4
    reloads = [f["payload"]["version"] for f in frames if f["event"] == "reload"]
    # The first write at once, the newest last; the writes between folded (at most one ping
    # a second: the four writes took well under two).
    assert reloads[0] == hello["payload"]["version"] + 1
    assert reloads[-1] == _version(event["id"])
    assert reloads == sorted(set(reloads)) and len(reloads) < 4
    assert all(f["event"] == "reload" for f in frames)


def test_a_reconnect_gets_exactly_the_missed_frames_or_resync() -> None:
    team, leader, _members = team_with_members(4)
    event = create_event(leader, team)
    group = swiss_group(event["id"])
    base = _version(event["id"])
    for n in range(1, 4):  # three frames sent while the client was away
        ping.frame_send(
            group=group, event="reload", payload={"version": base + n}, version=base + n
        )
    SwissTournament.objects.filter(id=event["id"]).update(version=base + 3)

    async def reconnect(since: int, now: int) -> list[Any]:
        socket, hello = await _open(
            f"/ws/tournaments/swiss/{event['id']}/?frames=ping&since={since}"
        )
        assert hello["payload"]["version"] == now
        frames = await _rest(socket, 0.5)
        await socket.disconnect()
        return frames

    missed = async_to_sync(reconnect)(base + 1, base + 3)
    assert [f["payload"]["version"] for f in missed] == [base + 2, base + 3]
    assert async_to_sync(reconnect)(base + 3, base + 3) == []  # up to date: nothing
    # More frames than the history keeps: what the client missed is partly gone.
    for n in range(4, 4 + ping.HISTORY):
        ping.frame_send(
            group=group, event="reload", payload={"version": base + n}, version=base + n
        )
    SwissTournament.objects.filter(id=event["id"]).update(version=base + 3 + ping.HISTORY)
    resync = async_to_sync(reconnect)(base + 1, base + 3 + ping.HISTORY)
    assert [f["event"] for f in resync] == ["resync"]
    assert resync[0]["payload"]["version"] == base + 3 + ping.HISTORY


def test_a_team_event_is_pinged_the_same_way() -> None:
    built = event_with_teams(teams=4)
    path = f"/api/team-swiss/{built.event.id}/"

    def version() -> int:
        built.event.refresh_from_db()
        return built.event.version

    async def run() -> tuple[dict[str, Any], list[Any]]:
        # The registration's writes were pinged a moment ago, the last of them by a trailing
        # ping queued before this worker's queue existed (lost): a write a window after it
        # was due takes the slot back and is pinged at once.
        await asyncio.sleep(2 * ping.PING_SECONDS + 0.2)
        socket, hello = await _open(f"/ws/team-swiss/{built.event.id}/?frames=ping")
        answer = await database_sync_to_async(client_of(built.leader).patch)(
            path, {"name": "Renamed League"}, format="json"
        )
        assert answer.status_code == 200
        frames = await _frames(socket, until=await database_sync_to_async(version)(), quiet=0.5)
        await socket.disconnect()
        return hello, frames

    with celery_worker():
        hello, frames = async_to_sync(run)()
    assert [f["event"] for f in frames] == ["reload"]
    assert frames[0]["payload"]["version"] == version() > hello["payload"]["version"]


def test_a_trailing_ping_whose_task_was_lost_is_sent_by_the_catch_up() -> None:
    """No worker runs here: the trailing ping's task is never taken, as when it is lost. The
    beat's catch-up sends it once it is a window overdue."""
    event_id, group = _event_and_group()

    async def run() -> list[Any]:
        socket, base = await _open_pinged(event_id)
        await database_sync_to_async(ping.reload_request)(group=group, version=base + 1)
        await database_sync_to_async(ping.reload_request)(group=group, version=base + 2)
        first = await _frames(socket, until=base + 1, quiet=0.3)
        assert await database_sync_to_async(ping.reload_catch_up)() == []  # not overdue yet
        await asyncio.sleep(2 * ping.PING_SECONDS + 0.2)
        assert await database_sync_to_async(ping.reload_catch_up)() == [group]
        rest = await _frames(socket, until=base + 2, quiet=0.3)
        await socket.disconnect()
        return [f["payload"]["version"] - base for f in first + rest]

    assert async_to_sync(run)() == [1, 2]


def test_a_trailing_task_that_runs_late_never_pings_a_version_twice() -> None:
    """The trailing ping's task runs more than a window late (a busy worker): a change after
    that window takes the slot back and pings at once; the late task then finds that version
    pinged already and sends nothing (CI saw `[1, 4, 4]` before)."""
    event_id, group = _event_and_group()

    async def run() -> list[int]:
        socket, base = await _open_pinged(event_id)
        request = database_sync_to_async(ping.reload_request)
        await request(group=group, version=base + 1)  # at once
        await request(group=group, version=base + 2)  # folded: its task is never taken here
        await asyncio.sleep(2 * ping.PING_SECONDS + 0.2)
        await request(group=group, version=base + 3)  # the slot taken back: pinged at once
        frames = await _frames(socket, until=base + 3, quiet=0.3)
        # The late task, and the catch-up, send nothing new: base + 3 is out already.
        await database_sync_to_async(ping.reload_run)(group=group, trailing=True)
        await database_sync_to_async(ping.reload_catch_up)()
        frames += await _rest(socket, 0.5)
        await socket.disconnect()
        return [f["payload"]["version"] - base for f in frames]

    assert async_to_sync(run)() == [1, 3]


def test_pings_come_further_apart_when_the_watchers_would_refetch_too_much() -> None:
    """Each ping socket is counted (per web process, in the shared cache); an event's reloads
    are `watchers / RELOAD_REFETCHES_PER_SECOND` seconds apart when that exceeds a second."""
    team, leader, _members = team_with_members(4)
    event = create_event(leader, team)
    group = swiss_group(event["id"])

    async def run() -> tuple[int, float, int, float]:
        sockets = [
            (await _open(f"/ws/tournaments/swiss/{event['id']}/?frames=ping"))[0] for _ in range(6)
        ]
        watching = await database_sync_to_async(ping.watchers_count)(group)
        with override_settings(RELOAD_REFETCHES_PER_SECOND=2):
            apart = await database_sync_to_async(ping.reload_interval)(group)
        for socket in sockets[:4]:
            await socket.disconnect()
        left = await database_sync_to_async(ping.watchers_count)(group)
        with override_settings(RELOAD_REFETCHES_PER_SECOND=2):
            closer = await database_sync_to_async(ping.reload_interval)(group)
        for socket in sockets[4:]:
            await socket.disconnect()
        return watching, apart, left, closer

    assert async_to_sync(run)() == (6, 3.0, 2, ping.PING_SECONDS)
