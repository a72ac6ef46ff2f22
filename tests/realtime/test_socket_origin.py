"""Origin is checked only for cookie-authenticated sockets (issue 13, defect 12): a client with
a Bearer token and no Origin header (not a browser) connects; a session socket from a foreign
page is refused (cross-site WebSocket hijacking)."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from arbiter.users.services import api_token_create
from config.asgi import application
from tests.factories.users import UserFactory
from tests.timing import WAIT_SECONDS

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def _token() -> str:
    return api_token_create(user=UserFactory(username="nobrowser"), name="cli")[1]


@database_sync_to_async
def _session_cookie() -> bytes:
    user = UserFactory(username="browser")
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def test_a_bearer_token_without_origin_connects():
    plain = await _token()
    socket = WebsocketCommunicator(
        application, "/ws/me/", headers=[(b"authorization", f"Bearer {plain}".encode())]
    )
    connected, _ = await socket.connect(timeout=WAIT_SECONDS)
    assert connected
    assert (await socket.receive_json_from(timeout=WAIT_SECONDS))["payload"] == {
        "username": "nobrowser"
    }
    await socket.disconnect(timeout=WAIT_SECONDS)


async def test_a_session_socket_from_a_foreign_origin_is_refused():
    cookie = await _session_cookie()
    foreign = WebsocketCommunicator(
        application, "/ws/me/", headers=[(b"cookie", cookie), (b"origin", b"https://evil.example")]
    )
    connected, _ = await foreign.connect(timeout=WAIT_SECONDS)
    assert not connected
    own = WebsocketCommunicator(
        application, "/ws/me/", headers=[(b"cookie", cookie), (b"origin", b"http://localhost")]
    )
    connected, _ = await own.connect(timeout=WAIT_SECONDS)
    assert connected
    await own.disconnect(timeout=WAIT_SECONDS)
