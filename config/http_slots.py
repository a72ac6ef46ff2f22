"""A bound on the HTTP requests one web process runs at once (`HTTP_CONCURRENCY`).

Django runs each request's view in a thread of its own. Under a burst (fifty players joining
and reporting at once) that is a hundred threads sharing one GIL, two cores and, in embedded
mode, one SQLite write lock: each request then takes as long as the whole burst, a client's
read timed out after 60 s, and the tick that starts due rounds got a hundredth of the CPU
(issue 45). Past the bound a request waits on the event loop, costing nothing, and is let in
first come first served. A request holds its slot until its answer has started: a stream (the
lichess NDJSON streams) gives it back with its first bytes. WebSockets are not counted.
"""

from __future__ import annotations

import asyncio
from typing import Any

Scope = dict[str, Any]
Receive = Any
Send = Any


class HttpSlots:
    def __init__(self, app: Any, *, slots: int) -> None:
        self.app = app
        self.slots = slots
        self._semaphore: asyncio.Semaphore | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.slots <= 0:
            await self.app(scope, receive, send)
            return
        if self._semaphore is None:  # made on the serving loop, at its first request
            self._semaphore = asyncio.Semaphore(self.slots)
        semaphore = self._semaphore
        await semaphore.acquire()
        held = True

        def release() -> None:
            nonlocal held
            if held:
                held = False
                semaphore.release()

        async def send_releasing(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                release()
            await send(message)

        try:
            await self.app(scope, receive, send_releasing)
        finally:
            release()


def http_slots(app: Any, *, slots: int) -> Any:
    """`app` behind the bound, or `app` itself when there is none (0)."""
    return HttpSlots(app, slots=slots) if slots > 0 else app
