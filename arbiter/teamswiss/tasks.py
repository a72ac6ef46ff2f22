"""Celery tasks: take ids, call a service, idempotent. Beat runs `tick` every few seconds."""

from __future__ import annotations

import logging

from celery import shared_task
from django.utils import timezone

from arbiter.teamswiss.read.selectors import rounds_due
from arbiter.teamswiss.services.lineups import lineups_close_due

logger = logging.getLogger(__name__)


@shared_task(name="teamswiss.tick")
def tick() -> int:
    """Close the line-ups that are due (`lineups_close_at`): the schedule is data, so a lost
    tick is only late, never lost."""
    closed = 0
    for event_id, number in rounds_due(now=timezone.now()):
        try:
            closed += lineups_close_due(event_id=event_id, number=number)
        except Exception:
            logger.exception("team swiss %s: closing round %s's line-ups failed", event_id, number)
    return closed
