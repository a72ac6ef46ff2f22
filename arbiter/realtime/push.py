"""Sending typed events to WebSocket groups from sync code (services, tasks)."""

import asyncio
import json
import os
import threading
from collections.abc import Coroutine, Sequence
from typing import Any, TypeVar

from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer, get_channel_layer
from channels_redis.core import RedisChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer

PUBLISH_TIMEOUT_SECONDS = 10.0
T = TypeVar("T")
# The message a revocation sends to an `auth_group`: its connections close.
AUTH_REVOKED = "auth.revoked"


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def auth_group(credential: str) -> str:
    """The group of every socket opened with one credential (named by the authenticating app,
    e.g. `token.12`): a revocation is broadcast there and closes them."""
    return f"auth.{credential}"


def channel_layer() -> BaseChannelLayer:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("CHANNEL_LAYERS is not configured")
    return layer


def push_text(event: str, payload: dict[str, Any]) -> str:
    """The frame a client receives. Encoded once here, not once per socket: an event with a
    thousand watchers would otherwise serialise every push a thousand times."""
    return json.dumps({"event": event, "payload": payload}, separators=(",", ":"))


class _PublishLoop:
    """An event loop on a thread of its own, one per process, that publishes to Redis over a
    connection it keeps. `async_to_sync` starts a new loop per call, and either Redis layer a
    new Redis connection per loop: about 4 ms a publish, against 0.4 ms here, and a live push
    publishes twice (docs/live.md)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.pid = 0

    def get(self) -> asyncio.AbstractEventLoop:
        with self.lock:
            if self.loop is None or self.pid != os.getpid():  # none yet, or a forked child
                self.loop, self.pid = asyncio.new_event_loop(), os.getpid()
                thread = threading.Thread(target=self.loop.run_forever, daemon=True)
                thread.start()
            return self.loop


_publish_loop = _PublishLoop()


def redis_publish_run(publish: Coroutine[Any, Any, T]) -> T:
    """Run `publish` (sends on a Redis channel layer) on the process's publish loop: the one
    connection it keeps, never the server's loop (whose layer its sockets use) nor a new loop."""
    return asyncio.run_coroutine_threadsafe(publish, _publish_loop.get()).result(
        timeout=PUBLISH_TIMEOUT_SECONDS
    )


def _group_send(group: str, message: dict[str, Any]) -> None:
    layer = channel_layer()
    if isinstance(layer, RedisPubSubChannelLayer | RedisChannelLayer):
        redis_publish_run(layer.group_send(group, message))
    else:
        # Another layer (the embedded mode's in-memory one) lives on the server's own loop.
        async_to_sync(layer.group_send)(group, message)


def group_text_push(*, group: str, text: str) -> None:
    """A frame already encoded (`push_text`)."""
    _group_send(group, {"type": "push", "text": text})


def group_push(*, group: str, event: str, payload: dict[str, Any]) -> None:
    _group_send(group, {"type": "push", "text": push_text(event, payload)})


def group_push_many(*, group: str, events: Sequence[tuple[str, dict[str, Any]]]) -> None:
    """Several events in one channel-layer message: each socket still gets one frame per
    event, in order, but the message crosses Redis once and wakes each consumer once. Fan-out
    to many sockets costs per message more than per frame."""
    texts = [push_text(event, payload) for event, payload in events]
    _group_send(group, {"type": "push", "texts": texts})


def user_push(*, user_id: int, event: str, payload: dict[str, Any]) -> None:
    group_push(group=user_group(user_id), event=event, payload=payload)


def sockets_close(*, credential: str) -> None:
    """Close every socket (code 4401) and end every Board-API stream opened with this
    credential. They re-check their credential periodically too, so a close message lost on
    the way is only late."""
    _group_send(auth_group(credential), {"type": AUTH_REVOKED})
