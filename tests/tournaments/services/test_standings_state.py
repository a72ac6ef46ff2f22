"""The light state standings_store reads agrees with the full event state, and the stored
standings are the ones computed from the full state (byes, forfeits and unfinished boards)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from arbiter.tournaments.models import SwissParticipant, SwissTournament
from arbiter.tournaments.read.state import event_state, standings_state
from arbiter.tournaments.services.standings import standings_store
from tests.factories.events import event_with_round
from tests.tournaments.standings_oracle import standings_afresh

pytestmark = pytest.mark.django_db


def event_in_round_two() -> SwissTournament:
    """Seven players (so a pairing bye each round); round 1 has a forfeit, round 2 is under
    way with one result and the other boards unfinished. Built by the factories: the state
    is the subject here, not the requests that would make it."""
    results = [["1-0", "+-", "1/2-1/2"], ["0-1"]]
    return event_with_round(7, rounds=2, results=results, num_rounds=3).event


def test_standings_state_is_the_event_state_without_the_models():
    event = event_in_round_two()
    full = event_state(tournament=event)
    light = standings_state(tournament=event)

    assert light.pairings == full.pairings
    assert list(light.pairings) == [1, 2]
    bye_cells = {
        (number, pid, cell.code)
        for pid, cells in full.sheets.items()
        for number, cell in cells.items()
        if cell.opponent is None
    }
    light_byes = {(n, pid, code) for n, byes in light.byes.items() for pid, code in byes}
    assert light_byes == bye_cells
    assert {code for _, _, code in light_byes} == {"U"}  # one pairing bye per round
    assert len(light_byes) == 2
    assert {
        pid: (p.rating, p.points, p.rank, p.rank_last, p.tiebreaks)
        for pid, p in full.participants.items()
    } == {
        pid: (row.rating, row.points, row.rank, row.rank_last, row.tiebreaks)
        for pid, row in light.participants.items()
    }


def test_standings_store_writes_what_the_full_state_computes():
    event = event_in_round_two()
    SwissParticipant.objects.filter(tournament=event).update(
        points=Decimal(9), rank=None, rank_last=None, tiebreaks={}
    )

    standings_store(tournament=event)

    expected = standings_afresh(event_state(tournament=event))
    tied: dict[int, int] = {}
    for s in expected:
        tied[s.rank] = tied.get(s.rank, 0) + 1
    stored = {
        p.id: (p.points, p.rank, p.rank_last, p.tiebreaks)
        for p in SwissParticipant.objects.filter(tournament=event)
    }
    assert stored == {
        int(s.player_id): (
            s.points,
            s.rank,
            s.rank + tied[s.rank] - 1,
            {code: (None if v is None else str(v)) for code, v in s.values.items()},
        )
        for s in expected
    }
    # 4 points in round 1 (three boards and the bye), 2 so far in round 2
    assert sum(points for points, _, _, _ in stored.values()) == Decimal(6)
