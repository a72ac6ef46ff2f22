"""Across nodes (issue 44): two web servers on separate ports standing in for two hosts, the
channel layer sharded over two Redis instances of the test's own (`ARBITER_CHANNEL_REDIS_URLS`).
A result written through server B reaches every socket held by server A, and the sockets of B
too; the shard carrying the event's group restarted, each server subscribes again, and a new
result written through server A reaches every socket, with a later standings version."""

from __future__ import annotations

import json
import time
import urllib.request
from contextlib import ExitStack
from typing import Any

import pytest
import redis
from websockets.sync.client import ClientConnection, connect

from arbiter.tournaments.models import SwissPairing
from tests.core.test_serve import next_event, running_event
from tests.processes import RedisServer
from tests.timing import WAIT_SECONDS
from tests.web import web_server
from tests.worker import celery_worker

pytestmark = pytest.mark.django_db(transaction=True)

PER_SERVER = 8


def _other_boards(event_id: int, first: int) -> list[int]:
    return list(
        SwissPairing.objects.filter(round__tournament_id=event_id)
        .exclude(id=first)
        .order_by("board")
        .values_list("id", flat=True)
    )


def _post_result(port: int, event_id: int, board_id: int, token: str, result: str) -> None:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tournaments/swiss/{event_id}/pairings/{board_id}/result/",
        data=json.dumps({"result": result}).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as reply:
        assert reply.status == 200 and json.load(reply)["result"] == result


def _sockets(stack: ExitStack, port: int, event_id: int) -> list[ClientConnection]:
    url = f"ws://127.0.0.1:{port}/ws/tournaments/swiss/{event_id}/"
    origin = {"Origin": f"http://127.0.0.1:{port}"}
    opened = [
        stack.enter_context(connect(url, additional_headers=origin)) for _ in range(PER_SERVER)
    ]
    for socket in opened:
        assert next_event(socket, "hello")["current_round"] == 1
    return opened


def _channels(shard: RedisServer) -> list[str]:
    client = redis.Redis.from_url(shard.url, decode_responses=True)
    return [str(name) for name in client.pubsub_channels()]


def _heard(sockets: list[ClientConnection], board_id: int, result: str) -> list[Any]:
    versions = []
    for socket in sockets:
        results = next_event(socket, "game_result")["results"]
        assert (board_id, result) in [(r["id"], r["result"]) for r in results]
        versions.append(next_event(socket, "standings_update")["version"])
    return versions


def test_a_result_through_one_server_reaches_the_sockets_of_both_over_two_shards():
    event_id, token, board = running_event()
    board_ids = [board["id"], *_other_boards(event_id, board["id"])]
    shards = [RedisServer(), RedisServer()]
    for shard in shards:
        shard.start()
    env = {"ARBITER_CHANNEL_REDIS_URLS": ",".join(shard.url for shard in shards)}
    try:
        with (
            celery_worker(beat=True, extra_env=env),
            web_server(workers=1, env=env) as port_a,
            web_server(workers=1, env=env) as port_b,
            ExitStack() as stack,
        ):
            on_a = _sockets(stack, port_a, event_id)
            on_b = _sockets(stack, port_b, event_id)
            # Both shards carry subscriptions: the sockets' own channels spread over them.
            subscribed = [_channels(shard) for shard in shards]
            assert all(subscribed), subscribed
            _post_result(port_b, event_id, board["id"], token, "1-0")
            versions = _heard(on_a + on_b, board["id"], "1-0")
            assert min(versions) >= 1

            # The shard that carries the event's group restarts (what it held is gone).
            group = next(
                i for i, names in enumerate(subscribed) if any("__group__" in n for n in names)
            )
            shards[group].stop()
            shards[group].start()
            deadline = time.monotonic() + WAIT_SECONDS
            while not any("__group__" in n for n in _channels(shards[group])):
                assert time.monotonic() < deadline, "the servers did not subscribe again"
                time.sleep(0.2)
            second = board_ids[1]
            _post_result(port_a, event_id, second, token, "0-1")
            after = _heard(on_a + on_b, second, "0-1")
            assert min(after) > max(versions)
    finally:
        for shard in shards:
            shard.stop()
