"""The pairing lease of individual Swiss events: `arbiter.common.pairing_lease` bound to
`SwissTournament` (its `pairing_holder`, `pairing_until`). Team events hold the same lease
through the same module; `arbiter.common.pairing_run` takes it for every engine run.

`seed_demo` creates its events already leased to itself, so that a running server's scheduler
cannot pair them before the seed has played its rounds (arbiter/demo/services.py).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from arbiter.common import pairing_lease as lease
from arbiter.common.pairing_lease import BUSY, PairingBusy, lease_token
from arbiter.tournaments.models import SwissTournament

__all__ = [
    "BUSY",
    "PairingBusy",
    "lease_kept",
    "lease_release",
    "lease_take",
    "lease_token",
    "pairing_lease",
]


def lease_take(*, tournament_id: int, token: str) -> bool:
    """Take the lease for `token` if it is free, expired or already `token`'s."""
    return lease.lease_take(model=SwissTournament, event_id=tournament_id, token=token)


def lease_release(*, tournament_id: int, token: str) -> None:
    lease.lease_release(model=SwissTournament, event_id=tournament_id, token=token)


@contextlib.contextmanager
def lease_kept(*, tournament_id: int, token: str) -> Iterator[None]:
    """Refresh the lease `token` holds while the block runs (it does not take or release it)."""
    with lease.lease_kept(model=SwissTournament, event_id=tournament_id, token=token):
        yield


@contextlib.contextmanager
def pairing_lease(*, tournament_id: int, token: str | None = None) -> Iterator[str]:
    """Hold the event's pairing lease for the block; `PairingBusy` if another run holds it."""
    with lease.pairing_lease(model=SwissTournament, event_id=tournament_id, token=token) as held:
        yield held
