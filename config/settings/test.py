"""Test settings: the suite runs against real PostgreSQL and real Redis, never a fallback.

Defaults point at the local services (see scripts/services.sh); tests/conftest.py fails the
session loudly when either is unreachable.
"""

import os

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/arbiter")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")

from config.settings.base import *  # noqa: F403
from config.settings.base import CACHE_POOL_OPTIONS, CHANNEL_LAYERS, DATABASES, REST_FRAMEWORK

DEBUG = False
# A test's own transaction never commits, so no version is published: readers of this process
# read the version from the database (served servers, which commit, may set it).
READ_VERSION_SECONDS = int(os.environ.get("ARBITER_READ_VERSION_SECONDS", "0"))
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # speed only
# Each health probe checks afresh (tests change a part, then probe); a test of the readiness
# cache sets it for its own server or process.
HEALTH_CACHE_SECONDS = float(os.environ.get("ARBITER_HEALTH_CACHE_SECONDS", "0"))
# Served tests lower a rate (for their server only) to see the limit at work.
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {
    "auth": "1000/min",
    "join": os.environ.get("ARBITER_JOIN_THROTTLE_RATE", "1000/min"),
    "create": os.environ.get("ARBITER_CREATE_THROTTLE_RATE", "1000/min"),
    "game": os.environ.get("ARBITER_GAME_ACTION_THROTTLE_RATE", "1000/min"),
}
ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]

# Tasks a test process sends go to its own queue, consumed only by the workers it starts.
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("ARBITER_TEST_QUEUE") or f"test-{os.getpid()}"
# Redis pub/sub ignores database numbers: each test run (and the workers it starts, which
# inherit ARBITER_TEST_QUEUE) publishes under a prefix of its own.
CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = CELERY_TASK_DEFAULT_QUEUE  # type: ignore[index]

# One test database per pytest process, so parallel runs on one machine never collide.
DATABASES["default"]["TEST"] = {"NAME": f"test_arbiter_{os.getpid()}"}
# No connection pool unless asked for (the live benchmark does): the pool is opened on the
# configured database name, and pytest-django's switch to the test database did not reach it
# (the workers a test starts then found no tables).
if "DATABASE_POOL_SIZE" not in os.environ:
    DATABASES["default"].get("OPTIONS", {}).pop("pool", None)
# A Celery worker started by a test connects straight to that test database.
if os.environ.get("ARBITER_TEST_DATABASE_NAME"):
    DATABASES["default"]["NAME"] = os.environ["ARBITER_TEST_DATABASE_NAME"]
# The cache is shared with the Celery workers a test starts (push coalescing lives there), on
# its own Redis database so that clearing it between tests never touches queues or channels.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": os.environ.get("ARBITER_TEST_CACHE_URL", "redis://127.0.0.1:6379/1"),
        "KEY_PREFIX": f"arbiter-{CELERY_TASK_DEFAULT_QUEUE}",
        "OPTIONS": CACHE_POOL_OPTIONS,
    }
}
