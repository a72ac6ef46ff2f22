"""Heartbeats of the processes that run the background work, read by GET /api/health/.

- `worker`: the `core.heartbeat` task, sent by beat every `HEARTBEAT_SECONDS`, records when a
  worker ran it: tasks are being taken from the queue and run.
  Under queues by job (`ARBITER_TASK_QUEUES=split`, arbiter.core.task_queues) beat sends one
  to each job's queue as well, recorded under the job (`worker` plus `.live`): every queue has
  a worker taking it, not only the default one.
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


def heartbeat_name(part: Part, job: str | None = None) -> str:
    """`worker`, or `worker.live` for the worker taking a job's queue."""
    return part.value if job is None else f"{part.value}.{job}"


def heartbeat_record(*, part: Part, job: str | None = None) -> None:
    """Record that `part` (for `job`'s queue) is alive now. Never raises: a heartbeat that
    cannot be written (Redis down) is simply missing, which is what health should report."""
    name = heartbeat_name(part, job)
    try:
        cache.set(f"arbiter:heartbeat:{name}", time.time(), timeout=None)
    except Exception as exc:
        logger.warning("heartbeat: could not record the %s heartbeat: %r", name, exc)


def heartbeat_last(*, part: Part, job: str | None = None) -> float | None:
    """The Unix time of the last heartbeat of `part` (for `job`'s queue), None if none was
    recorded. Raises when the cache cannot be read."""
    value = cache.get(f"arbiter:heartbeat:{heartbeat_name(part, job)}")
    return float(value) if value is not None else None
