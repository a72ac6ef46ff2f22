import pytest

from arbiter.common.exceptions import ApplicationError
from arbiter.teams.models import Membership, Team
from arbiter.teams.services import team_leave
from tests.factories.teams import LeaderFactory

pytestmark = pytest.mark.django_db


def test_team_leave_removes_a_member(team, member):
    team_leave(team=team, user=member)

    assert not Membership.objects.filter(team=team, user=member).exists()


def test_team_leave_refuses_the_last_leader_while_others_remain(team, leader, member, stored):
    before = stored()

    with pytest.raises(ApplicationError, match="last leader"):
        team_leave(team=team, user=leader)

    assert stored() == before


def test_team_leave_lets_a_leader_go_when_another_leader_remains(team, leader, member):
    other = LeaderFactory(team=team).user

    team_leave(team=team, user=leader)

    assert set(team.memberships.values_list("user_id", "role")) == {
        (member.id, Membership.Role.MEMBER),
        (other.id, Membership.Role.LEADER),
    }


def test_team_leave_by_the_only_member_leaves_an_empty_team(team, leader):
    team_leave(team=team, user=leader)

    assert Team.objects.filter(id=team.id).exists()
    assert not team.memberships.exists()


def test_team_leave_refuses_non_members(team, leader, outsider, stored):
    before = stored()

    with pytest.raises(ApplicationError, match="not a member"):
        team_leave(team=team, user=outsider)

    assert stored() == before
