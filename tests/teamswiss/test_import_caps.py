"""A team TRF import is held to the caps of every event: the players of the event
(`ARBITER_MAX_EVENT_PLAYERS`), the teams (`ARBITER_MAX_EVENT_TEAMS`) and a squad's size (30).
Over a cap: a 400 on `file` naming it, and nothing stored."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings

from arbiter.teamswiss.models import TeamSwissEvent, TeamSwissPlayer, TeamSwissTeam
from arbiter.trf.team_event import Team, TeamEvent, TeamPlayer
from arbiter.trf.team_trf import team_event_to_trf
from arbiter.trf.writer import write_trf
from tests.factories.teams import LeaderFactory
from tests.tournaments.helpers import client_of

pytestmark = pytest.mark.django_db


def team_trf(sizes: list[int], *, boards: int = 2) -> str:
    """A team event of no round played yet: one team per entry of `sizes`, that many players."""
    teams, players, number = [], [], 1
    for tpn, size in enumerate(sizes, 1):
        squad = []
        for _ in range(size):
            players.append(TeamPlayer(number, f"Player {number}", 1400 + number % 1000))
            squad.append(number)
            number += 1
        teams.append(Team(tpn, f"Team {tpn}", tuple(squad)))
    event = TeamEvent(
        name="Big League", boards=boards, total_rounds=9, teams=tuple(teams), players=tuple(players)
    )
    return write_trf(team_event_to_trf(event))


def imported(text: str) -> Any:
    membership = LeaderFactory()
    upload = SimpleUploadedFile("league.trf", text.encode(), content_type="text/plain")
    return client_of(membership.user).post(
        "/api/team-swiss/import/", {"team": membership.team.slug, "file": upload}
    )


def nothing_stored() -> bool:
    return not (
        TeamSwissEvent.objects.exists()
        or TeamSwissTeam.objects.exists()
        or TeamSwissPlayer.objects.exists()
    )


def test_the_issues_file_of_999_teams_and_9990_players_is_refused_naming_the_caps() -> None:
    response = imported(team_trf([10] * 999, boards=8))
    assert response.status_code == 400, response.json()
    messages = response.json()["extra"]["fields"]["file"]
    assert "999 teams: an event here holds at most 200 (ARBITER_MAX_EVENT_TEAMS)" in messages
    assert "9990 players: an event here holds at most 2000 (ARBITER_MAX_EVENT_PLAYERS)" in messages
    assert nothing_stored()


@override_settings(MAX_EVENT_TEAMS=4)
def test_an_import_over_the_team_cap_is_refused_naming_it() -> None:
    response = imported(team_trf([2] * 5))
    assert response.status_code == 400, response.json()
    assert response.json()["extra"]["fields"]["file"] == [
        "5 teams: an event here holds at most 4 (ARBITER_MAX_EVENT_TEAMS)"
    ]
    assert nothing_stored()
    assert imported(team_trf([2] * 4)).status_code == 201  # at the cap: stored


@override_settings(MAX_EVENT_PLAYERS=7)
def test_an_import_over_the_player_cap_is_refused_naming_it() -> None:
    response = imported(team_trf([2, 2, 2, 2]))
    assert response.status_code == 400, response.json()
    assert response.json()["extra"]["fields"]["file"] == [
        "8 players: an event here holds at most 7 (ARBITER_MAX_EVENT_PLAYERS)"
    ]
    assert nothing_stored()


def test_a_squad_over_thirty_players_is_refused_naming_the_team() -> None:
    response = imported(team_trf([2, 31, 2]))
    assert response.status_code == 400, response.json()
    assert response.json()["extra"]["fields"]["file"] == [
        "Team 2: 31 players: a squad has at most 30."
    ]
    assert nothing_stored()
