"""`make run`'s configuration (SQLite, in-memory channel layer, in-process tasks, no Redis)
starts a round on time and pushes it to a real WebSocket client."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import urllib.request
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

from websockets.sync.client import connect

from tests.processes import served

ROOT = Path(__file__).resolve().parents[3]

SETUP = """
from datetime import timedelta
from django.utils import timezone
from arbiter.teams.models import Membership, Team
from arbiter.tournaments.services.entries import tournament_join
from arbiter.tournaments.services.lifecycle import tournament_create
from arbiter.users.models import User
from arbiter.users.services import api_token_create

leader = User.objects.create_user("leader", password="x")
team = Team.objects.create(name="Embedded", slug="embedded")
Membership.objects.create(team=team, user=leader, role="leader")
event = tournament_create(team=team, user=leader, name="Embedded Swiss", num_rounds=2,
    start_time=timezone.now() + timedelta(hours=1), clock_limit_seconds=60,
    clock_increment_seconds=0, round_interval_seconds=5)
for i in range(4):
    user = User.objects.create_user(f"e{i}", password="x")
    Membership.objects.create(team=team, user=user, role="member")
    tournament_join(tournament=event, user=user)
print(event.id, api_token_create(user=leader, name="t")[1])
"""

# How late the round may be heard and the test still pass: generous, since the suite's other
# processes share the cores. How late it really is under load is `make bench`'s figure
# (benchmarks/bench_embedded_rounds.py, target p95 <= 2 s).
ROUND_HEARD_WITHIN_SECONDS = 30


def embedded_env(tmp_path: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("REDIS", "CELERY", "DATABASE", "DJANGO", "ARBITER_TEST"))
    }
    env["DJANGO_SETTINGS_MODULE"] = "config.settings.local"
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'embedded.sqlite3'}"
    env["ARBITER_TICK_SECONDS"] = "1"
    return env


def embedded_setup(tmp_path: Path, script: str) -> tuple[dict[str, str], list[str]]:
    """A migrated embedded-mode database in `tmp_path`, `script` run against it in
    `manage.py shell`: the environment and the words of the script's last printed line."""
    env = embedded_env(tmp_path)
    return env, setup_run(env, script)


def setup_run(env: dict[str, str], script: str) -> list[str]:
    """Migrate the database `env` names and run `script` in `manage.py shell` against it: the
    words of the script's last printed line."""
    migrate(env)
    return shell_run(env, script)


def migrate(env: dict[str, str]) -> None:
    """The database `env` names, migrated. An embedded (SQLite) one is a copy of a database
    migrated once per pytest run: five tests each spent two seconds of CPU on the same
    migrations. Each test still has a database file of its own."""
    url = env["DATABASE_URL"]
    if not url.startswith("sqlite:///"):
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True
        )
        return
    target = Path(url.removeprefix("sqlite:///"))
    _sqlite_copy(_migrated_template(target.parent), target)


def _sqlite_copy(source: Path, target: Path) -> None:
    """SQLite's own backup: a consistent copy, with what the source's WAL file holds."""
    with closing(sqlite3.connect(source)) as reading, closing(sqlite3.connect(target)) as copy:
        reading.backup(copy)


def _migrated_template(tmp_path: Path) -> Path:
    """A migrated embedded database shared by this run's tests, made by the first that needs
    it. `tmp_path` is under pytest's base directory of the run, or of this pytest-xdist
    process, whose parent the run's processes share (the layout pytest-xdist documents)."""
    root = tmp_path.parent.parent if os.environ.get("PYTEST_XDIST_WORKER") else tmp_path.parent
    template = root / "embedded-template.sqlite3"
    with (root / "embedded-template.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the others wait for the one migrating
        if not template.exists():
            building = root / "embedded-template-building"
            shutil.rmtree(building, ignore_errors=True)
            building.mkdir()
            env = embedded_env(building)
            subprocess.run(
                [sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True
            )
            _sqlite_copy(building / "embedded.sqlite3", building / "template.sqlite3")
            (building / "template.sqlite3").rename(template)  # complete, or not there at all
            shutil.rmtree(building)
    return template


def shell_run(env: dict[str, str], script: str) -> list[str]:
    """`script` in `manage.py shell` against the (migrated) database `env` names: the words of
    its last printed line. No migrate first: a no-op migrate still costs a second of CPU."""
    made = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return made.stdout.strip().splitlines()[-1].split()


def test_embedded_mode_starts_a_round_on_time_and_pushes_it(tmp_path):
    """The round is started by the server's own schedule at its time (not before it, and not
    by a request): the start is set once the server is up, so its start-up is not counted."""
    env, (event_id, token) = embedded_setup(tmp_path, SETUP)

    with served(env=env, log_path=tmp_path / "serve.log") as web:
        assert web.health["ok"]
        assert web.health["channel_layer"]["backend"].endswith("InMemoryChannelLayer")
        assert web.health["task_broker"]["backend"].startswith("embedded")

        url = f"ws://127.0.0.1:{web.port}/ws/tournaments/swiss/{event_id}/"
        with connect(url, additional_headers={"Origin": web.url}) as ws:
            hello = json.loads(ws.recv(timeout=60))
            assert hello["event"] == "hello" and hello["payload"]["current_round"] == 0
            start = datetime.now(UTC) + timedelta(seconds=3)
            request = urllib.request.Request(
                f"{web.url}/api/tournaments/swiss/{event_id}/",
                method="PATCH",
                data=json.dumps({"start_time": start.isoformat()}).encode(),
                headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
            )
            with urllib.request.urlopen(request, timeout=60) as reply:
                assert reply.status == 200
            while True:
                message = json.loads(ws.recv(timeout=60 + ROUND_HEARD_WITHIN_SECONDS))
                if message["event"] == "round_start":
                    break
            heard_at = datetime.now(UTC)
        assert message["payload"]["round"] == 1
        assert len(message["payload"]["pairings"]) == 2
        assert heard_at >= start  # not before its time (the eager shortcut would be early)
        assert (heard_at - start).total_seconds() < ROUND_HEARD_WITHIN_SECONDS
