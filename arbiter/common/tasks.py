"""Sending a Celery task by its registered name.

A service that wants work done later names the task instead of importing the module that
defines it: tasks call services, so an import the other way would close a circle.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from celery import current_app


def task_enqueue(
    name: str,
    *,
    kwargs: dict[str, Any],
    countdown: float | None = None,
    eta: datetime | None = None,
) -> None:
    """Queue the task registered as `name` (through its own class, so the embedded runner of
    `make run` still takes it when there is no broker)."""
    if name not in current_app.tasks:
        current_app.loader.import_default_modules()  # task autodiscovery is lazy outside workers
    options: dict[str, Any] = {}
    if countdown is not None:
        options["countdown"] = countdown
    if eta is not None:
        options["eta"] = eta
    current_app.tasks[name].apply_async(kwargs=kwargs, **options)
