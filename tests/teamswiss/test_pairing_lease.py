"""The team event's pairing lease is the individual one (arbiter.common.pairing_lease): held by
another run it refuses (409) and pairs nothing; a crashed holder's lease runs out; a refused
pairing releases it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arbiter.common.exceptions import ApplicationError
from arbiter.common.pairing_lease import BUSY, PairingBusy, lease_take
from arbiter.teamswiss.models import TeamSwissEvent
from arbiter.teamswiss.services.lineups import lineups_close
from arbiter.teamswiss.services.pairing import round_pair_next
from arbiter.teamswiss.services.results import board_result_submit
from tests.teamswiss.helpers import event_with_teams

pytestmark = pytest.mark.django_db


def test_a_lease_held_elsewhere_refuses_and_pairs_nothing_until_it_runs_out() -> None:
    built = event_with_teams(teams=4)
    assert lease_take(model=TeamSwissEvent, event_id=built.event.id, token="crashed")
    with pytest.raises(PairingBusy) as refused:
        round_pair_next(event=built.event, user=built.leader)
    assert refused.value.message == BUSY and refused.value.status_code == 409
    assert not built.event.rounds.exists()

    # Its holder died: nobody refreshes it, it runs out, and the event is paired.
    TeamSwissEvent.objects.filter(id=built.event.id).update(
        pairing_until=timezone.now() - timedelta(seconds=1)
    )
    assert round_pair_next(event=built.event, user=built.leader).number == 1
    event = TeamSwissEvent.objects.get(id=built.event.id)
    assert (event.pairing_holder, event.pairing_until) == ("", None)


def test_a_refused_pairing_releases_the_lease() -> None:
    built = event_with_teams(teams=2, num_rounds=2)
    round_pair_next(event=built.event, user=built.leader)
    lineups_close(event=built.event, number=1, user=built.leader)
    for board in (1, 2):
        board_result_submit(
            event=built.event, number=1, table=1, board=board, user=built.leader, result="1/2"
        )
    with pytest.raises(ApplicationError, match="No valid pairing for round 2"):
        round_pair_next(event=built.event, user=built.leader)
    event = TeamSwissEvent.objects.get(id=built.event.id)
    assert (event.pairing_holder, event.pairing_until) == ("", None)
    assert event.rounds.count() == 1
