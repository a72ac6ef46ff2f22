"""The language of a request, one rule for every path (docs/i18n.md, "Backend"): the signed-in
user's own setting beats the `arbiter_language` cookie, which beats Accept-Language, which
beats English. A session user is known to the middleware, an API token's user only to DRF's
authentication, a socket's to its own: each is checked here through its real path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import override_settings
from rest_framework.test import APIClient

from arbiter.common.i18n import scope_language
from arbiter.users.models import User
from arbiter.users.services import api_token_create
from tests.factories.users import UserFactory
from tests.timing import WAIT_SECONDS

pytestmark = pytest.mark.django_db

# (the user's own setting, the cookie, Accept-Language) -> the language answered.
ORDER = [
    ("de", "fr", "es", "de"),  # the setting beats the cookie and Accept-Language
    ("", "fr", "es", "fr"),  # no setting: the cookie beats Accept-Language
    ("", None, "es-ES,es;q=0.9,en;q=0.5", "es"),  # no cookie: Accept-Language
    ("", None, None, "en"),  # nothing: English
    ("", "xx", "ru", "ru"),  # a cookie naming no language of ours is skipped
    ("", None, "ja, zh;q=0.8", "en"),  # none of ours accepted: English
]
ANONYMOUS_ORDER = [(cookie, accept, expected) for _, cookie, accept, expected in ORDER[1:]]


def _ask(client: APIClient, path: str, cookie: str | None, accept: str | None, **extra: Any) -> Any:
    if cookie is not None:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = cookie
    if accept is not None:
        extra["HTTP_ACCEPT_LANGUAGE"] = accept
    response = client.get(path, **extra)
    assert response.status_code == 200, response.content
    return response


def _user(language: str) -> User:
    user = UserFactory()
    user.language = language
    user.save(update_fields=["language"])
    return user


@pytest.mark.parametrize(("own", "cookie", "accept", "expected"), ORDER)
def test_a_session_user(own: str, cookie: str | None, accept: str | None, expected: str) -> None:
    client = APIClient()
    client.force_login(_user(own))  # a real session: the middleware finds the user
    response = _ask(client, "/api/auth/me/", cookie, accept)
    assert response["Content-Language"] == expected
    assert response.json()["language"] == own


@pytest.mark.parametrize(("own", "cookie", "accept", "expected"), ORDER)
def test_an_api_token_user(own: str, cookie: str | None, accept: str | None, expected: str) -> None:
    """No middleware knows a token's user: its DRF authentication applies their setting."""
    _, plain = api_token_create(user=_user(own), name="cli")
    response = _ask(
        APIClient(), "/api/auth/me/", cookie, accept, HTTP_AUTHORIZATION=f"Bearer {plain}"
    )
    assert response["Content-Language"] == expected


@pytest.mark.parametrize(("cookie", "accept", "expected"), ANONYMOUS_ORDER)
def test_a_visitor(cookie: str | None, accept: str | None, expected: str) -> None:
    response = _ask(APIClient(), "/api/auth/session/", cookie, accept)
    assert response["Content-Language"] == expected
    assert response.json()["user"] is None


def test_a_token_user_is_answered_in_their_language_not_their_sessions() -> None:
    """A browser signed in as one user sending another's token is that token's user (DRF
    tries the token first): the token user's setting wins over the session user's."""
    client = APIClient()
    client.force_login(_user("ru"))
    _, plain = api_token_create(user=_user("ar"), name="cli")
    response = _ask(client, "/api/auth/me/", None, "en", HTTP_AUTHORIZATION=f"Bearer {plain}")
    assert response["Content-Language"] == "ar"


def test_translated_answers_vary_on_accept_language_and_cookie() -> None:
    response = _ask(APIClient(), "/api/auth/session/", None, "fr")
    vary = {name.strip().lower() for name in response["Vary"].split(",")}
    assert {"accept-language", "cookie"} <= vary


def test_the_app_shell_is_in_the_request_language(tmp_path: Path) -> None:
    """The browser app's HTML shell names its language and direction (Arabic is right to
    left): the app starts in the language the server chose."""
    manifest = tmp_path / "manifest.json"
    entry = {"file": "assets/main-AbCd1234.js", "src": "src/main.tsx", "isEntry": True}
    manifest.write_text(json.dumps({"src/main.tsx": entry}))
    vite = {"default": {"dev_mode": False, "manifest_path": manifest}}
    client = APIClient()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ar"
    with override_settings(DJANGO_VITE=vite):
        page = client.get("/swiss/1")
        english = APIClient().get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200, page.content[:300]
    assert b'<html lang="ar" dir="rtl">' in page.content
    assert page["Content-Language"] == "ar"
    assert b'<html lang="en" dir="ltr">' in english.content
    link = b'<a href="/api/docs/">/api/docs/</a>'
    assert b"<noscript>Arbiter needs JavaScript. The REST API is documented at " + link in (
        english.content
    )


# --- sockets ---------------------------------------------------------------------------------


def test_a_socket_follows_the_same_order() -> None:
    headers = [(b"accept-language", b"es"), (b"cookie", b"arbiter_language=fr; other=1")]
    assert scope_language({"headers": headers, "user": _user("de")}) == "de"
    assert scope_language({"headers": headers, "user": _user("")}) == "fr"
    assert scope_language({"headers": headers[:1]}) == "es"
    assert scope_language({"headers": [], "cookies": {"arbiter_language": "ru"}}) == "ru"
    assert scope_language({}) == "en"


@pytest.mark.django_db(transaction=True)
async def test_a_socket_answers_in_its_users_language() -> None:
    """Through the real ASGI stack: a token user whose setting is French gets the socket's own
    refusal (a frame that is not JSON) in French, whatever the browser says."""
    from config.asgi import application

    plain = await database_sync_to_async(_token_of)("fr")
    socket = WebsocketCommunicator(
        application,
        "/ws/me/",
        headers=[(b"authorization", f"Bearer {plain}".encode()), (b"accept-language", b"de")],
    )
    connected, _ = await socket.connect(timeout=WAIT_SECONDS)
    assert connected
    assert (await socket.receive_json_from(timeout=WAIT_SECONDS))["event"] == "hello"
    await socket.send_to(text_data="not json")
    error = await socket.receive_json_from(timeout=WAIT_SECONDS)
    assert error["event"] == "error"
    assert error["payload"]["message"] == "Envoyez un objet JSON."
    await socket.disconnect(timeout=WAIT_SECONDS)


def _token_of(language: str) -> str:
    _, plain = api_token_create(user=_user(language), name="socket")
    return plain
