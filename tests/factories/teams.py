import factory
from django.utils.text import slugify

from arbiter.teams.models import JoinRequest, Membership, Team
from tests.factories.users import UserFactory


class TeamFactory(factory.django.DjangoModelFactory):
    """A team with no members; add them with MembershipFactory (or use LeaderFactory)."""

    class Meta:
        model = Team

    name = factory.Sequence(lambda n: f"Team {n}")
    slug = factory.LazyAttribute(lambda t: slugify(t.name))
    description = ""
    join_policy = Team.JoinPolicy.OPEN


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    team = factory.SubFactory(TeamFactory)
    user = factory.SubFactory(UserFactory)
    role = Membership.Role.MEMBER


class LeaderFactory(MembershipFactory):
    role = Membership.Role.LEADER


class JoinRequestFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = JoinRequest

    team = factory.SubFactory(TeamFactory, join_policy=Team.JoinPolicy.REQUEST)
    user = factory.SubFactory(UserFactory)
    message = "Please let me in."
    status = JoinRequest.Status.PENDING
