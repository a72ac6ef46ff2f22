"""Socket tickets (issue 13, defect 8): a client that can set no header gets a single-use,
30-second ticket over REST and opens one socket with `?ticket=`; the long-lived token never
travels in a URL. Before the fix there was no ticket endpoint (404) and `?ticket=` meant
nothing (the socket opened anonymous, and `/ws/me/` refused it)."""

import asyncio
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from rest_framework.test import APIClient

from arbiter.users import services
from arbiter.users.services import api_token_create
from config.asgi import application
from tests.factories.users import PASSWORD, UserFactory
from tests.timing import WAIT_SECONDS

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def _signed_in(username: str) -> APIClient:
    UserFactory(username=username)
    client = APIClient()
    response = client.post(
        "/api/auth/login/", {"username": username, "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    return client


@database_sync_to_async
def _with_token(username: str) -> APIClient:
    _, plain = api_token_create(user=UserFactory(username=username), name="cli")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {plain}")
    return client


@database_sync_to_async
def _ticket(client: APIClient) -> dict[str, Any]:
    response = client.post("/api/auth/socket-ticket/")
    assert response.status_code == 201, response.content
    return response.json()


async def _open(path: str) -> tuple[bool, Any, WebsocketCommunicator]:
    socket = WebsocketCommunicator(application, path)  # no cookie, no header, no Origin
    connected, code = await socket.connect(timeout=WAIT_SECONDS)
    return connected, code, socket


async def test_a_session_ticket_opens_one_socket_once():
    issued = await _ticket(await _signed_in("tess"))
    assert issued["expires_in"] == 30
    connected, _, socket = await _open(f"/ws/me/?ticket={issued['ticket']}")
    assert connected
    assert (await socket.receive_json_from(timeout=WAIT_SECONDS))["payload"] == {"username": "tess"}
    await socket.disconnect(timeout=WAIT_SECONDS)

    again = await _open(f"/ws/me/?ticket={issued['ticket']}")
    assert again[:2] == (False, 4401)


async def test_a_token_ticket_opens_a_socket():
    issued = await _ticket(await _with_token("tim"))
    connected, _, socket = await _open(f"/ws/me/?ticket={issued['ticket']}")
    assert connected
    assert (await socket.receive_json_from(timeout=WAIT_SECONDS))["payload"] == {"username": "tim"}
    await socket.disconnect(timeout=WAIT_SECONDS)


async def test_an_expired_or_unknown_ticket_is_refused(monkeypatch):
    monkeypatch.setattr(services, "SOCKET_TICKET_SECONDS", 1)
    issued = await _ticket(await _signed_in("late"))
    await asyncio.sleep(1.5)
    assert (await _open(f"/ws/me/?ticket={issued['ticket']}"))[:2] == (False, 4401)
    assert (await _open("/ws/me/?ticket=made-up"))[:2] == (False, 4401)


@pytest.mark.django_db
def test_a_ticket_needs_a_signed_in_client(api_client):
    assert api_client.post("/api/auth/socket-ticket/").status_code == 401
