"""A pairing run: the one way both Swiss kinds (individual `tournaments`, team `teamswiss`) pair
a round with an engine.

The engine may take seconds (a minute, more for large fields), and every write to the event
waits for its row lock; on SQLite every write anywhere waits for the database's only write
lock. So the run holds no transaction while the engine runs:

1. it takes the event's pairing lease (`arbiter.common.pairing_lease`) for the whole run: any
   other caller meanwhile gets `PairingBusy` (409), never a second engine or a second round;
2. `snapshot()`, in a short transaction (the caller locks the event's row in it), reads what
   the engine needs; None: nothing to pair (the caller said why, or ended the event);
3. `engine(given)` runs with no transaction open. Its time limit, memory cap, process group
   and death with the process that started it are the engine runner's
   (`arbiter.pairing.subprocess_runner`), the same for both kinds;
4. `store(given, answer)`, in a short transaction again, locks the row, and raises
   `PairingInputChanged` when the input it computes now differs from `given` (a result, an
   entry, a withdrawal written meanwhile): the answer is stale, nothing of it is stored, and
   the run asks the engine again, `PAIRING_ATTEMPTS` times at most (then 503);
5. the lease is released, on every path.

Call it outside any transaction of your own: one open around it would hold its locks for the
engine's whole run, which is what this module exists to prevent.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from django.db import transaction
from django.db.models import Model
from django.utils.translation import gettext_lazy as _

from arbiter.common.exceptions import ServiceUnavailable
from arbiter.common.pairing_lease import pairing_lease

logger = logging.getLogger(__name__)

# Engine runs per call whose answer a concurrent write made stale before giving up (503).
PAIRING_ATTEMPTS = 3
KEPT_CHANGING = _("The event kept changing while it was being paired; try again.")

Given = TypeVar("Given")
Answer = TypeVar("Answer")
Stored = TypeVar("Stored")


class PairingInputChanged(Exception):
    """Raised by a run's `store`: the engine's input is no longer the event's state."""


def pairing_run(
    *,
    model: type[Model],
    event_id: int,
    snapshot: Callable[[], Given | None],
    engine: Callable[[Given], Answer],
    store: Callable[[Given, Answer], Stored],
    lease: str | None = None,
) -> Stored | None:
    """Pair under the event's lease with the engine outside every transaction (module text).
    `lease`: the caller holds the event's lease already (seed_demo). Returns what `store`
    returned, or None when `snapshot` found nothing to pair. Refusals raised by the steps
    (`ApplicationError`) go to the caller; nothing of a refused step is stored."""
    with pairing_lease(model=model, event_id=event_id, token=lease):
        for attempt in range(1, PAIRING_ATTEMPTS + 1):
            with transaction.atomic():
                given = snapshot()
            if given is None:
                return None
            answer = engine(given)
            try:
                with transaction.atomic():
                    return store(given, answer)
            except PairingInputChanged:
                logger.info(
                    "%s %s: the input changed during pairing (attempt %s), pairing again",
                    model.__name__,
                    event_id,
                    attempt,
                )
    raise ServiceUnavailable(KEPT_CHANGING)
