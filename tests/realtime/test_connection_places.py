"""The allowance of long-lived connections (`arbiter.realtime.connections`), kept in Redis (the
cache's) or, without Redis, in the process: taken up to the cap, given back on release, and
run out by a lease nobody renews (a process that died); a Redis outage lets connections
through rather than refusing them all."""

from __future__ import annotations

import asyncio

import pytest
from django.test import override_settings

from arbiter.realtime.connections import connection_place_take

LOCAL = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
DEAD_REDIS = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
    }
}


def _caches(where: str) -> dict[str, object]:
    from django.conf import settings

    return {"redis": settings.CACHES, "process": LOCAL}[where]


@pytest.mark.parametrize("where", ["redis", "process"])
async def test_places_up_to_the_cap_then_none_and_a_release_frees_one(where: str) -> None:
    with override_settings(CACHES=_caches(where), LIVE_CONNECTIONS_PER_USER=3):
        places = [await connection_place_take(owner=7) for _ in range(3)]
        assert all(p is not None for p in places)
        assert await connection_place_take(owner=7) is None
        assert await connection_place_take(owner=8) is not None  # another user's own
        first = places[0]
        assert first is not None
        await first.release()
        await first.release()  # twice is once
        assert await connection_place_take(owner=7) is not None
        assert await connection_place_take(owner=7) is None


@pytest.mark.parametrize("where", ["redis", "process"])
async def test_a_lease_nobody_renews_runs_out_and_a_renewed_one_holds(where: str) -> None:
    lease = 0.6
    with override_settings(
        CACHES=_caches(where), LIVE_CONNECTIONS_PER_USER=2, LIVE_CONNECTION_LEASE_SECONDS=lease
    ):
        renewed = await connection_place_take(owner=9)
        abandoned = await connection_place_take(owner=9)  # as by a process that died
        assert renewed is not None and abandoned is not None
        assert await connection_place_take(owner=9) is None
        renewing = asyncio.ensure_future(renewed.renewing())
        try:
            await asyncio.sleep(lease * 2.5)
            # The abandoned place ran out; the renewed one still counts.
            assert await connection_place_take(owner=9) is not None
            assert await connection_place_take(owner=9) is None
        finally:
            renewing.cancel()


async def test_with_redis_unreachable_connections_are_let_through(caplog) -> None:
    with override_settings(CACHES=DEAD_REDIS, LIVE_CONNECTIONS_PER_USER=1):
        places = [await connection_place_take(owner=5) for _ in range(3)]
        assert all(p is not None for p in places)
        for place in places:
            assert place is not None
            await place.renew_if_due()
            await place.release()
    assert "let through" in caplog.text
