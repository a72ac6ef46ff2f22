"""Many group pushes at once, from sync code: a round start's `game_start` to each player
(two messages a player).

`push.group_push` sends one message and waits for it: hundreds of them one after the other
made the last players' `gameStart` late (docs/lichess-api.md, "Where the time went"). Here
they go from one event loop, and on the Redis pub/sub layer as one pipeline (channels-redis
4.x sends each `group_send` alone, holding its shard's lock until Redis answers). Order is
kept. Another layer (the in-memory one, or the core Redis layer) gets them one `group_send`
at a time, in order."""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer
from channels_redis.core import RedisChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer

from arbiter.realtime.push import channel_layer, push_text, redis_publish_run

logger = logging.getLogger(__name__)

# PUBLISH commands per pipeline: a round of 500 players in one. Between smaller pipelines the
# publisher waited for the CPU, busy with the game streams the first pushes had opened.
PIPELINE_SIZE = 1000


def group_pushes_send(pushes: Sequence[tuple[str, str, dict[str, Any]]]) -> None:
    """Push each `(group, event, payload)` (`push.group_push`'s message); one that cannot
    be sent (its payload not JSON) is logged and skipped, the others go."""
    messages: list[tuple[str, dict[str, Any]]] = []
    for group, event, payload in pushes:
        try:
            messages.append((group, {"type": "push", "text": push_text(event, payload)}))
        except (TypeError, ValueError):
            logger.exception("push to %s not sent: its payload is not JSON", group)
    if not messages:
        return
    layer = channel_layer()
    if isinstance(layer, RedisPubSubChannelLayer | RedisChannelLayer):
        # On the process's publish loop, as every other push (`push.redis_publish_run`): run on
        # the server's loop, a Redis restart left its layer a dead connection (a test opening
        # a socket after it failed to subscribe).
        redis_publish_run(_send(layer, messages))
    else:
        async_to_sync(_send)(layer, messages)  # the in-memory layer lives on the server's loop


async def _send(layer: BaseChannelLayer, messages: list[tuple[str, dict[str, Any]]]) -> None:
    if isinstance(layer, RedisPubSubChannelLayer):
        for start in range(0, len(messages), PIPELINE_SIZE):
            await _pipelined(layer, messages[start : start + PIPELINE_SIZE])
        return
    for group, message in messages:
        try:
            await layer.group_send(group, message)
        except Exception:
            logger.exception("push to %s failed", group)


async def _pipelined(
    layer: RedisPubSubChannelLayer, messages: list[tuple[str, dict[str, Any]]]
) -> None:
    """What `group_send` does for each message (the group's channel, its shard, the layer's
    serializer), the PUBLISH commands of a shard in one pipeline under the shard's lock."""
    loop_layer = layer._get_layer()
    by_shard: dict[Any, list[tuple[str, bytes]]] = defaultdict(list)
    for group, message in messages:
        channel = loop_layer._get_group_channel_name(group)
        by_shard[loop_layer._get_shard(channel)].append((channel, layer.serialize(message)))
    for shard, items in by_shard.items():
        try:
            async with shard._lock:
                shard._ensure_redis()
                pipeline = shard._redis.pipeline(transaction=False)
                for channel, data in items:
                    pipeline.publish(channel, data)
                await pipeline.execute()
        except Exception:
            logger.exception("%s pushes to %s failed", len(items), shard.host)
