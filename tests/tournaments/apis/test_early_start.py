"""Starting before the start (issue 13, defect 6): with fewer than two players a leader's
"start next round" is refused and the event stays open for entries; it never finishes it."""

import pytest

from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("joined", [0, 1])
def test_an_early_start_with_too_few_players_is_refused_and_the_event_stays_open(joined):
    team, leader, members = team_with_members(3)
    event = create_event(leader, team, num_rounds=3)
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members[:joined]:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    arbiter = client_of(leader)

    refused = arbiter.post(f"{base}/start-next-round/")
    assert refused.status_code == 400, refused.json()
    assert "two players" in refused.json()["message"]
    detail = arbiter.get(f"{base}/").json()
    assert detail["status"] == "scheduled" and detail["current_round"] == 0

    for user in members[joined:]:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    started = arbiter.post(f"{base}/start-next-round/")
    assert started.status_code == 201, started.json()
    assert started.json()["number"] == 1
