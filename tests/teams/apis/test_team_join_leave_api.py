import pytest

from arbiter.teams.models import Membership, Team
from tests.factories.teams import JoinRequestFactory
from tests.teams.helpers import assert_error

pytestmark = pytest.mark.django_db

JOIN = "/api/teams/knights/join/"
LEAVE = "/api/teams/knights/leave/"


@pytest.fixture
def by_request(team: Team) -> Team:
    Team.objects.filter(id=team.id).update(join_policy=Team.JoinPolicy.REQUEST)
    team.refresh_from_db()
    return team


def test_join_an_open_team_answers_201_with_the_membership(client_for, leader, outsider):
    response = client_for(outsider).post(JOIN, format="json")

    assert response.status_code == 201, response.json()
    assert response.json()["username"] == "stranger"
    assert response.json()["role"] == "member"
    assert Membership.objects.filter(team__slug="knights", user=outsider).exists()


def test_join_a_by_request_team_answers_202_with_the_pending_request(
    client_for, by_request, leader, outsider
):
    response = client_for(outsider).post(JOIN, {"message": "Tuesdays?"}, format="json")

    assert response.status_code == 202, response.json()
    body = response.json()
    assert (body["status"], body["message"], body["decided_by"]) == ("pending", "Tuesdays?", None)
    assert not Membership.objects.filter(user=outsider).exists()


def test_join_twice_while_pending_is_refused(client_for, by_request, leader, outsider, stored):
    JoinRequestFactory(team=by_request, user=outsider)
    before = stored()

    body = assert_error(client_for(outsider).post(JOIN, format="json"), 400)

    assert "pending" in body["message"]
    assert stored() == before


def test_join_as_a_member_is_refused(client_for, member, stored):
    before = stored()

    assert_error(client_for(member).post(JOIN, format="json"), 400)

    assert stored() == before


def test_join_needs_an_account(api_client, leader, stored):
    before = stored()

    assert_error(api_client.post(JOIN, format="json"), 401)

    assert stored() == before


def test_join_unknown_team(client_for, outsider):
    assert_error(client_for(outsider).post("/api/teams/nope/join/", format="json"), 404)
    assert not Membership.objects.exists()


@pytest.mark.parametrize(
    "payload",
    [{"message": 42}, {"message": ["hi"]}, {"message": "x" * 501}, {"role": "leader"}],
)
def test_join_bad_input(client_for, by_request, leader, outsider, stored, payload):
    before = stored()

    body = assert_error(client_for(outsider).post(JOIN, payload, format="json"), 400)

    assert body["extra"]["fields"]
    assert stored() == before


@pytest.mark.parametrize("raw", ["{bad", "[1]", "3"])
def test_join_malformed_body(client_for, leader, outsider, stored, raw):
    before = stored()

    response = client_for(outsider).post(JOIN, data=raw, content_type="application/json")

    assert_error(response, 400)
    assert stored() == before


def test_leave(client_for, member):
    response = client_for(member).post(LEAVE)

    assert response.status_code == 204
    assert not Membership.objects.filter(user=member).exists()


def test_leave_as_the_last_leader_is_refused(client_for, leader, member, stored):
    before = stored()

    body = assert_error(client_for(leader).post(LEAVE, format="json"), 400)

    assert "last leader" in body["message"]
    assert stored() == before


def test_leave_as_the_only_member_leaves_an_empty_team(client_for, leader):
    assert client_for(leader).post(LEAVE).status_code == 204

    assert Team.objects.filter(slug="knights").exists()
    assert not Membership.objects.exists()


def test_leave_as_a_non_member_is_refused(client_for, leader, outsider, stored):
    before = stored()

    assert_error(client_for(outsider).post(LEAVE), 400)

    assert stored() == before


def test_leave_needs_an_account(api_client, member, stored):
    before = stored()

    assert_error(api_client.post(LEAVE), 401)

    assert stored() == before


def test_leave_unknown_team(client_for, member, stored):
    before = stored()

    assert_error(client_for(member).post("/api/teams/nope/leave/"), 404)

    assert stored() == before


@pytest.mark.parametrize(
    ("raw", "content_type"),
    [("{bad", "application/json"), ('{"force": true}', "application/json"), ("a=1", "text/plain")],
)
def test_leave_bad_body(client_for, member, stored, raw, content_type):
    before = stored()

    response = client_for(member).post(LEAVE, data=raw, content_type=content_type)

    assert_error(response, 415 if content_type == "text/plain" else 400)
    assert stored() == before
