from datetime import timedelta

import factory
from django.utils import timezone

from arbiter.games.models import TimeControl
from arbiter.tournaments.models import SwissParticipant, SwissTournament
from tests.factories.teams import TeamFactory
from tests.factories.users import UserFactory


class TimeControlFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = TimeControl
        django_get_or_create = ("limit_seconds", "increment_seconds")

    limit_seconds = 180
    increment_seconds = 2


class SwissTournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SwissTournament

    team = factory.SubFactory(TeamFactory)
    created_by = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Swiss {n}")
    time_control = factory.SubFactory(TimeControlFactory)
    num_rounds = 5
    start_time = factory.LazyFunction(lambda: timezone.now() + timedelta(hours=1))
    tiebreak_order = factory.LazyFunction(lambda: ["BH", "SB", "PS", "DE"])
    mode = "otb"


class SwissParticipantFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SwissParticipant

    tournament = factory.SubFactory(SwissTournamentFactory)
    user = factory.SubFactory(UserFactory)
    rating = 1500
