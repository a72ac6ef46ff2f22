"""The lists where clubs find team Swiss events (issue 39): the lobby's, by status, and a club's
page, which lists the events the club hosts or plays in (a registered team captained by one of
its members)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from arbiter.teamswiss.models import TeamSwissEvent
from arbiter.teamswiss.services.events import event_create
from tests.factories.teams import LeaderFactory, MembershipFactory, TeamFactory
from tests.teamswiss.helpers import event_with_teams, round_stored

pytestmark = pytest.mark.django_db


def _names(query: str) -> list[str]:
    answer = APIClient().get(f"/api/team-swiss/?{query}")
    assert answer.status_code == 200, answer.content
    return [row["name"] for row in answer.json()["results"]]


def test_the_lobby_lists_team_events_by_status() -> None:
    created = event_with_teams(teams=2)
    started = event_with_teams(teams=2)
    round_stored(started, pairs=[(0, 1)])
    TeamSwissEvent.objects.filter(id=created.event.id).update(name="Upcoming League")
    TeamSwissEvent.objects.filter(id=started.event.id).update(name="Running League")
    assert _names("status=created") == ["Upcoming League"]
    assert _names("status=started") == ["Running League"]
    assert _names("status=created&status=started") == ["Running League", "Upcoming League"]
    assert _names("status=finished") == []
    bad = APIClient().get("/api/team-swiss/?status=running")
    assert bad.status_code == 400 and "status" in bad.json()["extra"]["fields"]


def test_a_clubs_page_lists_the_team_events_it_hosts_or_plays_in() -> None:
    built = event_with_teams(teams=2)
    TeamSwissEvent.objects.filter(id=built.event.id).update(name="Open League")
    host = built.event.host
    visiting, bystander = TeamFactory(), LeaderFactory().team
    # The captain of the second registered team is a member of the visiting club.
    MembershipFactory(team=visiting, user=built.captains[1])
    assert _names(f"club={host.slug}") == ["Open League"]
    assert _names(f"club={visiting.slug}") == ["Open League"]
    assert _names(f"club={bystander.slug}") == []
    # `team` stays the host's filter.
    assert _names(f"team={visiting.slug}") == []


def test_an_event_without_teams_or_rounds_counts_zero_of_each() -> None:
    leader = LeaderFactory()
    event_create(host=leader.team, user=leader.user, name="Empty League", boards=2, num_rounds=3)
    row = APIClient().get(f"/api/team-swiss/?club={leader.team.slug}").json()["results"][0]
    assert (row["team_count"], row["current_round"]) == (0, 0)
