"""Token lifetime and scope (issue 13, defect 8). Before the fix tokens never expired, and a
request authenticated by a token could create more tokens (a leaked token could mint its own
successors and outlive its revocation)."""

from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from arbiter.users.models import ApiToken
from arbiter.users.services import api_token_create
from tests.factories.users import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def bearer(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


@override_settings(API_TOKEN_LIFETIME_DAYS=7)
def test_a_token_expires_after_the_configured_lifetime(client_for):
    before = timezone.now()
    created = client_for(UserFactory()).post("/api/auth/tokens/", {"name": "ci"}, format="json")
    assert created.status_code == 201
    expires_at = ApiToken.objects.get().expires_at
    assert before + timedelta(days=7) <= expires_at <= timezone.now() + timedelta(days=7)
    assert created.json()["expires_at"].startswith(expires_at.date().isoformat())


def test_an_expired_token_is_refused_with_401():
    token, plain = api_token_create(user=UserFactory(), name="old")
    assert bearer(plain).get("/api/auth/me/").status_code == 200
    ApiToken.objects.filter(id=token.id).update(expires_at=timezone.now() - timedelta(seconds=1))
    response = bearer(plain).get("/api/auth/me/")
    assert response.status_code == 401
    assert response.json()["message"] == "Invalid, expired or revoked token."


def test_a_token_cannot_create_tokens_but_a_password_session_can():
    user = UserFactory(username="mint")
    _, plain = api_token_create(user=user, name="leaked")
    refused = bearer(plain).post("/api/auth/tokens/", {"name": "successor"}, format="json")
    assert refused.status_code == 403
    assert refused.json()["message"] == "Sign in with your password to create tokens."
    assert ApiToken.objects.count() == 1

    # The token may still read its listing and revoke (itself included): both only narrow.
    assert [t["name"] for t in bearer(plain).get("/api/auth/tokens/").json()] == ["leaked"]

    session = APIClient()
    signed_in = session.post(
        "/api/auth/login/", {"username": "mint", "password": PASSWORD}, format="json"
    )
    assert signed_in.status_code == 200
    created = session.post("/api/auth/tokens/", {"name": "successor"}, format="json")
    assert created.status_code == 201
