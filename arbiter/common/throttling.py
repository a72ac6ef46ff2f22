"""Throttles: DRF's, failing open when their cache (Redis in production) cannot be reached,
and `user_throttle`, the one count of an abuse that several paths share.

A throttle is a guard against guessing and flooding, not part of what a request does: with
Redis down, logging in or joining an event must work (unthrottled for that while) rather than
answer 500. Each lapse is logged.

Joins (the event password's guesses) and event creations are counted by the service every
path calls (the native API, the lichess dialect, team Swiss, TRF imports), not by each view:
a limit one path spends and another ignores is no limit (docs/security.md has the table).
"""

from __future__ import annotations

import logging
import os
import threading
from typing import Any

from django.conf import settings
from django.core.cache import BaseCache, caches
from redis.exceptions import RedisError
from rest_framework import exceptions, throttling

logger = logging.getLogger(__name__)


class _ProcessCache:
    """The default cache's backend, one per process (and per `CACHES` setting), for the
    counts. Django's cache handler keeps a backend, and with it a Redis connection pool, per
    context, and each ASGI request starts in a fresh one: every throttled request opened a
    Redis connection of its own and dropped it (docs/lichess-api.md, "Where the time went").
    Redis's pool is thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._key: tuple[int, int] | None = None
        self._backend: BaseCache | None = None

    def _get(self) -> BaseCache:
        key = (os.getpid(), id(settings.CACHES))  # a forked child, or overridden settings
        backend = self._backend
        if backend is None or key != self._key:
            with self._lock:
                backend = caches.create_connection("default")
                self._backend, self._key = backend, key
        return backend

    def get(self, key: str, default: Any = None) -> Any:
        return self._get().get(key, default)

    def set(self, key: str, value: Any, timeout: Any = None) -> None:
        self._get().set(key, value, timeout)


_counts = _ProcessCache()


class _FailOpen:
    cache: Any = _counts  # DRF's throttles read and write their counts through `cache` alone

    def allow_request(self, request: Any, view: Any) -> bool:
        try:
            return super().allow_request(request, view)  # type: ignore[misc]
        except (RedisError, OSError) as exc:
            logger.warning("throttle %s: cache unreachable, request let through: %r",
                           type(self).__name__, exc)  # fmt: skip
            return True


class SimpleRateThrottle(_FailOpen, throttling.SimpleRateThrottle):
    pass


class ScopedRateThrottle(_FailOpen, throttling.ScopedRateThrottle):
    pass


class UserRateThrottle(_FailOpen, throttling.UserRateThrottle):
    pass


class _UserScopeThrottle(SimpleRateThrottle):
    """A scope's rate for one user, outside any view; the cache key ScopedRateThrottle gives
    a signed-in user's request, so that a view's count and a service's are one."""

    def __init__(self, scope: str, user_id: int) -> None:
        self.scope = scope
        self.user_id = user_id
        super().__init__()

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.user_id}


def user_throttle(*, scope: str, user_id: int) -> None:
    """Count one `scope` action of the user against the scope's rate (`DEFAULT_THROTTLE_RATES`);
    past it DRF's `Throttled`, which each dialect answers as it answers any throttle: 429 with
    `Retry-After`, in its own error shape."""
    throttle = _UserScopeThrottle(scope, user_id)
    if not throttle.allow_request(None, None):
        raise exceptions.Throttled(wait=throttle.wait())
