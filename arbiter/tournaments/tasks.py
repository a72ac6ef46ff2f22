"""Celery tasks: take ids, call a service, idempotent. Beat runs `tick` every few seconds."""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.core.cache import cache

from arbiter.core.embedded import tasks_run_in_caller
from arbiter.tournaments.live import push
from arbiter.tournaments.read.selectors import tournaments_due, tournaments_due_soon
from arbiter.tournaments.services.results.group_commit import result_submissions_prune
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
    _round_starts_timed()
    push.push_catch_up()
    return len(due)


def _round_starts_timed() -> None:
    """A round falling due before the next tick gets a task with its due time as ETA, once:
    it starts at that time rather than up to a tick later (and a round's first start time,
    set at creation or by an edit, needs no task of its own). A few seconds ahead only, so no
    broker holds a task for days; the tick stays the guarantee."""
    within = timedelta(seconds=settings.ROUND_START_LOOKAHEAD_SECONDS)
    for tournament_id, at in tournaments_due_soon(within=within):
        if at is None:  # not so: the selector asks for a due time
            continue
        key = f"swiss:{tournament_id}:timed:{at.isoformat()}"
        if cache.add(key, 1, timeout=int(within.total_seconds()) * 2 + 5):
            round_start_due.apply_async(kwargs={"tournament_id": tournament_id}, eta=at)


@shared_task(name="tournaments.round_start_due", acks_late=True)
def round_start_due(*, tournament_id: int) -> int | None:
    return round_start_if_due(tournament_id=tournament_id)


@shared_task(name="tournaments.live_push")
def live_push(*, tournament_id: int, trailing: bool = False) -> None:
    # In a management command on the embedded defaults the task runs in its caller: no
    # pacing sleep there, which would only hold the command (seed_demo: 7 s of its 14).
    paced = not tasks_run_in_caller()
    push.live_push_run(tournament_id=tournament_id, trailing=trailing, paced=paced)
