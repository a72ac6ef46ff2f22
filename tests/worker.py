"""A real Celery worker process for tests, on the real Redis broker, on its own queue."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import redis
from django.conf import settings

from arbiter.realtime.ping import TRAILING_KEY as PING_TRAILING_KEY
from arbiter.tournaments.live.push import TRAILING_KEY
from tests.processes import stop_group

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class WorkerHandle:
    queue: str
    process: subprocess.Popen[bytes]
    log_path: str

    def kill(self) -> None:
        """SIGKILL the worker and everything it started (its pairing engine included)."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def wait_ready(self, *, timeout: float = 60) -> None:
        """Until the worker consumes its queue (Celery logs "<name> ready." at info level)."""
        deadline = time.monotonic() + timeout
        while " ready." not in Path(self.log_path).read_text(errors="replace"):
            assert self.process.poll() is None, Path(self.log_path).read_text()
            assert time.monotonic() < deadline, Path(self.log_path).read_text()
            time.sleep(0.05)


@contextmanager
def celery_worker(
    *, queue: str | None = None, beat: bool = False, extra_env: dict[str, str] | None = None
) -> Iterator[WorkerHandle]:
    """Start `celery worker` (optionally with embedded beat) and yield its queue name.

    The worker uses the test settings and the test database that pytest-django created.
    """
    queue = queue or settings.CELERY_TASK_DEFAULT_QUEUE
    # Tasks earlier tests sent to this queue (no worker was running) are stale: drop them.
    redis.Redis.from_url(settings.REDIS_URL).delete(queue)
    # And the marks of the trailing live pushes among them: an event's pushes wait for its
    # scheduled trailing push (up to 2 s), which would now never come.
    pushes = redis.Redis.from_url(settings.CACHES["default"]["LOCATION"])
    for key in pushes.scan_iter(match="*" + TRAILING_KEY.format("*")):
        pushes.delete(key)
    for key in pushes.scan_iter(match="*" + PING_TRAILING_KEY.format("*")):  # the same, pings
        pushes.delete(key)
    env = dict(os.environ)
    env["ARBITER_TEST_QUEUE"] = settings.CELERY_TASK_DEFAULT_QUEUE
    env.update(extra_env or {})
    env["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    env["ARBITER_TEST_DATABASE_NAME"] = str(settings.DATABASES["default"]["NAME"])
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "config",
        "worker",
        "-Q",
        queue,
        "-P",
        "solo",
        "-c",
        "1",
        "-l",
        "info",
        "--without-mingle",
        "--without-gossip",
        "--without-heartbeat",
        "-n",
        f"{queue}-{uuid.uuid4().hex[:6]}@%h",
    ]
    if beat:
        command += ["-B", "-s", f"/tmp/{queue}-beat"]
    log = open(f"/tmp/{queue}.log", "w")  # noqa: SIM115 (closed in finally)
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        yield WorkerHandle(queue, process, log.name)
    finally:
        stop_group(process)
        log.close()


def wait_for(predicate, *, timeout: float = 30.0, interval: float = 0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise TimeoutError("condition not met in time")
