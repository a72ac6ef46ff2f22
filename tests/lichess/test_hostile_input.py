"""Hostile input on the lichess paths (issue, defect 4 and the low findings): the body and
query parsing the native API has (depth, lone surrogates, numbers), answered in lichess's
`{"error": …}` shape, a 400 and never a 500."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from arbiter.tournaments.models import EventMode, SwissTournament
from tests.factories.events import event_with_players
from tests.factories.users import UserFactory
from tests.lichess.swiss.helpers import bearer_client

pytestmark = pytest.mark.django_db

DEEP = "[" * 100_000 + "]" * 100_000
SURROGATE = '{"name": "Club \\ud800", "clock.limit": 60, "clock.increment": 0, "nbRounds": 3}'
# More digits than Python turns into an int (sys.get_int_max_str_digits, 4300).
HUGE_NUMBER = '{"clock.limit": ' + "9" * 5000 + ', "clock.increment": 0, "nbRounds": 3}'


def _client(user: Any) -> APIClient:
    client = bearer_client(user)
    client.raise_request_exception = False  # a crash is the 500 a client sees
    return client


def _paths(event: SwissTournament) -> list[str]:
    slug = event.team.slug
    return [
        f"/api/swiss/new/{slug}",
        f"/api/swiss/{event.id}/edit",
        f"/api/swiss/{event.id}/edit/",
        f"/api/swiss/{event.id}/schedule-next-round",
        f"/api/swiss/{event.id}/join",
        f"/team/{slug}/join",
    ]


def _lichess_400(response: Any) -> Any:
    assert response.status_code == 400, (response.status_code, response.content[:300])
    body = response.json()
    assert set(body) == {"error"}
    return body["error"]


def test_a_deeply_nested_body_is_a_lichess_400_on_every_path_that_reads_one():
    built = event_with_players(2, mode=EventMode.ONLINE)
    leader, stranger = _client(built.leader), _client(UserFactory())
    for path in _paths(built.event):
        # A member's team join is ok before any body is read: a stranger's reads it.
        client = stranger if path.startswith("/team/") else leader
        error = _lichess_400(client.post(path, DEEP, content_type="application/json"))
        assert "nested too deeply" in error, path


def test_a_lone_surrogate_in_a_string_is_a_lichess_400_on_create_and_edit():
    built = event_with_players(2, mode=EventMode.ONLINE)
    client = _client(built.leader)
    for path in _paths(built.event)[:3]:
        error = _lichess_400(client.post(path, SURROGATE, content_type="application/json"))
        assert "surrogate" in error, path
    assert SwissTournament.objects.count() == 1  # nothing created


def test_a_number_too_long_for_python_is_refused_without_pythons_words():
    built = event_with_players(2, mode=EventMode.ONLINE)
    client = _client(built.leader)
    for path in _paths(built.event)[:3]:
        response = client.post(path, HUGE_NUMBER, content_type="application/json")
        text = json.dumps(_lichess_400(response))
        assert "set_int_max_str_digits" not in text and "4300" not in text, text


def test_the_native_parser_does_not_leak_pythons_words_either():
    response = APIClient().post(
        "/api/auth/login/", '{"username": ' + "9" * 5000 + "}", content_type="application/json"
    )
    assert response.status_code == 400
    assert "set_int_max_str_digits" not in response.json()["message"]


ARABIC_ONE = "\u0661"


@pytest.mark.parametrize("value", ["²", "9223372036854775808", "-1", "0", "1e3", " 1", ARABIC_ONE])
def test_results_nb_is_ascii_digits_in_range_or_a_lichess_400(value: str):
    built = event_with_players(2, mode=EventMode.ONLINE)
    response = _client(built.leader).get(f"/api/swiss/{built.event.id}/results", {"nb": value})
    assert "nb" in _lichess_400(response)


@pytest.mark.parametrize("value", ["²", "9223372036854775808", "0", "١٢"])
def test_team_swiss_max_is_ascii_digits_in_range_or_a_lichess_400(value: str):
    built = event_with_players(2, mode=EventMode.ONLINE)
    response = _client(built.leader).get(f"/api/team/{built.event.team.slug}/swiss", {"max": value})
    assert "max" in _lichess_400(response)


def test_query_numbers_in_range_still_work():
    built = event_with_players(3, mode=EventMode.ONLINE)
    client = _client(built.leader)
    rows = client.get(f"/api/swiss/{built.event.id}/results", {"nb": "2"})
    assert rows.status_code == 200 and len(rows.content.decode().splitlines()) == 2
    listed = client.get(f"/api/team/{built.event.team.slug}/swiss", {"max": "100000"})
    assert listed.status_code == 200 and len(listed.content.decode().splitlines()) == 1


def test_a_form_body_goes_through_the_same_text_checks():
    built = event_with_players(2, mode=EventMode.ONLINE)
    response = _client(built.leader).post(
        f"/api/swiss/new/{built.event.team.slug}",
        {"name": "Club\x00Night", "clock.limit": "60", "clock.increment": "0", "nbRounds": "3"},
    )
    assert response.status_code == 400
    assert "name" in response.json()["error"]
    assert SwissTournament.objects.count() == 1


@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000)
def test_a_body_over_the_size_limit_is_a_lichess_413_on_paths_outside_api_too():
    built = event_with_players(2, mode=EventMode.ONLINE)
    user = UserFactory()
    stranger = _client(user)
    path = f"/team/{built.event.team.slug}/join"
    for body, kind in (
        ({"message": "x" * 5000}, None),  # a form
        (json.dumps({"message": "x" * 5000}), "application/json"),
    ):
        if kind is None:
            response = stranger.post(path, body)
        else:
            response = stranger.post(path, body, content_type=kind)
        assert response.status_code == 413, response.content[:200]
        assert response.json() == {"error": "The request body is too large."}
    assert not built.event.team.memberships.filter(user=user).exists()
    joined = stranger.post(path, {"message": "Hello"})
    assert joined.status_code == 200 and joined.json() == {"ok": True}
