"""Teams and the account on lichess's paths."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from arbiter.ratings.services import user_rating_set
from arbiter.teams.models import JoinRequest, Membership, Team
from arbiter.tournaments.models import EventMode, TournamentStatus
from tests.factories.teams import LeaderFactory, MembershipFactory, TeamFactory
from tests.factories.tournaments import SwissTournamentFactory
from tests.factories.users import UserFactory
from tests.lichess.swiss.helpers import bearer_client, ndjson, post_json

pytestmark = pytest.mark.django_db


def test_team_reads_as_lichess_team_with_the_callers_membership():
    leader = LeaderFactory()
    MembershipFactory(team=leader.team)
    stranger = UserFactory()
    data = bearer_client(stranger).get(f"/api/team/{leader.team.slug}").json()
    assert data["id"] == leader.team.slug and data["open"] is True
    assert data["nbMembers"] == 2
    assert data["leader"] == {"id": leader.user.username.lower(), "name": leader.user.username}
    assert data["leaders"] == [data["leader"]]
    assert (data["joined"], data["requested"]) == (False, False)
    anonymous = APIClient().get(f"/api/team/{leader.team.slug}").json()
    assert "joined" not in anonymous
    assert APIClient().get("/api/team/no-such-team").json() == {"error": "Not found"}


def test_join_and_quit_an_open_team_and_ask_a_closed_one():
    open_team = LeaderFactory().team
    user = UserFactory()
    client = bearer_client(user)
    for _ in range(2):  # joining again is ok
        response = post_json(
            client, f"/team/{open_team.slug}/join", {"message": None, "password": None}
        )
        assert (response.status_code, response.json()) == (200, {"ok": True})
    assert Membership.objects.filter(team=open_team, user=user).exists()
    assert post_json(client, f"/team/{open_team.slug}/quit").json() == {"ok": True}
    assert not Membership.objects.filter(team=open_team, user=user).exists()
    assert post_json(client, f"/team/{open_team.slug}/quit").json() == {"ok": True}

    closed = LeaderFactory(team=TeamFactory(join_policy=Team.JoinPolicy.REQUEST)).team
    response = post_json(client, f"/team/{closed.slug}/join", {"message": "Let me in, please."})
    assert response.json() == {"ok": True}
    assert JoinRequest.objects.get(team=closed, user=user).status == JoinRequest.Status.PENDING
    assert bearer_client(user).get(f"/api/team/{closed.slug}").json()["requested"] is True
    other = bearer_client(UserFactory())
    too_long = post_json(other, f"/team/{closed.slug}/join", {"message": "x" * 2000})
    assert too_long.status_code == 400 and list(too_long.json()["error"]) == ["message"]


def test_members_are_ndjson_newest_first_with_ms_dates():
    leader = LeaderFactory()
    newer = MembershipFactory(team=leader.team)
    Membership.objects.filter(id=leader.id).update(joined_at=timezone.now() - timedelta(days=1))
    rows = ndjson(
        APIClient().get(f"/api/team/{leader.team.slug}/users", HTTP_ACCEPT="application/x-ndjson")
    )
    assert [row["id"] for row in rows] == [
        newer.user.username.lower(),
        leader.user.username.lower(),
    ]
    assert all(isinstance(row["joinedTeamAt"], int) for row in rows)
    full = ndjson(APIClient().get(f"/api/team/{leader.team.slug}/users?full=true"))
    assert all(isinstance(row["createdAt"], int) for row in full)


def test_team_swiss_list_filters_sorts_and_caps():
    leader = LeaderFactory()
    now = timezone.now()
    events = [
        SwissTournamentFactory(
            team=leader.team,
            created_by=leader.user,
            mode=EventMode.ONLINE,
            name=f"Event {i}",
            start_time=now + timedelta(days=i),
        )
        for i in range(3)
    ]
    events[0].status = TournamentStatus.FINISHED
    events[0].current_round = 1
    events[0].save()
    path = f"/api/team/{leader.team.slug}/swiss"
    rows = ndjson(APIClient().get(path, HTTP_ACCEPT="application/x-ndjson"))
    assert [row["id"] for row in rows] == [str(e.id) for e in reversed(events)]
    assert [r["id"] for r in ndjson(APIClient().get(f"{path}?max=1"))] == [str(events[2].id)]
    finished = ndjson(APIClient().get(f"{path}?status=finished"))
    assert [r["id"] for r in finished] == [str(events[0].id)]
    named = ndjson(APIClient().get(f"{path}?name=Event%201"))
    assert [r["id"] for r in named] == [str(events[1].id)]
    assert ndjson(APIClient().get("/api/team/nobody-here/swiss")) == []


def test_account_names_the_user_as_lichess_does():
    user = UserFactory(username="Bobby")
    user_rating_set(user=user, speed="blitz", rating=1629)
    response = bearer_client(user).get("/api/account")
    data = response.json()
    assert (data["id"], data["username"]) == ("bobby", "Bobby")
    assert data["url"].endswith("/@/Bobby")
    assert data["perfs"]["blitz"]["rating"] == 1629
    assert set(data["perfs"]) == {"bullet", "blitz", "rapid", "classical"}
    assert isinstance(data["createdAt"], int) and isinstance(data["seenAt"], int)
    assert response["X-OAuth-Scopes"].startswith("tournament:write")
    assert APIClient().get("/api/account").status_code == 401
