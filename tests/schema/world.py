"""The data the API fuzz runs against, built through the public API: a team leader with an API
token, who plays in a running online event (round 1 paired, games on the boards) and a running
over-the-board one, and who runs an upcoming over-the-board event (a forbidden pair, a
registered player without an account), and a team Swiss event of four teams whose round 1
is being played. Generated path parameters and body fields are steered
to these objects, so that writes reach the services rather than stopping at a 404."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.utils import timezone
from hypothesis import strategies as st

from arbiter.teams.models import Team
from arbiter.tournaments.models import SwissPairing
from arbiter.users.services import api_token_create
from tests.factories.teams import JoinRequestFactory
from tests.factories.users import UserFactory
from tests.tournaments.helpers import client_of, create_event, team_with_members

SWISS = "/api/tournaments/swiss"


@dataclass
class World:
    token: str  # the leader's: every fuzzed request is sent with it
    # Scenes of objects that belong together (an event, one of its boards, that board's game
    # and players): per path parameter name, the values that name a real object.
    scenes: list[dict[str, list[Any]]] = field(default_factory=list)
    # Per body field name, values the server can accept (a real team, a real player).
    body_values: dict[str, list[Any]] = field(default_factory=dict)


def _started_event(leader: Any, team: Any, players: list[Any], **settings: Any) -> int:
    event = create_event(leader, team, num_rounds=3, **settings)
    for user in players:
        joined = client_of(user).post(f"{SWISS}/{event['id']}/join/", {}, format="json")
        assert joined.status_code == 201, joined.json()
    started = client_of(leader).post(f"{SWISS}/{event['id']}/start-next-round/")
    assert started.status_code == 201, started.json()
    return int(event["id"])


def _team_swiss_scene(leader: Any, team: Any) -> dict[str, list[Any]]:
    """A team Swiss event of four two-board teams, round 1 paired and its line-ups closed."""
    base = "/api/team-swiss"
    event = client_of(leader).post(
        f"{base}/",
        {"team": team.slug, "name": "Team league", "boards": 2, "num_rounds": 3},
        format="json",
    )
    assert event.status_code == 201, event.json()
    event_id = event.json()["id"]
    for i in range(4):
        players = [{"name": f"Player {i}-{j}", "rating": 2000 - 10 * i - j} for j in range(3)]
        body = {"name": f"Squad {i}", "players": players}
        registered = client_of(leader).post(f"{base}/{event_id}/teams/", body, format="json")
        assert registered.status_code == 201, registered.json()
    paired = client_of(leader).post(f"{base}/{event_id}/start-next-round/")
    assert paired.status_code == 201, paired.json()
    closed = client_of(leader).post(f"{base}/{event_id}/rounds/1/close-lineups/")
    assert closed.status_code == 200, closed.json()
    return {"event_id": [event_id], "tpn": [1, 2, 3, 4], "table": [1, 2], "board": [1, 2]}


def world_build() -> World:
    team, leader, members = team_with_members(3)
    Team.objects.filter(id=team.id).update(join_policy=Team.JoinPolicy.REQUEST)
    applicant = UserFactory(username="applicant")
    join_request = JoinRequestFactory(team=team, user=applicant)
    players = [leader, *members]

    online = _started_event(leader, team, players, name="Online")
    otb = _started_event(leader, team, players, name="Over the board", mode="otb")

    upcoming = create_event(leader, team, name="Upcoming", mode="otb")["id"]
    for user in players[:3]:
        client_of(user).post(f"{SWISS}/{upcoming}/join/", {}, format="json")
    pair = client_of(leader).post(
        f"{SWISS}/{upcoming}/forbidden-pairings/",
        {"player1": members[0].username, "player2": members[1].username},
        format="json",
    )
    assert pair.status_code == 201, pair.json()
    entries = client_of(leader).post(
        f"{SWISS}/{upcoming}/registered/",
        {"players": [{"name": "Without, Account", "rating": "1800"}]},
        format="json",
    )
    assert entries.status_code == 201, entries.json()
    entry_id = entries.json()[0]["id"]
    claim = client_of(members[2]).post(
        f"{SWISS}/{upcoming}/registered/{entry_id}/claim/", {}, format="json"
    )

    _, token = api_token_create(user=leader, name="fuzz")
    spare, _ = api_token_create(user=leader, name="spare")
    everywhere = {
        "slug": [team.slug],
        "request_id": [join_request.id],
        "token_id": [spare.id],  # never the token the fuzz authenticates with
        "username": [user.username for user in (*players, applicant)],
        "number": [1],
        # Both colours' first moves, and a draw offer's answers.
        "uci": ["e2e4", "d2d4", "g1f3", "e7e5", "d7d5", "g8f6"],
        "answer": ["yes", "no"],
    }
    boards = SwissPairing.objects.filter(round__tournament_id__in=[online, otb])
    scenes = [
        everywhere
        | {
            "tournament_id": [board.round.tournament_id],
            "pairing_id": [board.id],
            "game_id": [board.game.id] if hasattr(board, "game") else [],
            "username": [board.white.user.username, board.black.user.username],
        }
        for board in boards.select_related("round", "white__user", "black__user", "game")
    ]
    scenes.append(
        everywhere
        | {
            "tournament_id": [upcoming],
            "pair_id": [pair.json()["id"]],
            "entry_id": [entry_id],
            "claim_id": [claim.json()["id"]] if claim.status_code == 201 else [],
        }
    )
    scenes.append(everywhere | _team_swiss_scene(leader, team))
    usernames = [user.username for user in players]
    soon = (timezone.now() + timedelta(days=2)).isoformat()
    body_values = {
        "team": [team.slug],
        **{name: usernames for name in ("player1", "player2", "white", "black", "bye", "user")},
        "start_time": [soon],
        "at": [soon],
        "round": [2, 3],
        "result": ["1-0", "0-1", "1/2-1/2", "1/2"],
    }
    return World(token=token, scenes=scenes, body_values=body_values)


def steered(world: World, generated: dict[str, Any] | None) -> st.SearchStrategy[Any]:
    """One scene's objects for the path parameters, each (nine in ten) in place of the
    generated value; the rest keep theirs (an unknown id, a malformed name), so that the 404
    and 400 answers are exercised too."""
    if not generated:
        return st.just(generated)
    values = generated

    def choose(scene: dict[str, list[Any]], name: str) -> st.SearchStrategy[Any]:
        known = scene.get(name)
        if not known:
            return st.just(values[name])
        return st.integers(0, 9).flatmap(
            lambda roll: st.just(values[name]) if roll == 9 else st.sampled_from(known)
        )

    return st.sampled_from(world.scenes).flatmap(
        lambda scene: st.fixed_dictionaries({name: choose(scene, name) for name in values})
    )


def steered_body(world: World, body: Any) -> st.SearchStrategy[Any]:
    """A JSON object body with, half the time, a known value in each field that names
    something (a team, a player, a time the server accepts)."""
    if not isinstance(body, dict):
        return st.just(body)
    fields = {
        name: st.sampled_from([value, *world.body_values[name]])
        if name in world.body_values
        else st.just(value)
        for name, value in body.items()
    }
    return st.booleans().flatmap(
        lambda steer: st.fixed_dictionaries(fields) if steer else st.just(body)
    )
