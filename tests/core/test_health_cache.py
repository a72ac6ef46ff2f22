"""GET /api/health/ (readiness) runs its checks at most once per `HEALTH_CACHE_SECONDS` in a
process (issue 44): a balancer polling a busy node does not add a round of checks per probe,
and probes that come together share one round."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from rest_framework.test import APIClient

from arbiter.core import health
from arbiter.core.heartbeat import Part, heartbeat_record

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def cached(settings) -> Iterator[None]:
    settings.HEALTH_CACHE_SECONDS = 30
    health._last = None
    yield
    health._last = None


def test_an_answer_is_kept_for_the_window_then_checked_again(cached, settings):
    first = APIClient().get("/api/health/")
    assert first.status_code == 503 and first.json()["worker"]["error"] == "no heartbeat yet"
    heartbeat_record(part=Part.WORKER)
    heartbeat_record(part=Part.BEAT)
    kept = APIClient().get("/api/health/")
    assert kept.status_code == 503 and kept.json() == first.json()  # within the window
    settings.HEALTH_CACHE_SECONDS = 0  # the window over: checked again
    fresh = APIClient().get("/api/health/")
    assert fresh.status_code == 200, fresh.json()
    assert fresh.json()["checked_at"] > first.json()["checked_at"]
    assert fresh.json()["worker"]["ok"] and fresh.json()["beat"]["ok"]


def test_probes_that_come_together_share_one_round_of_checks(cached):
    heartbeat_record(part=Part.WORKER)
    heartbeat_record(part=Part.BEAT)
    answers: list[dict] = []
    start = threading.Barrier(8)

    def probe() -> None:
        start.wait()
        answers.append(APIClient().get("/api/health/").json())

    threads = [threading.Thread(target=probe) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(answers) == 8 and all(answer["ok"] for answer in answers)
    assert len({answer["checked_at"] for answer in answers}) == 1
