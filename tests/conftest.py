"""Suite-wide fixtures. The suite needs real PostgreSQL and Redis: it stops loudly without them."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "services: needs PostgreSQL and Redis")


@pytest.fixture(scope="session", autouse=True)
def _real_services_required(django_db_blocker: Any) -> Iterator[None]:
    """Fail the whole run if PostgreSQL or Redis is unreachable: never fall back silently."""
    import redis
    from django.conf import settings
    from django.db import connection

    problems = []
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        problems.append(f"database engine is {settings.DATABASES['default']['ENGINE']}")
    else:
        with django_db_blocker.unblock():
            try:
                connection.ensure_connection()
            except Exception as exc:
                problems.append(f"PostgreSQL unreachable: {exc}")
    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2).ping()
    except Exception as exc:
        problems.append(f"Redis unreachable at {settings.REDIS_URL!r}: {exc}")
    if problems:
        pytest.exit("Real services required: " + "; ".join(problems), returncode=3)
    yield
    # Tasks left in this run's private queue (no worker consumed them) are dropped.
    redis.Redis.from_url(settings.REDIS_URL).delete(settings.CELERY_TASK_DEFAULT_QUEUE)


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    """Throttle counters and live-push state live in the cache; every test starts with none.
    Only this run's keys go: `cache.clear()` would empty the whole Redis database, which test
    runs started in parallel share (each under a key prefix of its own)."""
    import redis
    from django.conf import settings

    config = settings.CACHES["default"]
    client = redis.Redis.from_url(config["LOCATION"])
    keys = list(client.scan_iter(match=f"{config['KEY_PREFIX']}:*", count=1000))
    if keys:
        client.delete(*keys)


@pytest.fixture
def api_client() -> Any:
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def client_for() -> Callable[[Any], Any]:
    """An API client authenticated as the given user (session login, CSRF not enforced)."""
    from rest_framework.test import APIClient

    def make(user: Any) -> Any:
        client = APIClient()
        client.force_authenticate(user)
        return client

    return make


@pytest.fixture
def ci_mode() -> bool:
    return os.environ.get("CI", "").lower() == "true"
