"""The Celery application. Workers: `celery -A config worker`, beat: `celery -A config beat`."""

import os
from typing import Any

from celery import Celery
from celery.signals import (
    worker_init,
    worker_process_init,
    worker_process_shutdown,
    worker_shutting_down,
)

from config.collector import collector_tune

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("arbiter", task_cls="arbiter.core.embedded:EmbeddableTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


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
