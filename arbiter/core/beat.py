"""Celery beat's scheduler with a heartbeat (`CELERY_BEAT_SCHEDULER`): each pass records that
beat is alive, at most once a second, so GET /api/health/ can tell a stopped beat apart. The
worker's heartbeat task is also sent at once when beat starts, rather than one period later,
so that health is 200 as soon as both processes are up."""

from __future__ import annotations

import time
from typing import Any

from celery.beat import PersistentScheduler
from django.conf import settings

from arbiter.core.heartbeat import Part, heartbeat_record

RECORD_EVERY_SECONDS = 1.0
WORKER_HEARTBEAT_TASK = "core.heartbeat"


class HeartbeatScheduler(PersistentScheduler):
    _recorded_at = 0.0
    _started = False

    def tick(self, *args: Any, **kwargs: Any) -> float:
        now = time.monotonic()
        if now - self._recorded_at >= RECORD_EVERY_SECONDS:
            self._recorded_at = now
            heartbeat_record(part=Part.BEAT)
        if not self._started:
            self._started = True
            for entry in list(self.schedule.values()):
                if entry.task == WORKER_HEARTBEAT_TASK:
                    self.apply_entry(entry, producer=self.producer)  # logs its own failure
        # Wake up often enough to keep the heartbeat fresh whatever the schedule holds.
        interval: float = super().tick(*args, **kwargs)
        return min(interval, float(settings.HEARTBEAT_SECONDS))
