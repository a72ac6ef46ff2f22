"""In-process task execution for embedded mode (no Redis): delays honoured, one process.

With a broker configured, tasks go to Celery as usual. Without one, `apply_async` hands the
call to an asyncio-based runner living on the web server's event loop (started by the
`serve` command), which waits for the countdown/ETA and then runs the task in a worker
thread; the beat schedule is run by the same loop. Pushes from a task reach browsers because
the in-memory channel layer lives on that same loop. Outside a serving process (a shell, a
management command) there is no loop, so embedded tasks run at once, synchronously.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from datetime import UTC, datetime, timedelta
from typing import Any

from asgiref.sync import sync_to_async
from celery import Task
from celery.result import EagerResult
from django.conf import settings

from arbiter.core.heartbeat import Part, heartbeat_record

logger = logging.getLogger(__name__)


class EmbeddedRunner:
    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()

    @property
    def running(self) -> bool:
        return self.loop is not None and self.loop.is_running()

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Attach to the server's loop and start the beat schedule on it."""
        with self._lock:
            self.loop = loop
        for name, entry in getattr(settings, "CELERY_BEAT_SCHEDULE", {}).items():
            every = entry["schedule"]
            seconds = every.total_seconds() if isinstance(every, timedelta) else float(every)
            loop.create_task(self._beat(name, str(entry["task"]), seconds))
        # Health is truthful from the first request: the runner's own beat, and one heartbeat
        # task run through it now rather than a heartbeat period later.
        heartbeat_record(part=Part.BEAT)
        loop.create_task(self._run_later(_task("core.heartbeat"), (), {}, 0))
        logger.info("embedded task runner started on the server loop")

    def submit(
        self, task: Task, args: tuple[Any, ...], kwargs: dict[str, Any], delay: float
    ) -> None:
        loop = self.loop
        assert loop is not None
        loop.call_soon_threadsafe(
            lambda: loop.create_task(self._run_later(task, args, kwargs, delay))
        )

    async def _run_later(
        self, task: Task, args: tuple[Any, ...], kwargs: dict[str, Any], delay: float
    ) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        try:
            await sync_to_async(task.apply, thread_sensitive=False)(args=args, kwargs=kwargs)
        except Exception:  # a task failure must never stop the runner
            logger.exception("embedded task %s failed", task.name)

    async def _beat(self, name: str, task_name: str, seconds: float) -> None:
        task = _task(task_name)
        while True:
            await asyncio.sleep(seconds)
            heartbeat_record(part=Part.BEAT)
            await self._run_later(task, (), {}, 0)


def _task(name: str) -> Task:
    from config.celery_app import app

    app.loader.import_default_modules()  # autodiscovery is lazy; the tasks must be known
    return app.tasks[name]


runner = EmbeddedRunner()


def _delay_seconds(countdown: float | None, eta: datetime | None) -> float:
    if eta is not None:
        if eta.tzinfo is None:
            eta = eta.replace(tzinfo=UTC)
        return max(0.0, (eta - datetime.now(UTC)).total_seconds())
    return max(0.0, float(countdown or 0))


class EmbeddableTask(Task):
    """A Celery task that runs in-process (delays honoured) when no broker is configured."""

    abstract = True

    def apply_async(  # type: ignore[override]
        self, args: Any = None, kwargs: Any = None, **options: Any
    ) -> Any:
        if not getattr(settings, "EMBEDDED", False):
            return super().apply_async(args, kwargs, **options)
        call_args, call_kwargs = tuple(args or ()), dict(kwargs or {})
        if runner.running:
            delay = _delay_seconds(options.get("countdown"), options.get("eta"))
            runner.submit(self, call_args, call_kwargs, delay)
            return EagerResult("embedded", None, "PENDING")
        return self.apply(args=call_args, kwargs=call_kwargs)
