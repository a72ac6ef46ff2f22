"""Logging filters named by `LOGGING` in the settings."""

from __future__ import annotations

import logging
from collections.abc import Iterable


class RoutineTaskFilter(logging.Filter):
    """Drops Celery's INFO lines about routine tasks: beat sending them, the worker receiving
    them and their success. The periodic tick runs every two seconds and the live push a few
    times a second under load; logged, they would bury what matters. A task that does
    something logs it itself, and failures (WARNING and above) always pass."""

    def __init__(self, tasks: Iterable[str] = ()) -> None:
        super().__init__()
        # Celery names a task as "name[id]" (worker) or "(name)" (beat).
        self.marks = tuple(mark for task in tasks for mark in (f"{task}[", f"({task})"))

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.INFO:
            return True
        message = record.getMessage()
        return not any(mark in message for mark in self.marks)
