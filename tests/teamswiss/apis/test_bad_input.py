"""Bad input is a 400 with field messages, never a 500; who may do what."""

import pytest

from tests.factories.teams import LeaderFactory
from tests.factories.users import UserFactory
from tests.teamswiss.helpers import event_with_teams, round_stored

pytestmark = pytest.mark.django_db


def _fields(response):
    assert response.status_code == 400, response.json()
    return response.json()["extra"]["fields"]


def test_create_refuses_bad_settings_field_by_field(client_for):
    membership = LeaderFactory()
    leader = client_for(membership.user)
    ok = {"team": membership.team.slug, "name": "League", "boards": 4, "num_rounds": 7}
    assert leader.post("/api/team-swiss/", ok, format="json").status_code == 201
    assert set(_fields(leader.post("/api/team-swiss/", {**ok, "boards": 13}, format="json"))) == {
        "boards"
    }
    assert "num_rounds" in _fields(
        leader.post("/api/team-swiss/", {**ok, "num_rounds": 0}, format="json")
    )
    assert _fields(leader.post("/api/team-swiss/", {**ok, "colour": "x"}, format="json")) == {
        "colour": ["Unknown field."]
    }
    assert "team" in _fields(leader.post("/api/team-swiss/", {**ok, "team": "nope"}, format="json"))
    bad_tiebreak = _fields(
        leader.post("/api/team-swiss/", {**ok, "tiebreaks": ["BH", "XYZ"]}, format="json")
    )
    assert "unknown team tie-break 'XYZ'" in bad_tiebreak["tiebreaks"][0]
    bad_points = _fields(
        leader.post(
            "/api/team-swiss/",
            {**ok, "match_points": {"win": 1, "draw": 2, "loss": 0}},
            format="json",
        )
    )
    assert bad_points == {
        "match_points": ["A win is worth at least a draw, a draw at least a loss."]
    }
    assert "match_points" in _fields(
        leader.post(
            "/api/team-swiss/",
            {**ok, "match_points": {"win": 2, "draw": 1, "loss": 0, "bonus": 1}},
            format="json",
        )
    )
    stranger = client_for(UserFactory())
    assert stranger.post("/api/team-swiss/", ok, format="json").status_code == 403
    assert client_for(UserFactory()).get("/api/team-swiss/?team=" + ok["team"]).json()["count"] == 1


def test_registering_and_line_ups_refuse_bad_input(client_for):
    built = event_with_teams(teams=2, squad=3)
    base = f"/api/team-swiss/{built.event.id}"
    leader = client_for(built.leader)
    assert "players" in _fields(
        leader.post(f"{base}/teams/", {"name": "X", "players": [{"name": "One"}]}, format="json")
    )
    fields = _fields(
        leader.post(
            f"{base}/teams/",
            {"name": "X", "players": [{"username": "nobody-here"}, {"name": "Two"}]},
            format="json",
        )
    )
    assert fields == {"players.0.username": ["No user named 'nobody-here'."]}
    assert "players" in _fields(
        leader.post(f"{base}/teams/", {"name": "X", "players": "two"}, format="json")
    )
    assert "name" in _fields(
        leader.post(
            f"{base}/teams/",
            {"name": "Club A", "players": [{"name": "a"}, {"name": "b"}]},
            format="json",
        )
    )
    round_stored(built, pairs=[(0, 1)])
    url = f"{base}/rounds/1/lineups/1/"
    assert (
        client_for(built.captains[0]).put(url, {"players": [1, 2]}, format="json").status_code
        == 409
    )
    assert (
        leader.post(
            f"{base}/rounds/1/boards/1/1/result/", {"result": "2-0"}, format="json"
        ).status_code
        == 400
    )
    assert (
        leader.post(
            f"{base}/rounds/1/boards/9/1/result/", {"result": "1-0"}, format="json"
        ).status_code
        == 404
    )
    assert leader.get(f"{base}/rounds/7/").status_code == 404
    assert leader.post(f"{base}/start-next-round/", {"now": True}, format="json").status_code == 400
    assert leader.post(f"{base}/start-next-round/").status_code == 409  # round 1 is not complete
    assert leader.patch(f"{base}/", {"boards": 3}, format="json").json()["extra"]["fields"] == {
        "boards": ["Fixed once round 1 is paired."]
    }
    assert leader.patch(f"{base}/", {"name": "Renamed"}, format="json").json()["name"] == "Renamed"


def test_captains_edit_their_own_team_only(client_for):
    built = event_with_teams(teams=2)
    base = f"/api/team-swiss/{built.event.id}"
    squad = client_for(built.leader).get(f"{base}/").json()["teams"][0]["players"]
    body = {"name": "Club A", "players": [{"id": p["id"]} for p in squad] + [{"name": "Reserve"}]}
    assert (
        client_for(built.captains[1]).put(f"{base}/teams/1/", body, format="json").status_code
        == 403
    )
    updated = client_for(built.captains[0]).put(f"{base}/teams/1/", body, format="json")
    assert updated.status_code == 200
    assert [p["name"] for p in updated.json()["players"]][2] == "Reserve"
    assert client_for(built.captains[1]).post(f"{base}/teams/1/withdraw/").status_code == 403
    withdrawn = client_for(built.captains[0]).post(f"{base}/teams/1/withdraw/")
    assert withdrawn.json()["status"] == "withdrawn"
    me = client_for(built.captains[0]).get(f"{base}/").json()
    assert (me["viewer_is_leader"], me["viewer_captain_of"]) == (False, 1)
