import pytest

from arbiter.common.exceptions import ApplicationError
from arbiter.teams.models import JoinRequest, Membership, Team
from arbiter.teams.services import team_join
from tests.factories.teams import JoinRequestFactory, LeaderFactory, TeamFactory

pytestmark = pytest.mark.django_db


def test_team_join_an_open_team_makes_a_member(team, leader, outsider):
    result = team_join(team=team, user=outsider, message="ignored")

    assert isinstance(result, Membership)
    assert result.role == Membership.Role.MEMBER
    assert not JoinRequest.objects.exists()


def test_team_join_a_by_request_team_makes_a_pending_request(outsider):
    team = LeaderFactory(team__join_policy=Team.JoinPolicy.REQUEST).team

    result = team_join(team=team, user=outsider, message="I play on Tuesdays")

    assert isinstance(result, JoinRequest)
    assert (result.status, result.message) == (JoinRequest.Status.PENDING, "I play on Tuesdays")
    assert not Membership.objects.filter(user=outsider).exists()


def test_team_join_refuses_a_second_pending_request(outsider, stored):
    team = LeaderFactory(team__join_policy=Team.JoinPolicy.REQUEST).team
    team_join(team=team, user=outsider)
    before = stored()

    with pytest.raises(ApplicationError, match="pending request"):
        team_join(team=team, user=outsider)

    assert stored() == before


def test_team_join_refuses_members(team, member, leader, stored):
    before = stored()

    for user in (member, leader):
        with pytest.raises(ApplicationError, match="already a member"):
            team_join(team=team, user=user)

    assert stored() == before


def test_team_join_an_empty_team_makes_the_joiner_its_leader(outsider):
    # No leader is left to approve requests, so even a by-request team is reclaimed.
    team = TeamFactory(join_policy=Team.JoinPolicy.REQUEST)

    result = team_join(team=team, user=outsider)

    assert isinstance(result, Membership)
    assert result.role == Membership.Role.LEADER


def test_team_join_settles_a_pending_request_once_the_team_is_open(outsider):
    join_request = JoinRequestFactory(user=outsider)
    LeaderFactory(team=join_request.team)
    Team.objects.filter(id=join_request.team_id).update(join_policy=Team.JoinPolicy.OPEN)
    join_request.team.refresh_from_db()

    team_join(team=join_request.team, user=outsider)

    join_request.refresh_from_db()
    assert join_request.status == JoinRequest.Status.APPROVED
    assert join_request.decided_at is not None
    assert join_request.decided_by is None
