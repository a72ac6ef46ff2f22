"""Registering a team, and adding reserves, are held to the caps of every event: the teams
(`ARBITER_MAX_EVENT_TEAMS`) and the players (`ARBITER_MAX_EVENT_PLAYERS`) of the event. Over a
cap: a 400 naming it, and nothing stored."""

from __future__ import annotations

import pytest
from django.test import override_settings

from arbiter.teamswiss.models import TeamSwissPlayer, TeamSwissTeam
from tests.teamswiss.helpers import event_with_teams
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def squad(size: int) -> list[dict[str, object]]:
    return [{"name": f"Reserve {i}", "rating": 1500} for i in range(size)]


@override_settings(MAX_EVENT_TEAMS=3)
def test_a_team_over_the_team_cap_is_refused_naming_it() -> None:
    built = event_with_teams(teams=3)
    response = client_of(built.leader).post(
        f"/api/team-swiss/{built.event.id}/teams/",
        {"name": "Club Z", "players": squad(2)},
        format="json",
    )
    assert response.status_code == 400, response.json()
    assert response.json()["extra"]["fields"]["non_field_errors"] == [
        "3 teams + 1 new: an event here holds at most 3 (ARBITER_MAX_EVENT_TEAMS)"
    ]
    assert TeamSwissTeam.objects.filter(event=built.event).count() == 3


@override_settings(MAX_EVENT_PLAYERS=9)
def test_a_squad_over_the_player_cap_is_refused_naming_it() -> None:
    built = event_with_teams(teams=3)  # 6 players
    response = client_of(built.leader).post(
        f"/api/team-swiss/{built.event.id}/teams/",
        {"name": "Club Z", "players": squad(4)},
        format="json",
    )
    assert response.status_code == 400, response.json()
    assert response.json()["extra"]["fields"]["players"] == [
        "6 players + 4 new: an event here holds at most 9 (ARBITER_MAX_EVENT_PLAYERS)"
    ]
    assert not TeamSwissTeam.objects.filter(name="Club Z").exists()
    assert TeamSwissPlayer.objects.filter(event=built.event).count() == 6


@override_settings(MAX_EVENT_PLAYERS=7)
def test_reserves_over_the_player_cap_are_refused_naming_it() -> None:
    built = event_with_teams(teams=3)  # 6 players
    team = built.teams[0]
    kept = [{"id": p.id} for p in team.players.order_by("order")]
    response = client_of(built.leader).put(
        f"/api/team-swiss/{built.event.id}/teams/{team.tpn}/",
        {"name": team.name, "players": [*kept, *squad(2)]},
        format="json",
    )
    assert response.status_code == 400, response.json()
    assert response.json()["extra"]["fields"]["players"] == [
        "6 players + 2 new: an event here holds at most 7 (ARBITER_MAX_EVENT_PLAYERS)"
    ]
    assert TeamSwissPlayer.objects.filter(event=built.event).count() == 6
    # One reserve fits.
    response = client_of(built.leader).put(
        f"/api/team-swiss/{built.event.id}/teams/{team.tpn}/",
        {"name": team.name, "players": [*kept, *squad(1)]},
        format="json",
    )
    assert response.status_code == 200, response.json()


def test_a_squad_over_thirty_is_refused() -> None:
    built = event_with_teams(teams=2)
    response = client_of(built.leader).post(
        f"/api/team-swiss/{built.event.id}/teams/",
        {"name": "Club Z", "players": squad(31)},
        format="json",
    )
    assert response.status_code == 400, response.json()
    assert "players" in response.json()["extra"]["fields"]
    assert not TeamSwissTeam.objects.filter(name="Club Z").exists()
