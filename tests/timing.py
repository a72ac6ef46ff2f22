"""Time in tests (docs/testing.md, "Time in tests"). A wait for something that should happen
(a push, a stream's line, a process's answer) costs time only when the test fails, so it is
long: a loaded machine must not make it fail. A wait that proves nothing more happens costs
its length on every run, so it stays short: under load it can only pass more easily."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the benchmarks import tests.processes, which needs only the constant
    from channels.testing import WebsocketCommunicator

WAIT_SECONDS = 60.0  # for what must come; generous, since it is spent only on a failure
QUIET_SECONDS = 0.5  # silence that ends a read once what must come has come


async def frames_until(
    socket: WebsocketCommunicator,
    done: Callable[[list[dict[str, Any]]], bool],
    *,
    quiet: float = QUIET_SECONDS,
) -> list[dict[str, Any]]:
    """The frames `socket` receives until `done(frames)` holds (each waited for up to
    WAIT_SECONDS), then any that follow before `quiet` seconds pass with nothing more."""
    frames: list[dict[str, Any]] = []
    while not done(frames):
        frames.append(await socket.receive_json_from(timeout=WAIT_SECONDS))
    while not await socket.receive_nothing(timeout=quiet):
        frames.append(await socket.receive_json_from(timeout=WAIT_SECONDS))
    return frames
