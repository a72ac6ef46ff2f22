"""The standings page filtered to one player: how a page finds the viewer's own entry."""

import pytest

from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db


def test_username_filter_returns_only_that_players_row():
    team, leader, members = team_with_members(4, ratings=[2000, 1900, 1800, 1700])
    event = create_event(leader, team, num_rounds=3)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members[:3]:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    viewer = client_of(members[1])

    mine = viewer.get(f"{base}/standings/", {"username": members[1].username.upper()}).json()
    assert mine["count"] == 1
    assert [row["username"] for row in mine["results"]] == [members[1].username]

    absent = viewer.get(f"{base}/standings/", {"username": members[3].username}).json()
    assert absent == {"count": 0, "next": None, "previous": None, "results": []}


def test_username_filter_refuses_an_overlong_name():
    team, leader, _ = team_with_members(1)
    event = create_event(leader, team, num_rounds=3)
    answer = client_of(leader).get(
        f"/api/tournaments/swiss/{event['id']}/standings/", {"username": "x" * 151}
    )
    assert answer.status_code == 400
    assert "username" in answer.json()["extra"]["fields"]
