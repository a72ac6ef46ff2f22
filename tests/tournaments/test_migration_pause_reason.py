"""Migration 0020: entries the check-in rule paused before `pause_reason` existed are named so;
other pauses keep the blank reason (read as "withdrawn", as before)."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from arbiter.tournaments.models import ParticipantStatus, SwissByeRequest, TournamentStatus
from tests.factories.events import event_with_players

pytestmark = pytest.mark.django_db

migration = importlib.import_module("arbiter.tournaments.migrations.0020_participant_pause_reason")


def test_check_in_pauses_are_named_the_others_left_blank() -> None:
    built = event_with_players(5, checkin_minutes=30, current_round=1)
    built.event.status = TournamentStatus.RUNNING
    built.event.save(update_fields=["status"])
    missed, excused, late, rejoined, playing = built.entries
    SwissByeRequest.objects.create(participant=excused, round_number=1)
    late.joined_after_round = 1
    for entry in (missed, excused, late, rejoined):
        entry.status = ParticipantStatus.PAUSED
    rejoined.checked_in_at = built.event.start_time  # a rejoin checks in
    for entry in built.entries:
        entry.save()
    other = event_with_players(1)  # no check-in: a pause there is a withdrawal
    other.entries[0].status = ParticipantStatus.PAUSED
    other.entries[0].save()

    migration.check_in_pauses_named(apps, None)

    reasons = {e.id: e.pause_reason for e in type(missed).objects.all()}
    assert reasons[missed.id] == "no_check_in"
    assert [reasons[e.id] for e in (excused, late, rejoined, playing, other.entries[0])] == [""] * 5
