"""A revoked token outlives its revocation on no long-lived connection (issue item 10),
against the served app. Before the fix an open event stream kept delivering for 20 s and
more after its token was revoked; now revoking the token (or the user losing access) ends
its Board-API streams as it closes its sockets (4401), at once, and a credential that lapses
without a message (expiry) is caught by the periodic re-check."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
import requests
from django.db import connection
from django.utils import timezone
from websockets.sync.client import connect

from arbiter.users.models import ApiToken
from arbiter.users.services import api_token_create
from tests.factories.users import PASSWORD, UserFactory
from tests.lichess.board.helpers import rapid_game
from tests.lichess.streams_served import (
    request,
    socket_close_code,
    socket_open,
    stream_ended,
    stream_open,
)
from tests.web import web_server

pytestmark = pytest.mark.django_db(transaction=True)

RECHECK = 1.0  # seconds between credential re-checks, for this server only (default 60)
ENDED_WITHIN = 10.0  # a generous bound: the close is a message away
ENV = {
    "ARBITER_STREAM_KEEPALIVE_SECONDS": "0.5",
    "ARBITER_SOCKET_AUTH_RECHECK_SECONDS": str(RECHECK),
}


@pytest.fixture(scope="module")
def port(
    django_db_setup: Any, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[int]:
    log_path = tmp_path_factory.mktemp("revocation") / "web.log"
    with web_server(workers=1, env=ENV, log_path=log_path) as served_port:
        yield served_port


def test_revoking_a_token_ends_its_streams_and_closes_its_sockets(port: int) -> None:
    playing = rapid_game()
    token, plain = api_token_create(user=playing.white, name="bot")
    _, other = api_token_create(user=playing.white, name="kept")

    async def scenario() -> None:
        events = await stream_open(port, "/api/stream/event", plain)
        game = await stream_open(port, f"/api/board/game/stream/{playing.game.id}", plain)
        kept = await stream_open(port, "/api/stream/event", other)
        for stream in (events, game, kept):
            assert json.loads(await stream.line() or "{}")["type"] in ("gameStart", "gameFull")
        with socket_open(port, "/ws/me/", plain) as socket:
            socket.recv(timeout=10)  # hello
            status, _ = await asyncio.to_thread(
                request, port, "DELETE", f"/api/auth/tokens/{token.id}/", other
            )
            assert status == 204
            ended = await asyncio.gather(
                stream_ended(events, ENDED_WITHIN), stream_ended(game, ENDED_WITHIN)
            )
            assert [done for done, _ in ended] == [True, True], ended
            assert await asyncio.to_thread(socket_close_code, socket) == 4401
        # The user's other token streams on.
        done, lines = await stream_ended(kept, 2)
        assert not done and lines >= 1
        kept.close()

    asyncio.run(scenario())


def _expire(token_id: int) -> None:
    try:
        ApiToken.objects.filter(id=token_id).update(
            expires_at=timezone.now() - timedelta(seconds=1)
        )
    finally:
        connection.close()  # this thread's: the test database is dropped at the end


def test_a_token_that_lapses_unannounced_ends_its_streams_at_the_recheck(port: int) -> None:
    user = UserFactory()
    token, plain = api_token_create(user=user, name="bot")

    async def scenario() -> None:
        events = await stream_open(port, "/api/stream/event", plain)
        assert await events.line() == ""  # a keep-alive: the stream is up
        # Expired straight in the database: no message is sent, the re-check sees it.
        await asyncio.to_thread(_expire, token.id)
        done, _ = await stream_ended(events, ENDED_WITHIN)
        assert done

    asyncio.run(scenario())


def test_logging_out_closes_the_sessions_sockets(port: int) -> None:
    user = UserFactory()
    base = f"http://127.0.0.1:{port}"
    session = requests.Session()
    login = {"username": user.username, "password": PASSWORD}
    assert session.post(f"{base}/api/auth/login/", json=login, timeout=30).status_code == 200
    cookie = "; ".join(f"{k}={v}" for k, v in session.cookies.items())
    with connect(
        f"ws://127.0.0.1:{port}/ws/me/",
        additional_headers={"Cookie": cookie, "Origin": base},
        open_timeout=30,
    ) as socket:
        socket.recv(timeout=10)  # hello
        csrf = {"X-CSRFToken": session.cookies["csrftoken"]}
        logout = session.post(f"{base}/api/auth/logout/", headers=csrf, timeout=30)
        assert logout.status_code in (200, 204), logout.text
        assert socket_close_code(socket) == 4401
