"""Abuse of the game surfaces, against the real server (`manage.py serve` on the test
settings and database): issue 25, items 6, 7 and 11. Before the fixes: a non-JSON, binary or
100,000-deep frame raised in the consumer (close 1006); a session's socket ticket still
opened a socket after logout, and `?ticket=` empty opened an anonymous one; no response had a
Content-Security-Policy or Permissions-Policy; nothing limited game actions, socket frames or
sockets per user (150 opened on one token)."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from rest_framework.test import APIClient
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from arbiter.users.services import api_token_create
from tests.factories.users import PASSWORD
from tests.games.helpers import online_round
from tests.timing import WAIT_SECONDS
from tests.web import web_server

pytestmark = pytest.mark.django_db(transaction=True)

GAME_RATE = 20  # game actions a minute, for this server only (the default: docs/security.md)


@pytest.fixture(scope="module")
def port(django_db_setup: Any, django_db_blocker: Any) -> Iterator[int]:
    os.environ["ARBITER_GAME_ACTION_THROTTLE_RATE"] = f"{GAME_RATE}/min"
    try:
        with web_server(workers=1) as served_port:
            yield served_port
    finally:
        del os.environ["ARBITER_GAME_ACTION_THROTTLE_RATE"]


def _request(
    port: int, path: str, *, token: str | None = None, post: bool = False
) -> tuple[int, Message, bytes]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", method="POST" if post else "GET"
    )
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as reply:
            return reply.status, reply.headers, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def _game_socket(port: int, game_id: int, token: str) -> ClientConnection:
    return connect(
        f"ws://127.0.0.1:{port}/ws/games/{game_id}/",
        additional_headers={"Authorization": f"Bearer {token}"},
        max_size=None,
    )


def _next(socket: ClientConnection, event: str) -> dict[str, Any]:
    while True:
        message = json.loads(socket.recv(timeout=30))
        if message["event"] == event:
            return dict(message["payload"])


def _closed_code(socket: ClientConnection) -> int | None:
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            socket.recv(timeout=30)
    return closed.value.rcvd.code if closed.value.rcvd else None


def test_bad_frames_get_an_error_event_or_a_1003_close_never_a_crash(port: int) -> None:
    started = online_round()
    _, token = api_token_create(user=started.white, name="board")
    game_id = started.game.id
    with _game_socket(port, game_id, token) as socket:
        _next(socket, "game_state")
        for frame in ["not json {", "[" * 100_000 + "]" * 100_000, '"a string"']:
            socket.send(frame)
            error = _next(socket, "error")
            assert error["status"] == 400 and "JSON" in error["message"]
        # The socket still plays after them.
        socket.send(json.dumps({"type": "move", "uci": "e2e4", "ply": 0}))
        assert _next(socket, "game_state")["ply"] == 1
        socket.send(b"\x00\x01binary")
        assert _closed_code(socket) == 1003
    log = Path(f"/tmp/{settings.CELERY_TASK_DEFAULT_QUEUE}-web.log").read_text()
    assert "Exception inside application" not in log and "Traceback" not in log


def test_a_ticket_of_a_session_logged_out_opens_nothing_and_an_empty_ticket_is_refused(
    port: int,
) -> None:
    started = online_round()
    client = APIClient()
    login = {"username": started.white.username, "password": PASSWORD}
    assert client.post("/api/auth/login/", login, format="json").status_code == 200
    tickets = [client.post("/api/auth/socket-ticket/").json()["ticket"] for _ in range(2)]
    url = f"ws://127.0.0.1:{port}/ws/me/?ticket="
    with connect(url + tickets[0]) as socket:  # while the session holds: opens
        assert json.loads(socket.recv(timeout=WAIT_SECONDS))["event"] == "hello"
    assert client.post("/api/auth/logout/").status_code in (200, 204)
    for refused in [
        url + tickets[1],
        url,
        f"ws://127.0.0.1:{port}/ws/games/{started.game.id}/?ticket=",
    ]:
        with pytest.raises(InvalidStatus) as error:
            connect(refused)
        assert error.value.response.status_code == 403


def test_every_page_carries_the_content_security_and_permissions_policies(port: int) -> None:
    for path in ["/", "/tournaments/1/", "/api/health/", "/api/docs/", "/admin/login/", "/nope"]:
        _, headers, _ = _request(port, path)
        csp = headers["Content-Security-Policy"] or ""
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
        assert "camera=()" in (headers["Permissions-Policy"] or ""), path
    # The API docs page runs no inline script (the CSP would block it): its script is a file.
    _, _, page = _request(port, "/api/docs/")
    assert b"<script>" not in page


def test_game_actions_frames_and_sockets_per_user_are_limited(port: int) -> None:
    started = online_round()
    _, token = api_token_create(user=started.white, name="board")
    game_id = started.game.id
    statuses = [
        _request(port, f"/api/games/{game_id}/draw/no/", token=token, post=True)[0]
        for _ in range(GAME_RATE + 1)
    ]
    assert statuses == [200] * GAME_RATE + [429]

    # Frames: a burst past the budget closes the socket with 1008 (policy violation).
    with _game_socket(port, game_id, token) as socket:
        _next(socket, "game_state")
        for _ in range(settings.SOCKET_FRAME_BURST * 3):
            try:
                socket.send(json.dumps({"type": "draw", "answer": "no"}))
            except ConnectionClosed:
                break
        assert _closed_code(socket) == 1008

    # Sockets: 150 opened on one token, those past the cap closed at once with 4429.
    opened, refused = 0, 0
    cap = settings.LIVE_CONNECTIONS_PER_USER
    with ExitStack() as stack:
        for _ in range(150):
            socket = stack.enter_context(_game_socket(port, game_id, token))
            try:
                _next(socket, "game_state")
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 4429
                refused += 1
            else:
                opened += 1
    assert (opened, refused) == (cap, 150 - cap)
    # Closing them frees the places.
    with _game_socket(port, game_id, token) as socket:
        assert _next(socket, "game_state")["ply"] == 0
