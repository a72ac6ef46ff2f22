"""Leaders withdraw and reinstate players of their event."""

import pytest

from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db


def _started_event():
    team, leader, members = team_with_members(4, ratings=[2000, 1900, 1800, 1700])
    event = create_event(leader, team, num_rounds=3)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    assert client_of(leader).post(f"{base}/start-next-round/").status_code == 201
    return base, leader, members


def test_a_leader_withdraws_and_reinstates_a_player():
    base, leader, members = _started_event()
    arbiter = client_of(leader)
    name = members[2].username

    withdrawn = arbiter.post(f"{base}/players/{name}/withdraw/")
    assert withdrawn.status_code == 200, withdrawn.json()
    assert withdrawn.json()["status"] == "paused"
    again = arbiter.post(f"{base}/players/{name}/withdraw/")
    assert again.status_code == 400
    # The refusal names the player the leader acted for, not the leader ("You have…").
    assert again.json()["message"] == f"{name} has already withdrawn."

    reinstated = arbiter.post(f"{base}/players/{name.upper()}/reinstate/")
    assert reinstated.status_code == 200, reinstated.json()
    assert reinstated.json()["status"] == "active"
    twice = arbiter.post(f"{base}/players/{name}/reinstate/")
    assert twice.json()["message"] == f"{name} is already playing in this tournament."


def test_the_service_checks_the_leader_itself() -> None:
    """A caller of the service other than the view gets the same refusal."""
    from arbiter.common.exceptions import PermissionDenied
    from arbiter.tournaments.models import EventMode
    from arbiter.tournaments.services.entries import tournament_withdraw
    from tests.factories.events import event_with_round

    # `_started_event`'s event, made by the factories: no request is the subject here.
    built = event_with_round(
        4, ratings=[2000, 1900, 1800, 1700], num_rounds=3, mode=EventMode.ONLINE
    )
    event, members = built.event, built.users
    with pytest.raises(PermissionDenied, match="leaders"):
        tournament_withdraw(tournament=event, user=members[1], by=members[0])


def test_a_member_cannot_withdraw_someone_else():
    base, _, members = _started_event()
    refused = client_of(members[0]).post(f"{base}/players/{members[1].username}/withdraw/")
    assert refused.status_code == 403
    assert "leaders" in refused.json()["message"]


def test_unknown_player_and_body_are_refused():
    base, leader, _ = _started_event()
    arbiter = client_of(leader)
    assert arbiter.post(f"{base}/players/nobody-here/withdraw/").status_code == 404
    with_body = arbiter.post(f"{base}/players/nobody-here/reinstate/", {"x": 1}, format="json")
    assert with_body.status_code == 400
