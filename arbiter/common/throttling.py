"""DRF's throttles, failing open when their cache (Redis in production) cannot be reached.

A throttle is a guard against guessing and flooding, not part of what a request does: with
Redis down, logging in or joining an event must work (unthrottled for that while) rather than
answer 500. Each lapse is logged.
"""

from __future__ import annotations

import logging
from typing import Any

from redis.exceptions import RedisError
from rest_framework import throttling

logger = logging.getLogger(__name__)


class _FailOpen:
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
