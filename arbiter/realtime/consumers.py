"""Transport: a consumer base that forwards pushed frames, and the personal `/ws/me/` socket.

Each app that pushes owns its own consumer (e.g. `arbiter.tournaments.consumers`).
"""

import asyncio
import contextlib
from typing import Any

from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from arbiter.realtime.push import channel_layer, user_group


class EventConsumer(AsyncJsonWebsocketConsumer):
    """Forwards `push` group messages: one frame (`text`) or several in order (`texts`), each
    already encoded as {"event": ..., "payload": ...}."""

    groups_joined: list[str]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Channels' consumer loop, lighter per pushed message. Channels starts a new task and
        an `asyncio.wait` for every message; a push reaches every socket, and at a thousand
        sockets that bookkeeping cost about as much as writing the frames. Here the socket's
        events and the channel layer's messages are each read by a loop of their own, and a
        lock keeps their handlers one at a time, in arrival order, as Channels does."""
        self.scope = scope
        self.channel_layer = channel_layer()
        self.channel_name = await self.channel_layer.new_channel()
        self.base_send = send
        self._one_at_a_time = asyncio.Lock()
        layer_messages = asyncio.ensure_future(self._read_layer())
        try:
            while True:
                message = await receive()
                async with self._one_at_a_time:
                    await self.dispatch(message)
        except StopConsumer:
            pass
        finally:
            layer_messages.cancel()
            with contextlib.suppress(asyncio.CancelledError, StopConsumer):
                await layer_messages

    async def _read_layer(self) -> None:
        while True:
            message = await self.channel_layer.receive(self.channel_name)
            async with self._one_at_a_time:
                await self.dispatch(message)

    async def disconnect(self, code: int) -> None:
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def join(self, group: str) -> None:
        await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined = [*getattr(self, "groups_joined", []), group]

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels closes stale database connections before every handler, a thread-pool hop
        # per message; a push touches no database, and with a thousand sockets that hop was
        # a third of the server's time.
        if message["type"] == "push":
            await self.push(message)
        else:
            await super().dispatch(message)

    async def push(self, message: dict[str, Any]) -> None:
        for text in message.get("texts") or [message["text"]]:
            frame: Any = {"type": "websocket.send", "text": text}
            await self.base_send(frame)


class UserConsumer(EventConsumer):
    """`/ws/me/`: personal notifications (e.g. to team leaders). Authentication required."""

    async def connect(self) -> None:
        user: Any = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        await self.accept()
        await self.join(user_group(user.id))
        await self.send_json({"event": "hello", "payload": {"username": user.username}})


class UnknownPathConsumer(AsyncJsonWebsocketConsumer):
    """The last socket route: a /ws/ path nobody serves closes with 4404, as a quiet refusal
    (the router would raise "No route found" and log a traceback for every such probe)."""

    async def connect(self) -> None:
        await self.close(code=4404)
