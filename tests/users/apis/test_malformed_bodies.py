"""Every write endpoint of the accounts API answers malformed bodies with 400, never 500."""

import pytest

from tests.factories.users import UserFactory

pytestmark = pytest.mark.django_db

WRITE_ENDPOINTS = [
    "/api/auth/register/",
    "/api/auth/login/",
    "/api/auth/logout/",
    "/api/auth/tokens/",
]
BAD_BODIES = ['{"username": ', "[1, 2, 3]", '"just a string"', "null", "\x00\xff"]


@pytest.mark.parametrize("url", WRITE_ENDPOINTS)
@pytest.mark.parametrize("body", BAD_BODIES)
def test_malformed_json_is_a_400_in_the_error_shape(client_for, url, body):
    client = client_for(UserFactory())
    response = client.post(url, data=body, content_type="application/json")
    assert response.status_code == 400, (url, body, response.content)
    payload = response.json()
    assert isinstance(payload["message"], str) and payload["message"]
    assert isinstance(payload["extra"], dict)


@pytest.mark.parametrize("body", BAD_BODIES)
def test_token_revoke_refuses_a_body(client_for, body):
    client = client_for(UserFactory())
    token = client.post("/api/auth/tokens/", {"name": "t"}, format="json").json()
    response = client.delete(
        f"/api/auth/tokens/{token['id']}/", data=body, content_type="application/json"
    )
    assert response.status_code == 400
    assert client.get("/api/auth/tokens/").json()[0]["id"] == token["id"]  # not revoked
