"""`make run`'s embedded server on SQLite under concurrent writes (issue 13, defect 1): twenty
players join at once, the round starts, every player reports at once while others read; no
request fails ("database is locked" was a 500) and every board has exactly one result."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from tests.processes import free_port, stop_group
from tests.tournaments.live.test_embedded_mode import embedded_setup

ROOT = Path(__file__).resolve().parents[3]
PLAYERS = 20

SETUP = f"""
from datetime import timedelta
from django.utils import timezone
from arbiter.teams.models import Membership, Team
from arbiter.tournaments.services.lifecycle import tournament_create
from arbiter.users.models import User
from arbiter.users.services import api_token_create

leader = User.objects.create_user("leader", password="x")
team = Team.objects.create(name="Busy", slug="busy")
Membership.objects.create(team=team, user=leader, role="leader")
event = tournament_create(team=team, user=leader, name="Busy Swiss", num_rounds=3,
    start_time=timezone.now() + timedelta(hours=1), clock_limit_seconds=60,
    clock_increment_seconds=0, round_interval_seconds=None)
tokens = [api_token_create(user=leader, name="t")[1]]
for i in range({PLAYERS}):
    user = User.objects.create_user(f"c{{i}}", password="x")
    Membership.objects.create(team=team, user=user, role="member")
    tokens.append(api_token_create(user=user, name="t")[1])
print(event.id, *tokens)
"""


def _call(port: int, token: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as reply:
            return reply.status, json.load(reply)
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode(errors="replace")


def test_embedded_sqlite_takes_concurrent_joins_reports_and_reads(tmp_path):
    env, (event_id, leader, *players) = embedded_setup(tmp_path, SETUP)
    base = f"/api/tournaments/swiss/{event_id}"
    port = free_port()
    log = (tmp_path / "serve.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "manage.py", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health/", timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        with ThreadPoolExecutor(max_workers=PLAYERS + 5) as pool:
            joins = list(pool.map(lambda t: _call(port, t, "POST", f"{base}/join/", {}), players))
            assert [status for status, _ in joins] == [201] * PLAYERS, joins

            status, rnd = _call(port, leader, "POST", f"{base}/start-next-round/")
            assert status == 201, rnd
            by_user = {}
            for board in rnd["pairings"]:
                by_user[board["white"]] = (board, "1-0")
                by_user[board["black"]] = (board, "1-0")  # both sides agree

            def report(index: int) -> tuple[int, Any]:
                board, result = by_user[f"c{index}"]
                url = f"{base}/pairings/{board['id']}/result/"
                return _call(port, players[index], "POST", url, {"result": result})

            reads = [pool.submit(_call, port, t, "GET", f"{base}/standings/") for t in players]
            reports = list(pool.map(report, range(PLAYERS)))
            assert all(status == 200 for status, _ in reports), reports
            assert all(future.result()[0] == 200 for future in reads)

        status, final = _call(port, leader, "GET", f"{base}/rounds/1/")
        assert status == 200 and final["status"] == "complete"
        assert sorted(b["result"] for b in final["pairings"]) == ["1-0"] * (PLAYERS // 2)
    finally:
        stop_group(server)
        log.close()
    assert "database is locked" not in (tmp_path / "serve.log").read_text()
