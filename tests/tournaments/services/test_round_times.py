"""The round schedule (docs/swiss.md, "Round schedule"): a listed time starts its round once
the previous one is complete, a late round lets the next start at once, and the list is
checked as a whole."""

from __future__ import annotations

from datetime import UTC, timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from arbiter.common.exceptions import InvalidInput
from arbiter.tournaments.models import SwissPairing
from arbiter.tournaments.read.schedule import round_one_at, round_times_list
from arbiter.tournaments.services.completion import round_complete_if_done
from arbiter.tournaments.services.lifecycle import tournament_update
from arbiter.tournaments.services.round_times import round_times_clean
from arbiter.tournaments.services.schedule import round_start_if_due
from tests.factories.events import BuiltEvent, event_with_players, event_with_round


def _complete(built: BuiltEvent) -> None:
    """Every board of the current round gets a result; the round completes as the last
    result's service completes it (services/completion.py)."""
    assert built.round is not None
    SwissPairing.objects.filter(round=built.round).update(result="1-0")
    with transaction.atomic():
        round_complete_if_done(tournament=built.event, rnd=built.round)
    built.event.refresh_from_db()
    built.round.refresh_from_db()


pytestmark = pytest.mark.django_db


def test_the_list_is_checked_as_a_whole() -> None:
    now = timezone.now()
    start = now + timedelta(hours=1)
    times = [start - timedelta(minutes=1), start + timedelta(hours=2), start + timedelta(hours=1)]
    with pytest.raises(InvalidInput) as refused:
        round_times_clean(
            times=[*times, start + timedelta(hours=3)],
            before=[],
            num_rounds=3,
            start_time=start,
            current_round=0,
        )
    assert refused.value.message_dict["round_times"] == [
        "At most one time per round: this event has 3 rounds.",
        "Round 1 cannot start before the event's start time.",
        f"Round 3 must start after round 2 ({times[1].astimezone(UTC):%Y-%m-%d %H:%M} UTC).",
    ]
    past = now - timedelta(hours=1)
    with pytest.raises(InvalidInput, match="Round 2's time is in the past"):
        round_times_clean(
            times=[past - timedelta(hours=1), past],
            before=[],
            num_rounds=3,
            start_time=past - timedelta(hours=2),
            current_round=1,
        )
    # A listed time that has passed may stay while its round is late; rounds played keep theirs.
    kept = [past - timedelta(hours=1), past]
    stored = round_times_clean(
        times=kept, before=kept, num_rounds=3, start_time=kept[0], current_round=1
    )
    assert stored == [t.astimezone(UTC).isoformat() for t in kept]


def test_a_listed_time_starts_its_round_after_the_previous_completes_or_at_once_if_late() -> None:
    built = event_with_round(4, rounds=1)
    event = built.event
    soon = timezone.now() + timedelta(hours=2)
    later = soon + timedelta(hours=24)
    tournament_update(
        tournament=event,
        user=built.leader,
        data={"round_times": [event.start_time, soon, later]},
    )
    event.refresh_from_db()
    # Round 1 is still played: the next round is timed when it completes.
    assert event.next_round_at is None
    assert round_times_list(tournament=event) == [event.start_time, soon, later]
    event.refresh_from_db()
    _complete(built)
    assert built.event.next_round_at == soon

    # Round 3's listed time has passed by the time round 2 completes: it is due at once.
    late = event_with_round(4, rounds=2, results=[["1-0", "0-1"]], round_interval_seconds=60)
    past = timezone.now() - timedelta(minutes=2)
    late.event.round_times = [
        t.isoformat() for t in (late.event.start_time, past - timedelta(hours=1), past)
    ]
    late.event.save(update_fields=["round_times"])
    _complete(late)
    assert late.round is not None
    assert late.event.next_round_at == late.round.completed_at


def test_round_one_follows_its_listed_time_and_rounds_beyond_the_list_the_interval() -> None:
    built = event_with_players(4, num_rounds=3, round_interval_seconds=600)
    event = built.event
    first = event.start_time + timedelta(minutes=30)
    tournament_update(tournament=event, user=built.leader, data={"round_times": [first]})
    event.refresh_from_db()
    assert event.next_round_at == first == round_one_at(tournament=event)
    with pytest.raises(InvalidInput):  # fewer rounds than listed times
        tournament_update(
            tournament=event,
            user=built.leader,
            data={"round_times": [first, first + timedelta(hours=1)], "num_rounds": 1},
        )
    tournament_update(tournament=event, user=built.leader, data={"round_times": []})
    event.refresh_from_db()
    assert event.next_round_at == event.start_time


def test_beyond_the_list_the_interval_counts_from_the_completion() -> None:
    built = event_with_round(4, rounds=1, round_interval_seconds=600)
    built.event.round_times = [built.event.start_time.isoformat()]
    built.event.save(update_fields=["round_times"])
    _complete(built)
    assert built.round is not None and built.round.completed_at is not None
    assert built.event.next_round_at == built.round.completed_at + timedelta(seconds=600)


def test_the_tick_starts_a_listed_round_only_once_the_previous_is_complete() -> None:
    built = event_with_round(4, rounds=1, num_rounds=3)
    past = timezone.now() - timedelta(minutes=1)
    event = built.event
    event.round_times = [event.start_time.isoformat(), past.isoformat()]
    event.save(update_fields=["round_times"])
    assert round_start_if_due(tournament_id=event.id) is None  # round 1 is still played
    _complete(built)
    assert built.round is not None  # round 2's time has passed: due at the completion
    assert built.event.next_round_at == built.round.completed_at
    assert round_start_if_due(tournament_id=event.id) == 2  # the engine pairs it


def test_a_played_round_one_listed_before_a_start_moved_later_does_not_lock_the_list() -> None:
    """A leader moved the start later (`round_schedule`): round 1's listed time stayed before
    it. Once round 1 is played, the list can still be edited (played rounds keep theirs)."""
    built = event_with_round(4, rounds=1, results=[["1-0", "1-0"]], num_rounds=3)
    event = built.event
    event.round_times = [(event.start_time - timedelta(minutes=30)).isoformat()]
    event.save(update_fields=["round_times"])
    later = timezone.now() + timedelta(days=7)
    tournament_update(
        tournament=event,
        user=built.leader,
        data={"round_times": [*round_times_list(tournament=event), later]},
    )
    tournament_update(tournament=event, user=built.leader, data={"num_rounds": 4})
    event.refresh_from_db()
    assert round_times_list(tournament=event)[1] == later
    assert event.num_rounds == 4


def test_switching_to_manual_mode_between_rounds_keeps_the_next_round_s_listed_time() -> None:
    built = event_with_round(4, rounds=1, num_rounds=3, round_interval_seconds=600)
    event = built.event
    soon = timezone.now() + timedelta(hours=2)
    event.round_times = [event.start_time.isoformat(), soon.isoformat()]
    event.save(update_fields=["round_times"])
    _complete(built)
    assert event.next_round_at == soon
    tournament_update(tournament=event, user=built.leader, data={"round_interval_seconds": None})
    event.refresh_from_db()
    assert (event.round_interval_seconds, event.next_round_at) == (None, soon)
