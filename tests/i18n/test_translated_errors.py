"""Refusals are said in the request's language: a REST request with `Accept-Language: fr` and
bad input gets its field messages in French (the users' and teams' own texts, from
arbiter/locale/fr), DRF's and Django's from their own catalogues; codes stay codes."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories.teams import TeamFactory
from tests.factories.users import UserFactory

pytestmark = pytest.mark.django_db

USERNAME_RULE_FR = "Lettres, chiffres et @ . + - _ uniquement."


def test_a_bad_username_is_refused_in_french() -> None:
    response = APIClient().post(
        "/api/auth/register/",
        {"username": "bad name!", "password": "a-very-strong-passphrase-42"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9,en;q=0.5",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["extra"]["fields"] == {"username": [USERNAME_RULE_FR]}
    # French typography: a no-break space before the colon.
    assert body["message"] == f"Saisie invalide\u00a0: {USERNAME_RULE_FR}"
    assert response["Content-Language"] == "fr"


def test_the_same_request_in_english_and_by_the_cookie() -> None:
    body = {"username": "bad name!", "password": "a-very-strong-passphrase-42"}
    english = APIClient().post("/api/auth/register/", body, format="json")
    assert english.json()["extra"]["fields"] == {
        "username": ["Letters, digits and @ . + - _ only."]
    }
    client = APIClient()
    client.cookies["arbiter_language"] = "fr"
    french = client.post("/api/auth/register/", body, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert french.json()["extra"]["fields"] == {"username": [USERNAME_RULE_FR]}


def test_drf_and_django_messages_come_in_french_too() -> None:
    """A missing field is DRF's text, a weak password Django's: their catalogues have French."""
    client = APIClient()
    missing = client.post("/api/auth/register/", {}, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert missing.json()["extra"]["fields"]["username"] == ["Ce champ est obligatoire."]
    weak = client.post(
        "/api/auth/register/",
        {"username": "alice", "password": "12345678"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert any("trop courant" in m for m in weak.json()["extra"]["fields"]["password"])


def test_a_team_refusal_in_french_from_a_user_who_chose_french() -> None:
    user = UserFactory(language="fr")
    client = APIClient()
    client.force_login(user)
    missing = client.get("/api/teams/no-such-team/", HTTP_ACCEPT_LANGUAGE="en")
    assert missing.status_code == 404
    assert missing.json() == {"message": "Équipe introuvable.", "extra": {}}


def test_codes_stay_codes() -> None:
    """A team's join policy is a code in every language; its label is for people."""
    team = TeamFactory(join_policy="request")
    answer = APIClient().get(f"/api/teams/{team.slug}/", HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 200
    assert answer.json()["join_policy"] == "request"
