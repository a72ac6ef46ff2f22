"""One allowance of long-lived connections per user: the sockets and the Board API's NDJSON
streams together, `LIVE_CONNECTIONS_PER_USER` at once (docs/security.md).

Each connection holds a place, an entry that expires `LIVE_CONNECTION_LEASE_SECONDS` after it
was last renewed; the connection renews it while it lives (a third of the lease apart) and
removes it when it ends. A process that dies removes nothing: its places run out with their
lease. Where the cache is Redis (`REDIS_URL` set), the places are one sorted set per user in
it, shared by every web process, taken and counted in one script; in embedded mode (one
process, no Redis) a dict of this process.

A Redis failure lets the connection through, logged, as the throttles do: the cap guards
against a flood, and must not turn an outage of Redis into one of every socket."""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
import weakref
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from redis.asyncio import Redis
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# KEYS[1]: the user's places; ARGV: the new place, the cap, the lease (seconds). Expired
# places go first; the server's clock, so that web processes on other hosts agree.
_TAKE = """
local now = redis.call('TIME')
now = tonumber(now[1]) + tonumber(now[2]) / 1e6
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('EXPIRE', KEYS[1], math.ceil(tonumber(ARGV[3])) + 1)
return 1
"""
# Renewed, or taken again if it ran out meanwhile (the connection still lives).
_RENEW = """
local now = redis.call('TIME')
now = tonumber(now[1]) + tonumber(now[2]) / 1e6
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('EXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2])) + 1)
return 1
"""


def _redis_location() -> tuple[str, str] | None:
    """The cache's Redis URL and key prefix, or None when the cache is not Redis."""
    cache = settings.CACHES["default"]
    if not str(cache.get("BACKEND", "")).endswith("RedisCache"):
        return None
    location = cache["LOCATION"]
    url = location[0] if isinstance(location, list | tuple) else str(location)
    return url, str(cache.get("KEY_PREFIX", ""))


# One client per event loop: redis.asyncio connections belong to the loop that opened them.
_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, Redis]] = (
    weakref.WeakKeyDictionary()
)


def _client(url: str) -> Redis:
    per_loop = _clients.setdefault(asyncio.get_running_loop(), {})
    if url not in per_loop:
        per_loop[url] = Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
    return per_loop[url]


# Embedded mode: user -> place -> when it runs out (monotonic seconds).
_local: dict[int, dict[str, float]] = {}


def _local_take(owner: int, place: str, cap: int, lease: float) -> bool:
    now = time.monotonic()
    places = {p: until for p, until in _local.get(owner, {}).items() if until > now}
    if len(places) >= cap:
        _local[owner] = places
        return False
    places[place] = now + lease
    _local[owner] = places
    return True


def _local_release(owner: int, place: str) -> None:
    places = _local.get(owner)
    if places is not None:
        places.pop(place, None)
        if not places:
            _local.pop(owner, None)


@dataclass
class ConnectionPlace:
    """A connection's place in its user's allowance: `renew_if_due()` while it lives (cheap
    when not due), `release()` when it ends."""

    owner: int
    place: str
    lease: float
    redis: tuple[str, str] | None  # where it is kept; None: in this process
    renewed: float = field(default_factory=time.monotonic)
    released: bool = False

    @property
    def key(self) -> str:
        assert self.redis is not None
        return f"{self.redis[1]}:live-connections:{self.owner}"

    async def renew_if_due(self) -> None:
        if self.released or time.monotonic() - self.renewed < self.lease / 3:
            return
        self.renewed = time.monotonic()
        if self.redis is None:
            _local.setdefault(self.owner, {})[self.place] = self.renewed + self.lease
            return
        try:
            await _client(self.redis[0]).eval(_RENEW, 1, self.key, self.place, self.lease)
        except (RedisError, OSError) as exc:
            logger.warning("live connection of user %s: lease not renewed: %r", self.owner, exc)

    async def release(self) -> None:
        if self.released:
            return
        self.released = True
        if self.redis is None:
            _local_release(self.owner, self.place)
            return
        try:
            await _client(self.redis[0]).zrem(self.key, self.place)
        except (RedisError, OSError) as exc:  # it runs out with its lease
            logger.warning("live connection of user %s: place not released: %r", self.owner, exc)

    async def renewing(self) -> None:
        """Renew the lease for as long as this runs (a socket's task; cancel it to stop)."""
        while not self.released:
            await asyncio.sleep(self.lease / 3)
            await self.renew_if_due()


async def connection_place_take(*, owner: int) -> ConnectionPlace | None:
    """A place for one more long-lived connection of user `owner`, or None at the cap."""
    cap: int = settings.LIVE_CONNECTIONS_PER_USER
    lease: float = settings.LIVE_CONNECTION_LEASE_SECONDS
    redis = _redis_location()
    place = ConnectionPlace(owner=owner, place=uuid.uuid4().hex, lease=lease, redis=redis)
    if redis is None:
        taken = _local_take(owner, place.place, cap, lease)
    else:
        try:
            result: Any = await _client(redis[0]).eval(_TAKE, 1, place.key, place.place, cap, lease)
            taken = bool(result)
        except (RedisError, OSError) as exc:
            logger.warning("live connection of user %s let through, Redis: %r", owner, exc)
            place.released = True  # nothing to renew or remove
            return place
    if not taken:
        logger.warning("user %s: live connection refused, %s open", owner, cap)
        return None
    return place
