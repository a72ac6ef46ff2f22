import pytest
from rest_framework.test import APIClient

from arbiter.users.models import ApiToken
from arbiter.users.tokens import token_digest
from tests.factories.users import UserFactory

pytestmark = pytest.mark.django_db


def bearer(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def test_token_create_use_list_and_revoke(client_for):
    user = UserFactory(username="carol")
    owner = client_for(user)

    created = owner.post("/api/auth/tokens/", {"name": "laptop"}, format="json")
    assert created.status_code == 201, created.json()
    plain = created.json()["token"]
    assert plain.startswith("arb_")

    stored = ApiToken.objects.get()
    assert stored.digest == token_digest(plain)
    assert plain not in {stored.digest, stored.prefix, stored.name}

    me = bearer(plain).get("/api/auth/me/")
    assert me.status_code == 200
    assert me.json()["username"] == "carol"

    listing = owner.get("/api/auth/tokens/").json()
    assert [t["name"] for t in listing] == ["laptop"]
    assert "token" not in listing[0]

    token_id = created.json()["id"]
    assert bearer(plain).delete(f"/api/auth/tokens/{token_id}/").status_code == 204
    assert bearer(plain).get("/api/auth/me/").status_code == 401
    assert owner.get("/api/auth/tokens/").json() == []


def test_a_token_of_another_user_cannot_be_revoked(client_for):
    alice, mallory = UserFactory(), UserFactory()
    plain = client_for(alice).post("/api/auth/tokens/", {"name": "a"}, format="json").json()
    response = client_for(mallory).delete(f"/api/auth/tokens/{plain['id']}/")
    assert response.status_code == 404
    assert ApiToken.objects.get().revoked_at is None


def test_unknown_or_malformed_tokens_get_401():
    assert bearer("arb_nothing_here").get("/api/auth/me/").status_code == 401
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Bearer")
    assert client.get("/api/auth/me/").status_code == 401


def test_token_create_rejects_bad_input(client_for):
    client = client_for(UserFactory())
    assert client.post("/api/auth/tokens/", {"name": ""}, format="json").status_code == 400
    assert client.post("/api/auth/tokens/", {"name": "x" * 101}, format="json").status_code == 400
    assert ApiToken.objects.count() == 0
