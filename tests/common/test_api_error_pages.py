"""Every error on an API path is JSON, in the dialect's shape: `{"error": …}` on lichess's
paths (at /api/ and at the root: /team/{id}/join), `{"message", "extra"}` on the native API;
whatever raised it (the CSRF check, no route, a refused body, a crash, a permission check
outside DRF) and never with a Python exception's text."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.test import Client, override_settings
from django.urls import include, path
from rest_framework.test import APIClient

from arbiter.users.services import api_token_create
from tests.factories.teams import LeaderFactory
from tests.factories.users import UserFactory

pytestmark = pytest.mark.django_db


def crash(request: HttpRequest, **kwargs: Any) -> HttpResponse:
    raise RuntimeError("boom")


def forbidden(request: HttpRequest, **kwargs: Any) -> HttpResponse:
    raise PermissionDenied


def plain_write(request: HttpRequest) -> HttpResponse:  # a Django view, CSRF-checked
    return HttpResponse("written")


lichess_patterns = [
    path("api/swiss/<str:swiss_id>/crash", crash),
    path("team/<str:team_id>/crash", crash),
    path("api/swiss/<str:swiss_id>/forbidden", forbidden),
    path("api/swiss/<str:swiss_id>/plain", plain_write),
]
urlpatterns = [
    path("api/crash/", crash),
    path("api/forbidden/", forbidden),
    path("api/plain/", plain_write),
    path("", include((lichess_patterns, "lichess"))),
]

NATIVE = {"message", "extra"}


def _json(reply: HttpResponse) -> dict[str, Any]:
    assert reply["Content-Type"].startswith("application/json"), reply.content[:200]
    body = json.loads(reply.content)
    assert isinstance(body, dict)
    return body


def _lichess(reply: HttpResponse) -> Any:
    body = _json(reply)
    assert set(body) == {"error"}, body
    return body["error"]


def _native(reply: HttpResponse) -> str:
    body = _json(reply)
    assert set(body) == NATIVE, body
    return str(body["message"])


@override_settings(ROOT_URLCONF=__name__)
def test_a_crash_on_a_lichess_path_is_lichess_json_at_the_api_and_at_the_root() -> None:
    client = Client(raise_request_exception=False)
    for url in ("/api/swiss/1/crash", "/team/club/crash"):
        reply = client.get(url)
        assert reply.status_code == 500
        assert _lichess(reply) == "Internal error."
    assert _native(client.get("/api/crash/")) == "Internal error."


@override_settings(ROOT_URLCONF=__name__)
def test_a_permission_refused_outside_drf_is_json() -> None:
    client = Client(raise_request_exception=False)
    reply = client.get("/api/forbidden/")
    assert reply.status_code == 403
    assert _native(reply)
    reply = client.get("/api/swiss/1/forbidden")
    assert reply.status_code == 403
    assert _lichess(reply)


@override_settings(ROOT_URLCONF=__name__)
def test_a_csrf_failure_is_json_in_each_dialect() -> None:
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.force_login(UserFactory())
    reply = client.post("/api/plain/", {})
    assert reply.status_code == 403
    assert "CSRF" in _native(reply)
    reply = client.post("/api/swiss/1/plain", {})
    assert reply.status_code == 403
    assert "CSRF" in _lichess(reply)


def test_a_csrf_failure_on_a_lichess_stream_is_lichess_json() -> None:
    # The streams are plain Django views: a cookie-signed POST met the CSRF check's HTML page.
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.force_login(UserFactory())
    reply = client.post("/api/stream/event", {})
    assert reply.status_code == 403
    assert "CSRF" in _lichess(reply)


def test_no_route_is_a_json_404_in_each_dialect() -> None:
    client = Client()
    reply = client.get("/api/no-such-thing/")
    assert reply.status_code == 404
    assert _native(reply) == "Not found."
    reply = client.get("/api/swiss/")  # lichess's prefix, no route
    assert reply.status_code == 404
    assert _lichess(reply) == "Not found"


def test_a_body_over_the_limit_is_a_413_in_each_dialect() -> None:
    leader = LeaderFactory()
    body = json.dumps({"name": "x" * 3_000_000})
    native = APIClient()
    native.force_authenticate(leader.user)
    reply = native.post("/api/teams/", body, content_type="application/json")
    assert reply.status_code == 413
    assert _native(reply) == "The request body is too large."
    _, token = api_token_create(user=leader.user, name="lichess")
    lichess = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    url = f"/api/swiss/new/{leader.team.slug}"
    reply = lichess.post(url, body, content_type="application/json")
    assert reply.status_code == 413
    assert _lichess(reply) == "The request body is too large."


@pytest.mark.parametrize(
    "body",
    ['{"name": "Knights", tru', '{"name": "Knights" "x": 1}', '{"count": ' + "9" * 10_000 + "}"],
)
def test_a_body_that_is_no_json_is_refused_in_our_words(body: str) -> None:
    client = APIClient()
    client.force_authenticate(UserFactory())
    reply = client.post("/api/teams/", body, content_type="application/json")
    assert reply.status_code == 400
    message = _native(reply)
    assert message.startswith("The request body is not valid JSON"), message
    for python in ("Expecting", "(char", "set_int_max_str_digits", "Exceeds the limit"):
        assert python not in message


def test_a_nul_in_a_path_parameter_is_a_404_not_a_database_error() -> None:
    leader = LeaderFactory()
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(leader.user)
    reply = client.patch("/api/teams/a%00b/", {"description": "x"}, format="json")
    assert reply.status_code == 404
    assert _native(reply) == "Not found."
    reply = client.post("/team/a%00b/quit")
    assert reply.status_code == 404
    assert _lichess(reply) == "Not found"


@pytest.mark.parametrize("debug", [True, False])
def test_no_route_is_json_whatever_debug_says(debug: bool) -> None:
    # make run's DEBUG=1 answered Django's technical 404 page (HTML) to API clients.
    with override_settings(DEBUG=debug):
        client = Client()
        assert _native(client.get("/api/no-such-thing/")) == "Not found."
        assert _lichess(client.get("/api/board/game/")) == "Not found"
