"""Fixtures shared by the teams tests: one open team "Knights" with a leader and a member."""

from collections.abc import Callable
from typing import Any

import pytest

from arbiter.teams.models import JoinRequest, Membership, Team
from arbiter.users.models import User
from tests.factories.teams import LeaderFactory, MembershipFactory, TeamFactory
from tests.factories.users import UserFactory


@pytest.fixture
def team() -> Team:
    return TeamFactory(name="Knights", join_policy=Team.JoinPolicy.OPEN)


@pytest.fixture
def leader(team: Team) -> User:
    return LeaderFactory(team=team, user__username="lead").user


@pytest.fixture
def member(team: Team, leader: User) -> User:
    return MembershipFactory(team=team, user__username="pawn").user


@pytest.fixture
def outsider() -> User:
    return UserFactory(username="stranger")


@pytest.fixture
def stored() -> Callable[[], dict[str, Any]]:
    """Everything the teams app stores, to show that a refused call changed nothing."""

    def snapshot() -> dict[str, Any]:
        return {
            "teams": list(
                Team.objects.order_by("id").values_list("id", "name", "description", "join_policy")
            ),
            "memberships": list(
                Membership.objects.order_by("id").values_list("team_id", "user_id", "role")
            ),
            "requests": list(
                JoinRequest.objects.order_by("id").values_list(
                    "team_id", "user_id", "status", "decided_by_id"
                )
            ),
        }

    return snapshot
