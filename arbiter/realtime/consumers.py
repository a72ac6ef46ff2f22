"""Transport: a consumer base that forwards pushed frames, and the personal `/ws/me/` socket.

Each app that pushes owns its own consumer (e.g. `arbiter.tournaments.api.socket`).

A socket opened with a credential stays open only while the credential holds. The
authentication middleware (outside this package) puts in the scope `auth_credentials`, the
names of what authenticated the socket, and `auth_check`, a coroutine function telling whether
they still hold. An accepted socket joins one group per credential, where a revocation is
broadcast (`push.sockets_close`), and runs the check every `SOCKET_AUTH_RECHECK_SECONDS`
(expiry, a lost close message); either closes it with 4401.

A signed-in user's socket holds a place in their allowance of long-lived connections
(`connections`, shared with the Board API's streams); past it the socket is accepted and
closed at once with 4429, a code a browser's script can read (a refused handshake is only a
1006 there).

A handler that finds the database pool exhausted (every pooled connection taken for the pool's
whole timeout) closes its socket with 1013, "try again later", accepting it first if it was
not yet (the same reason), and logs one warning line with the path, no traceback: a client
reconnects as after any close, and a thousand sockets meeting a busy pool at once are a
thousand lines, not a thousand tracebacks (docs/live.md, "A pool exhausted").

A socket's own answers (an `error` event, a refusal its handler words) are in the language its
authentication chose (`scope["language"]`, arbiter.common.i18n); pushed frames are the same
bytes for every socket, and hold no text.
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from arbiter.common.i18n import SCOPE_LANGUAGE_KEY
from arbiter.common.middleware import pool_exhausted
from arbiter.realtime import ping
from arbiter.realtime.connections import ConnectionPlace, connection_place_take
from arbiter.realtime.push import auth_group, channel_layer, user_group
from arbiter.realtime.recheck import credential_recheck_failed

logger = logging.getLogger(__name__)

CLOSE_UNAUTHORIZED = 4401
CLOSE_UNSUPPORTED_DATA = 1003  # a binary frame: every socket here speaks JSON text
CLOSE_POLICY_VIOLATION = 1008  # frames faster than the budget
CLOSE_TOO_MANY = 4429  # the user's allowance of long-lived connections is full
CLOSE_TRY_AGAIN_LATER = 1013  # the database pool exhausted: nothing wrong with the socket


class FrameBudget:
    """A token bucket: `rate` frames a second on average, `burst` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _owner(scope: Any) -> int | None:
    user = scope.get("user")
    return user.pk if user is not None and user.is_authenticated else None


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
        self._auth_recheck: asyncio.Future[None] | None = None
        self._place: ConnectionPlace | None = None
        self._place_renewal: asyncio.Future[None] | None = None
        self._frames = FrameBudget(settings.SOCKET_FRAMES_PER_SECOND, settings.SOCKET_FRAME_BURST)
        self._accepted = False
        layer_messages = asyncio.ensure_future(self._read_layer())
        # This socket's task (and the threads its handlers run in) speaks its language.
        language = scope.get(SCOPE_LANGUAGE_KEY) or settings.LANGUAGE_CODE
        try:
            with translation.override(language):
                while True:
                    message = await receive()
                    async with self._one_at_a_time:
                        await self._dispatch_or_close_busy(message)
        except StopConsumer:
            pass
        finally:
            await self._release_place()
            layer_messages.cancel()
            if self._auth_recheck is not None:
                self._auth_recheck.cancel()
            with contextlib.suppress(asyncio.CancelledError, StopConsumer):
                await layer_messages

    async def _read_layer(self) -> None:
        while True:
            message = await self.channel_layer.receive(self.channel_name)
            async with self._one_at_a_time:
                await self.dispatch(message)

    async def _dispatch_or_close_busy(self, message: dict[str, Any]) -> None:
        """`dispatch`; a pool exhausted in its handler (connect() reading the event, a frame's
        write) closes the socket with 1013 and stops the consumer."""
        try:
            await self.dispatch(message)
        except Exception as exc:
            if not pool_exhausted(exc):
                raise
            logger.warning(
                "Socket closed with %s: %s (database pool exhausted)",
                CLOSE_TRY_AGAIN_LATER,
                self.scope.get("path", "?"),
            )
            if not self._accepted:  # a refused handshake reaches a browser as 1006 only
                await super().accept()
            await super().close(code=CLOSE_TRY_AGAIN_LATER)
            raise StopConsumer from None

    async def accept(self, subprotocol: str | None = None, headers: Any = None) -> None:
        owner = _owner(self.scope)
        if owner is not None:
            self._place = await connection_place_take(owner=owner)
            if self._place is None:
                await super().accept(subprotocol, headers)
                await super().close(code=CLOSE_TOO_MANY)
                raise StopConsumer  # connect() stops here, and so does the consumer
            self._place_renewal = asyncio.ensure_future(self._place.renewing())
        await super().accept(subprotocol, headers)
        self._accepted = True
        scope: Any = self.scope
        for credential in scope.get("auth_credentials", ()):
            await self.join(auth_group(credential))
        check = scope.get("auth_check")
        if check is not None:
            self._auth_recheck = asyncio.ensure_future(self._recheck_auth(check))

    async def _recheck_auth(self, check: Callable[[], Awaitable[bool]]) -> None:
        while True:
            await asyncio.sleep(settings.SOCKET_AUTH_RECHECK_SECONDS)
            try:
                valid = await check()
            except Exception as exc:  # the database away: keep the socket, check again next time
                credential_recheck_failed("Socket", self.scope.get("path", "?"), exc)
                continue
            if not valid:
                async with self._one_at_a_time:
                    await self.close(code=CLOSE_UNAUTHORIZED)
                return

    async def auth_revoked(self, message: dict[str, Any]) -> None:  # type "auth.revoked"
        await self.close(code=CLOSE_UNAUTHORIZED)

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        """A client's frame: within the socket's budget, JSON text (a binary frame closes the
        socket with 1003; text that is not JSON, or nested too deeply to decode, gets an
        `error` event), then `receive_json`."""
        if not self._frames.take():
            await self.close(code=CLOSE_POLICY_VIOLATION)
            return
        if text_data is None:
            await self.close(code=CLOSE_UNSUPPORTED_DATA)
            return
        try:
            content = await self.decode_json(text_data)
        except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
            await self.send_error(400, gettext("Send a JSON object."))
            return
        await self.receive_json(content, **kwargs)

    async def send_error(
        self, status: int, message: str, extra: dict[str, Any] | None = None
    ) -> None:
        payload = {"status": status, "message": message, "extra": extra or {}}
        await self.send_json({"event": "error", "payload": payload})

    async def _release_place(self) -> None:
        if self._place_renewal is not None:
            self._place_renewal.cancel()
            self._place_renewal = None
        if self._place is not None:
            place, self._place = self._place, None
            await place.release()

    async def disconnect(self, code: int) -> None:
        await self._release_place()
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)
            if group.endswith(ping.PING_SUFFIX):  # one watcher fewer: pings may come closer
                await sync_to_async(ping.watchers_change)(group.removesuffix(ping.PING_SUFFIX), -1)

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
            await self.close(code=CLOSE_UNAUTHORIZED)
            return
        await self.accept()
        await self.join(user_group(user.id))
        await self.send_json({"event": "hello", "payload": {"username": user.username}})


class UnknownPathConsumer(AsyncJsonWebsocketConsumer):
    """The last socket route: a /ws/ path nobody serves closes with 4404, as a quiet refusal
    (the router would raise "No route found" and log a traceback for every such probe)."""

    async def connect(self) -> None:
        await self.close(code=4404)
