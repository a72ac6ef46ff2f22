import pytest

from arbiter.common.exceptions import ApplicationError, PermissionDenied
from arbiter.teams.models import JoinRequest, Membership, Team
from arbiter.teams.services import join_request_approve, join_request_refuse, team_join
from tests.factories.teams import JoinRequestFactory, LeaderFactory, MembershipFactory
from tests.factories.users import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def pending() -> JoinRequest:
    join_request = JoinRequestFactory(team__name="Castles")
    LeaderFactory(team=join_request.team, user__username="castellan")
    return join_request


@pytest.fixture
def castellan(pending: JoinRequest):
    return pending.team.memberships.get(role=Membership.Role.LEADER).user


def test_join_request_approve_makes_the_requester_a_member(pending, castellan):
    decided = join_request_approve(join_request=pending, actor=castellan)

    assert decided.status == JoinRequest.Status.APPROVED
    assert decided.decided_by == castellan
    assert decided.decided_at is not None
    membership = Membership.objects.get(team=pending.team, user=pending.user)
    assert membership.role == Membership.Role.MEMBER


def test_join_request_refuse_keeps_the_requester_out(pending, castellan):
    decided = join_request_refuse(join_request=pending, actor=castellan)

    assert decided.status == JoinRequest.Status.REFUSED
    assert decided.decided_by == castellan
    assert not Membership.objects.filter(team=pending.team, user=pending.user).exists()


def test_a_refused_user_may_ask_again(pending, castellan):
    join_request_refuse(join_request=pending, actor=castellan)

    again = team_join(team=pending.team, user=pending.user)

    assert isinstance(again, JoinRequest)
    assert again.pk != pending.pk
    assert again.status == JoinRequest.Status.PENDING


@pytest.mark.parametrize("decide", [join_request_approve, join_request_refuse])
@pytest.mark.parametrize("role", ["member", "outsider", "requester"])
def test_join_request_decisions_are_for_leaders_only(pending, decide, role, stored):
    if role == "member":
        actor = MembershipFactory(team=pending.team).user
    elif role == "outsider":
        actor = UserFactory()
    else:
        actor = pending.user
    before = stored()

    with pytest.raises(PermissionDenied):
        decide(join_request=pending, actor=actor)

    assert stored() == before


def test_a_leader_of_another_team_cannot_decide(pending):
    other_leader = LeaderFactory(team__join_policy=Team.JoinPolicy.REQUEST).user

    with pytest.raises(PermissionDenied):
        join_request_approve(join_request=pending, actor=other_leader)

    assert JoinRequest.objects.get(pk=pending.pk).status == JoinRequest.Status.PENDING


@pytest.mark.parametrize("first", [join_request_approve, join_request_refuse])
@pytest.mark.parametrize("second", [join_request_approve, join_request_refuse])
def test_a_decided_request_cannot_be_decided_again(pending, castellan, first, second, stored):
    first(join_request=pending, actor=castellan)
    before = stored()

    with pytest.raises(ApplicationError, match="already"):
        second(join_request=pending, actor=castellan)

    assert stored() == before
