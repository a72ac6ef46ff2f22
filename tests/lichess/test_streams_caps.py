"""One allowance of long-lived connections per user, sockets and Board-API streams together
(issue item 9), against the served app. Before the fix one token held any number of event
streams (400 seen: 400 threads, 400 descriptors) while sockets stopped at 50 per process;
now past `ARBITER_LIVE_CONNECTIONS_PER_USER` a stream is refused with 429 in lichess's shape
and a socket is closed with 4429, counted across web processes, and the places of a process
that died come back when their lease runs out."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from arbiter.users.services import api_token_create
from tests.factories.users import UserFactory
from tests.lichess.board.helpers import RawStream
from tests.lichess.streams_served import (
    Refused,
    killable_server,
    socket_close_code,
    socket_open,
    stream_open,
)
from tests.web import web_server

pytestmark = pytest.mark.django_db(transaction=True)

CAP = 6  # for these servers only (the default, 50: docs/security.md)
LEASE = 2.0  # seconds a dead process's places stay taken
ENV = {
    "ARBITER_LIVE_CONNECTIONS_PER_USER": str(CAP),
    "ARBITER_SOCKETS_PER_USER": str(CAP),  # the old setting, so that the test means the same
    "ARBITER_LIVE_CONNECTION_LEASE_SECONDS": str(LEASE),
    "ARBITER_STREAM_KEEPALIVE_SECONDS": "1",
}
EVENTS = "/api/stream/event"


@pytest.fixture(scope="module")
def port(
    django_db_setup: Any, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[int]:
    log_path = tmp_path_factory.mktemp("caps") / "web.log"
    with web_server(workers=1, env=ENV, log_path=log_path) as served_port:
        yield served_port


async def _open_many(port: int, token: str, count: int) -> tuple[list[RawStream], list[Refused]]:
    opened, refused = [], []
    for _ in range(count):
        try:
            opened.append(await stream_open(port, EVENTS, token))
        except Refused as refusal:
            refused.append(refusal)
    return opened, refused


def test_streams_past_the_cap_are_refused_with_429_in_lichess_shape(port: int) -> None:
    token = api_token_create(user=UserFactory(), name="bot")[1]

    async def scenario() -> None:
        opened, refused = await _open_many(port, token, CAP + 3)
        assert (len(opened), len(refused)) == (CAP, 3)
        assert {r.status for r in refused} == {429}
        assert all(set(r.body) == {"error"} and r.body["error"] for r in refused)
        # The open ones stream on (a keep-alive each).
        assert set(await asyncio.gather(*(s.line() for s in opened))) == {""}
        # Hanging up frees a place.
        opened.pop().close()
        again = await _wait_open(port, token)
        assert again.status == 200
        for stream in [*opened, again]:
            stream.close()

    asyncio.run(scenario())


async def _wait_open(port: int, token: str, within: float = 30) -> RawStream:
    """A stream opened as soon as a place is free (the server sees a hang-up on its next
    write, a keep-alive away)."""
    deadline = time.monotonic() + within
    while True:
        try:
            return await stream_open(port, EVENTS, token)
        except Refused:
            assert time.monotonic() < deadline, "no place came free"
            await asyncio.sleep(0.2)


def test_sockets_and_streams_share_one_allowance(port: int) -> None:
    token = api_token_create(user=UserFactory(), name="bot")[1]
    with ExitStack() as stack:
        for _ in range(CAP // 2):
            socket = stack.enter_context(socket_open(port, "/ws/me/", token))
            socket.recv(timeout=10)  # hello

        async def streams() -> None:
            opened, refused = await _open_many(port, token, CAP - CAP // 2 + 1)
            assert (len(opened), [r.status for r in refused]) == (CAP - CAP // 2, [429])
            # Full: a socket now is closed at once with 4429 (too many connections).
            with socket_open(port, "/ws/me/", token) as extra:
                assert socket_close_code(extra) == 4429
            for stream in opened:
                stream.close()

        asyncio.run(streams())


def test_the_count_is_shared_by_processes_and_a_dead_ones_places_come_back(
    tmp_path: Path,
) -> None:
    token = api_token_create(user=UserFactory(), name="bot")[1]
    with (
        killable_server(tmp_path / "a.log", ENV) as (port_a, server_a),
        killable_server(tmp_path / "b.log", ENV) as (port_b, _),
    ):

        async def scenario() -> None:
            held, refused = await _open_many(port_a, token, CAP)
            assert (len(held), refused) == (CAP, [])
            # Full on the other process too.
            with pytest.raises(Refused) as full:
                await stream_open(port_b, EVENTS, token)
            assert full.value.status == 429
            # A crash releases nothing itself: the lease runs out (its places come back).
            server_a.kill()
            # Each place comes back when its own lease runs out: they were taken (and renewed)
            # one after the other, so not at one moment (a loaded machine spread them apart and
            # `CAP - 1` opened at once failed: 4 == 5). All of them come back, and no more.
            back = [await _wait_open(port_b, token) for _ in range(CAP)]
            with pytest.raises(Refused) as full_again:
                await stream_open(port_b, EVENTS, token)
            assert full_again.value.status == 429
            for stream in [*held, *back]:
                stream.close()

        asyncio.run(scenario())
