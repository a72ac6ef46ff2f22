"""What follows a committed write never fails the request, and the tick makes it happen later:
a push that failed because Redis was down reaches the watchers once Redis is back, and a round
whose scheduling task could not be queued still starts on time."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import pytest
from celery import current_app
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from arbiter.tournaments.live.push import CATCH_UP_GRACE
from arbiter.tournaments.models import SwissRound, SwissTournament
from arbiter.tournaments.tasks import tick
from config.asgi import application
from tests.processes import RedisServer, redis_server
from tests.timing import WAIT_SECONDS
from tests.tournaments.helpers import client_of, create_event, team_with_members
from tests.worker import celery_worker, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def _event_with_round_one(players: int, **options: Any) -> tuple[str, Any, list[dict[str, Any]]]:
    team, leader, members = team_with_members(players)
    event = create_event(leader, team, num_rounds=3, **options)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    first = client_of(leader).post(f"{base}/start-next-round/")
    assert first.status_code == 201
    return base, leader, first.json()["pairings"]


def _finish_round(base: str, leader: Any, boards: list[dict[str, Any]]) -> list[int]:
    codes = []
    for board in boards:
        url = f"{base}/pairings/{board['id']}/result/"
        codes.append(client_of(leader).post(url, {"result": "1-0"}, format="json").status_code)
    return codes


@pytest.fixture
def channels_on(settings: Any) -> Iterator[RedisServer]:
    """The channel layer on a Redis of this test's own, which the test stops and restarts."""
    with redis_server() as server:
        layers = dict(settings.CHANNEL_LAYERS)
        layers["default"] = {
            **layers["default"],
            "CONFIG": {**layers["default"]["CONFIG"], "hosts": [server.url]},
        }
        settings.CHANNEL_LAYERS = layers  # resets Channels' layer cache (setting_changed)
        yield server


@contextmanager
def _records_of(name: str) -> Iterator[list[logging.LogRecord]]:
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    handler = Keep(logging.ERROR)
    logger = logging.getLogger(name)
    logger.addHandler(handler)
    try:
        yield records
    finally:
        logger.removeHandler(handler)


async def test_a_push_lost_while_redis_was_down_is_delivered_by_the_tick(channels_on):
    base, leader, boards = await database_sync_to_async(_event_with_round_one)(6)
    event_id = int(base.rstrip("/").rsplit("/", 1)[1])
    assert await database_sync_to_async(_finish_round)(base, leader, boards) == [200] * 3

    channels_on.stop()
    # A handler on the effects' own logger: caplog's sits on the root logger, whose handlers
    # were replaced mid-test on this machine (it held only the records before the first
    # request, while the error was printed).
    with _records_of("arbiter.tournaments.live.effects") as records:
        second = await database_sync_to_async(client_of(leader).post)(f"{base}/start-next-round/")
    assert second.status_code == 201  # the round is stored; only its push failed
    assert any(
        f"tournament {event_id}: round 2 start push failed" in r.getMessage() for r in records
    )

    channels_on.start()  # same port: Redis is back
    socket = WebsocketCommunicator(
        application,
        f"/ws/tournaments/swiss/{event_id}/",
        headers=[(b"origin", b"http://localhost")],
    )
    assert (await socket.connect(timeout=WAIT_SECONDS))[0]
    assert (await socket.receive_json_from(timeout=WAIT_SECONDS))["event"] == "hello"
    await asyncio.sleep(CATCH_UP_GRACE.total_seconds())  # the round start's own push had its go
    caught_up = await database_sync_to_async(tick.apply)()
    assert caught_up.successful(), caught_up.traceback
    heard = []
    while not heard or heard[-1]["event"] != "round_start":
        heard.append(await socket.receive_json_from(timeout=WAIT_SECONDS))
    await socket.disconnect(timeout=WAIT_SECONDS)
    assert heard[-1]["payload"]["round"] == 2
    assert heard[-1]["payload"]["pairings"] == second.json()["pairings"]


@contextmanager
def broker_at(url: str) -> Iterator[None]:
    """Tasks this process sends go to `url` (the workers keep the suite's broker)."""
    app = current_app
    saved = app.conf.broker_url

    def reconnect() -> None:
        app._pool = None  # the connection pools are rebuilt from the setting on next use
        app.amqp._producer_pool = None

    app.conf.broker_url = url
    reconnect()
    try:
        yield
    finally:
        app.conf.broker_url = saved
        reconnect()


def test_a_round_whose_start_task_could_not_be_queued_starts_by_the_tick(caplog):
    base, leader, boards = _event_with_round_one(6, round_interval_seconds=2)
    event_id = int(base.rstrip("/").rsplit("/", 1)[1])
    dead = RedisServer()  # a free port where nothing listens: every enqueue fails
    with (
        broker_at(dead.url),
        caplog.at_level(logging.ERROR, logger="arbiter.tournaments.live.effects"),
    ):
        codes = _finish_round(base, leader, boards)
    assert codes == [200] * 3  # the results are stored; only the task could not be queued
    assert f"tournament {event_id}: scheduling the round due at" in caplog.text
    tournament = SwissTournament.objects.get(id=event_id)
    assert tournament.current_round == 1 and tournament.next_round_at is not None

    with celery_worker(beat=True, extra_env={"ARBITER_TICK_SECONDS": "1"}):
        wait_for(
            lambda: SwissRound.objects.filter(tournament_id=event_id, number=2).exists(),
            timeout=60,
        )
    second = SwissRound.objects.get(tournament_id=event_id, number=2)
    assert second.started_at is not None
    assert second.started_at >= tournament.next_round_at - timedelta(seconds=1)
