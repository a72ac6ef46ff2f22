"""Every write endpoint, for anonymous, non-member, member, another team's leader and the
hosting team's leader."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from arbiter.tournaments.models import ForbiddenPairing, SwissTournament
from arbiter.tournaments.services.no_shows import no_show_ban
from tests.factories.teams import LeaderFactory
from tests.factories.users import UserFactory
from tests.tournaments.helpers import client_of, create_event, team_with_members

pytestmark = pytest.mark.django_db

SOON = (timezone.now() + timedelta(days=30)).isoformat()


@dataclass
class World:
    event: dict[str, Any]
    base: str
    host: Any
    members: list[Any]
    clients: dict[str, APIClient]

    def pair_round(self) -> dict[str, Any]:
        response = self.clients["host leader"].post(f"{self.base}/start-next-round/")
        assert response.status_code == 201, response.json()
        return response.json()


@pytest.fixture
def world() -> World:
    team, host, members = team_with_members(5)
    event = create_event(host, team, bye_request_limit=2, mode="otb")
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members[:4]:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    clients = {
        "anonymous": APIClient(),
        "non-member": client_of(UserFactory()),
        "member": client_of(members[4]),  # a team member not in the event
        "other leader": client_of(LeaderFactory().user),
        "host leader": client_of(host),
    }
    return World(event, base, host, members, clients)


REFUSED = {"anonymous": 401, "non-member": 403, "member": 403, "other leader": 403}


def assert_refused(world: World, method: str, url: str, body: Any = None, codes=REFUSED) -> None:
    for role, code in codes.items():
        response = getattr(world.clients[role], method)(url, body, format="json")
        assert response.status_code == code, (role, url, response.status_code, response.content)
        assert "message" in response.json()


def test_create(world):
    body = {
        "team": world.event["team"],
        "name": "x",
        "num_rounds": 3,
        "start_time": SOON,
        "clock_limit_seconds": 60,
        "clock_increment_seconds": 0,
    }
    assert_refused(world, "post", "/api/tournaments/swiss/", body)
    response = world.clients["host leader"].post("/api/tournaments/swiss/", body, format="json")
    assert response.status_code == 201


def test_edit_and_cancel(world):
    assert_refused(world, "patch", f"{world.base}/", {"name": "renamed"})
    assert_refused(world, "post", f"{world.base}/cancel/")
    assert SwissTournament.objects.get().name == "Club Swiss"
    ok = world.clients["host leader"].patch(f"{world.base}/", {"name": "renamed"}, format="json")
    assert ok.status_code == 200 and ok.json()["name"] == "renamed"
    assert world.clients["host leader"].post(f"{world.base}/cancel/").status_code == 200


def test_join(world):
    codes = {"anonymous": 401, "non-member": 403, "other leader": 403}
    assert_refused(world, "post", f"{world.base}/join/", {}, codes)
    assert world.clients["member"].post(f"{world.base}/join/", {}, format="json").status_code == 201
    assert (
        world.clients["host leader"].post(f"{world.base}/join/", {}, format="json").status_code
        == 201
    )


def test_withdraw_rejoin_and_bye_need_an_entry(world):
    codes = {"anonymous": 401, "non-member": 400, "member": 400, "other leader": 400}
    for action in ("withdraw", "rejoin", "request-bye"):
        assert_refused(world, "post", f"{world.base}/{action}/", {}, codes)
    player = client_of(world.members[0])
    assert player.post(f"{world.base}/request-bye/", {"round": 2}, format="json").status_code == 201
    assert player.post(f"{world.base}/withdraw/").status_code == 204  # before the start: removed


def test_start_next_round(world):
    assert_refused(world, "post", f"{world.base}/start-next-round/")
    assert world.pair_round()["number"] == 1


def test_results(world):
    board = world.pair_round()["pairings"][0]
    url = f"{world.base}/pairings/{board['id']}/result/"
    assert_refused(world, "post", url, {"result": "1-0"})
    player = next(u for u in world.members if u.username == board["white"])
    assert client_of(player).post(url, {"result": "1-0"}, format="json").status_code == 200
    corrected = world.clients["host leader"].post(url, {"result": "-+"}, format="json")
    assert corrected.status_code == 200 and corrected.json()["result"] == "-+"
    # A player recording a no-show is a permission refusal like the others: 403, not 400.
    no_show = {"result": "+-", "no_show": "black"}
    refused = client_of(player).post(url, no_show, format="json")
    assert refused.status_code == 403 and "arbiter" in refused.json()["message"]


def test_forbidden_pairings(world):
    body = {"player1": world.members[0].username, "player2": world.members[1].username}
    assert_refused(world, "post", f"{world.base}/forbidden-pairings/", body)
    created = world.clients["host leader"].post(
        f"{world.base}/forbidden-pairings/", body, format="json"
    )
    assert created.status_code == 201
    url = f"{world.base}/forbidden-pairings/{created.json()['id']}/"
    assert_refused(world, "delete", url)
    assert world.clients["host leader"].delete(url).status_code == 204
    assert not ForbiddenPairing.objects.exists()


def test_manual_pairings(world):
    names = [u.username for u in world.members[:4]]
    body = {
        "boards": [{"white": names[0], "black": names[2]}, {"white": names[1], "black": names[3]}]
    }
    assert_refused(world, "post", f"{world.base}/manual-pairings/", body)
    done = world.clients["host leader"].post(f"{world.base}/manual-pairings/", body, format="json")
    assert done.status_code == 201, done.json()
    assert [(b["white"], b["black"]) for b in done.json()["pairings"]] == [
        (names[0], names[2]),
        (names[1], names[3]),
    ]


def test_ban_lift(world):
    banned = world.members[3]
    no_show_ban(tournament=SwissTournament.objects.get(), user=banned)
    url = f"{world.base}/bans/{banned.username}/lift/"
    assert_refused(world, "post", url)
    assert world.clients["host leader"].post(url).status_code == 204
