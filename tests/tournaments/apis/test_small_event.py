"""A small event from creation to the TRF export, through the API."""

import pytest

from arbiter.trf import facts
from arbiter.trf.reader import read_trf
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db


def test_small_event_runs_to_the_end():
    team, leader, members = team_with_members(5, ratings=[2000, 1900, 1800, 1700, 1600])
    event = create_event(leader, team, num_rounds=3, mode="otb")
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        joined = client_of(user).post(f"{base}/join/", {}, format="json")
        assert joined.status_code == 201, joined.json()

    arbiter = client_of(leader)
    for number in (1, 2, 3):
        started = arbiter.post(f"{base}/start-next-round/")
        assert started.status_code == 201, started.json()
        round_data = started.json()
        assert round_data["number"] == number
        assert len(round_data["pairings"]) == 2
        assert [b["kind"] for b in round_data["byes"]] == ["U"]
        for board in round_data["pairings"]:
            white = next(u for u in members if u.username == board["white"])
            reported = client_of(white).post(
                f"{base}/pairings/{board['id']}/result/", {"result": "1-0"}, format="json"
            )
            assert reported.status_code == 200, reported.json()
    detail = arbiter.get(f"{base}/").json()
    assert detail["status"] == "finished"

    standings = arbiter.get(f"{base}/standings/").json()
    assert standings["count"] == 5
    points = sum(float(row["points"]) for row in standings["results"])
    assert points == 3 * 3  # 2 decisive games and a 1-point bye per round
    assert all(len(row["sheet"]) == 3 for row in standings["results"])

    trf = arbiter.get(f"{base}/export/trf/")
    assert trf.status_code == 200
    parsed = read_trf(trf.content.decode())
    assert len(parsed.players) == 5
    assert facts.total_rounds(parsed) == 3
