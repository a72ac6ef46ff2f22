"""`manage.py serve`, the production web command: several uvicorn processes on one port,
WebSocket pushes from a Celery worker reaching clients of every process through Redis."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from arbiter.users.services import api_token_create
from tests.timing import WAIT_SECONDS
from tests.tournaments.helpers import client_of, create_event, team_with_members
from tests.web import ROOT, get_json, server_env, web_server
from tests.worker import celery_worker, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

CLIENTS = 8


def running_event() -> tuple[int, str, dict[str, Any]]:
    """Round 1 of an over-the-board event (no game clock, so no no-show forfeit can land while
    a slow machine starts the servers: it did, and the first push heard was the forfeit's), the
    leader's API token and board 1."""
    team, leader, members = team_with_members(4)
    event = create_event(leader, team, num_rounds=3, mode="otb")
    base = f"/api/tournaments/swiss/{event['id']}"
    for user in members:
        assert client_of(user).post(f"{base}/join/", {}, format="json").status_code == 201
    assert client_of(leader).post(f"{base}/start-next-round/", {}, format="json").status_code == 201
    board = client_of(leader).get(f"{base}/rounds/1/").json()["pairings"][0]
    _, token = api_token_create(user=leader, name="serve test")
    return event["id"], token, board


def next_event(socket: ClientConnection, name: str) -> dict[str, Any]:
    while True:
        message = json.loads(socket.recv(timeout=WAIT_SECONDS))
        if message["event"] == name:
            return dict(message["payload"])


def health_ok(port: int) -> dict[str, Any] | None:
    try:
        return dict(get_json(f"http://127.0.0.1:{port}/api/health/"))
    except urllib.error.HTTPError:  # 503 while a heartbeat is missing
        return None


def test_several_web_processes_serve_the_api_and_every_socket_hears_the_push():
    event_id, token, board = running_event()
    # Beat too: health is 503 until both the worker's and beat's heartbeats are fresh.
    with celery_worker(beat=True), web_server(workers=2) as port:
        health = wait_for(lambda: health_ok(port), timeout=60)
        assert health["ok"] and health["channel_layer"]["backend"].endswith("PubSubChannelLayer")
        url = f"ws://127.0.0.1:{port}/ws/tournaments/swiss/{event_id}/"
        origin = {"Origin": f"http://127.0.0.1:{port}"}
        with ExitStack() as stack:
            sockets = [
                stack.enter_context(connect(url, additional_headers=origin)) for _ in range(CLIENTS)
            ]
            for socket in sockets:
                assert next_event(socket, "hello")["current_round"] == 1
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/api/tournaments/swiss/{event_id}"
                f"/pairings/{board['id']}/result/",
                data=json.dumps({"result": "1-0"}).encode(),
                headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
            )
            with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as reply:
                assert reply.status == 200 and json.load(reply)["result"] == "1-0"
            for socket in sockets:
                results = next_event(socket, "game_result")["results"]
                assert [(r["id"], r["result"]) for r in results] == [(board["id"], "1-0")]
                standings = next_event(socket, "standings_update")
                assert standings["version"] >= 1 and standings["standings"]


def test_embedded_mode_refuses_several_processes():
    env = server_env()
    for name in ("REDIS_URL", "ARBITER_TEST_QUEUE"):
        env.pop(name, None)
    env["DJANGO_SETTINGS_MODULE"] = "config.settings.local"
    env["DATABASE_URL"] = "sqlite:////tmp/arbiter-serve-refused.sqlite3"
    result = subprocess.run(
        [sys.executable, "manage.py", "serve", "--workers", "2"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "--workers must be 1" in result.stderr
    assert "Traceback" not in result.stderr


def test_idle_connections_outlive_the_clients_pools():
    """uvicorn's 5 s default closed keep-alive connections that clients were reusing (a
    Playwright request failed with ECONNRESET): kept longer than a proxy's 60 s pool."""
    from arbiter.core.management.commands.serve import server_options

    assert server_options()["timeout_keep_alive"] > 60
