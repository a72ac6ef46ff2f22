"""A channel-layer channel of a stream's own, joined to groups and read with a timeout.

A timeout must not cancel the layer's `receive`: the Redis pub/sub layer takes a cancelled
receive for the consumer's end and drops the channel. So one receive stays pending across
timeouts, and is cancelled only when the stream ends, which also leaves every group.

A revocation of the credential the stream was opened with (`realtime.push.sockets_close`, to
an `auth_group` it joined) ends `pushes()`, and so the stream."""

from __future__ import annotations

import asyncio
import contextlib
import json
import weakref
from collections.abc import AsyncIterator, Iterator
from types import TracebackType
from typing import Any

from arbiter.realtime.push import AUTH_REVOKED, channel_layer


def pushed_events(message: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The `(event, payload)` pairs of a `push` group message (`realtime.push`)."""
    if message.get("type") != "push":
        return
    for text in message.get("texts") or [message["text"]]:
        frame = json.loads(text)
        yield frame["event"], frame["payload"]


class Subscription:
    """`async with Subscription() as sub: await sub.join(group); await sub.next(6.0)`."""

    def __init__(self) -> None:
        self.layer = channel_layer()
        self.channel = ""
        self.groups: set[str] = set()
        self._pending: asyncio.Task[dict[str, Any]] | None = None
        self.closed = False

    async def __aenter__(self) -> Subscription:
        self.channel = await self.layer.new_channel()
        return self

    async def join(self, group: str) -> None:
        if group not in self.groups:
            await self.layer.group_add(group, self.channel)
            self.groups.add(group)

    async def leave(self, group: str) -> None:
        if group in self.groups:
            self.groups.discard(group)
            await self.layer.group_discard(group, self.channel)

    async def next(self, timeout: float) -> dict[str, Any] | None:
        """The next message, or None when `timeout` seconds pass without one."""
        if self._pending is None:
            self._pending = asyncio.ensure_future(self.layer.receive(self.channel))
        done, _ = await asyncio.wait({self._pending}, timeout=timeout)
        if not done:
            return None
        message, self._pending = self._pending.result(), None
        return message

    async def pushes(self, keep_alive: float) -> AsyncIterator[tuple[str, dict[str, Any]] | None]:
        """Each pushed `(event, payload)`, and None after `keep_alive` seconds without one;
        over once the stream's credential is revoked."""
        while True:
            message = await self.next(keep_alive)
            if message is None:
                yield None
                continue
            if message.get("type") == AUTH_REVOKED:
                return
            for pushed in pushed_events(message):
                yield pushed

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    def close_with(self, owner: object) -> None:
        """Close this subscription when `owner` (a stream's rows) is dropped without having
        closed it: a response Django never started to send (its client left first) never
        runs its generator, whose `finally` would have."""
        loop = asyncio.get_running_loop()

        def dropped() -> None:
            if not self.closed and not loop.is_closed():
                loop.call_soon_threadsafe(lambda: loop.create_task(self.close()))

        weakref.finalize(owner, dropped)

    async def close(self) -> None:
        """Stop receiving and leave every group (once; again does nothing)."""
        if self.closed:
            return
        self.closed = True
        if self._pending is not None:
            self._pending.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._pending
            self._pending = None
        for group in list(self.groups):
            await self.leave(group)
