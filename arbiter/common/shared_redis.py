"""One Redis client per process for code that runs on the event loop (sockets, the page
shortcut).

Django's cache handler keeps a backend, and so a connection pool, per asyncio task: a socket's
connect calling it opened a Redis connection of its own and kept it (10,000 sockets reached
Redis's client limit). Code on the loop reads and writes the shared cache through this client
instead, with the cache's own key names and serialisation, so both sides see the same values.
"""

from __future__ import annotations

import os
import threading
from typing import Any

from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache, RedisSerializer
from redis import Redis

_shared: dict[str, Any] = {"pid": 0, "client": None}
_shared_lock = threading.Lock()


def shared_redis() -> tuple[Redis, RedisCache] | None:
    """The process's client and the cache backend whose keys it uses; None without Redis
    (embedded mode: the in-memory cache is read directly)."""
    backend = caches["default"]
    if not isinstance(backend, RedisCache):
        return None
    with _shared_lock:
        if _shared["pid"] != os.getpid():  # a new process (forked workers included)
            location = settings.CACHES["default"]["LOCATION"]
            url = location[0] if isinstance(location, list | tuple) else str(location)
            _shared.update(pid=os.getpid(), client=Redis.from_url(url))
        return _shared["client"], backend


def shared_get(key: str) -> Any:
    """`cache.get(key)` through the process's one client."""
    side = shared_redis()
    if side is None:
        return cache.get(key)
    client, backend = side
    data = client.get(backend.make_and_validate_key(key))
    if data is None:
        return None
    return RedisSerializer().loads(data.encode() if isinstance(data, str) else data)
