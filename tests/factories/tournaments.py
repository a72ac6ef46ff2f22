from datetime import timedelta

import factory
from django.utils import timezone

from arbiter.games.models import TimeControl
from arbiter.tournaments.models import (
    EntryKind,
    RoundStatus,
    SwissPairing,
    SwissParticipant,
    SwissRound,
    SwissRoundEntry,
    SwissTournament,
    TournamentStatus,
)
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

    class Params:
        # An event whose first round has started: its start time is past. `current_round`
        # is the rounds' to raise (SwissRoundFactory does), not the event's.
        running = factory.Trait(
            status=TournamentStatus.RUNNING,
            start_time=factory.LazyFunction(lambda: timezone.now() - timedelta(hours=1)),
        )

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


class RegisteredEntryFactory(SwissParticipantFactory):
    """A player entered by the arbiter by name (no account), as the registered-entries
    service stores one: the event is over the board, the rating is a FIDE one."""

    user = None
    name = factory.Sequence(lambda n: f"Registered, Player {n}")
    fide_id = factory.Sequence(lambda n: str(1_500_000 + n))
    federation = "NOR"
    birth_year = 1990
    rating_kind = "fide"


class SwissRoundFactory(factory.django.DjangoModelFactory):
    """A round being played, by default the event's next one. Storing a round raises the
    event's `current_round` to it and runs the event, as the round store does: a round the
    event does not know it is in makes every service refuse or misread it."""

    class Meta:
        model = SwissRound
        skip_postgeneration_save = True

    tournament = factory.SubFactory(SwissTournamentFactory, running=True)
    number = factory.LazyAttribute(lambda r: r.tournament.current_round + 1)
    status = RoundStatus.PLAYING
    started_at = factory.LazyFunction(timezone.now)
    engine = "factory"

    @factory.post_generation
    def current(obj, create, extracted, **kwargs):
        event = obj.tournament
        if create and event.current_round < obj.number:
            event.current_round = obj.number
            event.status = TournamentStatus.RUNNING
            event.next_round_at = None
            event.save(update_fields=["current_round", "status", "next_round_at"])


class SwissPairingFactory(factory.django.DjangoModelFactory):
    """A board, by default the round's next one, with both players' round entries (the
    round store never writes a board without them: they are what keeps a player off two
    boards of a round). `entries=False` leaves them out."""

    class Meta:
        model = SwissPairing
        skip_postgeneration_save = True

    round = factory.SubFactory(SwissRoundFactory)
    board = factory.LazyAttribute(lambda p: p.round.pairings.count() + 1)
    white = factory.SubFactory(
        SwissParticipantFactory, tournament=factory.SelfAttribute("..round.tournament")
    )
    black = factory.SubFactory(
        SwissParticipantFactory, tournament=factory.SelfAttribute("..round.tournament")
    )

    @factory.post_generation
    def entries(obj, create, extracted, **kwargs):
        if create and extracted is not False:
            SwissRoundEntry.objects.bulk_create(
                SwissRoundEntry(round=obj.round, participant=p, kind=EntryKind.GAME, pairing=obj)
                for p in (obj.white, obj.black)
            )


class SwissRoundEntryFactory(factory.django.DjangoModelFactory):
    """A player's round without a board: the pairing bye by default (`kind` for a half-point
    or zero-point bye). The entries of a board come with SwissPairingFactory."""

    class Meta:
        model = SwissRoundEntry

    round = factory.SubFactory(SwissRoundFactory)
    participant = factory.SubFactory(
        SwissParticipantFactory, tournament=factory.SelfAttribute("..round.tournament")
    )
    kind = EntryKind.PAIRING_BYE
    pairing = None
