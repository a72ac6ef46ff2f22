import pytest

from arbiter.teams.models import Membership, Team
from tests.factories.teams import MembershipFactory, TeamFactory
from tests.factories.users import UserFactory
from tests.teams.helpers import assert_error

pytestmark = pytest.mark.django_db

URL = "/api/teams/"


def test_team_list_is_public_and_paginated(api_client):
    MembershipFactory.create_batch(2, team=TeamFactory(name="Bishops"))
    TeamFactory(name="Archers")

    response = api_client.get(URL, {"page_size": 1})

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["count"] == 2
    assert body["next"] is not None
    assert [(t["name"], t["member_count"]) for t in body["results"]] == [("Archers", 0)]
    assert set(body["results"][0]) == {
        "id",
        "name",
        "slug",
        "description",
        "join_policy",
        "created_at",
        "member_count",
    }


def test_team_list_search(api_client):
    TeamFactory(name="Knights of Oslo")
    TeamFactory(name="Bergen Rooks")

    response = api_client.get(URL, {"search": "oslo"})

    assert [t["slug"] for t in response.json()["results"]] == ["knights-of-oslo"]


def test_team_list_mine(client_for):
    user = UserFactory()
    MembershipFactory(user=user, team__name="Mine")
    TeamFactory(name="Theirs")

    response = client_for(user).get(URL, {"mine": "true"})

    assert [t["name"] for t in response.json()["results"]] == ["Mine"]


def test_team_list_mine_needs_an_account(api_client):
    assert_error(api_client.get(URL, {"mine": "true"}), 401)


@pytest.mark.parametrize(
    ("params", "status"),
    [({"mine": "maybe"}, 400), ({"search": "x" * 101}, 400), ({"page": "999"}, 404)],
)
def test_team_list_bad_query(api_client, params, status):
    TeamFactory()

    assert_error(api_client.get(URL, params), status)


def test_team_create_makes_the_caller_leader(client_for):
    user = UserFactory()

    response = client_for(user).post(
        URL,
        {"name": "Rook Lifters", "description": "Club", "join_policy": "request"},
        format="json",
    )

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["slug"] == "rook-lifters"
    assert (body["join_policy"], body["member_count"], body["my_role"]) == ("request", 1, "leader")
    assert Membership.objects.get(team__slug="rook-lifters").user == user


def test_team_create_defaults_to_an_open_team(client_for):
    response = client_for(UserFactory()).post(URL, {"name": "Open Door"}, format="json")

    assert response.status_code == 201, response.json()
    assert (response.json()["join_policy"], response.json()["description"]) == ("open", "")


def test_team_create_needs_an_account(api_client, stored):
    before = stored()

    assert_error(api_client.post(URL, {"name": "Ghosts"}, format="json"), 401)

    assert stored() == before


def test_team_create_refuses_a_name_taken_in_another_case(client_for, stored):
    TeamFactory(name="Knights")
    before = stored()

    response = client_for(UserFactory()).post(URL, {"name": "KNIGHTS"}, format="json")

    body = assert_error(response, 400)
    assert "name" in body["extra"]["fields"]
    assert stored() == before


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"name": 123}, "name"),
        ({"name": ["Knights"]}, "name"),
        ({"name": True}, "name"),
        ({"name": None}, "name"),
        ({}, "name"),
        ({"name": "   "}, "name"),
        ({"name": "x" * 101}, "name"),
        ({"name": "Bishops", "join_policy": "maybe"}, "join_policy"),
        ({"name": "Bishops", "join_policy": 1}, "join_policy"),
        ({"name": "Bishops", "description": {"a": 1}}, "description"),
        ({"name": "Bishops", "description": "x" * 2001}, "description"),
        ({"name": "Bishops", "slug": "custom"}, "slug"),
    ],
)
def test_team_create_bad_input(client_for, stored, payload, field):
    before = stored()

    response = client_for(UserFactory()).post(URL, payload, format="json")

    body = assert_error(response, 400)
    assert field in body["extra"]["fields"]
    assert stored() == before


@pytest.mark.parametrize("raw", ["{bad", "[1, 2]", '"name"', "null"])
def test_team_create_malformed_body(client_for, stored, raw):
    before = stored()

    response = client_for(UserFactory()).post(URL, data=raw, content_type="application/json")

    assert_error(response, 400)
    assert stored() == before


def test_team_create_refuses_other_content_types(client_for, stored):
    before = stored()

    response = client_for(UserFactory()).post(URL, {"name": "Form Team"}, format="multipart")

    assert_error(response, 415)
    assert stored() == before
    assert not Team.objects.filter(name="Form Team").exists()
