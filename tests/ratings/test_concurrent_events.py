"""Two events rating the same players at the same moment (real PostgreSQL, parallel requests):
the rating rows are locked, so no game's change is lost or computed from a stale rating."""

from __future__ import annotations

from typing import Any

import pytest

from arbiter.ratings.models import Rating, RatingChange
from tests.tournaments.apis.test_concurrency import in_parallel
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db(transaction=True)


def _started(leader: Any, team: Any, members: list[Any], name: str) -> tuple[str, list[Any]]:
    event = create_event(leader, team, name=name, num_rounds=2, mode="otb")
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    started = client_of(leader).post(f"{base}/start-next-round/")
    assert started.status_code == 201, started.json()
    return base, started.json()["pairings"]


def test_results_of_two_events_rated_at_once_chain_each_players_ratings():
    team, leader, members = team_with_members(8)
    by_name = {user.username: user for user in members}
    events = [_started(leader, team, members, name) for name in ("Evening A", "Evening B")]
    reports = [
        (base, board, by_name[board["white"]]) for base, boards in events for board in boards
    ]

    def report(base: str, board: dict[str, Any], user: Any) -> int:
        path = f"{base}/pairings/{board['id']}/result/"
        return client_of(user).post(path, {"result": "1-0"}, format="json").status_code

    statuses = in_parallel([lambda r=r: report(*r) for r in reports])
    assert statuses == [200] * len(reports)
    for user in members:
        row = Rating.objects.get(user=user, speed="blitz")
        first, second = RatingChange.objects.filter(user=user).order_by("id")
        assert row.games == 2
        # The later change started from the rating the earlier one left (inactivity moves the
        # deviation only), and the row holds what the later one left.
        assert second.rating_before == first.rating_after
        assert second.volatility_before == first.volatility_after
        assert (row.rating, row.deviation, row.volatility) == (
            second.rating_after,
            second.deviation_after,
            second.volatility_after,
        )
