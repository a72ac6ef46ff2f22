"""A few writes per event at a time in each web process; the rest wait here, holding nothing.

Writes to one event are serialised by its row lock, and a request waiting for that lock holds a
database connection from its process's pool. Unchecked, a burst of writes to one event (200
clients arriving at once) would take every pooled connection, and reads of any event would
time out waiting for one (PoolTimeout, a 500). This middleware, first in the chain, makes the
surplus writers wait before anything takes a connection: in the request's thread (the
middleware chain runs synchronously, see arbiter.common.middleware), or on the event loop in
an async chain. A writer that waits longer than `EVENT_WRITE_WAIT_SECONDS` gets 503 with
`Retry-After`; its write was not attempted, so a retry writes once.

It imports nothing of the app: it reads the request's method and path, and which paths are
an event's from the URL names in `EVENT_WRITE_GATE_URLS` (through `reverse()`): Arbiter's own
event paths and lichess's (`/api/swiss/{id}/…`), one gate per event for both.
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import NoReverseMatch, reverse
from django.utils import translation
from django.utils.translation import gettext

from arbiter.common.i18n import request_language

WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
RETRY_AFTER_SECONDS = 2
# Stands for the event's id while its paths are reversed; no event has it.
_PROBE_ID = 987654321


class EventPaths:
    """Which requests write to which event: the paths under an event's own path (the URL
    named `event`, taking the event's id as `kwarg`), except those named in `ungated`."""

    def __init__(self, event: str, ungated: list[str], kwarg: str = "tournament_id") -> None:
        def path(name: str) -> str:
            return reverse(name, kwargs={kwarg: _PROBE_ID})

        try:
            prefix, rest = path(event).split(str(_PROBE_ID), 1)
            self.ungated = tuple(path(name).split(str(_PROBE_ID), 1)[1] for name in ungated)
        except NoReverseMatch:  # a URLconf without events (a test's own): nothing to gate
            self.event: re.Pattern[str] | None = None
            return
        self.event = re.compile(rf"^{re.escape(prefix)}(\d+){re.escape(rest)}")

    def event_written(self, request: HttpRequest) -> str | None:
        if request.method not in WRITES or self.event is None:
            return None
        found = self.event.match(request.path_info)
        if found is None or request.path_info.endswith(self.ungated):
            return None
        return found.group(1)


class EventWriteGate:
    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        self.limit: int = getattr(settings, "EVENT_WRITERS_PER_PROCESS", 5)
        self.wait: float = getattr(settings, "EVENT_WRITE_WAIT_SECONDS", 60.0)
        self.urls: list[dict[str, Any]] = settings.EVENT_WRITE_GATE_URLS
        self._paths: list[EventPaths] | None = None
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)
        self._async_gates: dict[str, asyncio.Semaphore] = {}
        self._sync_gates: dict[str, FairGate] = {}
        self._sync_lock = threading.Lock()

    def _event_written(self, request: HttpRequest) -> str | None:
        if request.method not in WRITES:
            return None
        # Reversed at the first write: the URLconf is not loaded when middleware is built.
        if self._paths is None:
            self._paths = [
                EventPaths(
                    urls["event"], urls.get("ungated", []), urls.get("kwarg", "tournament_id")
                )
                for urls in self.urls
            ]
        for paths in self._paths:
            event = paths.event_written(request)
            if event is not None:
                return event
        return None

    def __call__(self, request: HttpRequest) -> Any:
        if self.is_async:
            return self._acall(request)
        event = self._event_written(request)
        if event is None:
            return self.get_response(request)
        with self._sync_lock:
            gate = self._sync_gates.setdefault(event, FairGate(self.limit))
        if not gate.acquire(timeout=self.wait):
            return _busy(request)
        try:
            return self.get_response(request)
        finally:
            gate.release()

    async def _acall(self, request: HttpRequest) -> HttpResponse:
        get_response: Callable[[HttpRequest], Awaitable[HttpResponse]] = self.get_response
        event = self._event_written(request)
        if event is None:
            return await get_response(request)
        # One event loop per process: no lock needed around the dictionary.
        gate = self._async_gates.setdefault(event, asyncio.Semaphore(self.limit))
        try:
            async with asyncio.timeout(self.wait):
                await gate.acquire()
        except TimeoutError:
            return _busy(request)
        try:
            return await get_response(request)
        finally:
            gate.release()


class FairGate:
    """A semaphore that lets its waiters in in the order they came (threading's may let a late
    comer overtake, and a writer overtaken again and again would hit the wait bound): a freed
    place is handed straight to the longest waiter."""

    def __init__(self, places: int) -> None:
        self.free = places
        self.waiting: deque[threading.Event] = deque()
        self.lock = threading.Lock()

    def acquire(self, timeout: float) -> bool:
        with self.lock:
            if self.free and not self.waiting:
                self.free -= 1
                return True
            turn = threading.Event()
            self.waiting.append(turn)
        if turn.wait(timeout):
            return True
        with self.lock:
            if turn.is_set():  # handed over just as the wait ran out
                return True
            self.waiting.remove(turn)
            return False

    def release(self) -> None:
        with self.lock:
            if self.waiting:
                self.waiting.popleft().set()
            else:
                self.free += 1


def _busy(request: HttpRequest) -> JsonResponse:
    """503 in the request's language: the cookie's or Accept-Language's, as the gate comes
    before the session (and the user) is read."""
    with translation.override(request_language(request)):
        message = gettext("This event is busy with other writes; try again shortly.")
    response = JsonResponse({"message": message, "extra": {}}, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
