"""Helpers for the real processes tests start (web servers, Celery workers, Redis)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.timing import WAIT_SECONDS

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def stop_group(process: subprocess.Popen[bytes], *, timeout: float = 20) -> None:
    """SIGTERM a process started in its own session (and all it started); SIGKILL if it hangs."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


class RedisServer:
    """A redis-server of a test's own on a free port, which the test may stop and start again
    (on the same port) to make whatever uses it fail for real."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        import redis

        self.process = subprocess.Popen(
            [
                *("redis-server", "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no"),
            ],
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            try:
                redis.Redis.from_url(self.url, socket_connect_timeout=0.2).ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            stop_group(self.process)
            self.process = None


@contextmanager
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@dataclass
class LoggedProcess:
    process: subprocess.Popen[bytes]
    log_path: Path

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL the process and everything it started: no cleanup, as in a crash."""
        with suppress(ProcessLookupError):  # the whole group is gone already
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        stop_group(self.process)

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])


def start_process(command: list[str], *, env: dict[str, str], log_path: Path) -> LoggedProcess:
    """Start `command` in the repository, in a session of its own (so `stop_group` and
    `LoggedProcess.kill` reach everything it starts), its output appended to `log_path`."""
    log = log_path.open("a")
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    log.close()  # the child holds its own copy of the descriptor
    return LoggedProcess(process, log_path)


@dataclass
class Served:
    """A web server a test started: its port, its process (and log) and the health endpoint's
    first answer."""

    port: int
    server: LoggedProcess
    health: dict[str, Any]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@contextmanager
def served(
    *args: str,
    env: dict[str, str],
    log_path: Path,
    command: Sequence[str] = (sys.executable, "manage.py", "serve"),
    startup_timeout: float = WAIT_SECONDS,
) -> Iterator[Served]:
    """Run `command --port <free port> *args` (`manage.py serve` unless told) in a session of its
    own; yield once `/api/health/` answers; at exit stop the group and print the log's tail,
    which pytest shows for a failing test."""
    port = free_port()
    server = start_process([*command, "--port", str(port), *args], env=env, log_path=log_path)
    try:
        health = _health_once_up(server, f"http://127.0.0.1:{port}/api/health/", startup_timeout)
        yield Served(port, server, health)
    finally:
        server.stop()
        print(f"--- {log_path.name}\n{server.log_tail()}")


def _health_once_up(server: LoggedProcess, url: str, timeout: float) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as reply:
                return dict(json.load(reply))
        except OSError as error:  # refused while it starts; a 503 (HTTPError) is retried too
            last = error
        if not server.alive():
            raise AssertionError(
                f"the server exited ({server.process.returncode}) before {url} answered:\n"
                + server.log_tail()
            )
        if time.monotonic() > deadline:
            raise AssertionError(
                f"{url} did not answer within {timeout:g} s (last: {last!r}):\n" + server.log_tail()
            )
        time.sleep(0.1)
