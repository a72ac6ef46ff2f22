import pytest
from rest_framework.test import APIClient

from arbiter.users.models import User
from tests.factories.users import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

STRONG = "a-very-strong-passphrase-42"


def register(client: APIClient, **data: object):
    body = {"username": "alice", "email": "alice@example.org", "password": STRONG} | data
    return client.post("/api/auth/register/", body, format="json")


def test_register_creates_user_and_logs_in(api_client):
    response = register(api_client)
    assert response.status_code == 201, response.json()
    assert response.json()["username"] == "alice"
    me = api_client.get("/api/auth/me/")
    assert me.status_code == 200
    assert me.json()["username"] == "alice"


def test_register_refuses_username_differing_only_in_case(api_client):
    UserFactory(username="Alice")
    response = register(api_client, username="aLICE")
    assert response.status_code == 400
    body = response.json()
    assert "username" in body["extra"]["fields"]
    assert body["message"].startswith("Invalid input")
    assert User.objects.count() == 1


def test_register_refuses_weak_password(api_client):
    response = register(api_client, password="12345678")
    assert response.status_code == 400
    assert "password" in response.json()["extra"]["fields"]
    assert not User.objects.filter(username="alice").exists()


@pytest.mark.parametrize(
    "body",
    [
        {"username": ["a"], "password": STRONG},
        {"username": "bad name!", "password": STRONG},
        {"username": "alice", "password": STRONG, "email": "not-an-email"},
        {"username": "alice"},
        {},
    ],
)
def test_register_rejects_wrong_types_and_missing_fields(api_client, body):
    response = api_client.post("/api/auth/register/", body, format="json")
    assert response.status_code == 400
    assert response.json()["extra"]["fields"]
    assert User.objects.count() == 0


def test_login_and_logout_with_session_and_csrf():
    UserFactory(username="bob")
    client = APIClient(enforce_csrf_checks=True)
    response = client.post(
        "/api/auth/login/", {"username": "BOB", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert client.get("/api/auth/me/").json()["username"] == "bob"

    # A logged-in browser must send the CSRF token on unsafe requests.
    assert client.post("/api/auth/logout/").status_code == 403
    token = client.cookies["csrftoken"].value
    assert client.post("/api/auth/logout/", HTTP_X_CSRFTOKEN=token).status_code == 204
    assert client.get("/api/auth/me/").status_code == 401


def test_login_with_wrong_password_is_a_400_in_the_error_shape(api_client):
    UserFactory(username="bob")
    response = api_client.post(
        "/api/auth/login/", {"username": "bob", "password": "nope"}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {"message": "Wrong username or password.", "extra": {}}


def test_anonymous_gets_401_not_403(api_client):
    response = api_client.get("/api/auth/me/")
    assert response.status_code == 401
    assert response.json()["message"]
    assert response["WWW-Authenticate"].startswith("Bearer")


def test_auth_endpoints_are_throttled(api_client, monkeypatch):
    from rest_framework.throttling import ScopedRateThrottle

    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"auth": "3/min"})
    codes = [
        api_client.post(
            "/api/auth/login/", {"username": "x", "password": "y"}, format="json"
        ).status_code
        for _ in range(4)
    ]
    assert codes == [400, 400, 400, 429]
