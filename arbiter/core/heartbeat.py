"""Heartbeats of the processes that run the background work, read by GET /api/health/.

- `worker`: the `core.heartbeat` task, sent by beat every `HEARTBEAT_SECONDS`, records when a
  worker ran it: tasks are being taken from the queue and run.
- `beat`: the scheduler records its own ticks (arbiter.core.beat): due rounds are being looked
  for. Without beat the worker's heartbeat stops too (nobody sends it); `beat` says why.

In embedded mode (`make run`) the in-process runner plays both parts. The values live in the
shared cache (Redis in production, process memory when embedded, which is one process).
"""

from __future__ import annotations

import logging
import time
from enum import StrEnum

from django.core.cache import cache

logger = logging.getLogger(__name__)


class Part(StrEnum):
    WORKER = "worker"
    BEAT = "beat"


def _key(part: Part) -> str:
    return f"arbiter:heartbeat:{part.value}"


def heartbeat_record(*, part: Part) -> None:
    """Record that `part` is alive now. Never raises: a heartbeat that cannot be written (Redis
    down) is simply missing, which is what health should then report."""
    try:
        cache.set(_key(part), time.time(), timeout=None)
    except Exception as exc:
        logger.warning("heartbeat: could not record the %s heartbeat: %r", part.value, exc)


def heartbeat_last(*, part: Part) -> float | None:
    """The Unix time of `part`'s last heartbeat, None if none was recorded. Raises when the
    cache cannot be read."""
    value = cache.get(_key(part))
    return float(value) if value is not None else None
