"""A signed-in user's interface language: read with their account (`GET /api/auth/me/`),
changed with their other settings (`PATCH /api/auth/me/settings/`)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from arbiter.users.models import User
from tests.factories.users import UserFactory

pytestmark = pytest.mark.django_db

SETTINGS = "/api/auth/me/settings/"


def _signed_in(user: User) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def test_a_new_account_follows_the_browser() -> None:
    client = _signed_in(UserFactory())
    assert client.get("/api/auth/me/").json()["language"] == ""


def test_the_user_chooses_a_language_and_back_to_the_browser() -> None:
    user = UserFactory()
    client = _signed_in(user)
    chosen = client.patch(SETTINGS, {"language": "ru"}, format="json")
    assert chosen.status_code == 200, chosen.json()
    assert chosen.json()["language"] == "ru"
    assert chosen["Content-Language"] == "ru"  # the answer is already in it
    assert client.get("/api/auth/me/").json()["language"] == "ru"
    user.refresh_from_db()
    assert (user.language, user.redirect_to_game) == ("ru", True)  # the other setting kept

    followed = client.patch(SETTINGS, {"language": ""}, format="json", HTTP_ACCEPT_LANGUAGE="de")
    assert followed.json()["language"] == ""
    assert followed["Content-Language"] == "de"


def test_other_settings_leave_the_language_alone() -> None:
    user = UserFactory(language="es")
    answer = _signed_in(user).patch(SETTINGS, {"redirect_to_game": False}, format="json")
    assert answer.json()["language"] == "es"
    user.refresh_from_db()
    assert (user.language, user.redirect_to_game) == ("es", False)


@pytest.mark.parametrize("code", ["xx", "fr-CA", "EN", "english", 7, None])
def test_a_code_that_is_no_interface_language_is_a_400_on_the_field(code: object) -> None:
    user = UserFactory(language="de")
    answer = _signed_in(user).patch(SETTINGS, {"language": code}, format="json")
    assert answer.status_code == 400
    body = answer.json()
    assert list(body["extra"]["fields"]) == ["language"]
    assert body["extra"]["fields"]["language"][0]
    assert body["message"].startswith("Ungültige Eingabe: ")  # in the user's own language
    user.refresh_from_db()
    assert user.language == "de"


def test_the_field_message_is_in_the_request_language() -> None:
    answer = _signed_in(UserFactory()).patch(
        SETTINGS, {"language": "xx"}, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    # DRF's own French, with its no-break spaces inside the guillemets.
    expected = "\u00ab\u00a0xx\u00a0\u00bb n'est pas un choix valide."
    assert answer.json()["extra"]["fields"]["language"] == [expected]


def test_anonymous_callers_cannot_set_a_language() -> None:
    assert APIClient().patch(SETTINGS, {"language": "fr"}, format="json").status_code in (401, 403)
