"""Test settings: the suite runs against real PostgreSQL and real Redis, never a fallback.

Defaults point at the local services (see scripts/services.sh); tests/conftest.py fails the
session loudly when either is unreachable.
"""

import os

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/arbiter")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")

from config.settings.base import *  # noqa: F403
from config.settings.base import DATABASES, REST_FRAMEWORK

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # speed only
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {"auth": "1000/min"}
ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]

# One test database per pytest process, so parallel runs on one machine never collide.
DATABASES["default"]["TEST"] = {"NAME": f"test_arbiter_{os.getpid()}"}
# A Celery worker started by a test connects straight to that test database.
if os.environ.get("ARBITER_TEST_DATABASE_NAME"):
    DATABASES["default"]["NAME"] = os.environ["ARBITER_TEST_DATABASE_NAME"]
# Throttle counters per test process: clearing them must never flush the shared Redis.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
