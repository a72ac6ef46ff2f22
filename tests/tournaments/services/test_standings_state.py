"""The light state standings_store reads agrees with the full event state, and the stored
standings are the ones computed from the full state (byes, forfeits and unfinished boards)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from arbiter.tournaments.models import SwissPairing, SwissParticipant, SwissTournament
from arbiter.tournaments.read.state import event_state, standings_state
from arbiter.tournaments.services.results.submit import result_submit
from arbiter.tournaments.services.standings import standings_store
from tests.tournaments.helpers import client_of, create_event, team_with_members
from tests.tournaments.standings_oracle import standings_afresh

pytestmark = pytest.mark.django_db


def event_in_round_two() -> SwissTournament:
    """Seven players (so a pairing bye each round); round 1 has a forfeit, round 2 is under
    way with one result and the other boards unfinished."""
    team, leader, members = team_with_members(7)
    created = create_event(leader, team, num_rounds=3, mode="otb")
    base = f"/api/tournaments/swiss/{created['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    event = SwissTournament.objects.get(id=created["id"])
    for number, results in ((1, ["1-0", "+-", "1/2-1/2"]), (2, ["0-1"])):
        assert client_of(leader).post(f"{base}/start-next-round/").status_code == 201
        boards = SwissPairing.objects.filter(round__tournament=event, round__number=number)
        for board, result in zip(boards.order_by("board"), results, strict=False):
            result_submit(pairing=board, user=leader, result=result)
    return event


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
