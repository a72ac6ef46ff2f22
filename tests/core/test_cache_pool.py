"""The shared cache's Redis pool blocks instead of failing (config/settings/base.py
CACHE_POOL_OPTIONS): more threads than connections wait their turn. redis-py's plain pool
raised MaxConnectionsError past its 100 connections, a 500 for the request (issue 44,
benchmarks/bench_topology.py)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.conf import settings
from django.core.cache.backends.redis import RedisCache

THREADS = 24


def test_more_threads_than_connections_all_get_their_answer() -> None:
    configured: dict[str, Any] = settings.CACHES["default"]
    options = {**configured["OPTIONS"], "max_connections": 2}
    cache = RedisCache(configured["LOCATION"], {"OPTIONS": options})
    cache.set("pool-probe", "here", timeout=30)

    def read(_: int) -> str | None:
        # A pipeline of a few commands holds its connection a little while.
        return cache.get_many(["pool-probe", "nothing-here"]).get("pool-probe")

    with ThreadPoolExecutor(THREADS) as pool:
        answers = list(pool.map(read, range(THREADS * 10)))
    assert answers == ["here"] * THREADS * 10
    assert configured["OPTIONS"]["pool_class"] == "redis.BlockingConnectionPool"
    cache.delete("pool-probe")
