"""The arbiter's no-show dialog asks what a no-show would do: the ban by the ladder, now."""

from datetime import timedelta

import pytest
from django.utils import timezone

from arbiter.tournaments.models import NoShowRecord
from arbiter.tournaments.services.no_shows import no_show_ban
from tests.factories.teams import LeaderFactory, MembershipFactory
from tests.factories.tournaments import (
    RegisteredEntryFactory,
    SwissParticipantFactory,
    SwissTournamentFactory,
)
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db

DAY = 86_400


def test_the_preview_follows_the_ladder_the_no_show_applies():
    leader = LeaderFactory()
    event = SwissTournamentFactory(team=leader.team, running=True)
    entry = SwissParticipantFactory(tournament=event)
    url = f"/api/tournaments/swiss/{event.id}/entries/{entry.id}/no-show-ban/"
    arbiter = client_of(leader.user)

    first = arbiter.get(url)
    assert first.status_code == 200, first.json()
    assert first.json() == {
        "player": entry.user.username,
        "team_name": leader.team.name,
        "ban_seconds": DAY,
        "banned_until": None,
    }
    # The preview is what the no-show then gives: ×1.5 while a ban runs, ×2 after it ran out.
    applied = no_show_ban(tournament=event, user=entry.user)
    running = arbiter.get(url).json()
    assert running["ban_seconds"] == int(DAY * 1.5)
    assert running["banned_until"] is not None
    assert no_show_ban(tournament=event, user=entry.user).ban_seconds == running["ban_seconds"]
    NoShowRecord.objects.filter(id=applied.id).update(banned_until=timezone.now() - timedelta(1))
    assert arbiter.get(url).json()["ban_seconds"] == DAY * 3


def test_a_player_without_an_account_is_not_banned_and_only_leaders_ask():
    leader = LeaderFactory()
    event = SwissTournamentFactory(team=leader.team, running=True, mode="otb")
    registered = RegisteredEntryFactory(tournament=event)
    base = f"/api/tournaments/swiss/{event.id}/entries"
    answer = client_of(leader.user).get(f"{base}/{registered.id}/no-show-ban/")
    assert answer.status_code == 200
    assert answer.json()["ban_seconds"] is None

    assert client_of(leader.user).get(f"{base}/999999/no-show-ban/").status_code == 404
    member = MembershipFactory(team=leader.team).user
    refused = client_of(member).get(f"{base}/{registered.id}/no-show-ban/")
    assert refused.status_code == 403
