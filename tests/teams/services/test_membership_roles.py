import pytest

from arbiter.common.exceptions import ApplicationError, NotFound, PermissionDenied
from arbiter.teams.models import Membership
from arbiter.teams.services import membership_demote, membership_promote
from tests.factories.teams import LeaderFactory

pytestmark = pytest.mark.django_db


def _membership(team, user) -> Membership:
    return Membership.objects.get(team=team, user=user)


def test_membership_promote_makes_a_member_a_leader(team, leader, member):
    promoted = membership_promote(membership=_membership(team, member), actor=leader)

    assert promoted.role == Membership.Role.LEADER
    assert _membership(team, member).role == Membership.Role.LEADER


def test_a_member_cannot_promote(team, leader, member, stored):
    other = _membership(team, member)
    before = stored()

    with pytest.raises(PermissionDenied):
        membership_promote(membership=other, actor=member)

    assert stored() == before


def test_an_outsider_cannot_promote(team, member, outsider, stored):
    before = stored()

    with pytest.raises(PermissionDenied):
        membership_promote(membership=_membership(team, member), actor=outsider)

    assert stored() == before


def test_membership_promote_refuses_a_leader(team, leader, stored):
    before = stored()

    with pytest.raises(ApplicationError, match="already a leader"):
        membership_promote(membership=_membership(team, leader), actor=leader)

    assert stored() == before


def test_membership_demote_makes_another_leader_a_member(team, leader, member):
    other = LeaderFactory(team=team)

    demoted = membership_demote(membership=other, actor=leader)

    assert demoted.role == Membership.Role.MEMBER


def test_a_leader_may_step_down_while_another_leader_remains(team, leader):
    LeaderFactory(team=team)

    membership_demote(membership=_membership(team, leader), actor=leader)

    assert _membership(team, leader).role == Membership.Role.MEMBER


def test_the_last_leader_cannot_step_down(team, leader, member, stored):
    before = stored()

    with pytest.raises(ApplicationError, match="needs a leader"):
        membership_demote(membership=_membership(team, leader), actor=leader)

    assert stored() == before


def test_membership_demote_refuses_a_plain_member(team, leader, member, stored):
    before = stored()

    with pytest.raises(ApplicationError, match="not a leader"):
        membership_demote(membership=_membership(team, member), actor=leader)

    assert stored() == before


def test_a_member_cannot_demote(team, leader, member, stored):
    before = stored()

    with pytest.raises(PermissionDenied):
        membership_demote(membership=_membership(team, leader), actor=member)

    assert stored() == before


def test_a_membership_gone_meanwhile_is_not_found(team, leader, member):
    stale = _membership(team, member)
    Membership.objects.filter(pk=stale.pk).delete()

    with pytest.raises(NotFound):
        membership_promote(membership=stale, actor=leader)
