"""A Swiss event played over HTTP against an `Endpoint` (a topology's server, or the proxy in
front of several), as clients would play it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.utils import timezone
from websockets.sync.client import ClientConnection, connect

from arbiter.tournaments.models import SwissPairing, SwissRound
from arbiter.users.services import api_token_create
from tests.ops.topology import Endpoint, wait_until
from tests.tournaments.helpers import team_with_members


@dataclass
class Team:
    slug: str
    leader: str  # API tokens
    players: list[str]


def team_ready(players: int) -> Team:
    team, leader, members = team_with_members(players)
    tokens = [api_token_create(user=user, name="ops")[1] for user in members]
    return Team(team.slug, api_token_create(user=leader, name="ops")[1], tokens)


@dataclass
class Event:
    id: int
    leader: str  # the leader's API token

    @property
    def base(self) -> str:
        return f"/api/tournaments/swiss/{self.id}"


def event_running(
    topology: Endpoint,
    team: Team,
    *,
    rounds: int,
    interval: int,
    start_in: float = 2,
    join: bool = True,
) -> Event:
    """The team's leader creates an event over the API, starting in `start_in` seconds; every
    member joins first. The start is set once they have: on a slow machine the joins can take
    longer than `start_in`, and an event due with fewer than two players ends."""
    body = {
        "team": team.slug,
        "name": "Outage Swiss",
        "num_rounds": rounds,
        "start_time": (timezone.now() + timedelta(hours=1)).isoformat(),
        "clock_limit_seconds": 180,
        "clock_increment_seconds": 2,
        "round_interval_seconds": interval,
    }
    status, created = topology.call("POST", "/api/tournaments/swiss/", token=team.leader, body=body)
    assert status == 201, created
    event = Event(created["id"], team.leader)
    for token in team.players if join else []:
        status, joined = topology.call("POST", f"{event.base}/join/", token=token, body={})
        assert status == 201, joined
    start = {"start_time": (timezone.now() + timedelta(seconds=start_in)).isoformat()}
    status, edited = topology.call("PATCH", f"{event.base}/", token=team.leader, body=start)
    assert status == 200, edited
    return event


def round_paired(topology: Endpoint, event: Event, number: int, *, timeout: float) -> list[int]:
    """Wait until round `number` exists; its board ids."""

    def paired() -> bool:
        return SwissRound.objects.filter(tournament_id=event.id, number=number).exists()

    try:
        wait_until(f"round {number} paired", paired, timeout=timeout)
    except AssertionError as error:
        raise AssertionError(f"{error}\n{topology.logs_tail()}") from None
    return list(
        SwissPairing.objects.filter(round__tournament_id=event.id, round__number=number)
        .order_by("board")
        .values_list("id", flat=True)
    )


def result_report(topology: Endpoint, event: Event, board: int, result: str = "1-0") -> int:
    """The leader (an arbiter) sets a board's result; the HTTP status."""
    url = f"{event.base}/pairings/{board}/result/"
    status, body = topology.call("POST", url, token=event.leader, body={"result": result})
    assert status < 500, body
    return status


@contextmanager
def watch(topology: Endpoint, event: Event) -> Iterator[ClientConnection]:
    """A WebSocket listening to the event, past its `hello`."""
    url = f"{topology.ws_base}/ws/tournaments/swiss/{event.id}/"
    origin = {"Origin": f"http://127.0.0.1:{topology.port}"}
    with connect(url, additional_headers=origin) as socket:
        assert next_push(socket, "hello")["tournament"] == event.id
        yield socket


def next_push(
    socket: ClientConnection, name: str, *, timeout: float = 30, **expected: Any
) -> dict[str, Any]:
    """The payload of the next `name` push whose payload holds `expected`; others are skipped."""
    while True:
        message = json.loads(socket.recv(timeout=timeout))
        payload = message["payload"]
        if message["event"] == name and all(payload.get(k) == v for k, v in expected.items()):
            return dict(payload)
