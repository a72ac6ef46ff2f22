"""A finished over-the-board event whose FIDE data is complete but for one thing: a new
player (a FIDE ID, no rating yet) without a birth year. The rating report tests start from
it."""

from __future__ import annotations

from dataclasses import dataclass

from arbiter.tournaments.models import SwissParticipant
from tests.factories.events import BuiltEvent, event_with_round
from tests.factories.tournaments import TimeControlFactory

ROUNDS = 3
# Two boards a round among four players: every game played, none forfeited.
RESULTS = [["1-0", "1/2-1/2"], ["0-1", "1-0"], ["1/2-1/2", "1-0"]]


@dataclass
class RatedEvent:
    built: BuiltEvent
    newcomer: SwissParticipant  # rating 0, a new FIDE ID, no birth year

    @property
    def base(self) -> str:
        return f"/api/tournaments/swiss/{self.built.event.id}"


def rated_event(*, with_arbiters: bool = True) -> RatedEvent:
    built = event_with_round(
        4,
        ROUNDS,
        results=RESULTS,
        registered=4,
        ratings=[2105, 1960, 1880, 0],
        num_rounds=ROUNDS,
        time_control=TimeControlFactory(limit_seconds=5400, increment_seconds=30),
        venue="Oslo",
    )
    event = built.event
    assert event.status == "finished"
    event.federation = "NOR"
    if with_arbiters:
        event.chief_arbiter_name = "Hansen, Kari"
        event.chief_arbiter_fide_id = "1509012"
        event.deputy_arbiters = [{"name": "Berg, Ola", "fide_id": "1512345"}]
    event.save()
    for i, entry in enumerate(built.entries):
        entry.sex = "w" if i % 2 else "m"
        entry.save(update_fields=["sex"])
    newcomer = built.entries[-1]
    newcomer.fide_id, newcomer.birth_year, newcomer.name = "1534567", None, "Nyhus, Per"
    newcomer.save(update_fields=["fide_id", "birth_year", "name"])
    return RatedEvent(built, newcomer)
