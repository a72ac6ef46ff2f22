"""Garbage-collector settings for the long-running server processes (web, Celery workers).

The cyclic collector stops its whole process while it runs. With the defaults a web process
under load ran a full collection every few seconds over every object Django and the sockets
keep: 12 pauses of up to 240 ms in 45 s across four web processes, each one stalling the
request holding an event's results turn, or a live push. Objects loaded at start are kept out
of every collection (`freeze`), and a collection waits for 50,000 new objects (700 by
default); in the same run no collection above the youngest generation was left
(docs/live.md, "Garbage collection").
"""

import gc

YOUNGEST_THRESHOLD = 50_000


def collector_tune() -> None:
    """Call once the process has loaded what it keeps (the app, its modules)."""
    gc.freeze()
    gc.set_threshold(YOUNGEST_THRESHOLD, 50, 100)
