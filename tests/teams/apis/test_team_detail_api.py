import pytest

from arbiter.teams.models import Team
from tests.teams.helpers import assert_error

pytestmark = pytest.mark.django_db


def _url(slug: str = "knights") -> str:
    return f"/api/teams/{slug}/"


def test_team_detail_for_anonymous_has_no_role(api_client, team, member):
    response = api_client.get(_url())

    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["name"], body["member_count"], body["my_role"]) == ("Knights", 2, None)


@pytest.mark.parametrize(
    ("who", "role"), [("leader", "leader"), ("member", "member"), ("outsider", None)]
)
def test_team_detail_shows_the_callers_role(request, client_for, member, who, role):
    response = client_for(request.getfixturevalue(who)).get(_url())

    assert response.json()["my_role"] == role


@pytest.mark.parametrize("slug", ["nope", "ünï", "a.b", "x" * 300])
def test_team_detail_unknown_slug(api_client, team, slug):
    assert_error(api_client.get(_url(slug)), 404)


def test_team_update_by_a_leader(client_for, leader):
    response = client_for(leader).patch(
        _url(), {"description": "Tuesdays", "join_policy": "request"}, format="json"
    )

    assert response.status_code == 200, response.json()
    assert (response.json()["description"], response.json()["join_policy"]) == (
        "Tuesdays",
        "request",
    )
    assert response.json()["my_role"] == "leader"
    assert Team.objects.get(slug="knights").join_policy == Team.JoinPolicy.REQUEST


@pytest.mark.parametrize(("who", "status"), [("member", 403), ("outsider", 403), (None, 401)])
def test_team_update_refused(request, api_client, client_for, member, stored, who, status):
    client = client_for(request.getfixturevalue(who)) if who else api_client
    before = stored()

    response = client.patch(_url(), {"description": "Mine now"}, format="json")

    assert_error(response, status)
    assert stored() == before


def test_team_update_unknown_slug(client_for, leader, stored):
    before = stored()

    assert_error(client_for(leader).patch(_url("nope"), {"description": "x"}, format="json"), 404)

    assert stored() == before


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"join_policy": "maybe"}, "join_policy"),
        ({"join_policy": None}, "join_policy"),
        ({"description": 123}, "description"),
        ({"description": "x" * 2001}, "description"),
        ({"name": "Renamed"}, "name"),
    ],
)
def test_team_update_bad_input(client_for, leader, stored, payload, field):
    before = stored()

    body = assert_error(client_for(leader).patch(_url(), payload, format="json"), 400)

    assert field in body["extra"]["fields"]
    assert stored() == before


@pytest.mark.parametrize("raw", ["{bad", "[]"])
def test_team_update_malformed_body(client_for, leader, stored, raw):
    before = stored()

    response = client_for(leader).patch(_url(), data=raw, content_type="application/json")

    assert_error(response, 400)
    assert stored() == before
