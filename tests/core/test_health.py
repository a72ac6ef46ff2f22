"""GET /api/health/: every part, and the worker's and beat's heartbeats against their bound
(issue 13, defect 4: health said ok with no worker running)."""

import time

import pytest
from django.core.cache import cache

from arbiter.core.heartbeat import Part, heartbeat_record
from arbiter.core.tasks import heartbeat

pytestmark = pytest.mark.django_db

PARTS = ("database", "channel_layer", "task_broker", "worker", "beat")


def beat_at(part: Part, seconds_ago: float) -> None:
    cache.set(f"arbiter:heartbeat:{part.value}", time.time() - seconds_ago, timeout=None)


def test_health_reports_every_part_ok(api_client):
    recorded = time.time()
    heartbeat.apply()  # what the worker runs when beat sends it
    heartbeat_record(part=Part.BEAT)
    response = api_client.get("/api/health/")
    since = time.time() - recorded
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["ok"] is True
    assert all(body[part]["ok"] for part in PARTS)
    # The age is that of the heartbeat just recorded: no older than the time since (0.1 s
    # rounding), however long a loaded machine took.
    assert 0 <= body["worker"]["age_seconds"] <= since + 0.1 and body["worker"]["last_heartbeat"]


def test_no_heartbeat_yet_is_503(api_client):
    response = api_client.get("/api/health/")
    assert response.status_code == 503
    body = response.json()
    assert body["ok"] is False
    assert body["worker"] == {
        "ok": False,
        "backend": "celery worker",
        "error": "no heartbeat yet",
        "last_heartbeat": None,
        "age_seconds": None,
        "max_age_seconds": 60.0,
    }
    assert body["database"]["ok"] and body["task_broker"]["ok"]


@pytest.mark.parametrize("stale", [Part.WORKER, Part.BEAT])
def test_a_heartbeat_older_than_the_bound_is_503_naming_that_part(api_client, settings, stale):
    settings.HEARTBEAT_MAX_AGE_SECONDS = 10
    fresh = Part.BEAT if stale == Part.WORKER else Part.WORKER
    beat_at(fresh, 5)  # 5 s under the bound: more than a loaded machine adds before the read
    written = time.time()
    beat_at(stale, 11)
    response = api_client.get("/api/health/")
    since = time.time() - written
    assert response.status_code == 503
    body = response.json()
    assert body[fresh.value]["ok"] is True
    assert body[stale.value]["ok"] is False
    age = body[stale.value]["age_seconds"]
    assert 11 <= age <= 11 + since + 0.1  # 11 s, plus what the request took (0.1 s rounding)
    assert body[stale.value]["error"] == f"stale: last heartbeat {age:.0f} s ago, limit 10 s"


def test_heartbeats_that_cannot_be_read_are_503_without_internal_text(api_client, settings):
    heartbeat_record(part=Part.WORKER)
    heartbeat_record(part=Part.BEAT)
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens on port 1
        }
    }
    response = api_client.get("/api/health/")
    assert response.status_code == 503
    body = response.json()
    assert body["worker"]["error"] == body["beat"]["error"] == "unavailable"
    assert "127.0.0.1" not in response.content.decode()


def test_under_split_queues_each_jobs_worker_is_checked(api_client, settings):
    """A job whose worker died (its heartbeat stale) is a 503 naming it, though the default
    queue's worker still beats (issue 44: worker-live killed)."""
    settings.TASK_QUEUES = "split"
    settings.HEARTBEAT_MAX_AGE_SECONDS = 10
    heartbeat.apply()
    heartbeat_record(part=Part.BEAT)
    for job in ("pairing", "ratings"):
        heartbeat.apply(kwargs={"job": job})
    cache.set("arbiter:heartbeat:worker.live", time.time() - 11, timeout=None)
    response = api_client.get("/api/health/")
    assert response.status_code == 503
    body = response.json()
    assert body["worker"]["ok"] and body["worker_pairing"]["ok"] and body["worker_ratings"]["ok"]
    assert body["worker_live"]["ok"] is False
    assert body["worker_live"]["backend"] == "celery worker.live"
    assert body["worker_live"]["error"].startswith("stale: last heartbeat")
    heartbeat.apply(kwargs={"job": "live"})
    assert api_client.get("/api/health/").status_code == 200


def test_single_queue_has_no_job_checks(api_client, settings):
    settings.TASK_QUEUES = "single"
    heartbeat.apply()
    heartbeat_record(part=Part.BEAT)
    body = api_client.get("/api/health/").json()
    assert body["ok"] is True and not [key for key in body if key.startswith("worker_")]
