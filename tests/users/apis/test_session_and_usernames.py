"""`GET /api/auth/session/` answers visitors 200 (the SPA asks on every page); the username
rule accepts names in any script and refuses Latin/Cyrillic/Greek mixtures (homoglyphs)."""

import pytest
from rest_framework.test import APIClient

from tests.factories.users import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

STRONG = "a-very-strong-passphrase-42"


def test_session_is_null_for_a_visitor_and_the_user_when_signed_in():
    client = APIClient()
    response = client.get("/api/auth/session/")
    assert response.status_code == 200
    assert response.json() == {"user": None}

    UserFactory(username="bob")
    login = client.post(
        "/api/auth/login/", {"username": "bob", "password": PASSWORD}, format="json"
    )
    assert login.status_code == 200, login.json()
    assert client.get("/api/auth/session/").json()["user"]["username"] == "bob"
    # API clients keep /me/, which still tells a visitor 401.
    assert APIClient().get("/api/auth/me/").status_code == 401


@pytest.mark.parametrize("username", ["Иван_Петров", "王小明", "Ελλάδα1", "jean.dupont+1"])  # noqa: RUF001
def test_register_accepts_names_in_any_script(username):
    client = APIClient()
    response = client.post(
        "/api/auth/register/", {"username": username, "password": STRONG}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["username"] == username
    assert client.get("/api/auth/session/").json()["user"]["username"] == username


@pytest.mark.parametrize(
    ("username", "message"),
    [
        ("p\u0430ypal", "Do not mix Latin, Cyrillic and Greek letters in one name."),
        ("\u0391\u0392\u0393_abc", "Do not mix Latin, Cyrillic and Greek letters in one name."),
        ("a b", "Letters, digits and @ . + - _ only."),
        ("bob!", "Letters, digits and @ . + - _ only."),
    ],
)
def test_register_refuses_mixed_scripts_and_other_characters(username, message):
    response = APIClient().post(
        "/api/auth/register/", {"username": username, "password": STRONG}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["extra"]["fields"]["username"] == [message]
