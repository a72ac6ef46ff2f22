"""The production topology on one machine, for one test: a Redis server of the test's own (which
the test may stop and start again on the same port without disturbing anyone else), a Celery
worker (prefork, as docker-compose runs it), Celery beat, and the web server (`manage.py serve`,
uvicorn), all on the test database. The test talks to it over HTTP and WebSocket only, so every
write, task and push goes through that Redis."""

from __future__ import annotations

import json
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest
from django.conf import settings

from tests.processes import LoggedProcess, RedisServer, redis_server, start_process
from tests.web import server_env, web_server

# Fast heartbeats and a short staleness bound, so that the tests see health turn in seconds.
HEARTBEAT_SECONDS = 1
HEARTBEAT_MAX_AGE_SECONDS = 5

T = TypeVar("T")


def wait_until(what: str, predicate: Callable[[], T | None], *, timeout: float) -> T:
    """Poll `predicate` until it returns something true; fail saying `what` did not happen."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout:.0f} s")
        time.sleep(0.2)


@dataclass(kw_only=True)
class Endpoint:
    """What a test talks to: HTTP and WebSocket on one port (a web server, or a proxy in front
    of several), and the logs to show when something does not happen."""

    port: int = 0

    def logs_tail(self) -> str:
        return ""

    # --- HTTP -----------------------------------------------------------------------------
    def call(
        self, method: str, path: str, *, token: str | None = None, body: Any = None
    ) -> tuple[int, Any]:
        """One API request; the status and the decoded JSON body, errors included."""
        headers = {"Content-Type": "application/json"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            data=None if body is None else json.dumps(body).encode(),
            headers=headers,
            method=method,
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as reply:
                return reply.status, json.load(reply)
        except urllib.error.HTTPError as error:
            text = error.read().decode(errors="replace")
            try:
                return error.code, json.loads(text)
            except ValueError:
                return error.code, text

    def health(self) -> tuple[int, dict[str, Any]]:
        return self.call("GET", "/api/health/")

    def wait_health(
        self, status: int, *, timeout: float, stale: str | None = None
    ) -> dict[str, Any]:
        """The first health answer with `status` (and, if given, naming `stale` as down: on
        a loaded machine another part may look stale for a moment first)."""
        seen: list[Any] = []

        def answered() -> dict[str, Any] | None:
            code, body = self.health()
            seen[:] = [code, body]
            if stale is not None and body.get(stale, {}).get("ok") is not False:
                return None
            return body if code == status else None

        try:
            return wait_until(f"health {status}", answered, timeout=timeout)
        except AssertionError as error:
            raise AssertionError(f"{error}; last answer {seen}\n{self.logs_tail()}") from None

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"


@dataclass(kw_only=True)
class Topology(Endpoint):
    redis: RedisServer
    logs: Path
    worker: LoggedProcess | None = None
    beat: LoggedProcess | None = None
    started: list[LoggedProcess] = field(default_factory=list)

    # --- processes ------------------------------------------------------------------------
    def _celery(self, *args: str, log: str) -> LoggedProcess:
        command = [sys.executable, "-m", "celery", "-A", "config", *args]
        process = start_process(command, env=server_env(), log_path=self.logs / log)
        self.started.append(process)
        return process

    def start_worker(self) -> None:
        """`celery worker` as docker-compose runs it (prefork), on the default queue."""
        name = f"ops-{uuid.uuid4().hex[:6]}@%h"
        self.worker = self._celery("worker", "-l", "info", "-c", "2", "-n", name, log="worker.log")

    def start_beat(self) -> None:
        schedule = str(self.logs / "beat-schedule")
        self.beat = self._celery("beat", "-l", "info", "-s", schedule, log="beat.log")

    def logs_tail(self) -> str:
        web = Path(f"/tmp/{settings.CELERY_TASK_DEFAULT_QUEUE}-web.log")  # tests.web's log
        tails = [f"--- {p.log_path.name}\n{p.log_tail()}" for p in self.started]
        if web.exists():
            tails.append("--- web\n" + "\n".join(web.read_text().splitlines()[-40:]))
        return "\n".join(tails)


@contextmanager
def production_topology(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Topology]:
    """Start Redis, the worker, beat and two web processes; yield once health is 200."""
    with ExitStack() as stack:
        redis = stack.enter_context(redis_server())
        # Every process started from here on reads these (tests.web.server_env copies the
        # environment): broker, channel layer and cache all on the private Redis.
        monkeypatch.setenv("REDIS_URL", redis.url)
        monkeypatch.setenv("ARBITER_TEST_CACHE_URL", redis.url.rsplit("/", 1)[0] + "/1")
        monkeypatch.delenv("CELERY_BROKER_URL", raising=False)
        monkeypatch.delenv("CELERY_RESULT_BACKEND", raising=False)
        monkeypatch.setenv("ARBITER_TICK_SECONDS", "1")
        monkeypatch.setenv("ARBITER_HEARTBEAT_SECONDS", str(HEARTBEAT_SECONDS))
        monkeypatch.setenv("ARBITER_HEARTBEAT_MAX_AGE_SECONDS", str(HEARTBEAT_MAX_AGE_SECONDS))
        topology = Topology(redis=redis, logs=tmp_path)

        @stack.callback
        def stop_all() -> None:
            for process in reversed(topology.started):
                process.stop()
                process.kill()  # whatever a process that died left behind (pool children)

        topology.start_worker()
        topology.start_beat()
        topology.port = stack.enter_context(web_server(workers=2))
        topology.wait_health(200, timeout=90)
        yield topology
