"""Building events through the public API, as a client would."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone
from rest_framework.test import APIClient

from arbiter.ratings.services import user_rating_set
from arbiter.teams.models import Membership
from tests.factories.teams import LeaderFactory, MembershipFactory
from tests.factories.users import UserFactory


def client_of(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def team_with_members(
    count: int, *, ratings: list[int] | None = None
) -> tuple[Any, Any, list[Any]]:
    leader = LeaderFactory()
    team = leader.team
    members = []
    for i in range(count):
        user = UserFactory(username=f"P{i:03d}")
        MembershipFactory(team=team, user=user, role=Membership.Role.MEMBER)
        if ratings is not None:
            user_rating_set(user=user, speed="blitz", rating=ratings[i])
        members.append(user)
    return team, leader.user, members


def create_event(leader: Any, team: Any, **overrides: Any) -> dict[str, Any]:
    body = {
        "team": team.slug,
        "name": "Club Swiss",
        "num_rounds": 5,
        "start_time": (timezone.now() + timedelta(hours=1)).isoformat(),
        "clock_limit_seconds": 180,
        "clock_increment_seconds": 2,
        "round_interval_seconds": None,
    } | overrides
    response = client_of(leader).post("/api/tournaments/swiss/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()
