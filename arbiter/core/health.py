"""Checks behind GET /api/health/: database, channel layer, task broker."""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import TypedDict

from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer
from django.conf import settings
from django.db import connection

from arbiter.realtime.push import channel_layer

logger = logging.getLogger(__name__)


class Check(TypedDict):
    ok: bool
    backend: str
    error: str | None


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


def health_report() -> dict[str, Check]:
    return {
        "database": database_check(),
        "channel_layer": channel_layer_check(),
        "task_broker": task_broker_check(),
    }
