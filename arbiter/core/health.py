"""Checks behind GET /api/health/ (readiness): database, channel layer, task broker, and the
heartbeats of the worker and of beat (arbiter.core.heartbeat), run at most once per
`HEALTH_CACHE_SECONDS` in each process (`readiness_report`)."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
import uuid
from datetime import UTC, datetime
from typing import TypedDict

from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer
from django.conf import settings
from django.db import connection

from arbiter.core.heartbeat import Part, heartbeat_last, heartbeat_name
from arbiter.core.task_queues import HEARTBEAT_JOBS, split
from arbiter.realtime.push import channel_layer

logger = logging.getLogger(__name__)


class Check(TypedDict):
    ok: bool
    backend: str
    error: str | None


class HeartbeatCheck(Check):
    last_heartbeat: str | None  # ISO 8601
    age_seconds: float | None
    max_age_seconds: float


def _check(part: str, backend: str, error: Exception | None) -> Check:
    """The public answer names the part that is down; the reason (addresses, the driver's
    message) goes to the log only."""
    if error is not None:
        logger.warning("health: %s (%s) failed: %r", part, backend, error)
    return {"ok": error is None, "backend": backend, "error": "unavailable" if error else None}


def database_check() -> Check:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        return _check("database", connection.vendor, exc)
    return _check("database", connection.vendor, None)


def channel_layer_check() -> Check:
    layer = channel_layer()
    backend = f"{type(layer).__module__}.{type(layer).__name__}"
    try:
        async_to_sync(_round_trip)(layer)
    except Exception as exc:
        return _check("channel_layer", backend, exc)
    return _check("channel_layer", backend, None)


async def _round_trip(layer: BaseChannelLayer) -> None:
    """Send a message to a new channel and read it back, in one event loop: a pub/sub layer
    keeps its subscriptions per loop. The subscription is not confirmed before the first
    publish, so an unheard message is sent again."""
    channel = await layer.new_channel()
    message = {"type": "health.check", "nonce": uuid.uuid4().hex}
    for wait in (0.5, 1.0, 2.0):
        await layer.send(channel, message)
        try:
            received = await asyncio.wait_for(layer.receive(channel), timeout=wait)
        except TimeoutError:
            continue
        if received.get("nonce") != message["nonce"]:
            raise RuntimeError("channel layer returned a different message")
        return
    raise RuntimeError("channel layer did not deliver a message within 3.5 s")


def task_broker_check() -> Check:
    if settings.EMBEDDED:
        return _check("task_broker", "embedded (in-process)", None)
    from config.celery_app import app

    url = settings.CELERY_BROKER_URL
    backend = url.split("://", 1)[0]
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:
        return _check("task_broker", backend, exc)
    return _check("task_broker", backend, None)


def heartbeat_check(part: Part, job: str | None = None) -> HeartbeatCheck:
    """ok when the last heartbeat of `part` (for `job`'s queue) is at most
    HEARTBEAT_MAX_AGE_SECONDS old; the error says whether it is stale, was never recorded, or
    could not be read."""
    name = heartbeat_name(part, job)
    backend = "embedded (in-process)" if settings.EMBEDDED else f"celery {name}"
    bound = float(settings.HEARTBEAT_MAX_AGE_SECONDS)
    try:
        last = heartbeat_last(part=part, job=job)
    except Exception as exc:
        check = _check(name, backend, exc)
        return {**check, "last_heartbeat": None, "age_seconds": None, "max_age_seconds": bound}
    age = None if last is None else round(max(0.0, time.time() - last), 1)
    if age is None:
        error: str | None = "no heartbeat yet"
    elif age > bound:
        error = f"stale: last heartbeat {age:.0f} s ago, limit {bound:.0f} s"
    else:
        error = None
    if error is not None:
        logger.warning("health: %s (%s): %s", name, backend, error)
    return {
        "ok": error is None,
        "backend": backend,
        "error": error,
        "last_heartbeat": None if last is None else datetime.fromtimestamp(last, UTC).isoformat(),
        "age_seconds": age,
        "max_age_seconds": bound,
    }


def health_report() -> dict[str, Check]:
    return {
        "database": database_check(),
        "channel_layer": channel_layer_check(),
        "task_broker": task_broker_check(),
        "worker": heartbeat_check(Part.WORKER),
        "beat": heartbeat_check(Part.BEAT),
    } | job_checks()


def job_checks() -> dict[str, Check]:
    """Under queues by job, a check per job's queue (`worker_live`, ...): a job whose worker
    died leaves its tasks queued while the default queue's worker still beats."""
    if not split():
        return {}
    return {f"worker_{job}": heartbeat_check(Part.WORKER, job.value) for job in HEARTBEAT_JOBS}


class Readiness(TypedDict):
    ok: bool
    checked_at: str  # ISO 8601: when these checks ran (the answer may be this old)
    checks: dict[str, Check]


_last: tuple[float, Readiness] | None = None
_last_lock = threading.Lock()


def readiness_report() -> Readiness:
    """`health_report` at most once per `HEALTH_CACHE_SECONDS` in this process: a balancer
    that polls every node often, or a burst of probes on a busy node, costs one round of
    checks per window, and a check that waits (the channel layer's round trip, up to 3.5 s)
    holds up one probe, not all of them (the others wait for its answer). 0: every probe
    checks."""
    global _last
    window = float(settings.HEALTH_CACHE_SECONDS)
    last = _last
    if window > 0 and last is not None and time.monotonic() - last[0] < window:
        return last[1]
    with _last_lock:  # one round of checks at a time; who waited takes its answer
        last = _last
        if window > 0 and last is not None and time.monotonic() - last[0] < window:
            return last[1]
        checks = health_report()
        report: Readiness = {
            "ok": all(check["ok"] for check in checks.values()),
            "checked_at": datetime.now(UTC).isoformat(),
            "checks": checks,
        }
        _last = (time.monotonic(), report)
        return report
