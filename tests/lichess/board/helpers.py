"""lichess's client (berserk, unchanged) against a served Arbiter, and a stream read in a
thread of its own, so that a test plays while it listens."""

from __future__ import annotations

import asyncio
import json
import queue
import socket
import threading
from collections.abc import Callable, Iterator
from typing import Any

import berserk
import requests

from arbiter.users.services import api_token_create
from tests.factories.tournaments import TimeControlFactory
from tests.games.helpers import Playing, online_game
from tests.timing import WAIT_SECONDS

LINE_WAIT_SECONDS = WAIT_SECONDS  # a line that must come (tests/timing.py)


def rapid_game() -> Playing:
    """Board 1 of an online event's round 1, on a 10+5 clock (rapid)."""
    return online_game(time_control=TimeControlFactory(limit_seconds=600, increment_seconds=5))


class StreamsSession(berserk.TokenSession):
    """berserk's session, which can also hang up the streams it opened (berserk has no way
    to: its stream generators block in a read)."""

    def __init__(self, token: str) -> None:
        super().__init__(token)
        self.streams: list[requests.Response] = []

    def request(self, *args: Any, **kwargs: Any) -> requests.Response:
        response = super().request(*args, **kwargs)
        if kwargs.get("stream"):
            self.streams.append(response)
        return response

    def hang_up(self) -> None:
        for response in self.streams:
            connection = response.raw.connection
            if connection is not None and connection.sock is not None:
                connection.sock.shutdown(socket.SHUT_RDWR)
        self.streams.clear()


def board_client(port: int, user: Any) -> berserk.Client:
    return token_client(port, api_token_create(user=user, name="board")[1])


def token_client(port: int, token: str) -> berserk.Client:
    return berserk.Client(session=StreamsSession(token), base_url=f"http://127.0.0.1:{port}")


def hang_up(client: berserk.Client) -> None:
    """Close every stream `client` opened, as a client that goes away."""
    client.board._r.session.hang_up()


class Listener:
    """Reads a berserk stream in a thread: `next_line()` waits for its next line; `ended`
    is set once the server closed the stream."""

    def __init__(self, open_stream: Callable[[], Iterator[dict[str, Any]]]) -> None:
        self.lines: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.ended = threading.Event()
        self.error: Exception | None = None
        self._stream = open_stream()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            for line in self._stream:
                self.lines.put(line)
            self.ended.set()
        except Exception as error:  # the server stopped under a stream still open
            self.error = error
        finally:
            self.lines.put(None)

    def next_line(self) -> dict[str, Any]:
        line = self.lines.get(timeout=LINE_WAIT_SECONDS)
        assert line is not None, "the stream ended"
        return line

    def until(self, kind: str) -> dict[str, Any]:
        """The next line of type `kind`, skipping others."""
        while True:
            line = self.next_line()
            if line["type"] == kind:
                return line

    def wait_end(self) -> list[dict[str, Any]]:
        """Every line left until the server closes the stream."""
        rest = []
        while (line := self.lines.get(timeout=LINE_WAIT_SECONDS)) is not None:
            rest.append(line)
        assert self.ended.is_set()
        return rest


class RawStream:
    """An NDJSON stream over a bare HTTP/1.1 connection: thousands fit in one event loop,
    and each line comes as sent, the keep-alive blank lines too (berserk skips them)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.status = 0
        self._buffer = b""

    @classmethod
    async def open(cls, port: int, path: str, token: str) -> RawStream:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
            "Accept: application/json\r\n\r\n".encode()
        )
        stream = cls(reader, writer)
        head = await reader.readuntil(b"\r\n\r\n")
        stream.status = int(head.split()[1])
        return stream

    async def line(self, timeout: float = LINE_WAIT_SECONDS) -> str | None:
        """The next line ("" for a keep-alive), or None once the server ended the stream."""
        while b"\n" not in self._buffer:
            size = int((await asyncio.wait_for(self.reader.readline(), timeout)).strip(), 16)
            if size == 0:
                return None
            self._buffer += (await self.reader.readexactly(size + 2))[:-2]
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line.decode()

    async def json_line(self) -> dict[str, Any]:
        """The next line that is not a keep-alive."""
        while True:
            line = await self.line()
            assert line is not None, "the stream ended"
            if line:
                return dict(json.loads(line))

    def close(self) -> None:
        self.writer.close()
