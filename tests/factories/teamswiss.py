import factory

from arbiter.teamswiss.models import (
    TeamSwissEvent,
    TeamSwissPlayer,
    TeamSwissTeam,
)
from tests.factories.teams import TeamFactory
from tests.factories.users import UserFactory


class TeamSwissEventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TeamSwissEvent

    host = factory.SubFactory(TeamFactory)
    name = factory.Sequence(lambda n: f"Team league {n}")
    boards = 2
    num_rounds = 3


class TeamSwissTeamFactory(factory.django.DjangoModelFactory):
    """A team with no squad; `TeamSwissPlayerFactory` adds players."""

    class Meta:
        model = TeamSwissTeam

    event = factory.SubFactory(TeamSwissEventFactory)
    tpn = factory.Sequence(lambda n: n + 1)
    name = factory.Sequence(lambda n: f"Squad {n}")
    captain = factory.SubFactory(UserFactory)


class TeamSwissPlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TeamSwissPlayer

    team = factory.SubFactory(TeamSwissTeamFactory)
    event = factory.LazyAttribute(lambda p: p.team.event)
    order = factory.Sequence(lambda n: n + 1)
    user = factory.SubFactory(UserFactory)
    name = factory.LazyAttribute(lambda p: p.user.username if p.user else "Player")
    rating = 1800
