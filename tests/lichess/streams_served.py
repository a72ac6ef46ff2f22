"""For the long-lived connection tests against a served app: Board-API streams over bare
HTTP/1.1 (their status, and the JSON body of a refusal), sockets, and a server a test can
kill as a crash would."""

from __future__ import annotations

import asyncio
import json
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.lichess.board.helpers import RawStream
from tests.processes import LoggedProcess, free_port, start_process
from tests.web import server_env


class Refused(Exception):
    def __init__(self, status: int, body: Any) -> None:
        super().__init__(status, body)
        self.status, self.body = status, body


async def stream_open(port: int, path: str, token: str) -> RawStream:
    """An open stream (200), or `Refused` with the answer's status and JSON body."""
    stream = await RawStream.open(port, path, token)
    if stream.status == 200:
        return stream
    # The head was read; the body is a JSON object of Content-Length bytes.
    body = await stream.reader.read(65536)
    stream.close()
    raise Refused(stream.status, json.loads(body) if body else None)


async def stream_ended(stream: RawStream, within: float) -> tuple[bool, int]:
    """Whether the server ended `stream` within `within` seconds, and how many lines (keep-
    alives included) came meanwhile."""
    deadline = time.monotonic() + within
    lines = 0
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = await stream.line(timeout=left)
        except TimeoutError:
            break
        except (asyncio.IncompleteReadError, ConnectionError):  # dropped: ended all the same
            return True, lines
        if line is None:
            return True, lines
        lines += 1
    return False, lines


def socket_open(port: int, path: str, token: str) -> ClientConnection:
    return connect(
        f"ws://127.0.0.1:{port}{path}",
        additional_headers={"Authorization": f"Bearer {token}"},
        open_timeout=30,
    )


def socket_close_code(socket: ClientConnection, within: float = 30) -> int | None:
    """The code the server closed `socket` with (None: still open after `within` s)."""
    deadline = time.monotonic() + within
    try:
        while (left := deadline - time.monotonic()) > 0:
            socket.recv(timeout=left)
    except TimeoutError:
        return None
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None
    return None


def request(port: int, method: str, path: str, token: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    call = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        method=method,
        data=data,
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(call, timeout=30) as reply:
            raw = reply.read()
            return reply.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        raw = error.read()
        return error.code, json.loads(raw) if raw else None


@contextmanager
def killable_server(log_path: Path, env: dict[str, str]) -> Iterator[tuple[int, LoggedProcess]]:
    """`manage.py serve` (one process) on the test's database and Redis, which the test may
    SIGKILL (`LoggedProcess.kill`); stopped at the end if still alive."""
    port = free_port()
    server = start_process(
        [sys.executable, "manage.py", "serve", "--port", str(port), "--workers", "1"],
        env={**server_env(), **env},
        log_path=log_path,
    )
    try:
        deadline = time.monotonic() + 60
        while "Started server process" not in log_path.read_text():
            assert server.alive(), server.log_tail()
            assert time.monotonic() < deadline, server.log_tail()
            time.sleep(0.1)
        yield port, server
    finally:
        if server.alive():
            server.stop()
