"""Celery queues by job (issue 44, docs/deploy.md "Queues by job").

With `ARBITER_TASK_QUEUES=split` every task goes to the queue of its job, so a worker can be
given the jobs it runs: a pairing that takes a minute then never holds up a push, and pushes
never queue in front of a round start. The default (`single`) keeps every task on the one
default queue, as embedded mode and a single worker want.

Queue names are the default queue's name (`CELERY_TASK_DEFAULT_QUEUE`, `celery` unless set)
with the job appended, `celery.pairing`, and the default job is the default queue itself: two
deployments (or two test processes) with different default queues never share one.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from enum import StrEnum
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

logger = logging.getLogger(__name__)


class Job(StrEnum):
    PAIRING = "pairing"  # round starts: a pairing engine run, up to ARBITER_PAIRING_TIMEOUT
    LIVE = "live"  # pushes and version pings, the game clock's flags: short, what players see
    RATINGS = "ratings"  # rating recomputations: long, nobody waits on them
    DEFAULT = "default"  # the ticks that re-derive due work, the heartbeat, Celery's own


# Every task by name. A task missing here goes to the default queue with a warning, and
# tests/ops/test_task_queues.py fails until its job is chosen.
TASK_JOBS: dict[str, Job] = {
    "tournaments.round_start_due": Job.PAIRING,
    "tournaments.live_push": Job.LIVE,
    "realtime.reload_ping": Job.LIVE,
    "realtime.reload_catch_up": Job.LIVE,
    "games.flag_tick": Job.LIVE,
    "games.flag_at_expiry": Job.LIVE,
    # The ticks only find due work and hand it to the job's own task (a round start is
    # `round_start_due`, on the pairing queue), so they stay short.
    "tournaments.tick": Job.DEFAULT,
    "teamswiss.tick": Job.DEFAULT,
    # The worker's heartbeat proves the worker that takes the default queue (docs/deploy.md).
    "core.heartbeat": Job.DEFAULT,
    "core.ping": Job.DEFAULT,
}
# Celery's built-in tasks (chords, result expiry) and any future task of the ratings app.
PREFIX_JOBS: dict[str, Job] = {"celery.": Job.DEFAULT, "ratings.": Job.RATINGS}


HEARTBEAT_TASK = "core.heartbeat"
# The jobs whose queues have a heartbeat of their own under split queues (the default job's
# is the plain `core.heartbeat`).
HEARTBEAT_JOBS = (Job.PAIRING, Job.LIVE, Job.RATINGS)


def job_heartbeats(*, seconds: float, expires: float) -> dict[str, dict[str, object]]:
    """Beat entries sending `core.heartbeat` to each job's queue (settings, under split
    queues): health then sees a job whose queue nobody takes (arbiter.core.health)."""
    return {
        f"core-heartbeat-{job}": {
            "task": HEARTBEAT_TASK,
            "schedule": seconds,
            "kwargs": {"job": job.value},
            "options": {"expires": expires},  # no backlog after an outage
        }
        for job in HEARTBEAT_JOBS
    }


def job_of(name: str) -> Job | None:
    """The job of the task registered as `name`, or None when nobody chose one."""
    if name in TASK_JOBS:
        return TASK_JOBS[name]
    return next((job for prefix, job in PREFIX_JOBS.items() if name.startswith(prefix)), None)


def queue_of(job: Job, *, default_queue: str) -> str:
    return default_queue if job is Job.DEFAULT else f"{default_queue}.{job}"


def split() -> bool:
    return bool(settings.TASK_QUEUES == "split")


def task_route(
    name: str, args: Any, kwargs: Any, options: Any, task: Any = None, **_: Any
) -> dict[str, str]:
    """Celery's router (`CELERY_TASK_ROUTES`, set when split): the queue of the task's job.
    The default queue is read when a task is sent, since the test settings set it per
    process after the base settings are loaded."""
    job = job_of(name)
    if name == HEARTBEAT_TASK and (kwargs or {}).get("job"):
        job = Job(kwargs["job"])  # each job's own heartbeat (`job_heartbeats`)
    if job is None:
        logger.warning("task %s has no job (arbiter.core.task_queues): default queue", name)
        job = Job.DEFAULT
    return {"queue": queue_of(job, default_queue=settings.CELERY_TASK_DEFAULT_QUEUE)}


def jobs_parse(names: Iterable[str]) -> list[Job]:
    """`ARBITER_WORKER_JOBS`' names as jobs; every job when none is named."""
    chosen = [name.strip() for name in names if name.strip()]
    unknown = sorted(set(chosen) - {job.value for job in Job})
    if unknown:
        known = ", ".join(job.value for job in Job)
        raise ImproperlyConfigured(f"ARBITER_WORKER_JOBS: unknown {unknown}; jobs are {known}")
    return [Job(name) for name in dict.fromkeys(chosen)] or list(Job)


def worker_queues() -> list[str] | None:
    """The queues a worker consumes under split queues (`ARBITER_WORKER_JOBS`, every job's when
    unset), or None when every task is on the default queue (the worker's own choice stands)."""
    jobs = jobs_parse(settings.WORKER_JOBS)
    if not split():
        if settings.WORKER_JOBS:
            logger.warning(
                "ARBITER_WORKER_JOBS=%s ignored: ARBITER_TASK_QUEUES is not 'split', every "
                "task is on the default queue",
                ",".join(settings.WORKER_JOBS),
            )
        return None
    default = settings.CELERY_TASK_DEFAULT_QUEUE
    return [queue_of(job, default_queue=default) for job in jobs]
