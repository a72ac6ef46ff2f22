"""Garbage-collector settings for the long-running server processes (web, Celery workers).

The cyclic collector stops its whole process while it runs. With the defaults a web process
under load ran a full collection every few seconds over every object Django and the sockets
keep: 12 pauses of up to 240 ms in 45 s across four web processes, each one stalling the
request holding an event's results turn, or a live push. Objects loaded at start are kept out
of every collection (`freeze`), and a collection waits for 50,000 new objects (700 by
default); in the same run no collection above the youngest generation was left
(docs/live.md, "Garbage collection").
"""

import contextlib
import gc
import logging
import sys
import time
from typing import Any

YOUNGEST_THRESHOLD = 50_000
# A collection that stops the process longer than this is logged (a WARNING of `arbiter.gc`):
# a stall seen in a latency tail can then be told from one the machine caused.
SLOW_PAUSE_MS = 50.0

logger = logging.getLogger("arbiter.gc")
_started: list[float] = [0.0]


def _pause_watch(phase: str, info: dict[str, Any]) -> None:
    if sys.is_finalizing():  # the collections at exit: the log's streams may be closed
        return
    if phase == "start":
        _started[0] = time.perf_counter()
        return
    spent = (time.perf_counter() - _started[0]) * 1000
    if spent < SLOW_PAUSE_MS:
        return
    # A collection starts wherever an allocation crosses the threshold, at the bottom of a deep
    # parse too (the hostile corpus's nested JSON): a log line with no stack left to write it is
    # dropped, never raised into the code the collection interrupted.
    with contextlib.suppress(RecursionError):
        logger.warning(
            "generation %s collection stopped the process %.0f ms (%s collected)",
            info.get("generation"),
            spent,
            info.get("collected"),
        )


def pause_watch_remove() -> None:
    """Stop logging pauses (a test process that imported the server's entry point, at its end:
    its log streams are closed before its last collections)."""
    if _pause_watch in gc.callbacks:
        gc.callbacks.remove(_pause_watch)


def collector_tune() -> None:
    """Call once the process has loaded what it keeps (the app, its modules)."""
    gc.freeze()
    gc.set_threshold(YOUNGEST_THRESHOLD, 50, 100)
    if _pause_watch not in gc.callbacks:
        gc.callbacks.append(_pause_watch)
