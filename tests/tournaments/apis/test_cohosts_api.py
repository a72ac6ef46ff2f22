"""Co-hosted events over HTTP: the statuses, the field messages, the shapes of the schema."""

import pytest

from arbiter.tournaments.services.cohosts import cohost_accept, cohost_invite
from tests.factories.events import event_with_players
from tests.factories.teams import LeaderFactory, MembershipFactory
from tests.factories.users import UserFactory
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db


def test_a_cohosted_event_over_http():
    team, leader, members = team_with_members(1)
    guest = LeaderFactory()
    event = create_event(
        leader, team, teammates_do_not_meet=True, teammates_rounds=3, team_standings_top=2
    )
    assert (event["teammates_do_not_meet"], event["teammates_rounds"]) == (True, 3)
    assert event["team_standings_top"] == 2 and event["cohosts"] == []
    base = f"/api/tournaments/swiss/{event['id']}"
    host, visitor = client_of(leader), client_of(guest.user)

    assert (
        visitor.post(f"{base}/cohosts/", {"team": guest.team.slug}, format="json").status_code
        == 403
    )
    unknown_team = host.post(f"{base}/cohosts/", {"team": "no-such-team"}, format="json")
    assert unknown_team.status_code == 400 and "team" in unknown_team.json()["extra"]["fields"]
    bad = host.post(f"{base}/cohosts/", {"team": "not a slug!"}, format="json")
    assert bad.status_code == 400 and "team" in bad.json()["extra"]["fields"]
    unknown = host.post(f"{base}/cohosts/", {"team": guest.team.slug, "x": 1}, format="json")
    assert unknown.status_code == 400
    invited = host.post(f"{base}/cohosts/", {"team": guest.team.slug}, format="json")
    assert invited.status_code == 201 and invited.json()["status"] == "invited"
    assert (
        host.post(f"{base}/cohosts/", {"team": guest.team.slug}, format="json").status_code == 409
    )
    assert host.post(f"{base}/cohosts/{guest.team.slug}/accept/").status_code == 403
    accepted = visitor.post(f"{base}/cohosts/{guest.team.slug}/accept/")
    assert accepted.status_code == 200 and accepted.json()["status"] == "accepted"
    detail = host.get(f"{base}/").json()
    assert [(c["team"], c["status"]) for c in detail["cohosts"]] == [(guest.team.slug, "accepted")]

    member = UserFactory()
    MembershipFactory(team=guest.team, user=member)
    joined = client_of(member).post(f"{base}/join/", {}, format="json")
    assert joined.status_code == 201 and joined.json()["team"] == guest.team.slug
    client_of(members[0]).post(f"{base}/join/", {"team": team.slug}, format="json")
    wrong = client_of(UserFactory()).post(f"{base}/join/", {"team": guest.team.slug}, format="json")
    assert wrong.status_code in (400, 403)

    moved = host.post(
        f"{base}/player-team/", {"player": member.username, "team": team.slug}, format="json"
    )
    assert moved.status_code == 200 and moved.json()["team"] == team.slug
    nobody = host.post(
        f"{base}/player-team/", {"player": "nobody", "team": team.slug}, format="json"
    )
    assert nobody.status_code == 400 and "player" in nobody.json()["extra"]["fields"]
    host.post(
        f"{base}/player-team/", {"player": member.username, "team": guest.team.slug}, format="json"
    )

    table = client_of(UserFactory()).get(f"{base}/team-standings/")
    assert table.status_code == 200
    assert {r["team"]: r["players"] for r in table.json()} == {team.slug: 1, guest.team.slug: 1}
    standings = host.get(f"{base}/standings/").json()["results"]
    assert {r["username"]: r["team"] for r in standings} == {
        member.username: guest.team.slug,
        members[0].username: team.slug,
    }

    check = host.post(f"{base}/teammates-check/", {"teammates_rounds": 0}, format="json")
    assert check.status_code == 400 and "teammates_rounds" in check.json()["extra"]["fields"]
    assert client_of(member).post(f"{base}/teammates-check/", {}, format="json").status_code == 403
    ok = host.post(f"{base}/teammates-check/", {}, format="json")
    assert ok.status_code == 200 and ok.json()["pairable"] is True, ok.json()
    assert len(ok.json()["boards"]) == 1

    edit = host.patch(f"{base}/", {"team_standings_top": 0}, format="json")
    assert edit.status_code == 400 and "team_standings_top" in edit.json()["extra"]["fields"]
    assert host.delete(f"{base}/cohosts/{guest.team.slug}/").status_code == 409  # a player


def test_declining_an_invitation():
    built = event_with_players(2)
    guest = LeaderFactory()
    base = f"/api/tournaments/swiss/{built.event.id}"
    cohost_invite(tournament=built.event, user=built.leader, team=guest.team)
    declined = client_of(guest.user).post(f"{base}/cohosts/{guest.team.slug}/decline/")
    assert declined.status_code == 204
    assert (
        client_of(guest.user).post(f"{base}/cohosts/{guest.team.slug}/decline/").status_code == 404
    )
    cohost_invite(tournament=built.event, user=built.leader, team=guest.team)
    cohost_accept(tournament=built.event, user=guest.user, team=guest.team)
    assert (
        client_of(guest.user).post(f"{base}/cohosts/{guest.team.slug}/decline/").status_code == 409
    )
    assert client_of(built.leader).delete(f"{base}/cohosts/{guest.team.slug}/").status_code == 204


def test_a_player_is_put_only_on_a_cohost_team_they_belong_to():
    built = event_with_players(2)
    guest = LeaderFactory()
    base = f"/api/tournaments/swiss/{built.event.id}"
    cohost_invite(tournament=built.event, user=built.leader, team=guest.team)
    cohost_accept(tournament=built.event, user=guest.user, team=guest.team)
    player = built.entries[0].user
    host = client_of(built.leader)

    refused = host.post(
        f"{base}/player-team/", {"player": player.username, "team": guest.team.slug}, format="json"
    )
    assert refused.status_code == 400, refused.json()
    assert refused.json()["extra"]["fields"]["team"] == [
        f"{player.username} is not a member of {guest.team.name}."
    ]
    MembershipFactory(team=guest.team, user=player)
    moved = host.post(
        f"{base}/player-team/", {"player": player.username, "team": guest.team.slug}, format="json"
    )
    assert moved.status_code == 200 and moved.json()["team"] == guest.team.slug
