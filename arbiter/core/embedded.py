"""In-process task execution for embedded mode (no Redis): delays honoured, one process.

With a broker configured, tasks go to Celery as usual. Without one, `apply_async` hands the
call to an asyncio-based runner living on the web server's event loop (started by the
`serve` command), which waits for the countdown/ETA and then runs the task in a worker
thread; the beat schedule is run by the same loop. Pushes from a task reach browsers because
the in-memory channel layer lives on that same loop. Outside a serving process (a shell, a
management command) there is no loop, so embedded tasks run at once, synchronously.

The threads are split by job so that the schedule never waits behind a burst (issue 45: a
due round started 20 s late under fifty clients, its start queued in the loop's one default
pool behind pushes): every beat entry (the tick that finds due rounds, the flag tick, the
heartbeat) runs in a thread of its own, a task named in `EMBEDDED_TASK_LANES` (a round
start) in its lane's threads, and everything else (pushes, ratings) in the `tasks` lane.
Request threads are bounded apart (`config.http_slots`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

from celery import Task
from celery.result import EagerResult
from django.conf import settings

from arbiter.core.heartbeat import Part, heartbeat_record

logger = logging.getLogger(__name__)


class EmbeddedRunner:
    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()
        self._pools: dict[str, ThreadPoolExecutor] = {}

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

    def _pool(self, lane: str, threads: int) -> ThreadPoolExecutor:
        with self._lock:
            pool = self._pools.get(lane)
            if pool is None:
                pool = ThreadPoolExecutor(
                    max_workers=threads, thread_name_prefix=f"embedded-{lane}"
                )
                self._pools[lane] = pool
            return pool

    def _lane_of(self, task: Task) -> ThreadPoolExecutor:
        lane = settings.EMBEDDED_TASK_LANES.get(task.name, "tasks")
        return self._pool(lane, int(settings.EMBEDDED_LANE_THREADS.get(lane, 1)))

    async def _run(self, task: Task, args: tuple[Any, ...], kwargs: dict[str, Any],
                   pool: ThreadPoolExecutor) -> None:  # fmt: skip
        assert self.loop is not None
        call = functools.partial(task.apply, args=args, kwargs=kwargs)
        try:
            await self.loop.run_in_executor(pool, call)
        except Exception:  # a task failure must never stop the runner
            logger.exception("embedded task %s failed", task.name)

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
        await self._run(task, args, kwargs, self._lane_of(task))

    async def _beat(self, name: str, task_name: str, seconds: float) -> None:
        """Run `task_name` every `seconds`, in a thread of its own: a slow run delays only
        its own next run, never another entry's and never behind the task lanes."""
        task = _task(task_name)
        pool = self._pool(f"beat-{name}", 1)
        loop = asyncio.get_running_loop()
        due = loop.time()
        while True:
            due += seconds
            await asyncio.sleep(max(0.0, due - loop.time()))
            heartbeat_record(part=Part.BEAT)
            await self._run(task, (), {}, pool)
            due = max(due, loop.time() - seconds)  # after a long run: next one at once, once


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


def tasks_run_in_caller() -> bool:
    """Embedded defaults without the server's runner (a management command, a shell): a task
    sent now runs at once in the caller, its countdown ignored."""
    return bool(getattr(settings, "EMBEDDED", False)) and not runner.running


class EmbeddableTask(Task):
    """A Celery task that runs in-process (delays honoured) when no broker is configured."""

    abstract = True

    def apply_async(  # type: ignore[override]
        self, args: Any = None, kwargs: Any = None, **options: Any
    ) -> Any:
        if not getattr(settings, "EMBEDDED", False):
            return super().apply_async(args, kwargs, **options)
        call_args, call_kwargs = tuple(args or ()), dict(kwargs or {})
        if tasks_run_in_caller():
            return self.apply(args=call_args, kwargs=call_kwargs)
        delay = _delay_seconds(options.get("countdown"), options.get("eta"))
        runner.submit(self, call_args, call_kwargs, delay)
        return EagerResult("embedded", None, "PENDING")
