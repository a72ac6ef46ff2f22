"""`make run`'s server under fifty concurrent clients (issue 13, defect 1), on SQLite exactly as
`make run` starts it and on PostgreSQL with the same command: fifty players join at once (with
the event's password), two rounds start, both players of every board report at once — some
disagree, and the arbiter decides those disputes — while every player keeps reading. No request
fails with a 5xx ("database is locked" was a 500) and every board ends with exactly one result."""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psycopg
import pytest

from tests.processes import served
from tests.tournaments.live.test_embedded_mode import embedded_env, setup_run

PLAYERS = 50
ROUNDS = 2
PASSWORD = "club-night"
# A client gives up on a request after this long: generous, since the suite's other processes
# share the cores. The server bounds its own request threads (config.http_slots) and the
# slowest request of this scenario is `make bench`'s figure (bench_embedded_rounds.py,
# target 10 s).
REQUEST_TIMEOUT_SECONDS = 120

# The accounts' own password (never used: the clients send API tokens) is hashed once for all:
# `make run`'s hasher takes about 0.2 s of CPU per hash, ten seconds for fifty-one accounts.
# The event's password is hashed as usual, and every join checks it in the server at full cost.
SETUP = f"""
from datetime import timedelta
from django.contrib.auth.hashers import make_password
from django.utils import timezone
from arbiter.teams.models import Membership, Team
from arbiter.tournaments.services.lifecycle import tournament_create
from arbiter.users.models import User
from arbiter.users.services import api_token_create

password = make_password("x")
leader = User.objects.create(username="leader", password=password)
team = Team.objects.create(name="Busy", slug="busy")
Membership.objects.create(team=team, user=leader, role="leader")
event = tournament_create(team=team, user=leader, name="Busy Swiss", num_rounds={ROUNDS},
    start_time=timezone.now() + timedelta(hours=1), clock_limit_seconds=60,
    clock_increment_seconds=0, round_interval_seconds=None, mode="otb",
    password="{PASSWORD}")
tokens = [api_token_create(user=leader, name="t")[1]]
for i in range({PLAYERS}):
    user = User.objects.create(username=f"c{{i}}", password=password)
    Membership.objects.create(team=team, user=user, role="member")
    tokens.append(api_token_create(user=user, name="t")[1])
print(event.id, *tokens)
"""


@pytest.fixture(params=["sqlite", "postgresql"])
def server_env(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[dict[str, str]]:
    """`make run`'s environment; for PostgreSQL the same with a database of the test's own."""
    env = embedded_env(tmp_path) | {"DJANGO_DEBUG": "0"}  # as `make run` sets it
    if request.param == "sqlite":
        yield env
        return
    name = f"arbiter_conc_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    admin = "postgresql://postgres@127.0.0.1:5432/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    env["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{name}"
    try:
        yield env
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class Client:
    """Every call's status (and how long it took) is kept, so that the test can assert there
    was no 5xx at all (and the benchmark can name the slowest request)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.statuses: list[tuple[str, int]] = []
        self.seconds: list[float] = []

    def call(self, token: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            method=method,
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        )
        began = time.monotonic()
        try:
            with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT_SECONDS) as reply:
                status, payload = reply.status, json.load(reply)
        except urllib.error.HTTPError as exc:
            status, payload = exc.code, exc.read().decode(errors="replace")
        self.statuses.append((f"{method} {path}", status))  # list.append: thread-safe
        self.seconds.append(time.monotonic() - began)
        return status, payload


def test_fifty_clients_join_report_and_read_at_once(server_env, tmp_path):
    event_id, leader, *players = setup_run(server_env, SETUP)
    base = f"/api/tournaments/swiss/{event_id}"
    with served(env=server_env, log_path=tmp_path / "serve.log") as web:
        client = Client(web.port)
        with ThreadPoolExecutor(max_workers=2 * PLAYERS) as pool:
            joins = list(
                pool.map(
                    lambda t: client.call(t, "POST", f"{base}/join/", {"password": PASSWORD}),
                    players,
                )
            )
            assert [status for status, _ in joins] == [201] * PLAYERS, joins

            for number in range(1, ROUNDS + 1):
                _play_round(client, pool, base, leader, players, number)

        status, event = client.call(leader, "GET", f"{base}/")
        assert status == 200 and event["status"] == "finished", event
    server_errors = [call for call in client.statuses if call[1] >= 500]
    assert server_errors == [], server_errors
    assert "database is locked" not in (tmp_path / "serve.log").read_text()


def _play_round(
    client: Client,
    pool: ThreadPoolExecutor,
    base: str,
    leader: str,
    players: list[str],
    number: int,
) -> None:
    status, rnd = client.call(leader, "POST", f"{base}/start-next-round/")
    assert status == 201 and rnd["number"] == number, rnd
    boards = rnd["pairings"]
    assert len(boards) == PLAYERS // 2
    # Both players of each board report at once; on every fifth board they disagree.
    reports: list[tuple[str, str]] = []  # (token, url) with the result in `wanted`
    wanted: dict[str, str] = {}
    disputed: set[int] = set()
    for index, board in enumerate(boards):
        url = f"{base}/pairings/{board['id']}/result/"
        white = players[int(board["white"][1:])]
        black = players[int(board["black"][1:])]
        agreed = index % 5 != 0
        reports += [(white, url), (black, url)]
        wanted[f"{white} {url}"] = "1-0"
        wanted[f"{black} {url}"] = "1-0" if agreed else "0-1"
        if not agreed:
            disputed.add(board["id"])

    def report(item: tuple[str, str]) -> tuple[int, Any]:
        token, url = item
        return client.call(token, "POST", url, {"result": wanted[f"{token} {url}"]})

    reads = [
        pool.submit(client.call, token, "GET", path)
        for token in players
        for path in (f"{base}/standings/", f"{base}/rounds/{number}/")
    ]
    replies = list(pool.map(report, reports))
    assert all(status == 200 for status, _ in replies), replies
    assert all(future.result()[0] == 200 for future in reads)

    # The arbiter decides each dispute (a draw); the round is then complete.
    status, seen = client.call(leader, "GET", f"{base}/rounds/{number}/")
    assert status == 200
    open_disputes = {board["id"] for board in seen["pairings"] if board["disputed"]}
    assert open_disputes == disputed
    decisions = list(
        pool.map(
            lambda board_id: client.call(
                leader, "POST", f"{base}/pairings/{board_id}/result/", {"result": "1/2-1/2"}
            ),
            sorted(disputed),
        )
    )
    assert all(status == 200 for status, _ in decisions), decisions

    status, final = client.call(leader, "GET", f"{base}/rounds/{number}/")
    assert status == 200 and final["status"] == "complete", final
    results = {board["id"]: board["result"] for board in final["pairings"]}
    assert len(results) == PLAYERS // 2
    for board_id, result in results.items():
        assert result == ("1/2-1/2" if board_id in disputed else "1-0"), (board_id, result)
