"""Check-in before round 1 and the registration deadline (docs/swiss.md, "Check-in")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from arbiter.common.exceptions import ApplicationError, PermissionDenied
from arbiter.teams.models import Membership
from arbiter.tournaments.models import AuditEntry, EntryKind, ParticipantStatus, SwissRoundEntry
from arbiter.tournaments.services.checkin import entry_check_in
from arbiter.tournaments.services.entries import (
    RegistrationClosed,
    bye_request_create,
    tournament_join,
    tournament_rejoin,
)
from arbiter.tournaments.services.pairing import round_pair_manually, round_pair_next
from tests.factories.events import event_with_players
from tests.factories.teams import MembershipFactory
from tests.factories.users import UserFactory

pytestmark = pytest.mark.django_db


def test_check_in_opens_n_minutes_before_round_one() -> None:
    built = event_with_players(3, checkin_minutes=30)
    event, (alice, bob, carol) = built.event, built.users
    event.next_round_at = timezone.now() + timedelta(minutes=45)
    event.save(update_fields=["next_round_at"])
    with pytest.raises(ApplicationError, match="Check-in opens at") as early:
        entry_check_in(tournament=event, user=alice)
    assert (
        early.value.extra["opens_at"] == (event.next_round_at - timedelta(minutes=30)).isoformat()
    )

    event.next_round_at = timezone.now() + timedelta(minutes=20)
    event.save(update_fields=["next_round_at"])
    version = event.standings_version
    first = entry_check_in(tournament=event, user=alice)
    assert first.checked_in_at is not None
    assert entry_check_in(tournament=event, user=alice).checked_in_at == first.checked_in_at
    event.refresh_from_db()
    assert event.standings_version == version + 1  # the standings show it: pushed

    with pytest.raises(PermissionDenied):  # a player checks in only themselves
        entry_check_in(tournament=event, user=bob, by=carol)
    assert entry_check_in(tournament=event, user=bob, by=built.leader).checked_in_at is not None
    record = AuditEntry.objects.get(tournament=event, action="player.checked_in")
    assert (record.actor, record.subject) == (built.leader, bob.username)
    stranger = UserFactory()
    with pytest.raises(ApplicationError, match="not in this tournament"):
        entry_check_in(tournament=event, user=stranger)


def test_an_event_without_check_in_refuses_it() -> None:
    built = event_with_players(2)
    with pytest.raises(ApplicationError, match="no check-in"):
        entry_check_in(tournament=built.event, user=built.users[0])


def test_round_one_pauses_the_entries_that_did_not_check_in() -> None:
    built = event_with_players(5, checkin_minutes=60)
    event = built.event
    event.next_round_at = timezone.now() + timedelta(minutes=5)
    event.save(update_fields=["next_round_at"])
    for user in built.users[:4]:
        entry_check_in(tournament=event, user=user)

    rnd = round_pair_next(tournament=event)  # the engine pairs the four present

    assert rnd is not None and rnd.pairings.count() == 2
    absent = built.entries[4]
    absent.refresh_from_db()
    assert absent.status == ParticipantStatus.PAUSED  # paused, not forfeited
    entry = SwissRoundEntry.objects.get(round=rnd, participant=absent)
    assert entry.kind == EntryKind.ZERO_BYE
    record = AuditEntry.objects.get(tournament=event, action="player.checkin_paused")
    assert record.actor is None and record.subject == absent.display_name
    with pytest.raises(ApplicationError, match="Check-in is over"):
        entry_check_in(tournament=event, user=absent.user)
    # Like any paused player they may come back for the next rounds.
    back = tournament_rejoin(tournament=event, user=absent.user)
    assert back.status == ParticipantStatus.ACTIVE


def test_joining_in_the_window_checks_in_and_the_deadline_closes_joins() -> None:
    built = event_with_players(1, checkin_minutes=30)
    event = built.event
    event.next_round_at = timezone.now() + timedelta(minutes=10)
    event.registration_deadline = timezone.now() + timedelta(minutes=5)
    event.save(update_fields=["next_round_at", "registration_deadline"])
    newcomer, late = UserFactory(), UserFactory()
    for user in (newcomer, late):
        MembershipFactory(team=event.team, user=user, role=Membership.Role.MEMBER)
    assert tournament_join(tournament=event, user=newcomer).checked_in_at is not None

    event.registration_deadline = timezone.now() - timedelta(seconds=1)
    event.save(update_fields=["registration_deadline"])
    with pytest.raises(RegistrationClosed, match="Registration closed at"):
        tournament_join(tournament=event, user=late)


def test_a_leaders_round_one_pairs_only_the_checked_in_and_pauses_the_others() -> None:
    built = event_with_players(3, checkin_minutes=60)
    event = built.event
    event.next_round_at = timezone.now() + timedelta(minutes=5)
    event.save(update_fields=["next_round_at"])
    present, absent = built.entries[:2], built.entries[2]
    for entry in present:
        entry_check_in(tournament=event, user=entry.user)
    with pytest.raises(ApplicationError, match="breaks the rules"):  # the absent player is out
        round_pair_manually(
            tournament=event,
            user=built.leader,
            boards=[(present[0].id, absent.id)],
            bye=present[1].id,
        )
    absent.refresh_from_db()
    assert absent.status == ParticipantStatus.ACTIVE  # refused: nothing stored, nobody paused
    rnd = round_pair_manually(
        tournament=event, user=built.leader, boards=[(present[0].id, present[1].id)], bye=None
    )
    absent.refresh_from_db()
    assert (rnd.number, absent.status) == (1, ParticipantStatus.PAUSED)


def test_a_requested_bye_for_round_one_excuses_the_check_in() -> None:
    built = event_with_players(3, checkin_minutes=60, bye_request_limit=1)
    event = built.event
    event.next_round_at = timezone.now() + timedelta(minutes=5)
    event.save(update_fields=["next_round_at"])
    present, away = built.entries[:2], built.entries[2]
    bye_request_create(tournament=event, user=away.user, round_number=1)
    for entry in present:
        entry_check_in(tournament=event, user=entry.user)
    rnd = round_pair_manually(
        tournament=event, user=built.leader, boards=[(present[0].id, present[1].id)], bye=None
    )
    away.refresh_from_db()
    assert away.status == ParticipantStatus.ACTIVE  # plays from round 2 without a rejoin
    assert SwissRoundEntry.objects.get(round=rnd, participant=away).kind == EntryKind.HALF_BYE


def test_one_checked_in_player_and_one_bye_request_is_too_few_to_start() -> None:
    built = event_with_players(2, checkin_minutes=60, bye_request_limit=1)
    event = built.event
    event.next_round_at = timezone.now() + timedelta(minutes=5)
    event.save(update_fields=["next_round_at"])
    bye_request_create(tournament=event, user=built.users[1], round_number=1)
    entry_check_in(tournament=event, user=built.users[0])
    with pytest.raises(ApplicationError) as refused:  # was the engine's error
        round_pair_next(tournament=event)
    assert refused.value.message == (  # the excused player is no check-in
        "Only 1 of 2 players has checked in for round 1; at least two must check in."
    )
