"""At most one pairing run per event at any time: a lease in the event's row.

The engine may run for minutes, far longer than any lock a transaction should hold, and the
scheduler asks for a due round every few seconds. So whoever pairs first writes its token and
an expiry into the event (`pairing_holder`, `pairing_until`) with one conditional UPDATE,
which is atomic on PostgreSQL and on SQLite alike, and a thread of its own pushes the expiry
forward while the engine runs. Every other caller finds the lease taken and stays away. A run
that crashed (its process killed) stops refreshing, and its lease runs out within
`PAIRING_LEASE_SECONDS` (60 by default): the event is never blocked for good.

Any event model with those two fields takes part (individual `SwissTournament`, team
`TeamSwissEvent`); `arbiter.common.pairing_run` holds the lease for the whole run.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import uuid
from collections.abc import Iterator
from datetime import datetime, timedelta

from django.conf import settings
from django.db import DatabaseError, close_old_connections, connection
from django.db.models import Model, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from arbiter.common.exceptions import Conflict

logger = logging.getLogger(__name__)

BUSY = _("This event is already being paired; try again when that run has finished.")


class PairingBusy(Conflict):
    """Another run holds the event's pairing lease."""


def lease_token(purpose: str = "pairing") -> str:
    return f"{purpose}:{uuid.uuid4().hex}"[:64]


def _lease_seconds() -> int:
    return int(settings.PAIRING_LEASE_SECONDS)


def _expiry() -> datetime:
    return timezone.now() + timedelta(seconds=_lease_seconds())


def lease_take(*, model: type[Model], event_id: int, token: str) -> bool:
    """Take the lease for `token` if it is free, expired or already `token`'s."""
    free = Q(pairing_until__isnull=True) | Q(pairing_until__lt=timezone.now())
    rows = model._default_manager.filter(Q(pairing_holder=token) | free, pk=event_id)
    return rows.update(pairing_holder=token, pairing_until=_expiry()) == 1


def lease_release(*, model: type[Model], event_id: int, token: str) -> None:
    model._default_manager.filter(pk=event_id, pairing_holder=token).update(
        pairing_holder="", pairing_until=None
    )


class _Keeper(threading.Thread):
    """Pushes the lease's expiry forward every quarter of the lease until stopped. A daemon that
    is never joined: a refresh that waits for the row (the holder's own transaction) must not
    hold up the holder, and a refresh after the release matches no row."""

    def __init__(self, model: type[Model], event_id: int, token: str) -> None:
        super().__init__(name=f"pairing-lease-{model.__name__}-{event_id}", daemon=True)
        self.model, self.event_id, self.token = model, event_id, token
        self.stopped = threading.Event()

    def run(self) -> None:
        try:
            while not self.stopped.wait(_lease_seconds() / 4):
                try:
                    self.model._default_manager.filter(
                        pk=self.event_id, pairing_holder=self.token
                    ).update(pairing_until=_expiry())
                except DatabaseError:  # a busy database: the next refresh may pass
                    logger.warning(
                        "pairing lease of %s %s not refreshed", self.model.__name__, self.event_id
                    )
                    close_old_connections()
        finally:
            connection.close()  # this thread's own connection


@contextlib.contextmanager
def lease_kept(*, model: type[Model], event_id: int, token: str) -> Iterator[None]:
    """Refresh the lease `token` holds while the block runs (it does not take or release it)."""
    keeper = _Keeper(model, event_id, token)
    keeper.start()
    try:
        yield
    finally:
        keeper.stopped.set()


@contextlib.contextmanager
def pairing_lease(*, model: type[Model], event_id: int, token: str | None = None) -> Iterator[str]:
    """Hold the event's pairing lease for the block; `PairingBusy` if another run holds it.
    With `token`, the caller holds the lease already (seed_demo) and keeps it afterwards."""
    own = token is None
    token = token or lease_token()
    if not lease_take(model=model, event_id=event_id, token=token):
        raise PairingBusy(BUSY)
    try:
        with lease_kept(model=model, event_id=event_id, token=token):
            yield token
    finally:
        if own:
            lease_release(model=model, event_id=event_id, token=token)
