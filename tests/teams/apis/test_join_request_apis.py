import pytest

from arbiter.teams.models import JoinRequest, Membership, Team
from tests.factories.teams import JoinRequestFactory, LeaderFactory
from tests.teams.helpers import assert_error

pytestmark = pytest.mark.django_db

REQUESTS = "/api/teams/knights/requests/"


@pytest.fixture
def pending(team: Team, leader, member) -> JoinRequest:
    Team.objects.filter(id=team.id).update(join_policy=Team.JoinPolicy.REQUEST)
    return JoinRequestFactory(team=team, user__username="hopeful", message="Hello")


def test_leaders_list_pending_requests(client_for, team, leader, pending):
    JoinRequestFactory(team=team, status=JoinRequest.Status.REFUSED)

    response = client_for(leader).get(REQUESTS)

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["count"] == 1
    assert body["results"][0] == {
        **body["results"][0],
        "id": pending.id,
        "username": "hopeful",
        "message": "Hello",
        "status": "pending",
        "decided_by": None,
        "decided_at": None,
    }


@pytest.mark.parametrize("who", ["member", "outsider"])
def test_non_leaders_cannot_see_requests(request, client_for, pending, who):
    body = assert_error(client_for(request.getfixturevalue(who)).get(REQUESTS), 403)

    assert "hopeful" not in str(body)


def test_requests_need_an_account(api_client, pending):
    assert_error(api_client.get(REQUESTS), 401)


def test_requests_of_an_unknown_team(client_for, leader):
    assert_error(client_for(leader).get("/api/teams/nope/requests/"), 404)


def test_approve(client_for, leader, pending):
    response = client_for(leader).post(f"{REQUESTS}{pending.id}/approve/")

    assert response.status_code == 200, response.json()
    assert (response.json()["status"], response.json()["decided_by"]) == ("approved", "lead")
    assert Membership.objects.get(user=pending.user).role == "member"
    assert client_for(leader).get(REQUESTS).json()["count"] == 0


def test_refuse(client_for, leader, pending):
    response = client_for(leader).post(f"{REQUESTS}{pending.id}/refuse/", format="json")

    assert response.status_code == 200, response.json()
    assert response.json()["status"] == "refused"
    assert not Membership.objects.filter(user=pending.user).exists()


def test_request_then_approve_through_the_api(client_for, team, leader, member, outsider):
    Team.objects.filter(id=team.id).update(join_policy=Team.JoinPolicy.REQUEST)

    asked = client_for(outsider).post("/api/teams/knights/join/", {"message": "Hi"}, format="json")
    assert asked.status_code == 202, asked.json()
    approved = client_for(leader).post(f"{REQUESTS}{asked.json()['id']}/approve/")

    assert approved.status_code == 200, approved.json()
    detail = client_for(outsider).get("/api/teams/knights/")
    assert (detail.json()["my_role"], detail.json()["member_count"]) == ("member", 3)


@pytest.mark.parametrize("action", ["approve", "refuse"])
@pytest.mark.parametrize("who", ["member", "outsider"])
def test_non_leaders_cannot_decide(request, client_for, pending, stored, action, who):
    before = stored()

    response = client_for(request.getfixturevalue(who)).post(f"{REQUESTS}{pending.id}/{action}/")

    assert_error(response, 403)
    assert stored() == before


@pytest.mark.parametrize("action", ["approve", "refuse"])
def test_deciding_needs_an_account(api_client, pending, stored, action):
    before = stored()

    assert_error(api_client.post(f"{REQUESTS}{pending.id}/{action}/"), 401)

    assert stored() == before


@pytest.mark.parametrize("action", ["approve", "refuse"])
def test_deciding_twice_is_refused(client_for, leader, pending, action):
    client = client_for(leader)
    assert client.post(f"{REQUESTS}{pending.id}/refuse/").status_code == 200

    body = assert_error(client.post(f"{REQUESTS}{pending.id}/{action}/"), 400)

    assert "already refused" in body["message"]


@pytest.mark.parametrize("action", ["approve", "refuse"])
def test_unknown_requests(client_for, leader, pending, stored, action):
    elsewhere = JoinRequestFactory()  # a request to another team
    LeaderFactory(team=elsewhere.team)
    before = stored()
    client = client_for(leader)

    for url in (
        f"{REQUESTS}{pending.id + 1000}/{action}/",
        f"{REQUESTS}{elsewhere.id}/{action}/",
        f"{REQUESTS}{10**30}/{action}/",
        f"/api/teams/nope/requests/{pending.id}/{action}/",
    ):
        assert_error(client.post(url), 404)

    assert stored() == before


@pytest.mark.parametrize("action", ["approve", "refuse"])
@pytest.mark.parametrize("raw", ["{bad", "[]", '{"status": "approved"}'])
def test_deciding_refuses_a_bad_body(client_for, leader, pending, stored, action, raw):
    before = stored()

    response = client_for(leader).post(
        f"{REQUESTS}{pending.id}/{action}/", data=raw, content_type="application/json"
    )

    assert_error(response, 400)
    assert stored() == before


def test_the_team_detail_shows_the_callers_pending_request(client_for, team, leader, outsider):
    Team.objects.filter(id=team.id).update(join_policy=Team.JoinPolicy.REQUEST)
    client = client_for(outsider)
    assert client.get("/api/teams/knights/").json()["my_request"] is None

    assert (
        client.post("/api/teams/knights/join/", {"message": "Hi"}, format="json").status_code == 202
    )

    # A reload (a fresh GET) still knows the request is pending.
    detail = client.get("/api/teams/knights/").json()
    assert detail["my_role"] is None
    assert detail["my_request"] == {
        **detail["my_request"],
        "username": outsider.username,
        "message": "Hi",
        "status": "pending",
        "decided_by": None,
    }
    # Nobody else sees it as theirs: not the leader, not a visitor.
    assert client_for(leader).get("/api/teams/knights/").json()["my_request"] is None
    assert client_for(None).get("/api/teams/knights/").json()["my_request"] is None

    # Refused: no longer pending, so no longer shown.
    request_id = detail["my_request"]["id"]
    refused = client_for(leader).post(f"{REQUESTS}{request_id}/refuse/")
    assert refused.status_code == 200, refused.json()
    assert client.get("/api/teams/knights/").json()["my_request"] is None
