"""Queues by job (issue 44, arbiter.core.task_queues): every task the Celery app knows has a
job chosen for it, split queues are named after the default queue (so that two pytest
processes never share one), and without `ARBITER_TASK_QUEUES=split` nothing changes: every
task goes to the default queue. No database, no broker: Celery's own router is asked."""

from __future__ import annotations

from typing import Any

import pytest
from celery.app.routes import Router, prepare
from django.core.exceptions import ImproperlyConfigured

from arbiter.core.task_queues import (
    HEARTBEAT_JOBS,
    TASK_JOBS,
    Job,
    job_heartbeats,
    job_of,
    jobs_parse,
    worker_queues,
)
from config.celery_app import app

ROUTER = "arbiter.core.task_queues.task_route"


def _registered() -> list[str]:
    """The tasks a worker of the app registers: the apps' and Celery's own (a test module may
    have added tasks of its own to this process's app, which no worker runs)."""
    app.loader.import_default_modules()  # autodiscovery is lazy outside a worker
    return sorted(
        name for name, task in app.tasks.items() if not task.__module__.startswith("tests.")
    )


def _queue(router: Router, name: str) -> str:
    return str(router.route({}, name)["queue"].name)


def test_every_registered_task_has_a_job() -> None:
    names = _registered()
    assert "tournaments.round_start_due" in names  # the app's tasks, not only Celery's own
    assert [name for name in names if job_of(name) is None] == []
    # The table names no task that is gone (a rename would leave the new name unrouted).
    assert sorted(set(TASK_JOBS) - set(names)) == []


def test_split_routes_each_job_to_its_queue_named_after_the_default_queue(
    settings: Any,
) -> None:
    settings.CELERY_TASK_DEFAULT_QUEUE = "test-queue"
    router = Router(prepare((ROUTER,)), app.amqp.queues, create_missing=True, app=app)
    names = _registered()
    queues = {name: _queue(router, name) for name in names}
    assert queues["tournaments.round_start_due"] == "test-queue.pairing"
    assert queues["tournaments.live_push"] == "test-queue.live"
    assert queues["core.heartbeat"] == "test-queue"
    assert queues["celery.backend_cleanup"] == "test-queue"
    assert _queue(router, "ratings.recompute") == "test-queue.ratings"  # the app's own prefix
    assert set(queues.values()) <= {"test-queue", "test-queue.pairing", "test-queue.live"}
    # An explicit queue (a caller's `apply_async(queue=…)`) still wins over the job's.
    assert router.route({"queue": "elsewhere"}, "tournaments.live_push")["queue"].name == (
        "elsewhere"
    )


def test_off_by_default_every_task_on_the_default_queue(settings: Any) -> None:
    assert settings.TASK_QUEUES == "single" and not app.conf.task_routes
    router = Router(prepare(app.conf.task_routes), app.amqp.queues, create_missing=True, app=app)
    default = app.conf.task_default_queue
    assert {_queue(router, name) for name in _registered()} == {default}
    assert worker_queues() is None  # a worker's own -Q (or the default queue) stands


def test_a_worker_consumes_the_queues_of_its_jobs(settings: Any) -> None:
    settings.TASK_QUEUES = "split"
    settings.CELERY_TASK_DEFAULT_QUEUE = "q"
    settings.WORKER_JOBS = ["pairing", "default"]
    assert worker_queues() == ["q.pairing", "q"]
    settings.WORKER_JOBS = []
    assert worker_queues() == ["q.pairing", "q.live", "q.ratings", "q"]
    assert jobs_parse(["live", " ratings ", "live"]) == [Job.LIVE, Job.RATINGS]
    with pytest.raises(ImproperlyConfigured, match="unknown \\['pairng'\\]"):
        jobs_parse(["pairng"])


def test_each_job_queue_has_a_heartbeat_of_its_own(settings: Any) -> None:
    """Beat's per-job heartbeats (settings under split) each reach their job's queue."""
    settings.CELERY_TASK_DEFAULT_QUEUE = "test-queue"
    router = Router(prepare((ROUTER,)), app.amqp.queues, create_missing=True, app=app)
    entries = job_heartbeats(seconds=5, expires=60)
    assert sorted(e["kwargs"]["job"] for e in entries.values()) == sorted(HEARTBEAT_JOBS)  # type: ignore[index]
    for entry in entries.values():
        job = entry["kwargs"]["job"]  # type: ignore[index]
        route = router.route({}, str(entry["task"]), args=(), kwargs={"job": job})
        assert route["queue"].name == f"test-queue.{job}"
    # The plain heartbeat stays the default queue's.
    assert router.route({}, "core.heartbeat", args=(), kwargs={})["queue"].name == "test-queue"
