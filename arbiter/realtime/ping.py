"""Version pings: what an event's sockets carry instead of its pages (docs/live.md, "Reads").

A socket opened with `?frames=ping` joins the event's ping group. It hears

- `reload {version}`: the event's pages have a newer version; at most one a second per event
  (`PING_SECONDS`): the first change is pinged at once, the changes within the next second
  fold into one trailing ping carrying the newest version. The client refetches the cached
  pages (after a random wait scaled by the event's size, so a thousand clients do not ask in
  the same millisecond);
- the small facts that are cheap and ordered (a board's result), each with the version that
  wrote it.

Every frame sent to a ping group is kept in a short history (`HISTORY` frames), so a client
that reconnects with `?since=VERSION` gets the frames it missed, in order, or `resync` when
the history no longer reaches back that far (it then refetches everything).

Transport only: the apps name the group and say when a version is out (after its commit).
"""

from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from typing import Any, Protocol
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import cache

from arbiter.common import page_cache
from arbiter.common.shared_redis import shared_get, shared_redis
from arbiter.common.tasks import task_enqueue
from arbiter.realtime.push import group_text_push, push_text

logger = logging.getLogger(__name__)

PING_SECONDS = 1.0
HISTORY = 20
HISTORY_TTL = 3600
RELOAD_TASK = "realtime.reload_ping"

SENT_AT_KEY = "ping:{}:sent-at"  # when the last reload was decided (a float, not a timeout)
LEADING_KEY = "ping:{}:leading:{}"  # claims the reload after the one decided at {}
TRAILING_KEY = "ping:{}:trailing"  # a trailing reload is scheduled, due at this time
WANTED_KEY = "ping:{}:wanted"  # the newest version a reload was asked for
SENT_VERSION_KEY = "ping:{}:sent-version"  # the newest version a reload was sent for
HISTORY_KEY = "ping:{}:history"
HISTORY_LOCK_KEY = "ping:{}:history-lock"
PENDING_KEY = "ping:pending"  # every group's trailing ping not yet sent: {group: due time}
WATCHERS_KEY = "ping:{}:watchers"  # a hash: each web process's ping sockets of the group
WATCHERS_TTL = 24 * 3600
STALE_KEY_SECONDS = 3


def ping_group(group: str) -> str:
    """The sockets of an event's group that asked for pings (`?frames=ping`)."""
    return f"{group}{PING_SUFFIX}"


PING_SUFFIX = ".ping"


def frame_send(*, group: str, event: str, payload: dict[str, Any], version: int) -> None:
    """One frame to the group's ping sockets, kept in its history first (a socket connecting
    meanwhile reads it there, and may hear it twice: frames are idempotent by version)."""
    text = push_text(event, payload)
    _history_append(group, version, text)
    group_text_push(group=ping_group(group), text=text)


def reload_interval(group: str) -> float:
    """How far apart an event's reloads are: a second, or longer when its watchers would
    refetch more pages a second than `RELOAD_REFETCHES_PER_SECOND` (each refetch is a
    request; a thousand watchers refetching every second took the CPU the results needed:
    bench_live --ping, 6.6 of 50 results/s acknowledged)."""
    budget = float(settings.RELOAD_REFETCHES_PER_SECOND)
    return max(PING_SECONDS, watchers_count(group) / budget) if budget > 0 else PING_SECONDS


def version_out(*, scope: str, object_id: int, group: str, version: int) -> None:
    """A committed read version, told to everyone: published for the page readers
    (`page_cache`), then pinged to the group's watchers. Both Swiss kinds call this after
    their commits."""
    page_cache.version_publish(scope=scope, object_id=object_id, version=version)
    reload_request(group=group, version=version)


def reload_request(*, group: str, version: int) -> None:
    """Ping `reload` for `version` now, or fold it into the trailing ping of this window."""
    _wanted_raise(group, version)
    interval = reload_interval(group)
    now = time.time()
    due = cache.get(TRAILING_KEY.format(group))
    if due is not None:
        if now < due + interval:
            return  # the trailing ping will carry the newest version
        # Its task is overdue by a whole window (lost with a broker or a worker): the slot is
        # taken back here, and this change is pinged as if none were pending.
        cache.delete(TRAILING_KEY.format(group))
    sent_at = cache.get(SENT_AT_KEY.format(group)) or 0.0
    if now - sent_at >= interval and cache.add(
        LEADING_KEY.format(group, sent_at), 1, STALE_KEY_SECONDS
    ):
        cache.set(SENT_AT_KEY.format(group), now, HISTORY_TTL)
        reload_send(group=group)
    else:
        sent_at = cache.get(SENT_AT_KEY.format(group)) or now
        countdown = max(0.0, sent_at + interval - time.time())
        if not cache.add(TRAILING_KEY.format(group), now + countdown, HISTORY_TTL):
            return  # another request scheduled it meanwhile
        _pending_set(group, now + countdown)
        task_enqueue(RELOAD_TASK, kwargs={"group": group, "trailing": True}, countdown=countdown)


def reload_run(*, group: str, trailing: bool) -> None:
    """The trailing ping (a task): mark it sent, free the slot, send the newest version."""
    if trailing:
        previous = cache.get(SENT_AT_KEY.format(group)) or 0.0
        cache.add(LEADING_KEY.format(group, previous), 1, STALE_KEY_SECONDS)
        cache.set(SENT_AT_KEY.format(group), time.time(), HISTORY_TTL)
        cache.delete(TRAILING_KEY.format(group))
        _pending_set(group, None)
    reload_send(group=group)


def reload_catch_up() -> list[str]:
    """The trailing pings overdue by a whole window (their task lost with a broker or a
    worker), sent now (a beat task, every few seconds). Returns their groups."""
    overdue = [
        group
        for group, due in (cache.get(PENDING_KEY) or {}).items()
        if time.time() > due + PING_SECONDS
    ]
    for group in overdue:
        logger.warning("trailing version ping of %s overdue: sent by the catch-up", group)
        reload_run(group=group, trailing=True)
    return overdue


def _pending_set(group: str, due: float | None) -> None:
    with _history_lock("pending"):
        pending = dict(cache.get(PENDING_KEY) or {})
        if due is None:
            pending.pop(group, None)
        else:
            pending[group] = due
        cache.set(PENDING_KEY, pending, HISTORY_TTL)


def reload_send(*, group: str) -> None:
    """Ping the newest version asked for, unless it was pinged already: a trailing task that
    ran a window late, after a change had taken its slot back and pinged at once, would
    otherwise ping the same version twice (and every watcher refetch twice)."""
    version = cache.get(WANTED_KEY.format(group))
    if version is not None and _raised(SENT_VERSION_KEY.format(group), group, version):
        frame_send(group=group, event="reload", payload={"version": version}, version=version)


_process: dict[str, Any] = {"pid": 0, "token": ""}
_local_watchers: dict[str, int] = {}
_watchers_lock = threading.Lock()


def _process_token() -> str:
    if _process["pid"] != os.getpid():  # a new process (forked workers included)
        _process.update(pid=os.getpid(), token=uuid.uuid4().hex[:12])
    return str(_process["token"])


def watchers_change(group: str, delta: int) -> None:
    """This process's ping sockets of `group` went up or down by `delta`. Where the cache is
    Redis, each process keeps its own field of the group's hash (a process that dies leaves
    its count until the hash expires: the pings are then only further apart)."""
    with _watchers_lock:
        count = max(0, _local_watchers.get(group, 0) + delta)
        _local_watchers[group] = count
    side = shared_redis()
    if side is not None:
        client, backend = side
        key = backend.make_and_validate_key(WATCHERS_KEY.format(group))
        pipe = client.pipeline()
        pipe.hset(key, _process_token(), count)
        pipe.expire(key, WATCHERS_TTL)
        pipe.execute()


def watchers_count(group: str) -> int:
    side = shared_redis()
    if side is None:
        return _local_watchers.get(group, 0)
    client, backend = side
    return sum(
        int(v) for v in client.hvals(backend.make_and_validate_key(WATCHERS_KEY.format(group)))
    )


def _wanted_raise(group: str, version: int) -> None:
    _raised(WANTED_KEY.format(group), group, version)


def _raised(key: str, group: str, version: int) -> bool:
    """Raise the version kept at `key` to `version`; False if it was that or newer already.
    Under the group's short lock: rare, and never held across a send (which takes it)."""
    with _history_lock(group):
        current = cache.get(key)
        if current is not None and current >= version:
            return False
        cache.set(key, version, HISTORY_TTL)
        return True


def history_since(*, group: str, since: int) -> list[str] | None:
    """The frames sent after `since` (oldest first), or None when some of them are no longer
    kept (the caller sends `resync`)."""
    history = shared_get(HISTORY_KEY.format(group))  # called by sockets: the shared client
    if history is None:
        # Nothing kept (a new event, or an expired or lost cache): complete only if nothing
        # newer than `since` was ever asked for.
        wanted = shared_get(WANTED_KEY.format(group))
        return [] if wanted is None or wanted <= since else None
    if history["dropped"] > since:
        return None
    return [text for version, text in history["frames"] if version > since]


def resync_text(version: int) -> str:
    return push_text("resync", {"version": version})


def _history_append(group: str, version: int, text: str) -> None:
    key = HISTORY_KEY.format(group)
    with _history_lock(group):
        history = cache.get(key) or {"dropped": 0, "frames": []}
        frames = [*history["frames"], (version, text)]
        dropped = history["dropped"]
        while len(frames) > HISTORY:
            dropped = max(dropped, frames.pop(0)[0])
        cache.set(key, {"dropped": dropped, "frames": frames}, HISTORY_TTL)


class _history_lock:
    """A short lock in the shared cache (every process appends to one history)."""

    def __init__(self, group: str) -> None:
        self.key = HISTORY_LOCK_KEY.format(group)

    def __enter__(self) -> None:
        deadline = time.monotonic() + 2.0
        while not cache.add(self.key, 1, STALE_KEY_SECONDS):
            if time.monotonic() > deadline:
                logger.warning("ping history lock %s held too long, going on", self.key)
                return
            time.sleep(0.002)

    def __exit__(self, *exc: object) -> None:
        cache.delete(self.key)


class PingSocket(Protocol):
    scope: Any

    async def join(self, group: str) -> None: ...

    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None: ...


def socket_wants_pings(scope: Any) -> bool:
    return _query(scope).get("frames") == ["ping"]


async def socket_subscribe(
    socket: PingSocket, *, group: str, hello: dict[str, Any], version: int
) -> None:
    """A ping socket's start: it joins the pings (so nothing sent from now on is missed),
    hears `hello` (with the event's `version`), then, with `?since=V`, the frames sent after V
    from the history, or `resync` if the history no longer reaches back to V."""
    await socket.join(ping_group(group))
    await sync_to_async(watchers_change)(group, 1)
    await socket.send(text_data=push_text("hello", hello))
    since = _query(scope=socket.scope).get("since", [""])[0]
    if not since.isdigit() or int(since) >= version:
        return
    missed = await sync_to_async(history_since)(group=group, since=int(since))
    for text in [resync_text(version)] if missed is None else missed:
        await socket.send(text_data=text)


def _query(scope: Any) -> dict[str, list[str]]:
    return parse_qs(scope.get("query_string", b"").decode("latin-1"))
