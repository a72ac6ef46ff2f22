"""One throttle per abuse, whichever path a client takes (issue item 7), against the served
app. Before the fix the native join answered 429 after its allowance while the lichess join
took more wrong guesses (400) and then the right one (200); creations had no limit at all."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from arbiter.teams.models import Membership
from arbiter.users.services import api_token_create
from tests.factories.teams import LeaderFactory, MembershipFactory
from tests.games.helpers import online_game
from tests.tournaments.helpers import create_event
from tests.web import web_server

pytestmark = pytest.mark.django_db(transaction=True)

JOINS = 4  # a minute, for this server only (the defaults: docs/security.md)
CREATIONS = 3
GAME_ACTIONS = 4


@dataclass
class Server:
    port: int
    log_path: Path


@pytest.fixture(scope="module")
def server(
    django_db_setup: Any, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    env = {
        "ARBITER_JOIN_THROTTLE_RATE": f"{JOINS}/min",
        "ARBITER_CREATE_THROTTLE_RATE": f"{CREATIONS}/min",
        "ARBITER_GAME_ACTION_THROTTLE_RATE": f"{GAME_ACTIONS}/min",
    }
    log_path = tmp_path_factory.mktemp("throttles") / "web.log"
    with web_server(workers=1, env=env, log_path=log_path) as port:
        yield Server(port, log_path)


def _post(
    server: Server, path: str, token: str, body: dict[str, Any] | None = None
) -> tuple[int, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{server.port}{path}",
        method="POST",
        data=json.dumps(body or {}).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return reply.status, json.loads(reply.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def _retry_after(server: Server, path: str, token: str) -> int:
    """The seconds a refused request is told to wait (a 429's `Retry-After`)."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{server.port}{path}",
        method="POST",
        data=b"{}",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 429
    return int(refused.value.headers["Retry-After"])


def _token(user: Any) -> str:
    return api_token_create(user=user, name="cli")[1]


def test_password_guesses_share_one_allowance_on_both_dialects(server: Server) -> None:
    leader = LeaderFactory()
    member = MembershipFactory(team=leader.team, role=Membership.Role.MEMBER).user
    event = create_event(leader.user, leader.team, password="sesame")
    token = _token(member)
    native = f"/api/tournaments/swiss/{event['id']}/join/"
    lichess = f"/api/swiss/{event['id']}/join"

    statuses = [_post(server, native, token, {"password": "guess"})[0] for _ in range(JOINS)]
    assert statuses == [400] * JOINS
    assert _post(server, native, token, {"password": "guess"})[0] == 429
    assert _retry_after(server, native, token) > 0
    assert _retry_after(server, lichess, token) > 0
    # The lichess join counts in the same allowance: spent, it refuses even the right password.
    status, body = _post(server, lichess, token, {"password": "guess"})
    assert (status, set(body)) == (429, {"error"})
    assert _post(server, lichess, token, {"password": "sesame"})[0] == 429


def test_the_lichess_join_spends_the_native_joins_allowance(server: Server) -> None:
    leader = LeaderFactory()
    member = MembershipFactory(team=leader.team, role=Membership.Role.MEMBER).user
    event = create_event(leader.user, leader.team, password="sesame")
    token = _token(member)
    lichess = f"/api/swiss/{event['id']}/join"
    statuses = [_post(server, lichess, token, {"password": "guess"})[0] for _ in range(JOINS)]
    assert statuses == [400] * JOINS
    assert _post(server, lichess, token, {"password": "guess"})[0] == 429
    status, body = _post(
        server, f"/api/tournaments/swiss/{event['id']}/join/", token, {"password": "sesame"}
    )
    assert status == 429 and body["message"], body


def test_team_swiss_registrations_count_as_joins(server: Server) -> None:
    leader = LeaderFactory()
    host_token = _token(leader.user)
    status, team_event = _post(
        server,
        "/api/team-swiss/",
        host_token,
        {"team": leader.team.slug, "name": "League", "boards": 1, "num_rounds": 3},
    )
    assert status == 201, team_event
    captain = MembershipFactory(team=leader.team, role=Membership.Role.MEMBER).user
    token = _token(captain)
    individual = create_event(leader.user, leader.team, password="sesame")
    for _ in range(JOINS):
        assert (
            _post(server, f"/api/swiss/{individual['id']}/join", token, {"password": "x"})[0] == 400
        )
    register = {"name": "Knights", "players": [{"name": "A. Player", "rating": 1500}]}
    status, body = _post(server, f"/api/team-swiss/{team_event['id']}/teams/", token, register)
    assert status == 429, body


def test_creations_share_one_allowance_on_both_dialects_and_team_swiss(server: Server) -> None:
    leader = LeaderFactory()
    token = _token(leader.user)
    native = {
        "team": leader.team.slug,
        "name": "Club Swiss",
        "num_rounds": 5,
        "start_time": (timezone.now() + timedelta(hours=1)).isoformat(),
        "clock_limit_seconds": 180,
        "clock_increment_seconds": 2,
    }
    lichess = {"clock.limit": 180, "clock.increment": 2, "nbRounds": 3}
    team_swiss = {"team": leader.team.slug, "name": "League", "boards": 2, "num_rounds": 3}
    assert _post(server, "/api/tournaments/swiss/", token, native)[0] == 201
    assert _post(server, f"/api/swiss/new/{leader.team.slug}", token, lichess)[0] == 200
    assert _post(server, "/api/team-swiss/", token, team_swiss)[0] == 201
    # The allowance is spent, whichever path asks next.
    assert _post(server, "/api/tournaments/swiss/", token, native)[0] == 429
    status, body = _post(server, f"/api/swiss/new/{leader.team.slug}", token, lichess)
    assert (status, set(body)) == (429, {"error"})
    assert _post(server, "/api/team-swiss/", token, team_swiss)[0] == 429
    # Another leader's allowance is their own.
    other = LeaderFactory()
    mine = {**native, "team": other.team.slug}
    assert _post(server, "/api/tournaments/swiss/", _token(other.user), mine)[0] == 201


def test_game_actions_share_one_allowance_on_both_dialects(server: Server) -> None:
    # Shared before this fix too (one DRF scope on both dialects' views): kept so.
    playing = online_game()
    token = _token(playing.white)
    game = playing.game.id
    for i in range(GAME_ACTIONS):
        path = f"/api/games/{game}/draw/no/" if i % 2 else f"/api/board/game/{game}/draw/no"
        assert _post(server, path, token)[0] == 200, path
    assert _post(server, f"/api/games/{game}/draw/no/", token)[0] == 429
    assert _post(server, f"/api/board/game/{game}/draw/no", token)[0] == 429


def test_log_has_no_traceback(server: Server) -> None:
    assert "Traceback" not in server.log_path.read_text()
