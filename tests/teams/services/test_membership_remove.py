import pytest

from arbiter.common.exceptions import ApplicationError, PermissionDenied
from arbiter.teams.models import Membership
from arbiter.teams.services import membership_remove
from tests.factories.teams import LeaderFactory, MembershipFactory

pytestmark = pytest.mark.django_db


def _membership(team, user) -> Membership:
    return Membership.objects.get(team=team, user=user)


def test_a_leader_removes_a_member(team, leader, member):
    membership_remove(membership=_membership(team, member), actor=leader)

    assert not team.memberships.filter(user=member).exists()


def test_a_leader_removes_another_leader(team, leader):
    other = LeaderFactory(team=team)

    membership_remove(membership=other, actor=leader)

    assert list(team.memberships.values_list("user_id", "role")) == [
        (leader.id, Membership.Role.LEADER)
    ]


@pytest.mark.parametrize("target", ["leader", "other_member"])
def test_a_member_cannot_remove_anyone(team, leader, member, target, stored):
    victim = leader if target == "leader" else MembershipFactory(team=team).user
    before = stored()

    with pytest.raises(PermissionDenied):
        membership_remove(membership=_membership(team, victim), actor=member)

    assert stored() == before


def test_an_outsider_cannot_remove_anyone(team, member, outsider, stored):
    before = stored()

    with pytest.raises(PermissionDenied):
        membership_remove(membership=_membership(team, member), actor=outsider)

    assert stored() == before


def test_removing_yourself_is_leaving(team, leader, member):
    membership_remove(membership=_membership(team, member), actor=member)

    assert not team.memberships.filter(user=member).exists()


def test_the_last_leader_cannot_remove_themselves_while_others_remain(team, leader, member, stored):
    before = stored()

    with pytest.raises(ApplicationError, match="last leader"):
        membership_remove(membership=_membership(team, leader), actor=leader)

    assert stored() == before
