import factory
from django.utils import timezone

from arbiter.games.models import Game
from arbiter.games.rules import first_move_deadline_at, starting_ms
from arbiter.tournaments.models import EventMode
from tests.factories.tournaments import SwissPairingFactory


class GameFactory(factory.django.DjangoModelFactory):
    """The game of an online board, at its start: the clocks from the event's time control
    and the first-move deadline from the round's start, by the same rules the round start
    uses (`arbiter.games.rules`), so a test of play or of the flag sees the clocks a real
    round gives."""

    class Meta:
        model = Game

    class Params:
        time_control = factory.LazyAttribute(lambda g: g.pairing.round.tournament.time_control)

    pairing = factory.SubFactory(SwissPairingFactory, round__tournament__mode=EventMode.ONLINE)
    white = factory.LazyAttribute(lambda g: g.pairing.white.user)
    black = factory.LazyAttribute(lambda g: g.pairing.black.user)
    initial_ms = factory.LazyAttribute(lambda g: g.time_control.limit_seconds * 1000)
    increment_ms = factory.LazyAttribute(lambda g: g.time_control.increment_seconds * 1000)
    white_ms = factory.LazyAttribute(
        lambda g: starting_ms(g.time_control.limit_seconds, g.time_control.increment_seconds)
    )
    black_ms = factory.SelfAttribute("white_ms")
    turn_started_at = factory.LazyFunction(timezone.now)
    first_move_seconds = factory.LazyAttribute(lambda g: g.pairing.round.tournament.no_show_seconds)
    flag_at = factory.LazyAttribute(
        lambda g: first_move_deadline_at(
            speed=g.time_control.speed,
            round_started_at=g.pairing.round.started_at or g.turn_started_at,
            now=g.turn_started_at,
            seconds=g.first_move_seconds,
        )
    )
