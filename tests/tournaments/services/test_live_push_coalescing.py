"""Coalescing decides, per event, whether a change is pushed now or folded into one trailing
push; the tasks it queues (on the real broker) tell which. The window is shorter than the
cache's whole-second timeouts, so this also proves it does not rely on them."""

from __future__ import annotations

import base64
import json
import time

import pytest
import redis
from django.conf import settings

from arbiter.tournaments.live import push
from arbiter.tournaments.live.push import COALESCE_SECONDS, live_push_request, live_push_run

pytestmark = pytest.mark.django_db


def queued() -> list[dict[str, object]]:
    """The live-push tasks waiting in this test run's queue, oldest first."""
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    raw = reversed(broker.lrange(settings.CELERY_TASK_DEFAULT_QUEUE, 0, -1))
    # Celery's message: a base64 JSON body of [args, kwargs, options].
    return [json.loads(base64.b64decode(json.loads(message)["body"]))[1] for message in raw]


@pytest.fixture
def empty_queue() -> None:
    redis.Redis.from_url(settings.CELERY_BROKER_URL).delete(settings.CELERY_TASK_DEFAULT_QUEUE)


def test_a_burst_is_one_push_now_and_one_trailing_push(empty_queue):
    started = time.monotonic()
    for _ in range(20):
        live_push_request(tournament_id=7)
    elapsed = time.monotonic() - started
    tasks = queued()
    assert tasks[0] == {"tournament_id": 7}
    assert tasks.count({"tournament_id": 7, "trailing": True}) == 1
    # One push now; another only if a whole window went by during the burst (a slow machine).
    assert len(tasks) - 1 <= 1 + elapsed / COALESCE_SECONDS, (tasks, elapsed)


def test_after_the_trailing_push_the_window_starts_again(empty_queue, monkeypatch):
    # The order of decisions is the subject, not the window's length: a long window keeps a
    # loaded machine's pause between two calls from ending it.
    monkeypatch.setattr(push, "COALESCE_SECONDS", 30.0)
    live_push_request(tournament_id=8)  # at once
    live_push_request(tournament_id=8)  # folded into a trailing push
    live_push_run(tournament_id=8, trailing=True)  # a worker runs it: a new window starts
    live_push_request(tournament_id=8)  # within that window: trailing again
    assert [task.get("trailing", False) for task in queued()] == [False, True, True]


def test_a_change_after_a_quiet_window_is_pushed_at_once(empty_queue):
    live_push_request(tournament_id=11)
    time.sleep(COALESCE_SECONDS * 1.5)
    live_push_request(tournament_id=11)
    assert queued() == [{"tournament_id": 11}, {"tournament_id": 11}]


def test_events_are_coalesced_separately(empty_queue):
    live_push_request(tournament_id=9)
    live_push_request(tournament_id=10)
    assert queued() == [{"tournament_id": 9}, {"tournament_id": 10}]
