"""Bad input on every endpoint: 400 with field errors in the error shape; nothing changes."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.forms.models import model_to_dict
from django.utils import timezone

from arbiter.tournaments.models import (
    ForbiddenPairing,
    SwissByeRequest,
    SwissPairing,
    SwissParticipant,
    SwissRound,
    SwissTournament,
)
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db

MALFORMED = ['{"name": ', "[1, 2]", '"text"', "null"]

SOON = (timezone.now() + timedelta(days=30)).isoformat()


def snapshot() -> list[Any]:
    models = [
        SwissTournament,
        SwissParticipant,
        SwissRound,
        SwissPairing,
        ForbiddenPairing,
        SwissByeRequest,
    ]
    return [
        sorted((model_to_dict(o) for o in m.objects.all()), key=lambda d: d["id"]) for m in models
    ]


@pytest.fixture
def running() -> dict[str, Any]:
    team, leader, members = team_with_members(4)
    event = create_event(leader, team, bye_request_limit=1, mode="otb")
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    round_data = client_of(leader).post(f"{base}/start-next-round/").json()
    return {"base": base, "leader": leader, "members": members, "team": team, "round": round_data}


# (path below the event, bodies with wrong types / values, the field expected in the errors)
CASES = [
    ("", "patch", {"num_rounds": "many"}, "num_rounds"),
    ("", "patch", {"num_rounds": 0}, "num_rounds"),
    ("", "patch", {"tiebreak_order": ["BH", "XYZ"]}, "tiebreak_order"),
    ("", "patch", {"tiebreak_order": "BH"}, "tiebreak_order"),
    ("", "patch", {"regulations": "1999"}, "regulations"),
    ("", "patch", {"min_rating": 2000, "max_rating": 1000}, "max_rating"),
    ("", "patch", {"start_time": "2099-01-01T00:00:00Z"}, "start_time"),  # already started
    ("join/", "post", {"password": ["x"]}, "password"),
    ("request-bye/", "post", {"round": "soon"}, "round"),
    ("request-bye/", "post", {"round": 99}, "round"),
    ("forbidden-pairings/", "post", {"player1": 5}, "player2"),
    ("manual-pairings/", "post", {"boards": "all"}, "boards"),
    ("manual-pairings/", "post", {"boards": [{"white": "nobody"}]}, "boards"),
]


@pytest.mark.parametrize(("path", "method", "body", "field"), CASES)
def test_wrong_values_are_field_errors(running, path, method, body, field):
    before = snapshot()
    client = client_of(
        running["members"][0] if path in ("join/", "request-bye/") else running["leader"]
    )
    response = getattr(client, method)(f"{running['base']}/{path}", body, format="json")
    assert response.status_code == 400, response.content
    payload = response.json()
    assert payload["message"]
    assert field in payload["extra"]["fields"], payload
    assert snapshot() == before


def test_create_with_wrong_values(running):
    before = snapshot()
    client = client_of(running["leader"])
    bodies = [
        {"team": running["team"].slug, "name": "", "num_rounds": 3},
        {
            "team": running["team"].slug,
            "name": "x",
            "num_rounds": "three",
            "start_time": "tomorrow",
            "clock_limit_seconds": -1,
            "clock_increment_seconds": 0,
        },
        {
            "team": running["team"].slug,
            "name": "x",
            "num_rounds": 3,
            "start_time": "2001-01-01T00:00:00Z",
            "clock_limit_seconds": 60,
            "clock_increment_seconds": 0,
        },
        {
            "team": running["team"].slug,
            "name": "x",
            "num_rounds": 3,
            "start_time": "2099-01-01T00:00:00Z",
            "clock_limit_seconds": 0,
            "clock_increment_seconds": 0,
        },
    ]
    for body in bodies:
        response = client.post("/api/tournaments/swiss/", body, format="json")
        assert response.status_code == 400, response.content
        assert response.json()["extra"]["fields"]
    unknown_team = client.post(
        "/api/tournaments/swiss/",
        {
            "team": "no-such-team",
            "name": "x",
            "num_rounds": 3,
            "start_time": SOON,
            "clock_limit_seconds": 60,
            "clock_increment_seconds": 0,
        },
        format="json",
    )
    assert unknown_team.status_code == 404
    assert snapshot() == before


def test_result_with_wrong_values(running):
    before = snapshot()
    board = running["round"]["pairings"][0]
    url = f"{running['base']}/pairings/{board['id']}/result/"
    leader = client_of(running["leader"])
    for body in ({"result": "2-0"}, {"result": 1}, {}, {"result": "1-0", "no_show": "both"}):
        response = leader.post(url, body, format="json")
        assert response.status_code == 400, body
        assert response.json()["extra"]["fields"]
    player = client_of(next(u for u in running["members"] if u.username == board["white"]))
    forfeit = player.post(url, {"result": "+-"}, format="json")
    assert forfeit.status_code == 400 and "result" in forfeit.json()["extra"]["fields"]
    assert snapshot() == before


WRITE_PATHS = [
    ("", "post"),
    ("", "patch"),
    ("cancel/", "post"),
    ("join/", "post"),
    ("withdraw/", "post"),
    ("rejoin/", "post"),
    ("request-bye/", "post"),
    ("forbidden-pairings/", "post"),
    ("manual-pairings/", "post"),
    ("start-next-round/", "post"),
]


@pytest.mark.parametrize(("path", "method"), WRITE_PATHS)
@pytest.mark.parametrize("body", MALFORMED)
def test_malformed_json_everywhere(running, path, method, body):
    before = snapshot()
    url = (
        "/api/tournaments/swiss/" if (path, method) == ("", "post") else f"{running['base']}/{path}"
    )
    client = client_of(running["leader"])
    response = getattr(client, method)(url, data=body, content_type="application/json")
    assert response.status_code == 400, (url, body, response.content)
    assert response.json()["message"]
    assert snapshot() == before


def test_malformed_json_on_results(running):
    before = snapshot()
    board = running["round"]["pairings"][0]
    url = f"{running['base']}/pairings/{board['id']}/result/"
    for body in MALFORMED:
        response = client_of(running["leader"]).post(
            url, data=body, content_type="application/json"
        )
        assert response.status_code == 400
    assert snapshot() == before


def test_unknown_objects_are_404(running):
    leader = client_of(running["leader"])
    assert leader.get("/api/tournaments/swiss/999999/").status_code == 404
    assert leader.get(f"{running['base']}/rounds/9/").status_code == 404
    assert (
        leader.post(
            f"{running['base']}/pairings/999999/result/", {"result": "1-0"}, format="json"
        ).status_code
        == 404
    )
    assert leader.delete(f"{running['base']}/forbidden-pairings/999999/").status_code == 404
    assert leader.post(f"{running['base']}/bans/ghost/lift/").status_code == 404
    assert leader.get("/api/tournaments/swiss/?team=ghost-team").status_code == 404
    assert leader.get("/api/tournaments/swiss/?status=sleeping").status_code == 400
