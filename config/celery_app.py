"""The Celery application. Workers: `celery -A config worker`, beat: `celery -A config beat`."""

import os
from typing import Any

from celery import Celery
from celery.signals import (
    celeryd_after_setup,
    worker_init,
    worker_process_init,
    worker_process_shutdown,
    worker_shutting_down,
)

from arbiter.core.task_queues import worker_queues
from config.collector import collector_tune

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("arbiter", task_cls="arbiter.core.embedded:EmbeddableTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@celeryd_after_setup.connect
def _job_queues(sender: str, instance: Any, **_: Any) -> None:
    """Under split queues (ARBITER_TASK_QUEUES) a worker consumes its jobs' queues
    (ARBITER_WORKER_JOBS), named after the default queue: no process but the settings needs
    to know the names (arbiter.core.task_queues)."""
    queues = worker_queues()
    if queues is not None:
        instance.app.amqp.queues.select(queues)


@worker_init.connect
@worker_process_init.connect
def _collector_tune(**_: Any) -> None:
    """The worker (solo pool) or each of its pool processes, once loaded (config/collector.py)."""
    collector_tune()


@worker_shutting_down.connect
@worker_process_shutdown.connect
def _engines_kill(**_: Any) -> None:
    """A worker (or a pool process) that shuts down takes its pairing engines with it."""
    from arbiter.pairing.subprocess_runner import engines_kill_all

    engines_kill_all()
