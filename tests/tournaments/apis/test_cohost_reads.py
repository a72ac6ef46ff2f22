"""Co-hosted events as readers and leaders meet them (issue 39): the team standings read after
a result, a disqualification or a withdrawal equal a fresh computation and carry a new version;
a co-host is invited by its name; a team's page lists the events it co-hosts; a player plays
only for a team they belong to."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from rest_framework.test import APIClient

from arbiter.tournaments.live import payloads
from arbiter.tournaments.models import DisqualificationGames, SwissTournament
from arbiter.tournaments.services.cohosts import cohost_accept, cohost_invite, entry_team_set
from tests.factories.events import BuiltEvent, event_with_round
from tests.factories.teams import LeaderFactory, MembershipFactory, TeamFactory
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db


def _two_teams(built: BuiltEvent) -> Any:
    """A guest team co-hosts; the event's even entries play for it (made its members)."""
    event, leader = built.event, built.leader
    guest = LeaderFactory()
    cohost_invite(tournament=event, user=leader, team=guest.team)
    cohost_accept(tournament=event, user=guest.user, team=guest.team)
    for entry in built.entries[::2]:
        MembershipFactory(team=guest.team, user=entry.user)
        entry_team_set(tournament=event, user=leader, participant=entry, team=guest.team)
    return guest


def _read(client: APIClient, event_id: int) -> tuple[list[dict[str, Any]], int]:
    answer = client.get(f"/api/tournaments/swiss/{event_id}/team-standings/")
    assert answer.status_code == 200, answer.content
    return answer.json(), int(answer["Arbiter-Version"])


def _fresh(event_id: int) -> list[dict[str, Any]]:
    """The team table computed now from the database, bypassing every cache."""
    tournament = SwissTournament.objects.get(id=event_id)
    return [dict(row) for row in payloads.team_standings_payload(tournament=tournament)]


def test_the_team_table_read_after_each_change_is_the_fresh_one_of_a_new_version() -> None:
    built = event_with_round(
        8,
        rounds=1,
        ratings=[2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300],
        team_standings_top=2,
        disqualification_games=DisqualificationGames.FORFEIT,
    )
    event = built.event
    _two_teams(built)
    base = f"/api/tournaments/swiss/{event.id}"
    leader, visitor = client_of(built.leader), APIClient()
    rows, version = _read(visitor, event.id)
    assert rows == _fresh(event.id)

    def changed(previous: int) -> int:
        """The visitor's read (a cached page) equals the fresh table, at a newer version."""
        now_rows, now_version = _read(visitor, event.id)
        assert now_version > previous
        assert now_rows == _fresh(event.id)
        return now_version

    # Results, one by one, each through the API as a leader sets them.
    for board in built.boards:
        answer = leader.post(
            f"{base}/pairings/{board.id}/result/", {"result": "1-0"}, format="json"
        )
        assert answer.status_code == 200, answer.content
        version = changed(version)
    counted_before = {row["team"]: row["counted"] for row in _fresh(event.id)}

    # A winner disqualified, their games forfeit: their team's total drops, live.
    winner = built.boards[0].white
    answer = leader.post(
        f"{base}/entries/{winner.id}/disqualify/", {"reason": "Fair play"}, format="json"
    )
    assert answer.status_code == 200, answer.content
    version = changed(version)
    after = {row["team"]: row for row in _fresh(event.id)}
    assert all(winner.display_name not in row["counted"] for row in after.values())
    assert counted_before != {team: row["counted"] for team, row in after.items()}

    # A withdrawal changes no points but is a new version: the page is the fresh one still.
    withdrawn = built.boards[1].black
    answer = leader.post(f"{base}/players/{withdrawn.user.username}/withdraw/")
    assert answer.status_code in (200, 204), answer.content
    changed(version)


def test_hidden_standings_leaders_read_the_team_table_with_its_version() -> None:
    built = event_with_round(4, rounds=1, num_rounds=2, standings_hidden=True)
    event = built.event
    _two_teams(built)
    rows, version = _read(client_of(built.leader), event.id)
    assert rows == _fresh(event.id) and len(rows) == 2
    assert version == SwissTournament.objects.get(id=event.id).version
    # A player reads no team totals while hidden (they tell others' points); a version still.
    player_rows, _ = _read(client_of(built.users[1]), event.id)
    assert player_rows == []


def test_a_cohost_is_invited_by_its_name_in_any_case() -> None:
    team, leader, _ = team_with_members(0)
    guest = LeaderFactory(team__name="Königsspringer Köln")
    event = create_event(leader, team)
    base = f"/api/tournaments/swiss/{event['id']}"
    host = client_of(leader)
    by_name = host.post(f"{base}/cohosts/", {"team": "  königsspringer KÖLN "}, format="json")
    assert by_name.status_code == 201, by_name.content
    assert (by_name.json()["team"], by_name.json()["status"]) == (guest.team.slug, "invited")
    unknown = host.post(f"{base}/cohosts/", {"team": "Nobody's Club"}, format="json")
    assert unknown.status_code == 400
    assert "Nobody's Club" in unknown.json()["extra"]["fields"]["team"][0]
    blank = host.post(f"{base}/cohosts/", {"team": "   "}, format="json")
    assert blank.status_code == 400 and "team" in blank.json()["extra"]["fields"]


def test_a_teams_page_lists_the_events_it_hosts_or_cohosts() -> None:
    team, leader, _ = team_with_members(0)
    guest, invited_only, other = LeaderFactory(), LeaderFactory(), TeamFactory()
    cohosted = create_event(leader, team, name="Cohosted Open")
    pending = create_event(leader, team, name="Invitation Open")
    create_event(guest.user, guest.team, name="Guest Own")
    for event_id, who in ((cohosted["id"], guest), (pending["id"], invited_only)):
        host = client_of(leader)
        assert (
            host.post(
                f"/api/tournaments/swiss/{event_id}/cohosts/",
                {"team": who.team.slug},
                format="json",
            ).status_code
            == 201
        )
    cohost_accept(
        tournament=SwissTournament.objects.get(id=cohosted["id"]), user=guest.user, team=guest.team
    )

    def names(club: str) -> set[str]:
        answer = APIClient().get(f"/api/tournaments/swiss/?club={club}")
        assert answer.status_code == 200, answer.content
        return {row["name"] for row in answer.json()["results"]}

    assert names(guest.team.slug) == {"Cohosted Open", "Guest Own"}
    assert names(team.slug) == {"Cohosted Open", "Invitation Open"}
    assert names(invited_only.team.slug) == set()  # invited: its members may not join yet
    assert names(other.slug) == set()
    assert APIClient().get("/api/tournaments/swiss/?club=no-such-team").status_code == 404
    assert APIClient().get("/api/tournaments/swiss/?club=not a slug").status_code == 400


def test_a_player_plays_only_for_a_team_of_the_event_they_belong_to() -> None:
    team, leader, members = team_with_members(1)
    guest = LeaderFactory()
    event = create_event(leader, team)
    base = f"/api/tournaments/swiss/{event['id']}"
    client_of(leader).post(f"{base}/cohosts/", {"team": guest.team.slug}, format="json")
    client_of(guest.user).post(f"{base}/cohosts/{guest.team.slug}/accept/")
    # A member of the host only, asking to play for the co-host: a 400 on the field.
    refused = client_of(members[0]).post(f"{base}/join/", {"team": guest.team.slug}, format="json")
    assert refused.status_code == 400, refused.content
    assert refused.json()["extra"]["fields"]["team"]
    assert (
        client_of(members[0])
        .post(f"{base}/join/", {"team": team.slug}, format="json")
        .json()["team"]
        == team.slug
    )


def test_a_disqualified_player_counts_for_no_team_even_when_their_games_stand() -> None:
    built = event_with_round(
        4,
        rounds=1,
        ratings=[2000, 1900, 1800, 1700],
        results=[["1-0", "1-0"]],
        team_standings_top=1,
        disqualification_games=DisqualificationGames.STAND,
    )
    event = built.event
    guest = _two_teams(built)  # entries 0 and 2 play for the guest
    winners = {board.white.id for board in built.boards}
    cheat = next(entry for entry in built.entries[::2] if entry.id in winners)
    before = {row["team"]: row for row in _fresh(event.id)}
    assert before[guest.team.slug]["counted"] == [cheat.display_name]
    answer = client_of(built.leader).post(
        f"/api/tournaments/swiss/{event.id}/entries/{cheat.id}/disqualify/",
        {"reason": "Fair play"},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    rows, _ = _read(APIClient(), event.id)
    after = {row["team"]: row for row in rows}
    assert rows == _fresh(event.id)
    # Their win stands in the standings, but not in their team's total.
    assert cheat.display_name not in after[guest.team.slug]["counted"]
    assert Decimal(after[guest.team.slug]["points"]) < Decimal(before[guest.team.slug]["points"])
    assert after[guest.team.slug]["players"] == 2
