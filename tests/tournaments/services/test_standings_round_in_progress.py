"""Pairing a round, and results of a round in progress, change no tie-break: the stored
tie-breaks are those after the last complete round, which the event says
(`tiebreaks_after_round`); points count every result (docs/tiebreaks.md)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from arbiter.tournaments.models import SwissPairing, SwissParticipant, SwissTournament
from arbiter.tournaments.read.state import event_state
from arbiter.tournaments.services.results.submit import result_submit
from tests.factories.events import event_with_round
from tests.tournaments.helpers import client_of
from tests.tournaments.standings_oracle import standings_afresh

pytestmark = pytest.mark.django_db


def stored(event: SwissTournament) -> dict[int, tuple[Decimal, dict[str, str | None]]]:
    return {
        p.id: (p.points, p.tiebreaks) for p in SwissParticipant.objects.filter(tournament=event)
    }


def boards(event: SwissTournament, number: int) -> list[SwissPairing]:
    return list(
        SwissPairing.objects.filter(round__tournament=event, round__number=number).order_by("board")
    )


def test_bh_of_a_player_does_not_change_when_the_next_round_is_paired():
    # Rounds 1 and 2 played, built by the factories; round 3 is paired by the engine through
    # the API, as a leader starts it: that pairing is what must change no tie-break.
    built = event_with_round(
        6,
        rounds=2,
        results=[["1-0", "1/2-1/2", "0-1"], ["1-0", "0-1", "+-"]],
        ratings=[2000, 1900, 1800, 1700, 1600, 1500],
        num_rounds=3,
        tiebreak_order=["BH", "SB"],
    )
    event, leader = built.event, built.leader
    base = f"/api/tournaments/swiss/{event.id}"
    after_two = stored(event)
    event.refresh_from_db()
    assert event.tiebreaks_after_round == 2
    assert {values["BH"] for _, values in after_two.values()} != {"0"}  # real values

    # Round 3 paired, nothing played: nothing changes, and the event says "after round 2".
    assert client_of(leader).post(f"{base}/start-next-round/").status_code == 201
    assert stored(event) == after_two
    detail = client_of(leader).get(f"{base}/").json()
    assert detail["current_round"] == 3
    assert detail["tiebreaks_after_round"] == 2

    # One result of round 3: the two players' points move, no tie-break does.
    first, *rest = boards(event, 3)
    result_submit(pairing=first, user=leader, result="1-0")
    now = stored(event)
    assert {pid: values for pid, (_, values) in now.items()} == {
        pid: values for pid, (_, values) in after_two.items()
    }
    assert now[first.white_id][0] == after_two[first.white_id][0] + 1
    assert now[first.black_id][0] == after_two[first.black_id][0]
    event.refresh_from_db()
    assert event.tiebreaks_after_round == 2

    # The last result completes the round: tie-breaks after round 3, as computed from the
    # whole event.
    for board in rest:
        result_submit(pairing=board, user=leader, result="1/2-1/2")
    event.refresh_from_db()
    assert event.tiebreaks_after_round == 3
    final = {
        int(s.player_id): (
            s.points,
            {code: (None if v is None else str(v)) for code, v in s.values.items()},
        )
        for s in standings_afresh(event_state(tournament=event))
    }
    assert stored(event) == final
    assert final != after_two
    assert sum(points for points, _ in final.values()) == Decimal(9)
