"""Celery tasks: take ids, call a service, idempotent. Beat runs `tick` every few seconds."""

from __future__ import annotations

import logging

from celery import shared_task
from django.core.cache import cache

from arbiter.tournaments.live import push
from arbiter.tournaments.read.selectors import tournaments_due
from arbiter.tournaments.services.results.submit import result_submissions_prune
from arbiter.tournaments.services.schedule import round_start_if_due

logger = logging.getLogger(__name__)

DISPATCH_GUARD_SECONDS = 5


@shared_task(name="tournaments.tick")
def tick() -> int:
    """The safety net that makes every effect of a write happen, late at worst. It starts
    every due round: the schedule is data (`next_round_at`), so a lost task, a failed enqueue
    or a restart never loses or doubles a round. And it pushes what a failed push kept from
    the watchers of live events (`push.push_catch_up`)."""
    result_submissions_prune()
    due = list(tournaments_due())
    for tournament_id in due:
        # One dispatch per event per few seconds: a slow engine must not pile up tasks.
        if cache.add(f"swiss:{tournament_id}:due-dispatched", 1, timeout=DISPATCH_GUARD_SECONDS):
            round_start_due.apply_async(kwargs={"tournament_id": tournament_id})
    push.push_catch_up()
    return len(due)


@shared_task(name="tournaments.round_start_due", acks_late=True)
def round_start_due(*, tournament_id: int) -> int | None:
    return round_start_if_due(tournament_id=tournament_id)


@shared_task(name="tournaments.live_push")
def live_push(*, tournament_id: int, trailing: bool = False) -> None:
    push.live_push_run(tournament_id=tournament_id, trailing=trailing)
