"""Sockets close (4401) when what opened them stops being valid (issue 13, defect 8): a
revoked, expired or deleted token, a session logged out, a user deactivated or deleted.
Revocations are broadcast and close at once; the periodic re-check catches the rest (expiry,
a change made straight in the database). Before the fix every one of these stayed open."""

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client, override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from arbiter.users.models import ApiToken, User
from arbiter.users.services import api_token_create
from config.asgi import application
from tests.factories.tournaments import SwissTournamentFactory
from tests.factories.users import PASSWORD, UserFactory
from tests.timing import WAIT_SECONDS

pytestmark = pytest.mark.django_db(transaction=True)

CLOSED = {"type": "websocket.close", "code": 4401}


@database_sync_to_async
def _token(user: User, name: str = "cli") -> tuple[int, str]:
    token, plain = api_token_create(user=user, name=name)
    return token.id, plain


async def _bearer_socket(path: str, plain: str) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(
        application, path, headers=[(b"authorization", f"Bearer {plain}".encode())]
    )
    connected, _ = await socket.connect(timeout=WAIT_SECONDS)
    assert connected
    await socket.receive_json_from(timeout=WAIT_SECONDS)  # hello / game state
    return socket


@database_sync_to_async
def _password_session(username: str) -> tuple[Client, bytes]:
    client = Client()
    assert client.login(username=username, password=PASSWORD)
    return client, f"sessionid={client.cookies['sessionid'].value}".encode()


async def _cookie_socket(cookie: bytes) -> WebsocketCommunicator:
    headers = [(b"cookie", cookie), (b"origin", b"http://localhost")]
    socket = WebsocketCommunicator(application, "/ws/me/", headers=headers)
    connected, _ = await socket.connect(timeout=WAIT_SECONDS)
    assert connected
    await socket.receive_json_from(timeout=WAIT_SECONDS)
    return socket


async def test_revoking_a_token_closes_its_sockets_and_no_other():
    user = await database_sync_to_async(UserFactory)(username="rita")
    event = await database_sync_to_async(SwissTournamentFactory)()
    token_id, plain = await _token(user)
    _, other_plain = await _token(user, "other")
    personal = await _bearer_socket("/ws/me/", plain)
    public = await _bearer_socket(f"/ws/tournaments/swiss/{event.id}/", plain)
    other = await _bearer_socket("/ws/me/", other_plain)

    owner = APIClient()
    owner.credentials(HTTP_AUTHORIZATION=f"Bearer {other_plain}")
    revoked = await database_sync_to_async(owner.delete)(f"/api/auth/tokens/{token_id}/")
    assert revoked.status_code == 204

    assert await personal.receive_output(timeout=WAIT_SECONDS) == CLOSED
    assert await public.receive_output(timeout=WAIT_SECONDS) == CLOSED
    assert await other.receive_nothing(timeout=0.3)
    await other.disconnect(timeout=WAIT_SECONDS)


async def test_logging_out_closes_the_sessions_sockets():
    await database_sync_to_async(UserFactory)(username="lou")
    client, cookie = await _password_session("lou")
    socket = await _cookie_socket(cookie)
    response = await database_sync_to_async(client.post)(
        "/api/auth/logout/", content_type="application/json"
    )
    assert response.status_code == 204
    assert await socket.receive_output(timeout=WAIT_SECONDS) == CLOSED


async def test_deleting_a_token_or_a_user_in_the_admin_closes_their_sockets():
    staff = await database_sync_to_async(UserFactory)(is_staff=True, is_superuser=True)
    user = await database_sync_to_async(UserFactory)(username="gone")
    token_id, plain = await _token(user)
    _, cookie = await _password_session("gone")
    by_token = await _bearer_socket("/ws/me/", plain)
    admin = Client()
    await database_sync_to_async(admin.force_login)(staff)

    deleted = await database_sync_to_async(admin.post)(
        f"/admin/users/apitoken/{token_id}/delete/", {"post": "yes"}
    )
    assert deleted.status_code == 302
    assert await by_token.receive_output(timeout=WAIT_SECONDS) == CLOSED

    by_cookie = await _cookie_socket(cookie)
    deleted = await database_sync_to_async(admin.post)(
        f"/admin/users/user/{user.id}/delete/", {"post": "yes"}
    )
    assert deleted.status_code == 302
    assert await by_cookie.receive_output(timeout=WAIT_SECONDS) == CLOSED


@override_settings(SOCKET_AUTH_RECHECK_SECONDS=0.2)
async def test_the_recheck_closes_sockets_of_expired_tokens_and_deactivated_users():
    user = await database_sync_to_async(UserFactory)(username="ex")
    token_id, plain = await _token(user)
    _, cookie = await _password_session("ex")
    by_token = await _bearer_socket("/ws/me/", plain)
    by_cookie = await _cookie_socket(cookie)
    assert await by_token.receive_nothing(timeout=0.5)  # still valid: re-checked, kept

    # Straight in the database: nothing is broadcast, only the re-check can see it.
    await database_sync_to_async(ApiToken.objects.filter(id=token_id).update)(
        expires_at=timezone.now()
    )
    assert await by_token.receive_output(timeout=WAIT_SECONDS) == CLOSED
    assert await by_cookie.receive_nothing(timeout=0.5)

    await database_sync_to_async(User.objects.filter(id=user.id).update)(is_active=False)
    assert await by_cookie.receive_output(timeout=WAIT_SECONDS) == CLOSED


async def test_a_game_socket_of_a_revoked_token_closes_too(django_user_model: Any):
    """The game socket is where a player moves: a revoked token must not keep moving."""
    from tests.games.helpers import online_round

    started = await database_sync_to_async(online_round)()
    token_id, plain = await _token(started.white)
    socket = await _bearer_socket(f"/ws/games/{started.game.id}/", plain)
    owner = Client()
    await database_sync_to_async(owner.force_login)(started.white)
    revoked = await database_sync_to_async(owner.delete)(f"/api/auth/tokens/{token_id}/")
    assert revoked.status_code == 204
    assert await socket.receive_output(timeout=WAIT_SECONDS) == CLOSED
