import pytest

from arbiter.teams.models import Membership
from tests.factories.teams import LeaderFactory, MembershipFactory
from tests.teams.helpers import assert_error

pytestmark = pytest.mark.django_db

MEMBERS = "/api/teams/knights/members/"


def _role(user) -> str | None:
    return (
        Membership.objects.filter(team__slug="knights", user=user)
        .values_list("role", flat=True)
        .first()
    )


def test_member_list_is_public_paginated_and_leaders_first(api_client, team, leader, member):
    response = api_client.get(MEMBERS)

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["count"] == 2
    assert [(m["username"], m["role"]) for m in body["results"]] == [
        ("lead", "leader"),
        ("pawn", "member"),
    ]
    assert set(body["results"][0]) == {"username", "role", "joined_at"}


def test_member_list_pages(api_client, team, leader):
    MembershipFactory.create_batch(3, team=team)

    response = api_client.get(MEMBERS, {"page": 2, "page_size": 3})

    assert [m["role"] for m in response.json()["results"]] == ["member"]
    assert_error(api_client.get(MEMBERS, {"page": "abc"}), 404)


def test_member_list_unknown_team(api_client):
    assert_error(api_client.get("/api/teams/nope/members/"), 404)


def test_promote_then_demote(client_for, leader, member):
    client = client_for(leader)

    promoted = client.post(f"{MEMBERS}pawn/promote/")
    assert promoted.status_code == 200, promoted.json()
    assert (promoted.json()["username"], promoted.json()["role"]) == ("pawn", "leader")

    demoted = client.post(f"{MEMBERS}PAWN/demote/", format="json")
    assert demoted.status_code == 200, demoted.json()
    assert demoted.json()["role"] == "member"
    assert _role(member) == "member"


def test_a_leader_steps_down_when_another_leads(client_for, team, leader):
    LeaderFactory(team=team)

    response = client_for(leader).post(f"{MEMBERS}lead/demote/")

    assert response.status_code == 200, response.json()
    assert _role(leader) == "member"


def test_the_last_leader_cannot_be_demoted(client_for, leader, member, stored):
    before = stored()

    body = assert_error(client_for(leader).post(f"{MEMBERS}lead/demote/"), 400)

    assert "needs a leader" in body["message"]
    assert stored() == before


@pytest.mark.parametrize(
    ("action", "target"),
    [
        ("promote/", "pawn"),
        ("promote/", "other"),
        ("demote/", "lead"),
    ],
)
@pytest.mark.parametrize("who", ["member", "outsider"])
def test_members_and_outsiders_cannot_change_roles(
    request, client_for, team, leader, member, stored, action, target, who
):
    MembershipFactory(team=team, user__username="other")
    before = stored()

    response = client_for(request.getfixturevalue(who)).post(f"{MEMBERS}{target}/{action}")

    assert_error(response, 403)
    assert stored() == before


@pytest.mark.parametrize("who", ["member", "outsider"])
def test_members_and_outsiders_cannot_remove(
    request, client_for, team, leader, member, stored, who
):
    MembershipFactory(team=team, user__username="other")
    before = stored()

    for target in ("lead", "other"):
        assert_error(client_for(request.getfixturevalue(who)).delete(f"{MEMBERS}{target}/"), 403)

    assert stored() == before


@pytest.mark.parametrize(
    ("method", "path"),
    [("post", "pawn/promote/"), ("post", "lead/demote/"), ("delete", "pawn/")],
)
def test_role_changes_need_an_account(api_client, member, stored, method, path):
    before = stored()

    assert_error(getattr(api_client, method)(f"{MEMBERS}{path}"), 401)

    assert stored() == before


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("post", "/api/teams/knights/members/ghost/promote/"),
        ("post", "/api/teams/knights/members/stranger/demote/"),
        ("delete", "/api/teams/knights/members/stranger/"),
        ("post", "/api/teams/nope/members/pawn/promote/"),
        ("delete", "/api/teams/nope/members/pawn/"),
    ],
)
def test_unknown_team_or_member(client_for, leader, member, outsider, stored, method, url):
    before = stored()

    assert_error(getattr(client_for(leader), method)(url), 404)

    assert stored() == before


def test_promote_a_leader_is_refused(client_for, leader, stored):
    before = stored()

    assert_error(client_for(leader).post(f"{MEMBERS}lead/promote/"), 400)

    assert stored() == before


def test_demote_a_member_is_refused(client_for, leader, member, stored):
    before = stored()

    assert_error(client_for(leader).post(f"{MEMBERS}pawn/demote/"), 400)

    assert stored() == before


def test_remove_a_member(client_for, leader, member):
    response = client_for(leader).delete(f"{MEMBERS}pawn/")

    assert response.status_code == 204
    assert _role(member) is None


def test_remove_another_leader(client_for, team, leader):
    other = LeaderFactory(team=team, user__username="bishop").user

    assert client_for(leader).delete(f"{MEMBERS}bishop/").status_code == 204

    assert _role(other) is None
    assert _role(leader) == "leader"


def test_remove_yourself_is_leaving(client_for, member):
    assert client_for(member).delete(f"{MEMBERS}pawn/").status_code == 204

    assert _role(member) is None


def test_the_last_leader_cannot_remove_themselves(client_for, leader, member, stored):
    before = stored()

    assert_error(client_for(leader).delete(f"{MEMBERS}lead/"), 400)

    assert stored() == before


@pytest.mark.parametrize(
    ("method", "path"),
    [("post", "pawn/promote/"), ("post", "lead/demote/"), ("delete", "pawn/")],
)
@pytest.mark.parametrize("raw", ["{bad", "[]", '{"role": "leader"}'])
def test_role_changes_refuse_a_bad_body(
    client_for, team, leader, member, stored, method, path, raw
):
    LeaderFactory(team=team)  # so that demoting "lead" would otherwise succeed
    before = stored()

    response = getattr(client_for(leader), method)(
        f"{MEMBERS}{path}", data=raw, content_type="application/json"
    )

    assert_error(response, 400)
    assert stored() == before
