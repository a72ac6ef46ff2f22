"""Sending typed events to WebSocket groups from sync code (services, tasks)."""

import json
from collections.abc import Sequence
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer, get_channel_layer


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


def group_push(*, group: str, event: str, payload: dict[str, Any]) -> None:
    layer = channel_layer()
    async_to_sync(layer.group_send)(group, {"type": "push", "text": push_text(event, payload)})


def group_push_many(*, group: str, events: Sequence[tuple[str, dict[str, Any]]]) -> None:
    """Several events in one channel-layer message: each socket still gets one frame per
    event, in order, but the message crosses Redis once and wakes each consumer once. Fan-out
    to many sockets costs per message more than per frame."""
    layer = channel_layer()
    texts = [push_text(event, payload) for event, payload in events]
    async_to_sync(layer.group_send)(group, {"type": "push", "texts": texts})


def user_push(*, user_id: int, event: str, payload: dict[str, Any]) -> None:
    group_push(group=user_group(user_id), event=event, payload=payload)


def sockets_close(*, credential: str) -> None:
    """Close every socket opened with this credential (code 4401). The consumers re-check
    their credential periodically too, so a close message lost on the way is only late."""
    layer = channel_layer()
    async_to_sync(layer.group_send)(auth_group(credential), {"type": "auth.revoked"})
