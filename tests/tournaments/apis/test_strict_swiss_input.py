"""The Swiss endpoints' input contract (issue 13, defect 10): unknown fields, values of the
wrong JSON type, a bye request without its round, a PATCH of a read-only field and a start
time in the past or centuries ahead are 400s with field messages, never silently accepted."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db


def _body(team, **overrides):
    return {
        "team": team.slug,
        "name": "Strict Swiss",
        "num_rounds": 3,
        "start_time": (timezone.now() + timedelta(hours=1)).isoformat(),
        "clock_limit_seconds": 180,
        "clock_increment_seconds": 2,
    } | overrides


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"colour": "white"}, "colour"),
        ({"name": 123}, "name"),
        ({"start_time": (timezone.now() - timedelta(days=1)).isoformat()}, "start_time"),
        ({"start_time": "9999-01-01T00:00:00Z"}, "start_time"),
    ],
)
def test_create_refuses_bad_fields(overrides, field):
    team, leader, _ = team_with_members(0)
    refused = client_of(leader).post(
        "/api/tournaments/swiss/", _body(team, **overrides), format="json"
    )
    assert refused.status_code == 400, refused.json()
    assert field in refused.json()["extra"]["fields"]


def test_patch_of_a_read_only_field_and_a_bye_request_without_round_are_refused():
    team, leader, members = team_with_members(2)
    event = create_event(leader, team, num_rounds=3, bye_request_limit=1)
    base = f"/api/tournaments/swiss/{event['id']}"
    patched = client_of(leader).patch(f"{base}/", {"status": "finished"}, format="json")
    assert patched.status_code == 400, patched.json()
    assert "status" in patched.json()["extra"]["fields"]
    assert client_of(leader).get(f"{base}/").json()["status"] == "scheduled"

    player = client_of(members[0])
    assert player.post(f"{base}/join/", {}, format="json").status_code == 201
    asked = player.post(f"{base}/request-bye/", {}, format="json")
    assert asked.status_code == 400, asked.json()
    assert "round" in asked.json()["extra"]["fields"]
    assert player.post(f"{base}/request-bye/", {"round": 2}, format="json").status_code == 201

    listed = client_of(leader).get("/api/tournaments/swiss/?page=1&page_size=5&_=1")
    assert listed.status_code == 200  # query strings keep their page parameters
