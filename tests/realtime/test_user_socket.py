"""A WebSocket authenticated by token receives group messages over the configured layer."""

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from arbiter.realtime.push import push_text, user_group
from arbiter.users.services import api_token_create
from config.asgi import application
from tests.factories.users import UserFactory
from tests.timing import WAIT_SECONDS

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def make_user_with_token() -> tuple[int, str]:
    user = UserFactory(username="dora")
    _, plain = api_token_create(user=user, name="socket")
    return user.id, plain


async def test_socket_with_token_header_receives_group_push():
    user_id, plain = await make_user_with_token()
    socket = WebsocketCommunicator(
        application,
        "/ws/me/",
        headers=[(b"authorization", f"Bearer {plain}".encode()), (b"origin", b"http://127.0.0.1")],
    )
    connected, _ = await socket.connect(timeout=WAIT_SECONDS)
    assert connected
    assert (await socket.receive_json_from(timeout=WAIT_SECONDS))["event"] == "hello"

    await get_channel_layer().group_send(
        user_group(user_id), {"type": "push", "text": push_text("notice", {"text": "paired"})}
    )
    assert await socket.receive_json_from(timeout=WAIT_SECONDS) == {
        "event": "notice",
        "payload": {"text": "paired"},
    }
    await socket.disconnect(timeout=WAIT_SECONDS)


async def test_a_token_in_the_query_string_is_refused():
    """Issue 13, defect 8: a long-lived token in the URL ends up in access logs. Before the
    fix this socket connected."""
    _, plain = await make_user_with_token()
    socket = WebsocketCommunicator(
        application, f"/ws/me/?token={plain}", headers=[(b"origin", b"http://localhost")]
    )
    connected, code = await socket.connect(timeout=WAIT_SECONDS)
    assert (connected, code) == (False, 4401)


async def test_socket_without_credentials_is_refused():
    socket = WebsocketCommunicator(
        application, "/ws/me/", headers=[(b"origin", b"http://localhost")]
    )
    connected, _ = await socket.connect(timeout=WAIT_SECONDS)
    assert not connected


async def test_socket_with_a_bad_bearer_token_is_refused_not_anonymous():
    """A public event socket too: bad credentials are a 4401, as REST answers 401, rather
    than a socket quietly opened as anonymous."""
    socket = WebsocketCommunicator(
        application,
        "/ws/no/such/path/",
        headers=[(b"authorization", b"Bearer arb_bad_token"), (b"origin", b"http://localhost")],
    )
    connected, code = await socket.connect(timeout=WAIT_SECONDS)
    assert (connected, code) == (False, 4401)
