"""The pairing lease: one run per event at a time, a crashed holder's lease runs out, and a
round too large for the machine is refused up front naming the limit."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arbiter.tournaments.models import EventMode, SwissTournament
from arbiter.tournaments.read.selectors import tournaments_due
from arbiter.tournaments.services.pairing_lease import (
    BUSY,
    lease_release,
    lease_take,
    lease_token,
    pairing_lease,
)
from arbiter.tournaments.services.schedule import round_start_if_due
from tests.factories.events import event_with_players
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def _event_with_players(count: int = 4) -> tuple[SwissTournament, object]:
    """An online event with its entries, by the factories: the joins are not the subject
    here; the round start (through the API where the answer is asserted) is."""
    built = event_with_players(count, mode=EventMode.ONLINE)
    return built.event, built.leader


def test_a_leader_starting_a_round_while_it_is_being_paired_gets_409_and_no_round():
    event, leader = _event_with_players()
    with pairing_lease(tournament_id=event.id):  # another run pairs it now
        started = client_of(leader).post(f"/api/tournaments/swiss/{event.id}/start-next-round/")
        assert started.status_code == 409, started.json()
        assert started.json()["message"] == BUSY
    event.refresh_from_db()
    assert event.current_round == 0 and event.pairing_holder == ""
    # Released: the leader can start it now.
    started = client_of(leader).post(f"/api/tournaments/swiss/{event.id}/start-next-round/")
    assert started.status_code == 201, started.json()


def test_the_tick_leaves_a_leased_event_alone_and_keeps_it_due():
    event, _ = _event_with_players()
    SwissTournament.objects.filter(id=event.id).update(next_round_at=timezone.now())
    token = lease_token()
    assert lease_take(tournament_id=event.id, token=token)
    assert event.id not in list(tournaments_due())
    assert round_start_if_due(tournament_id=event.id) is None
    event.refresh_from_db()
    assert event.current_round == 0 and event.next_round_at is not None  # still due
    lease_release(tournament_id=event.id, token=token)
    assert event.id in list(tournaments_due())
    assert round_start_if_due(tournament_id=event.id) == 1


def test_a_crashed_holders_lease_runs_out():
    event, _ = _event_with_players()
    assert lease_take(tournament_id=event.id, token="crashed")
    assert not lease_take(tournament_id=event.id, token="other")
    SwissTournament.objects.filter(id=event.id).update(
        pairing_until=timezone.now() - timedelta(seconds=1)  # nobody refreshed it
    )
    assert lease_take(tournament_id=event.id, token="other")


def test_a_round_over_the_time_limit_is_refused_up_front_naming_it(monkeypatch):
    event, leader = _event_with_players()
    monkeypatch.setenv("ARBITER_PAIRING_TIMEOUT", "120")
    monkeypatch.setenv("ARBITER_PAIRING_MAX_SECONDS", "60")
    started = client_of(leader).post(f"/api/tournaments/swiss/{event.id}/start-next-round/")
    assert started.status_code == 400, started.json()
    message = started.json()["message"]
    assert "ARBITER_PAIRING_MAX_SECONDS" in message and "not started" in message
    event.refresh_from_db()
    assert event.current_round == 0 and event.pairing_holder == ""
