"""A real web server for tests: `manage.py serve` (uvicorn) on the test settings and database."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.conf import settings

from tests.processes import free_port, stop_group
from tests.timing import WAIT_SECONDS

ROOT = Path(__file__).resolve().parent.parent


def server_env() -> dict[str, str]:
    """The environment of a process that shares this test's database, queue and channels."""
    env = dict(os.environ)
    env["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    env["ARBITER_TEST_QUEUE"] = settings.CELERY_TASK_DEFAULT_QUEUE
    env["ARBITER_TEST_DATABASE_NAME"] = str(settings.DATABASES["default"]["NAME"])
    return env


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=WAIT_SECONDS) as reply:
        return json.load(reply)


def accepts(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


@contextmanager
def web_server(
    *, workers: int, env: dict[str, str] | None = None, log_path: Path | None = None
) -> Iterator[int]:
    """Start `manage.py serve --workers N`; yield its port once every process serves.
    `env`: variables set for the server over `server_env()`'s; `log_path`: its log, for a
    test that runs two servers at once."""
    port = free_port()
    log_path = log_path or Path(f"/tmp/{settings.CELERY_TASK_DEFAULT_QUEUE}-web.log")
    log = log_path.open("w")
    process = subprocess.Popen(
        [sys.executable, "manage.py", "serve", "--port", str(port), "--workers", str(workers)],
        cwd=ROOT,
        env={**server_env(), **(env or {})},
        start_new_session=True,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60
        while log_path.read_text().count("Started server process") < workers:
            assert process.poll() is None, log_path.read_text()
            assert time.monotonic() < deadline, log_path.read_text()
            time.sleep(0.1)
        # One process logs "Started server process" before it binds its port: under load a
        # client connecting at once was refused (ECONNREFUSED). Serving means accepting.
        while not accepts(port):
            assert process.poll() is None, log_path.read_text()
            assert time.monotonic() < deadline, log_path.read_text()
            time.sleep(0.1)
        yield port
    finally:
        stop_group(process)
        log.close()
