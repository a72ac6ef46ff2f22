"""lichess's client (berserk, unchanged) against a served Arbiter, and a stream read in a
thread of its own, so that a test plays while it listens."""

from __future__ import annotations

import queue
import socket
import threading
from collections.abc import Callable, Iterator
from typing import Any

import berserk
import requests

from arbiter.users.services import api_token_create

LINE_WAIT_SECONDS = 15


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
    token = api_token_create(user=user, name="board")[1]
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
