from datetime import timedelta

import pytest
from django.utils import timezone

from arbiter.common.exceptions import ApplicationError, PermissionDenied
from arbiter.ratings.services import user_rating_set
from arbiter.tournaments.models import NoShowRecord, SwissTournament
from arbiter.tournaments.services.entries import tournament_join
from arbiter.tournaments.services.lifecycle import tournament_update
from arbiter.tournaments.services.no_shows import no_show_ban
from tests.factories.teams import MembershipFactory
from tests.factories.tournaments import SwissTournamentFactory
from tests.factories.users import UserFactory

pytestmark = pytest.mark.django_db


def member_of(event: SwissTournament, rating: int | None = None):
    user = UserFactory()
    MembershipFactory(team=event.team, user=user)
    if rating is not None:
        user_rating_set(user=user, speed=event.time_control.speed, rating=rating)
    return user


def test_join_needs_membership_password_and_rating_limits():
    event = SwissTournamentFactory(min_rating=1400, max_rating=1600)
    with pytest.raises(PermissionDenied):
        tournament_join(tournament=event, user=UserFactory())
    with pytest.raises(ApplicationError, match="below the minimum"):
        tournament_join(tournament=event, user=member_of(event, 1300))
    with pytest.raises(ApplicationError, match="above the maximum"):
        tournament_join(tournament=event, user=member_of(event, 1700))
    player = tournament_join(tournament=event, user=member_of(event))  # default 1500
    assert player.rating == 1500


def test_join_with_password():
    event = SwissTournamentFactory()
    leader = event.created_by
    MembershipFactory(team=event.team, user=leader, role="leader")
    tournament_update(tournament=event, user=leader, data={"password": "knights"})
    user = member_of(event)
    with pytest.raises(ApplicationError, match="password"):
        tournament_join(tournament=event, user=user, password="rooks")
    assert tournament_join(tournament=event, user=user, password="knights")


@pytest.mark.parametrize(
    ("rounds", "started", "open_"), [(11, 5, True), (11, 6, False), (12, 6, True), (12, 7, False)]
)
def test_joining_closes_after_half_the_rounds(rounds, started, open_):
    event = SwissTournamentFactory(num_rounds=rounds, current_round=started, status="running")
    user = member_of(event)
    if open_:
        assert tournament_join(tournament=event, user=user).joined_after_round == started
    else:
        with pytest.raises(ApplicationError, match="more than half"):
            tournament_join(tournament=event, user=user)


def test_no_show_ban_ladder():
    event = SwissTournamentFactory()
    user = member_of(event)
    day = timedelta(hours=24)
    first = no_show_ban(tournament=event, user=user)
    assert first.ban_seconds == day.total_seconds()
    # A repeat while the ban still runs: ×1.5.
    second = no_show_ban(tournament=event, user=user)
    assert second.ban_seconds == (day * 1.5).total_seconds()
    # A repeat after the ban ran out: ×2.
    NoShowRecord.objects.filter(id=second.id).update(banned_until=timezone.now() - timedelta(1))
    third = no_show_ban(tournament=event, user=user)
    assert third.ban_seconds == (day * 3).total_seconds()
    # Never more than 30 days.
    for _ in range(10):
        record = no_show_ban(tournament=event, user=user)
    assert record.ban_seconds == timedelta(days=30).total_seconds()
    with pytest.raises(ApplicationError, match="banned"):
        tournament_join(tournament=event, user=user)
